#include "model/trunkstreamer.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string_view>

namespace sluice::model {

// Scales are used straight from the staging bytes (little-endian on disk).
static_assert(std::endian::native == std::endian::little, "trunk streaming reads fp16 scales in place");

namespace {

constexpr uint64_t kPage = DirectFile::kAlignment;
// Tensors closer than this in the file share one read (the gap is read too):
// a container writes a layer's tensors back to back, so a layer is one read.
constexpr uint64_t kMergeGap = 64 * 1024;

uint64_t pageDown(uint64_t v)
{
    return v / kPage * kPage;
}
uint64_t pageUp(uint64_t v)
{
    return (v + kPage - 1) / kPage * kPage;
}

struct Range {
    uint64_t begin, end;
};

// Non-finite fp16 scales or float weights, as Container::readTensorBytes refuses them.
Status checkTensor(const TensorInfo &t, const uint8_t *payload, const uint8_t *scales)
{
    if (t.isGrouped()) {
        const uint64_t n = t.rows * t.groups();
        for (uint64_t i = 0; i < n; ++i) {
            uint16_t s;
            std::memcpy(&s, scales + 2 * i, 2);
            if ((s & 0x7c00) == 0x7c00)
                return makeError(ErrorCode::Format,
                    SLUICE_ERRT("Error", "trunk '%1': non-finite scale at row %2, group %3"), t.name, i / t.groups(),
                    i % t.groups());
        }
    } else if (t.fmt == TensorFormat::F32) {
        for (uint64_t i = 0; i < t.elements(); ++i) {
            float v;
            std::memcpy(&v, payload + 4 * i, 4);
            if (!std::isfinite(v))
                return makeError(
                    ErrorCode::Format, SLUICE_ERRT("Error", "trunk '%1': non-finite value at element %2"), t.name, i);
        }
    } else if (t.fmt == TensorFormat::F16) {
        const uint16_t mask = t.isBf16 ? 0x7f80 : 0x7c00;
        for (uint64_t i = 0; i < t.elements(); ++i) {
            uint16_t v;
            std::memcpy(&v, payload + 2 * i, 2);
            if ((v & mask) == mask)
                return makeError(
                    ErrorCode::Format, SLUICE_ERRT("Error", "trunk '%1': non-finite value at element %2"), t.name, i);
        }
    }
    return Status::ok();
}

} // namespace

int streamableLayer(const ModelConfig &cfg, const TensorInfo &t)
{
    // `<prefix>model.layers.<n>.…`, compared in place (the planner asks for
    // every tensor at every split it tries; a concatenated prefix was one
    // allocation per question).
    const std::string_view name = t.name;
    constexpr std::string_view kLayers = "model.layers.";
    if (!name.starts_with(cfg.tensorPrefix) || !name.substr(cfg.tensorPrefix.size()).starts_with(kLayers)
        || t.rows <= 1 || t.cols <= 1 || name.find("conv1d") != std::string_view::npos)
        return -1;
    const size_t headSize = cfg.tensorPrefix.size() + kLayers.size();
    const size_t dot = name.find('.', headSize);
    if (dot == std::string_view::npos || dot == headSize)
        return -1;
    int layer = 0;
    for (size_t i = headSize; i < dot; ++i) {
        const char c = t.name[i];
        if (c < '0' || c > '9' || layer > 100000)
            return -1;
        layer = layer * 10 + (c - '0');
    }
    return layer < cfg.nLayers ? layer : -1;
}

std::string lmHeadTensorName(const ModelConfig &cfg)
{
    return cfg.tensorPrefix + "lm_head.weight";
}

namespace {

// Merges a unit's file ranges into 4 KiB-aligned runs, consecutive in its
// slot. Overlapping ranges mean no file layout (a built-in shape lists
// tensors without offsets): the slot is then sized as the ranges packed page
// by page, as a container or trunk cache writes them, and nothing reads
// these extents. Answers whether the layout was estimated.
bool layoutRuns(LayerReadPlan &p, std::vector<Range> ranges)
{
    std::sort(ranges.begin(), ranges.end(), [](const Range &a, const Range &b) { return a.begin < b.begin; });
    bool overlap = false;
    for (size_t i = 1; i < ranges.size(); ++i)
        overlap = overlap || ranges[i].begin < ranges[i - 1].end;
    if (overlap) {
        uint64_t at = 0;
        for (Range &r : ranges) {
            const uint64_t len = r.end - r.begin;
            r = { at, at + len };
            at = pageUp(at + len);
        }
    }
    std::vector<Range> runs;
    for (const Range &r : ranges) {
        const Range page { pageDown(r.begin), pageUp(r.end) };
        if (!runs.empty() && page.begin <= runs.back().end + kMergeGap)
            runs.back().end = std::max(runs.back().end, page.end);
        else
            runs.push_back(page);
    }
    p.extents.clear();
    p.slotBytes = 0;
    for (const Range &r : runs) {
        p.extents.push_back(FileExtent { 0, r.begin, r.end - r.begin, p.slotBytes });
        p.slotBytes += r.end - r.begin;
    }
    return overlap;
}

// Where a file offset's byte lands in the unit's slot: the run holding it.
// An estimated layout keeps the ranges' order, so the first range is at 0.
uint64_t slotOffsetOf(const LayerReadPlan &p, uint64_t fileOffset)
{
    for (const FileExtent &e : p.extents)
        if (fileOffset >= e.offset && fileOffset < e.offset + e.bytes)
            return e.slotOffset + (fileOffset - e.offset);
    return 0; // only an estimated layout (never read)
}

// lm_head's payload and scales for rows [first, first + rows).
std::vector<Range> headRanges(const TensorInfo &t, uint64_t first, uint64_t rows)
{
    std::vector<Range> r { { t.offset + first * t.rowBytes(), t.offset + (first + rows) * t.rowBytes() } };
    if (t.isGrouped())
        r.push_back({ t.scaleOffset + first * t.groups() * 2, t.scaleOffset + (first + rows) * t.groups() * 2 });
    return r;
}

// lm_head in row blocks no larger than one slot (the slots never grow): a
// block of r rows spans at most its bytes plus a page of alignment at each
// end of each range, plus — when its payload and scale ranges lie within
// kMergeGap of each other and layoutRuns reads them as one run — that gap.
void planHeadBlocks(TrunkSplit &s, const ModelConfig &cfg, const std::vector<TensorInfo> &tensors, uint64_t blockRows)
{
    const std::string name = lmHeadTensorName(cfg);
    size_t index = tensors.size();
    for (size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].name == name)
            index = i;
    if (index == tensors.size() || s.plans.empty() || s.slotBytes == 0)
        return;
    const TensorInfo &t = tensors[index];
    const uint64_t perRow = t.rowBytes() + (t.isGrouped() ? t.groups() * 2 : 0);
    const uint64_t slack = t.isGrouped() ? 4 * kPage + kMergeGap : 2 * kPage;
    if (t.rows == 0 || perRow == 0 || s.slotBytes <= slack)
        return;
    uint64_t fit = std::min<uint64_t>((s.slotBytes - slack) / perRow, t.rows);
    if (fit == 0)
        return;
    const uint64_t rows = blockRows ? std::min(blockRows, fit) : fit;
    std::vector<LayerReadPlan> blocks;
    uint64_t readBytes = 0;
    for (uint64_t first = 0; first < t.rows; first += rows) {
        LayerReadPlan b;
        b.layer = -1;
        b.firstRow = first;
        b.rows = std::min(rows, t.rows - first);
        const std::vector<Range> r = headRanges(t, first, b.rows);
        if (layoutRuns(b, r))
            s.layoutEstimated = true;
        StreamedTensor st { index, 0, 0 };
        st.payloadOffset = slotOffsetOf(b, r[0].begin);
        st.scaleOffset = t.isGrouped() ? slotOffsetOf(b, r[1].begin) : 0;
        b.tensors.push_back(st);
        b.tensorBytes = b.rows * perRow;
        if (b.slotBytes > s.slotBytes)
            return; // the bound above is exact; never hand the streamer a block its slot cannot hold
        readBytes += b.slotBytes;
        blocks.push_back(std::move(b));
    }
    s.headBlocks = std::move(blocks);
    s.lmHeadReadBytes = readBytes;
    s.lmHeadStreamed = true;
    s.lmHeadBlockRows = rows;
    s.streamedBytes += t.bytes;
    s.readBytesPerToken += s.lmHeadReadBytes;
}

} // namespace

