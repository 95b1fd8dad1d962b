// sluice-cli cachesim TRACE [--json] [--sizes 1,2,3,5] [--prefetch-prev]: replays
// a routing trace through every eviction policy at multiples of one token's
// working set and prints the hit-rate table that chose ExpertCache's policy
// (docs/streaming.md); --prefetch-prev adds the same table with the previous
// token's experts read before each layer, and what those reads cost.
#include "command.h"
#include "options.h"

#include "stream/cachesim.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <sstream>

using namespace sluice;

namespace {

struct CachesimOptions {
    std::string path;
    bool json = false;
    double lambda = 0; // 0 = the policies' own decay
    bool demandsOnly = false;
    bool prefetchPrev = false;
    std::vector<int> horizons; // oracle-horizon bound rows for the shipped policy
    std::vector<double> sizes = {1, 2, 3, 5};
};

// --horizon 0,16,32: whole layer-run counts; "" or the expected form.
std::string parseHorizons(const std::string &v, std::vector<int> &horizons)
{
    std::stringstream list(v);
    std::string item;
    while (std::getline(list, item, ',')) {
        double x = 0;
        if (!cli::parseNumber(item, 0, 1e6, x).empty() || x != std::floor(x))
            return std::string("expected a list of whole layer-run counts in 0..1000000, e.g. 0,16,32");
        horizons.push_back(int(x));
    }
    return horizons.empty() ? std::string("expected a list of whole layer-run counts, e.g. 0,16,32")
                            : std::string();
}

// --sizes 1,2,3,5: working-set multiples; "" or the expected form.
std::string parseSizes(const std::string &v, std::vector<double> &sizes)
{
    sizes.clear();
    std::stringstream list(v);
    std::string item;
    while (std::getline(list, item, ',')) {
        double x = 0;
        if (!cli::parseNumber(item, 0.001, 1000, x).empty())
            return std::string("expected a list of numbers in 0.001..1000, e.g. 1,2,3,5");
        sizes.push_back(x);
    }
    return sizes.empty() ? std::string("expected a list of numbers in 0.001..1000, e.g. 1,2,3,5") : std::string();
}

void declareCachesimOptions(cli::OptionParser &p, CachesimOptions &o)
{
    p.positional("TRACE.jsonl", &o.path, "a routing trace");
    p.flag("--json", &o.json, "JSON output");
    p.number("--lambda", &o.lambda, 1e-9, 100, "decay per token of the LRFU policies (sensitivity sweeps)", "L");
    p.flag("--no-read-ahead", &o.demandsOnly,
           "replay demands only (read-ahead off): a layer's misses may evict its own later experts");
    p.flag("--prefetch-prev", &o.prefetchPrev,
           "also replay with the previous token's experts of each layer read before the layer runs; "
           "prints hit rates and records read against the plain replay");
    p.custom("--horizon", "LIST",
             "bound rows: the shipped policy told the true routing of the next H layer runs, e.g. 0,16,32",
             [&o](const std::string &v) { return parseHorizons(v, o.horizons); });
    p.custom("--sizes", "LIST", "cache sizes in working sets, e.g. 1,2,3,5",
             [&o](const std::string &v) { return parseSizes(v, o.sizes); });
}

// The plain row of the same policy, for the extra reads a prefetch costs.
const std::vector<SimResult> &plainRow(const SimTable &table, EvictionPolicy policy)
{
    for (size_t r = 0; r < table.policies.size(); ++r)
        if (table.policies[r] == policy)
            return table.results[r];
    return table.results.front();
}

double extraReads(const SimResult &with, const SimResult &without)
{
    return without.reads() ? double(with.reads()) / double(without.reads()) - 1.0 : 0.0;
}

QJsonArray prefetchJson(const SimTable &table, const SimTable &prefetched)
{
    QJsonArray pfRows;
    for (size_t r = 0; r < prefetched.policies.size(); ++r) {
        QJsonArray rates;
        const std::vector<SimResult> &plain = plainRow(table, prefetched.policies[r]);
        for (size_t c = 0; c < prefetched.results[r].size(); ++c) {
            const SimResult &res = prefetched.results[r][c];
            rates.append(QJsonObject{{"slots", res.slotCount},
                                     {"hits", qint64(res.hits)},
                                     {"accesses", qint64(res.accesses)},
                                     {"hit_rate", res.hitRate()},
                                     {"prefetch_reads", qint64(res.prefetchReads)},
                                     {"reads", qint64(res.reads())},
                                     {"reads_without_prefetch", qint64(plain[c].reads())},
                                     {"extra_reads", extraReads(res, plain[c])}});
        }
        pfRows.append(QJsonObject{{"policy", policyName(prefetched.policies[r])}, {"results", rates}});
    }
    return pfRows;
}

void printCachesimJson(const CachesimOptions &o, const RoutingTrace &trace, const SimTable &table,
                       const SimTable &prefetched)
{
    QJsonObject root;
    root["trace"] = QString::fromStdString(trace.name);
    root["tokens"] = int(trace.tokens.size());
    root["moe_layers"] = trace.moeLayers;
    root["top_k"] = trace.topK;
    root["experts"] = trace.expertCount;
    root["distinct_keys"] = qint64(trace.distinctKeys);
    root["working_set_slots"] = trace.topK * trace.moeLayers;
    QJsonArray sizesJson;
    for (size_t c = 0; c < o.sizes.size(); ++c)
        sizesJson.append(QJsonObject{{"multiplier", o.sizes[c]}, {"slots", table.slotCounts[c]}});
    root["sizes"] = sizesJson;
    QJsonArray rows;
    for (size_t r = 0; r < table.policies.size(); ++r) {
        QJsonArray rates;
        for (const SimResult &res : table.results[r])
            rates.append(QJsonObject{{"slots", res.slotCount},
                                     {"hits", qint64(res.hits)},
                                     {"accesses", qint64(res.accesses)},
                                     {"hit_rate", res.hitRate()}});
        rows.append(QJsonObject{{"policy", policyName(table.policies[r])}, {"results", rates}});
    }
    root["policies"] = rows;
    if (o.prefetchPrev)
        root["prefetch_prev"] = prefetchJson(table, prefetched);
    root["best_practical"] = policyName(table.bestPractical);
    root["shipped"] = policyName(kShippedPolicy);
    root["read_ahead"] = !o.demandsOnly;
    std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
}

void printSizeHeader(const CachesimOptions &o, const SimTable &table, int width)
{
    std::printf("%-11s", "policy");
    for (size_t c = 0; c < o.sizes.size(); ++c) {
        char head[48];
        std::snprintf(head, sizeof head, "%gx (%d)", o.sizes[c], table.slotCounts[c]);
        std::printf(" %*s", width, head);
    }
    std::printf("\n");
}

void printHitRates(const CachesimOptions &o, const RoutingTrace &trace, const SimTable &table)
{
    printSizeHeader(o, table, 14);
    for (size_t r = 0; r < table.policies.size(); ++r) {
        std::printf("%-11s", policyName(table.policies[r]));
        for (const SimResult &res : table.results[r])
            std::printf(" %13.1f%%", 100.0 * res.hitRate());
        std::printf("\n");
    }
    for (int h : o.horizons) {
        char name[32];
        std::snprintf(name, sizeof name, "+future %d", h);
        std::printf("%-11s", name);
        for (int slots : table.slotCounts)
            std::printf(" %13.1f%%", 100.0 * simulateCache(trace, kShippedPolicy, slots, o.lambda, !o.demandsOnly, h).hitRate());
        std::printf("\n");
    }
}

void printPrefetchRates(const CachesimOptions &o, const SimTable &table, const SimTable &prefetched)
{
    std::printf("\n--prefetch-prev: hit rate / records read vs the plain replay of the same policy\n");
    printSizeHeader(o, table, 16);
    for (size_t r = 0; r < prefetched.policies.size(); ++r) {
        std::printf("%-11s", policyName(prefetched.policies[r]));
        const std::vector<SimResult> &plain = plainRow(table, prefetched.policies[r]);
        for (size_t c = 0; c < prefetched.results[r].size(); ++c) {
            char cell[48];
            std::snprintf(cell, sizeof cell, "%.1f%% %+.0f%%", 100.0 * prefetched.results[r][c].hitRate(),
                          100.0 * extraReads(prefetched.results[r][c], plain[c]));
            std::printf(" %16s", cell);
        }
        std::printf("\n");
    }
}

void printCachesimText(const CachesimOptions &o, const RoutingTrace &trace, const SimTable &table,
                       const SimTable &prefetched)
{
    std::printf("%s: %zu tokens, %d MoE layers, top-%d of %d experts, %llu distinct (layer, expert) keys\n",
                trace.name.c_str(), trace.tokens.size(), trace.moeLayers, trace.topK, trace.expertCount,
                (unsigned long long)trace.distinctKeys);
    std::printf("demand hit rate (cold misses included), cache = multiple of one token's working set (%d slots)\n\n",
                trace.topK * trace.moeLayers);
    printHitRates(o, trace, table);
    if (o.prefetchPrev)
        printPrefetchRates(o, table, prefetched);
    std::printf("\nbest practical policy on this trace: %s; shipped: %s\n", policyName(table.bestPractical),
                policyName(kShippedPolicy));
    if (!o.horizons.empty())
        std::printf("+future H: %s told the true routing of the next H layer runs (an oracle bound, not a policy)\n",
                    policyName(kShippedPolicy));
}

} // namespace

static int runCachesim(const std::vector<std::string> &args)
{
    CachesimOptions o;
    cli::OptionParser p("cachesim", "Replays an expert-routing trace through every eviction policy (docs/streaming.md) and Belady\n"
                                    "(offline optimum) at multiples of one token's working set (top-k x MoE layers).");
    declareCachesimOptions(p, o);
    if (const int code = p.parse(args); code >= 0)
        return code;
    auto trace = loadRoutingTrace(o.path);
    if (!trace) {
        std::fprintf(stderr, "cachesim: %s\n", trace.status().message().c_str());
        return 1;
    }
    const SimTable table = simulateTable(*trace, o.sizes, o.lambda, !o.demandsOnly);
    SimTable prefetched;
    if (o.prefetchPrev)
        prefetched = simulateTable(*trace, o.sizes, o.lambda, !o.demandsOnly, true);
    if (o.json)
        printCachesimJson(o, *trace, table, prefetched);
    else
        printCachesimText(o, *trace, table, prefetched);
    return 0;
}

static const sluice::cli::CommandRegistration cachesimCommand{"cachesim", "Replay a routing trace through the cache policies",
                                                  runCachesim};
