#pragma once
// Scratch buffers described once. Every block of the forward pass has a
// scratch struct whose layout() names each planner entry and the buffers
// behind it, with one size formula. The same walk either lists the entries
// (the memory planner's scratch list, so the ledger reserves them), sizes the
// buffers (the ForwardPass constructor) or measures what the buffers really
// hold (tests), so the plan and the allocation cannot drift apart.
#include "api/modelconfig.h"
#include "kernels/vqlut.h"
#include "stream/memoryplanner.h"
#include "util/virtualmemory.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace sluice::model {

// The model's sizes the scratch formulas use (chunk capacity apart).
struct ScratchDims {
    size_t d, C, H, D, K, nh, qd, nope, rope, vd, kvl, qLora, rank, E, topK, lat, inter, ffn, vocab, maxBlocks, ctx;
    size_t lutLat, lutInter; // bytes of one expert table over lat / inter inputs
    size_t lanes;            // decode lanes: one expert record per compute thread (MoeBlock), <= topK
};

// Everything from the config: container validation fills the KDA ranks from
// the tensor shapes, so config and bound weights agree.
// `threads`: the compute threads the forward pass runs on (decode lanes).
ScratchDims scratchDims(const ModelConfig &cfg, int contextLength, int threads = 1);

class ScratchSink {
public:
    enum class Mode {
        List,     // entries with their planned bytes, nothing touched
        Allocate, // size every buffer to its planned count (zeroed)
        Measure,  // entries with the bytes the buffers hold now
    };
    explicit ScratchSink(Mode mode) : m_mode(mode) {}

    class Entry {
    public:
        template <typename T>
        Entry &buffer(std::vector<T> &v, size_t count)
        {
            if (m_sink->m_mode == Mode::Allocate) {
                v.clear();
                v.shrink_to_fit();
                v.assign(count, T{});
                // Sized for the most a buffer holds (a whole prefill chunk);
                // its pages cost RAM only once written (issue 31).
                if constexpr (std::is_arithmetic_v<T>)
                    zeroWithoutTouching(v.data(), v.size() * sizeof(T));
            }
            add(count * sizeof(T), v.capacity() * sizeof(T));
            return *this;
        }
        // `count` tables of `bytesEach` (kernels::VqLut grows its buffers on the first build).
        Entry &tables(std::vector<kernels::VqLut> &v, size_t count, uint64_t bytesEach);
        Entry &table(kernels::VqLut &lut, uint64_t bytes);

    private:
        friend class ScratchSink;
        Entry(ScratchSink *sink, size_t index) : m_sink(sink), m_index(index) {}
        void add(uint64_t planned, uint64_t held);
        ScratchSink *m_sink;
        size_t m_index;
    };

    Entry entry(std::string name);
    Mode mode() const { return m_mode; }
    const std::vector<ScratchBuffer> &entries() const { return m_entries; }
    uint64_t totalBytes() const;

private:
    Mode m_mode;
    std::vector<ScratchBuffer> m_entries;
};

// The attention output and its gate, shared by the KDA and MLA layers
// (one is live at a time), sized for the wider of the two.
struct AttentionScratch {
    std::vector<float> gate, o;
    void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
};

} // namespace sluice::model
