#pragma once
// Writes WASTE v0 containers that Sluice's reader and WASTE accept (spec 4):
// trunk tensors quantised per spec 4.3, expert records (VQ3R / VQ2R / VQ4P,
// blocked indices, 4 KiB records, CRC), codebooks, specials, tokenizer,
// vision.json. Every file goes to a temporary name, is fsynced and renamed;
// manifest.json is written LAST, so a crash never leaves a directory that
// looks like a complete container.
#include "format/expertrecord.h"
#include "format/manifest.h"
#include "api/modelconfig.h"
#include "util/status.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace sluice {

struct WriterOptions {
    int trunkBits = 4;                  // default matrix format: 4 Q4G, 8 Q8G, 3 Q3G
    uint64_t minQuantElements = 65536;  // the converter's F32 threshold (spec 4.3)
    uint64_t recordBytes = 0;           // bank stride; 0 = the smallest 4 KiB multiple
    std::string arch;                   // manifest "arch" string
    bool sluiceDemo = false;            // manifest "sluice_demo": the app's bundled demo
    std::string sluiceDemoWeights;      // manifest "sluice_demo_weights": what they are ("" = random)
};

class ContainerWriter {
public:
    // `configJson` is the manifest's "config" object (flattened K3 with
    // `_outer`, or flat KL); `config` must describe the same model.
    static Expected<std::unique_ptr<ContainerWriter>> create(const std::string &dir, const ModelConfig &config,
                                                             const std::string &configJson, const WriterOptions &options);
    ~ContainerWriter();
    ContainerWriter(const ContainerWriter &) = delete;
    ContainerWriter &operator=(const ContainerWriter &) = delete;

    // The converter's format choice for a tensor (spec 4.3 rule, with the
    // options' threshold and trunk bits).
    TensorFormat chooseFormat(const std::string &name, const std::vector<int64_t> &shape) const;

    // Appends a trunk tensor (full stored name, prefix included).
    Status addTensor(const std::string &name, const std::vector<int64_t> &shape, const float *data);
    Status addTensor(const std::string &name, const std::vector<int64_t> &shape, const float *data, TensorFormat fmt,
                     bool bf16 = false);

    const ExpertLayout &layout() const { return m_layout; }
    int codebookBase(int layer) const;
    // Books of (layer, kind): f32 [stages][entries][vecDim]; stored as fp16,
    // and the fp16-rounded values are what encoding uses.
    Status setCodebooks(int layer, int kind, const float *books);
    const float *codebooks(int layer, int kind) const;

    // Experts are written layer by layer, experts 0..E-1 in order.
    Status writeExpert(int layer, int expert, const float *gate, const float *up, const float *down);
    // Already-encoded matrices (indices in the layout's format, fp16 row scales).
    Status writeExpertEncoded(int layer, int expert, const uint8_t *const indices[3], const uint16_t *const scales[3]);
    // The layer's bank is already complete on disk under its final name (a
    // resumable converter wrote it itself, with buildExpertRecord): counted
    // as written, not touched.
    Status adoptBank(int layer);
    // trunk.bin is already complete on disk (a resumable converter wrote it
    // in this writer's layout): `tensors` is its index; no addTensor after.
    Status adoptTrunk(std::vector<TensorInfo> tensors);

    void setSpecials(std::vector<SpecialToken> specials) { m_specials = std::move(specials); }
    void setTokenizer(std::string bytes) { m_tokenizer = std::move(bytes); }
    void setVisionJson(std::string json) { m_visionJson = std::move(json); }
    void setChatJson(std::string json) { m_chatJson = std::move(json); }

    // Writes codebooks, small files and finally the manifest (the commit point).
    Status finish();

private:
    ContainerWriter() = default;
    Status startBank(int layer);
    Status openBank(int layer);
    Status closeBank();
    Status writeFileAtomically(const std::string &name, const std::string &bytes);

    std::string m_dir;
    ModelConfig m_config;
    std::string m_configJson;
    WriterOptions m_options;
    ExpertLayout m_layout;
    std::vector<int> m_codebookBase;    // per layer, -1 for dense layers
    std::vector<float> m_books;         // [book][entries][vecDim], fp16-rounded
    std::vector<bool> m_booksSet;
    std::vector<TensorInfo> m_tensors;
    std::FILE *m_trunk = nullptr;
    uint64_t m_trunkBytes = 0;
    std::FILE *m_bank = nullptr;
    int m_bankLayer = -1;
    int m_nextExpert = 0;
    std::vector<bool> m_layerDone;
    std::vector<uint8_t> m_record;
    std::vector<SpecialToken> m_specials;
    std::string m_tokenizer, m_visionJson, m_chatJson;
    bool m_finished = false;
    bool m_trunkAdopted = false;
};

// "experts-L{layer}.bin"
std::string bankFileName(int layer);

// One expert record exactly as ContainerWriter writes it: header (fmt 4, or
// 8 for VQ4P), gate/up/down indices, fp16 row scales, CRC, zero padding to
// layout.recordBytes bytes at `record`.
void buildExpertRecord(const ExpertLayout &layout, int layer, int expert, int codebookId,
                       const uint8_t *const indices[3], const uint16_t *const scales[3], uint8_t *record);

} // namespace sluice
