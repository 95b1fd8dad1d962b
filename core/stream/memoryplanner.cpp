#include "memoryplanner.h"

#include "api/budget.h"

#include "util/regularfile.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace sluice {

namespace {

// Checked arithmetic: a corrupt manifest must give an error, not a wrapped
// figure that looks like a small floor.
struct Acc {
    bool overflow = false;
    uint64_t mul(uint64_t a, uint64_t b)
    {
        uint64_t r = 0;
        if (__builtin_mul_overflow(a, b, &r))
            overflow = true;
        return r;
    }
    uint64_t add(uint64_t a, uint64_t b)
    {
        uint64_t r = 0;
        if (__builtin_add_overflow(a, b, &r))
            overflow = true;
        return r;
    }
};

uint64_t nonNegative(int v) { return v > 0 ? uint64_t(v) : 0; }

} // namespace

std::string formatGiB(uint64_t bytes)
{
    char text[64];
    const double kib = 1024.0, mib = kib * 1024, gib = mib * 1024;
    if (double(bytes) >= gib)
        std::snprintf(text, sizeof text, "%.2f GiB", double(bytes) / gib);
    else if (double(bytes) >= mib)
        std::snprintf(text, sizeof text, "%.2f MiB", double(bytes) / mib);
    else if (double(bytes) >= kib)
        std::snprintf(text, sizeof text, "%.2f KiB", double(bytes) / kib);
    else
        std::snprintf(text, sizeof text, "%llu B", (unsigned long long)bytes);
    return text;
}

