// SyzygyPath's list of folders, split as Fathom splits it: on ';' on Windows, where ':'
// belongs to a drive letter (C:\tables), on ':' elsewhere (as Stockfish does too). Folder
// names are kept exactly, spaces included ("C:\Program Files\syzygy").
#pragma once

#include <string>
#include <vector>

namespace vazir::tablebase {

#if defined(_WIN32)
inline constexpr char kPathListSeparator = ';';
#else
inline constexpr char kPathListSeparator = ':';
#endif

// The non-empty folder names in `paths`.
std::vector<std::string> splitPathList(const std::string& paths, char separator = kPathListSeparator);

// "" when every folder in `paths` exists, else a message naming the first one that does not.
std::string checkFolders(const std::string& paths, char separator = kPathListSeparator);

}  // namespace vazir::tablebase
