// Trunk streaming (issue 13): a pinned prefix of layers resident, the rest
// read per token into two staging slots. Checked here:
//  * logits bit-identical to the resident engine at every split (all
//    resident, one layer, half, none), token by token and chunked, K3 and
//    Kimi-Linear, and the streamer really read layers (it can fail);
//  * planner figure == ledger at every split (the staging slots included);
//  * the planner's own split for a budget under the resident floor (the
//    longest prefix that fits), and the refusal under the streaming floor,
//    naming it.
#include "support/testregistry.h"
#include "testmetatypes.h"
#include "api/model.h"
#include "api/session.h"
#include "format/container.h"
#include "format/synth.h"
#include "model/modelimpl.h"
#include "model/plannerinputs.h"
#include "model/releasesource.h"
#include "model/trunkstreamer.h"
#include "stream/memoryplanner.h"
#include "modeltestutil.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <map>

using namespace sluice;

// As tests/convert/converttestutil.h: the one-row lm_head blocks (a read per
// vocabulary row per position, I/O-bound, ~15 s each) are skipped under a sanitizer.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TRUNKSTREAM_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TRUNKSTREAM_SANITIZED 1
#endif
#endif
#ifndef TRUNKSTREAM_SANITIZED
#define TRUNKSTREAM_SANITIZED 0
#endif


namespace {

const std::vector<int> kStreamPrompt = { 11, 200, 3000, 42, 7, 1999, 5, 640, 77, 1234, 9, 310 };
// For one-row lm_head blocks, whose cost is one read per vocabulary row per
// position: six positions still cross a chunk of five (chunked prefill) and
// check every position's logits, at half the reads.
const std::vector<int> kShortStreamPrompt(kStreamPrompt.begin(), kStreamPrompt.begin() + 6);

struct Run {
    std::vector<float> tokenByToken, chunked;
    std::vector<float> lastOfPrefill; // Session::eval: only the last position's logits
    int residentLayers = -1;
    bool lmHeadStreamed = false;
    size_t headBlocks = 0;
    uint64_t layerReads = 0;
    uint64_t ledger = 0, planned = 0;
    std::string error;
};

// lm_head as the planner decides (-1), resident (0) or streamed (1) in blocks of at most blockRows.
Run runModel(const std::string &path, int residentLayers, uint64_t budget = 0, int streamLmHead = -1,
    uint64_t blockRows = 0, const std::vector<int> &prompt = kStreamPrompt)
{
    Run r;
    ModelOptions o;
    o.modelPath = path;
    o.contextLength = 64;
    o.threads = 2;
    o.vision = false;
    o.budgetBytes = budget;
    o.residentTrunkLayers = residentLayers;
    o.streamLmHead = streamLmHead;
    o.lmHeadBlockRows = blockRows;
    auto m = Model::open(o);
    if (!m) {
        r.error = m.status().message();
        return r;
    }
    auto *impl = dynamic_cast<model::ModelImpl *>(m->get());
    r.residentLayers = (*m)->info().residentLayers;
    r.lmHeadStreamed = (*m)->info().lmHeadStreamed;
    r.ledger = impl->ledger().total();
    {
        // The planner's figure for the same open, computed apart.
        model::PlannerInputsOptions pio;
        pio.contextLength = o.contextLength;
        pio.attentionSlices = impl->pool()->threadCount();
        pio.residentLayers = residentLayers;
        pio.streamLmHead = streamLmHead;
        pio.lmHeadBlockRows = blockRows;
        auto ram = detectUsableRam();
        // The plan Model::open made, from the store it opened (container or release alike).
        auto bp = !ram ? Expected<model::BudgetPlan>(ram.status())
                       : model::planForBudget(impl->config(), impl->store().trunkTensors(), (*m)->info().recordBytes,
                                              pio, ram->usableBytes, budget);
        r.planned = bp ? bp->sizing.engineBytes : 0;
        r.headBlocks = bp ? bp->split.headBlocks.size() : 0;
    }
    {
        auto s = (*m)->createSession();
        if (!s) {
            r.error = s.status().message();
            return r;
        }
        const Status st = (*s)->eval(prompt, &r.lastOfPrefill);
        if (!st.isOk()) {
            r.error = st.message();
            return r;
        }
    }
    for (int chunk : { 1, 5 }) {
        auto s = (*m)->createSession();
        if (!s) {
            r.error = s.status().message();
            return r;
        }
        std::vector<float> &out = chunk == 1 ? r.tokenByToken : r.chunked;
        const Status st = (*s)->evalAll(prompt, out, chunk);
        if (!st.isOk()) {
            r.error = st.message();
            return r;
        }
    }
    if (auto *ts = impl->trunkStreamer())
        r.layerReads = ts->stats().layerReads;
    return r;
}

using test::sameBits;

} // namespace

