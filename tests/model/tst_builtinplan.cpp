// Plan before download (docs/planner.md): the built-in model shapes feed the
// same planner as a container, and the built-in K3 plan agrees with the
// anchor's published figures where the two count the same thing.
//   - a synthetic container's PlannerInputs equal the built-in-shape path
//     (tensorInventory + expertBytes) for the same config, term by term;
//   - the built-in K3 container plan against WASTE's trunk / floor / default
//     budget / cache figures, with the differences docs/planner.md explains;
//   - the release shapes against spec 3 (MXFP4 record, ~1.42 TiB download);
//   - the disk-bound speed prediction on a hand-made trace.
#include "support/testregistry.h"
#include "testunits.h"
#include "format/builtinmodels.h"
#include "format/container.h"
#include "format/synth.h"
#include "model/plannerinputs.h"
#include "model/trunkstreamer.h"
#include "stream/cachesim.h"
#include "stream/memoryplanner.h"
#include "stream/speedmodel.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace sluice;

namespace {

using sluice::test::kGiB;

double gib(uint64_t bytes) { return double(bytes) / kGiB; }

MemoryPlan k3Plan(int ctx, uint64_t ram = 64ull << 30)
{
    auto shape = builtinShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
    if (!shape)
        qFatal("%s", shape.status().message().c_str());
    model::PlannerInputsOptions o;
    o.contextLength = ctx;
    // WASTE's floor includes its chunked-prefill buffers for 64 tokens (spec 9):
    // compare with Sluice's plan at the same chunk.
    o.prefillChunk = 64;
    auto in = model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, o);
    if (!in)
        qFatal("%s", in.status().message().c_str());
    auto plan = planMemory(*in, ram);
    if (!plan)
        qFatal("%s", plan.status().message().c_str());
    return *plan;
}

} // namespace

class TestBuiltinPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void syntheticContainerEqualsBuiltinPath_data()
    {
        QTest::addColumn<bool>("k3");
        QTest::addColumn<bool>("vision");
        QTest::addColumn<int>("trunkBits");
        QTest::addColumn<int>("ctx");
        QTest::newRow("k3 q4 vision") << true << true << 4 << 4096;
        QTest::newRow("k3 q8 ctx 1000") << true << false << 8 << 1000;
        QTest::newRow("kimi-linear q4") << false << false << 4 << 4096;
    }
    void syntheticContainerEqualsBuiltinPath()
    {
        QFETCH(bool, k3);
        QFETCH(bool, vision);
        QFETCH(int, trunkBits);
        QFETCH(int, ctx);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        SynthOptions so;
        so.arch = k3 ? Architecture::KimiK3 : Architecture::KimiLinear;
        so.withVision = vision;
        so.trunkBits = trunkBits;
        const std::string path = dir.filePath("m.waste").toStdString();
        const Status written = writeSyntheticModel(path, so);
        QVERIFY2(written.isOk(), written.message().c_str());
        auto container = Container::open(path);
        QVERIFY2(bool(container), container ? "" : container.status().message().c_str());
        const ModelConfig &cfg = (*container)->config();

        // The inventory names, shapes, formats and bytes every stored tensor as the writer did.
        InventoryOptions io;
        io.format = BuiltinFormat::Container;
        io.trunkBits = trunkBits;
        io.aLogEntries = 2 * cfg.kdaHeads; // synth pads A_log to 2H (K3's release pads 96 heads to 128)
        io.minQuantElements = 4096;        // synth quantises its tiny matrices too
        const std::vector<TensorInfo> inventory = tensorInventory(cfg, io);
        const std::vector<TensorInfo> &stored = (*container)->tensors();
        QCOMPARE(inventory.size(), stored.size());
        for (size_t i = 0; i < stored.size(); ++i) {
            QCOMPARE(inventory[i].name, stored[i].name);
            if (inventory[i].fmt != stored[i].fmt || inventory[i].bytes != stored[i].bytes)
                qWarning("%s", stored[i].name.c_str());
            QCOMPARE(inventory[i].shape, stored[i].shape);
            QCOMPARE(int(inventory[i].fmt), int(stored[i].fmt));
            QCOMPARE(inventory[i].bytes, stored[i].bytes);
        }
        auto record = expertBytes(cfg, BuiltinFormat::Container);
        QVERIFY(bool(record));

        model::PlannerInputsOptions o;
        o.contextLength = ctx;
        o.vision = vision;
        o.attentionSlices = 2;
        auto fromContainer = model::plannerInputs(**container, o);
        auto fromShape = model::plannerInputs(cfg, inventory, *record, o);
        QVERIFY(bool(fromContainer));
        QVERIFY(bool(fromShape));
        const PlannerInputs &a = *fromContainer, &b = *fromShape;
        QCOMPARE(b.trunkBytes, a.trunkBytes);
        QCOMPARE(b.kdaLayers, a.kdaLayers);
        QCOMPARE(b.kdaHeads, a.kdaHeads);
        QCOMPARE(b.kdaHeadDim, a.kdaHeadDim);
        QCOMPARE(b.convKernel, a.convKernel);
        QCOMPARE(b.mlaLayers, a.mlaLayers);
        QCOMPARE(b.kvLoraRank, a.kvLoraRank);
        QCOMPARE(b.qkRopeDim, a.qkRopeDim);
        QCOMPARE(b.contextLength, a.contextLength);
        QCOMPARE(b.scratch.size(), a.scratch.size());
        for (size_t i = 0; i < a.scratch.size(); ++i) {
            QCOMPARE(b.scratch[i].name, a.scratch[i].name);
            QCOMPARE(b.scratch[i].bytes, a.scratch[i].bytes);
        }
        QCOMPARE(b.topK, a.topK);
        QCOMPARE(b.moeLayers, a.moeLayers);
        QCOMPARE(b.expertsPerLayer, a.expertsPerLayer);
        QCOMPARE(b.recordBytes, a.recordBytes);
        QCOMPARE(b.visionBytes, a.visionBytes);
        QCOMPARE(vision, a.visionBytes > 0);
        // And so the plans are the same.
        auto pa = planMemory(a, 8ull << 30), pb = planMemory(b, 8ull << 30);
        QVERIFY(pa && pb);
        QCOMPARE(pb->floorBytes, pa->floorBytes);
        QCOMPARE(pb->defaultBudgetBytes, pa->defaultBudgetBytes);
    }

    // Where Sluice and WASTE count the same thing, the figures agree to the
    // published rounding (0.005 GiB); where they do not (scratch, the working
    // set's layer count) the difference is asserted to be that difference.
    void k3AgainstAnchor_data()
    {
        QTest::addColumn<int>("ctx");
        QTest::addColumn<double>("wasteFloor");
        QTest::newRow("4K") << 4096 << 29.05;
        QTest::newRow("32K") << 32768 << 30.54;
        QTest::newRow("128K") << 131072 << 35.63;
        QTest::newRow("1M") << 1048576 << 83.21;
    }
    void k3AgainstAnchor()
    {
        QFETCH(int, ctx);
        QFETCH(double, wasteFloor);
        const MemoryPlan plan = k3Plan(ctx);
        // Trunk: WASTE 27.28 GiB (spec 4.3), the same tensors in the same formats.
        QVERIFY2(std::fabs(gib(plan.trunkBytes) - 27.28) <= 0.005, qPrintable(QString::number(gib(plan.trunkBytes), 'f', 4)));
        // State, exact by the spec 9 formula: 69 KDA layers, 24 MLA layers.
        QCOMPARE(plan.kdaStateBytes, uint64_t(69) * 96 * 128 * 128 * 4);
        QCOMPARE(plan.kdaConvBytes, uint64_t(69) * 3 * 3 * 96 * 128 * 4);
        QCOMPARE(plan.mlaCacheBytes, uint64_t(24) * uint64_t(ctx) * 576 * 4);
        // Minimum expert cache: 2 x 16 records of 12,406,784 B (spec 4.5), WASTE's 0.37 GiB.
        QCOMPARE(plan.recordBytes, uint64_t(12406784));
        QCOMPARE(plan.minExpertCacheBytes, uint64_t(32) * 12406784);
        // The floor differs by the scratch terms only: WASTE's implied scratch
        // (floor - trunk - state - min cache) is ~0.75 GiB, Sluice's enumerated
        // buffers at a 64-token chunk plus the cache index ~0.25 GiB. Same difference at every context.
        const double diff = wasteFloor - gib(plan.floorBytes);
        // 0.50 GiB at this commit; the window leaves room for either engine's
        // scratch to move by ~0.1 GiB, the identity below pins what it is.
        QVERIFY2(diff > 0.40 && diff < 0.60, qPrintable(QString::number(diff, 'f', 4)));
        const double wasteScratch = wasteFloor - 27.28 - gib(plan.stateBytes) - 0.37;
        const double ourScratch = gib(plan.scratchBytes + plan.cacheIndexBytes);
        QVERIFY2(std::fabs((wasteScratch - ourScratch) - diff) <= 0.02, qPrintable(QString::number(wasteScratch, 'f', 4)));
    }

    void k3DefaultBudgetOn64GB()
    {
        const MemoryPlan plan = k3Plan(4096);
        auto sizing = sizeCache(plan, 0);
        QVERIFY(bool(sizing));
        // Same choice as WASTE: floor + 1 working set.
        QCOMPARE(plan.defaultWorkingSets, 1);
        // Working set over the 92 MoE layers; WASTE multiplies by all 93 (17.19 GiB, spec 9).
        QCOMPARE(plan.workingSetBytes, uint64_t(16) * 92 * 12406784);
        const double wsDiff = gib(uint64_t(16) * 12406784); // one layer's top-k records, 0.185 GiB
        const double floorDiff = 29.05 - gib(plan.floorBytes);
        // WASTE: default 46.24 GiB = floor 29.05 + 17.19.
        QVERIFY2(std::fabs((46.24 - gib(plan.defaultBudgetBytes)) - (floorDiff + wsDiff)) <= 0.01,
                 qPrintable(QString::number(gib(plan.defaultBudgetBytes), 'f', 4)));
        // WASTE: cache 17.56 GiB = budget - floor + min cache. Sluice's slots
        // are whole records and its cache index is charged to the budget too.
        QVERIFY2(std::fabs((17.56 - gib(sizing->slotBufferBytes)) - wsDiff) <= 0.02,
                 qPrintable(QString::number(gib(sizing->slotBufferBytes), 'f', 4)));
        QVERIFY(sizing->engineBytes <= sizing->budgetBytes);
        // And it is what the engine would open with: planForBudget's default (full-chunk prefill).
        auto shape = builtinShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        QVERIFY(bool(shape));
        model::PlannerInputsOptions o;
        auto engine = model::planForBudget(shape->config, shape->tensors, shape->recordBytes, o, 64ull << 30, 0);
        QVERIFY2(bool(engine), engine ? "" : engine.status().message().c_str());
        QCOMPARE(engine->prefillChunk, 64);
        QCOMPARE(engine->sizing.budgetBytes, plan.defaultBudgetBytes);
        QCOMPARE(engine->sizing.slotCount, sizing->slotCount);
        QVERIFY(engine->floorBytes < plan.floorBytes); // the decode floor opens the model with less
    }

    // lm_head streamed in row blocks (issue 13): K3's streaming floor drops
    // by exactly lm_head's bytes (the staging slots do not grow), from 3.31
    // to 2.20 GiB at 4K context without the process term (docs/planner.md
    // explains every MiB); budgets under it are refused naming it.
    void k3StreamingFloorWithLmHead()
    {
        auto shape = builtinShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        QVERIFY(bool(shape));
        uint64_t head = 0;
        for (const TensorInfo &t : shape->tensors)
            if (t.name == model::lmHeadTensorName(shape->config))
                head = t.bytes;
        // 163,840 x 7,168 Q8G: one byte a weight plus an fp16 scale per 128.
        QCOMPARE(head, uint64_t(163840) * 7168 + uint64_t(163840) * 56 * 2);
        model::PlannerInputsOptions o; // context 4096, no process term
        o.attentionSlices = 1;         // one compute thread: each further one adds its decode lane (1.18 MiB)
        auto bp = model::planForBudget(shape->config, shape->tensors, shape->recordBytes, o, 64ull << 30, 0);
        QVERIFY(bool(bp));
        QVERIFY2(std::fabs(gib(bp->layersStreamingFloorBytes) - 3.31) < 0.005,
            qPrintable(QString::number(gib(bp->layersStreamingFloorBytes), 'f', 4)));
        QCOMPARE(bp->streamingFloorBytes, bp->layersStreamingFloorBytes - head);
        QVERIFY2(std::fabs(gib(bp->streamingFloorBytes) - 2.20) < 0.005,
            qPrintable(QString::number(gib(bp->streamingFloorBytes), 'f', 4)));
        // At that floor: no layer resident, lm_head in two blocks of a slot
        // sized by the dense layer 0 (the largest layer, 575.5 MiB), as without lm_head streaming.
        auto at = model::planForBudget(
            shape->config, shape->tensors, shape->recordBytes, o, 64ull << 30, bp->streamingFloorBytes);
        QVERIFY2(bool(at), at ? "" : at.status().message().c_str());
        QCOMPARE(at->split.residentLayers, 0);
        QVERIFY(at->split.lmHeadStreamed);
        QCOMPARE(at->split.headBlocks.size(), size_t(2));
        QCOMPARE(at->split.slotBytes, at->split.plans.front().slotBytes);
        QCOMPARE(at->split.slotBytes, model::planTrunkSplit(shape->config, shape->tensors, 0).slotBytes);
        QVERIFY(std::fabs(double(at->split.slotBytes) / 1048576.0 - 575.5) < 0.5);
        QCOMPARE(at->split.stagingBytes, 2 * at->split.slotBytes);
        QCOMPARE(at->prefillChunk, 1);
        QCOMPARE(at->sizing.engineBytes, at->floorBytes);
        QCOMPARE(at->floorBytes, bp->streamingFloorBytes);
        // Every term of the floor (the doc's table): resident vectors, state, scratch with the staging, minimum cache.
        const MemoryPlan &p = at->plan;
        QCOMPARE(
            p.floorBytes, p.trunkBytes + p.stateBytes + p.scratchBytes + p.minExpertCacheBytes + p.cacheIndexBytes);
        qInfo("K3 streaming floor %llu B = resident trunk %llu + state %llu + scratch %llu (staging %llu) + min cache "
              "%llu + cache index %llu; lm_head read per token %llu B in %zu blocks of %llu rows",
            (unsigned long long)p.floorBytes, (unsigned long long)p.trunkBytes, (unsigned long long)p.stateBytes,
            (unsigned long long)p.scratchBytes, (unsigned long long)at->split.stagingBytes,
            (unsigned long long)p.minExpertCacheBytes, (unsigned long long)p.cacheIndexBytes,
            (unsigned long long)at->split.lmHeadReadBytes, at->split.headBlocks.size(),
            (unsigned long long)at->split.lmHeadBlockRows);
        // The resident trunk at that floor is only the vectors: lm_head left it.
        QVERIFY(p.trunkBytes < (64ull << 20));
        // Under it: refused, naming the floor.
        auto under = model::planForBudget(
            shape->config, shape->tensors, shape->recordBytes, o, 64ull << 30, bp->streamingFloorBytes - 1);
        QVERIFY(!under);
        QVERIFY(QString::fromStdString(under.status().message()).contains(QString::number(bp->streamingFloorBytes)));
        // Between the two floors lm_head streams; at the layers-only floor it is resident.
        auto mid = model::planForBudget(shape->config, shape->tensors, shape->recordBytes, o, 64ull << 30, 3ull << 30);
        QVERIFY(mid && mid->split.lmHeadStreamed && mid->split.residentLayers == 0);
        auto layersOnly = model::planForBudget(
            shape->config, shape->tensors, shape->recordBytes, o, 64ull << 30, bp->layersStreamingFloorBytes);
        QVERIFY(layersOnly && !layersOnly->split.lmHeadStreamed);
    }

    void k3Vision()
    {
        auto shape = builtinShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        QVERIFY(bool(shape));
        QVERIFY(shape->config.vision.present);
        // Spec 7.1: the tower in WASTE's Q8G form is 434 MB (MiB).
        uint64_t tower = 0;
        for (const TensorInfo &t : shape->tensors)
            if (t.name.rfind("vision_tower.", 0) == 0 || t.name.rfind("mm_projector.", 0) == 0)
                tower += t.bytes;
        QVERIFY2(std::fabs(double(tower) / (1 << 20) - 434.0) < 1.0, qPrintable(QString::number(tower)));
        // Spec 9: ~1.12 GiB extra with vision on (tower + decode + activations + embedding queue);
        // Sluice's own vision memory plan comes to 1.10 GiB.
        model::PlannerInputsOptions o;
        o.vision = true;
        o.attentionSlices = 1;
        auto in = model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, o);
        QVERIFY(bool(in));
        QVERIFY2(std::fabs(gib(in->visionBytes) - 1.12) < 0.05, qPrintable(QString::number(gib(in->visionBytes))));
    }

    void releaseShapes()
    {
        auto k3 = builtinShape(BuiltinModel::KimiK3, BuiltinFormat::Release);
        QVERIFY(bool(k3));
        QCOMPARE(QString::fromStdString(k3->config.expertQuant.fmtName), QStringLiteral("MXFP4"));
        // Spec 3: w1/w3 packed [3072, 1792] + scale [3072, 112], w2 packed [3584, 1536] + scale [3584, 96].
        QCOMPARE(k3->recordBytes, uint64_t(2) * (3072 * 1792 + 3072 * 112) + (3584 * 1536 + 3584 * 96));
        // Spec 3: 96 shards, ~1.42 TiB (1453.7 GiB) including safetensors headers and the few tensors
        // the engine never reads (~100 B of JSON per tensor: ~0.05 GiB); the inventory is within 0.01%.
        QVERIFY2(std::fabs(gib(k3->diskBytes) - 1453.7) / 1453.7 < 0.0001, qPrintable(QString::number(gib(k3->diskBytes))));
        // Everything bf16 except the f32 vectors.
        for (const TensorInfo &t : k3->tensors) {
            const bool f32 = t.name.find("A_log") != std::string::npos || t.name.find("dt_bias") != std::string::npos ||
                             t.name.find("conv1d") != std::string::npos || t.name.find("o_norm") != std::string::npos ||
                             t.name.find("e_score_correction_bias") != std::string::npos;
            QCOMPARE(int(t.fmt), int(f32 ? TensorFormat::F32 : TensorFormat::F16));
        }
        auto kl = builtinShape(BuiltinModel::KimiLinear, BuiltinFormat::Release);
        QVERIFY(bool(kl));
        QCOMPARE(kl->recordBytes, uint64_t(3) * 1024 * 2304 * 2);
        auto klc = builtinShape(BuiltinModel::KimiLinear, BuiltinFormat::Container);
        QVERIFY(bool(klc));
        QCOMPARE(klc->recordBytes, uint64_t(2666496)); // spec 4.5
    }

    void speedPrediction()
    {
        // A 2-layer, top-2, 4-expert trace: token t routes experts {t%4, (t+1)%4} in both layers.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("t.jsonl");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int t = 0; t < 40; ++t) {
            const int a = t % 4, b = (t + 1) % 4;
            f.write(QStringLiteral("{\"tok\": %1, \"layers\": [[%2, %3], [%2, %3]]}\n").arg(t).arg(a).arg(b).toUtf8());
        }
        f.close();
        auto trace = loadRoutingTrace(path.toStdString());
        QVERIFY2(bool(trace), trace ? "" : trace.status().message().c_str());

        MemoryPlan plan;
        plan.topK = 16;
        plan.moeLayers = 92;
        plan.recordBytes = 12406784;
        const double ws = 16.0 * 92 * 12406784;
        CacheSizing all;
        all.slotCount = 16 * 92 * 2; // two working sets = the whole trace's key set (8 keys)
        auto p = predictDiskBoundSpeed(plan, all, *trace, 10e9);
        QVERIFY(bool(p));
        QCOMPARE(p->simSlots, 8);
        QCOMPARE(p->warmHitRate, 1.0);               // everything fits: only first touches miss
        QCOMPARE(p->bytesPerTokenWarm, 0.0);
        QCOMPARE(p->coldHitRate, 1.0 - 8.0 / 160.0); // 8 first touches of 160 accesses
        QVERIFY(std::fabs(p->bytesPerTokenCold - (8.0 / 160.0) * ws) < 1.0);
        QVERIFY(std::fabs(p->secondsPerTokenCold - p->bytesPerTokenCold / 10e9) < 1e-12);

        // One working set (4 slots): each token's pair (t%4, (t+1)%4) shares one
        // expert with the last token's, LRU keeps the previous pair: 1 of 2 hits per layer.
        CacheSizing one;
        one.slotCount = 16 * 92;
        auto q = predictDiskBoundSpeed(plan, one, *trace, 10e9);
        QVERIFY(bool(q));
        QCOMPARE(q->simSlots, 4);
        QVERIFY(q->coldHitRate < p->coldHitRate);
        QVERIFY(std::fabs(q->bytesPerTokenCold - (1.0 - q->coldHitRate) * ws) < 1.0);
        QVERIFY(std::fabs(q->warmHitRate - 0.5) < 0.02);

        QVERIFY(!predictDiskBoundSpeed(plan, one, *trace, 0.0));
        MemoryPlan none;
        QVERIFY(!predictDiskBoundSpeed(none, one, *trace, 1e9));
    }

    void names()
    {
        QCOMPARE(int(*parseBuiltinModel("K3")), int(BuiltinModel::KimiK3));
        QCOMPARE(int(*parseBuiltinModel("kimi-linear")), int(BuiltinModel::KimiLinear));
        QCOMPARE(int(*parseBuiltinFormat("mxfp4")), int(BuiltinFormat::Release));
        QCOMPARE(int(*parseBuiltinFormat("vq3r")), int(BuiltinFormat::Container));
        auto bad = parseBuiltinModel("k2");
        QVERIFY(!bad);
        QVERIFY(bad.status().message().find("k3, kimi-linear") != std::string::npos);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestBuiltinPlan)
#include "tst_builtinplan.moc"
