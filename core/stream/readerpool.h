#pragma once
// Reader threads for expert records: a FIFO of read jobs served by N threads
// (default 2, spec 10.1), so reads overlap the arithmetic of the forward pass.
// Each thread issues one synchronous positional read at a time, so the queue
// depth the disk sees is the thread count. Measured alternatives (io_uring,
// more depth) are in docs/streaming.md.
#include "util/status.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sluice {

class ReaderPool {
public:
    // Never throws: a thread the system refuses is not started and
    // startStatus() says so (the owner refuses to go on: a pool with fewer
    // readers than planned is not what the user asked for).
    explicit ReaderPool(int threads = 2);
    // Jobs still queued are dropped; running ones finish first.
    ~ReaderPool();
    ReaderPool(const ReaderPool &) = delete;
    ReaderPool &operator=(const ReaderPool &) = delete;

    void submit(std::function<void()> job);
    // Work for idle readers (the cache's prefaulting, issue 14): while no read
    // is queued, a reader calls `step` again and again until it returns false;
    // a read submitted meanwhile waits for at most the steps already running.
    // wakeIdle() says more idle work may exist (after a false). `step` must be
    // thread-safe: every reader may run it. Set before the first submit.
    void setIdleWork(std::function<bool()> step);
    void wakeIdle();
    int threadCount() const { return int(m_threads.size()); }
    const Status &startStatus() const { return m_startStatus; }
    size_t queued() const;

private:
    void run();
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<std::function<void()>> m_jobs;
    bool m_stop = false;
    std::function<bool()> m_idleStep;
    uint64_t m_idleGeneration = 0; // wakeIdle() calls; a false step ends the idle work of its generation only
    bool m_idlePending = false;
    std::vector<std::thread> m_threads;
    Status m_startStatus;
};

} // namespace sluice