TrunkSplit planTrunkSplit(
    const ModelConfig &cfg, const std::vector<TensorInfo> &tensors, int residentLayers, const LmHeadStreaming &lmHead)
{
    TrunkSplit s;
    s.layers = std::max(cfg.nLayers, 0);
    s.residentLayers = std::clamp(residentLayers, 0, s.layers);
    const int streamedLayers = s.layers - s.residentLayers;
    if (streamedLayers == 0)
        return s;
    s.plans.resize(size_t(streamedLayers));
    for (int i = 0; i < streamedLayers; ++i)
        s.plans[size_t(i)].layer = s.residentLayers + i;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const int L = streamableLayer(cfg, tensors[i]);
        if (L >= s.residentLayers)
            s.plans[size_t(L - s.residentLayers)].tensors.push_back({ i, 0, 0 });
    }
    for (LayerReadPlan &p : s.plans) {
        // The file ranges of the layer's payloads and scales, merged into runs.
        std::vector<Range> ranges;
        for (const StreamedTensor &st : p.tensors) {
            const TensorInfo &t = tensors[st.tensor];
            ranges.push_back({ t.offset, t.offset + t.payloadBytes() });
            if (t.isGrouped())
                ranges.push_back({ t.scaleOffset, t.scaleOffset + t.scaleBytes() });
            p.tensorBytes += t.bytes;
        }
        if (layoutRuns(p, ranges))
            s.layoutEstimated = true;
        for (StreamedTensor &st : p.tensors) {
            const TensorInfo &t = tensors[st.tensor];
            st.payloadOffset = slotOffsetOf(p, t.offset);
            st.scaleOffset = t.isGrouped() ? slotOffsetOf(p, t.scaleOffset) : 0;
        }
        s.streamedBytes += p.tensorBytes;
        s.readBytesPerToken += p.slotBytes;
        s.slotBytes = std::max(s.slotBytes, p.slotBytes);
    }
    if (lmHead.stream)
        planHeadBlocks(s, cfg, tensors, lmHead.blockRows);
    s.slotCount = int(std::min<size_t>(size_t(kTrunkStagingSlots), s.units()));
    s.stagingBytes = uint64_t(s.slotCount) * s.slotBytes;
    return s;
}

