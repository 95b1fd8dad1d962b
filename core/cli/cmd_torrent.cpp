// sluice-cli torrent create|get|seed (api/torrent.h, issue 26): BitTorrent for
// containers, as the K3 container's publisher shares it (16 MiB pieces).
//   torrent create DIR --out FILE.torrent [--piece-size SIZE] [--tracker URL]... [--web-seed URL]...
//   torrent get (FILE.torrent|MAGNET) --to DIR [--peer HOST:PORT]... [--listen H:P] [--no-dht]
//               [--no-lsd] [--no-upnp] [--limit-rate SIZE] [--upload-limit SIZE] [--seed-ratio R]
//               [--seed-time MIN] [--json]
//   torrent seed FILE.torrent DIR [--listen HOST:PORT] [--peer HOST:PORT]... [--no-dht] [--json]
// Progress goes to stderr, a summary (or one JSON object with --json) to
// stdout; any failure exits non-zero with a message naming the file, magnet or
// folder. Ctrl-C stops `get` keeping what arrived (the next run resumes) and
// ends `seed`.
#include "command.h"

#include "api/memoryplan.h" // formatGiB
#include "api/torrent.h"
#include "options.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>

using namespace sluice;

namespace {

std::atomic<bool> g_torrentStop{false};

void onTorrentSignal(int)
{
    g_torrentStop = true;
}

void stopOnSignals()
{
    std::signal(SIGINT, onTorrentSignal);
    std::signal(SIGTERM, onTorrentSignal);
}

void printJson(const QJsonObject &object)
{
    std::printf("%s\n", QJsonDocument(object).toJson(QJsonDocument::Compact).constData());
}

QJsonObject summaryJson(const TorrentSummary &s)
{
    return QJsonObject{{"name", QString::fromStdString(s.name)},
                       {"info_hash", QString::fromStdString(s.infoHash)},
                       {"info_hash_v2", QString::fromStdString(s.infoHashV2)},
                       {"magnet", QString::fromStdString(s.magnet)},
                       {"bytes", double(s.totalBytes)},
                       {"piece_bytes", s.pieceBytes},
                       {"pieces", s.pieces},
                       {"files", s.files}};
}

const char *seedEndName(SeedEnd end)
{
    switch (end) {
    case SeedEnd::Ratio:
        return "ratio reached";
    case SeedEnd::Time:
        return "time limit reached";
    case SeedEnd::Stopped:
        return "stopped";
    case SeedEnd::Failed:
        return "failed";
    case SeedEnd::NotSeeded:
        break;
    }
    return "not seeded";
}

// A progress line on stderr at most twice a second (and at the end).
class ProgressLine {
public:
    explicit ProgressLine(bool seeding) : m_seeding(seeding) {}

