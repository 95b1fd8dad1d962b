// sluice-cli bench --image: vision costs (spec 7.6). The tower's time per
// 1024 patches (on a container's tower, or a release-K3-size tower with
// random Q8G weights: --k3-size), and with a model, the prefill time of image
// positions next to text positions (an image position should cost about what
// a text position costs). Figures only; docs/vision.md records them.
#include "benchmeasure.h"
#include "command.h"

#include "format/container.h"
#include "kernels/threadpool.h"
#include "api/model.h"
#include "api/session.h"
#include "options.h"
#include "vision/imagepreprocess.h"
#include "vision/visiontower.h"
#include "model/modelimpl.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

using namespace sluice;

namespace sluice::cli {
int runTextBench(const std::vector<std::string> &args); // cmd_benchtext.cpp
}

namespace {

using cli::bench::cpuSeconds;
using cli::bench::median;

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A patterned RGB image that grids to exactly side x side patches.
vision::RgbImage patternImage(int width, int height)
{
    vision::RgbImage img;
    img.width = width;
    img.height = height;
    img.rgb.resize(size_t(width) * size_t(height) * 3);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 3; ++c)
                img.rgb[(size_t(y) * size_t(width) + size_t(x)) * 3 + size_t(c)] = uint8_t((x * (3 + c) + y * 5 + (x ^ y)) & 255);
    return img;
}

bool writeBmp(const std::string &path, const vision::RgbImage &img)
{
    const int rowBytes = (img.width * 3 + 3) & ~3;
    std::vector<uint8_t> b(54 + size_t(rowBytes) * size_t(img.height), 0);
    auto put32 = [&](size_t off, uint32_t v) {
        for (int i = 0; i < 4; ++i)
            b[off + size_t(i)] = uint8_t(v >> (8 * i));
    };
    b[0] = 'B';
    b[1] = 'M';
    put32(2, uint32_t(b.size()));
    put32(10, 54);
    put32(14, 40);
    put32(18, uint32_t(img.width));
    put32(22, uint32_t(img.height));
    b[26] = 1;
    b[28] = 24;
    for (int y = 0; y < img.height; ++y) {
        uint8_t *row = b.data() + 54 + size_t(img.height - 1 - y) * size_t(rowBytes);
        for (int x = 0; x < img.width; ++x)
            for (int c = 0; c < 3; ++c)
                row[x * 3 + c] = img.rgb[(size_t(y) * size_t(img.width) + size_t(x)) * 3 + size_t(2 - c)];
    }
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::WriteOnly) && f.write(reinterpret_cast<const char *>(b.data()), qint64(b.size())) == qint64(b.size());
}

// The tower to time: a release-K3-size one with random weights, or the
// container's (kept open in `container`). Returns 0, or 1 after printing the error.
int loadTower(const std::string &modelPath, bool k3Size, const vision::VisionTowerOptions &vto,
              std::unique_ptr<Container> &container, std::unique_ptr<vision::VisionTower> &tower, VisionConfig &vcfg)
{
    if (k3Size) {
        const int textHidden = 7168;
        auto t = vision::VisionTower::createRandom(vcfg, textHidden, vto);
        if (!t) {
            std::fprintf(stderr, "bench: %s\n", t.status().message().c_str());
            return 1;
        }
        tower = std::move(*t);
        return 0;
    }
    auto c = Container::open(modelPath);
    if (!c) {
        std::fprintf(stderr, "bench: %s\n", c.status().message().c_str());
        return 1;
    }
    container = std::move(*c);
    auto t = vision::VisionTower::load(*container, vto);
    if (!t) {
        std::fprintf(stderr, "bench: %s\n", t.status().message().c_str());
        return 1;
    }
    tower = std::move(*t);
    vcfg = container->config().vision;
    return 0;
}

// 1. Tower time: --reps encodes of one image, the median printed.
int timeTower(vision::VisionTower &tower, const vision::PreprocessedImage &pre, kernels::ThreadPool &pool,
              const VisionConfig &vcfg, const std::string &what, int side, int patches, int reps)
{
    std::vector<double> times, cpu;
    vision::VisionTower::Timing last;
    for (int r = 0; r < reps; ++r) {
        const double c0 = cpuSeconds();
        auto e = tower.encode(pre, &pool);
        cpu.push_back(cpuSeconds() - c0);
        if (!e) {
            std::fprintf(stderr, "bench: %s\n", e.status().message().c_str());
            return 1;
        }
        times.push_back(tower.lastTiming().total);
        last = tower.lastTiming();
    }
    const double t = median(times);
    std::printf("vision tower (%s): hidden %d, %d layers, %d heads; grid %dx%d = %d patches, %d threads\n",
                what.c_str(), vcfg.hidden, vcfg.layers, vcfg.heads, side, side, patches, pool.threadCount());
    std::printf("  tower: %.4f s median of %d (%.4f s per 1024 patches)  [embed %.4f, attention %.4f, "
                "matmul %.4f, projector %.4f]; process CPU %.4f s\n",
                t, reps, t * 1024.0 / patches, last.embed, last.attention, last.matmul, last.projector, median(cpu));
    std::printf("  tower memory: %.1f MiB resident (weights + activations)\n", double(tower.residentBytes()) / (1 << 20));
    return 0;
}

