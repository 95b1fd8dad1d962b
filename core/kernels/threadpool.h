#pragma once
// A small fork-join pool for the kernels. parallelFor() hands out contiguous
// ranges of an index space (rows); every index is processed by exactly one
// thread, and the kernels compute each output element inside one call with a
// fixed summation order, so results never depend on the thread count or on
// which thread picked up which range.
#include "util/status.h"

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace sluice::kernels {

class ThreadPool {
public:
    // threads = 0 picks std::thread::hardware_concurrency(); 1 runs inline.
    // Never throws: when the system refuses a thread (out of threads or of
    // address space), the pool keeps the ones it started, threadCount() says
    // how many that is and startStatus() says why. Owners that promised the
    // user a thread count turn that into their error.
    //
    // `cpus` (ModelOptions::cpus, `--cpus`): `threads` workers, worker i bound
    // to cpus[i % size]; the caller hands the work over and waits instead of
    // computing (a bound caller would pass its mask to every thread it starts
    // later). Placement never changes results (see above). The owner checks
    // the CPUs first (checkCpus); a bind the system still refuses leaves that
    // worker where the scheduler puts it.
    explicit ThreadPool(int threads = 0, std::vector<int> cpus = {});
    ~ThreadPool();
    ThreadPool(const ThreadPool &) = delete;
    ThreadPool &operator=(const ThreadPool &) = delete;

    int threadCount() const { return m_threadCount; }
    // OK when every requested thread started; else "could start only N of M
    // compute threads: cannot start … (Resource temporarily unavailable)".
    const Status &startStatus() const { return m_startStatus; }

    // Calls fn(begin, end) over disjoint ranges covering [0, n). Range
    // boundaries are multiples of `grain` (except the final end = n), e.g. 64
    // for block-aligned VQ rows. Blocks until all ranges are done. A call from
    // inside a pool task runs inline (no nested parallelism).
    template <typename Fn>
    void parallelFor(size_t n, Fn &&fn, size_t grain = 1)
    {
        using F = std::remove_reference_t<Fn>;
        run(n, grain, [](void *ctx, size_t b, size_t e) { (*static_cast<F *>(ctx))(b, e); },
            const_cast<void *>(static_cast<const void *>(&fn)));
    }

private:
    using Trampoline = void (*)(void *, size_t, size_t);
    void run(size_t n, size_t grain, Trampoline call, void *ctx);
    void workerLoop();
    void drain();

    int m_threadCount = 1;
    Status m_startStatus;
    std::vector<int> m_cpus;
    std::vector<std::thread> m_workers;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    // Current job (valid while m_pending > 0).
    Trampoline m_call = nullptr;
    void *m_ctx = nullptr;
    size_t m_n = 0;
    size_t m_chunk = 0;
    size_t m_nextChunk = 0;
    size_t m_chunks = 0;
    size_t m_finishedChunks = 0;
    unsigned long m_generation = 0;
    bool m_stop = false;
    std::mutex m_runMutex; // serialises concurrent callers of run()
};

// Convenience: parallelFor on `pool`, or inline when pool is null.
template <typename Fn>
inline void parallelFor(ThreadPool *pool, size_t n, Fn &&fn, size_t grain = 1)
{
    if (pool)
        pool->parallelFor(n, std::forward<Fn>(fn), grain);
    else if (n > 0)
        fn(size_t(0), n);
}

} // namespace sluice::kernels