Expected<std::unique_ptr<TrunkStreamer>> TrunkStreamer::open(const std::vector<std::string> &paths,
    const ModelConfig &cfg, const std::vector<TensorInfo> &tensors, TrunkSplit split, MemoryLedger &ledger,
    const DirectFileOptions &fileOptions, std::map<std::string, TrunkMatrixView> &views)
{
    std::unique_ptr<TrunkStreamer> ts(new TrunkStreamer);
    ts->m_split = std::move(split);
    if (!ts->m_split.streaming())
        return ts;
    if (ts->m_split.layoutEstimated)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "trunk: streamed layers' tensors overlap in the file (no readable layout)"));
    auto reader = ExtentReader::open(paths, fileOptions);
    if (!reader)
        return reader.status();
    ts->m_reader = std::move(*reader);
    ts->m_slots.resize(size_t(ts->m_split.slotCount));
    for (Slot &slot : ts->m_slots) {
        auto buf = ledger.allocate(kTrunkStagingName, ts->m_split.slotBytes, kPage);
        if (!buf)
            return buf.status();
        slot.buffer = std::move(*buf);
    }
    // Every streamed unit once through slot 0: the checks a resident load
    // makes, paid once at open like the resident trunk's read.
    const TrunkSplit &sp = ts->m_split;
    for (size_t s = 0; s < sp.units(); ++s) {
        const LayerReadPlan &p = sp.unit(s);
        const std::string what = p.layer >= 0
            ? "trunk layer " + std::to_string(p.layer)
            : "lm_head rows " + std::to_string(p.firstRow) + ".." + std::to_string(p.firstRow + p.rows - 1);
        uint8_t *base = ts->m_slots[0].buffer.data();
        auto got = ts->m_reader->read(p.extents, base, sp.slotBytes);
        if (!got)
            return Status(got.status()).withContext(what);
        for (const StreamedTensor &st : p.tensors) {
            TensorInfo t = tensors[st.tensor];
            if (p.layer < 0)
                t.rows = p.rows; // the block's rows only
            SLUICE_TRY(checkTensor(t, base + st.payloadOffset, base + st.scaleOffset));
        }
        // The unit's permanent views, into its own slot.
        uint8_t *own = ts->m_slots[s % ts->m_slots.size()].buffer.data();
        for (const StreamedTensor &st : p.tensors) {
            const TensorInfo &t = tensors[st.tensor];
            TrunkMatrixView v;
            v.fmt = t.fmt;
            v.isBf16 = t.isBf16;
            v.data = own + st.payloadOffset;
            v.scales = t.isGrouped() ? reinterpret_cast<const uint16_t *>(own + st.scaleOffset) : nullptr;
            v.rows = size_t(p.layer < 0 ? p.rows : t.rows);
            v.cols = size_t(t.cols);
            v.rowBytes = size_t(t.rowBytes());
            if (p.layer < 0)
                ts->m_headViews.push_back({ v, size_t(p.firstRow) });
            else
                views[t.name.substr(cfg.tensorPrefix.size())] = v;
        }
    }
    if (sp.lmHeadStreamed) {
        // bindWeights wants lm_head's shape; the forward pass reads it block
        // by block (acquireOutputHead), never through this view.
        TrunkMatrixView whole = ts->m_headViews.front().view;
        whole.rows = size_t(tensors[sp.headBlocks.front().tensors.front().tensor].rows);
        whole.data = nullptr;
        whole.scales = nullptr;
        views["lm_head.weight"] = whole;
    }
    // The last unit checked went to slot 0, which is its own slot with one
    // slot or an odd number of units.
    ts->m_slots[0].loaded = ts->m_slots.size() == 1 || sp.units() % 2 == 1 ? int(sp.units()) - 1 : -1;
    ts->m_pool = std::make_unique<ReaderPool>(1);
    if (!ts->m_pool->startStatus().isOk())
        return ts->m_pool->startStatus();
    return ts;
}

