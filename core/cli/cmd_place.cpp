// sluice-cli place CONTAINER --folder DIR[:WEIGHT] ... | --back: spreads a
// container's expert banks over several folders (drives) so reads of
// successive layers overlap; each folder's share of the bytes follows its
// weight, by default its measured read speed (api/placement.h).
#include "command.h"
#include "options.h"

#include "api/placement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace sluice;

namespace {

// "DIR" or "DIR:WEIGHT" (WEIGHT > 0); a folder whose name has a colon can be
// given with an explicit weight ("/mnt/a:b:1").
std::string parseFolder(const std::string &text, std::vector<PlacementFolder> &out)
{
    PlacementFolder f{text, 0};
    if (const size_t colon = text.rfind(':'); colon != std::string::npos) {
        double w = 0;
        if (cli::parseNumber(text.substr(colon + 1), 1e-6, 1e9, w).empty()) {
            f.path = text.substr(0, colon);
            f.weight = w;
        }
    }
    if (f.path.empty())
        return "expected DIR or DIR:WEIGHT";
    out.push_back(f);
    return {};
}

void printResult(const PlacementResult &r, bool json)
{
    if (json) {
        QJsonArray list;
        for (const PlacedFolder &f : r.folders)
            list.append(QJsonObject{{"folder", QString::fromStdString(f.path)}, {"weight", f.weight},
                                    {"measuredGBps", f.measuredGBps}, {"bytes", qint64(f.bytes)}, {"banks", f.banks}});
        const QJsonObject o{{"folders", list}, {"moved", r.moved}, {"movedBytes", qint64(r.movedBytes)},
                            {"staleRemoved", r.staleRemoved}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return;
    }
    for (const PlacedFolder &f : r.folders)
        std::printf("%-50s weight %.3f  %3d banks  %8.1f MiB\n", f.path.c_str(), f.weight, f.banks,
                    double(f.bytes) / (1 << 20));
    std::printf("%d banks moved (%.1f MiB)%s\n", r.moved, double(r.movedBytes) / (1 << 20),
                r.staleRemoved ? ", stale copies of an interrupted run removed" : "");
}

int runPlace(const std::vector<std::string> &args)
{
    std::string container;
    std::vector<PlacementFolder> folders;
    PlacementOptions options;
    bool json = false;
    cli::OptionParser p("place", "Spreads a container's expert banks over folders (drives), by weight.\n"
                                 "Banks go into DIR/<container name>.banks; the container's own folder keeps its\n"
                                 "share in place. sluice-placement.json beside manifest.json records where each\n"
                                 "bank is; the container's files are otherwise unchanged.");
    p.positional("CONTAINER", &container, "a .waste container folder");
    p.custom("--folder", "DIR[:WEIGHT]", "a folder to hold banks (repeat); WEIGHT is its share, default its measured "
                                         "read speed",
             [&](const std::string &v) { return parseFolder(v, folders); });
    p.flag("--back", &options.back, "move every bank back into the container's folder");
    p.flag("--dry-run", &options.dryRun, "say where the banks would go, move nothing");
    p.number("--measure-seconds", &options.measureSeconds, 0.2, 60, "disk test per folder without a weight", "S");
    p.flag("--json", &json, "one JSON object at the end");
    p.note("A kill at any point leaves a container that opens: each bank is copied, synced and renamed,\n"
           "then the sidecar is rewritten atomically, and only then is the old copy removed.");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (options.back == !folders.empty())
        return p.usageError("give --folder DIR[:WEIGHT] at least once, or --back");
    if (!json)
        options.log = [](const std::string &line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    auto r = placeBanks(container, folders, options);
    if (!r) {
        std::fprintf(stderr, "place: %s\n", r.status().message().c_str());
        return 1;
    }
    printResult(*r, json);
    return 0;
}

const cli::CommandRegistration reg{"place", "Spread expert banks over several folders (drives) by speed",
                                   runPlace};

} // namespace
