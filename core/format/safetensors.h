#pragma once
// The published checkpoints as they are downloaded (spec 3): a folder with
// `model.safetensors.index.json` (weight_map: tensor name -> shard file) and
// the shards, or a single `model.safetensors`. A shard is an 8-byte
// little-endian header length, a JSON header {name: {dtype, shape,
// data_offsets}} and the data. Every header is untrusted input: its length,
// JSON, dtypes, shapes and offsets are checked against the file before
// anything is allocated or read, and every error names the shard and tensor.
// Thread safety: after open() every const method may be called concurrently.
#include "util/status.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace sluice {

// The dtypes the releases use (spec 3): BF16 trunk, F32 vectors, U8 for the
// MXFP4 packed nibble pairs and their E8M0 scales. Everything else (F16, the
// F8 kinds, integers) is refused with a message saying so.
enum class SafetensorsDtype : uint8_t { BF16, F32, U8 };

const char *safetensorsDtypeName(SafetensorsDtype dtype);
inline constexpr size_t safetensorsDtypeBytes(SafetensorsDtype dtype)
{
    return dtype == SafetensorsDtype::F32 ? 4 : dtype == SafetensorsDtype::BF16 ? 2 : 1;
}

struct SafetensorsTensor {
    std::string name;
    SafetensorsDtype dtype = SafetensorsDtype::F32;
    std::vector<int64_t> shape; // may be empty (a scalar)
    int shard = -1;             // index into SafetensorsCheckpoint::shards()
    uint64_t offset = 0;        // absolute byte offset in the shard file
    uint64_t bytes = 0;         // elements * dtype size

    uint64_t elements() const { return bytes / safetensorsDtypeBytes(dtype); }
    // Kernels view a tensor as rows x cols (cols = last dimension).
    uint64_t cols() const { return shape.empty() ? 1 : uint64_t(shape.back()); }
    uint64_t rows() const { return cols() == 0 ? 0 : elements() / cols(); }
};

struct SafetensorsShard {
    std::string file; // plain file name inside the folder
    std::string path;
    uint64_t fileBytes = 0;
    uint64_t dataStart = 0; // 8 + header length
    int64_t mtimeNs = 0;    // for fingerprints of derived caches
    size_t tensorCount = 0;
};

struct SafetensorsLimits {
    static constexpr uint64_t maxHeaderBytes = 100u << 20; // K3 headers are ~1 MB
    static constexpr uint64_t maxIndexBytes = 256u << 20;
    static constexpr size_t maxShards = 100000;
    static constexpr int maxRank = 8;
    static constexpr int64_t maxDim = int64_t(1) << 40;
    static constexpr size_t maxNameBytes = 1024;
};

// Parses one header (the JSON bytes after the 8-byte length) of a shard whose
// file is `fileBytes` long. Offsets in the result are absolute file offsets;
// tensors are sorted by offset. `shardName` only labels errors. Pure: no I/O,
// so the fuzzer drives it directly.
Expected<std::vector<SafetensorsTensor>> parseSafetensorsHeader(const char *json, size_t size, uint64_t fileBytes,
                                                                const std::string &shardName);

// Parses model.safetensors.index.json: the weight_map as (tensor, shard file)
// pairs, every shard name a plain file name, no tensor twice.
Expected<std::vector<std::pair<std::string, std::string>>> parseSafetensorsIndex(const char *json, size_t size);

class SafetensorsCheckpoint {
public:
    static constexpr const char *indexFileName = "model.safetensors.index.json";
    static constexpr const char *singleFileName = "model.safetensors";

    // True when `dir` holds an index or a single model.safetensors (cheap, no parsing).
    static bool looksLikeCheckpoint(const std::string &dir);
    static Expected<std::unique_ptr<SafetensorsCheckpoint>> open(const std::string &dir);
    ~SafetensorsCheckpoint();
    SafetensorsCheckpoint(const SafetensorsCheckpoint &) = delete;
    SafetensorsCheckpoint &operator=(const SafetensorsCheckpoint &) = delete;

    const std::string &dir() const { return m_dir; }
    const std::vector<SafetensorsShard> &shards() const { return m_shards; }
    const std::vector<SafetensorsTensor> &tensors() const { return m_tensors; }
    const SafetensorsTensor *find(const std::string &name) const;
    // The shard's file descriptor (opened O_RDONLY, kept for the checkpoint's life).
    int shardFd(int shard) const { return m_fds[size_t(shard)]; }
    uint64_t totalBytes() const;

    // Reads a tensor's bytes exactly as stored.
    Status readBytes(const SafetensorsTensor &tensor, void *dst) const;
    Status readBytes(const SafetensorsTensor &tensor, std::vector<uint8_t> &out) const;
    // BF16 or F32 tensor widened to f32 (exact).
    Expected<std::vector<float>> readFloat(const SafetensorsTensor &tensor) const;

    // "shard 'model-00003-of-00096.safetensors', tensor 'x'" for messages.
    std::string describe(const SafetensorsTensor &tensor) const;

private:
    SafetensorsCheckpoint() = default;
    Status load(const std::string &dir);
    Status addShard(const std::string &file, int &index);

    std::string m_dir;
    std::vector<SafetensorsShard> m_shards;
    std::vector<int> m_fds;
    std::vector<SafetensorsTensor> m_tensors;
    std::unordered_map<std::string, size_t> m_index;
};

// Opens `path` read-only without blocking on a FIFO and checks that it is a
// regular file; a directory, FIFO or device in its place is an error naming it.
Expected<int> openRegularFileReadOnly(const std::string &path, const std::string &label, uint64_t &sizeOut,
                                      int64_t *mtimeNs = nullptr);

} // namespace sluice
