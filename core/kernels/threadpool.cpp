#include "threadpool.h"

#include "util/threadstart.h"

#include <algorithm>
#include <string>

namespace sluice::kernels {

namespace {
thread_local bool t_insidePool = false;
}

ThreadPool::ThreadPool(int threads, std::vector<int> cpus) : m_cpus(std::move(cpus))
{
    if (threads <= 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    // With a placement every compute thread is a bound worker and the caller
    // only waits: binding the caller would also bind every thread it starts
    // later (a reader pool, another model), which inherit its mask.
    const int first = m_cpus.empty() ? 1 : 0;
    m_workers.reserve(size_t(threads - first));
    for (int i = first; i < threads; ++i) {
        std::thread worker;
        const int cpu = m_cpus.empty() ? -1 : m_cpus[size_t(i) % m_cpus.size()];
        if (Status st = startThread(
                worker,
                [this, cpu] {
                    if (cpu >= 0)
                        (void)pinCurrentThread(cpu); // a refusal leaves the thread where the system puts it
                    workerLoop();
                },
                "compute thread " + std::to_string(i + 1));
            !st.isOk()) {
            m_startStatus = makeError(st.code(), "could start only " + std::to_string(i) + " of " +
                                                     std::to_string(threads) + " compute threads: " + st.message());
            break;
        }
        m_workers.push_back(std::move(worker));
    }
    // Without a placement the caller's thread is the first one: the pool works
    // with what it has.
    m_threadCount = int(m_workers.size()) + first;
    if (m_threadCount == 0) { // not one bound worker started: the caller computes
        m_cpus.clear();
        m_threadCount = 1;
    }
}

ThreadPool::~ThreadPool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (auto &t : m_workers)
        t.join();
}

// Takes chunks until none are left; shared by the caller and the workers.
void ThreadPool::drain()
{
    for (;;) {
        size_t chunk;
        {
            std::lock_guard lock(m_mutex);
            if (m_nextChunk >= m_chunks)
                return;
            chunk = m_nextChunk++;
        }
        const size_t begin = chunk * m_chunk;
        const size_t end = std::min(m_n, begin + m_chunk);
        m_call(m_ctx, begin, end);
        bool last;
        {
            std::lock_guard lock(m_mutex);
            last = ++m_finishedChunks == m_chunks;
        }
        if (last)
            m_done.notify_all();
    }
}

void ThreadPool::workerLoop()
{
    t_insidePool = true;
    unsigned long seen = 0;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || m_generation != seen; });
            if (m_stop)
                return;
            seen = m_generation;
        }
        drain();
    }
}

void ThreadPool::run(size_t n, size_t grain, Trampoline call, void *ctx)
{
    if (n == 0)
        return;
    grain = std::max<size_t>(1, grain);
    const size_t units = (n + grain - 1) / grain;
    if (m_workers.empty() || t_insidePool || units == 1) {
        call(ctx, 0, n);
        return;
    }
    std::lock_guard runLock(m_runMutex);
    // A few chunks per thread balance load when other processes share the
    // cores; chunking never changes results (see the header).
    const size_t chunks = std::min(units, size_t(m_threadCount) * 4);
    const size_t unitsPerChunk = (units + chunks - 1) / chunks;
    {
        std::lock_guard lock(m_mutex);
        m_call = call;
        m_ctx = ctx;
        m_n = n;
        m_chunk = unitsPerChunk * grain;
        m_chunks = (n + m_chunk - 1) / m_chunk;
        m_nextChunk = 0;
        m_finishedChunks = 0;
        ++m_generation;
    }
    m_wake.notify_all();
    if (m_cpus.empty()) {
        t_insidePool = true;
        drain();
        t_insidePool = false;
    }
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_finishedChunks == m_chunks; });
}

} // namespace sluice::kernels
