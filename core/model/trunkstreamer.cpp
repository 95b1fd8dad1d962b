#include "model/trunkstreamer.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>

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
                    "trunk '" + t.name + "': non-finite scale at row " + std::to_string(i / t.groups()) + ", group "
                        + std::to_string(i % t.groups()));
        }
    } else if (t.fmt == TensorFormat::F32) {
        for (uint64_t i = 0; i < t.elements(); ++i) {
            float v;
            std::memcpy(&v, payload + 4 * i, 4);
            if (!std::isfinite(v))
                return makeError(
                    ErrorCode::Format, "trunk '" + t.name + "': non-finite value at element " + std::to_string(i));
        }
    } else if (t.fmt == TensorFormat::F16) {
        const uint16_t mask = t.isBf16 ? 0x7f80 : 0x7c00;
        for (uint64_t i = 0; i < t.elements(); ++i) {
            uint16_t v;
            std::memcpy(&v, payload + 2 * i, 2);
            if ((v & mask) == mask)
                return makeError(
                    ErrorCode::Format, "trunk '" + t.name + "': non-finite value at element " + std::to_string(i));
        }
    }
    return Status::ok();
}

} // namespace

int streamableLayer(const ModelConfig &cfg, const TensorInfo &t)
{
    const std::string head = cfg.tensorPrefix + "model.layers.";
    if (t.name.rfind(head, 0) != 0 || t.rows <= 1 || t.cols <= 1 || t.name.find("conv1d") != std::string::npos)
        return -1;
    const size_t dot = t.name.find('.', head.size());
    if (dot == std::string::npos || dot == head.size())
        return -1;
    int layer = 0;
    for (size_t i = head.size(); i < dot; ++i) {
        const char c = t.name[i];
        if (c < '0' || c > '9' || layer > 100000)
            return -1;
        layer = layer * 10 + (c - '0');
    }
    return layer < cfg.nLayers ? layer : -1;
}

TrunkSplit planTrunkSplit(const ModelConfig &cfg, const std::vector<TensorInfo> &tensors, int residentLayers)
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
        std::sort(ranges.begin(), ranges.end(), [](const Range &a, const Range &b) { return a.begin < b.begin; });
        bool overlap = false;
        for (size_t i = 1; i < ranges.size(); ++i)
            overlap = overlap || ranges[i].begin < ranges[i - 1].end;
        if (overlap) {
            // No file layout (a built-in shape lists tensors without offsets):
            // size the slot as the tensors packed page by page, as a
            // container or trunk cache writes them. Nothing reads these extents.
            s.layoutEstimated = true;
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
        for (const Range &r : runs) {
            p.extents.push_back(FileExtent { 0, r.begin, r.end - r.begin, p.slotBytes });
            p.slotBytes += r.end - r.begin;
        }
        // Where each tensor's bytes land: the run holding its file offset.
        auto slotOffsetOf = [&](uint64_t fileOffset) {
            for (const FileExtent &e : p.extents)
                if (fileOffset >= e.offset && fileOffset < e.offset + e.bytes)
                    return e.slotOffset + (fileOffset - e.offset);
            return uint64_t(0); // unreachable: every range is inside a run
        };
        for (StreamedTensor &st : p.tensors) {
            const TensorInfo &t = tensors[st.tensor];
            st.payloadOffset = slotOffsetOf(t.offset);
            st.scaleOffset = t.isGrouped() ? slotOffsetOf(t.scaleOffset) : 0;
        }
        s.streamedBytes += p.tensorBytes;
        s.readBytesPerToken += p.slotBytes;
        s.slotBytes = std::max(s.slotBytes, p.slotBytes);
    }
    s.slotCount = std::min(kTrunkStagingSlots, streamedLayers);
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
        return makeError(ErrorCode::Format, "trunk: streamed layers' tensors overlap in the file (no readable layout)");
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
    // Every streamed layer once through slot 0: the checks a resident load
    // makes, paid once at open like the resident trunk's read.
    for (size_t s = 0; s < ts->m_split.plans.size(); ++s) {
        const LayerReadPlan &p = ts->m_split.plans[s];
        uint8_t *base = ts->m_slots[0].buffer.data();
        auto got = ts->m_reader->read(p.extents, base, ts->m_split.slotBytes);
        if (!got)
            return Status(got.status()).withContext("trunk layer " + std::to_string(p.layer));
        for (const StreamedTensor &st : p.tensors)
            SLUICE_TRY(checkTensor(tensors[st.tensor], base + st.payloadOffset, base + st.scaleOffset));
        // The layer's permanent views, into its own slot.
        uint8_t *own = ts->m_slots[s % ts->m_slots.size()].buffer.data();
        for (const StreamedTensor &st : p.tensors) {
            const TensorInfo &t = tensors[st.tensor];
            TrunkMatrixView v;
            v.fmt = t.fmt;
            v.isBf16 = t.isBf16;
            v.data = own + st.payloadOffset;
            v.scales = t.isGrouped() ? reinterpret_cast<const uint16_t *>(own + st.scaleOffset) : nullptr;
            v.rows = size_t(t.rows);
            v.cols = size_t(t.cols);
            v.rowBytes = size_t(t.rowBytes());
            views[t.name.substr(cfg.tensorPrefix.size())] = v;
        }
    }
    ts->m_slots[0].loaded = ts->m_slots.size() == 1 || ts->m_split.plans.size() % 2 == 1
        ? ts->m_split.plans.back().layer // the last layer checked went to its own slot 0
        : -1;
    ts->m_pool = std::make_unique<ReaderPool>(1);
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

