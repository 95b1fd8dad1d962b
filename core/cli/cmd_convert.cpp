// sluice-cli convert SRC OUT: a release checkpoint folder -> a WASTE v0
// container (core/convert). Interrupted (Ctrl-C, kill, crash), the same
// command resumes where it stopped.
#include "command.h"
#include "options.h"

#include "api/convert.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>

namespace {

// One progress line (over the last on a terminal): the trunk pass by bytes,
// the expert passes by experts, with this run's rate and the time left.
void printProgress(const sluice::convert::ConvertProgress &pr, double secs)
{
    if (pr.phase == "trunk") {
        const double done = double(pr.trunkBytesDone - pr.trunkBytesResumed);
        const double bps = secs > 0 ? done / secs : 0.0;
        const double eta = bps > 0 ? double(pr.trunkBytesTotal - pr.trunkBytesDone) / bps : 0.0;
        std::printf("\rtrunk     tensor %zu/%zu  %.1f/%.1f MiB  %.1f MiB/s  ETA %.0f s   ", pr.trunkTensor + 1,
                    pr.trunkTensors, double(pr.trunkBytesDone) / 1048576.0, double(pr.trunkBytesTotal) / 1048576.0,
                    bps / 1048576.0, eta);
        std::fflush(stdout);
        return;
    }
    const double rate = secs > 0 ? double(pr.expertsEncodedThisRun) / secs : 0.0;
    const double eta = rate > 0 ? double(pr.expertsTotal - pr.expertsDone) / rate : 0.0;
    std::printf("\r%-9s layer %d (%d/%d banks) %llu/%llu experts  %.2f experts/s  ETA %.0f s   ", pr.phase.c_str(),
                pr.layer, pr.layersDone, pr.layers, (unsigned long long)pr.expertsDone,
                (unsigned long long)pr.expertsTotal, rate, eta);
    std::fflush(stdout);
}

void printConvertResult(const sluice::convert::ConvertResult &r, const std::string &source, const std::string &out,
                        double secs, bool json)
{
    if (json) {
        QJsonObject j{{"ok", true},
                      {"already_complete", r.alreadyComplete},
                      {"banks_reused", r.banksReused},
                      {"records_resumed", qint64(r.recordsResumed)},
                      {"records_encoded", qint64(r.recordsEncoded)},
                      {"trunk_reused", r.trunkReused},
                      {"trunk_bytes_resumed", qint64(r.trunkBytesResumed)},
                      {"peak_working_set_bytes", qint64(r.peakWorkingSetBytes)},
                      {"seconds", secs}};
        std::printf("%s", QJsonDocument(j).toJson(QJsonDocument::Indented).constData());
    } else if (r.alreadyComplete) {
        std::printf("%s: already converted\n", out.c_str());
    } else {
        std::printf("converted %s -> %s: %llu records encoded, %llu resumed, %d banks kept, %.1f s; working set at "
                    "most %.1f MiB\n",
                    source.c_str(), out.c_str(), (unsigned long long)r.recordsEncoded,
                    (unsigned long long)r.recordsResumed, r.banksReused, secs,
                    double(r.peakWorkingSetBytes) / 1048576.0);
    }
}

int runConvert(const std::vector<std::string> &args)
{
    std::string source, out, isa = "auto";
    sluice::convert::ConvertOptions o;
    bool json = false, noSpaceCheck = false;
    sluice::cli::OptionParser p("convert",
                                "Converts a published checkpoint (config.json + safetensors shards) into a WASTE v0 "
                                "container. Resumable: run the same command again after an interruption.");
    p.positional("SRC", &source, "the release checkpoint folder");
    p.positional("OUT", &out, "the container folder to write");
    p.integer("--jobs", &o.jobs, 1, 256, "encoder threads (the output bytes do not depend on it)");
    p.choice("--expert-fmt", &o.expertFmt, {"VQ3R", "VQ2R", "VQ4P"}, "the experts' format");
    p.integer("--trunk-bits", &o.trunkBits, 3, 8, "trunk matrix bits: 4 (Q4G), 8 (Q8G) or 3 (Q3G)");
    p.integer("--sample-vectors", &o.sampleVectors, 256, 100000000, "k-means training vectors per matrix kind");
    p.integer("--iterations", &o.iterations, 0, 1000, "Lloyd iterations per stage");
    p.choice("--isa", &isa, {"auto", "scalar", "avx2", "avx512"}, "highest encoder path to use");
    p.size("--trunk-ram", &o.trunkBandBytes, 4096, uint64_t(1) << 40,
           "the trunk pass's working set: rows are quantised in bands of at most SIZE [default 64 MiB]");
    p.flag("--reclaim", &o.reclaim, "delete each source shard once every tensor in it is converted (a ledger is kept)");
    p.flag("--no-space-check", &noSpaceCheck, "skip the up-front free-space check");
    p.flag("--json", &json, "print the result as JSON");
    std::string demoWeights;
    p.text("--sluice-demo", &demoWeights,
           "mark the container as the app's bundled demo; TEXT says what its weights are (tools/demo-model)", "TEXT");
    p.note("A different --sample-vectors, --iterations or format makes a different container; a rerun must use "
           "the same options as the interrupted run.");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (o.trunkBits != 3 && o.trunkBits != 4 && o.trunkBits != 8)
        return p.usageError("--trunk-bits '" + std::to_string(o.trunkBits) + "': expected 3, 4 or 8");
    o.checkSpace = !noSpaceCheck;
    o.sluiceDemo = p.wasGiven("--sluice-demo");
    o.sluiceDemoWeights = demoWeights;
    if (isa == "scalar")
        o.isa = sluice::kernels::Isa::Scalar;
    else if (isa == "avx2")
        o.isa = sluice::kernels::Isa::Avx2;

    const bool bar = !json && sluice::cli::stdoutIsTerminal();
    const auto start = std::chrono::steady_clock::now();
    o.progress = [&](const sluice::convert::ConvertProgress &pr) {
        if (bar)
            printProgress(pr, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        return true;
    };
    auto result = sluice::convert::convertRelease(source, out, o);
    if (bar)
        std::printf("\n");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!result) {
        if (json)
            std::printf("%s\n", QJsonDocument(QJsonObject{{"ok", false}, {"error", QString::fromStdString(result.status().message())}})
                                    .toJson(QJsonDocument::Compact).constData());
        else
            std::fprintf(stderr, "convert: %s\n", result.status().message().c_str());
        return 1;
    }
    printConvertResult(*result, source, out, secs, json);
    return 0;
}

const sluice::cli::CommandRegistration convertCommand{"convert", "Convert a release checkpoint into a WASTE v0 container",
                                           runConvert};

} // namespace