Expected<MemoryPlan> planMemory(const PlannerInputs &in, uint64_t usableRamBytes)
{
    if (in.topK <= 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "memory planner: top-k must be positive, got %1"), in.topK);
    if (in.moeLayers <= 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "memory planner: MoE layer count must be positive, got %1"), in.moeLayers);
    if (in.recordBytes == 0 || in.recordBytes % 4096 != 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "memory planner: expert record size %1 B is not a positive multiple of 4096"),
            in.recordBytes);
    if (in.kdaLayers < 0 || in.kdaHeads < 0 || in.kdaHeadDim < 0 || in.convKernel < 0 || in.mlaLayers < 0 ||
        in.kvLoraRank < 0 || in.qkRopeDim < 0 || in.contextLength < 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "memory planner: negative layer, head, dimension or context figure"));

    Acc a;
    MemoryPlan p;
    p.recordBytes = in.recordBytes;
    p.topK = in.topK;
    p.moeLayers = in.moeLayers;
    p.expertsPerLayer = std::max(in.expertsPerLayer, 0);
    p.contextLength = in.contextLength;
    p.usableRamBytes = usableRamBytes;

    const uint64_t kdaL = nonNegative(in.kdaLayers), kdaH = nonNegative(in.kdaHeads), kdaD = nonNegative(in.kdaHeadDim);
    p.trunkBytes = in.trunkBytes;
    p.kdaStateBytes = a.mul(a.mul(a.mul(kdaL, kdaH), a.mul(kdaD, kdaD)), 4);
    // q, k and v each keep the last (kernel - 1) inputs of their short convolution.
    const uint64_t convTail = in.convKernel > 1 ? uint64_t(in.convKernel - 1) : 0;
    p.kdaConvBytes = a.mul(a.mul(a.mul(kdaL, 3), a.mul(convTail, kdaH)), a.mul(kdaD, 4));
    p.mlaCacheBytes = a.mul(a.mul(nonNegative(in.mlaLayers), nonNegative(in.contextLength)),
                            a.mul(a.add(nonNegative(in.kvLoraRank), nonNegative(in.qkRopeDim)), 4));
    p.stateBytes = a.add(a.add(p.kdaStateBytes, p.kdaConvBytes), p.mlaCacheBytes);
    for (const ScratchBuffer &buffer : in.scratch)
        p.scratchBytes = a.add(p.scratchBytes, buffer.bytes);
    p.minExpertCacheBytes = a.mul(a.mul(2, uint64_t(in.topK)), in.recordBytes);
    p.visionBytes = in.visionBytes;
    p.processBytes = in.processBytes;
    if (in.expertsPerLayer > 65536 || in.topK > 65536)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "memory planner: more than 65536 experts per layer"));
    p.cacheIndexBytes = expertCacheIndexBytes(in.moeLayers, in.expertsPerLayer, 2 * in.topK);

    p.floorBytes = a.add(a.add(a.add(p.trunkBytes, p.stateBytes), a.add(p.scratchBytes, p.minExpertCacheBytes)),
                         a.add(a.add(p.visionBytes, p.cacheIndexBytes), p.processBytes));
    p.workingSetBytes = a.mul(a.mul(uint64_t(in.topK), uint64_t(in.moeLayers)), in.recordBytes);
    p.recommendedBytes = a.add(p.floorBytes, a.mul(3, p.workingSetBytes));
    if (a.overflow)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "memory planner: figures overflow 64 bits (corrupt model shape?)"));

    if (p.processBytes)
        p.terms.push_back({kProcessTermName, p.processBytes});
    p.terms.push_back({"trunk", p.trunkBytes});
    p.terms.push_back({"KDA state", p.kdaStateBytes});
    p.terms.push_back({"KDA conv state", p.kdaConvBytes});
    p.terms.push_back({"MLA latent cache (" + std::to_string(in.contextLength) + " positions)", p.mlaCacheBytes});
    for (const ScratchBuffer &buffer : in.scratch)
        p.terms.push_back({"scratch: " + buffer.name, buffer.bytes});
    p.terms.push_back({"minimum expert cache (2 x top-k records)", p.minExpertCacheBytes});
    p.terms.push_back({"expert cache index", p.cacheIndexBytes});
    if (p.visionBytes)
        p.terms.push_back({"vision", p.visionBytes});

    // Default budget (spec 9): whole working sets only. Filling the 7/8 cap with
    // a fractional working set measured 10x slower (paging cliff, 10.3 #16).
    // The default stays under 3/4 of usable RAM (issue 31, as WARP caps it): the
    // user's other programs keep a quarter; a larger budget is the user's choice.
    p.capBytes = usableRamBytes - usableRamBytes / 8;
    p.defaultCapBytes = usableRamBytes - usableRamBytes / 4;
    p.defaultBudgetBytes = p.floorBytes;
    p.defaultWorkingSets = 0;
    for (int k = 3; k >= 1; --k) {
        const uint64_t candidate = p.floorBytes + uint64_t(k) * p.workingSetBytes; // cannot overflow: recommended did not
        if (candidate <= p.defaultCapBytes) {
            p.defaultBudgetBytes = candidate;
            p.defaultWorkingSets = k;
            break;
        }
    }
    if (p.defaultWorkingSets == 0) {
        if (p.floorBytes > usableRamBytes) {
            p.warnings.push_back("the floor " + formatGiB(p.floorBytes) + " exceeds usable RAM " +
                                 formatGiB(usableRamBytes) + "; the model will page or be killed");
        } else if (p.floorBytes < p.defaultCapBytes) {
            // Part of a working set still buys hits (the cliff above was
            // paging at 7/8, not the fraction): the cache gets what the 3/4
            // cap leaves, as WARP's default does.
            p.defaultBudgetBytes = p.defaultCapBytes;
            p.warnings.push_back("floor + one working set (" + formatGiB(p.floorBytes + p.workingSetBytes) +
                                 ") does not fit 3/4 of usable RAM (" + formatGiB(p.defaultCapBytes) +
                                 "); the default budget is that 3/4, its cache holds part of one token's experts: "
                                 "expect mostly cache misses");
        } else {
            p.warnings.push_back("floor + one working set (" + formatGiB(p.floorBytes + p.workingSetBytes) +
                                 ") does not fit 3/4 of usable RAM (" + formatGiB(p.defaultCapBytes) +
                                 "); running at the floor, expect mostly cache misses");
        }
    }
    return p;
}

