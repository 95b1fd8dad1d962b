#include "readerpool.h"

#include <algorithm>

namespace sluice {

ReaderPool::ReaderPool(int threads)
{
    const int n = std::clamp(threads, 1, 64);
    m_threads.reserve(size_t(n));
    for (int i = 0; i < n; ++i)
        m_threads.emplace_back([this] { run(); });
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
            m_cv.wait(lock, [this] { return m_stop || !m_jobs.empty(); });
            if (m_stop)
                return;
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        job();
    }
}

} // namespace sluice
