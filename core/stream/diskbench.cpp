#include "diskbench.h"

#include "directfile.h"
#include "util/aligned.h"
#include "util/threadstart.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#ifdef SLUICE_HAVE_URING
#include <fcntl.h>
#include <liburing.h>
#include <unistd.h>
#endif

namespace sluice {

namespace {

using Clock = std::chrono::steady_clock;

struct Lcg {
    uint64_t x;
    uint64_t next(uint64_t n)
    {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return (x >> 33) % n;
    }
};

Expected<DiskBenchResult> runThreads(const DirectFile &file, const DiskBenchOptions &o, uint64_t records)
{
    std::atomic<bool> stop{false};
    std::atomic<uint64_t> reads{0};
    std::mutex errorMutex;
    Status error;
    std::vector<std::thread> threads;
    const auto start = Clock::now();
    Status started;
    for (int t = 0; t < o.queueDepth && started.isOk(); ++t) {
        std::thread reader;
        started = startThread(reader, [&, t] {
            AlignedPtr<uint8_t> buffer = makeAligned<uint8_t>(size_t(o.recordBytes), DirectFile::kAlignment);
            Lcg rng{o.seed * 7919ull + uint64_t(t) * 104729ull + 1};
            while (!stop.load(std::memory_order_relaxed)) {
                const Status s = file.readAt(rng.next(records) * o.recordBytes, buffer.get(), size_t(o.recordBytes));
                if (!s.isOk()) {
                    std::lock_guard lock(errorMutex);
                    error = s;
                    stop = true;
                    return;
                }
                reads.fetch_add(1, std::memory_order_relaxed);
            }
        }, "disk benchmark reader " + std::to_string(t + 1));
        if (started.isOk())
            threads.push_back(std::move(reader));
    }
    if (started.isOk()) // a refused thread ends the run now: the readers that started stop and are joined
        std::this_thread::sleep_for(std::chrono::duration<double>(o.seconds));
    stop = true;
    for (auto &t : threads)
        t.join();
    if (!started.isOk())
        return started;
    if (!error.isOk())
        return error;
    DiskBenchResult r;
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.reads = reads.load();
    r.bytes = r.reads * o.recordBytes;
    return r;
}

#ifdef SLUICE_HAVE_URING
Expected<DiskBenchResult> runUring(const std::string &path, bool direct, const DiskBenchOptions &o, uint64_t records)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (direct ? O_DIRECT : 0));
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open for io_uring"), path);
    io_uring ring{};
    const int rc = io_uring_queue_init(unsigned(o.queueDepth), &ring, 0);
    if (rc < 0) {
        ::close(fd);
        return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "io_uring_queue_init failed (%1)"), -rc);
    }
    std::vector<AlignedPtr<uint8_t>> buffers;
    for (int i = 0; i < o.queueDepth; ++i)
        buffers.push_back(makeAligned<uint8_t>(size_t(o.recordBytes), DirectFile::kAlignment));
    Lcg rng{o.seed * 7919ull + 1};
    auto submit = [&](int slot) {
        io_uring_sqe *sqe = io_uring_get_sqe(&ring);
        io_uring_prep_read(sqe, fd, buffers[size_t(slot)].get(), unsigned(o.recordBytes),
                           rng.next(records) * o.recordBytes);
        io_uring_sqe_set_data64(sqe, uint64_t(slot));
    };
    const auto start = Clock::now();
    const auto end = start + std::chrono::duration<double>(o.seconds);
    for (int i = 0; i < o.queueDepth; ++i)
        submit(i);
    io_uring_submit(&ring);
    uint64_t reads = 0;
    int inFlight = o.queueDepth;
    Status error;
    while (inFlight > 0) {
        io_uring_cqe *cqe = nullptr;
        if (io_uring_wait_cqe(&ring, &cqe) < 0)
            break;
        const int slot = int(io_uring_cqe_get_data64(cqe));
        const int res = cqe->res;
        io_uring_cqe_seen(&ring, cqe);
        --inFlight;
        if (res != int(o.recordBytes)) {
            error = makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: io_uring read returned %2"), path, res);
            continue;
        }
        ++reads;
        if (error.isOk() && Clock::now() < end) {
            submit(slot);
            io_uring_submit(&ring);
            ++inFlight;
        }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    io_uring_queue_exit(&ring);
    ::close(fd);
    if (!error.isOk())
        return error;
    DiskBenchResult r;
    r.seconds = seconds;
    r.reads = reads;
    r.bytes = reads * o.recordBytes;
    return r;
}
#endif

} // namespace

bool ioUringAvailable()
{
#ifdef SLUICE_HAVE_URING
    io_uring ring{};
    if (io_uring_queue_init(2, &ring, 0) < 0)
        return false;
    io_uring_queue_exit(&ring);
    return true;
#else
    return false;
#endif
}

Expected<DiskBenchResult> runDiskBench(const std::string &path, const DiskBenchOptions &o)
{
    if (o.recordBytes == 0 || o.recordBytes % DirectFile::kAlignment != 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "diskbench: record size %1 B is not a positive multiple of 4096"), o.recordBytes);
    if (o.queueDepth < 1 || o.queueDepth > 256)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "diskbench: queue depth must be 1..256"));
    if (!(o.seconds > 0) || o.seconds > 3600)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "diskbench: duration must be in (0, 3600] seconds"));
    auto file = DirectFile::open(path, {o.forceBuffered});
    if (!file)
        return file.status();
    const uint64_t records = (*file)->sizeAtOpen() / o.recordBytes;
    if (records < 2)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: smaller than two records of %2 B"), path,
            o.recordBytes);
    Expected<DiskBenchResult> result = makeError(ErrorCode::Internal, "diskbench: no engine ran");
    if (o.engine == DiskBenchEngine::IoUring) {
#ifdef SLUICE_HAVE_URING
        result = runUring(path, (*file)->directIo(), o, records);
#else
        return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "diskbench: built without liburing"));
#endif
    } else {
        result = runThreads(**file, o, records);
    }
    if (result)
        result->directIo = (*file)->directIo();
    return result;
}

} // namespace sluice
