#include "model/scratch.h"

#include <algorithm>

namespace sluice::model {

ScratchDims scratchDims(const ModelConfig &c, int ctx, int threads)
{
    ScratchDims m{};
    m.d = size_t(c.hidden);
    m.C = size_t(c.kdaChannels());
    m.H = size_t(c.kdaHeads);
    m.D = size_t(c.kdaHeadDim);
    m.K = size_t(std::max(c.convKernel, 1));
    m.nh = size_t(c.nHeads);
    m.qd = size_t(c.qHeadDim());
    m.nope = size_t(c.qkNopeDim);
    m.rope = size_t(c.qkRopeDim);
    m.vd = size_t(c.vHeadDim);
    m.kvl = size_t(c.kvLoraRank);
    m.qLora = size_t(std::max(c.qLoraRank, 0));
    m.rank = size_t(std::max({c.kdaDecayRank, c.kdaGateRank, 0}));
    m.E = size_t(c.nExperts);
    m.topK = size_t(c.topK);
    m.lanes = std::clamp<size_t>(size_t(std::max(threads, 1)), 1, std::max<size_t>(m.topK, 1));
    m.lat = size_t(c.expertInputDim());
    m.inter = size_t(c.moeIntermediate);
    m.ffn = size_t(std::max(c.intermediate, c.nSharedExperts * c.moeIntermediate));
    m.vocab = size_t(c.vocab);
    m.maxBlocks = c.attnResBlock > 0 ? size_t((c.nLayers + c.attnResBlock - 1) / c.attnResBlock) : 0;
    m.ctx = size_t(std::max(ctx, 0));
    const ExpertQuantConfig &q = c.expertQuant;
    const bool int8 = q.fmtName == "VQ4P";
    // A kernels::VqLut holds an f32 table [nv][stages][entries], the books
    // transposed (stages*entries*vecDim f32) and, for VQ4P, the int8 table
    // plus one f32 scale per 32 positions.
    const size_t vd = size_t(std::max(q.vecDim, 1));
    auto lutBytes = [&](size_t cols) {
        const size_t nv = cols / vd;
        size_t b = nv * size_t(q.stages) * size_t(q.entries) * 4 + size_t(q.stages) * size_t(q.entries) * vd * 4;
        if (int8)
            b += nv * size_t(q.stages) * size_t(q.entries) + (nv + kernels::kVq4pLutBlock - 1) / kernels::kVq4pLutBlock * 4;
        return b;
    };
    m.lutLat = lutBytes(m.lat);
    m.lutInter = lutBytes(m.inter);
    return m;
}

ScratchSink::Entry ScratchSink::entry(std::string name)
{
    m_entries.push_back({std::move(name), 0});
    return Entry(this, m_entries.size() - 1);
}

uint64_t ScratchSink::totalBytes() const
{
    uint64_t total = 0;
    for (const ScratchBuffer &b : m_entries)
        total += b.bytes;
    return total;
}

void ScratchSink::Entry::add(uint64_t planned, uint64_t held)
{
    m_sink->m_entries[m_index].bytes += m_sink->m_mode == Mode::Measure ? held : planned;
}

ScratchSink::Entry &ScratchSink::Entry::tables(std::vector<kernels::VqLut> &v, size_t count, uint64_t bytesEach)
{
    if (m_sink->m_mode == Mode::Allocate)
        v = std::vector<kernels::VqLut>(count);
    uint64_t held = 0;
    for (const kernels::VqLut &lut : v)
        held += lut.allocatedBytes();
    add(count * bytesEach, held);
    return *this;
}

ScratchSink::Entry &ScratchSink::Entry::table(kernels::VqLut &lut, uint64_t bytes)
{
    if (m_sink->m_mode == Mode::Allocate)
        lut = kernels::VqLut();
    add(bytes, lut.allocatedBytes());
    return *this;
}

void AttentionScratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    const size_t width = std::max(m.C, m.nh * m.vd);
    sink.entry("attention gate and output (chunk)").buffer(gate, n * width).buffer(o, n * width);
}

} // namespace sluice::model
