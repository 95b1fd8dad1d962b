// sluice-cli bench-convert [--experts N] [--fit-experts N] [--json]: the
// converter's encoder on K3-shaped experts (gate/up [3072, 3584], down
// [3584, 3072]; Gaussian weights passed through MXFP4 like the release's).
// Books are fitted per kind as the converter does (spec 5.2: sampleVectors
// row-normalised 8-vectors from the fit experts, 10 Lloyd iterations), then
// experts are encoded with 1 and with 2 threads; wall and process CPU time
// per expert, the scalar reference's speed on a slice of rows in the same run
// (the bound the SIMD path is reported against), the codebook quality as the
// relative output error ||Wx - Ŵx|| / ||Wx|| per kind for Gaussian x (and the
// weight error), and the projected time for the whole K3 (92 x 896 experts).
// Figures only, no assertion (docs/converter.md records them).
// --dump DIR writes expert 0's input for an outside encoder (issue 31: WASTE's
// libwastevq run as a black box on the same data): per kind, the row-normalised
// 8-vectors as its callers pass them (x = w / max(amax, 1e-8), row-major f32),
// the books (stages x 256 x 8 f32, fp16-rounded) and this encoder's indices
// (plain [vector][stage] bytes), plus an index.txt naming the shapes.
#include "benchmeasure.h"
#include "command.h"
#include "options.h"

#include "convert/kmeans.h"
#include "convert/vqencode.h"
#include "format/expertrecord.h"
#include "format/mxfp4pack.h"
#include "format/prng.h"
#include "format/vqfit.h"
#include "util/half.h"
#include "kernels/threadpool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

using namespace sluice;