// One repetition: the image's positions prefilled, then as many text
// positions. Returns 0, or 1 after printing the error.
int prefillOnce(ModelSession &engine, const std::string &path, const ModelConfig &cfg, int tokens,
                std::vector<double> &add, std::vector<double> &imagePrefill, std::vector<double> &textPrefill)
{
    engine.session->reset();
    auto t0 = Clock::now();
    const Status st = engine.session->addImage(path);
    add.push_back(since(t0));
    if (!st.isOk()) {
        std::fprintf(stderr, "bench: %s\n", st.message().c_str());
        return 1;
    }
    const std::vector<int> prompt = {cfg.bosId >= 0 ? cfg.bosId : 1, cfg.mediaPadId};
    std::vector<float> logits;
    t0 = Clock::now();
    Status ev = engine.session->eval(prompt, &logits);
    imagePrefill.push_back(since(t0));
    if (!ev.isOk()) {
        std::fprintf(stderr, "bench: %s\n", ev.message().c_str());
        return 1;
    }
    engine.session->reset();
    std::vector<int> text(size_t(tokens) + 1);
    for (size_t i = 0; i < text.size(); ++i)
        text[i] = int((i * 7919 + 17) % size_t(std::min(cfg.vocab, 100000)));
    t0 = Clock::now();
    ev = engine.session->eval(text, &logits);
    textPrefill.push_back(since(t0));
    if (!ev.isOk()) {
        std::fprintf(stderr, "bench: %s\n", ev.message().c_str());
        return 1;
    }
    return 0;
}

// 2. Image positions vs text positions in prefill.
int timeImagePrefill(EngineOptions &opts, const vision::PreprocessedImage &pre, const VisionConfig &vcfg,
                     int threads, int px, int patches, int reps)
{
    opts.maxImagePatches = patches;
    auto engine = openModelSession(opts);
    if (!engine) {
        std::fprintf(stderr, "bench: %s\n", engine.status().message().c_str());
        return 1;
    }
    QTemporaryDir tmp;
    const std::string path = (tmp.path() + "/bench.bmp").toStdString();
    if (!tmp.isValid() || !writeBmp(path, patternImage(px, px))) {
        std::fprintf(stderr, "bench: cannot write a temporary image\n");
        return 1;
    }
    const ModelConfig &cfg = *model::configOf(*engine->model); // a model this library opened
    const int tokens = pre.tokenCount(vcfg.mergeH, vcfg.mergeW);
    if (tokens + 1 > opts.contextLength) {
        std::fprintf(stderr, "bench: %d image positions need --ctx > %d\n", tokens, tokens);
        return 2;
    }
    std::vector<double> add, imagePrefill, textPrefill;
    for (int r = 0; r < reps; ++r)
        if (prefillOnce(*engine, path, cfg, tokens, add, imagePrefill, textPrefill))
            return 1;
    const double ip = median(imagePrefill), tp = median(textPrefill);
    std::printf("prefill (%s, %d threads): image %d positions + 1 text in %.4f s (%.3f ms/position); "
                "text %d positions in %.4f s (%.3f ms/position); addImage (decode+preprocess+tower) %.4f s\n",
                opts.modelPath.c_str(), threads, tokens, ip, ip * 1e3 / (tokens + 1), tokens + 1, tp,
                tp * 1e3 / (tokens + 1), median(add));
    return 0;
}

int benchImage(const std::vector<std::string> &args)
{
    EngineOptions opts;
    int patches = 1024, reps = 3;
    bool k3Size = false, image = true;
    cli::OptionParser p("bench", "--image: the vision tower's time per 1024 patches; with MODEL also image- vs\n"
                                 "text-position prefill time.",
                        "--image [MODEL] [--k3-size] [--patches N] [--reps N] [engine options]");
    p.positional("MODEL", &opts.modelPath, "a container with a vision tower", false);
    p.flag("--image", &image, "the vision benchmark (without it: the text benchmark)");
    p.flag("--k3-size", &k3Size, "a release-K3-size tower with random Q8G weights");
    p.integer("--patches", &patches, 4, 1 << 16, "patches per image");
    p.integer("--reps", &reps, 1, 100, "repetitions (the median is reported)");
    cli::addEngineOptions(p, opts);
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (opts.modelPath.empty() && !k3Size)
        return p.usageError("--image: give a MODEL with a vision tower, or --k3-size");
    // The largest even square grid within the budget.
    int side = int(std::sqrt(double(patches)));
    side -= side % 2;
    patches = side * side;
    kernels::ThreadPool pool(opts.threads);

    std::unique_ptr<Container> container;
    std::unique_ptr<vision::VisionTower> tower;
    vision::VisionTowerOptions vto;
    vto.maxPatches = patches;
    vto.attentionSlices = pool.threadCount();
    VisionConfig vcfg;
    if (loadTower(opts.modelPath, k3Size, vto, container, tower, vcfg))
        return 1;
    const int px = side * vcfg.patchSize;
    auto pre = vision::preprocessImage(patternImage(px, px), vcfg, patches);
    if (!pre) {
        std::fprintf(stderr, "bench: %s\n", pre.status().message().c_str());
        return 1;
    }
    const std::string what = k3Size ? "release K3 shape, random Q8G weights" : opts.modelPath;
    if (timeTower(*tower, *pre, pool, vcfg, what, side, patches, reps))
        return 1;
    if (k3Size || opts.modelPath.empty())
        return 0;
    tower.reset();
    return timeImagePrefill(opts, *pre, vcfg, pool.threadCount(), px, patches, reps);
}

int runBench(const std::vector<std::string> &args)
{
    const bool image = std::find(args.begin(), args.end(), "--image") != args.end();
    if (!image)
        return cli::runTextBench(args); // text model: prefill/decode tok/s (cmd_benchtext.cpp)
    return benchImage(args);
}

} // namespace

static const cli::CommandRegistration benchCommand{"bench", "Benchmarks: --image (vision tower, image-position prefill)", runBench};
