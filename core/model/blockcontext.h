#pragma once
// What every layer block of the forward pass shares: the config, the thread
// pool, the compute timers, the container hooks and the trunk product (which
// books its time as "trunk"). The blocks (kdablock, mlablock, moeblock,
// denseffn) are free functions or small classes over this context and their
// own scratch struct; ForwardPass owns the state and the scratch and runs
// the layer skeleton.
#include "api/modelconfig.h"
#include "kernels/threadpool.h"
#include "kernels/vqlut.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

namespace sluice::model {

struct ExpertRecordRef;
struct ExpertMatrices;

// The largest chunk run() takes. A ForwardPass may be built for a smaller
// chunk capacity (its scratch is sized for it); run() then splits.
inline constexpr int kMaxChunk = 64;

struct ForwardHooks {
    // Writes the embedding row of `token` (d floats).
    std::function<Status(int token, float *out)> embed;
    // Codebooks of (layer, kind 0 gate / 1 up / 2 down) starting at `codebookId` (from the record).
    std::function<Expected<VqCodebooksView>(int layer, int kind, int codebookId)> codebooks;
    // Splits a record into its three matrices, validating it for (layer, expert).
    std::function<Expected<ExpertMatrices>(int layer, int expert, const ExpertRecordRef &rec)> parseRecord;
    // Optional (routing-trace replay): may replace the router's top-k choice
    // `sel` of `layer` for the token at absolute `position`, in place; the
    // routing weights are then computed over the ids it leaves there. With a
    // lowered experts per token it gets the model's own top-k, and the
    // best-scoring of what it leaves are kept (the model's rule with fewer).
    std::function<void(int layer, int64_t position, std::span<int> sel)> replay;
    // Optional (ModelOptions::routeObserver): sees the final choice.
    std::function<void(int layer, int64_t position, std::span<int> sel)> route;
};

// Compute-time buckets, accumulated until reset.
struct ForwardTimers {
    double attention = 0, lutBuild = 0, lutApply = 0, trunk = 0, lmHead = 0, ioWait = 0;
    double trunkWait = 0; // waiting for a streamed trunk layer (trunk streaming)
    uint64_t laneRecords = 0; // decode records applied on the lanes (MoeBlock::applyOnLanes)
};

using Clock = std::chrono::steady_clock;

inline double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Below this many multiply-adds a fork-join costs more than it saves (test
// and demo-size models). Every output is computed by one thread in a fixed
// order either way, so this never changes a bit of the result.
inline constexpr size_t kParallelWork = size_t(1) << 15;

struct BlockContext {
    const ModelConfig &cfg;
    kernels::ThreadPool *pool = nullptr;
    ForwardTimers &timers;

    // The pool when `work` multiply-adds are worth a fork-join, else null.
    kernels::ThreadPool *poolFor(size_t work) const { return work >= kParallelWork ? pool : nullptr; }
    // y[t] = W x[t] for n vectors (one matvec when n == 1), timed as trunk.
    Status matmul(const TrunkMatrixView &w, const float *x, size_t xStride, int n, float *y, size_t yStride) const;
};

} // namespace sluice::model
