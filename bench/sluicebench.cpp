// sluice-bench: measures the kernels on K3-sized shapes and a STREAM-like
// memory bandwidth in the same process, and prints ratios between them.
//   sluice-bench [--threads N] [--reps N] [--isa scalar|avx2|avx512] [--experts N] [--only NAME]
#include "kernels/cpufeatures.h"
#include "kernels/kda.h"
#include "kernels/matvec.h"
#include "kernels/threadpool.h"
#include "kernels/vqlut.h"
#include "util/aligned.h"
#include "util/half.h"
#include "api/runtime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

using namespace sluice;
using namespace sluice::kernels;

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    int threads = 0;
    int reps = 5;
    int experts = 16;
    std::string isa;
    std::string only;
};

double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Least CPU time (all threads) over the runs of the last bestTime(); on a
// shared machine it shows the work done when wall time is inflated by
// waiting (the least is the run least disturbed by cache evictions).
double g_lastCpu = 0;

// Best-of-N wall time of fn() in seconds (the best run is the one least
// disturbed by the other processes sharing this machine).
template <typename Fn>
double bestTime(int reps, Fn &&fn)
{
    double best = 1e30;
    g_lastCpu = 1e30;
    for (int i = 0; i < reps; ++i) {
        const double c0 = processCpuSeconds();
        const auto t0 = Clock::now();
        fn();
        const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
        best = std::min(best, wall);
        g_lastCpu = std::min(g_lastCpu, processCpuSeconds() - c0);
    }
    return best;
}

// bestTime with setup() before each run, outside the timing.
template <typename Setup, typename Fn>
double bestTimeWithSetup(int reps, Setup &&setup, Fn &&fn)
{
    double best = 1e30, cpu = 1e30;
    for (int i = 0; i < reps; ++i) {
        setup();
        best = std::min(best, bestTime(1, fn));
        cpu = std::min(cpu, g_lastCpu);
    }
    g_lastCpu = cpu;
    return best;
}

void fillRandom(uint8_t *p, size_t n, uint32_t seed)
{
    std::mt19937_64 rng(seed);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const uint64_t v = rng();
        std::memcpy(p + i, &v, 8);
    }
    for (; i < n; ++i)
        p[i] = uint8_t(rng());
}

std::vector<float> randomFloats(size_t n, uint32_t seed, float sd = 1.0f)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, sd);
    std::vector<float> v(n);
    for (auto &x : v)
        x = normal(rng);
    return v;
}

volatile float g_sink;

// STREAM-like bandwidth over `bytes` per array: copy (counts read + write)
// and a read-only sum (what a matvec does), split across the pool.
void memoryBandwidth(ThreadPool &pool, int reps, double &copyGBs, double &readGBs)
{
    const size_t bytes = size_t(512) << 20;
    const size_t n = bytes / 4;
    AlignedPtr<float> a = makeAligned<float>(n), b = makeAligned<float>(n);
    pool.parallelFor(n, [&](size_t s, size_t e) {
        for (size_t i = s; i < e; ++i) {
            a[i] = float(i & 1023);
            b[i] = 0.0f;
        }
    }, 4096);
    const double tc = bestTime(reps, [&] {
        pool.parallelFor(n, [&](size_t s, size_t e) { std::memcpy(b.get() + s, a.get() + s, (e - s) * 4); }, 4096);
    });
    copyGBs = 2.0 * double(bytes) / tc / 1e9;
    const double tr = bestTime(reps, [&] {
        pool.parallelFor(n, [&](size_t s, size_t e) {
            float acc[16] = {};
            for (size_t i = s; i + 16 <= e; i += 16)
                for (int k = 0; k < 16; ++k)
                    acc[k] += a[i + size_t(k)];
            float t = 0;
            for (float v : acc)
                t += v;
            g_sink = t;
        }, 4096);
    });
    readGBs = double(bytes) / tr / 1e9;
}

struct TrunkCase {
    const char *name;
    TensorFormat fmt;
    bool bf16;
};