Expected<CacheSizing> sizeCache(const MemoryPlan &plan, uint64_t budgetBytes)
{
    if (plan.recordBytes == 0 || plan.topK <= 0)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "cache sizing: the plan has no record size or top-k"));
    CacheSizing s;
    s.budgetBytes = budgetBytes ? budgetBytes : plan.defaultBudgetBytes;
    if (s.budgetBytes < plan.floorBytes) {
        // The process term is measured at each open and moves a little
        // between runs: the budget to ask for has the planners' margin
        // (api/budget.h), so the figure named here opens on the next attempt.
        if (plan.processBytes)
            return makeError(ErrorCode::Budget,
                             SLUICE_ERRT("Error", "RAM budget %1 (%2 B) is below this model's floor of %3 (%4 B) at "
                                                  "context %5 (ask for at least %6: the process's own memory moves "
                                                  "between runs); see `sluice-cli plan MODEL`"),
                             formatGiB(s.budgetBytes), s.budgetBytes, formatGiB(plan.floorBytes), plan.floorBytes,
                             plan.contextLength, formatGiB(plan.floorBytes + processMarginBytes(plan.processBytes)));
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "RAM budget %1 (%2 B) is below this model's floor of %3 (%4 B) at "
                                              "context %5; see `sluice-cli plan MODEL`"),
                         formatGiB(s.budgetBytes), s.budgetBytes, formatGiB(plan.floorBytes), plan.floorBytes,
                         plan.contextLength);
    }
    if (budgetBytes && budgetBytes > plan.capBytes)
        s.warnings.push_back("budget " + formatGiB(budgetBytes) + " is above 7/8 of usable RAM (" + formatGiB(plan.capBytes) +
                             "); cache hits may turn into page faults");
    s.cacheBytes = s.budgetBytes - plan.floorBytes + plan.minExpertCacheBytes;
    s.slotBytes = plan.recordBytes;
    // Each slot beyond the minimum costs its buffer and its index record, so
    // the whole cache stays inside the budget.
    const uint64_t extra = (s.budgetBytes - plan.floorBytes) / (s.slotBytes + kCacheIndexBytesPerSlot);
    uint64_t slots = uint64_t(2 * plan.topK) + extra;
    // More slots than records is memory nobody can use.
    const uint64_t keys = uint64_t(std::max(plan.moeLayers, 0)) * uint64_t(std::max(plan.expertsPerLayer, 0));
    if (keys > 0)
        slots = std::min(slots, std::max(keys, uint64_t(2 * plan.topK)));
    if (slots > uint64_t(std::numeric_limits<int>::max() / 2))
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "cache sizing: %1 slots is too many"), slots);
    s.slotCount = int(slots);
    s.slotBufferBytes = slots * s.slotBytes;
    s.indexBytes = expertCacheIndexBytes(plan.moeLayers, plan.expertsPerLayer, s.slotCount);
    s.engineBytes = plan.floorBytes - plan.minExpertCacheBytes - plan.cacheIndexBytes + s.slotBufferBytes + s.indexBytes;
    return s;
}

namespace {

bool readFirstLine(const std::string &path, std::string &line)
{
    if (!checkRegularFile(path).isOk()) // a stream reading a directory throws
        return false;
    std::ifstream in(path);
    if (!in)
        return false;
    return bool(std::getline(in, line));
}

// memory.max / memory.high: a decimal byte count or "max".
bool parseCgroupValue(const std::string &text, uint64_t &value)
{
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == ' ' || t.back() == '\r'))
        t.pop_back();
    if (t.empty() || t == "max")
        return false;
    for (char c : t)
        if (c < '0' || c > '9')
            return false;
    errno = 0;
    const unsigned long long v = std::strtoull(t.c_str(), nullptr, 10);
    if (errno == ERANGE)
        return false;
    value = v;
    return true;
}

} // namespace