Status TrunkStreamer::readInto(int slot, int streamedIndex)
{
    const LayerReadPlan &p = m_split.plans[size_t(streamedIndex)];
    auto got = m_reader->read(p.extents, m_slots[size_t(slot)].buffer.data(), m_split.slotBytes);
    if (!got)
        return Status(got.status()).withContext("reading trunk layer " + std::to_string(p.layer));
    return Status::ok();
}

// Called with m_mutex held.
void TrunkStreamer::prefetch(int streamedIndex)
{
    const int slot = streamedIndex % int(m_slots.size());
    Slot &sl = m_slots[size_t(slot)];
    const int layer = m_split.plans[size_t(streamedIndex)].layer;
    if (sl.loaded == layer || sl.pending >= 0)
        return;
    sl.pending = layer;
    sl.loaded = -1;
    m_pool->submit([this, slot, streamedIndex] {
        Status st = readInto(slot, streamedIndex);
        std::lock_guard<std::mutex> lock(m_mutex);
        Slot &s = m_slots[size_t(slot)];
        s.result = st;
        s.loaded = st.isOk() ? s.pending : -1;
        s.pending = -1;
        if (st.isOk()) {
            m_stats.bytesRead += m_split.plans[size_t(streamedIndex)].slotBytes;
            ++m_stats.layerReads;
        }
        m_done.notify_all();
    });
}

// The first streamed layer of the next chunk: with an odd number of
// streamed layers it shares the last one's slot, so it can only be read once
// that layer is done (during the output head and the next embedding).
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
    const int s = layer - m_split.residentLayers;
    const int slotCount = int(m_slots.size());
    const int slot = s % slotCount;
    std::unique_lock<std::mutex> lock(m_mutex);
    Slot &sl = m_slots[size_t(slot)];
    if (sl.loaded != layer) {
        const auto t0 = std::chrono::steady_clock::now();
        const bool wasPending = sl.pending == layer;
        // Whatever is in flight for this slot finishes before it is reused.
        m_done.wait(lock, [&] { return sl.pending < 0; });
        if (sl.loaded != layer) {
            if (wasPending && !sl.result.isOk()) {
                Status st = sl.result;
                sl.result = Status::ok();
                return st;
            }
            // Not read ahead (first token, an odd slot cycle, an earlier
            // error): read now, on this thread.
            sl.pending = layer;
            lock.unlock();
            Status st = readInto(slot, s);
            lock.lock();
            sl.pending = -1;
            sl.loaded = st.isOk() ? layer : -1;
            ++m_stats.syncReads;
            if (st.isOk()) {
                m_stats.bytesRead += m_split.plans[size_t(s)].slotBytes;
                ++m_stats.layerReads;
            }
            m_done.notify_all();
            if (!st.isOk())
                return st;
        }
        m_stats.waitSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    // Read the next streamed layer (the next token's first one after the
    // last) into the other slot while this one computes.
    const int next = (s + 1) % int(m_split.plans.size());
    if (next % slotCount != slot)
        prefetch(next);
    return Status::ok();
}

} // namespace sluice::model
