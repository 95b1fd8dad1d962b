#pragma once
// Replacing a user's file atomically (write a temporary beside it, fsync,
// rename), without two ways of losing what is not ours:
//  * the target must be a regular file or absent: a FIFO, a device, a socket
//    or a directory of that name is refused, never replaced by a regular file
//    (the readers refuse them too, util/regularfile.h);
//  * a process killed between creating its temporary and renaming it leaves
//    NAME.tmp.PID behind; the next write of NAME removes those of processes
//    that no longer exist, so they cannot pile up.
#include "util/status.h"

#include <string>
#include <string_view>

namespace sluice {

// `label` names the file in errors (default: the path), e.g. "PATH (session file)".
Status writeFileAtomically(const std::string &path, std::string_view bytes, const std::string &label = {},
                           unsigned mode = 0644);

// The temporary writeFileAtomically uses for `path` in process `pid`.
std::string atomicTempPath(const std::string &path, long pid);

// Removes `path`'s temporaries left by processes that no longer exist (a
// live PID's, even an unrelated process that reuses it, is left alone).
// Returns how many were removed.
int removeStaleTemporaries(const std::string &path);

} // namespace sluice