namespace {

using cli::bench::cpuSeconds;

double wallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One K3-shaped matrix of expert e, kind k: N(0, 1/cols) through MXFP4.
std::vector<float> expertMatrix(int e, int k, size_t rows, size_t cols)
{
    SplitMix64 rng(0x5eed0000ull + uint64_t(e) * 3 + uint64_t(k));
    std::vector<float> w(rows * cols);
    const double s = 1.0 / std::sqrt(double(cols));
    for (size_t i = 0; i < w.size(); i += 2) {
        const double u1 = std::max(rng.uniform(), 1e-300), u2 = rng.uniform();
        const double r = std::sqrt(-2.0 * std::log(u1)) * s;
        w[i] = float(r * std::cos(6.283185307179586 * u2));
        if (i + 1 < w.size())
            w[i + 1] = float(r * std::sin(6.283185307179586 * u2));
    }
    std::vector<uint8_t> packed(rows * cols / 2), scales(rows * cols / kMxfp4Group);
    quantizeMxfp4(w.data(), rows, cols, packed.data(), scales.data());
    for (size_t r = 0; r < rows; ++r)
        dequantizeMxfp4Row(packed.data() + r * cols / 2, scales.data() + r * cols / kMxfp4Group, cols, w.data() + r * cols);
    return w;
}

bool writeFile(const std::string &path, const void *data, size_t bytes)
{
    std::FILE *f = std::fopen(path.c_str(), "wb");
    const bool ok = f && std::fwrite(data, 1, bytes, f) == bytes;
    if (f && std::fclose(f) != 0)
        return false;
    if (!ok)
        std::fprintf(stderr, "bench-convert: cannot write %s\n", path.c_str());
    return ok;
}

bool dumpInput(const std::string &dir, const std::vector<float> *w, const std::vector<float> *books,
               const std::vector<uint8_t> *idx, const size_t *rows, const size_t *cols, int stages, int dim)
{
    const char *kinds[3] = {"gate", "up", "down"};
    std::string index;
    for (int k = 0; k < 3; ++k) {
        const size_t nv = cols[k] / size_t(dim);
        std::vector<float> x(rows[k] * cols[k]);
        std::vector<uint8_t> plain(rows[k] * nv * size_t(stages));
        const VqMatrixView view{TensorFormat::VQ3R, idx[k].data(), nullptr, rows[k], cols[k], stages, dim, 64};
        for (size_t r = 0; r < rows[k]; ++r) {
            const float *row = w[k].data() + r * cols[k];
            float amax = 0.0f;
            for (size_t c = 0; c < cols[k]; ++c)
                amax = std::max(amax, std::fabs(row[c]));
            const float sigma = std::max(amax, 1e-8f);
            for (size_t c = 0; c < cols[k]; ++c)
                x[r * cols[k] + c] = row[c] / sigma;
            for (size_t v = 0; v < nv; ++v) {
                int i[8];
                vqReadIndices(view, r, v, i);
                for (int s = 0; s < stages; ++s)
                    plain[(r * nv + v) * size_t(stages) + size_t(s)] = uint8_t(i[s]);
            }
        }
        const std::string base = dir + "/" + kinds[k];
        if (!writeFile(base + ".x.f32", x.data(), x.size() * sizeof(float))
            || !writeFile(base + ".books.f32", books[k].data(), books[k].size() * sizeof(float))
            || !writeFile(base + ".idx.u8", plain.data(), plain.size()))
            return false;
        index += std::string(kinds[k]) + " " + std::to_string(rows[k] * nv) + " " + std::to_string(stages) + " 256 "
                 + std::to_string(dim) + "\n";
    }
    return writeFile(dir + "/index.txt", index.data(), index.size());
}

// K3's expert shapes per kind (gate, up, down) and the VQ3R code.
const size_t kRows[3] = {3072, 3072, 3584}, kCols[3] = {3584, 3584, 3072};
const char *const kKinds[3] = {"gate", "up", "down"};
constexpr int kStages = 3, kEntries = 256, kDim = 8;

struct Books {
    std::vector<float> books[3];
    std::vector<convert::PreparedBook> prepared[3];
    double fitWall = 0, fitCpu = 0;
};

// Books per kind, fitted as the converter does.
void fitBooks(Books &b, int fitExperts, int sampleVectors, int iterations, kernels::ThreadPool &pool, kernels::Isa isa)
{
    b.fitWall = wallSeconds();
    b.fitCpu = cpuSeconds();
    for (int k = 0; k < 3; ++k) {
        std::vector<float> vectors;
        for (int e = 0; e < fitExperts; ++e) {
            const std::vector<float> w = expertMatrix(1000 + e, k, kRows[k], kCols[k]);
            appendNormalizedVectors(w.data(), kRows[k], kCols[k], kDim, vectors, size_t(sampleVectors / fitExperts),
                                    1234 + uint64_t(e));
        }
        b.books[k] = convert::fitResidualBooks(vectors, kStages, kEntries, kDim, iterations, 0, pool, isa);
        for (float &v : b.books[k])
            v = halfToFloat(floatToHalf(v));
        for (int s = 0; s < kStages; ++s)
            b.prepared[k].push_back(convert::prepareBook(b.books[k].data() + size_t(s) * kEntries * kDim, kEntries, kDim));
    }
    b.fitWall = wallSeconds() - b.fitWall;
    b.fitCpu = cpuSeconds() - b.fitCpu;
}

// One expert's three matrices encoded on `pool`.
void encodeExpert(const std::vector<float> *w, const Books &b, kernels::ThreadPool &pool, kernels::Isa isa,
                  std::vector<uint8_t> *idx, std::vector<uint16_t> *sc)
{
    for (int k = 0; k < 3; ++k) {
        idx[k].assign(size_t(vqIndexBytes(kRows[k], kCols[k], kStages, kDim, 64, 8)), 0);
        sc[k].assign(kRows[k], 0);
        const float *wp = w[k].data();
        uint8_t *ip = idx[k].data();
        uint16_t *sp = sc[k].data();
        const size_t c = kCols[k];
        const convert::PreparedBook *pb = b.prepared[k].data();
        pool.parallelFor(kRows[k], [&](size_t r0, size_t r1) {
            convert::encodeRows(wp, c, r0, r1, pb, kStages, TensorFormat::VQ3R, 64, ip, sp, isa);
        }, 64);
    }
}

// Quality of kind k of expert e: the relative output error for Gaussian x and the weight error.
void relativeErrors(int e, int k, const std::vector<float> &w, const std::vector<uint8_t> &idx,
                    const std::vector<uint16_t> &sc, const Books &b, double &outErr, double &wErr)
{
    const size_t rows = kRows[k], cols = kCols[k];
    VqMatrixView v{TensorFormat::VQ3R, idx.data(), sc.data(), rows, cols, kStages, kDim, 64};
    std::vector<float> hat(rows * cols);
    vqDequantize(v, b.books[k].data(), kEntries, hat.data());
    SplitMix64 rng(77 + uint64_t(e));
    std::vector<double> x(cols);
    for (double &xi : x)
        xi = rng.uniform() * 2 - 1;
    double num = 0, den = 0, wn = 0, wd = 0;
    for (size_t r = 0; r < rows; ++r) {
        double y = 0, yh = 0;
        for (size_t c = 0; c < cols; ++c) {
            const double a = w[r * cols + c], bh = hat[r * cols + c];
            y += a * x[c];
            yh += bh * x[c];
            wn += (a - bh) * (a - bh);
            wd += a * a;
        }
        num += (y - yh) * (y - yh);
        den += y * y;
    }
    outErr = std::sqrt(num / den);
    wErr = std::sqrt(wn / wd);
}

// The scalar reference over the SIMD path in CPU time on 64 gate rows, same
// run: the bound the SIMD path's speed is a ratio against.
double scalarOverSimd(const Books &b, kernels::Isa isa)
{
    const std::vector<float> w0 = expertMatrix(0, 0, 64, kCols[0]);
    std::vector<uint8_t> idx(size_t(vqIndexBytes(64, kCols[0], kStages, kDim, 64, 8)), 0);
    std::vector<uint16_t> sc(64);
    double t0 = cpuSeconds();
    convert::encodeRows(w0.data(), kCols[0], 0, 64, b.prepared[0].data(), kStages, TensorFormat::VQ3R, 64, idx.data(),
                        sc.data(), kernels::Isa::Scalar);
    const double scalar64 = cpuSeconds() - t0;
    t0 = cpuSeconds();
    convert::encodeRows(w0.data(), kCols[0], 0, 64, b.prepared[0].data(), kStages, TensorFormat::VQ3R, 64, idx.data(),
                        sc.data(), isa);
    const double simd64 = cpuSeconds() - t0;
    return scalar64 / simd64;
}

struct ConvertBench {
    int experts = 1, fitExperts = 2, sampleVectors = 300000, iterations = 10, jobs = 2;
    bool json = false;
    std::string dumpDir;
    // Figures.
    struct Run {
        int threads;
        double wall = 0, cpu = 0;
    } runs[2] = {{1}, {2}};
    double outErr[3] = {0, 0, 0}, wErr[3] = {0, 0, 0};
    double scalarRatio = 0;
};

// Every expert encoded with 1 and with --jobs threads, and its quality.
// Returns false when --dump could not be written.
bool encodeExperts(ConvertBench &cb, const Books &b, kernels::Isa isa, kernels::ThreadPool &one,
                   kernels::ThreadPool &many)
{
    for (int e = 0; e < cb.experts; ++e) {
        std::vector<float> w[3];
        for (int k = 0; k < 3; ++k)
            w[k] = expertMatrix(e, k, kRows[k], kCols[k]);
        std::vector<uint8_t> idx[3];
        std::vector<uint16_t> sc[3];
        for (ConvertBench::Run &run : cb.runs) {
            kernels::ThreadPool &pool = run.threads == 1 ? one : many;
            const double w0 = wallSeconds(), c0 = cpuSeconds();
            encodeExpert(w, b, pool, isa, idx, sc);
            run.wall += wallSeconds() - w0;
            run.cpu += cpuSeconds() - c0;
        }
        if (e == 0 && !cb.dumpDir.empty() && !dumpInput(cb.dumpDir, w, b.books, idx, kRows, kCols, kStages, kDim))
            return false;
        for (int k = 0; k < 3; ++k) {
            double out = 0, weight = 0;
            relativeErrors(e, k, w[k], idx[k], sc[k], b, out, weight);
            cb.outErr[k] += out / cb.experts;
            cb.wErr[k] += weight / cb.experts;
        }
    }
    return true;
}

void printConvertBench(const ConvertBench &cb, const Books &b, kernels::Isa isa)
{
    const int experts = cb.experts, jobs = cb.jobs;
    const double perExpert1 = cb.runs[0].cpu / experts, wall1 = cb.runs[0].wall / experts,
                 wallN = cb.runs[1].wall / experts;
    const double k3Experts = 92.0 * 896.0;
    // Whole K3: encode + books (92 layers x 3 kinds fitted on 12 experts,
    // scaled from this run's fit on `fitExperts`; k-means cost is per vector,
    // so the fit time is independent of the expert count at a fixed sample).
    const double projected1 = k3Experts * perExpert1 + 92.0 * b.fitCpu;
    const double projectedN = k3Experts * wallN + 92.0 * b.fitWall;
    if (cb.json) {
        QJsonObject o{{"isa", kernels::isaName(isa)},
                      {"experts", experts},
                      {"fit_seconds_wall", b.fitWall},
                      {"fit_seconds_cpu", b.fitCpu},
                      {"encode_cpu_s_per_expert_1_thread", perExpert1},
                      {"encode_wall_s_per_expert_1_thread", wall1},
                      {"encode_wall_s_per_expert_jobs", wallN},
                      {"jobs", jobs},
                      {"scalar_over_simd", cb.scalarRatio},
                      {"rel_output_error", QJsonArray{cb.outErr[0], cb.outErr[1], cb.outErr[2]}},
                      {"rel_weight_error", QJsonArray{cb.wErr[0], cb.wErr[1], cb.wErr[2]}},
                      {"projected_k3_hours_1_core", projected1 / 3600},
                      {"projected_k3_hours_jobs", projectedN / 3600}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return;
    }
    std::printf("encoder %s, K3 expert (3 x 3072x3584), %d expert(s)\n", kernels::isaName(isa), experts);
    std::printf("books: 3 kinds x 3 stages x 256, %d vectors, %d iterations: %.2f s wall, %.2f s CPU\n", cb.sampleVectors,
                cb.iterations, b.fitWall, b.fitCpu);
    std::printf("encode, 1 thread: %.3f s/expert CPU (%.3f s wall)\n", perExpert1, wall1);
    std::printf("encode, %d threads: %.3f s/expert wall (%.2fx the 1-thread wall)\n", jobs, wallN, wall1 / wallN);
    std::printf("scalar reference / %s on 64 rows (CPU time): %.2fx\n", kernels::isaName(isa), cb.scalarRatio);
    for (int k = 0; k < 3; ++k)
        std::printf("%-4s relative output error %.2f%% (weight error %.2f%%)\n", kKinds[k], 100 * cb.outErr[k], 100 * cb.wErr[k]);
    std::printf("projected K3 (92 layers x 896 experts): %.1f h on 1 core, %.1f h with %d threads (this machine, this load)\n",
                projected1 / 3600, projectedN / 3600, jobs);
}

int runBenchConvert(const std::vector<std::string> &args)
{
    ConvertBench cb;
    cli::OptionParser p("bench-convert", "Encoder speed and codebook quality on K3-shaped experts (3072 x 3584).");
    p.integer("--experts", &cb.experts, 1, 64, "experts to encode per thread count");
    p.integer("--fit-experts", &cb.fitExperts, 1, 12, "experts the books are fitted on (the converter uses 12)");
    p.integer("--sample-vectors", &cb.sampleVectors, 1024, 10000000, "k-means vectors per kind");
    p.integer("--iterations", &cb.iterations, 0, 100, "Lloyd iterations");
    p.integer("--jobs", &cb.jobs, 2, 256, "the multi-thread run's threads");
    p.flag("--json", &cb.json, "JSON output");
    p.text("--dump", &cb.dumpDir, "dev: write expert 0's normalised vectors, books and indices to DIR", "DIR");
    if (const int code = p.parse(args); code >= 0)
        return code;
    cb.runs[1].threads = cb.jobs;
    const kernels::Isa isa = kernels::detectedIsa();
    kernels::ThreadPool one(1), many(cb.jobs);
    Books b;
    fitBooks(b, cb.fitExperts, cb.sampleVectors, cb.iterations, many, isa);
    if (!encodeExperts(cb, b, isa, one, many))
        return 1;
    cb.scalarRatio = scalarOverSimd(b, isa);
    printConvertBench(cb, b, isa);
    return 0;
}

const cli::CommandRegistration benchConvertCommand{"bench-convert", "Converter encoder speed and codebook quality (K3 shapes)",
                                   runBenchConvert};

} // namespace
