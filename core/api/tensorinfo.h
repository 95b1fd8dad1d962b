#pragma once
// A stored tensor as the public API describes it (PlannerShape::tensors):
// its WASTE v0 storage format (spec 4.3), name, shape and place in the
// trunk file. Declared here for clients; the manifest parser
// (format/manifest.h) fills it and the kernels' views (util/tensorformat.h)
// compute on the formats.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sluice {

// Codes are the WASTE v0 `fmt` codes (spec 4.3).
enum class TensorFormat : uint8_t {
    F32 = 0,
    F16 = 1, // code 1 also covers BF16; `isBf16` on the view says which
    Q8G = 2,
    Q4G = 3,
    VQ3R = 4,
    VQ2R = 5,
    SUB1 = 6, // specified, never written in v0
    Q3G = 7,
    VQ4P = 8,
};

inline constexpr int kTrunkGroup = 128; // weights per fp16 scale in Q8G/Q4G/Q3G rows

// Bytes of one stored row of `cols` weights in a trunk format (rows are
// addressed by a fixed stride; Q3G carries one guard byte).
inline constexpr size_t trunkRowBytes(TensorFormat fmt, size_t cols, bool bf16 = false)
{
    (void)bf16;
    const size_t groups = (cols + kTrunkGroup - 1) / kTrunkGroup;
    switch (fmt) {
    case TensorFormat::F32: return cols * 4;
    case TensorFormat::F16: return cols * 2;
    case TensorFormat::Q8G: return groups * 128;
    case TensorFormat::Q4G: return groups * 64;
    case TensorFormat::Q3G: return (groups * 128 * 3 + 7) / 8 + 1;
    default: return 0;
    }
}

// One trunk tensor. `shape` is as stored; kernels see it as rows x cols
// (rows = product of the leading dimensions, cols = the last one).
struct TensorInfo {
    std::string name; // full stored name, prefix included
    TensorFormat fmt = TensorFormat::F32;
    bool isBf16 = false; // fmt F16 only: manifest "dtype": "bf16" (Sluice extension)
    uint64_t offset = 0;
    uint64_t scaleOffset = 0; // grouped formats only
    uint64_t bytes = 0;       // payload + scales, as the manifest says
    std::vector<int64_t> shape;
    uint64_t rows = 0;
    uint64_t cols = 0;

    uint64_t elements() const { return rows * cols; }
    bool isGrouped() const
    {
        return fmt == TensorFormat::Q8G || fmt == TensorFormat::Q4G || fmt == TensorFormat::Q3G;
    }
    uint64_t groups() const { return (cols + kTrunkGroup - 1) / kTrunkGroup; }
    uint64_t rowBytes() const { return trunkRowBytes(fmt, cols); }
    uint64_t payloadBytes() const { return rows * rowBytes(); }
    uint64_t scaleBytes() const { return isGrouped() ? rows * groups() * 2 : 0; }
};

} // namespace sluice
