#include "format/manifest.h"
#include "format/formaterror.h"
#include "util/paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>
#include <limits>
#include <set>
#include <unordered_set>

namespace sluice {

namespace {


// Reads integers and booleans out of untrusted JSON objects. Every accessor
// records the first problem and returns a harmless value afterwards, so the
// parse reads like a list of fields and the first error names its key.
class FieldReader {
public:
    explicit FieldReader(std::string where) : m_where(std::move(where)) {}

    const Status &status() const { return m_status; }
    bool ok() const { return m_status.isOk(); }
    // fail(SLUICE_ERRT("Error", "%1'%2' is not an integer"), key): %1 is where the field is.
    template<typename... Args> void fail(ErrorTemplate message, const Args &...args)
    {
        if (m_status.isOk())
            m_status = formatError(message, m_where, args...);
    }

    // An integral JSON number in [lo, hi]; `fallback` when absent (or fail when required).
    int64_t integer(const QJsonObject &obj, const char *key, int64_t lo, int64_t hi, int64_t fallback,
                    bool required)
    {
        const QJsonValue v = obj.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) {
            if (required)
                fail(SLUICE_ERRT("Error", "%1missing '%2'"), key);
            return fallback;
        }
        int64_t out = 0;
        if (!toInteger(v, out)) {
            fail(SLUICE_ERRT("Error", "%1'%2' is not an integer"), key);
            return fallback;
        }
        if (out < lo || out > hi) {
            fail(SLUICE_ERRT("Error", "%1'%2' = %3 is outside [%4, %5]"), key, out, lo, hi);
            return fallback;
        }
        return out;
    }

    double number(const QJsonObject &obj, const char *key, double lo, double hi, double fallback)
    {
        const QJsonValue v = obj.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < lo || v.toDouble() > hi) {
            fail(SLUICE_ERRT("Error", "%1'%2' is not a number in range"), key);
            return fallback;
        }
        return v.toDouble();
    }

    // Booleans are read by value (spec 1.1: presence alone means nothing).
    bool boolean(const QJsonObject &obj, const char *key, bool fallback)
    {
        const QJsonValue v = obj.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isBool()) {
            fail(SLUICE_ERRT("Error", "%1'%2' is not a boolean"), key);
            return fallback;
        }
        return v.toBool();
    }

    static bool toInteger(const QJsonValue &v, int64_t &out)
    {
        if (!v.isDouble())
            return false;
        const double d = v.toDouble();
        // 2^53: above it doubles are no longer exact integers.
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9007199254740992.0)
            return false;
        out = int64_t(d);
        return true;
    }

private:
    std::string m_where;
    Status m_status;
};

bool hasKey(const QJsonObject &obj, const char *key)
{
    const QJsonValue v = obj.value(QLatin1String(key));
    return !v.isUndefined() && !v.isNull();
}

bool arrayContains(const QJsonValue &v, const char *text)
{
    if (v.isString())
        return v.toString() == QLatin1String(text);
    const QJsonArray array = v.toArray();
    for (const QJsonValue &item : array) {
        if (item.isString() && item.toString() == QLatin1String(text))
            return true;
    }
    return false;
}

