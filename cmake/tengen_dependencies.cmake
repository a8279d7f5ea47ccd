# Every package Tengen uses, found in this one place (the imported targets are
# then visible in every folder). Debian's packages: scripts/setup.sh.
find_package(Threads REQUIRED)
find_package(TBB REQUIRED)                  # TBB::tbb
find_package(fmt REQUIRED)                  # fmt::fmt
find_package(nlohmann_json 3 REQUIRED)      # nlohmann_json::nlohmann_json
find_package(CLI11 REQUIRED)                # CLI11::CLI11
find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)  # PkgConfig::XXHASH

# MPI is optional: with it, `mpirun -np R tengen selfplay ...` spreads a run
# over ranks (tools/mpi_driver.cpp); without it the same binary runs alone.
option(TENGEN_MPI "Build the MPI driver when MPI is found" ON)
set(TENGEN_HAVE_MPI OFF)
if(TENGEN_MPI)
  set(MPI_CXX_SKIP_MPICXX ON)  # the C API only: no deprecated C++ bindings
  find_package(MPI COMPONENTS CXX)  # MPI::MPI_CXX, MPIEXEC_EXECUTABLE
  if(MPI_CXX_FOUND)
    set(TENGEN_HAVE_MPI ON)
  endif()
endif()
if(TENGEN_HAVE_MPI)
  message(STATUS "tengen: MPI driver built (${MPI_CXX_LIBRARIES})")
else()
  message(STATUS "tengen: no MPI; `mpirun` runs are not available")
endif()

if(BUILD_TESTING)
  find_package(GTest REQUIRED)              # GTest::gtest
  find_package(rapidcheck REQUIRED)         # rapidcheck, rapidcheck_gtest
endif()
if(TENGEN_BENCH)
  find_package(benchmark REQUIRED)          # benchmark::benchmark
endif()
