// sluice-cli synth: deterministic synthetic containers (tiny K3 / Kimi-Linear
// for tests, the bundled demo, large ones for streaming benchmarks).
#include "command.h"

#include "format/synth.h"
#include "text/synthtokenizer.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void usage(FILE *out)
{
    std::fprintf(out,
                 "usage: sluice-cli synth --out DIR [--arch k3|kimi-linear] [--seed N] [--trunk-bits 4|8]\n"
                 "                        [--expert-fmt VQ3R|VQ2R|VQ4P] [--with-vision] [--no-tokenizer] [--demo]\n"
                 "                        [--record-bytes N --layers N --experts N [--top-k K]]\n"
                 "Writes a synthetic WASTE v0 container with random weights (deterministic per seed).\n"
                 "  --demo          tiny K3 + vision + tokenizer, marked \"sluice_demo\" (the app's demo model)\n"
                 "  --record-bytes  large mode for streaming benchmarks: random records of exactly N bytes\n"
                 "                  (e.g. --record-bytes 12406784 --layers 24 --experts 128, ~38 GB)\n"
                 "  --top-k         large mode: experts per token (default min(4, experts); K3 routes 16)\n");
}

bool parseInt(const std::string &text, long long &out)
{
    char *end = nullptr;
    out = std::strtoll(text.c_str(), &end, 10);
    return !text.empty() && end && *end == '\0';
}

int runSynth(const std::vector<std::string> &args)
{
    sluice::SynthOptions o;
    std::string out;
    bool tokenizer = true;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&](long long &v) {
            if (i + 1 >= args.size() || !parseInt(args[i + 1], v)) {
                std::fprintf(stderr, "synth: %s needs an integer\n", a.c_str());
                return false;
            }
            ++i;
            return true;
        };
        long long v = 0;
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return 0;
        } else if (a == "--out" && i + 1 < args.size()) {
            out = args[++i];
        } else if (a == "--arch" && i + 1 < args.size()) {
            const std::string arch = args[++i];
            if (arch == "k3" || arch == "kimi-k3")
                o.arch = sluice::Architecture::KimiK3;
            else if (arch == "kimi-linear" || arch == "kl")
                o.arch = sluice::Architecture::KimiLinear;
            else {
                std::fprintf(stderr, "synth: unknown --arch '%s' (k3 or kimi-linear)\n", arch.c_str());
                return 2;
            }
        } else if (a == "--seed") {
            if (!value(v))
                return 2;
            o.seed = uint64_t(v);
        } else if (a == "--trunk-bits") {
            if (!value(v))
                return 2;
            o.trunkBits = int(v);
        } else if (a == "--expert-fmt" && i + 1 < args.size()) {
            o.expertFmt = args[++i];
        } else if (a == "--with-vision") {
            o.withVision = true;
        } else if (a == "--no-tokenizer") {
            tokenizer = false;
        } else if (a == "--demo") {
            o.demo = true;
            o.withVision = true;
            o.arch = sluice::Architecture::KimiK3;
        } else if (a == "--record-bytes") {
            unsigned long long bytes = 0;
            if (i + 1 >= args.size() || !sluice::cli::parseByteSize(args[i + 1], bytes)) {
                std::fprintf(stderr, "synth: --record-bytes needs a size\n");
                return 2;
            }
            ++i;
            o.recordBytes = bytes;
        } else if (a == "--layers") {
            if (!value(v))
                return 2;
            o.layers = int(v);
        } else if (a == "--experts") {
            if (!value(v))
                return 2;
            o.experts = int(v);
        } else if (a == "--top-k") {
            if (!value(v))
                return 2;
            o.topK = int(v);
        } else {
            std::fprintf(stderr, "synth: unknown argument '%s'\n\n", a.c_str());
            usage(stderr);
            return 2;
        }
    }
    if (out.empty()) {
        usage(stderr);
        return 2;
    }
    if (tokenizer) {
        auto tok = sluice::text::makeSyntheticTokenizer(3840);
        if (!tok) {
            std::fprintf(stderr, "synth: tokenizer: %s\n", tok.status().message().c_str());
            return 1;
        }
        o.tokenizerModel = tok->rankFileText;
        o.specialsJson = tok->specialsJson;
    }
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
    const sluice::Status s = sluice::writeSyntheticModel(out, o);
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

const sluice::cli::CommandRegistration reg{"synth", "Write a synthetic (random-weight) container", runSynth};

} // namespace