Status parseVisionObject(const QJsonObject &obj, VisionConfig &v)
{
    FieldReader r("vision_config: ");
    const int maxDim = ManifestLimits::maxDim;
    v.patchSize = int(r.integer(obj, "patch_size", 1, 64, v.patchSize, false));
    v.hidden = int(r.integer(obj, "vt_hidden_size", 1, maxDim, v.hidden, false));
    v.layers = int(r.integer(obj, "vt_num_hidden_layers", 1, 256, v.layers, false));
    v.heads = int(r.integer(obj, "vt_num_attention_heads", 1, ManifestLimits::maxHeads, v.heads, false));
    // Absent keys take the spec's K3 values (spec 7.1), never another field's:
    // qkv_hidden_size once defaulted to vt_hidden_size, which is not a
    // multiple of the heads.
    v.qkvHidden = int(r.integer(obj, "qkv_hidden_size", 1, maxDim, v.qkvHidden, false));
    v.intermediate = int(r.integer(obj, "vt_intermediate_size", 1, maxDim, v.intermediate, false));
    v.posEmbHeight = int(r.integer(obj, "init_pos_emb_height", 1, 1024, v.posEmbHeight, false));
    v.posEmbWidth = int(r.integer(obj, "init_pos_emb_width", 1, 1024, v.posEmbWidth, false));
    const QJsonArray merge = obj.value(QLatin1String("merge_kernel_size")).toArray();
    if (merge.size() == 2) {
        int64_t h = 0, w = 0;
        if (!FieldReader::toInteger(merge[0], h) || !FieldReader::toInteger(merge[1], w) || h < 1 || h > 8 ||
            w < 1 || w > 8)
            r.fail(SLUICE_ERRT("Error", "%1'merge_kernel_size' must be two integers in [1, 8]"));
        else {
            v.mergeH = int(h);
            v.mergeW = int(w);
        }
    }
    v.mmHidden = int(r.integer(obj, "mm_hidden_size", 1, maxDim, v.mmHidden, false));
    v.textHidden = int(r.integer(obj, "text_hidden_size", 1, maxDim, v.textHidden, false));
    v.projectorLnEps = float(r.number(obj, "projector_ln_eps", 0.0, 1.0, v.projectorLnEps));
    v.maxPatches = int(r.integer(obj, "max_patches", 4, 1 << 20, v.maxPatches, false));
    for (const char *key : {"image_mean", "image_std"}) {
        const QJsonArray a = obj.value(QLatin1String(key)).toArray();
        if (a.isEmpty())
            continue;
        if (a.size() != 3) {
            r.fail(SLUICE_ERRT("Error", "%1'%2' must have 3 entries"), key);
            continue;
        }
        float *dst = key[6] == 'm' ? v.imageMean : v.imageStd;
        for (int i = 0; i < 3; ++i) {
            const double d = a[i].toDouble(std::nan(""));
            if (!std::isfinite(d) || std::fabs(d) > 1e3 || (dst == v.imageStd && d <= 0)) {
                r.fail(SLUICE_ERRT("Error", "%1'%2' has a bad entry"), key);
                break;
            }
            dst[i] = float(d);
        }
    }
    if (r.ok() && v.qkvHidden % v.heads != 0)
        r.fail(SLUICE_ERRT("Error", "%1qkv_hidden_size %2 is not a multiple of the heads"), v.qkvHidden);
    return r.status();
}

Status parseLayerTypes(const QJsonObject &lac, ModelConfig &c)
{
    c.layerIsKda.assign(size_t(c.nLayers), false);
    std::vector<int> seen(size_t(c.nLayers), 0);
    for (const char *key : {"kda_layers", "full_attn_layers"}) {
        const QJsonValue value = lac.value(QLatin1String(key));
        if (!value.isArray())
            return formatError(SLUICE_ERRT("Error", "config: linear_attn_config.%1 is missing or not a list"), key);
        const QJsonArray list = value.toArray();
        for (const QJsonValue &item : list) {
            int64_t oneBased = 0;
            if (!FieldReader::toInteger(item, oneBased) || oneBased < 1 || oneBased > c.nLayers)
                return formatError(
                    SLUICE_ERRT(
                        "Error", "config: linear_attn_config.%1 holds an entry outside 1..%2 (the lists are 1-based)"),
                    key, c.nLayers);
            const size_t layer = size_t(oneBased - 1);
            if (seen[layer]++)
                return formatError(SLUICE_ERRT("Error",
                                       "config: layer %1 (1-based %2) is listed twice in kda_layers/full_attn_layers"),
                    layer, oneBased);
            c.layerIsKda[layer] = key[0] == 'k';
        }
    }
    for (int layer = 0; layer < c.nLayers; ++layer) {
        if (!seen[size_t(layer)])
            return formatError(
                SLUICE_ERRT("Error", "config: layer %1 (1-based %2) is in neither kda_layers nor full_attn_layers"),
                layer, layer + 1);
    }
    return Status::ok();
}