class TestTrunkStream : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::map<int, std::string> m_models; // by architecture

    std::string model(Architecture arch)
    {
        const int key = int(arch);
        if (!m_models.count(key)) {
            SynthOptions so;
            so.arch = arch;
            so.seed = 3;
            const std::string path
                = m_dir.filePath(arch == Architecture::KimiK3 ? "k3.waste" : "kl.waste").toStdString();
            const Status st = writeSyntheticModel(path, so);
            if (!st.isOk())
                return {};
            m_models[key] = path;
        }
        return m_models[key];
    }

    std::string releaseModel(Architecture arch)
    {
        const int key = 100 + int(arch);
        if (!m_models.count(key)) {
            SynthOptions so;
            so.arch = arch;
            so.seed = 3;
            const QString dir = m_dir.filePath(arch == Architecture::KimiK3 ? "k3-release" : "kl-release");
            if (!QDir().mkpath(dir) || !writeSyntheticRelease(dir.toStdString(), so).isOk())
                return {};
            m_models[key] = dir.toStdString();
        }
        return m_models[key];
    }

    // The planner cases' rows: one per architecture.
    static void architectureRows()
    {
        QTest::addColumn<Architecture>("arch");
        QTest::newRow("K3") << Architecture::KimiK3;
        QTest::newRow("KL") << Architecture::KimiLinear;
    }

    // What the planner cases start from: the row's synthetic container and
    // its plan with nothing held back (1 TiB of RAM, no budget).
    struct PlannerCase {
        std::string path;
        Expected<std::unique_ptr<Container>> c;
        model::PlannerInputsOptions pio;
        uint64_t ram;
        Expected<model::BudgetPlan> full;
    };
    PlannerCase plannerCase()
    {
        QFETCH(Architecture, arch);
        const std::string path = model(arch);
        auto c = Container::open(path);
        model::PlannerInputsOptions pio;
        pio.contextLength = 64;
        pio.attentionSlices = 2;
        const uint64_t ram = uint64_t(1) << 40;
        auto full = c ? model::planForBudget(**c, pio, ram, 0) : Expected<model::BudgetPlan>(c.status());
        return {path, std::move(c), pio, ram, std::move(full)};
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void splitLayout()
    {
        const std::string path = model(Architecture::KimiK3);
        QVERIFY(!path.empty());
        auto c = Container::open(path);
        QVERIFY(c);
        const ModelConfig &cfg = (*c)->config();
        const model::TrunkSplit none = model::planTrunkSplit(cfg, (*c)->tensors(), 0);
        QCOMPARE(static_cast<int>(none.plans.size()), cfg.nLayers);
        QCOMPARE(none.slotCount, 2);
        uint64_t streamable = 0;
        for (const TensorInfo &t : (*c)->tensors())
            if (model::streamableLayer(cfg, t) >= 0)
                streamable += t.bytes;
        QCOMPARE(none.streamedBytes, streamable);
        for (const model::LayerReadPlan &p : none.plans) {
            // The container writes a layer's tensors back to back: one read per layer.
            QCOMPARE(static_cast<int>(p.extents.size()), 1);
            QVERIFY(p.slotBytes >= p.tensorBytes && p.slotBytes % 4096 == 0);
            QVERIFY(p.slotBytes < p.tensorBytes + 3 * 4096 + 64 * 1024);
        }
        const model::TrunkSplit all = model::planTrunkSplit(cfg, (*c)->tensors(), cfg.nLayers);
        QVERIFY(!all.streaming());
        QCOMPARE(all.stagingBytes, uint64_t(0));
        const model::TrunkSplit last = model::planTrunkSplit(cfg, (*c)->tensors(), cfg.nLayers - 1);
        QCOMPARE(last.slotCount, 1);
        QCOMPARE(last.stagingBytes, last.plans[0].slotBytes);
    }

    void bitIdentical_data()
    {
        QTest::addColumn<Architecture>("arch");
        QTest::addColumn<int>("resident"); // -2 = half the layers
        for (Architecture a : { Architecture::KimiK3, Architecture::KimiLinear }) {
            const char *n = a == Architecture::KimiK3 ? "K3" : "KL";
            QTest::addRow("%s none", n) << a << 0;
            QTest::addRow("%s one", n) << a << 1;
            QTest::addRow("%s half", n) << a << -2;
            QTest::addRow("%s all but one", n) << a << -3;
            QTest::addRow("%s all", n) << a << -4;
        }
    }

    void bitIdentical()
    {
        QFETCH(Architecture, arch);
        QFETCH(int, resident);
        const std::string path = model(arch);
        QVERIFY(!path.empty());
        auto c = Container::open(path);
        QVERIFY(c);
        const int layers = (*c)->config().nLayers;
        const int r = resident == -2 ? layers / 2 : resident == -3 ? layers - 1 : resident == -4 ? layers : resident;
        const Run ref = runModel(path, -1);
        QVERIFY2(ref.error.empty(), ref.error.c_str());
        QCOMPARE(ref.residentLayers, layers);
        const Run got = runModel(path, r);
        QVERIFY2(got.error.empty(), got.error.c_str());
        QCOMPARE(got.residentLayers, r);
        QVERIFY(sameBits(got.tokenByToken, ref.tokenByToken));
        QVERIFY(sameBits(got.chunked, ref.tokenByToken));
        QCOMPARE(got.ledger, got.planned);
        if (r == layers - 1) {
            // One streamed layer has one slot: checked into it at open, it stays there.
            QCOMPARE(got.layerReads, uint64_t(0));
        } else if (r < layers) {
            // Every token reads its streamed layers.
            QVERIFY2(got.layerReads > 0, "nothing was streamed");
            if (layers - r >= 3)
                QVERIFY(got.layerReads >= uint64_t(layers - r) * kStreamPrompt.size());
        } else {
            QCOMPARE(got.layerReads, uint64_t(0));
        }
    }

    // A streamed layer is checked at open like a resident one: a non-finite
    // scale is refused naming the tensor, whichever side of the split it is on.
    void corruptStreamedTensorRefused()
    {
        const std::string src = model(Architecture::KimiK3);
        QVERIFY(!src.empty());
        const QString dir = m_dir.filePath("corrupt.waste");
        QVERIFY(test::copyFolderFiles(QString::fromStdString(src), dir));
        std::string victim;
        {
            auto c = Container::open(dir.toStdString());
            QVERIFY(c);
            const ModelConfig &cfg = (*c)->config();
            for (const TensorInfo &t : (*c)->tensors()) {
                if (model::streamableLayer(cfg, t) == cfg.nLayers - 1 && t.isGrouped()) {
                    QFile trunk(QString::fromStdString((*c)->paths().trunk));
                    QVERIFY(trunk.open(QIODevice::ReadWrite));
                    QVERIFY(trunk.seek(qint64(t.scaleOffset)));
                    const char inf[2] = { '\x00', '\x7c' }; // fp16 +inf, little-endian
                    QCOMPARE(trunk.write(inf, 2), qint64(2));
                    victim = t.name;
                    break;
                }
            }
        }
        QVERIFY(!victim.empty());
        for (int resident : { 0, -1 }) {
            const Run r = runModel(dir.toStdString(), resident);
            QVERIFY2(QString::fromStdString(r.error).contains(QString::fromStdString(victim))
                    && QString::fromStdString(r.error).contains("non-finite scale"),
                r.error.c_str());
        }
    }

    // lm_head streamed in row blocks is checked at open too: an inf scale in
    // its last rows is refused naming lm_head, resident or streamed.
    void corruptStreamedLmHeadRefused()
    {
        const std::string src = model(Architecture::KimiK3);
        QVERIFY(!src.empty());
        const QString dir = m_dir.filePath("corrupt-head.waste");
        QVERIFY(test::copyFolderFiles(QString::fromStdString(src), dir));
        {
            auto c = Container::open(dir.toStdString());
            QVERIFY(c);
            const TensorInfo *head = (*c)->findTensor(model::lmHeadTensorName((*c)->config()));
            QVERIFY(head && head->isGrouped());
            QFile trunk(QString::fromStdString((*c)->paths().trunk));
            QVERIFY(trunk.open(QIODevice::ReadWrite));
            QVERIFY(trunk.seek(qint64(head->scaleOffset + head->scaleBytes() - 2))); // the last row's last group
            const char inf[2] = { '\x00', '\x7c' }; // fp16 +inf, little-endian
            QCOMPARE(trunk.write(inf, 2), qint64(2));
        }
        for (int streamLmHead : { 1, 0 }) {
            const Run r = runModel(dir.toStdString(), 0, 0, streamLmHead, 37);
            QVERIFY2(QString::fromStdString(r.error).contains("lm_head") && QString::fromStdString(r.error).contains("non-finite"),
                r.error.c_str());
        }
    }

    // The planner's split for a budget: the longest prefix whose decode floor
    // fits; under the streaming floor, a refusal that names it.
    void plannerChoosesSplit_data() { architectureRows(); }

    void plannerChoosesSplit()
    {
        auto [path, c, pio, ram, full] = plannerCase();
        QVERIFY(!path.empty());
        QVERIFY(c);
        QVERIFY(full);
        QVERIFY(!full->split.streaming());
        QVERIFY(full->streamingFloorBytes < full->residentFloorBytes);
        const int layers = (*c)->config().nLayers;
        std::vector<uint64_t> floors;
        for (int r = 0; r <= layers; ++r) {
            model::PlannerInputsOptions f = pio;
            f.residentLayers = r;
            auto bp = model::planForBudget(**c, f, ram, full->residentFloorBytes * 2);
            QVERIFY(bp);
            QCOMPARE(bp->split.residentLayers, r);
            floors.push_back(bp->floorBytes);
        }
        QCOMPARE(floors.back(), full->residentFloorBytes);
        // A budget just under each split's floor picks a shorter prefix; at it, that prefix or longer.
        for (int r = 1; r <= layers; ++r) {
            auto at = model::planForBudget(**c, pio, ram, floors[size_t(r)]);
            QVERIFY(at);
            QVERIFY(at->split.residentLayers >= r || floors[size_t(at->split.residentLayers)] <= floors[size_t(r)]);
            QVERIFY(at->floorBytes <= floors[size_t(r)]);
            QVERIFY(at->sizing.budgetBytes == floors[size_t(r)]);
        }
        auto under = model::planForBudget(**c, pio, ram, full->streamingFloorBytes - 1);
        QVERIFY(!under);
        QCOMPARE(under.status().code(), ErrorCode::Budget);
        const QString msg = QString::fromStdString(under.status().message());
        QVERIFY2(msg.contains("streaming floor") && msg.contains("below this model's floor")
                && msg.contains(QString::number(full->streamingFloorBytes)),
            qPrintable(msg));
        // The model refuses it the same way.
        const Run refused = runModel(path, -1, full->streamingFloorBytes - 1);
        QVERIFY(QString::fromStdString(refused.error).contains("streaming floor"));
        // And at the streaming floor it opens, streams and gives the resident bits.
        const Run atFloor = runModel(path, -1, full->streamingFloorBytes);
        QVERIFY2(atFloor.error.empty(), atFloor.error.c_str());
        QVERIFY(atFloor.residentLayers < layers);
        QCOMPARE(atFloor.ledger, atFloor.planned);
        QVERIFY(atFloor.ledger <= full->streamingFloorBytes);
        const Run ref = runModel(path, -1);
        QVERIFY(sameBits(atFloor.tokenByToken, ref.tokenByToken));
    }

    // lm_head streamed in row blocks through the staging slots: the logits
    // are the resident engine's bits, token by token (matvec), in chunks of
    // 5 with every position's logits (matmul) and for a prefill's last
    // position only, at one row per block, odd sizes, a slot's worth and the
    // whole matrix (clamped to a slot), containers and release folders.
    void lmHeadBitIdentical_data()
    {
        QTest::addColumn<Architecture>("arch");
        QTest::addColumn<bool>("release");
        QTest::addColumn<int>("resident"); // -2 = half the layers
        QTest::addColumn<qulonglong>("blockRows");
        for (Architecture a : { Architecture::KimiK3, Architecture::KimiLinear }) {
            for (bool rel : { false, true }) {
                const char *n = a == Architecture::KimiK3 ? "K3" : "KL";
                const char *f = rel ? "release" : "container";
                if (!rel) // vocab reads per position: containers only (the release path is the same code)
                    QTest::addRow("%s %s 1 row", n, f) << a << rel << 0 << qulonglong(1);
                QTest::addRow("%s %s 37 rows", n, f) << a << rel << 0 << qulonglong(37);
                QTest::addRow("%s %s 1001 rows half resident", n, f) << a << rel << -2 << qulonglong(1001);
                QTest::addRow("%s %s slot", n, f) << a << rel << 0 << qulonglong(0);
                QTest::addRow("%s %s whole", n, f) << a << rel << 0 << (qulonglong(1) << 40);
            }
        }
    }

    void lmHeadBitIdentical()
    {
        QFETCH(Architecture, arch);
        QFETCH(bool, release);
        QFETCH(int, resident);
        QFETCH(qulonglong, blockRows);
        if (TRUNKSTREAM_SANITIZED && blockRows == 1)
            QSKIP("one-row blocks are I/O-bound (~15 s); the sanitizer suites run the 37-row and larger blocks, same "
                  "code");
        const std::string path = release ? releaseModel(arch) : model(arch);
        QVERIFY(!path.empty());
        const std::vector<int> &prompt = blockRows == 1 ? kShortStreamPrompt : kStreamPrompt;
        const Run ref = runModel(path, -1, 0, -1, 0, prompt);
        QVERIFY2(ref.error.empty(), ref.error.c_str());
        QVERIFY(!ref.lmHeadStreamed);
        const int r = resident == -2 ? ref.residentLayers / 2 : resident;
        const Run got = runModel(path, r, 0, 1, blockRows, prompt);
        QVERIFY2(got.error.empty(), got.error.c_str());
        QVERIFY(got.lmHeadStreamed);
        QCOMPARE(got.residentLayers, r);
        QVERIFY(got.headBlocks >= 1);
        if (blockRows == 1) // one row per block: vocab blocks (tiny vocabularies fit a slot)
            QCOMPARE(got.headBlocks * 1, size_t(ref.tokenByToken.size() / prompt.size()));
        QVERIFY(sameBits(got.tokenByToken, ref.tokenByToken));
        QVERIFY(sameBits(got.chunked, ref.tokenByToken));
        QVERIFY(sameBits(got.lastOfPrefill, ref.lastOfPrefill));
        QCOMPARE(got.ledger, got.planned);
        // Every evaluation read its head blocks (so a head left resident fails).
        const uint64_t layers = uint64_t(ref.residentLayers - r);
        QVERIFY(got.layerReads >= (layers + got.headBlocks) * prompt.size());
    }

    // The planner streams lm_head only with no layer resident and the budget
    // still short: the streaming floor drops by lm_head's bytes (the slots do
    // not grow); between it and the layers-only floor the model opens with
    // lm_head streamed, within the budget, with the resident bits.
    void plannerStreamsLmHead_data() { architectureRows(); }

    void plannerStreamsLmHead()
    {
        auto [path, c, pio, ram, full] = plannerCase();
        QVERIFY(!path.empty());
        QVERIFY(c);
        QVERIFY(full);
        const ModelConfig &cfg = (*c)->config();
        QVERIFY(!full->split.lmHeadStreamed);
        uint64_t headBytes = 0;
        for (const TensorInfo &t : (*c)->tensors())
            if (t.name == model::lmHeadTensorName(cfg))
                headBytes = t.bytes;
        QVERIFY(headBytes > 0);
        model::PlannerInputsOptions none = pio;
        none.residentLayers = 0;
        none.streamLmHead = 0;
        auto layersOnly = model::planForBudget(**c, none, ram, full->residentFloorBytes);
        QVERIFY(layersOnly);
        none.streamLmHead = 1;
        auto headToo = model::planForBudget(**c, none, ram, full->residentFloorBytes);
        QVERIFY(headToo);
        QVERIFY(headToo->split.lmHeadStreamed);
        QCOMPARE(headToo->split.slotBytes, layersOnly->split.slotBytes);
        QCOMPARE(headToo->split.stagingBytes, layersOnly->split.stagingBytes);
        QCOMPARE(headToo->floorBytes, layersOnly->floorBytes - headBytes);
        QCOMPARE(
            headToo->split.readBytesPerToken, layersOnly->split.readBytesPerToken + headToo->split.lmHeadReadBytes);
        QVERIFY(headToo->split.lmHeadReadBytes >= headBytes);
        QCOMPARE(full->streamingFloorBytes, headToo->floorBytes);
        QVERIFY(full->layersStreamingFloorBytes <= layersOnly->floorBytes);
        QVERIFY(full->streamingFloorBytes < full->layersStreamingFloorBytes);
        // A budget under the layers-only floor: no layer resident, lm_head streamed.
        for (uint64_t budget :
            { full->streamingFloorBytes, (full->streamingFloorBytes + full->layersStreamingFloorBytes) / 2,
                full->layersStreamingFloorBytes - 1 }) {
            auto bp = model::planForBudget(**c, pio, ram, budget);
            QVERIFY(bp);
            QCOMPARE(bp->split.residentLayers, 0);
            QVERIFY(bp->split.lmHeadStreamed);
            QVERIFY(bp->sizing.engineBytes <= budget);
        }
        // At the layers-only floor lm_head is resident again.
        auto at = model::planForBudget(**c, pio, ram, full->layersStreamingFloorBytes);
        QVERIFY(at);
        QVERIFY(!at->split.lmHeadStreamed);
        // An explicit split never streams lm_head unless asked.
        model::PlannerInputsOptions explicitSplit = pio;
        explicitSplit.residentLayers = 0;
        auto ex = model::planForBudget(**c, explicitSplit, ram, full->residentFloorBytes);
        QVERIFY(ex && !ex->split.lmHeadStreamed);
        // Under the new floor: refused naming it.
        auto under = model::planForBudget(**c, pio, ram, full->streamingFloorBytes - 1);
        QVERIFY(!under);
        QVERIFY(QString::fromStdString(under.status().message()).contains(QString::number(full->streamingFloorBytes)));
        // The model at the new floor: lm_head streams, ledger == planner <= budget, resident bits.
        const Run atFloor = runModel(path, -1, full->streamingFloorBytes);
        QVERIFY2(atFloor.error.empty(), atFloor.error.c_str());
        QVERIFY(atFloor.lmHeadStreamed);
        QCOMPARE(atFloor.residentLayers, 0);
        QCOMPARE(atFloor.ledger, atFloor.planned);
        QVERIFY(atFloor.ledger <= full->streamingFloorBytes);
        const Run ref = runModel(path, -1);
        QVERIFY(sameBits(atFloor.tokenByToken, ref.tokenByToken));
        QVERIFY(sameBits(atFloor.chunked, ref.tokenByToken));
        QVERIFY(sameBits(atFloor.lastOfPrefill, ref.lastOfPrefill));
    }

    // The head's blocks: rows partition [0, vocab), each block's extents fit
    // one slot, and a block of r rows holds exactly r rows' payload and scales.
    void lmHeadBlockLayout_data()
    {
        QTest::addColumn<qulonglong>("blockRows");
        for (qulonglong b : { 1ULL, 3ULL, 64ULL, 999ULL, 0ULL })
            QTest::addRow("%llu", b) << b;
    }

    void lmHeadBlockLayout()
    {
        QFETCH(qulonglong, blockRows);
        const std::string path = model(Architecture::KimiK3);
        QVERIFY(!path.empty());
        auto c = Container::open(path);
        QVERIFY(c);
        const ModelConfig &cfg = (*c)->config();
        const model::TrunkSplit s = model::planTrunkSplit(cfg, (*c)->tensors(), 0, { true, blockRows });
        QVERIFY(s.lmHeadStreamed);
        QVERIFY(!s.layoutEstimated);
        const model::TrunkSplit layersOnly = model::planTrunkSplit(cfg, (*c)->tensors(), 0);
        QCOMPARE(s.slotBytes, layersOnly.slotBytes);
        uint64_t next = 0, read = 0;
        for (const model::LayerReadPlan &b : s.headBlocks) {
            QCOMPARE(b.layer, -1);
            QCOMPARE(b.firstRow, next);
            QVERIFY(b.rows >= 1 && (blockRows == 0 || b.rows <= blockRows));
            QVERIFY(b.slotBytes <= s.slotBytes);
            QCOMPARE(b.tensors.size(), size_t(1));
            next += b.rows;
            read += b.slotBytes;
        }
        QCOMPARE(next, uint64_t(cfg.vocab));
        QCOMPARE(read, s.lmHeadReadBytes);
        // Built-in shapes (no offsets) plan the same blocks, estimated.
        if (blockRows == 1)
            QCOMPARE(s.headBlocks.size(), size_t(cfg.vocab));
    }

    // Large mode's --vocab (the lm_head benchmark's model): the config and
    // lm_head follow it, tiny mode refuses it, and a head of several slot-sized
    // blocks streams with the resident bits.
    void largeVocabSynth()
    {
        SynthOptions tiny;
        tiny.vocab = 8192;
        QVERIFY(!writeSyntheticModel(m_dir.filePath("tiny-vocab.waste").toStdString(), tiny).isOk());
        SynthOptions so;
        so.recordBytes = 64 * 1024;
        so.layers = 2;
        so.experts = 4;
        so.vocab = 40000;
        const std::string path = m_dir.filePath("vocab.waste").toStdString();
        const Status st = writeSyntheticModel(path, so);
        QVERIFY2(st.isOk(), st.message().c_str());
        auto c = Container::open(path);
        QVERIFY(c);
        QCOMPARE((*c)->config().vocab, 40000);
        const model::TrunkSplit split = model::planTrunkSplit((*c)->config(), (*c)->tensors(), 0, { true, 0 });
        QVERIFY(split.lmHeadStreamed);
        QVERIFY2(split.headBlocks.size() >= 2, "the head must span several slots");
        const Run ref = runModel(path, -1);
        QVERIFY2(ref.error.empty(), ref.error.c_str());
        QCOMPARE(ref.tokenByToken.size(), kStreamPrompt.size() * 40000);
        const Run got = runModel(path, 0, 0, 1);
        QVERIFY2(got.error.empty(), got.error.c_str());
        QVERIFY(got.lmHeadStreamed);
        QCOMPARE(got.headBlocks, split.headBlocks.size());
        QVERIFY(sameBits(got.tokenByToken, ref.tokenByToken));
        QVERIFY(sameBits(got.chunked, ref.tokenByToken));
        QVERIFY(sameBits(got.lastOfPrefill, ref.lastOfPrefill));
        QCOMPARE(got.ledger, got.planned);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestTrunkStream)
#include "tst_trunkstream.moc"
