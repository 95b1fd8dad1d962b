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


// S3-FIFO over the same replay model. A small FIFO S (a tenth of the slots)
// takes new keys; a key hit while in S (use counter >= 1) moves to the main
// FIFO M when it reaches S's tail, else it leaves the cache and its key goes
// to the ghost FIFO G (as many keys as M holds). A miss on a ghost key enters
// M directly. M's tail is reinserted at M's head while its counter (capped at
// 3, +1 per hit) is above 0, one decrement per pass, and evicted at 0.
// Pinned keys (the current layer, in-flight prefetches) are passed over:
// rotated to their queue's head with their counter unchanged.
SimResult simulateS3Fifo(const RoutingTrace &trace, int slotCount, bool readAhead, bool prefetchPrev)
{
    SimResult result;
    result.policy = EvictionPolicy::S3Fifo;
    result.slotCount = slotCount;
    const size_t c = size_t(std::max(slotCount, 0));
    const size_t smallTarget = std::max<size_t>(1, size_t(std::lround(0.1 * double(c))));
    const size_t ghostCap = std::max<size_t>(1, c > smallTarget ? c - smallTarget : 1);
    using List = std::list<uint32_t>;
    List small, main, ghost;
    struct Entry {
        bool inSmall = true;
        int freq = 0;
        List::iterator it;
    };
    std::unordered_map<uint32_t, Entry> resident;
    std::unordered_map<uint32_t, List::iterator> ghostAt;
    std::unordered_set<uint32_t> pinned;

    auto toGhost = [&](uint32_t key) {
        ghost.push_front(key);
        ghostAt[key] = ghost.begin();
        if (ghost.size() > ghostCap) {
            ghostAt.erase(ghost.back());
            ghost.pop_back();
        }
    };
    // Evicts from M; false when every key of M is pinned. With counters <= 3
    // every unpinned key reaches 0 within four passes.
    auto evictMain = [&]() {
        for (size_t n = 5 * main.size(); n-- > 0 && !main.empty();) {
            const uint32_t key = main.back();
            Entry &e = resident[key];
            main.pop_back();
            if (pinned.count(key) || e.freq > 0) {
                if (!pinned.count(key))
                    --e.freq;
                main.push_front(key);
                e.it = main.begin();
                continue;
            }
            resident.erase(key);
            return true;
        }
        return false;
    };
    // Evicts from S, moving used keys on to M; false when S ran out first.
    auto evictSmall = [&]() {
        for (size_t n = small.size(); n-- > 0 && !small.empty();) {
            const uint32_t key = small.back();
            Entry &e = resident[key];
            small.pop_back();
            if (pinned.count(key)) {
                small.push_front(key);
                e.it = small.begin();
            } else if (e.freq >= 1) {
                main.push_front(key);
                e = {false, e.freq, main.begin()};
            } else {
                resident.erase(key);
                toGhost(key);
                return true;
            }
        }
        return false;
    };
    // Makes room and inserts `key`; false (read uncached) when every resident key is pinned.
    auto admit = [&](uint32_t key) {
        while (resident.size() >= c) {
            const bool ok = small.size() >= smallTarget || main.empty() ? evictSmall() || evictMain()
                                                                        : evictMain() || evictSmall();
            if (!ok)
                return false;
        }
        auto g = ghostAt.find(key);
        if (g != ghostAt.end()) {
            ghost.erase(g->second);
            ghostAt.erase(g);
            main.push_front(key);
            resident[key] = {false, 0, main.begin()};
        } else {
            small.push_front(key);
            resident[key] = {true, 0, small.begin()};
        }
        return true;
    };

    for (size_t t = 0; t < trace.tokens.size(); ++t) {
        const auto &token = trace.tokens[t];
        for (size_t l = 0; l < token.size(); ++l) {
            pinned.clear();
            if (prefetchPrev && t > 0)
                for (int id : trace.tokens[t - 1][l]) {
                    const uint32_t key = uint32_t(l) << 16 | uint32_t(id);
                    if (!resident.count(key) && admit(key)) {
                        ++result.prefetchReads;
                        pinned.insert(key);
                    }
                }
            if (readAhead) { // the read-ahead pins the layer's resident ids first (as simulateCache)
                size_t pins = 0;
                for (int id : token[l]) {
                    const uint32_t key = uint32_t(l) << 16 | uint32_t(id);
                    if (pins < c / 4 && resident.count(key) && pinned.insert(key).second)
                        ++pins;
                }
            }
            for (int id : token[l]) {
                const uint32_t key = uint32_t(l) << 16 | uint32_t(id);
                ++result.accesses;
                pinned.insert(key);
                auto it = resident.find(key);
                if (it != resident.end()) {
                    ++result.hits;
                    it->second.freq = std::min(it->second.freq + 1, 3);
                    continue;
                }
                admit(key);
            }
        }
    }
    return result;
}

} // namespace

