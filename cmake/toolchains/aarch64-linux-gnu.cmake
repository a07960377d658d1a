# Linux on 64-bit ARM (armv8-a: Raspberry Pi 3 and later, ARM servers, Linux VMs on Apple
# silicon) from an x86-64 Linux host (Debian: g++-aarch64-linux-gnu; qemu-user runs the
# result). Use with VAZIR_ARCH=armv8, e.g. cmake --preset linux-armv8.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# try_run and tests run by CTest go through qemu-user when it is there; the sysroot lets
# a dynamically linked binary find its loader and libraries.
find_program(VAZIR_QEMU_AARCH64 qemu-aarch64)
if(VAZIR_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${VAZIR_QEMU_AARCH64} -L /usr/aarch64-linux-gnu)
endif()
