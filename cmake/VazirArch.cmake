# The CPU a build targets: compiler flags, PEXT, and the name the binary reports (`uci`:
# `id name Vazir <version> (<target>)`), so a user can tell which build a GUI loaded.
#
# VAZIR_ARCH      native (this machine), x86-64 (v1: SSE2, any 64-bit x86), x86-64-v2
#                 (SSE4.2, POPCNT), x86-64-v3 (AVX2, BMI2 without PEXT: AMD before Zen 3),
#                 x86-64-avx2 (v3 with PEXT), x86-64-avx512 (v4 with PEXT), armv8 (AArch64,
#                 NEON), generic (no -march at all: the compiler's own default, for targets
#                 such as WebAssembly that take none).
# VAZIR_PEXT      AUTO (on for x86-64-avx2/-avx512, detected for native), ON, OFF.
# VAZIR_NATIVE    kept from before VAZIR_ARCH: OFF with VAZIR_ARCH=native means x86-64-v2.
#
# Sets VAZIR_ARCH_FLAGS (compile options), VAZIR_USE_PEXT_RESOLVED and VAZIR_TARGET_NAME.

set(VAZIR_ARCH "native" CACHE STRING "Target CPU: native x86-64 x86-64-v2 x86-64-v3 x86-64-avx2 x86-64-avx512 armv8 generic")
set_property(CACHE VAZIR_ARCH PROPERTY STRINGS native x86-64 x86-64-v2 x86-64-v3 x86-64-avx2 x86-64-avx512 armv8 generic)
set(VAZIR_PEXT "AUTO" CACHE STRING "PEXT slider attacks (BMI2): AUTO, ON, OFF")
set_property(CACHE VAZIR_PEXT PROPERTY STRINGS AUTO ON OFF)

set(_arch "${VAZIR_ARCH}")
if(_arch STREQUAL "native" AND NOT VAZIR_NATIVE)
  set(_arch "x86-64-v2")
endif()
if(_arch STREQUAL "native" AND CMAKE_CROSSCOMPILING)
  message(FATAL_ERROR "VAZIR_ARCH=native cannot describe a cross build: pick one of x86-64 x86-64-v2 x86-64-v3 "
                      "x86-64-avx2 x86-64-avx512 armv8 (see CMakePresets.json)")
endif()

# x86 or not: a wrong -march for the compiler's target fails with an obscure error, so say so early.
string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" _proc)
if(_proc MATCHES "^(x86_64|amd64|x64)$")
  set(_isa x86)
elseif(_proc MATCHES "^(aarch64|arm64|armv8.*)$")
  set(_isa arm)
else()
  set(_isa other)
endif()

set(_pext_default OFF)
if(_arch STREQUAL "native")
  set(VAZIR_ARCH_FLAGS -march=native)
elseif(_arch STREQUAL "x86-64")
  set(VAZIR_ARCH_FLAGS -march=x86-64 -mtune=generic)
elseif(_arch STREQUAL "x86-64-v2")
  set(VAZIR_ARCH_FLAGS -march=x86-64-v2 -mtune=generic)
elseif(_arch STREQUAL "x86-64-v3")
  set(VAZIR_ARCH_FLAGS -march=x86-64-v3 -mtune=generic)
elseif(_arch STREQUAL "x86-64-avx2")
  set(VAZIR_ARCH_FLAGS -march=x86-64-v3 -mtune=generic)
  set(_pext_default ON)
elseif(_arch STREQUAL "x86-64-avx512")
  set(VAZIR_ARCH_FLAGS -march=x86-64-v4 -mtune=generic)
  set(_pext_default ON)
elseif(_arch STREQUAL "armv8")
  set(VAZIR_ARCH_FLAGS -march=armv8-a)
elseif(_arch STREQUAL "generic")
  set(VAZIR_ARCH_FLAGS "")
else()
  message(FATAL_ERROR "VAZIR_ARCH: unknown target '${_arch}'")
endif()
if(_arch MATCHES "^x86-64" AND NOT _isa STREQUAL "x86")
  message(FATAL_ERROR "VAZIR_ARCH=${_arch} needs an x86-64 compiler; this one targets '${CMAKE_SYSTEM_PROCESSOR}'")
endif()
if(_arch STREQUAL "armv8" AND NOT _isa STREQUAL "arm")
  message(FATAL_ERROR "VAZIR_ARCH=armv8 needs an AArch64 compiler (cmake/toolchains/aarch64-linux-gnu.cmake); "
                      "this one targets '${CMAKE_SYSTEM_PROCESSOR}'")
endif()

# PEXT is an x86 BMI2 instruction: on a native build it is used when this CPU runs it.
if(_arch STREQUAL "native" AND _isa STREQUAL "x86" AND VAZIR_PEXT STREQUAL "AUTO")
  include(CheckCXXSourceRuns)
  set(CMAKE_REQUIRED_FLAGS "-march=native")
  check_cxx_source_runs("
    #include <immintrin.h>
    int main() { return int(_pext_u64(0xF0F0, 0xFF00) != 0xF0); }" VAZIR_HAS_PEXT)
  unset(CMAKE_REQUIRED_FLAGS)
  set(_pext_default ${VAZIR_HAS_PEXT})
endif()
if(VAZIR_PEXT STREQUAL "AUTO")
  set(VAZIR_USE_PEXT_RESOLVED ${_pext_default})
elseif(VAZIR_PEXT)
  set(VAZIR_USE_PEXT_RESOLVED ON)
else()
  set(VAZIR_USE_PEXT_RESOLVED OFF)
endif()
if(VAZIR_USE_PEXT_RESOLVED AND NOT _isa STREQUAL "x86")
  message(FATAL_ERROR "VAZIR_PEXT=ON: PEXT is an x86-64 instruction, this build targets '${CMAKE_SYSTEM_PROCESSOR}'")
endif()
if(VAZIR_USE_PEXT_RESOLVED AND NOT _arch MATCHES "^(native|x86-64-v3|x86-64-avx2|x86-64-avx512)$")
  list(APPEND VAZIR_ARCH_FLAGS -mbmi2)  # PEXT asked for on a target below v3
endif()

# The reported name: the target, marked when PEXT differs from what the name implies.
set(VAZIR_TARGET_NAME "${_arch}")
if(NOT VAZIR_USE_PEXT_RESOLVED STREQUAL _pext_default AND NOT _arch STREQUAL "native")
  if(VAZIR_USE_PEXT_RESOLVED)
    string(APPEND VAZIR_TARGET_NAME "-pext")
  else()
    string(APPEND VAZIR_TARGET_NAME "-nopext")
  endif()
endif()
if(WIN32)
  set(VAZIR_TARGET_NAME "windows-${VAZIR_TARGET_NAME}")
elseif(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  set(VAZIR_TARGET_NAME "linux-${VAZIR_TARGET_NAME}")
endif()
message(STATUS "Target: ${VAZIR_TARGET_NAME} (flags: ${VAZIR_ARCH_FLAGS}; PEXT: ${VAZIR_USE_PEXT_RESOLVED})")
