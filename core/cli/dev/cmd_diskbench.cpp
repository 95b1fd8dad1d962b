// sluice-cli diskbench PATH: random record-sized reads over an existing file
// (e.g. an experts bank) at each queue depth, bypassing the page cache, with
// the reader threads and (when built with liburing) io_uring side by side.
#include "command.h"
#include "options.h"

#include "stream/diskbench.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <cstdlib>
#include <sstream>

using namespace sluice;

static bool parseIntList(const std::string &text, std::vector<int> &out)
{
    out.clear();
    std::stringstream list(text);
    std::string item;
    while (std::getline(list, item, ',')) {
        char *end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (end == item.c_str() || *end || v < 1 || v > 256)
            return false;
        out.push_back(int(v));
    }
    return !out.empty();
}

static int runDiskbench(const std::vector<std::string> &args)
{
    std::string path, engine = "both";
    std::vector<int> depths = {1, 2, 4, 8, 16};
    DiskBenchOptions base;
    bool json = false;
    uint64_t recordBytes = base.recordBytes;
    cli::OptionParser p("diskbench", "Random O_DIRECT reads of one record at a time over an existing file (an experts\n"
                                     "bank, or any file of a few GB); GB/s at each queue depth.");
    p.positional("PATH", &path, "a file of a few GB");
    p.size("--record-bytes", &recordBytes, 4096, 1ull << 30, "bytes per read, a multiple of 4096");
    p.custom("--qd", "LIST", "queue depths, e.g. 1,2,4,8,16", [&](const std::string &v) {
        return parseIntList(v, depths) ? std::string() : std::string("expected a list like 1,2,4 (each 1..256)");
    });
    p.number("--seconds", &base.seconds, 0.001, 3600, "seconds per queue depth", "S");
    p.choice("--engine", &engine, {"threads", "io_uring", "both"}, "the read engine");
    p.flag("--buffered", &base.forceBuffered, "page-cache reads");
    p.flag("--json", &json, "JSON output");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (recordBytes % 4096)
        return p.usageError("--record-bytes '" + std::to_string(recordBytes) + "': expected a multiple of 4096");
    base.recordBytes = recordBytes;
    std::vector<DiskBenchEngine> engines;
    if (engine != "io_uring")
        engines.push_back(DiskBenchEngine::Threads);
    if (engine != "threads") {
        if (ioUringAvailable())
            engines.push_back(DiskBenchEngine::IoUring);
        else if (engine == "io_uring") {
            std::fprintf(stderr, "diskbench: io_uring is not available (not built with liburing, or refused by the kernel)\n");
            return 1;
        }
    }
    QJsonArray rows;
    bool warned = false;
    if (!json)
        std::printf("%s: random %llu-byte reads, %.1f s per point\n%-9s %4s %10s %10s %9s\n", path.c_str(),
                    (unsigned long long)base.recordBytes, base.seconds, "engine", "qd", "GB/s", "reads", "direct");
    for (DiskBenchEngine e : engines) {
        for (int qd : depths) {
            DiskBenchOptions o = base;
            o.queueDepth = qd;
            o.engine = e;
            auto r = runDiskBench(path, o);
            if (!r) {
                std::fprintf(stderr, "diskbench: %s\n", r.status().message().c_str());
                return 1;
            }
            if (!r->directIo && !warned) {
                // Never report page-cache speed as disk speed without saying so.
                std::fprintf(stderr, "diskbench: WARNING: O_DIRECT %s on %s; these figures include the page cache\n",
                             base.forceBuffered ? "disabled by --buffered" : "refused by the file system", path.c_str());
                warned = true;
            }
            const char *name = e == DiskBenchEngine::Threads ? "threads" : "io_uring";
            if (json)
                rows.append(QJsonObject{{"engine", name},
                                        {"queue_depth", qd},
                                        {"gb_per_s", r->gbPerSecond()},
                                        {"reads", qint64(r->reads)},
                                        {"seconds", r->seconds},
                                        {"direct_io", r->directIo}});
            else
                std::printf("%-9s %4d %10.3f %10llu %9s\n", name, qd, r->gbPerSecond(), (unsigned long long)r->reads,
                            r->directIo ? "yes" : "NO");
            std::fflush(stdout);
        }
    }
    if (json) {
        QJsonObject root{{"path", QString::fromStdString(path)},
                         {"record_bytes", qint64(base.recordBytes)},
                         {"seconds_per_point", base.seconds},
                         {"results", rows}};
        std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
    }
    return 0;
}

static const sluice::cli::CommandRegistration diskbenchCommand{"diskbench", "Random O_DIRECT record reads: GB/s per queue depth",
                                                  runDiskbench};