void benchTrunk(ThreadPool &pool, const Options &o, double readGBs)
{
    const size_t rows = 7168, cols = 12288; // K3 o_proj / g_proj shape
    const TrunkCase cases[] = {{"F32", TensorFormat::F32, false}, {"F16", TensorFormat::F16, false},
                               {"BF16", TensorFormat::F16, true},  {"Q8G", TensorFormat::Q8G, false},
                               {"Q4G", TensorFormat::Q4G, false}, {"Q3G", TensorFormat::Q3G, false}};
    std::printf("\n## Trunk matvec, W [%zu x %zu], %d thread(s)\n", rows, cols, pool.threadCount());
    std::printf("%-5s %10s %10s %9s %10s %10s\n", "fmt", "MiB", "ms", "GB/s", "of read BW", "cpu ms");
    const auto x = randomFloats(cols, 1);
    std::vector<float> y(rows);
    for (const auto &c : cases) {
        const size_t rowBytes = trunkRowBytes(c.fmt, cols);
        const size_t groups = (cols + 127) / 128;
        AlignedPtr<uint8_t> data = makeAligned<uint8_t>(rows * rowBytes);
        std::vector<uint16_t> scales;
        if (c.fmt == TensorFormat::F32 || c.fmt == TensorFormat::F16) {
            // Real numbers (random bytes would be NaNs and denormals).
            const auto w = randomFloats(rows * cols, 2, 0.02f);
            for (size_t i = 0; i < rows * cols; ++i) {
                if (c.fmt == TensorFormat::F32)
                    std::memcpy(data.get() + 4 * i, &w[i], 4);
                else {
                    const uint16_t h = c.bf16 ? floatToBf16(w[i]) : floatToHalf(w[i]);
                    std::memcpy(data.get() + 2 * i, &h, 2);
                }
            }
        } else {
            fillRandom(data.get(), rows * rowBytes, 3);
            scales.assign(rows * groups, floatToHalf(0.002f));
        }
        TrunkMatrixView w;
        w.fmt = c.fmt;
        w.isBf16 = c.bf16;
        w.data = data.get();
        w.scales = scales.empty() ? nullptr : scales.data();
        w.rows = rows;
        w.cols = cols;
        w.rowBytes = rowBytes;
        const double bytes = double(rows * rowBytes + scales.size() * 2);
        const double t = bestTime(o.reps, [&] { (void)matvec(w, x.data(), y.data(), &pool); });
        std::printf("%-5s %10.1f %10.3f %9.2f %9.0f%% %10.3f\n", c.name, bytes / 1048576.0, t * 1e3, bytes / t / 1e9,
                    100.0 * bytes / t / 1e9 / readGBs, g_lastCpu * 1e3);
        if (c.fmt == TensorFormat::Q4G) {
            for (size_t batch : {size_t(8), size_t(64)}) {
                std::vector<float> xs(batch * cols), ys(batch * rows);
                for (size_t i = 0; i < xs.size(); ++i)
                    xs[i] = x[i % cols];
                const double tb = bestTime(std::max(1, o.reps / 2),
                                           [&] { (void)matmul(w, xs.data(), cols, batch, ys.data(), rows, &pool); });
                std::printf("  Q4G matmul batch %2zu: %.3f ms (%.3f ms/vector, %.1f GFLOP/s; cpu %.3f ms/vector)\n", batch,
                            tb * 1e3, tb * 1e3 / double(batch), 2.0 * double(rows * cols * batch) / tb / 1e9,
                            g_lastCpu * 1e3 / double(batch));
            }
        }
    }
}

struct VqData {
    std::vector<float> books;
    std::vector<std::vector<uint8_t>> indices; // one per expert
    std::vector<uint16_t> sigma;
    VqMatrixView view(size_t e, TensorFormat fmt, int stages, size_t rows, size_t cols) const
    {
        VqMatrixView w;
        w.fmt = fmt;
        w.indices = indices[e].data();
        w.rowScales = sigma.data();
        w.rows = rows;
        w.cols = cols;
        w.stages = stages;
        w.vecDim = 8;
        w.indexBlock = 64;
        return w;
    }
};

