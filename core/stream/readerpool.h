#pragma once
// Reader threads for expert records: a FIFO of read jobs served by N threads
// (default 2, spec 10.1), so reads overlap the arithmetic of the forward pass.
// Each thread issues one synchronous positional read at a time, so the queue
// depth the disk sees is the thread count. Measured alternatives (io_uring,
// more depth) are in docs/streaming.md.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sluice {

class ReaderPool {
public:
    explicit ReaderPool(int threads = 2);
    // Jobs still queued are dropped; running ones finish first.
    ~ReaderPool();
    ReaderPool(const ReaderPool &) = delete;
    ReaderPool &operator=(const ReaderPool &) = delete;

    void submit(std::function<void()> job);
    int threadCount() const { return int(m_threads.size()); }
    size_t queued() const;

private:
    void run();
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<std::function<void()>> m_jobs;
    bool m_stop = false;
    std::vector<std::thread> m_threads;
};

} // namespace sluice