Status parseExpertQuant(const QJsonObject &eq, ExpertQuantConfig &q)
{
    FieldReader r("expert_quant: ");
    const QJsonValue fmt = eq.value(QLatin1String("fmt"));
    if (!fmt.isString())
        return formatError(SLUICE_ERRT("Error", "expert_quant: 'fmt' is missing or not a string"));
    q.fmtName = fmt.toString().toStdString();
    if (q.fmtName != "VQ3R" && q.fmtName != "VQ2R" && q.fmtName != "VQ4P")
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "expert_quant: fmt '%1' is not VQ3R, VQ2R or VQ4P"), q.fmtName);
    q.stages = int(r.integer(eq, "stages", 1, ManifestLimits::maxStages, 0, true));
    q.vecDim = int(r.integer(eq, "vec_dim", 1, ManifestLimits::maxVecDim, 0, true));
    q.entries = int(r.integer(eq, "entries", 1, ManifestLimits::maxEntries, 0, true));
    q.indexBlock = int(r.integer(eq, "index_block", 0, 64, 64, false));
    q.indexBits = int(r.integer(eq, "index_bits", 6, 8, 8, false));
    SLUICE_TRY(r.status());
    if (q.indexBlock != 0 && q.indexBlock != 64)
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "expert_quant: index_block %1 (only 64 and 0 are defined)"), q.indexBlock);
    if (q.indexBits != 8 && q.indexBits != 6)
        return formatError(SLUICE_ERRT("Error", "expert_quant: index_bits %1 (only 8 or 6)"), q.indexBits);
    const bool packed = q.indexBits == 6;
    if (packed != (q.fmtName == "VQ4P"))
        return formatError(SLUICE_ERRT("Error", "expert_quant: fmt %1 with index_bits %2"), q.fmtName, q.indexBits);
    if (packed && (q.stages != 4 || q.entries != 64))
        return formatError(
            SLUICE_ERRT("Error", "expert_quant: VQ4P needs 4 stages of 64 entries, got %1 x %2"), q.stages, q.entries);
    // Every index value must name an entry: kernels index tables by the raw byte.
    if (q.entries != (1 << q.indexBits))
        return formatError(SLUICE_ERRT("Error", "expert_quant: %1 entries with %2-bit indices (must be %3)"), q.entries,
            q.indexBits, 1 << q.indexBits);
    if (q.fmtName == "VQ3R" && q.stages != 3)
        return formatError(SLUICE_ERRT("Error", "expert_quant: VQ3R with %1 stages"), q.stages);
    if (q.fmtName == "VQ2R" && q.stages != 2)
        return formatError(SLUICE_ERRT("Error", "expert_quant: VQ2R with %1 stages"), q.stages);
    return Status::ok();
}