Expected<UsableRam> detectUsableRam(const SystemRoots &roots)
{
    UsableRam r;
    const std::string meminfoPath = roots.procRoot + "/meminfo";
    if (const Status regular = checkRegularFile(meminfoPath); !regular.isOk())
        return regular;
    std::ifstream meminfo(meminfoPath);
    if (!meminfo)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open"), meminfoPath);
    std::string line;
    while (std::getline(meminfo, line)) {
        if (line.rfind("MemTotal:", 0) == 0) {
            std::istringstream fields(line.substr(9));
            unsigned long long kib = 0;
            std::string unit;
            if (!(fields >> kib >> unit) || unit != "kB" || kib == 0)
                return makeError(
                    ErrorCode::Format, SLUICE_ERRT("Error", "%1: unreadable MemTotal line '%2'"), meminfoPath, line);
            r.physicalBytes = uint64_t(kib) * 1024;
            break;
        }
    }
    if (r.physicalBytes == 0)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: no MemTotal line"), meminfoPath);
    r.usableBytes = r.physicalBytes;

    // cgroup v2: the "0::<path>" line; cgroup v1: the "N:...memory...:<path>"
    // line (older Docker hosts), whose limit file is memory.limit_in_bytes.
    const std::string cgroupPath = roots.procRoot + "/self/cgroup";
    std::ifstream cgroup;
    if (checkRegularFile(cgroupPath).isOk())
        cgroup.open(cgroupPath);
    std::string v2Path, v1Path;
    bool v2 = false, v1 = false;
    while (cgroup && std::getline(cgroup, line)) {
        if (line.rfind("0::", 0) == 0) {
            v2Path = line.substr(3);
            v2 = true;
            continue;
        }
        const size_t c1 = line.find(':');
        const size_t c2 = c1 == std::string::npos ? c1 : line.find(':', c1 + 1);
        if (c2 == std::string::npos)
            continue;
        std::string controllers(",");
        controllers.append(line, c1 + 1, c2 - c1 - 1);
        controllers.push_back(',');
        if (controllers.find(",memory,") != std::string::npos) {
            v1Path = line.substr(c2 + 1);
            v1 = true;
        }
    }

    // Walks from <mount><path> up to and including <mount>, taking the smallest
    // finite value of the named files.
    auto walk = [&](const std::string &mount, std::string path, std::initializer_list<const char *> files,
                    uint64_t &limit) -> Status {
        if (path.empty() || path[0] != '/')
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1/self/cgroup: cgroup path '%2' is not absolute"), roots.procRoot, path);
        // A path climbing out of the mount would let a hostile namespace point us at
        // another cgroup's files (spec 9: reject `..`).
        for (size_t start = 0; start <= path.size();) {
            size_t end = path.find('/', start);
            if (end == std::string::npos)
                end = path.size();
            if (end - start == 2 && path.compare(start, 2, "..") == 0)
                return makeError(ErrorCode::Format,
                    SLUICE_ERRT("Error", "%1/self/cgroup: cgroup path '%2' contains '..'"), roots.procRoot, path);
            start = end + 1;
        }
        while (path.size() > 1 && path.back() == '/')
            path.pop_back();
        std::string current = path == "/" ? "" : path;
        while (true) {
            for (const char *file : files) {
                std::string text;
                uint64_t value = 0;
                // v1 writes "unlimited" as a page-rounded 2^63 - 1.
                if (readFirstLine(mount + current + "/" + file, text) && parseCgroupValue(text, value) && value > 0 &&
                    value < (uint64_t(1) << 62))
                    limit = limit == 0 ? value : std::min(limit, value);
            }
            if (current.empty())
                break; // the mount root is included, then we stop
            current = current.substr(0, current.rfind('/'));
        }
        return Status::ok();
    };

    uint64_t limit = 0;
    if (v2) {
        SLUICE_TRY(walk(roots.sysRoot + "/fs/cgroup", v2Path, {"memory.max", "memory.high"}, limit));
        r.cgroupPath = v2Path;
    }
    if (v1) {
        SLUICE_TRY(walk(roots.sysRoot + "/fs/cgroup/memory", v1Path, {"memory.limit_in_bytes"}, limit));
        if (r.cgroupPath.empty())
            r.cgroupPath = v1Path;
    }
    r.cgroupLimitBytes = limit;
    if (limit)
        r.usableBytes = std::min(r.physicalBytes, limit);
    return r;
}

} // namespace sluice
