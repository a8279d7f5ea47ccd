# tengen_options (alias tengen::options): the compile and link options of
# Tengen's own targets. Every target links it PRIVATE-ly; the installed
# libraries link it as $<BUILD_INTERFACE:tengen_options>, so it is never
# exported and a program that links the installed package gets none of these
# flags (no -Werror, no -march, no sanitizers, no profile options).
add_library(tengen_options INTERFACE)
add_library(tengen::options ALIAS tengen_options)

option(TENGEN_WERROR "Treat warnings as errors" OFF)
set(TENGEN_SANITIZE "" CACHE STRING "Sanitizers, e.g. address,undefined or thread")
set(TENGEN_NO_SANITIZE "" CACHE STRING
  "Checks of TENGEN_SANITIZE to leave out, e.g. vptr,null,alignment")

target_compile_options(tengen_options INTERFACE
  -Wall -Wextra -Wpedantic
  # GCC 12 reports false -Wrestrict positives inside std::string's operator+
  # at -O2 and above (GCC bug 105329).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>
  $<$<BOOL:${TENGEN_WERROR}>:-Werror>
  # x86-64-v2 (SSE4.2, POPCNT): every x86-64 machine of the last decade.
  $<$<CONFIG:Release>:-march=x86-64-v2>)

if(TENGEN_SANITIZE)
  target_compile_options(tengen_options INTERFACE
    -fsanitize=${TENGEN_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all
    # GCC 12's flow analysis under sanitizer instrumentation reports false
    # -Wmaybe-uninitialized (e.g. Board::place's seen[4], read only below
    # count); initialising it would cost the hot path in every build.
    $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
  target_link_options(tengen_options INTERFACE -fsanitize=${TENGEN_SANITIZE})
  if(TENGEN_NO_SANITIZE)
    target_compile_options(tengen_options INTERFACE -fno-sanitize=${TENGEN_NO_SANITIZE})
    target_link_options(tengen_options INTERFACE -fno-sanitize=${TENGEN_NO_SANITIZE})
  endif()
  # Sanitized builds skip [[gnu::flatten]] on the playout kernel (playout/kernel.cpp):
  # inlining every instance whole costs minutes of compile time per build there.
  target_compile_definitions(tengen_options INTERFACE TENGEN_SANITIZED)
endif()

# Profile-guided optimisation (GCC/Clang), off by default; see README.md:
# configure with -DTENGEN_PGO=generate, run `tengen bench` to train, then
# reconfigure the same build with -DTENGEN_PGO=use and build again.
set(TENGEN_PGO "" CACHE STRING "Profile-guided optimisation: generate, use, or empty")
set(TENGEN_PGO_DIR "${CMAKE_BINARY_DIR}/pgo-profile" CACHE PATH "Where the PGO profile lives")
if(TENGEN_PGO STREQUAL "generate")
  target_compile_options(tengen_options INTERFACE
    -fprofile-generate -fprofile-update=atomic -fprofile-dir=${TENGEN_PGO_DIR})
  target_link_options(tengen_options INTERFACE -fprofile-generate -fprofile-update=atomic)
elseif(TENGEN_PGO STREQUAL "use")
  target_compile_options(tengen_options INTERFACE
    -fprofile-use -fprofile-partial-training -fprofile-dir=${TENGEN_PGO_DIR} -Wno-missing-profile)
  target_link_options(tengen_options INTERFACE -fprofile-use)
elseif(TENGEN_PGO)
  message(FATAL_ERROR "TENGEN_PGO must be generate, use or empty, not '${TENGEN_PGO}'")
endif()

# Link-time optimisation is a target property, which an interface target
# cannot carry; CMake's own switch sets it on every target created after this
# point (and uses gcc-ar for the static libraries, which raw -flto would not).
option(TENGEN_IPO "Interprocedural (link-time) optimisation" OFF)
if(TENGEN_IPO)
  include(CheckIPOSupported)
  check_ipo_supported(RESULT tengen_ipo_supported OUTPUT tengen_ipo_output)
  if(NOT tengen_ipo_supported)
    message(FATAL_ERROR "TENGEN_IPO=ON but the compiler cannot do it: ${tengen_ipo_output}")
  endif()
  set(CMAKE_INTERPROCEDURAL_OPTIMIZATION ON)
endif()

# Unity build of the tool, off by default: its sources are compiled in two
# batches instead of one by one. Each source that includes CLI11 compiles
# CLI11's validators again (seconds, most of all under the sanitizers), so the
# sanitizer builds of CI (.ci/run) use this; the plain build keeps one object
# per source, which checks that each includes what it uses.
option(TENGEN_UNITY_BUILD "Compile the tengen tool's sources in two batches" OFF)
function(tengen_unity_build target)
  if(TENGEN_UNITY_BUILD)
    get_target_property(sources ${target} SOURCES)
    list(LENGTH sources count)
    math(EXPR batch "(${count} + 1) / 2")
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
  endif()
endfunction()

# Fails the configure step naming any target of ours built without the
# options, so that a new target cannot silently lose warnings or sanitizers.
function(tengen_check_options directory)
  get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY|MODULE_LIBRARY|EXECUTABLE)$")
      get_target_property(links ${target} LINK_LIBRARIES)
      if(NOT links MATCHES "tengen_options|tengen::options")
        message(FATAL_ERROR "target ${target} (${directory}) does not link tengen_options: "
          "add `target_link_libraries(${target} PRIVATE tengen_options)` "
          "($<BUILD_INTERFACE:tengen_options> for an installed library)")
      endif()
    endif()
  endforeach()
  get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
  foreach(subdirectory ${subdirectories})
    tengen_check_options(${subdirectory})
  endforeach()
endfunction()
