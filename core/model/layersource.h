#pragma once
// Where the forward pass gets a layer's trunk weights when they are not all
// resident (trunk streaming, issue 13). The views in ModelWeights of a
// streamed layer point into a staging slot; acquire(L) makes sure the slot
// holds layer L before the layer runs. Placement only: which bytes are
// resident never changes what the forward pass computes.
#include "util/status.h"
#include "util/tensorformat.h"

#include <mutex>

namespace sluice::model {

// A block of lm_head rows in a staging slot: logits [firstRow, firstRow + view.rows).
struct RowBlock {
    TrunkMatrixView view;
    size_t firstRow = 0;
};

class LayerSource {
public:
    virtual ~LayerSource() = default;
    // Called at the start of every layer, in order, within one run.
    virtual Status acquire(int layer) = 0;
    // True when layer's matrices live in a staging slot (their bytes are only
    // valid between acquire(layer) and the next layer's acquire).
    virtual bool streamed(int layer) const = 0;
    // Called after the last layer of a chunk that computes no logits, or,
    // when lm_head streams, after its last block: the slots are free for the
    // next chunk's reads.
    virtual void layersDone() = 0;
    // lm_head streamed in row blocks: how many (0 = resident), and block b's
    // rows, valid until the next acquire. Blocks are taken in order after the
    // last layer; their row arithmetic is the resident kernel's (per row).
    virtual int outputHeadBlocks() const { return 0; }
    virtual Expected<RowBlock> acquireOutputHead(int block)
    {
        (void)block;
        return makeError(ErrorCode::Internal, "lm_head is not streamed");
    }
    // Held for a whole chunk: sessions of one model share the staging slots.
    virtual std::unique_lock<std::mutex> lockRun() = 0;
};

} // namespace sluice::model
