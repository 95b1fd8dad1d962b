// Fetching and seeding torrents (api/torrent.h) with a libtorrent session of
// their own. One loop drives both: wait for libtorrent's alerts (at most a
// tenth of a second), react to the ones that matter (a hash failure, an I/O
// error, the metadata of a magnet, saved resume data), read the torrent's
// status, report progress and decide whether to go on. No exception leaves:
// the public functions catch what libtorrent might throw.
#include "remote/torrentsupport.h"
#include "remote/torrenterrors.h"

#include <libtorrent/alert_types.hpp>
#include <libtorrent/bencode.hpp>
#include <libtorrent/ip_filter.hpp>
#include <libtorrent/magnet_uri.hpp>
#include <libtorrent/read_resume_data.hpp>
#include <libtorrent/session.hpp>
#include <libtorrent/session_params.hpp>
#include <libtorrent/torrent_handle.hpp>
#include <libtorrent/torrent_status.hpp>
#include <libtorrent/write_resume_data.hpp>

#include <boost/asio/ip/tcp.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace sluice {

namespace {

// "host:port", "[v6]:port" -> an endpoint (a name is resolved once).
Expected<lt::tcp::endpoint> parsePeer(const std::string &text)
{
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
        return makeError(ErrorCode::InvalidArgument, torrenterrors::kPeerExpectedHostPort, text);
    std::string host = text.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    const std::string portText = text.substr(colon + 1);
    char *end = nullptr;
    const long port = std::strtol(portText.c_str(), &end, 10);
    if (*end != '\0' || port < 1 || port > 65535)
        return makeError(ErrorCode::InvalidArgument, torrenterrors::kPeerPortMust, text);
    lt::error_code ec;
    const lt::address address = lt::make_address(host, ec);
    if (!ec)
        return lt::tcp::endpoint(address, static_cast<unsigned short>(port));
    boost::asio::io_context io;
    boost::asio::ip::tcp::resolver resolver(io);
    const auto results = resolver.resolve(host, portText, ec);
    if (ec || results.empty())
        return makeError(ErrorCode::NotFound, torrenterrors::kPeerResolve, text, host, ec.message());
    return results.begin()->endpoint();
}

lt::settings_pack sessionSettings(const TorrentOptions &o)
{
    lt::settings_pack s;
    s.set_str(lt::settings_pack::listen_interfaces, o.listen);
    s.set_bool(lt::settings_pack::enable_dht, o.dht);
    s.set_bool(lt::settings_pack::enable_lsd, o.lsd);
    s.set_bool(lt::settings_pack::enable_upnp, o.upnp);
    s.set_bool(lt::settings_pack::enable_natpmp, o.natpmp);
    s.set_bool(lt::settings_pack::allow_multiple_connections_per_ip, o.allowLoopbackPeers);
    s.set_int(lt::settings_pack::download_rate_limit, int(std::min<uint64_t>(o.maxDownloadBytesPerSecond, INT32_MAX)));
    s.set_int(lt::settings_pack::upload_rate_limit, int(std::min<uint64_t>(o.maxUploadBytesPerSecond, INT32_MAX)));
    s.set_str(lt::settings_pack::user_agent, "Sluice");
    s.set_int(lt::settings_pack::tick_interval, 100); // rate limits and requests follow the link sooner
    s.set_int(lt::settings_pack::alert_mask, lt::alert_category::error | lt::alert_category::status |
                                                 lt::alert_category::storage | lt::alert_category::port_mapping);
    return s;
}

// libtorrent leaves peers on the local network unlimited by default; a limit
// the user asked for applies to every peer (a LAN seeder included).
void limitEveryPeer(lt::session &session)
{
    lt::ip_filter filter;
    const std::uint32_t global = 1u << static_cast<std::uint32_t>(lt::session::global_peer_class_id);
    filter.add_rule(lt::make_address("0.0.0.0"), lt::make_address("255.255.255.255"), global);
    filter.add_rule(lt::make_address("::"), lt::make_address("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"), global);
    session.set_peer_class_filter(filter);
}

bool writeAtomically(const std::string &path, const std::vector<char> &bytes)
{
    const std::string temporary = path + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), std::streamsize(bytes.size()));
        out.flush();
        if (!out)
            return false;
    }
    std::error_code ec;
    fs::rename(temporary, path, ec);
    return !ec;
}

