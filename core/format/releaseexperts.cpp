#include "format/releaseexperts.h"

#include <algorithm>

namespace sluice {

ExpertPlacement placeExpert(const ReleaseCheckpoint &release, int layer, int expert, uint64_t alignment)
{
    const ReleaseExpertTensors &x = release.expert(layer, expert);
    struct Piece {
        const SafetensorsTensor *t;
        int slot; // index into tensorOffset
    };
    Piece pieces[6];
    int n = 0;
    for (int k = 0; k < 3; ++k) {
        pieces[n++] = {x.weight[k], 2 * k};
        if (x.scale[k])
            pieces[n++] = {x.scale[k], 2 * k + 1};
    }
    std::sort(pieces, pieces + n, [](const Piece &a, const Piece &b) {
        return a.t->shard != b.t->shard ? a.t->shard < b.t->shard : a.t->offset < b.t->offset;
    });
    ExpertPlacement p;
    auto down = [&](uint64_t v) { return v / alignment * alignment; };
    auto up = [&](uint64_t v) { return (v + alignment - 1) / alignment * alignment; };
    uint64_t rangeEnd = 0; // unaligned end of the current extent's data
    for (int i = 0; i < n; ++i) {
        const SafetensorsTensor &t = *pieces[i].t;
        p.payloadBytes += t.bytes;
        ExpertExtent *cur = p.extentCount ? &p.extents[p.extentCount - 1] : nullptr;
        const bool joins = cur && cur->shard == t.shard && down(t.offset) <= up(rangeEnd);
        if (!joins) {
            ExpertExtent e;
            e.shard = t.shard;
            e.fileOffset = down(t.offset);
            e.slotOffset = cur ? cur->slotOffset + cur->bytes : 0;
            p.extents[p.extentCount++] = e;
            cur = &p.extents[p.extentCount - 1];
            rangeEnd = t.offset;
        }
        rangeEnd = std::max(rangeEnd, t.offset + t.bytes);
        cur->bytes = up(rangeEnd) - cur->fileOffset;
        p.tensorOffset[pieces[i].slot] = cur->slotOffset + (t.offset - cur->fileOffset);
    }
    for (int i = 0; i < p.extentCount; ++i)
        p.slotBytes += p.extents[i].bytes;
    return p;
}

uint64_t releaseSlotBytes(const ReleaseCheckpoint &release, uint64_t alignment)
{
    const ModelConfig &c = release.config();
    uint64_t most = alignment;
    for (int layer = c.firstKDense; layer < c.nLayers; ++layer) {
        for (int e = 0; e < c.nExperts; ++e)
            most = std::max(most, placeExpert(release, layer, e, alignment).slotBytes);
    }
    return most;
}

} // namespace sluice
