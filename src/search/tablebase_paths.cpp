#include "search/tablebase_paths.h"

#include <algorithm>
#include <filesystem>

namespace vazir::tablebase {

std::vector<std::string> splitPathList(const std::string& paths, char separator) {
    std::vector<std::string> folders;
    size_t start = 0;
    while (start <= paths.size()) {
        const size_t end = std::min(paths.find(separator, start), paths.size());
        if (end > start) folders.push_back(paths.substr(start, end - start));
        start = end + 1;
    }
    return folders;
}

std::string checkFolders(const std::string& paths, char separator) {
    for (const std::string& folder : splitPathList(paths, separator)) {
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec))
            return "SyzygyPath: no such folder '" + folder.substr(0, 200) + "'; no tablebases loaded";
    }
    return "";
}

}  // namespace vazir::tablebase
