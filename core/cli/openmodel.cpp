#include "openmodel.h"

#include "api/session.h"

#include <cstdio>

namespace sluice::cli {

std::optional<ModelSession> openForCommand(const char *command, const ModelOptions &options,
                                           const std::vector<std::string> &images)
{
    auto opened = openModelSession(options);
    if (!opened) {
        std::fprintf(stderr, "%s: %s\n", command, opened.status().message().c_str());
        return std::nullopt;
    }
    for (const std::string &path : images) {
        if (const Status st = opened->session->addImage(path); !st.isOk()) {
            std::fprintf(stderr, "%s: %s\n", command, st.message().c_str());
            return std::nullopt;
        }
    }
    return std::move(*opened);
}

} // namespace sluice::cli
