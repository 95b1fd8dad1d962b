// sluice-dev synth: deterministic synthetic containers (tiny K3 / Kimi-Linear
// for tests, the bundled demo, large ones for streaming benchmarks). The
// arguments are parsed by synthargs.h, which the tests' in-process
// synthesiser shares.
#include "command.h"
#include "synthargs.h"

#include <chrono>
#include <cstdio>
#include <string>

namespace {

int runSynth(const std::vector<std::string> &args)
{
    sluice::cli::SynthRequest request;
    if (const int code = sluice::cli::parseSynthArguments(args, request); code >= 0)
        return code;
    const bool showProgress = request.options.recordBytes > 0; // large mode
    const auto start = std::chrono::steady_clock::now();
    if (showProgress) {
        request.options.progress = [start](double fraction) {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "\rsynth: %5.1f%%  %.0f s", 100.0 * fraction, s);
            std::fflush(stderr);
            return true;
        };
    }
    const sluice::Status s = sluice::cli::writeSynth(request);
    if (showProgress)
        std::fprintf(stderr, "\n");
    if (!s.isOk()) {
        std::fprintf(stderr, "synth: %s\n", s.message().c_str());
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "synth: wrote %s in %.2f s\n", request.out.c_str(), seconds);
    return 0;
}

const sluice::cli::CommandRegistration synthCommand{"synth", "Write a synthetic (random-weight) container", runSynth};

} // namespace
