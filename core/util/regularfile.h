#pragma once
// Open only regular files. Every reader of user-supplied paths (the container's
// files, tokenizer files, images, sessions, chats) goes through these, so a
// directory, a FIFO or a device gets its own message naming the path and what
// it is instead of a hang (a FIFO blocks open() and read()), an endless read
// (/dev/zero) or an exception from a stream reading a directory.
//
// The check is made on the opened descriptor (fstat), not only on the name, so
// it cannot race with a rename; the open itself is O_NONBLOCK so a FIFO with no
// writer does not block it, and the flag is cleared again for a regular file.
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

// "a directory", "a FIFO (named pipe)", "a character device", "a block
// device", "a socket", or "a regular file" for st_mode.
const char *fileKindName(unsigned mode);

// OK for a regular file (symlinks followed). Otherwise NotFound
// "LABEL: no such file" or Io "LABEL: is a directory, not a regular file".
// `label` defaults to the path.
Status checkRegularFile(const std::string &path, const std::string &label = {});
// `dir` is a folder (a model is one): "no such folder" or "is a FIFO, not a
// folder ..." otherwise, for the caller to prefix with the path.
Status checkModelFolder(const std::string &dir);

// Opens a regular file read-only (O_CLOEXEC | extraFlags); the caller closes
// the descriptor. `sizeOut`, when given, receives its size.
Expected<int> openRegularFile(const std::string &path, const std::string &label = {}, int extraFlags = 0,
                              uint64_t *sizeOut = nullptr);

// Reads a whole regular file of at most maxBytes; the size is checked before
// anything is allocated ("LABEL: 123456789 bytes is over the 1048576-byte limit").
Expected<std::string> readRegularFile(const std::string &path, uint64_t maxBytes, const std::string &label = {});

} // namespace sluice
