# Thin wrapper for OpenBench and other tools that build with make:
#   make EXE=<name> CXX=<compiler>
# builds a Release binary with CMake and copies it to $(EXE).
EXE ?= vazir
CXX ?= g++
BUILD_DIR ?= build-make

.PHONY: all clean
all:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) -DVAZIR_TESTS=OFF
	cmake --build $(BUILD_DIR) --target vazir -j
	cp $(BUILD_DIR)/vazir $(EXE)

clean:
	rm -rf $(BUILD_DIR)
