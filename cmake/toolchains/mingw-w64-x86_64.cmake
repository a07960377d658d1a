# Windows x86-64 from Linux with mingw-w64, POSIX thread model (std::thread and
# std::mutex need it; Debian: g++-mingw-w64-x86-64-posix). Use with a VAZIR_ARCH other than
# native, e.g. cmake --preset windows-x86-64-avx2, or
#   cmake -S . -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/mingw-w64-x86_64.cmake -DVAZIR_ARCH=x86-64-v2
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# try_run (and tests run by CTest) go through wine when it is there.
find_program(VAZIR_WINE wine)
if(VAZIR_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${VAZIR_WINE})
endif()