SimResult simulateCache(const RoutingTrace &trace, EvictionPolicy policy, int slotCount, double lambdaPerToken,
                        bool readAhead, int horizon, bool prefetchPrev)
{
    if (policy == EvictionPolicy::Arc)
        return simulateArc(trace, slotCount, readAhead);
    if (policy == EvictionPolicy::S3Fifo)
        return simulateS3Fifo(trace, slotCount, readAhead, prefetchPrev);
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

    // Each key's access indices in order, for the next use of a prefetched key.
    std::unordered_map<uint32_t, std::vector<uint32_t>> usesOf;
    if (prefetchPrev)
        for (size_t i = 0; i < accesses.size(); ++i)
            usesOf[accesses[i].key].push_back(uint32_t(i));

    // The step (layer run) of each access's next use, for the oracle horizon.
    std::vector<uint64_t> nextStep(accesses.size(), never);
    for (size_t i = 0; i < accesses.size(); ++i)
        if (nextUse[i] != never)
            nextStep[i] = accesses[size_t(nextUse[i] - 1)].step;
    std::vector<uint64_t> slotNextStep(size_t(std::max(slotCount, 0)), never);
    std::vector<int> shielded; // horizon: slots hidden from the chooser for one choice

    std::vector<SlotUsage> slotUse(size_t(std::max(slotCount, 0)));
    std::vector<uint32_t> slotKey(slotUse.size(), 0);
    std::unordered_map<uint32_t, int> where;
    std::vector<int> pinned; // slotUse used by the current step
    VictimChooser chooser(policy);
    int filled = 0;
    std::unordered_map<uint32_t, uint32_t> useCount; // LfruGlobal: uses since the start
    std::unordered_map<uint32_t, UseHistory> history; // LRU-2 and LRFU: outlives residency
    const bool layerTime = policy == EvictionPolicy::LrfuLayer;
    const bool leastStale = policy == EvictionPolicy::LeastStale;
    const double perToken = lambdaPerToken > 0 ? lambdaPerToken
                            : layerTime ? (readAhead ? lrfuLayerLambda(slotCount, trace.topK * trace.moeLayers)
                                                     : kLrfuLayerLambda) // as ExpertCache::rescoreForSize
                                        : kLrfuLambdaPerToken;
    const double lambda = layerTime ? perToken : perToken / double(std::max(1, trace.topK * trace.moeLayers));
    std::vector<uint64_t> layerRuns(size_t(std::max(1, trace.moeLayers)), 0); // LRFU-layer's clock
    uint32_t currentStep = std::numeric_limits<uint32_t>::max();
    // A slot for a prefetched key (no horizon: the bound rows replay demands).
    auto place = [&]() {
        if (filled < slotCount)
            return filled++;
        const int s = chooser.choose(slotUse);
        if (s >= 0)
            where.erase(slotKey[size_t(s)]);
        return s;
    };

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
            // Previous-token prefetch: issued before the layer's router runs,
            // so before the read-ahead's pins; the reads stay pinned while in flight.
            if (prefetchPrev && a.token > 0)
                for (int id : trace.tokens[a.token - 1][size_t(a.layer)]) {
                    const uint32_t key = uint32_t(a.layer) << 16 | uint32_t(id);
                    if (where.count(key))
                        continue;
                    const int s = place();
                    if (s < 0)
                        continue; // nothing evictable: not read
                    ++result.prefetchReads;
                    const std::vector<uint32_t> &uses = usesOf[key];
                    const auto next = std::lower_bound(uses.begin(), uses.end(), uint32_t(i));
                    const uint64_t nu = next == uses.end() ? never : uint64_t(*next) + 1;
                    UseHistory h = history[key]; // a copy: a prefetch is no demand use
                    // Placed as if used now: the policy's insertion order.
                    const double score = leastStale ? double(layerRuns[size_t(a.layer)])
                                                    : recordUse(h, layerTime ? layerRuns[size_t(a.layer)] : clock, lambda);
                    const auto uc = useCount.find(key);
                    slotUse[size_t(s)] = SlotUsage{policy == EvictionPolicy::LfruGlobal && uc != useCount.end() ? std::max(uc->second, 1u) : 1u,
                                                   a.layer, clock, clock, history[key].lastUse, nu, score, false};
                    slotKey[size_t(s)] = key;
                    slotNextStep[size_t(s)] = nu == never ? never : accesses[size_t(nu - 1)].step;
                    where[key] = s;
                    pinned.push_back(s);
                }
            // The read-ahead (ExpertCache::prefetch) knows the layer's routing
            // before any read: it pins the resident ids first, at most a quarter
            // of the slots, so the layer's misses never evict its own later ids.
            if (readAhead) {
                const int maxPins = slotCount / 4;
                int pins = 0;
                for (int id : trace.tokens[a.token][size_t(a.layer)]) {
                    if (pins >= maxPins)
                        break;
                    auto r = where.find(uint32_t(a.layer) << 16 | uint32_t(id));
                    if (r != where.end() && slotUse[size_t(r->second)].evictable) {
                        slotUse[size_t(r->second)].evictable = false;
                        pinned.push_back(r->second);
                        ++pins;
                    }
                }
            }
        }
        ++result.accesses;
        const uint32_t uses = ++useCount[a.key];
        UseHistory &h = history[a.key];
        const uint64_t previous = h.lastUse;
        const double lrfuScore = recordUse(h, layerTime ? layerRuns[size_t(a.layer)] : clock, lambda);
        const double score = leastStale ? double(layerRuns[size_t(a.layer)]) : lrfuScore;
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
        where[a.key] = s;
        pinned.push_back(s);
    }
    return result;
}

