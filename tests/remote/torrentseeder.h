#pragma once
// A libtorrent seeder on 127.0.0.1 on its own thread, for the tests that fetch
// a torrent (tst_torrent, tst_getmodel): no DHT, LSD, UPnP or NAT-PMP, any free
// port. start() returns once it listens with its data checked (or it failed);
// stop() ends it and returns what it reported.
#include "api/torrent.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace sluice::test {

inline TorrentOptions loopbackTorrentOptions()
{
    TorrentOptions o;
    o.listen = "127.0.0.1:0";
    o.dht = o.lsd = o.upnp = o.natpmp = false;
    o.freeSpaceMarginBytes = 0;
    o.metadataTimeoutMs = 15000;
    o.noPeerTimeoutMs = 15000;
    return o;
}

class TorrentSeeder {
public:
    ~TorrentSeeder() { stop(); }

    bool start(const QString &torrentFile, const QString &payload)
    {
        m_thread = std::thread([this, t = torrentFile.toStdString(), p = payload.toStdString()] {
            auto result = seedTorrent(t, p, loopbackTorrentOptions(), [this](const TorrentProgress &progress) {
                std::lock_guard lock(m_mutex);
                if (progress.complete && progress.listenPort > 0 && m_port == 0) {
                    m_port = progress.listenPort;
                    m_ready.notify_all();
                }
                return true;
            }, &m_stop);
            std::lock_guard lock(m_mutex);
            m_result = result.status();
            m_finished = true;
            m_ready.notify_all();
        });
        std::unique_lock lock(m_mutex);
        return m_ready.wait_for(lock, std::chrono::seconds(30), [this] { return m_port > 0 || m_finished; }) &&
               m_port > 0;
    }

    Status stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        return m_result;
    }

    std::string peer() const { return "127.0.0.1:" + std::to_string(m_port); }
    Status result() const { return m_result; }

private:
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::atomic<bool> m_stop{false};
    int m_port = 0;
    bool m_finished = false;
    Status m_result;
};

} // namespace sluice::test
