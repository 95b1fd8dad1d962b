// sluice-cli get OWNER/REPO --to DIR [--endpoint URL] [--revision R]
// [--token-file FILE] [--jobs N] [--limit-rate SIZE] [--dry-run] [--json]
// [--convert OUT [--max-staging SIZE] [--convert-jobs N] [--expert-fmt F] [--trunk-bits B]
// [--sample-vectors N] [--iterations N]]: a model from a Hugging Face-compatible
// hub (api/download.h, issue 26), resumable, every file's size and SHA-256
// checked before it is kept; with --convert, converted while it downloads
// (downloadAndConvert). HF_ENDPOINT and HF_TOKEN are honoured as the hub's own
// tools honour them (an option wins).
#include "command.h"

#include "api/download.h"
#include "api/inspect.h" // formatGiB
#include "api/remote.h"  // readApiKeyFile
#include "options.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace sluice;

namespace {

std::string env(const char *name)
{
    const char *v = std::getenv(name);
    return v && *v ? std::string(v) : std::string();
}

} // namespace

// --dry-run: the files, their sizes and the total.
static void printFileList(const HubOptions &o, const std::vector<HubFile> &files, uint64_t total, bool json)
{
    if (json) {
        QJsonArray list;
        for (const HubFile &f : files)
            list.append(QJsonObject{{"path", QString::fromStdString(f.path)},
                                    {"size", double(f.size)},
                                    {"sha256", QString::fromStdString(f.sha256)}});
        std::printf("%s\n", QJsonDocument(QJsonObject{{"repo", QString::fromStdString(o.repo)},
                                                      {"files", list},
                                                      {"bytes", double(total)}})
                                .toJson(QJsonDocument::Compact)
                                .constData());
        return;
    }
    for (const HubFile &f : files)
        std::printf("%14llu  %s%s\n", (unsigned long long)f.size, f.path.c_str(),
                    f.sha256.empty() ? "" : "  (sha256)");
    std::printf("%zu files, %s\n", files.size(), formatGiB(total).c_str());
}

namespace {

// At most two progress lines a second on stderr (and always a file's last).
class ProgressThrottle {
public:
    bool due(bool last = false)
    {
        const auto now = std::chrono::steady_clock::now();
        if (!last && now - m_shown < std::chrono::milliseconds(500))
            return false;
        m_shown = now;
        return true;
    }

private:
    std::chrono::steady_clock::time_point m_shown = std::chrono::steady_clock::now();
};

} // namespace

// The download with a progress line on stderr (at most twice a second), then the report.
static int downloadFiles(const HubOptions &o, const std::vector<HubFile> &files, const std::string &folder,
                         uint64_t total, bool json)
{
    ProgressThrottle throttle;
    const auto progress = [&](const DownloadProgress &d) {
        if (!throttle.due(d.fileDone == d.fileSize))
            return true;
        const double left = d.bytesPerSecond > 0 ? double(d.totalSize - d.totalDone) / d.bytesPerSecond : 0;
        std::fprintf(stderr, "\r%s of %s, %.1f MB/s, %.0f s left  %-40.40s", formatGiB(d.totalDone).c_str(),
                     formatGiB(d.totalSize).c_str(), d.bytesPerSecond / 1e6, left, d.file.c_str());
        return true;
    };
    auto report = downloadHubFiles(o, files, folder, progress);
    std::fprintf(stderr, "\n");
    if (!report) {
        std::fprintf(stderr, "get: %s\n", report.status().message().c_str());
        return 1;
    }
    if (json) {
        std::printf("%s\n", QJsonDocument(QJsonObject{{"repo", QString::fromStdString(o.repo)},
                                                      {"folder", QString::fromStdString(folder)},
                                                      {"files_fetched", report->filesFetched},
                                                      {"files_present", report->filesPresent},
                                                      {"bytes_fetched", double(report->bytesFetched)},
                                                      {"bytes", double(total)},
                                                      {"retries", report->retries},
                                                      {"refetches", report->refetches}})
                                .toJson(QJsonDocument::Compact)
                                .constData());
    } else {
        std::printf("%s: %d files fetched, %d already there, %s received, %d retries, %d refetched\n",
                    folder.c_str(), report->filesFetched, report->filesPresent,
                    formatGiB(report->bytesFetched).c_str(), report->retries, report->refetches);
    }
    return 0;
}