SimTable simulateTable(const RoutingTrace &trace, const std::vector<double> &multipliers, double lambdaPerToken,
                       bool readAhead, bool prefetchPrev)
{
    SimTable table;
    table.multipliers = multipliers;
    for (EvictionPolicy p : allPolicies())
        if (!prefetchPrev || p != EvictionPolicy::Arc)
            table.policies.push_back(p);
    const int workingSet = trace.topK * trace.moeLayers;
    for (double m : multipliers)
        table.slotCounts.push_back(std::max(1, int(std::lround(m * workingSet))));
    double bestMean = -1;
    for (EvictionPolicy p : table.policies) {
        std::vector<SimResult> row;
        double sum = 0;
        for (int slotUse : table.slotCounts) {
            row.push_back(simulateCache(trace, p, slotUse, lambdaPerToken, readAhead, -1, prefetchPrev));
            sum += row.back().hitRate();
        }
        table.results.push_back(std::move(row));
        // Best practical: an online cache could run it. Belady needs the future;
        // ARC was measured and rejected (issue 14). S3-FIFO and Least-Stale
        // compete, so tst_cachesim's shipped-policy check fails if one wins.
        if (p != EvictionPolicy::Belady && p != EvictionPolicy::Arc && sum > bestMean) {
            bestMean = sum;
            table.bestPractical = p;
        }
    }
    return table;
}

} // namespace sluice