Status parseConfig(const QJsonObject &root, Manifest &m, bool prefixGiven)
{
    ModelConfig &c = m.config;
    QJsonObject text = root;
    QJsonObject outer;
    const bool nested = root.value(QLatin1String("text_config")).isObject();
    if (nested) {
        text = root.value(QLatin1String("text_config")).toObject();
        outer = root;
        if (!prefixGiven)
            m.tensorPrefix = "language_model.";
    } else {
        outer = root.value(QLatin1String("_outer")).toObject();
    }
    c.tensorPrefix = m.tensorPrefix;

    FieldReader r("config: ");
    const int maxDim = ManifestLimits::maxDim;
    c.modelType = text.value(QLatin1String("model_type")).toString().toStdString();
    c.nLayers = int(r.integer(text, "num_hidden_layers", 1, ManifestLimits::maxLayers, 0, true));
    c.hidden = int(r.integer(text, "hidden_size", 1, ManifestLimits::maxHidden, 0, true));
    c.vocab = int(r.integer(text, "vocab_size", 1, ManifestLimits::maxVocab, 0, true));
    c.rmsEps = float(r.number(text, "rms_norm_eps", 0.0, 1.0, 1e-5));
    c.firstKDense = int(r.integer(text, "first_k_dense_replace", 0, ManifestLimits::maxLayers, 1, false));
    r.integer(text, "moe_layer_freq", 1, 1, 1, false); // only "every layer after the dense ones" is defined
    c.intermediate = int(r.integer(text, "intermediate_size", 1, maxDim, 0, c.firstKDense > 0));
    c.nExperts = int(r.integer(text, "num_experts", 1, ManifestLimits::maxExperts, 0, true));
    c.topK = int(r.integer(text, "num_experts_per_token", 1, ManifestLimits::maxTopK, 0, true));
    c.moeIntermediate = int(r.integer(text, "moe_intermediate_size", 1, maxDim, 0, true));
    c.nSharedExperts = int(r.integer(text, "num_shared_experts", 0, 64, 0, false));
    c.latentDim = int(r.integer(text, "routed_expert_hidden_size", 1, maxDim, 0, false));
    c.latentNorm = c.latentDim > 0 && r.boolean(text, "latent_moe_use_norm", false);
    c.renormalize = r.boolean(text, "moe_renormalize", false);
    c.routedScaling = float(r.number(text, "routed_scaling_factor", 0.0, 1e4, 1.0));
    c.nHeads = int(r.integer(text, "num_attention_heads", 1, ManifestLimits::maxHeads, 0, true));
    c.qLoraRank = int(r.integer(text, "q_lora_rank", 1, maxDim, 0, false));
    c.kvLoraRank = int(r.integer(text, "kv_lora_rank", 1, maxDim, 0, true));
    c.qkNopeDim = int(r.integer(text, "qk_nope_head_dim", 1, 4096, 0, true));
    c.qkRopeDim = int(r.integer(text, "qk_rope_head_dim", 0, 4096, 0, true));
    c.vHeadDim = int(r.integer(text, "v_head_dim", 1, 4096, 0, true));
    c.mlaOutputGate = r.boolean(text, "mla_use_output_gate", false);
    c.attnResBlock = int(r.integer(text, "attn_res_block_size", 1, ManifestLimits::maxLayers, 0, false));
    c.maxPositions = r.integer(text, "max_position_embeddings", 1, int64_t(1) << 40, 1048576, false);
    c.situBeta = float(r.number(text, "activation_situ_beta", 0.0, 1e6, 4.0));
    c.situLinearBeta = float(r.number(text, "activation_situ_linear_beta", 0.0, 1e6, 0.0));
    SLUICE_TRY(r.status());

    const std::string act = text.value(QLatin1String("hidden_act")).toString(QStringLiteral("silu")).toStdString();
    if (act == "situ")
        c.activation = Activation::SiTU;
    else if (act == "silu")
        c.activation = Activation::SiLU;
    else
        return makeError(
            ErrorCode::Unsupported, SLUICE_ERRT("Error", "config: hidden_act '%1' (only silu and situ)"), act);
    const QJsonValue routerAct = text.value(QLatin1String("moe_router_activation_func"));
    if (!routerAct.isUndefined() && routerAct.toString() != QLatin1String("sigmoid"))
        return makeError(
            ErrorCode::Unsupported, SLUICE_ERRT("Error", "config: moe_router_activation_func is not 'sigmoid'"));
    if (c.topK > c.nExperts)
        return formatError(
            SLUICE_ERRT("Error", "config: num_experts_per_token %1 exceeds num_experts %2"), c.topK, c.nExperts);
    if (c.firstKDense > c.nLayers)
        return formatError(SLUICE_ERRT("Error", "config: first_k_dense_replace exceeds num_hidden_layers"));

    const QJsonValue lacValue = text.value(QLatin1String("linear_attn_config"));
    if (lacValue.isObject()) {
        const QJsonObject lac = lacValue.toObject();
        FieldReader lr("config: linear_attn_config: ");
        c.kdaHeads = int(lr.integer(lac, "num_heads", 1, ManifestLimits::maxHeads, 0, true));
        c.kdaHeadDim = int(lr.integer(lac, "head_dim", 1, 4096, 0, true));
        c.convKernel = int(lr.integer(lac, "short_conv_kernel_size", 1, 64, 4, false));
        c.kdaFullRankGate = lr.boolean(lac, "use_full_rank_gate", false);
        c.hasGateLowerBound = hasKey(lac, "gate_lower_bound");
        c.gateLowerBound = float(lr.number(lac, "gate_lower_bound", -1e4, 1e4, -5.0));
        SLUICE_TRY(lr.status());
        if (int64_t(c.kdaHeads) * c.kdaHeadDim > ManifestLimits::maxDim)
            return formatError(SLUICE_ERRT("Error", "config: KDA width num_heads x head_dim is absurd"));
        SLUICE_TRY(parseLayerTypes(lac, c));
    } else {
        c.layerIsKda.assign(size_t(c.nLayers), false); // no linear attention: every layer is MLA
    }
    if (int64_t(c.nHeads) * (c.qkNopeDim + c.qkRopeDim) > ManifestLimits::maxDim ||
        int64_t(c.nHeads) * (c.qkNopeDim + c.vHeadDim) > ManifestLimits::maxDim ||
        int64_t(c.nSharedExperts) * c.moeIntermediate > ManifestLimits::maxDim)
        return formatError(SLUICE_ERRT("Error", "config: attention or shared-expert width is absurd"));

    // Architecture: by the outer architectures name, else structurally (K3-only keys).
    const QJsonValue archs = hasKey(outer, "architectures") ? outer.value(QLatin1String("architectures"))
                                                            : text.value(QLatin1String("architectures"));
    if (arrayContains(archs, "KimiK3ForConditionalGeneration") || c.latentDim > 0 || c.attnResBlock > 0)
        c.arch = Architecture::KimiK3;
    else
        c.arch = Architecture::KimiLinear;

    // Special ids live on the wrapper for K3 and on the text config for KL.
    auto special = [&](const char *key, int fallback) {
        const QJsonObject &src = hasKey(outer, key) ? outer : text;
        return int(r.integer(src, key, 0, c.vocab - 1, fallback, false));
    };
    c.bosId = special("bos_token_id", -1);
    c.eosId = special("eos_token_id", -1);
    c.padId = special("pad_token_id", -1);
    c.mediaPadId = special("media_placeholder_token_id", -1);
    SLUICE_TRY(r.status());

    const QJsonValue visionValue =
        nested ? root.value(QLatin1String("vision_config")) : outer.value(QLatin1String("vision_config"));
    if (visionValue.isObject()) {
        // The tower is optional: a bad vision_config turns images off (with
        // the reason) instead of refusing a model that opens for text.
        if (const Status vs = parseVisionObject(visionValue.toObject(), c.vision); !vs.isOk()) {
            c.vision = VisionConfig();
            c.vision.disabledReason = vs.message();
        }
        m.visionConfigInManifest = true;
    }
    return Status::ok();
}

