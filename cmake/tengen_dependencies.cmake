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

# The Python module (python/): built when Python's development files and
# pybind11 are found (Debian: python3-dev, pybind11-dev). Not in sanitizer
# builds: an instrumented module cannot load into the uninstrumented
# interpreter. TENGEN_PYTHON_MISSING says why it is not built; the Python
# tests then skip, saying so.
option(TENGEN_PYTHON "Build the Python module when Python 3 and pybind11 are found" ON)
set(TENGEN_HAVE_PYTHON OFF)
set(TENGEN_PYTHON_MISSING "")
if(NOT TENGEN_PYTHON)
  set(TENGEN_PYTHON_MISSING "TENGEN_PYTHON is OFF")
elseif(TENGEN_SANITIZE)
  set(TENGEN_PYTHON_MISSING "a sanitizer build (TENGEN_SANITIZE=${TENGEN_SANITIZE}): an "
                            "instrumented module cannot load into the Python interpreter")
else()
  # Debian's interpreter, the one its python3-numpy, -pytest and -hypothesis
  # install into, unless the caller names another (a pyenv or virtualenv
  # python3 first on PATH would build a module its tests cannot import).
  if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python3_EXECUTABLE /usr/bin/python3)
  endif()
  find_package(Python3 COMPONENTS Interpreter Development.Module)
  if(Python3_FOUND)
    find_package(pybind11 CONFIG)         # pybind11::module, pybind11_add_module
  endif()
  if(NOT Python3_FOUND)
    set(TENGEN_PYTHON_MISSING "Python 3's development files were not found (Debian: python3-dev)")
  elseif(NOT pybind11_FOUND)
    set(TENGEN_PYTHON_MISSING "pybind11 was not found (Debian: pybind11-dev)")
  else()
    set(TENGEN_HAVE_PYTHON ON)
    # The libraries go into a shared module: position-independent code, and
    # calls between our own functions still bound at link time (as in the
    # executables' -fPIE), so the libraries run as fast as before.
    set(CMAKE_POSITION_INDEPENDENT_CODE ON)
    target_compile_options(tengen_options INTERFACE
      $<$<CXX_COMPILER_ID:GNU,Clang>:-fno-semantic-interposition>)
  endif()
endif()
if(TENGEN_HAVE_PYTHON)
  message(STATUS "tengen: Python module built for ${Python3_EXECUTABLE} (pybind11 ${pybind11_VERSION})")
else()
  message(STATUS "tengen: no Python module: ${TENGEN_PYTHON_MISSING}")
endif()