std::vector<char> readSmallFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The payload already on disk for `info` under `savePath`, by file sizes (an
// upper bound of what a check will accept).
uint64_t bytesOnDisk(const lt::torrent_info &info, const std::string &savePath)
{
    uint64_t present = 0;
    const lt::file_storage &files = info.files();
    for (const lt::file_index_t i : files.file_range()) {
        if (files.pad_file_at(i))
            continue;
        std::error_code ec;
        const auto size = fs::file_size(fs::path(savePath) / files.file_path(i), ec);
        if (!ec)
            present += std::min<uint64_t>(size, uint64_t(files.file_size(i)));
    }
    return present;
}

std::string firstMissingPiece(const lt::torrent_info &info, const lt::torrent_status &status, int &missing)
{
    missing = 0;
    std::string first;
    for (const lt::piece_index_t p : info.piece_range()) {
        if (status.pieces.size() > static_cast<int>(p) && status.pieces.get_bit(p))
            continue;
        if (missing++ == 0) {
            const auto slices = info.files().map_block(p, 0, 1);
            const std::string file = slices.empty() ? std::string("?") : info.files().file_path(slices.front().file_index);
            first = "piece " + std::to_string(static_cast<int>(p)) + " in " + file;
        }
    }
    return first;
}

// One torrent in one session: the loop shared by fetch and seed.
class TorrentRun {
public:
    // `mustListen`: a seeder is useless unless peers can reach it; a fetch
    // still connects out when its listen address is taken.
    TorrentRun(const TorrentOptions &options, std::string source,
               const std::function<bool(const TorrentProgress &)> &progress, const std::atomic<bool> *cancel,
               bool mustListen)
        : m_options(options), m_source(std::move(source)), m_progress(progress), m_cancel(cancel),
          m_mustListen(mustListen)
    {
    }

    Status start(lt::add_torrent_params params)
    {
        lt::session_params sp(sessionSettings(m_options));
        m_session = std::make_unique<lt::session>(std::move(sp));
        if (m_options.maxDownloadBytesPerSecond || m_options.maxUploadBytesPerSecond)
            limitEveryPeer(*m_session);
        params.flags &= ~(lt::torrent_flags::paused | lt::torrent_flags::auto_managed);
        lt::error_code ec;
        m_handle = m_session->add_torrent(std::move(params), ec);
        if (ec)
            return makeError(ErrorCode::InvalidArgument, torrenterrors::kAddTorrent, m_source, torrent::errorText(ec));
        for (const std::string &peer : m_options.peers) {
            auto endpoint = parsePeer(peer);
            if (!endpoint)
                return endpoint.status();
            m_handle.connect_peer(*endpoint);
        }
        m_started = Clock::now();
        return Status::ok();
    }

    // Waits for alerts, reads the status; an error ends the run.
    Status step()
    {
        m_session->wait_for_alert(std::chrono::milliseconds(100));
        std::vector<lt::alert *> alerts;
        m_session->pop_alerts(&alerts);
        for (lt::alert *a : alerts)
            if (Status s = handle(a); !s)
                return s;
        m_status = m_handle.status();
        if (m_status.errc)
            return makeError(ErrorCode::Io, m_source + ": " + errorFile() + torrent::errorText(m_status.errc));
        return Status::ok();
    }

    // Calls the progress callback; false when the caller asked to stop.
    bool report(bool complete)
    {
        TorrentProgress p;
        p.done = uint64_t(m_status.total_wanted_done);
        p.total = uint64_t(m_status.total_wanted);
        p.downloadBytesPerSecond = m_status.download_payload_rate;
        p.uploadBytesPerSecond = m_status.upload_payload_rate;
        p.peers = m_status.num_peers;
        p.hashFailures = m_hashFailures;
        p.listenPort = m_session->listen_port();
        p.downloaded = uint64_t(m_status.total_payload_download);
        p.uploaded = uint64_t(m_status.total_payload_upload);
        p.checking = checking();
        p.complete = complete;
        p.seeding = m_seeding;
        p.folder = m_folder;
        const bool goOn = !m_progress || m_progress(p);
        return goOn && !(m_cancel && m_cancel->load());
    }

    bool checking() const
    {
        return m_status.state == lt::torrent_status::checking_files ||
               m_status.state == lt::torrent_status::checking_resume_data;
    }

    // Saves the fast-resume data to `path` (bounded wait); false if none came.
    bool saveResume(const std::string &path)
    {
        m_resumePath = path;
        m_resumeSaved = false;
        m_handle.save_resume_data(lt::torrent_handle::flush_disk_cache | lt::torrent_handle::save_info_dict);
        const auto deadline = Clock::now() + std::chrono::seconds(10);
        while (!m_resumeSaved && !m_resumeFailed && Clock::now() < deadline)
            if (!step())
                break;
        m_resumeFailed = false;
        return m_resumeSaved;
    }

    void requestResumeSave(const std::string &path)
    {
        m_resumePath = path;
        m_handle.save_resume_data(lt::torrent_handle::only_if_modified | lt::torrent_handle::save_info_dict);
    }

    // Complete: the payload's folder is reported, and seeding is said while it lasts.
    void setComplete(std::string folder, bool seeding)
    {
        m_folder = std::move(folder);
        m_seeding = seeding;
    }

    const lt::torrent_status &status() const { return m_status; }
    lt::torrent_handle &torrentHandle() { return m_handle; }
    int hashFailures() const { return m_hashFailures; }
    bool metadataArrived() const { return m_metadataArrived; }
    double elapsedMs() const
    {
        return std::chrono::duration<double, std::milli>(Clock::now() - m_started).count();
    }

private:
    std::string errorFile() const
    {
        const auto info = m_handle.torrent_file();
        if (!info || m_status.error_file < lt::file_index_t(0) || m_status.error_file >= info->files().end_file())
            return {};
        return info->files().file_path(m_status.error_file) + ": ";
    }

    Status handle(lt::alert *a)
    {
        if (lt::alert_cast<lt::hash_failed_alert>(a)) {
            ++m_hashFailures;
        } else if (lt::alert_cast<lt::metadata_received_alert>(a)) {
            m_metadataArrived = true;
        } else if (const auto *e = lt::alert_cast<lt::listen_failed_alert>(a)) {
            if (m_mustListen && !m_session->is_listening())
                return makeError(
                    ErrorCode::Io, torrenterrors::kListenOn, m_options.listen, torrent::errorText(e->error));
        } else if (const auto *e = lt::alert_cast<lt::file_error_alert>(a)) {
            return makeError(ErrorCode::Io, m_source + ": " + e->filename() + ": " + torrent::errorText(e->error));
        } else if (const auto *r = lt::alert_cast<lt::save_resume_data_alert>(a)) {
            m_resumeSaved = !m_resumePath.empty() && writeAtomically(m_resumePath, lt::write_resume_data_buf(r->params));
        } else if (lt::alert_cast<lt::save_resume_data_failed_alert>(a)) {
            m_resumeFailed = true;
        }
        return Status::ok();
    }

    TorrentOptions m_options;
    std::string m_source;
    std::function<bool(const TorrentProgress &)> m_progress;
    const std::atomic<bool> *m_cancel = nullptr;
    std::unique_ptr<lt::session> m_session;
    lt::torrent_handle m_handle;
    lt::torrent_status m_status;
    Clock::time_point m_started;
    std::string m_resumePath;
    int m_hashFailures = 0;
    bool m_mustListen = false;
    bool m_metadataArrived = false, m_resumeSaved = false, m_resumeFailed = false;
    bool m_seeding = false;
    std::string m_folder;
};

// What a fetch starts from: the source's parameters plus the resume data of an
// earlier run when it is for the same torrent.
struct FetchStart {
    lt::add_torrent_params params;
    std::string resumePath;
    bool resumed = false;
    bool magnet = false;
};

// Resume data and a source name the same torrent when a hash both carry matches
// (a v1-only magnet of a v1+v2 torrent included).
bool sameTorrent(const lt::info_hash_t &a, const lt::info_hash_t &b)
{
    return (a.has_v1() && b.has_v1() && a.v1 == b.v1) || (a.has_v2() && b.has_v2() && a.v2 == b.v2);
}

Expected<FetchStart> prepareFetch(const std::string &source, const std::string &target)
{
    FetchStart start;
    start.magnet = source.rfind("magnet:", 0) == 0;
    if (start.magnet) {
        lt::error_code ec;
        lt::parse_magnet_uri(source, start.params, ec);
        if (ec)
            return makeError(
                ErrorCode::InvalidArgument, torrenterrors::kValidMagnetUri, source, torrent::errorText(ec));
    } else {
        auto info = torrent::loadTorrentInfo(source);
        if (!info)
            return info.status();
        start.params.ti = std::make_shared<lt::torrent_info>(**info);
    }
    const lt::info_hash_t hashes = start.params.ti ? start.params.ti->info_hashes() : start.params.info_hashes;
    start.resumePath = torrentResumePath(target, torrent::infoHashText(hashes));
    const std::vector<char> saved = readSmallFile(start.resumePath);
    if (!saved.empty()) {
        lt::error_code ec;
        lt::add_torrent_params resume = lt::read_resume_data(saved, ec);
        // Damaged resume data or another torrent's: the files on disk are checked instead.
        if (!ec && sameTorrent(resume.info_hashes, hashes)) {
            if (start.params.ti)
                resume.ti = start.params.ti;
            resume.trackers.insert(resume.trackers.end(), start.params.trackers.begin(), start.params.trackers.end());
            resume.peers.insert(resume.peers.end(), start.params.peers.begin(), start.params.peers.end());
            start.params = std::move(resume);
            start.resumed = true;
        }
    }
    start.params.save_path = target;
    return start;
}

Status checkFreeSpace(const lt::torrent_info &info, const std::string &target, uint64_t margin)
{
    auto freeBytes = torrent::freeBytesAt(target);
    if (!freeBytes)
        return freeBytes.status();
    const uint64_t present = bytesOnDisk(info, target);
    const uint64_t needed = uint64_t(info.total_size()) - std::min<uint64_t>(present, uint64_t(info.total_size()));
    if (needed + margin > *freeBytes)
        return makeError(ErrorCode::Io, torrenterrors::kNoRoom,
                         target, info.name(), (needed + margin) >> 20, *freeBytes >> 20);
    return Status::ok();
}

std::string seconds(int ms)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", ms / 1000.0);
    return text;
}

