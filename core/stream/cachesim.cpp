#include "cachesim.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "util/regularfile.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace sluice {

Expected<RoutingTrace> loadRoutingTrace(const std::string &path)
{
    if (const Status regular = checkRegularFile(path, path + " (routing trace)"); !regular.isOk())
        return regular;
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::NotFound, path + ": cannot open routing trace");
    RoutingTrace trace;
    trace.name = QFileInfo(file).fileName().toStdString();
    std::unordered_set<uint32_t> keys;
    int lineNumber = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        const std::string where = path + ":" + std::to_string(lineNumber);
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return makeError(ErrorCode::Format, where + ": not a JSON object (" + error.errorString().toStdString() + ")");
        const QJsonValue layersValue = doc.object().value("layers");
        if (!layersValue.isArray())
            return makeError(ErrorCode::Format, where + ": no \"layers\" array");
        const QJsonArray layers = layersValue.toArray();
        if (layers.isEmpty())
            return makeError(ErrorCode::Format, where + ": empty \"layers\"");
        if (trace.moeLayers == 0)
            trace.moeLayers = int(layers.size());
        else if (int(layers.size()) != trace.moeLayers)
            return makeError(ErrorCode::Format, where + ": " + std::to_string(layers.size()) + " layers, earlier lines had " +
                                                    std::to_string(trace.moeLayers));
        std::vector<std::vector<int>> token;
        token.reserve(layers.size());
        for (qsizetype l = 0; l < layers.size(); ++l) {
            if (!layers[l].isArray())
                return makeError(ErrorCode::Format, where + ": layer " + std::to_string(l) + " is not an array");
            std::vector<int> ids;
            for (const QJsonValue &v : layers[l].toArray()) {
                const double d = v.toDouble(-1);
                if (!v.isDouble() || d < 0 || d > 65535 || d != std::floor(d))
                    return makeError(ErrorCode::Format, where + ": layer " + std::to_string(l) + ": expert id is not an integer in 0..65535");
                const int id = int(d);
                if (std::find(ids.begin(), ids.end(), id) != ids.end())
                    return makeError(ErrorCode::Format, where + ": layer " + std::to_string(l) + ": expert " +
                                                            std::to_string(id) + " listed twice");
                ids.push_back(id);
                trace.expertCount = std::max(trace.expertCount, id + 1);
                keys.insert(uint32_t(l) << 16 | uint32_t(id));
            }
            trace.topK = std::max(trace.topK, int(ids.size()));
            token.push_back(std::move(ids));
        }
        trace.tokens.push_back(std::move(token));
    }
    if (trace.tokens.empty())
        return makeError(ErrorCode::Format, path + ": no tokens in routing trace");
    trace.distinctKeys = keys.size();
    return trace;
}

SimResult simulateCache(const RoutingTrace &trace, EvictionPolicy policy, int slotCount)
{
    SimResult result;
    result.policy = policy;
    result.slotCount = slotCount;

    // Flatten to (key, step) so Belady can look up each access's next use.
    struct Access {
        uint32_t key;
        uint32_t step;
    };
    std::vector<Access> accesses;
    for (size_t t = 0; t < trace.tokens.size(); ++t)
        for (size_t l = 0; l < trace.tokens[t].size(); ++l)
            for (int id : trace.tokens[t][l])
                accesses.push_back({uint32_t(l) << 16 | uint32_t(id), uint32_t(t * trace.tokens[t].size() + l)});
    constexpr uint64_t never = std::numeric_limits<uint64_t>::max();
    std::vector<uint64_t> nextUse(accesses.size(), never);
    {
        std::unordered_map<uint32_t, uint64_t> seen;
        for (size_t i = accesses.size(); i-- > 0;) {
            auto it = seen.find(accesses[i].key);
            if (it != seen.end())
                nextUse[i] = it->second;
            seen[accesses[i].key] = i + 1; // clocks start at 1
        }
    }

    std::vector<SlotUsage> slotUse(size_t(std::max(slotCount, 0)));
    std::vector<uint32_t> slotKey(slotUse.size(), 0);
    std::vector<bool> occupied(slotUse.size(), false);
    std::unordered_map<uint32_t, int> where;
    std::vector<int> pinned; // slotUse used by the current step
    VictimChooser chooser(policy);
    int filled = 0;
    std::unordered_map<uint32_t, uint32_t> useCount; // LfruGlobal: uses since the start
    std::unordered_map<uint32_t, UseHistory> history; // LRU-2 and LRFU: outlives residency
    const double lambda = kLrfuLambdaPerToken / double(std::max(1, trace.topK * trace.moeLayers));
    uint32_t currentStep = std::numeric_limits<uint32_t>::max();

    for (size_t i = 0; i < accesses.size(); ++i) {
        const Access &a = accesses[i];
        const uint64_t clock = i + 1;
        if (a.step != currentStep) {
            for (int s : pinned)
                slotUse[s].evictable = true;
            pinned.clear();
            currentStep = a.step;
        }
        ++result.accesses;
        const uint32_t uses = ++useCount[a.key];
        UseHistory &h = history[a.key];
        const uint64_t previous = h.lastUse;
        const double score = recordUse(h, clock, lambda);
        auto it = where.find(a.key);
        if (it != where.end()) {
            SlotUsage &u = slotUse[it->second];
            ++result.hits;
            ++u.hits;
            u.previousUse = u.lastUse;
            u.lastUse = clock;
            u.score = score;
            u.nextUse = nextUse[i];
            if (u.evictable) {
                u.evictable = false;
                pinned.push_back(it->second);
            }
            continue;
        }
        int s = -1;
        if (filled < slotCount) {
            s = filled++;
        } else {
            s = chooser.choose(slotUse);
            if (s < 0)
                continue; // every slot pinned (cache smaller than a layer): read without caching
            where.erase(slotKey[s]);
        }
        slotUse[s] = SlotUsage{policy == EvictionPolicy::LfruGlobal ? uses : 1u, clock, clock, previous, nextUse[i], score, false};
        slotKey[s] = a.key;
        occupied[s] = true;
        where[a.key] = s;
        pinned.push_back(s);
    }
    return result;
}

SimTable simulateTable(const RoutingTrace &trace, const std::vector<double> &multipliers)
{
    SimTable table;
    table.multipliers = multipliers;
    table.policies = allPolicies();
    const int workingSet = trace.topK * trace.moeLayers;
    for (double m : multipliers)
        table.slotCounts.push_back(std::max(1, int(std::lround(m * workingSet))));
    double bestMean = -1;
    for (EvictionPolicy p : table.policies) {
        std::vector<SimResult> row;
        double sum = 0;
        for (int slotUse : table.slotCounts) {
            row.push_back(simulateCache(trace, p, slotUse));
            sum += row.back().hitRate();
        }
        table.results.push_back(std::move(row));
        if (p != EvictionPolicy::Belady && sum > bestMean) {
            bestMean = sum;
            table.bestPractical = p;
        }
    }
    return table;
}

} // namespace sluice
