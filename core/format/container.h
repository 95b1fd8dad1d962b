#pragma once
// A WASTE v0 container opened for reading (spec 4). open() parses and checks
// the manifest, the file sizes and the codebooks; after that, trunk tensors
// and embedding rows are read on demand with pread (64-bit offsets) and
// expert records are validated by the functions in expertrecord.h.
// Thread safety: after open() every const method may be called concurrently.
#include "format/expertrecord.h"
#include "format/manifest.h"
#include "api/modelconfig.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace sluice {

struct ContainerOptions {
    // Check that every bank file exists with the manifest's size (cheap stat).
    bool checkBanks = true;
};

struct ContainerPaths {
    std::string dir;
    std::string manifest;
    std::string trunk;
    std::string codebooks;
    std::string tokenizer; // empty when absent
    std::string specials;  // empty when absent
    std::string vision;    // empty when absent
    std::string chat;      // empty when absent
};

struct ExpertBank {
    std::string path;
    int experts = 0;
    uint64_t recordBytes = 0;
    int codebookBase = 0;
};

class Container {
public:
    static Expected<std::unique_ptr<Container>> open(const std::string &dir, const ContainerOptions &options = {});
    ~Container();
    Container(const Container &) = delete;
    Container &operator=(const Container &) = delete;

    const ModelConfig &config() const { return m_manifest.config; }
    const Manifest &manifest() const { return m_manifest; }
    const std::vector<TensorInfo> &tensors() const { return m_manifest.tensors; }
    const ContainerPaths &paths() const { return m_paths; }
    const std::vector<SpecialToken> &specials() const { return m_specials; }

    // `name` without the prefix ("model.norm.weight") gets the tensor prefix;
    // if that is absent the raw name is tried (vision tensors have none).
    const TensorInfo *findTensor(const std::string &name) const;

    // Reads a trunk tensor's payload and (grouped formats) fp16 scales.
    Status readTensorBytes(const TensorInfo &info, std::vector<uint8_t> &payload, std::vector<uint16_t> &scales) const;
    // A view over bytes loaded by readTensorBytes (they must outlive it).
    static TrunkMatrixView matrixView(const TensorInfo &info, const std::vector<uint8_t> &payload,
                                      const std::vector<uint16_t> &scales);
    // Reference path: the whole tensor as f32 [rows * cols].
    Expected<std::vector<float>> dequantizeTensor(const TensorInfo &info) const;
    // One embedding row (hidden floats), read on demand in any trunk format.
    Status readEmbeddingRow(int token, float *out) const;

    // Expert banks. Layers without a bank (dense) have experts == 0.
    ExpertBank expertLayer(int layer) const;
    const ExpertLayout &expertLayout(int layer) const;
    // Books of (layer, kind 0 gate / 1 up / 2 down), decoded to f32.
    VqCodebooksView codebooks(int layer, int kind) const;
    // Books starting at a record's codebook id (what engines should use).
    VqCodebooksView codebooksById(int codebookId) const;
    int codebookCount() const { return m_nBooks; }

    // Convenience for tests and tools: read + validate (+ CRC) one record.
    Status readExpertRecord(int layer, int expert, std::vector<uint8_t> &record, bool verifyCrc) const;

    // Bytes of the container's folder plus its banks placed elsewhere.
    uint64_t containerBytes() const { return m_containerBytes; }
    // Banks that sluice-placement.json puts outside the folder (file -> folder).
    const std::map<std::string, std::string> &placedBanks() const { return m_placedBanks; }
    int64_t parameterCount() const;
    uint64_t trunkBytes() const { return m_trunkBytes; }

private:
    Container() = default;
    Status load(const std::string &dir, const ContainerOptions &options);
    Status loadCodebooks();
    Status loadPlacement(const std::string &dir);

    Manifest m_manifest;
    ContainerPaths m_paths;
    std::vector<SpecialToken> m_specials;
    std::unordered_map<std::string, size_t> m_tensorIndex; // stored name -> index in tensors()
    std::vector<ExpertLayout> m_layouts; // per layer (default for dense layers)
    std::vector<float> m_books;          // [book][entry][dim] f32
    int m_nBooks = 0;
    std::vector<std::string> m_bankPaths;               // per layer, where the sidecar (or home) says
    std::map<std::string, std::string> m_placedBanks;   // bank file -> folder outside the container
    int m_trunkFd = -1;
    uint64_t m_trunkBytes = 0;
    uint64_t m_containerBytes = 0;
};

// pread the whole range or fail (EINTR and short reads retried).
Status preadFully(int fd, void *dst, uint64_t bytes, uint64_t offset, const std::string &what);

} // namespace sluice