std::string discoveryText(const TorrentOptions &o)
{
    std::string text = o.dht ? "DHT on" : "DHT off";
    text += o.peers.empty() ? ", no --peer" : ", --peer given";
    return text;
}

// The bounded waits: a magnet without metadata, a torrent without any peer.
Status checkTimeouts(const TorrentRun &run, const TorrentOptions &o, const std::string &source,
                     Clock::time_point &lastPeer)
{
    const lt::torrent_status &s = run.status();
    if (s.num_peers > 0 || run.checking())
        lastPeer = Clock::now();
    if (!s.has_metadata && run.elapsedMs() > o.metadataTimeoutMs)
        return makeError(ErrorCode::NotFound, torrenterrors::kNoMetadata,
                         source, seconds(o.metadataTimeoutMs), discoveryText(o), s.num_peers);
    const double quiet = std::chrono::duration<double, std::milli>(Clock::now() - lastPeer).count();
    if (s.has_metadata && !s.is_finished && quiet > o.noPeerTimeoutMs)
        return makeError(ErrorCode::NotFound,
                         torrenterrors::kNoPeer, source,
                         int(quiet / 1000), s.total_wanted - s.total_wanted_done, discoveryText(o));
    return Status::ok();
}

// Seeding after a completed fetch (TorrentOptions::seedRatio, seedTimeMs):
// the same session keeps serving until a limit is reached or the caller
// stops it. The fetch is complete either way, so an error here only ends the
// seeding (named in the report).
void seedAfterFetch(TorrentRun &run, const TorrentOptions &o, TorrentReport &report)
{
    if (!o.seeds())
        return;
    const auto started = Clock::now();
    const double ratioBytes = o.seedRatio * double(report.torrent.totalBytes);
    for (;;) {
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
        report.secondsSeeded = ms / 1000.0;
        const auto uploaded = double(run.status().total_payload_upload);
        if (o.seedRatio > 0 && uploaded >= ratioBytes) {
            report.seedEnd = SeedEnd::Ratio;
            return;
        }
        if (o.seedTimeMs > 0 && ms >= double(o.seedTimeMs)) {
            report.seedEnd = SeedEnd::Time;
            return;
        }
        if (!run.report(true)) {
            report.seedEnd = SeedEnd::Stopped;
            return;
        }
        if (Status s = run.step(); !s) {
            report.seedEnd = SeedEnd::Failed;
            report.seedError = s.message();
            return;
        }
    }
}

