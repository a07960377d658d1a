// Files for tests: private temporary paths and the sample games in the binary format.
#pragma once

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "datagen/packed.h"

namespace vazir::testdata {

// A path in the temporary folder that no other test process uses.
inline std::string tempPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("vazir-test-" + std::to_string(::getpid()) + "-" + name)).string();
}

// A whole file's bytes ("" when it cannot be read).
inline std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every position of tests/data/selfplay-sample.txt as binary records, in the order the
// loader's shuffle with `seed` gives.
inline std::vector<PackedPosition> samplePositions(uint64_t seed) {
    const std::string text = std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.txt", bin = tempPath("sample.bin");
    uint64_t n = 0;
    REQUIRE(convertTextToPacked(text, bin, n).empty());
    PackedLoad l = loadPacked({bin}, PackedFilter{false, false, 100000, 0}, seed);
    std::filesystem::remove(bin);
    return l.positions;
}

}  // namespace vazir::testdata
