#pragma once
// The model hyper-parameters the engine needs, parsed from a container's
// manifest `config` (spec 1.2). Plain data, no Qt: the forward pass, the
// planner and the converter all read it. Booleans are read by value.
// Public API (ModelSummary::config, PlannerShape::config);
// the parser lives in format/manifest.h.
#include <cstdint>
#include <string>
#include <vector>

namespace sluice {

enum class Architecture { KimiK3, KimiLinear };
enum class Activation { SiLU, SiTU };

struct VisionConfig {
    bool present = false;
    // Why a configured tower is off (present is then false): the model still
    // opens for text; apps show "images are off: <reason>".
    std::string disabledReason;
    int patchSize = 14;
    int hidden = 1024;          // vt_hidden_size
    int layers = 27;            // vt_num_hidden_layers
    int heads = 12;             // vt_num_attention_heads
    int qkvHidden = 1536;       // qkv_hidden_size (heads * 128)
    int intermediate = 4096;    // vt_intermediate_size
    int posEmbHeight = 64;
    int posEmbWidth = 64;
    int mergeH = 2;
    int mergeW = 2;
    int mmHidden = 1024;
    int textHidden = 7168;
    float projectorLnEps = 1e-5f;
    float imageMean[3] = {0.5f, 0.5f, 0.5f};
    float imageStd[3] = {0.5f, 0.5f, 0.5f};
    int maxPatches = 1024;
    float rmsEps = 1.1920928955078125e-07f; // the tower's nn.RMSNorm default (f32 epsilon)

    bool operator==(const VisionConfig &) const = default;
};

struct ExpertQuantConfig {
    std::string fmtName = "VQ3R"; // VQ3R, VQ2R or VQ4P; a release checkpoint: MXFP4 or BF16
    int stages = 3;
    int vecDim = 8;
    int entries = 256;
    int indexBlock = 64; // 64 (blocked) or 0 (plain row-major)
    int indexBits = 8;   // 8, or 6 for VQ4P
    int groupSize = 0;   // MXFP4: elements per E8M0 scale (32); 0 otherwise

    bool operator==(const ExpertQuantConfig &) const = default;
};

struct ModelConfig {
    Architecture arch = Architecture::KimiLinear;
    std::string tensorPrefix; // "language_model." on K3, "" on Kimi-Linear

    int nLayers = 0;
    int hidden = 0;
    int vocab = 0;
    float rmsEps = 1e-5f;

    int firstKDense = 1;
    int intermediate = 0; // dense MLP width (layer < firstKDense)

    int nExperts = 0;
    int topK = 0; // experts routed per token: the model's, or fewer (ModelOptions::expertsPerToken)
    // The model's own num_experts_per_token when topK was lowered at open;
    // 0 = topK is the model's. shippedTopK() answers either way.
    int modelTopK = 0;
    int moeIntermediate = 0;
    int nSharedExperts = 0;
    int latentDim = 0; // routed_expert_hidden_size; 0 = experts run on the hidden state
    bool latentNorm = false;
    bool renormalize = true;
    float routedScaling = 1.0f;

    Activation activation = Activation::SiLU;
    float situBeta = 4.0f;
    float situLinearBeta = 0.0f; // 0 = absent: the up branch is not squashed

    // MLA
    int nHeads = 0;
    int qLoraRank = 0; // 0 = direct q_proj
    int kvLoraRank = 512;
    int qkNopeDim = 128;
    int qkRopeDim = 64;
    int vHeadDim = 128;
    bool mlaOutputGate = false;

    int attnResBlock = 0; // 0 = plain pre-norm residual (Kimi-Linear)

    // KDA
    int kdaHeads = 0;
    int kdaHeadDim = 128;
    int convKernel = 4;
    int kdaDecayRank = 0; // rows of f_a_proj (taken from the tensor shape at open)
    int kdaGateRank = 0;  // rows of g_a_proj when the gate is low-rank (KL), else 0
    bool kdaFullRankGate = false;
    bool hasGateLowerBound = false;
    float gateLowerBound = -5.0f;
    std::vector<bool> layerIsKda; // per 0-based layer

    int bosId = 163584;
    int eosId = 163586;
    int padId = 163839;
    int mediaPadId = 163605;
    int64_t maxPositions = 1048576;
    // Special ids are -1 when the container does not name them (small test
    // models put their specials wherever their vocabulary ends).
    int endOfMsgId = -1; // "<|end_of_msg|>" / "<|im_end|>" from specials.json
    std::string modelType;   // config model_type, informational
    bool sluiceDemo = false; // manifest "sluice_demo": the bundled demo model
    std::string sluiceDemoWeights; // manifest "sluice_demo_weights": e.g. "trained on WordNet 3.0"; "" = random

    ExpertQuantConfig expertQuant;
    VisionConfig vision;

    bool isMoeLayer(int layer) const { return layer >= firstKDense; }
    int moeLayerCount() const { return nLayers > firstKDense ? nLayers - firstKDense : 0; }
    int expertInputDim() const { return latentDim > 0 ? latentDim : hidden; }
    int shippedTopK() const { return modelTopK > 0 ? modelTopK : topK; }
    bool expertsReduced() const { return modelTopK > 0 && topK != modelTopK; }
    int kdaChannels() const { return kdaHeads * kdaHeadDim; }
    int qHeadDim() const { return qkNopeDim + qkRopeDim; }

    bool operator==(const ModelConfig &) const = default;
};

} // namespace sluice