Expected<TorrentReport> fetchUnchecked(const std::string &source, const std::string &target, const TorrentOptions &o,
                                       const std::function<bool(const TorrentProgress &)> &progress,
                                       const std::atomic<bool> *cancel)
{
    std::error_code fsError;
    fs::create_directories(target, fsError);
    if (fsError)
        return makeError(ErrorCode::Io, torrenterrors::kNoFolder, target, fsError.message());
    auto start = prepareFetch(source, target);
    if (!start)
        return start.status();
    if (start->params.ti)
        SLUICE_TRY(checkFreeSpace(*start->params.ti, target, o.freeSpaceMarginBytes));
    TorrentRun run(o, source, progress, cancel, false);
    SLUICE_TRY(run.start(std::move(start->params)));
    TorrentReport report;
    report.resumed = start->resumed;
    bool spaceChecked = !start->magnet, presentKnown = false;
    auto lastPeer = Clock::now(), lastSave = Clock::now();
    for (;;) {
        SLUICE_TRY(run.step());
        const lt::torrent_status &s = run.status();
        if (!spaceChecked && s.has_metadata) {
            spaceChecked = true;
            SLUICE_TRY(checkFreeSpace(*run.torrentHandle().torrent_file(), target, o.freeSpaceMarginBytes));
        }
        if (!presentKnown && s.has_metadata && !run.checking()) {
            presentKnown = true;
            report.bytesPresent = uint64_t(s.total_wanted_done);
        }
        const bool complete = s.has_metadata && !run.checking() && s.is_finished &&
                              s.total_wanted_done == s.total_wanted;
        if (complete)
            run.setComplete((fs::path(target) / run.torrentHandle().torrent_file()->name()).string(), o.seeds());
        const bool goOn = run.report(complete);
        if (complete)
            break;
        if (!goOn) {
            const bool saved = s.has_metadata && run.saveResume(start->resumePath);
            if (saved)
                return makeError(ErrorCode::Cancelled,
                                 torrenterrors::kStoppedResumable,
                                 source, s.total_wanted_done, s.total_wanted);
            return makeError(ErrorCode::Cancelled,
                             torrenterrors::kStoppedRecheck,
                             source, s.total_wanted_done, s.total_wanted);
        }
        if (Status late = checkTimeouts(run, o, source, lastPeer); !late) {
            if (run.status().has_metadata)
                run.saveResume(start->resumePath); // what arrived stays usable for the next run
            return late;
        }
        if (s.has_metadata && Clock::now() - lastSave > std::chrono::milliseconds(o.resumeSaveIntervalMs)) {
            lastSave = Clock::now();
            run.requestResumeSave(start->resumePath);
        }
    }
    const auto info = run.torrentHandle().torrent_file();
    report.torrent = torrent::summarize(*info);
    report.folder = (fs::path(target) / info->name()).string();
    report.bytesDownloaded = uint64_t(run.status().total_payload_download);
    report.hashFailures = run.hashFailures();
    fs::remove(start->resumePath, fsError); // complete: the files themselves are the state now
    seedAfterFetch(run, o, report);
    report.bytesUploaded = uint64_t(run.status().total_payload_upload);
    return report;
}