TrunkStreamer::~TrunkStreamer()
{
    // Join the reader before the slots it writes go away.
    m_pool.reset();
}

TrunkStreamStats TrunkStreamer::stats() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_stats;
}

Status TrunkStreamer::readInto(int slot, int unit)
{
    const LayerReadPlan &p = m_split.unit(size_t(unit));
    auto got = m_reader->read(p.extents, m_slots[size_t(slot)].buffer.data(), m_split.slotBytes);
    if (!got)
        return Status(got.status())
            .withContext(p.layer >= 0 ? "reading trunk layer " + std::to_string(p.layer)
                                      : "reading lm_head rows from " + std::to_string(p.firstRow));
    return Status::ok();
}

// Called with m_mutex held.
void TrunkStreamer::prefetch(int unit)
{
    const int slot = unit % int(m_slots.size());
    Slot &sl = m_slots[size_t(slot)];
    if (sl.loaded == unit || sl.pending >= 0)
        return;
    sl.pending = unit;
    sl.loaded = -1;
    m_pool->submit([this, slot, unit] {
        Status st = readInto(slot, unit);
        std::lock_guard<std::mutex> lock(m_mutex);
        Slot &s = m_slots[size_t(slot)];
        s.result = st;
        s.loaded = st.isOk() ? s.pending : -1;
        s.pending = -1;
        if (st.isOk()) {
            m_stats.bytesRead += m_split.unit(size_t(unit)).slotBytes;
            ++m_stats.layerReads;
        }
        m_done.notify_all();
    });
}

// The first streamed layer of the next chunk: with an odd number of units it
// shares the last one's slot, so it can only be read once that unit is done
// (during the output head, or after lm_head's last block, and the next embedding).
void TrunkStreamer::layersDone()
{
    if (m_split.plans.empty())
        return;
    std::lock_guard<std::mutex> lock(m_mutex);
    prefetch(0);
}

Status TrunkStreamer::acquire(int layer)
{
    if (!streamed(layer))
        return Status::ok();
    return acquireUnit(layer - m_split.residentLayers);
}

Expected<RowBlock> TrunkStreamer::acquireOutputHead(int block)
{
    if (block < 0 || size_t(block) >= m_headViews.size())
        return makeError(ErrorCode::Internal, "lm_head block " + std::to_string(block) + " out of range");
    SLUICE_TRY(acquireUnit(int(m_split.plans.size()) + block));
    return m_headViews[size_t(block)];
}

Status TrunkStreamer::acquireUnit(int s)
{
    const int slotCount = int(m_slots.size());
    const int slot = s % slotCount;
    std::unique_lock<std::mutex> lock(m_mutex);
    Slot &sl = m_slots[size_t(slot)];
    if (sl.loaded != s) {
        const auto t0 = std::chrono::steady_clock::now();
        const bool wasPending = sl.pending == s;
        // Whatever is in flight for this slot finishes before it is reused.
        m_done.wait(lock, [&] { return sl.pending < 0; });
        if (sl.loaded != s) {
            if (wasPending && !sl.result.isOk()) {
                Status st = sl.result;
                sl.result = Status::ok();
                return st;
            }
            // Not read ahead (first token, an odd slot cycle, an earlier
            // error): read now, on this thread.
            sl.pending = s;
            lock.unlock();
            Status st = readInto(slot, s);
            lock.lock();
            sl.pending = -1;
            sl.loaded = st.isOk() ? s : -1;
            ++m_stats.syncReads;
            if (st.isOk()) {
                m_stats.bytesRead += m_split.unit(size_t(s)).slotBytes;
                ++m_stats.layerReads;
            }
            m_done.notify_all();
            if (!st.isOk())
                return st;
        }
        m_stats.waitSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    // Read the next unit (the next token's first layer after the last) into
    // the other slot while this one computes.
    const int next = (s + 1) % int(m_split.units());
    if (next % slotCount != slot)
        prefetch(next);
    return Status::ok();
}

} // namespace sluice::model