Status parseTrunkEntry(const QJsonObject &t, size_t index, uint64_t trunkBytes, TensorInfo &info)
{
    const std::string where = "trunk[" + std::to_string(index) + "]";
    const QJsonValue name = t.value(QLatin1String("name"));
    if (!name.isString() || name.toString().isEmpty() || name.toString().size() > 1024)
        return formatError(SLUICE_ERRT("Error", "%1: missing or bad 'name'"), where);
    info.name = name.toString().toStdString();
    FieldReader r(where + " '" + info.name + "': ");
    const int fmt = int(r.integer(t, "fmt", 0, 255, 0, true));
    SLUICE_TRY(r.status());
    switch (fmt) {
    case 0: case 1: case 2: case 3: case 7: info.fmt = TensorFormat(fmt); break;
    default:
        return formatError(SLUICE_ERRT("Error", "%1 '%2': fmt %3 is not a trunk format"), where, info.name, fmt);
    }
    const QJsonValue dtype = t.value(QLatin1String("dtype"));
    info.isBf16 = info.fmt == TensorFormat::F16 && dtype.toString() == QLatin1String("bf16");

    const QJsonValue shape = t.value(QLatin1String("shape"));
    if (!shape.isArray() || shape.toArray().isEmpty() || shape.toArray().size() > 8)
        return formatError(
            SLUICE_ERRT("Error", "%1 '%2': 'shape' must be a list of 1 to 8 dimensions"), where, info.name);
    uint64_t rows = 1;
    const QJsonArray dims = shape.toArray();
    for (qsizetype i = 0; i < dims.size(); ++i) {
        int64_t d = 0;
        if (!FieldReader::toInteger(dims[i], d) || d < 1 || d > (int64_t(1) << 32))
            return formatError(SLUICE_ERRT("Error", "%1 '%2': dimension %3 is not in [1, 2^32]"), where, info.name, i);
        info.shape.push_back(d);
        if (i + 1 < dims.size()) {
            if (rows > (uint64_t(1) << 40) / uint64_t(d))
                return formatError(SLUICE_ERRT("Error", "%1 '%2': element count overflows"), where, info.name);
            rows *= uint64_t(d);
        }
    }
    info.rows = rows;
    info.cols = uint64_t(info.shape.back());
    // Bound the size by the file before multiplying further: rows <= 2^40 and
    // cols <= 2^32 keep rows*rowBytes inside 2^75... so check the factors.
    const uint64_t rowBytes = info.rowBytes();
    if (rowBytes == 0 || info.rows > trunkBytes / rowBytes)
        return formatError(SLUICE_ERRT("Error", "%1 '%2': %3 x %4 %5 does not fit in trunk.bin (%6 bytes)"), where,
            info.name, info.rows, info.cols, tensorFormatName(info.fmt), trunkBytes);
    const uint64_t payload = info.payloadBytes();
    info.offset = uint64_t(r.integer(t, "off", 0, int64_t(1) << 53, 0, true));
    SLUICE_TRY(r.status());
    if (info.offset > trunkBytes || payload > trunkBytes - info.offset)
        return formatError(SLUICE_ERRT("Error", "%1 '%2': bytes [%3, +%4) lie outside trunk.bin (%5 bytes)"), where,
            info.name, info.offset, payload, trunkBytes);
    if (info.isGrouped()) {
        const int64_t group = r.integer(t, "group", 1, 1 << 20, kTrunkGroup, false);
        info.scaleOffset = uint64_t(r.integer(t, "scale_off", 0, int64_t(1) << 53, 0, true));
        SLUICE_TRY(r.status());
        if (group != kTrunkGroup)
            return makeError(
                ErrorCode::Unsupported, SLUICE_ERRT("Error", "%1 '%2': group %3 (only 128)"), where, info.name, group);
        const uint64_t scales = info.scaleBytes();
        if (info.scaleOffset > trunkBytes || scales > trunkBytes - info.scaleOffset)
            return formatError(SLUICE_ERRT("Error", "%1 '%2': scales [%3, +%4) lie outside trunk.bin"), where,
                info.name, info.scaleOffset, scales);
        if (info.scaleOffset % 2 != 0)
            return formatError(SLUICE_ERRT("Error", "%1 '%2': scale_off is not 2-byte aligned"), where, info.name);
    }
    const uint64_t expectedBytes = payload + info.scaleBytes();
    info.bytes = uint64_t(r.integer(t, "bytes", 0, int64_t(1) << 53, int64_t(expectedBytes), false));
    SLUICE_TRY(r.status());
    if (info.bytes != expectedBytes)
        return formatError(SLUICE_ERRT("Error", "%1 '%2': 'bytes' is %3 but shape and fmt need %4"), where, info.name,
            info.bytes, expectedBytes);
    return Status::ok();
}

} // namespace

