#include "readerpool.h"

#include "util/threadstart.h"

#include <algorithm>
#include <string>

namespace sluice {

ReaderPool::ReaderPool(int threads)
{
    const int n = std::clamp(threads, 1, 64);
    m_threads.reserve(size_t(n));
    for (int i = 0; i < n; ++i) {
        std::thread reader;
        if (Status st = startThread(reader, [this] { run(); }, "expert reader thread " + std::to_string(i + 1));
            !st.isOk()) {
            m_startStatus = makeError(
                st.code(), SLUICE_ERRT("Error", "could start only %1 of %2 reader threads: %3"), i, n, st.message());
            break;
        }
        m_threads.push_back(std::move(reader));
    }
}

ReaderPool::~ReaderPool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_jobs.clear();
    }
    m_cv.notify_all();
    for (std::thread &t : m_threads)
        t.join();
}

void ReaderPool::submit(std::function<void()> job)
{
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    m_cv.notify_one();
}

void ReaderPool::setIdleWork(std::function<bool()> step)
{
    {
        std::lock_guard lock(m_mutex);
        m_idleStep = std::move(step);
        m_idlePending = bool(m_idleStep);
        ++m_idleGeneration;
    }
    m_cv.notify_all();
}

void ReaderPool::wakeIdle()
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_idleStep)
            return;
        m_idlePending = true;
        ++m_idleGeneration;
    }
    m_cv.notify_all();
}

size_t ReaderPool::queued() const
{
    std::lock_guard lock(m_mutex);
    return m_jobs.size();
}

void ReaderPool::run()
{
    while (true) {
        std::function<void()> job;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_stop || !m_jobs.empty() || m_idlePending; });
            if (m_stop)
                return;
            if (m_jobs.empty()) {
                // Reads first: idle work only runs with nothing queued.
                const uint64_t generation = m_idleGeneration;
                std::function<bool()> step = m_idleStep;
                lock.unlock();
                const bool more = step();
                lock.lock();
                if (!more && generation == m_idleGeneration)
                    m_idlePending = false;
                continue;
            }
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        job();
    }
}

} // namespace sluice
