#include "synthargs.h"

#include "options.h"

#include "text/synthtokenizer.h"

#include <cstdint>
#include <cstdio>

namespace sluice::cli {

namespace {

// The values as given, before they become SynthOptions: several options only
// apply when given (large mode) or set more than one field (--demo).
struct SynthArguments {
    std::string arch = "k3";
    bool tokenizer = true, demo = false;
    int trunkBits = 0, layers = 0, experts = 0, topK = 0, sharedExperts = 0, vocab = 0;
};

void declareSynthOptions(OptionParser &p, SynthArguments &a, SynthRequest &r)
{
    SynthOptions &o = r.options;
    p.text("--out", &r.out, "the container directory to write", "DIR");
    p.choice("--arch", &a.arch, {"k3", "kimi-k3", "kimi-linear", "kl"}, "the architecture");
    p.unsignedInteger("--seed", &o.seed, 0, UINT64_MAX, "the weights' seed");
    p.integer("--trunk-bits", &a.trunkBits, 4, 8, "trunk quantisation bits (4 or 8)");
    p.text("--expert-fmt", &o.expertFmt, "VQ3R, VQ2R or VQ4P", "FMT");
    p.flag("--with-vision", &o.withVision, "add a vision tower");
    p.flag("--no-tokenizer", &a.tokenizer, "no tokenizer files", false);
    p.flag("--demo", &a.demo, "tiny K3 + vision + tokenizer, marked \"sluice_demo\" (the app's demo model)");
    p.size("--record-bytes", &o.recordBytes, 1, 1ull << 32,
           "large mode for streaming benchmarks: random records of exactly SIZE bytes");
    p.integer("--layers", &a.layers, 1, 4096, "layers (large mode)");
    p.integer("--experts", &a.experts, 1, 1 << 16, "experts per layer (large mode)");
    p.integer("--top-k", &a.topK, 1, 1 << 16, "experts per token (large mode; default min(4, experts); K3 routes 16)");
    p.integer("--shared-experts", &a.sharedExperts, 1, 256,
              "shared experts per MoE layer (large mode; default K3 2, KL 1): a large trunk");
    p.integer("--vocab", &a.vocab, 4096, 1 << 20, "vocabulary (large mode; default 4096): a large lm_head");
    p.flag("--release", &r.release,
           "the tiny model in the published checkpoint's layout instead: config.json, safetensors shards "
           "(bf16 trunk, MXFP4 experts for K3, bf16 for Kimi-Linear) and model.safetensors.index.json");
    p.integer("--shards", &r.releaseOptions.shards, 1, 64, "shards of a --release checkpoint");
    p.flag("--by-layer", &r.releaseOptions.byLayer,
           "--release: one shard per MoE layer (its trunk tensors and experts, as K3's release groups a layer) after one with the rest");
    p.note("e.g. --record-bytes 12406784 --layers 24 --experts 128 writes ~38 GB");
}

// The parsed values into the options (after the usage checks).
void applySynthArguments(const OptionParser &p, const SynthArguments &a, SynthOptions &o)
{
    o.arch = (a.arch == "kimi-linear" || a.arch == "kl") ? Architecture::KimiLinear : Architecture::KimiK3;
    if (a.demo) {
        o.demo = true;
        o.withVision = true;
        o.arch = Architecture::KimiK3;
    }
    o.trunkBits = a.trunkBits;
    if (p.wasGiven("--layers"))
        o.layers = a.layers;
    if (p.wasGiven("--experts"))
        o.experts = a.experts;
    if (p.wasGiven("--top-k"))
        o.topK = a.topK;
    if (p.wasGiven("--shared-experts"))
        o.sharedExperts = a.sharedExperts;
    if (p.wasGiven("--vocab"))
        o.vocab = a.vocab;
}

} // namespace

int parseSynthArguments(const std::vector<std::string> &args, SynthRequest &request)
{
    SynthArguments a;
    SynthOptions &o = request.options;
    // The defaults --help shows are the options' own.
    a.trunkBits = o.trunkBits;
    a.layers = o.layers;
    a.experts = o.experts;
    OptionParser p("synth", "Writes a synthetic WASTE v0 container with random weights (deterministic per seed).",
                   "--out DIR [options]");
    declareSynthOptions(p, a, request);
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (request.out.empty())
        return p.usageError("missing --out DIR\n" + p.usageLine());
    if (a.trunkBits != 4 && a.trunkBits != 8)
        return p.usageError("--trunk-bits '" + std::to_string(a.trunkBits) + "': expected 4 or 8");
    applySynthArguments(p, a, o);
    if (a.tokenizer) {
        auto tok = text::makeSyntheticTokenizer(3840);
        if (!tok) {
            std::fprintf(stderr, "synth: tokenizer: %s\n", tok.status().message().c_str());
            return 1;
        }
        o.tokenizerModel = tok->rankFileText;
        o.specialsJson = tok->specialsJson;
    }
    return -1;
}

Status writeSynth(const SynthRequest &request)
{
    return request.release ? writeSyntheticRelease(request.out, request.options, request.releaseOptions)
                           : writeSyntheticModel(request.out, request.options);
}

} // namespace sluice::cli