void benchVq(ThreadPool &pool, const Options &o, double readGBs, TensorFormat fmt)
{
    const bool vq4p = fmt == TensorFormat::VQ4P;
    const int stages = vq4p ? 4 : fmt == TensorFormat::VQ2R ? 2 : 3, entries = vq4p ? 64 : 256;
    const size_t bytesPerPosition = vq4p ? 3 : size_t(stages);
    const VqLut::Kind kind = vq4p ? VqLut::Kind::Int8 : VqLut::Kind::F32;
    // K3 routes 16 per token: 16 distinct experts (~66 MB of VQ3R indices)
    // stream from RAM; --experts 1 keeps one expert's indices in L3.
    const size_t experts = size_t(o.experts);
    const char *name = vq4p ? "VQ4P" : stages == 2 ? "VQ2R" : "VQ3R";
    std::printf("\n## %s apply (K3 expert shapes, %zu experts per pass, index_block 64), %d thread(s)\n", name, experts,
                pool.threadCount());
    std::printf("%-15s %10s %10s %10s %12s %10s %11s %14s %14s\n", "matrix", "index MiB", "ms/expert", "GB/s idx",
                "GB/s/thread", "of read BW", "cpu ms/exp", "idx GB/cpu-s", "Mrows/cpu-s");
    struct Shape { const char *name; size_t rows, cols; } shapes[] = {{"gate", 3072, 3584}, {"down", 3584, 3072}};
    for (const auto &s : shapes) {
        VqData d;
        d.books = randomFloats(size_t(stages) * entries * 8, 5, 0.1f);
        const size_t bytes = s.rows * (s.cols / 8) * bytesPerPosition;
        d.indices.resize(experts);
        for (size_t e = 0; e < experts; ++e) {
            d.indices[e].resize(bytes);
            fillRandom(d.indices[e].data(), bytes, 10 + uint32_t(e));
        }
        d.sigma.assign(s.rows, floatToHalf(0.05f));
        const auto x = randomFloats(s.cols, 6);
        VqLut lut;
        const VqCodebooksView books{d.books.data(), stages, entries, 8};
        (void)lut.build(books, x.data(), x.size(), kind, &pool);
        std::vector<float> y(s.rows);
        const double t = bestTime(o.reps, [&] {
            for (size_t e = 0; e < experts; ++e)
                (void)vqMatvec(lut, d.view(e, fmt, stages, s.rows, s.cols), y.data(), &pool);
        });
        auto row = [&](const std::string &label, double seconds, double cpuSeconds) {
            const double perExpert = seconds / double(experts);
            const double cpuPerExpert = cpuSeconds / double(experts);
            const double gbs = double(bytes) / perExpert / 1e9;
            std::printf("%-15s %10.2f %10.3f %10.2f %12.2f %9.0f%% %11.3f %14.2f %14.1f\n", label.c_str(),
                        double(bytes) / 1048576.0, perExpert * 1e3, gbs, gbs / pool.threadCount(),
                        100.0 * gbs / readGBs, cpuPerExpert * 1e3, double(bytes) / cpuPerExpert / 1e9,
                        double(s.rows) / cpuPerExpert / 1e6);
        };
        row(s.name, t, g_lastCpu);
        if (vqRewritable(lut, d.view(0, fmt, stages, s.rows, s.cols))) {
            // The first apply of a cache slot's matrix rewrites its indices
            // stage-planar as it goes; every later apply reads them so.
            const std::vector<std::vector<uint8_t>> stored = d.indices;
            const double tw = bestTimeWithSetup(o.reps, [&] { d.indices = stored; }, [&] {
                for (size_t e = 0; e < experts; ++e)
                    (void)vqMatvecRewriting(lut, d.view(e, fmt, stages, s.rows, s.cols), d.indices[e].data(),
                                            y.data(), &pool);
            });
            row(std::string(s.name) + "/rewriting", tw, g_lastCpu);
            const double tp = bestTime(o.reps, [&] {
                for (size_t e = 0; e < experts; ++e) {
                    VqMatrixView w = d.view(e, fmt, stages, s.rows, s.cols);
                    w.order = VqIndexOrder::StagePlanes;
                    (void)vqMatvec(lut, w, y.data(), &pool);
                }
            });
            row(std::string(s.name) + "/planar", tp, g_lastCpu);
            d.indices = stored;
        }
        if (!vq4p && experts >= 2) {
            // gate and up of one expert: two applies, or one fork-join for both.
            const double two = bestTime(o.reps, [&] {
                for (size_t e = 0; e + 1 < experts; e += 2) {
                    (void)vqMatvec(lut, d.view(e, fmt, stages, s.rows, s.cols), y.data(), &pool);
                    (void)vqMatvec(lut, d.view(e + 1, fmt, stages, s.rows, s.cols), y.data(), &pool);
                }
            });
            std::vector<float> y2(s.rows);
            const double one = bestTime(o.reps, [&] {
                for (size_t e = 0; e + 1 < experts; e += 2) {
                    const VqJob jobs[2] = {{&lut, d.view(e, fmt, stages, s.rows, s.cols), y.data()},
                                           {&lut, d.view(e + 1, fmt, stages, s.rows, s.cols), y2.data()}};
                    (void)vqMatvecJobs(jobs, 2, &pool);
                }
            });
            std::printf("       pairs of applies: 2 x vqMatvec %.3f ms, 1 x vqMatvecJobs %.3f ms per pair\n",
                        two * 2e3 / double(experts), one * 2e3 / double(experts));
        }
        // Table build: once per token per layer for gate/up, per expert for down.
        const double tb = bestTime(o.reps * 4, [&] { (void)lut.build(books, x.data(), x.size(), kind, nullptr); });
        const double tbp = bestTime(o.reps * 4, [&] { (void)lut.build(books, x.data(), x.size(), kind, &pool); });
        std::printf("       table build (%zu positions x %d x %d%s, layout %s): %.1f us on 1 thread, %.1f us on %d\n",
                    s.cols / 8, stages, entries, vq4p ? ", + int8 quantisation" : "",
                    lut.layout() == VqLut::Layout::BytePlanes ? "byte planes" : "linear", tb * 1e6, tbp * 1e6,
                    pool.threadCount());
    }
}