const char *tensorFormatName(TensorFormat fmt, bool bf16)
{
    switch (fmt) {
    case TensorFormat::F32: return "F32";
    case TensorFormat::F16: return bf16 ? "BF16" : "F16";
    case TensorFormat::Q8G: return "Q8G";
    case TensorFormat::Q4G: return "Q4G";
    case TensorFormat::VQ3R: return "VQ3R";
    case TensorFormat::VQ2R: return "VQ2R";
    case TensorFormat::SUB1: return "SUB1";
    case TensorFormat::Q3G: return "Q3G";
    case TensorFormat::VQ4P: return "VQ4P";
    }
    return "?";
}

Status validateShapesOrDisableVision(ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                     const std::string &prefix, const std::string &where)
{
    const Status s = validateShapes(config, tensors, prefix);
    if (s.isOk() || !config.vision.present)
        return s.withContext(where);
    // Does the text model stand without the tower? Then only images are off.
    config.vision.present = false;
    if (const Status text = validateShapes(config, tensors, prefix); !text.isOk())
        return text.withContext(where);
    config.vision.disabledReason = where + ": " + s.message();
    return Status::ok();
}

Expected<Manifest> parseManifest(const char *data, size_t size, uint64_t trunkBytes)
{
    if (size > ManifestLimits::maxManifestBytes)
        return formatError(SLUICE_ERRT("Error", "manifest.json: %1 bytes is too large"), size);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data, qsizetype(size)), &parseError);
    if (doc.isNull())
        return formatError(SLUICE_ERRT("Error", "manifest.json: not valid JSON (%1 at offset %2)"),
            parseError.errorString().toStdString(), parseError.offset);
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "manifest.json: top level is not an object"));
    const QJsonObject obj = doc.object();

    Manifest m;
    const QJsonValue version = obj.value(QLatin1String("format_version"));
    int64_t formatVersion = -1;
    if (version.isUndefined())
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "manifest.json: 'format_version' is absent (only version 0 is supported)"));
    if (!FieldReader::toInteger(version, formatVersion) || formatVersion != 0) {
        const std::string shown = FieldReader::toInteger(version, formatVersion) ? std::to_string(formatVersion)
                                  : version.isDouble()                           ? std::to_string(version.toDouble())
                                                                                 : std::string("(not a number)");
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "manifest.json: format_version %1 is not supported (only 0)"), shown);
    }
    m.arch = obj.value(QLatin1String("arch")).toString().toStdString();
    const QJsonValue prefix = obj.value(QLatin1String("tensor_prefix"));
    const bool prefixGiven = prefix.isString();
    m.tensorPrefix = prefix.toString().toStdString();
    if (m.tensorPrefix.size() > 256)
        return formatError(SLUICE_ERRT("Error", "manifest.json: tensor_prefix is too long"));

    const QJsonValue config = obj.value(QLatin1String("config"));
    if (!config.isObject())
        return formatError(SLUICE_ERRT("Error", "manifest.json: 'config' is missing or not an object"));
    SLUICE_TRY(parseConfig(config.toObject(), m, prefixGiven).withContext("manifest.json"));
    m.config.sluiceDemo = obj.value(QLatin1String("sluice_demo")).toBool(false);
    // A short description for `info` and the app; bounded like the other strings.
    m.config.sluiceDemoWeights = obj.value(QLatin1String("sluice_demo_weights")).toString().left(200).toStdString();

    const QJsonValue eq = obj.value(QLatin1String("expert_quant"));
    if (!eq.isObject())
        return formatError(SLUICE_ERRT("Error", "manifest.json: 'expert_quant' is missing or not an object"));
    SLUICE_TRY(parseExpertQuant(eq.toObject(), m.config.expertQuant).withContext("manifest.json"));
    const ExpertQuantConfig &q = m.config.expertQuant;
    if (m.config.expertInputDim() % q.vecDim != 0 || m.config.moeIntermediate % q.vecDim != 0)
        return formatError(
            SLUICE_ERRT("Error", "manifest.json: expert widths %1 and %2 are not multiples of vec_dim %3"),
            m.config.expertInputDim(), m.config.moeIntermediate, q.vecDim);

    // Expert banks: exactly one per MoE layer.
    const QJsonValue layersValue = obj.value(QLatin1String("layers"));
    if (!layersValue.isObject())
        return formatError(SLUICE_ERRT("Error", "manifest.json: 'layers' is missing or not an object"));
    const QJsonObject layers = layersValue.toObject();
    m.expertLayers.assign(size_t(m.config.nLayers), ExpertLayerInfo{});
    for (auto it = layers.begin(); it != layers.end(); ++it) {
        bool isNumber = false;
        const int layer = it.key().toInt(&isNumber);
        if (!isNumber || layer < 0 || layer >= m.config.nLayers || it.key() != QString::number(layer))
            return formatError(
                SLUICE_ERRT("Error", "manifest.json: layers key '%1' is not a layer index"), it.key().toStdString());
        if (!m.config.isMoeLayer(layer))
            return formatError(SLUICE_ERRT("Error", "manifest.json: layers has a bank for dense layer %1"), layer);
        if (!it.value().isObject())
            return formatError(SLUICE_ERRT("Error", "manifest.json: layers.%1 is not an object"), layer);
        const QJsonObject entry = it.value().toObject();
        FieldReader r("manifest.json: layers." + std::to_string(layer) + ": ");
        ExpertLayerInfo &info = m.expertLayers[size_t(layer)];
        info.layer = layer;
        info.file = entry.value(QLatin1String("file")).toString().toStdString();
        info.experts = int(r.integer(entry, "experts", 1, ManifestLimits::maxExperts, 0, true));
        info.bytes = uint64_t(r.integer(entry, "bytes", 1, int64_t(1) << 53, 0, true));
        info.codebookBase = int(r.integer(entry, "codebook_base", 0, 65535, 0, true));
        SLUICE_TRY(r.status());
        if (!isPlainFileName(info.file))
            return formatError(
                SLUICE_ERRT("Error", "manifest.json: layers.%1: 'file' is not a plain file name"), layer);
        if (info.experts != m.config.nExperts)
            return formatError(SLUICE_ERRT("Error", "manifest.json: layer %1 has %2 experts, config says %3"), layer,
                info.experts, m.config.nExperts);
        if (info.bytes % uint64_t(info.experts) != 0)
            return formatError(
                SLUICE_ERRT("Error", "manifest.json: layer %1: bank bytes %2 is not a multiple of the expert count"),
                layer, info.bytes);
        info.recordBytes = info.bytes / uint64_t(info.experts);
        if (info.recordBytes % 4096 != 0)
            return formatError(
                SLUICE_ERRT("Error", "manifest.json: layer %1: record size %2 is not a multiple of 4096"), layer,
                info.recordBytes);
        if (info.recordBytes > (uint64_t(1) << 32) * 4096)
            return formatError(SLUICE_ERRT("Error", "manifest.json: layer %1: record size is absurd"), layer);
    }
    for (int layer = m.config.firstKDense; layer < m.config.nLayers; ++layer) {
        if (m.expertLayers[size_t(layer)].layer < 0)
            return formatError(
                SLUICE_ERRT("Error", "manifest.json: MoE layer %1 has no expert bank in 'layers'"), layer);
    }

    const QJsonValue trunk = obj.value(QLatin1String("trunk"));
    if (!trunk.isArray())
        return formatError(SLUICE_ERRT("Error", "manifest.json: 'trunk' is missing or not a list"));
    const QJsonArray entries = trunk.toArray();
    if (size_t(entries.size()) > ManifestLimits::maxTensors)
        return formatError(SLUICE_ERRT("Error", "manifest.json: too many trunk tensors"));
    m.tensors.reserve(size_t(entries.size()));
    std::unordered_set<std::string> names;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (!entries[i].isObject())
            return formatError(SLUICE_ERRT("Error", "manifest.json: trunk[%1] is not an object"), i);
        TensorInfo info;
        SLUICE_TRY(parseTrunkEntry(entries[i].toObject(), size_t(i), trunkBytes, info).withContext("manifest.json"));
        if (!names.insert(info.name).second)
            return formatError(SLUICE_ERRT("Error", "manifest.json: tensor '%1' appears twice"), info.name);
        m.tensors.push_back(std::move(info));
    }

    // Vision is only "present" when the manifest both configures it and
    // holds its tensors; vision.json may supply the config later.
    m.config.vision.present = m.visionConfigInManifest && m.config.vision.disabledReason.empty() &&
                              names.count("vision_tower.patch_embed.proj.weight") != 0;
    SLUICE_TRY(validateShapesOrDisableVision(m.config, m.tensors, m.tensorPrefix, "manifest.json"));
    return m;
}