// Where libtorrent finds `payloadPath`'s files: the save path (its parent) and,
// when the folder or file was renamed, the new name of every file.
void placePayload(lt::add_torrent_params &params, const lt::torrent_info &info, const fs::path &payload)
{
    params.save_path = payload.parent_path().string();
    const std::string local = payload.filename().string();
    if (local == info.name())
        return;
    const lt::file_storage &files = info.files();
    for (const lt::file_index_t i : files.file_range()) {
        const std::string path = files.file_path(i);
        const auto slash = path.find_first_of("/\\");
        params.renamed_files[i] = slash == std::string::npos ? local : local + path.substr(slash);
    }
}

Expected<TorrentReport> seedUnchecked(const std::string &torrentFile, const std::string &payloadPath,
                                      const TorrentOptions &o,
                                      const std::function<bool(const TorrentProgress &)> &progress,
                                      const std::atomic<bool> *cancel)
{
    auto info = torrent::loadTorrentInfo(torrentFile);
    if (!info)
        return info.status();
    std::error_code fsError;
    fs::path payload = fs::absolute(fs::path(payloadPath), fsError).lexically_normal();
    if (!payload.has_filename())
        payload = payload.parent_path();
    if (!fs::exists(payload, fsError))
        return makeError(ErrorCode::NotFound, torrenterrors::kNoPayload, payloadPath);
    lt::add_torrent_params params;
    params.ti = std::make_shared<lt::torrent_info>(**info);
    placePayload(params, **info, payload);
    // Nothing is fetched by a seeder: a piece that fails the check stays missing.
    params.flags |= lt::torrent_flags::upload_mode;
    TorrentRun run(o, torrentFile, progress, cancel, true);
    SLUICE_TRY(run.start(std::move(params)));
    bool checked = false;
    for (;;) {
        SLUICE_TRY(run.step());
        const lt::torrent_status &s = run.status();
        if (!checked && s.has_metadata && !run.checking()) {
            checked = true;
            int missing = 0;
            const std::string first = firstMissingPiece(**info, s, missing);
            if (missing > 0)
                return makeError(ErrorCode::Checksum, torrenterrors::kPiecesAreMissingDo, payloadPath, missing,
                    (*info)->num_pieces(), torrentFile, first);
        }
        if (!run.report(checked))
            break;
    }
    TorrentReport report;
    report.torrent = torrent::summarize(**info);
    report.folder = payload.string();
    report.bytesPresent = report.torrent.totalBytes;
    return report;
}

} // namespace

Expected<TorrentReport> fetchTorrent(const std::string &source, const std::string &targetFolder,
                                     const TorrentOptions &options,
                                     const std::function<bool(const TorrentProgress &)> &progress,
                                     const std::atomic<bool> *cancel)
{
    try {
        return fetchUnchecked(source, targetFolder, options, progress, cancel);
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Internal, source + ": " + e.what());
    }
}

Expected<TorrentReport> seedTorrent(const std::string &torrentFile, const std::string &payloadPath,
                                    const TorrentOptions &options,
                                    const std::function<bool(const TorrentProgress &)> &progress,
                                    const std::atomic<bool> *cancel)
{
    try {
        return seedUnchecked(torrentFile, payloadPath, options, progress, cancel);
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Internal, torrentFile + ": " + e.what());
    }
}

} // namespace sluice