void benchKda(ThreadPool &pool, const Options &o)
{
    const int H = 96, D = 128; // K3
    const size_t C = size_t(H) * D;
    std::printf("\n## KDA step, K3 shape (%d heads x %d), %d thread(s)\n", H, D, pool.threadCount());
    std::vector<float> S(C * D, 0.0f), out(C), q = randomFloats(C, 7), k = randomFloats(C, 8), v = randomFloats(C, 9),
                                            g(C, -0.01f), beta(size_t(H), 0.5f);
    l2NormalizeHeads(q.data(), H, D, 1.0f / std::sqrt(float(D)));
    l2NormalizeHeads(k.data(), H, D);
    const int steps = 20;
    const double t = bestTime(o.reps, [&] {
        for (int i = 0; i < steps; ++i)
            kdaStep(S.data(), q.data(), k.data(), v.data(), g.data(), beta.data(), H, D, out.data(), &pool);
    }) / steps;
    const double t1 = bestTime(std::max(1, o.reps / 2), [&] {
        for (int i = 0; i < steps; ++i)
            kdaStepReference(S.data(), q.data(), k.data(), v.data(), g.data(), beta.data(), H, D, out.data());
    }) / steps;
    std::printf("kernel %.3f ms/step (state %.1f MiB, %.2f GB/s state traffic r+w x2 passes); reference %.3f ms\n",
                t * 1e3, double(S.size()) * 4 / 1048576.0, 4.0 * double(S.size()) * 4 / t / 1e9, t1 * 1e3);
}

} // namespace

int main(int argc, char **argv)
{
    // The library reads no environment: the benchmark maps SLUICE_KERNELS itself.
    if (const char *env = std::getenv("SLUICE_KERNELS"); env && *env && setKernelLevel(env).empty())
        std::fprintf(stderr, "SLUICE_KERNELS=%s is not a kernel level (scalar, avx2, avx512, neon); ignored\n", env);
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--threads" && i + 1 < argc)
            o.threads = std::atoi(argv[++i]);
        else if (a == "--reps" && i + 1 < argc)
            o.reps = std::max(1, std::atoi(argv[++i]));
        else if (a == "--isa" && i + 1 < argc)
            o.isa = argv[++i];
        else if (a == "--only" && i + 1 < argc)
            o.only = argv[++i];
        else if (a == "--experts" && i + 1 < argc)
            o.experts = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr,
                         "usage: %s [--threads N] [--reps N] [--isa scalar|avx2|avx512] [--experts N]\n"
                         "       [--only mem|trunk|vq3r|vq2r|vq4p|kda]\n",
                         argv[0]);
            return 2;
        }
    }
    if (o.isa == "scalar")
        setActiveIsa(Isa::Scalar);
    else if (o.isa == "avx2")
        setActiveIsa(Isa::Avx2);
    else if (o.isa == "avx512")
        setActiveIsa(Isa::Avx512);
    ThreadPool pool(o.threads);
    std::printf("# sluice-bench: detected ISA %s, active %s, VBMI %s, %d thread(s), best of %d\n",
                isaName(detectedIsa()), isaName(activeIsa()), hasAvx512Vbmi() ? "yes" : "no", pool.threadCount(),
                o.reps);
    const auto want = [&](const char *name) { return o.only.empty() || o.only == name; };
    double copyGBs = 0, readGBs = 0;
    memoryBandwidth(pool, o.reps, copyGBs, readGBs);
    std::printf("\n## Memory bandwidth (512 MiB arrays, %d thread(s))\ncopy %.2f GB/s (read+write counted), read %.2f GB/s\n",
                pool.threadCount(), copyGBs, readGBs);
    if (want("trunk"))
        benchTrunk(pool, o, readGBs);
    if (want("vq3r"))
        benchVq(pool, o, readGBs, TensorFormat::VQ3R);
    if (want("vq2r"))
        benchVq(pool, o, readGBs, TensorFormat::VQ2R);
    if (want("vq4p"))
        benchVq(pool, o, readGBs, TensorFormat::VQ4P);
    if (want("kda"))
        benchKda(pool, o);
    return 0;
}
