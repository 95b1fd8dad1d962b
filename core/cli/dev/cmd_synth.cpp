// sluice-cli synth: deterministic synthetic containers (tiny K3 / Kimi-Linear
// for tests, the bundled demo, large ones for streaming benchmarks).
#include "command.h"
#include "options.h"

#include "format/synth.h"
#include "text/synthtokenizer.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// Writes the container (or --release checkpoint), with a progress line on
// stderr in large mode. Returns the exit status.
int writeSynth(sluice::SynthOptions &o, const std::string &out, bool release, int shards)
{
    const bool large = o.recordBytes > 0;
    const bool showProgress = large;
    const auto start = std::chrono::steady_clock::now();
    if (showProgress) {
        o.progress = [start](double fraction) {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "\rsynth: %5.1f%%  %.0f s", 100.0 * fraction, s);
            std::fflush(stderr);
            return true;
        };
    }
    sluice::SynthReleaseOptions releaseOptions;
    releaseOptions.shards = shards;
    const sluice::Status s =
        release ? sluice::writeSyntheticRelease(out, o, releaseOptions) : sluice::writeSyntheticModel(out, o);
    if (showProgress)
        std::fprintf(stderr, "\n");
    if (!s.isOk()) {
        std::fprintf(stderr, "synth: %s\n", s.message().c_str());
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "synth: wrote %s in %.2f s\n", out.c_str(), seconds);
    return 0;
}

int runSynth(const std::vector<std::string> &args)
{
    sluice::SynthOptions o;
    std::string out, arch = "k3";
    bool tokenizer = true, demo = false, release = false;
    int shards = 3;
    int trunkBits = o.trunkBits, layers = o.layers, experts = o.experts;
    uint64_t recordBytes = 0;
    sluice::cli::OptionParser p("synth", "Writes a synthetic WASTE v0 container with random weights (deterministic per seed).",
                                "--out DIR [options]");
    p.text("--out", &out, "the container directory to write", "DIR");
    p.choice("--arch", &arch, {"k3", "kimi-k3", "kimi-linear", "kl"}, "the architecture");
    p.unsignedInteger("--seed", &o.seed, 0, UINT64_MAX, "the weights' seed");
    p.integer("--trunk-bits", &trunkBits, 4, 8, "trunk quantisation bits (4 or 8)");
    p.text("--expert-fmt", &o.expertFmt, "VQ3R, VQ2R or VQ4P", "FMT");
    p.flag("--with-vision", &o.withVision, "add a vision tower");
    p.flag("--no-tokenizer", &tokenizer, "no tokenizer files", false);
    p.flag("--demo", &demo, "tiny K3 + vision + tokenizer, marked \"sluice_demo\" (the app's demo model)");
    p.size("--record-bytes", &recordBytes, 1, 1ull << 32,
           "large mode for streaming benchmarks: random records of exactly SIZE bytes");
    p.integer("--layers", &layers, 1, 4096, "layers (large mode)");
    p.integer("--experts", &experts, 1, 1 << 16, "experts per layer (large mode)");
    int topK = 0;
    p.integer("--top-k", &topK, 1, 1 << 16, "experts per token (large mode; default min(4, experts); K3 routes 16)");
    int sharedExperts = 0;
    p.integer("--shared-experts", &sharedExperts, 1, 256,
              "shared experts per MoE layer (large mode; default K3 2, KL 1): a large trunk");
    int vocab = 0;
    p.integer("--vocab", &vocab, 4096, 1 << 20, "vocabulary (large mode; default 4096): a large lm_head");
    p.flag("--release", &release,
           "the tiny model in the published checkpoint's layout instead: config.json, safetensors shards "
           "(bf16 trunk, MXFP4 experts for K3, bf16 for Kimi-Linear) and model.safetensors.index.json");
    p.integer("--shards", &shards, 1, 64, "shards of a --release checkpoint");
    p.note("e.g. --record-bytes 12406784 --layers 24 --experts 128 writes ~38 GB");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (out.empty())
        return p.usageError("missing --out DIR\n" + p.usageLine());
    if (trunkBits != 4 && trunkBits != 8)
        return p.usageError("--trunk-bits '" + std::to_string(trunkBits) + "': expected 4 or 8");
    o.arch = (arch == "kimi-linear" || arch == "kl") ? sluice::Architecture::KimiLinear : sluice::Architecture::KimiK3;
    if (demo) {
        o.demo = true;
        o.withVision = true;
        o.arch = sluice::Architecture::KimiK3;
    }
    o.trunkBits = trunkBits;
    if (p.wasGiven("--layers"))
        o.layers = layers;
    if (p.wasGiven("--experts"))
        o.experts = experts;
    if (p.wasGiven("--top-k"))
        o.topK = topK;
    if (p.wasGiven("--shared-experts"))
        o.sharedExperts = sharedExperts;
    if (p.wasGiven("--vocab"))
        o.vocab = vocab;
    o.recordBytes = recordBytes;
    if (tokenizer) {
        auto tok = sluice::text::makeSyntheticTokenizer(3840);
        if (!tok) {
            std::fprintf(stderr, "synth: tokenizer: %s\n", tok.status().message().c_str());
            return 1;
        }
        o.tokenizerModel = tok->rankFileText;
        o.specialsJson = tok->specialsJson;
    }
    return writeSynth(o, out, release, shards);
}

const sluice::cli::CommandRegistration reg{"synth", "Write a synthetic (random-weight) container", runSynth};

} // namespace