    bool operator()(const TorrentProgress &p)
    {
        const auto now = std::chrono::steady_clock::now();
        if (now - m_last < std::chrono::milliseconds(500) && !(p.complete && !p.seeding))
            return true;
        m_last = now;
        if (p.checking) {
            std::fprintf(stderr, "\rchecking the files on disk: %s of %s verified            ",
                         formatGiB(p.done).c_str(), formatGiB(p.total).c_str());
        } else if (m_seeding || p.seeding) {
            std::fprintf(stderr, "\rseeding on port %d: %d peers, %s sent, %.1f MB/s      ", p.listenPort, p.peers,
                         formatGiB(p.uploaded).c_str(), p.uploadBytesPerSecond / 1e6);
        } else {
            const double left = p.downloadBytesPerSecond > 0 ? double(p.total - p.done) / p.downloadBytesPerSecond : 0;
            std::fprintf(stderr, "\r%s of %s verified, %.1f MB/s, %d peers, %.0f s left%s      ",
                         formatGiB(p.done).c_str(), formatGiB(p.total).c_str(), p.downloadBytesPerSecond / 1e6,
                         p.peers, left, p.hashFailures ? ", pieces failing their hash" : "");
        }
        return true;
    }

private:
    bool m_seeding = false;
    std::chrono::steady_clock::time_point m_last;
};

// The options `get` and `seed` share.
void addSessionOptions(cli::OptionParser &p, TorrentOptions &o, bool &noDht, bool &noLsd, bool &noUpnp)
{
    p.list("--peer", &o.peers, "connect to this peer directly", "HOST:PORT");
    p.text("--listen", &o.listen, "interface and port to listen on (port 0: any free port)", "HOST:PORT");
    p.flag("--no-dht", &noDht, "do not look for peers in the DHT");
    p.flag("--no-lsd", &noLsd, "do not look for peers on the local network (local service discovery)");
    p.flag("--no-upnp", &noUpnp, "do not ask the router to forward the port (UPnP and NAT-PMP)");
}

void applySessionFlags(TorrentOptions &o, bool noDht, bool noLsd, bool noUpnp)
{
    o.dht = !noDht;
    o.lsd = !noLsd;
    o.upnp = o.natpmp = !noUpnp;
}

int runCreate(const std::vector<std::string> &args)
{
    std::string dir, out;
    TorrentCreateOptions o;
    uint64_t pieceBytes = uint64_t(o.pieceBytes);
    bool json = false;
    cli::OptionParser p("torrent create", "Makes a .torrent of a container folder (or any folder or file).",
                        "DIR --out FILE.torrent [options]");
    p.positional("DIR", &dir, "the folder to share; the torrent is named after it");
    p.text("--out", &out, "the .torrent file to write", "FILE");
    p.size("--piece-size", &pieceBytes, 16 << 10, 256 << 20, "piece size, a power of two (default 16 MiB)");
    p.list("--tracker", &o.trackers, "a tracker URL (default none)", "URL");
    p.list("--web-seed", &o.webSeeds, "an HTTP mirror of the same files", "URL");
    p.flag("--json", &json, "one JSON object at the end");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (out.empty())
        return p.usageError("--out FILE.torrent is required\n" + p.usageLine());
    o.pieceBytes = int(pieceBytes);
    auto made = createTorrent(dir, out, o, [](int done, int total) {
        if (done == total || done % 64 == 0)
            std::fprintf(stderr, "\rhashing: piece %d of %d", done, total);
    });
    std::fprintf(stderr, "\n");
    if (!made) {
        std::fprintf(stderr, "torrent create: %s\n", made.status().message().c_str());
        return 1;
    }
    if (json) {
        QJsonObject object = summaryJson(*made);
        object.insert("torrent", QString::fromStdString(out));
        printJson(object);
    } else {
        std::printf("%s: %s in %d files, %d pieces of %s\ninfo-hash %s\n%s\n", out.c_str(),
                    formatGiB(made->totalBytes).c_str(), made->files, made->pieces,
                    cli::formatSize(uint64_t(made->pieceBytes)).c_str(), made->infoHash.c_str(),
                    made->magnet.c_str());
    }
    return 0;
}

int runFetch(const std::vector<std::string> &args)
{
    std::string source, target;
    TorrentOptions o;
    bool noDht = false, noLsd = false, noUpnp = false, json = false;
    cli::OptionParser p("torrent get", "Fetches a torrent (a .torrent file or a magnet link) into a folder,\n"
                                       "resumably; every piece is checked against its hash.",
                        "(FILE.torrent|MAGNET) --to DIR [options]");
    p.positional("SOURCE", &source, "a .torrent file or a magnet:? link");
    p.text("--to", &target, "the folder to fetch into: the payload lands in DIR/NAME (a rerun resumes)", "DIR");
    addSessionOptions(p, o, noDht, noLsd, noUpnp);
    p.size("--limit-rate", &o.maxDownloadBytesPerSecond, 1024, uint64_t(1) << 40,
           "at most this many bytes per second, e.g. 20MiB (default: no limit)");
    p.size("--upload-limit", &o.maxUploadBytesPerSecond, 1024, uint64_t(1) << 40,
           "send at most this many bytes per second to other peers, while fetching and seeding (default: no limit)");
    double seedMinutes = 0;
    p.number("--seed-ratio", &o.seedRatio, 0, 1000,
             "once complete, seed until this many times the torrent's size was sent (default: no seeding)");
    p.number("--seed-time", &seedMinutes, 0, 525600,
             "once complete, seed for at most this many minutes (with --seed-ratio: whichever comes first)");
    p.flag("--json", &json, "one JSON object at the end");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (target.empty())
        return p.usageError("--to DIR is required\n" + p.usageLine());
    o.seedTimeMs = int64_t(seedMinutes * 60000.0);
    applySessionFlags(o, noDht, noLsd, noUpnp);
    stopOnSignals();
    ProgressLine line(false);
    auto report = fetchTorrent(source, target, o, std::ref(line), &g_torrentStop);
    std::fprintf(stderr, "\n");
    if (!report) {
        std::fprintf(stderr, "torrent get: %s\n", report.status().message().c_str());
        return report.status().code() == ErrorCode::Cancelled ? 130 : 1;
    }
    if (json) {
        QJsonObject object = summaryJson(report->torrent);
        object.insert("folder", QString::fromStdString(report->folder));
        object.insert("bytes_received", double(report->bytesDownloaded));
        object.insert("bytes_present", double(report->bytesPresent));
        object.insert("hash_failures", report->hashFailures);
        object.insert("resumed", report->resumed);
        if (o.seeds()) {
            object.insert("bytes_sent", double(report->bytesUploaded));
            object.insert("seconds_seeded", report->secondsSeeded);
            object.insert("seed_end", seedEndName(report->seedEnd));
            if (!report->seedError.empty())
                object.insert("seed_error", QString::fromStdString(report->seedError));
        }
        printJson(object);
    } else {
        std::printf("%s: complete, every piece verified; %s received, %s already there%s\n",
                    report->folder.c_str(), formatGiB(report->bytesDownloaded).c_str(),
                    formatGiB(report->bytesPresent).c_str(),
                    report->hashFailures ? " (pieces that failed their hash were fetched again)" : "");
        if (o.seeds())
            std::printf("seeded for %.1f min, %s sent: %s%s\n", report->secondsSeeded / 60.0,
                        formatGiB(report->bytesUploaded).c_str(), seedEndName(report->seedEnd),
                        report->seedError.empty() ? "" : (" (" + report->seedError + ")").c_str());
    }
    return 0;
}

int runSeed(const std::vector<std::string> &args)
{
    std::string torrentFile, payload;
    TorrentOptions o;
    bool noDht = false, noLsd = false, noUpnp = false, json = false;
    cli::OptionParser p("torrent seed", "Checks a folder against a .torrent, then shares it until Ctrl-C.",
                        "FILE.torrent DIR [options]");
    p.positional("FILE.torrent", &torrentFile, "the torrent");
    p.positional("DIR", &payload, "its folder (under any name), or its file");
    addSessionOptions(p, o, noDht, noLsd, noUpnp);
    p.size("--limit-rate", &o.maxUploadBytesPerSecond, 1024, uint64_t(1) << 40,
           "send at most this many bytes per second (default: no limit)");
    p.flag("--json", &json, "one JSON object when it stops");
    if (const int code = p.parse(args); code >= 0)
        return code;
    applySessionFlags(o, noDht, noLsd, noUpnp);
    stopOnSignals();
    ProgressLine line(true);
    uint64_t sent = 0;
    int port = 0;
    auto report = seedTorrent(torrentFile, payload, o, [&](const TorrentProgress &progress) {
        sent = progress.uploaded;
        if (progress.complete && port == 0 && progress.listenPort > 0) {
            port = progress.listenPort;
            // Scripts read the port here (on stderr with --json: stdout holds one JSON object).
            std::fprintf(json ? stderr : stdout, "seeding %s on port %d\n", torrentFile.c_str(), port);
            std::fflush(json ? stderr : stdout);
        }
        return line(progress);
    }, &g_torrentStop);
    std::fprintf(stderr, "\n");
    if (!report) {
        std::fprintf(stderr, "torrent seed: %s\n", report.status().message().c_str());
        return 1;
    }
    if (json) {
        QJsonObject object = summaryJson(report->torrent);
        object.insert("folder", QString::fromStdString(report->folder));
        object.insert("bytes_sent", double(sent));
        object.insert("port", port);
        printJson(object);
    } else {
        std::printf("%s: stopped, %s sent\n", report->folder.c_str(), formatGiB(sent).c_str());
    }
    return 0;
}

int runTorrent(const std::vector<std::string> &args)
{
    const std::string usage = "usage: " + cli::programName() +
                              " torrent (create|get|seed) ARGS...\n"
                              "  create DIR --out FILE.torrent   make a .torrent of a folder\n"
                              "  get (FILE.torrent|MAGNET) --to DIR   fetch it, resumably, every piece verified\n"
                              "  seed FILE.torrent DIR            check a folder, then share it\n"
                              "Run '" + cli::programName() + " torrent SUBCOMMAND --help' for its options.\n";
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
        std::fprintf(args.size() < 2 ? stderr : stdout, "%s", usage.c_str());
        return args.size() < 2 ? 2 : 0;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[1] == "create")
        return runCreate(rest);
    if (args[1] == "get")
        return runFetch(rest);
    if (args[1] == "seed")
        return runSeed(rest);
    std::fprintf(stderr, "torrent: unknown subcommand '%s'\n%s", args[1].c_str(), usage.c_str());
    return 2;
}

} // namespace

static const cli::CommandRegistration torrentCommand{"torrent", "Create, fetch or seed a container over BitTorrent", runTorrent};
