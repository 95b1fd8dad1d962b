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
#include <list>
#include <unordered_map>
#include <unordered_set>

namespace sluice {

namespace {

// ARC over the same replay model (the current layer's ids pinned while it
// runs): T1 = resident keys seen once recently, T2 = seen at least twice, B1/B2
// their ghosts (keys only); the target size p of T1 adapts on ghost hits.
SimResult simulateArc(const RoutingTrace &trace, int slotCount, bool readAhead)
{
    SimResult result;
    result.policy = EvictionPolicy::Arc;
    result.slotCount = slotCount;
    const size_t c = size_t(std::max(slotCount, 0));
    using List = std::list<uint32_t>;
    List t1, t2, b1, b2;
    struct Where {
        List *list = nullptr;
        List::iterator it;
    };
    std::unordered_map<uint32_t, Where> where;
    std::unordered_set<uint32_t> pinned;
    size_t p = 0;
    auto moveFront = [&](uint32_t key, List &to) {
        Where &w = where[key];
        if (w.list)
            w.list->erase(w.it);
        to.push_front(key);
        w = {&to, to.begin()};
    };
    auto drop = [&](List &from) { // the least recent ghost
        where.erase(from.back());
        from.pop_back();
    };
    // Moves the least recent unpinned key of `from` to the ghost list `ghost`.
    auto demote = [&](List &from, List &ghost) {
        for (auto it = from.rbegin(); it != from.rend(); ++it)
            if (!pinned.count(*it)) {
                moveFront(*it, ghost);
                return true;
            }
        return false;
    };
    auto replace = [&](bool inB2) {
        if (t1.size() + t2.size() < c)
            return;
        const bool fromT1 = !t1.empty() && (t1.size() > p || (inB2 && t1.size() == p));
        if (fromT1 ? !demote(t1, b1) && !demote(t2, b2) : !demote(t2, b2) && !demote(t1, b1))
            return; // every resident key pinned
    };
    for (const auto &token : trace.tokens) {
        for (size_t l = 0; l < token.size(); ++l) {
            pinned.clear();
            if (readAhead) // the read-ahead pins the layer's resident ids first (as simulateCache)
                for (int id : token[l]) {
                    const uint32_t key = uint32_t(l) << 16 | uint32_t(id);
                    auto it = where.find(key);
                    if (pinned.size() < c / 4 && it != where.end() && (it->second.list == &t1 || it->second.list == &t2))
                        pinned.insert(key);
                }
            for (int id : token[l]) {
                const uint32_t key = uint32_t(l) << 16 | uint32_t(id);
                ++result.accesses;
                auto it = where.find(key);
                List *in = it != where.end() ? it->second.list : nullptr;
                pinned.insert(key);
                if (in == &t1 || in == &t2) {
                    ++result.hits;
                    moveFront(key, t2);
                    continue;
                }
                if (in == &b1 || in == &b2) {
                    const bool inB2 = in == &b2;
                    if (!inB2)
                        p = std::min(c, p + std::max<size_t>(1, b2.size() / std::max<size_t>(1, b1.size())));
                    else
                        p = p - std::min(p, std::max<size_t>(1, b1.size() / std::max<size_t>(1, b2.size())));
                    replace(inB2);
                    if (t1.size() + t2.size() < c)
                        moveFront(key, t2);
                    else { // not cached: forget the ghost too
                        in->erase(it->second.it);
                        where.erase(it);
                    }
                    continue;
                }
                if (t1.size() + b1.size() >= c) {
                    if (t1.size() < c) {
                        if (!b1.empty())
                            drop(b1);
                        replace(false);
                    } else {
                        for (auto r = t1.rbegin(); r != t1.rend(); ++r)
                            if (!pinned.count(*r)) {
                                const uint32_t victim = *r;
                                t1.erase(std::next(r).base());
                                where.erase(victim);
                                break;
                            }
                    }
                } else if (t1.size() + t2.size() + b1.size() + b2.size() >= c) {
                    if (t1.size() + t2.size() + b1.size() + b2.size() >= 2 * c && !b2.empty())
                        drop(b2);
                    replace(false);
                }
                if (t1.size() + t2.size() < c)
                    moveFront(key, t1);
            }
        }
    }
    return result;
}

} // namespace

SimResult simulateCache(const RoutingTrace &trace, EvictionPolicy policy, int slotCount, double lambdaPerToken,
                        bool readAhead, int horizon)
{
    if (policy == EvictionPolicy::Arc)
        return simulateArc(trace, slotCount, readAhead);
    SimResult result;
    result.policy = policy;
    result.slotCount = slotCount;

    // Flatten to (key, step) so Belady can look up each access's next use.
    struct Access {
        uint32_t key;
        uint32_t step;
        int layer;
        uint32_t token;
    };
    std::vector<Access> accesses;
    for (size_t t = 0; t < trace.tokens.size(); ++t)
        for (size_t l = 0; l < trace.tokens[t].size(); ++l)
            for (int id : trace.tokens[t][l])
                accesses.push_back({uint32_t(l) << 16 | uint32_t(id), uint32_t(t * trace.tokens[t].size() + l), int(l), uint32_t(t)});
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

    // The step (layer run) of each access's next use, for the oracle horizon.
    std::vector<uint64_t> nextStep(accesses.size(), never);
    for (size_t i = 0; i < accesses.size(); ++i)
        if (nextUse[i] != never)
            nextStep[i] = accesses[size_t(nextUse[i] - 1)].step;
    std::vector<uint64_t> slotNextStep(size_t(std::max(slotCount, 0)), never);
    std::vector<int> shielded; // horizon: slots hidden from the chooser for one choice

    std::vector<SlotUsage> slotUse(size_t(std::max(slotCount, 0)));
    std::vector<uint32_t> slotKey(slotUse.size(), 0);
    std::vector<bool> occupied(slotUse.size(), false);
    std::unordered_map<uint32_t, int> where;
    std::vector<int> pinned; // slotUse used by the current step
    VictimChooser chooser(policy);
    int filled = 0;
    std::unordered_map<uint32_t, uint32_t> useCount; // LfruGlobal: uses since the start
    std::unordered_map<uint32_t, UseHistory> history; // LRU-2 and LRFU: outlives residency
    const bool layerTime = policy == EvictionPolicy::LrfuLayer;
    const double perToken = lambdaPerToken > 0 ? lambdaPerToken
                            : layerTime ? (readAhead ? lrfuLayerLambda(slotCount, trace.topK * trace.moeLayers)
                                                     : kLrfuLayerLambda) // as ExpertCache::rescoreForSize
                                        : kLrfuLambdaPerToken;
    const double lambda = layerTime ? perToken : perToken / double(std::max(1, trace.topK * trace.moeLayers));
    std::vector<uint64_t> layerRuns(size_t(std::max(1, trace.moeLayers)), 0); // LRFU-layer's clock
    uint32_t currentStep = std::numeric_limits<uint32_t>::max();

    for (size_t i = 0; i < accesses.size(); ++i) {
        const Access &a = accesses[i];
        const uint64_t clock = i + 1;
        if (a.step != currentStep) {
            for (int s : pinned)
                slotUse[s].evictable = true;
            pinned.clear();
            currentStep = a.step;
            ++layerRuns[size_t(a.layer)];
            chooser.setLayerClock(layerRuns.data(), int(layerRuns.size()), a.layer, lambda);
            // The read-ahead (ExpertCache::prefetch) knows the layer's routing
            // before any read: it pins the resident ids first, at most a quarter
            // of the slots, so the layer's misses never evict its own later ids.
            if (readAhead) {
                const int maxPins = slotCount / 4;
                for (int id : trace.tokens[a.token][size_t(a.layer)]) {
                    if (int(pinned.size()) >= maxPins)
                        break;
                    auto r = where.find(uint32_t(a.layer) << 16 | uint32_t(id));
                    if (r != where.end() && slotUse[size_t(r->second)].evictable) {
                        slotUse[size_t(r->second)].evictable = false;
                        pinned.push_back(r->second);
                    }
                }
            }
        }
        ++result.accesses;
        const uint32_t uses = ++useCount[a.key];
        UseHistory &h = history[a.key];
        const uint64_t previous = h.lastUse;
        const double score = recordUse(h, layerTime ? layerRuns[size_t(a.layer)] : clock, lambda);
        auto it = where.find(a.key);
        if (it != where.end()) {
            SlotUsage &u = slotUse[it->second];
            ++result.hits;
            ++u.hits;
            u.previousUse = u.lastUse;
            u.lastUse = clock;
            u.score = score;
            u.nextUse = nextUse[i];
            slotNextStep[size_t(it->second)] = nextStep[i];
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
            if (horizon >= 0) {
                // Oracle bound, replay only: the uses of the next `horizon` layer
                // runs are known; those keys go last (furthest first), the rest
                // by the policy.
                shielded.clear();
                for (size_t j = 0; j < slotUse.size(); ++j)
                    if (slotUse[j].evictable && slotNextStep[j] != never && slotNextStep[j] <= uint64_t(a.step) + uint64_t(horizon)) {
                        slotUse[j].evictable = false;
                        shielded.push_back(int(j));
                    }
                s = chooser.choose(slotUse);
                for (int j : shielded)
                    slotUse[size_t(j)].evictable = true;
                if (s < 0)
                    for (int j : shielded)
                        if (s < 0 || slotNextStep[size_t(j)] > slotNextStep[size_t(s)])
                            s = j;
            } else {
                s = chooser.choose(slotUse);
            }
            if (s < 0)
                continue; // every slot pinned (cache smaller than a layer): read without caching
            where.erase(slotKey[s]);
        }
        slotUse[s] = SlotUsage{policy == EvictionPolicy::LfruGlobal ? uses : 1u, a.layer, clock, clock, previous, nextUse[i], score, false};
        slotKey[s] = a.key;
        slotNextStep[size_t(s)] = nextStep[i];
        occupied[s] = true;
        where[a.key] = s;
        pinned.push_back(s);
    }
    return result;
}

SimTable simulateTable(const RoutingTrace &trace, const std::vector<double> &multipliers, double lambdaPerToken,
                       bool readAhead)
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
            row.push_back(simulateCache(trace, p, slotUse, lambdaPerToken, readAhead));
            sum += row.back().hitRate();
        }
        table.results.push_back(std::move(row));
        // Best practical: one ExpertCache can run (Belady and ARC are replay only).
        if (p != EvictionPolicy::Belady && p != EvictionPolicy::Arc && sum > bestMean) {
            bestMean = sum;
            table.bestPractical = p;
        }
    }
    return table;
}

} // namespace sluice
