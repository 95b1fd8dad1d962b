#pragma once
// Random record-sized reads over an existing file at a fixed queue depth: the
// disk bound of streaming (t_io = bytes per token / bandwidth). Two engines:
// `threads` (qd threads, one blocking pread each: what ReaderPool does) and
// `io_uring` (one thread keeping qd reads in flight), so the choice of reader
// can be made by measurement. Reads bypass the page cache; when the file
// system refuses O_DIRECT the result says so (directIo = false) rather than
// quietly measuring RAM.
#include "api/inspecttypes.h" // DiskBenchResult
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

enum class DiskBenchEngine { Threads, IoUring };

struct DiskBenchOptions {
    uint64_t recordBytes = 12406784; // K3's expert record (spec 4.5)
    int queueDepth = 1;
    double seconds = 3.0;
    DiskBenchEngine engine = DiskBenchEngine::Threads;
    bool forceBuffered = false;
    uint32_t seed = 1;
};

bool ioUringAvailable(); // built with liburing and the kernel allows a ring

Expected<DiskBenchResult> runDiskBench(const std::string &path, const DiskBenchOptions &options);

} // namespace sluice