// --convert: the converter's options that change bytes, named as `convert` names them.
struct ConvertFlags {
    std::string out;
    uint64_t maxStaging = 0;
    convert::ConvertOptions options;
};

static void addConvertFlags(cli::OptionParser &p, ConvertFlags &c)
{
    p.text("--convert", &c.out, "convert while downloading into this container folder: each shard is fetched when "
                                "the converter reaches it and deleted once converted (--to is the staging folder)",
           "OUT");
    p.size("--max-staging", &c.maxStaging, 4096, uint64_t(1) << 50,
           "with --convert: the most source bytes on disk (shards, and trunk tensors fetched ahead); a step "
           "that would need more is refused");
    p.integer("--convert-jobs", &c.options.jobs, 1, 256, "with --convert: encoder threads (as convert --jobs)");
    p.choice("--expert-fmt", &c.options.expertFmt, {"VQ3R", "VQ2R", "VQ4P"}, "with --convert: the experts' format");
    p.integer("--trunk-bits", &c.options.trunkBits, 3, 8, "with --convert: trunk matrix bits (4, 8 or 3)");
    p.integer("--sample-vectors", &c.options.sampleVectors, 256, 100000000,
              "with --convert: k-means training vectors per matrix kind");
    p.integer("--iterations", &c.options.iterations, 0, 1000, "with --convert: Lloyd iterations per stage");
}

// The download and conversion, progress on stderr, then the report.
static int downloadAndConvertFiles(const HubOptions &o, const std::string &staging, const ConvertFlags &c, bool json)
{
    ProgressThrottle throttle;
    const auto progress = [&](const DownloadProgress &d) {
        if (!throttle.due(d.fileDone == d.fileSize))
            return true;
        std::fprintf(stderr, "\rfetching %-40.40s %s of %s, %.1f MB/s", d.file.c_str(), formatGiB(d.fileDone).c_str(),
                     formatGiB(d.fileSize).c_str(), d.bytesPerSecond / 1e6);
        return true;
    };
    convert::ConvertOptions co = c.options;
    co.progress = [&](const convert::ConvertProgress &p) {
        if (throttle.due()) {
            std::fprintf(stderr, "\rconverting: %s, layer %d, %d of %d layers done%-30s", p.phase.c_str(), p.layer,
                         p.layersDone, p.layers, "");
        }
        return true;
    };
    auto r = downloadAndConvert(o, staging, c.out, co, c.maxStaging, progress);
    std::fprintf(stderr, "\n");
    if (!r) {
        std::fprintf(stderr, "get: %s\n", r.status().message().c_str());
        return 1;
    }
    if (json) {
        std::printf("%s\n", QJsonDocument(QJsonObject{{"repo", QString::fromStdString(o.repo)},
                                                      {"container", QString::fromStdString(c.out)},
                                                      {"files_fetched", r->download.filesFetched},
                                                      {"bytes_fetched", double(r->download.bytesFetched)},
                                                      {"header_bytes", double(r->headerBytes)},
                                                      {"range_bytes", double(r->rangeBytes)},
                                                      {"peak_staging_bytes", double(r->peakStagingBytes)},
                                                      {"convert_runs", r->convertRuns},
                                                      {"already_converted", r->convert.alreadyComplete}})
                                .toJson(QJsonDocument::Compact)
                                .constData());
    } else {
        std::printf("%s: converted; %d files fetched (%s), staged shards at most %s\n", c.out.c_str(),
                    r->download.filesFetched, formatGiB(r->download.bytesFetched).c_str(),
                    formatGiB(r->peakStagingBytes).c_str());
    }
    return 0;
}

// `get MAGNET|FILE.torrent ...` is `torrent get ...` (issue 26: one command for every
// source); the torrent command is found in the command table, as main() finds it.
static bool isTorrentSource(const std::string &source)
{
    return source.rfind("magnet:", 0) == 0
           || (source.size() > 8 && source.compare(source.size() - 8, 8, ".torrent") == 0);
}