Expected<ModelConfig> parseModelConfig(const std::string &configJson, const std::string &tensorPrefix,
                                       const ExpertQuantConfig &quant)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(configJson));
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "config: not a JSON object"));
    Manifest m;
    m.tensorPrefix = tensorPrefix;
    SLUICE_TRY(parseConfig(doc.object(), m, true));
    m.config.expertQuant = quant;
    return m.config;
}

Expected<ModelConfig> parseModelConfigDerivingPrefix(const std::string &configJson, bool &visionConfigured)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(configJson));
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "config: not a JSON object"));
    Manifest m;
    SLUICE_TRY(parseConfig(doc.object(), m, false));
    visionConfigured = m.visionConfigInManifest;
    return m.config;
}

Expected<std::vector<SpecialToken>> parseSpecials(const char *data, size_t size, int vocab)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data, qsizetype(size)), &parseError);
    if (!doc.isArray())
        return formatError(SLUICE_ERRT("Error", "specials.json: not a JSON list"));
    std::vector<SpecialToken> out;
    std::set<int> ids;
    const QJsonArray array = doc.array();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject o = array[i].toObject();
        int64_t id = -1;
        if (!FieldReader::toInteger(o.value(QLatin1String("id")), id) || id < 0 || id >= vocab)
            return formatError(SLUICE_ERRT("Error", "specials.json: entry %1 has no id in [0, %2)"), i, vocab);
        if (!o.value(QLatin1String("text")).isString() || o.value(QLatin1String("text")).toString().isEmpty())
            return formatError(SLUICE_ERRT("Error", "specials.json: entry %1 has no text"), i);
        if (!ids.insert(int(id)).second)
            return formatError(SLUICE_ERRT("Error", "specials.json: id %1 appears twice"), id);
        out.push_back({int(id), o.value(QLatin1String("text")).toString().toStdString()});
    }
    return out;
}

