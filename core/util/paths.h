#pragma once
// Path pieces every reader and writer of a model folder needs: joining a
// folder and a file name, and refusing a file name a manifest or an index
// could use to escape the folder.
#include <string>

namespace sluice {

inline std::string joinPath(const std::string &dir, const std::string &name)
{
    return dir.empty() || dir.back() == '/' ? dir + name : dir + "/" + name;
}

// A plain file name inside the folder: no directories, no "..", no NUL.
inline bool isPlainFileName(const std::string &name)
{
    if (name.empty() || name.size() > 255 || name == "." || name == "..")
        return false;
    for (char c : name) {
        if (c == '/' || c == '\\' || c == '\0')
            return false;
    }
    return true;
}

} // namespace sluice