static int runTorrentGet(const std::vector<std::string> &args)
{
    std::vector<std::string> forwarded{"torrent", "get"};
    forwarded.insert(forwarded.end(), args.begin() + 1, args.end());
    for (const cli::Command &command : cli::commandTable())
        if (command.name == "torrent")
            return command.run(forwarded);
    std::fprintf(stderr, "get: this build has no torrent support\n");
    return 2;
}

static int runGet(const std::vector<std::string> &args)
{
    if (args.size() >= 2 && isTorrentSource(args[1]))
        return runTorrentGet(args);
    ConvertFlags convertFlags;
    HubOptions o;
    std::string folder, tokenFile;
    bool dryRun = false, json = false;
    cli::OptionParser p("get", "Downloads a model repository from a Hugging Face-compatible hub, resumably,\n"
                               "checking every file's size and SHA-256 before keeping it. A magnet link or a\n"
                               ".torrent file instead of OWNER/REPO is `torrent get` (see its --help).",
                        "OWNER/REPO --to DIR [options]");
    p.positional("OWNER/REPO", &o.repo, "the repository, e.g. moonshotai/Kimi-Linear-48B-A3B-Instruct");
    p.text("--to", &folder, "the folder to download into (created; a rerun resumes)", "DIR");
    p.text("--endpoint", &o.endpoint, "the hub ($HF_ENDPOINT when set)",
           "URL");
    p.text("--revision", &o.revision, "branch, tag or commit", "REV");
    p.text("--token-file", &tokenFile, "an access token for gated repositories, in an owner-only file "
                                       "(default $HF_TOKEN); never printed", "FILE");
    p.integer("--jobs", &o.jobs, 1, 16, "files fetched at once", "N", "-j");
    p.size("--limit-rate", &o.maxBytesPerSecond, 1024, uint64_t(1) << 40,
           "at most this many bytes per second over all files, e.g. 20MiB (default: no limit)");
    p.integer("--attempts", &o.maxAttempts, 1, 100, "attempts per file before giving up");
    p.flag("--dry-run", &dryRun, "list the files, their sizes and the space check; download nothing");
    p.flag("--json", &json, "one JSON object at the end (and the file list with --dry-run)");
    addConvertFlags(p, convertFlags);
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (folder.empty() && !dryRun)
        return p.usageError("--to DIR is required\n" + p.usageLine());
    if (convertFlags.out.empty() && p.wasGiven("--max-staging"))
        return p.usageError("--max-staging bounds a conversion: it needs --convert OUT");
    if (const int bits = convertFlags.options.trunkBits; bits != 3 && bits != 4 && bits != 8)
        return p.usageError("--trunk-bits '" + std::to_string(bits) + "': expected 3, 4 or 8");
    if (!p.wasGiven("--endpoint") && !env("HF_ENDPOINT").empty())
        o.endpoint = env("HF_ENDPOINT");
    if (!tokenFile.empty()) {
        auto token = readApiKeyFile(tokenFile);
        if (!token) {
            std::fprintf(stderr, "get: %s\n", token.status().message().c_str());
            return 1;
        }
        o.token = *token;
    } else {
        o.token = env("HF_TOKEN");
    }
    int argc = 1;
    char name[] = "sluice-cli";
    char *argv[] = {name, nullptr};
    QCoreApplication app(argc, argv); // the downloads' event loops need one
    auto files = listHubFiles(o);
    if (!files) {
        std::fprintf(stderr, "get: %s\n", files.status().message().c_str());
        return 1;
    }
    uint64_t total = 0;
    for (const HubFile &f : *files)
        total += f.size;
    if (dryRun) {
        printFileList(o, *files, total, json);
        return 0;
    }
    if (!convertFlags.out.empty())
        return downloadAndConvertFiles(o, folder, convertFlags, json);
    return downloadFiles(o, *files, folder, total, json);
}

static const cli::CommandRegistration getCommand{"get", "Download a model from a Hugging Face-compatible hub", runGet};