void applySpecials(ModelConfig &config, const std::vector<SpecialToken> &specials, bool mediaPadFromConfig)
{
    auto find = [&](const char *text) {
        for (const SpecialToken &s : specials) {
            if (s.text == text)
                return s.id;
        }
        return -1;
    };
    if (!mediaPadFromConfig || config.mediaPadId < 0)
        config.mediaPadId = find("<|media_pad|>");
    config.endOfMsgId = find("<|end_of_msg|>");
    if (config.endOfMsgId < 0)
        config.endOfMsgId = find("<|im_end|>");
    if (config.bosId < 0)
        config.bosId = find("[BOS]");
    if (config.eosId < 0)
        config.eosId = config.endOfMsgId;
}

Status parseVisionJson(const char *data, size_t size, VisionConfig &vision)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data, qsizetype(size)), &parseError);
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "vision.json: not a JSON object"));
    QJsonObject obj = doc.object();
    // Accept both the bare vision_config and {"vision_config": {...}, preprocessing...}.
    if (obj.value(QLatin1String("vision_config")).isObject()) {
        QJsonObject merged = obj.value(QLatin1String("vision_config")).toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            if (it.key() != QLatin1String("vision_config"))
                merged.insert(it.key(), it.value());
        }
        obj = merged;
    }
    return parseVisionObject(obj, vision).withContext("vision.json");
}

} // namespace sluice
