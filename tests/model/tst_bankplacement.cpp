// Expert banks across folders (issue 31, api/placement.h): a container whose
// banks are spread over two folders decodes the same bits as one whose banks
// are at home (greedy and sampled, lookahead on and off); a placement stopped
// after any step of a move (as a kill would stop it) leaves a container that
// opens with the same output, and a rerun finishes it; every damaged, absurd
// or unreadable sidecar is an error naming the file, never a silent fallback.
#include "support/testregistry.h"
#include "api/placement.h"
#include "format/container.h"
#include "format/placement.h"
#include "clirun.h"
#include "modeltestutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

using namespace sluice;

namespace {

constexpr int kPlacedLayers = 4;
constexpr int kPlacedExperts = 32;
constexpr int kPlacedTopK = 6;
constexpr uint64_t kPlacedRecordBytes = 64 << 10;

struct PlacedOutput {
    std::vector<float> logits;
    std::vector<int> tokens;
};

Expected<PlacedOutput> decodeOutput(const std::string &model, bool sampled, int lookahead)
{
    ModelOptions o;
    o.modelPath = model;
    o.contextLength = 128;
    o.vision = false;
    o.threads = 2;
    o.lookahead = lookahead;
    auto e = openModelSession(o);
    if (!e)
        return e.status();
    PlacedOutput out;
    SLUICE_TRY((*e)->evalAll(test::routingPrompt(10), out.logits, 4));
    (*e)->reset();
    SamplingParams sp;
    sp.maxTokens = 10;
    if (sampled) {
        sp.temperature = 0.9f;
        sp.topP = 0.95f;
        sp.seed = 7;
    } else {
        sp.temperature = 0;
    }
    auto r = (*e)->generate(test::routingPrompt(6), sp, nullptr);
    if (!r)
        return r.status();
    out.tokens = r->tokens;
    return out;
}

bool sameOutput(const PlacedOutput &a, const PlacedOutput &b)
{
    return a.tokens == b.tokens && a.logits.size() == b.logits.size() &&
           std::memcmp(a.logits.data(), b.logits.data(), a.logits.size() * sizeof(float)) == 0;
}

// Bank files of a container folder (home), and of a folder elsewhere.
QStringList bankFilesIn(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral("experts-L*.bin*")}, QDir::Files, QDir::Name);
}

} // namespace

class TestBankPlacement : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_plain;
    PlacedOutput m_reference[2][2]; // [sampled][lookahead on]
    int m_fresh = 0;

    // A fresh copy of the same synthetic container (same seed, same bytes).
    std::string freshModel()
    {
        const std::string path = m_dir.filePath(QStringLiteral("m%1.waste").arg(++m_fresh)).toStdString();
        const Status st = test::writeRoutingModel(path, kPlacedRecordBytes, kPlacedLayers, kPlacedExperts, kPlacedTopK);
        return st.isOk() ? path : std::string();
    }
    QString freshFolder()
    {
        const QString path = m_dir.filePath(QStringLiteral("drive%1").arg(++m_fresh));
        QDir().mkpath(path);
        return path;
    }
    void compareAll(const std::string &model)
    {
        for (int sampled = 0; sampled < 2; ++sampled) {
            auto out = decodeOutput(model, sampled, 0);
            QVERIFY2(out, out ? "" : out.status().message().c_str());
            QVERIFY(sameOutput(*out, m_reference[sampled][0]));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_plain = freshModel();
        QVERIFY(!m_plain.empty());
        for (int sampled = 0; sampled < 2; ++sampled) {
            for (int la = 0; la < 2; ++la) {
                auto out = decodeOutput(m_plain, sampled, la ? 6 : 0);
                QVERIFY2(out, out ? "" : out.status().message().c_str());
                m_reference[sampled][la] = *out;
            }
        }
        // Sampling must differ from greedy, else "sampled" compares nothing new.
        QVERIFY(m_reference[1][0].tokens != m_reference[0][0].tokens);
    }

    void placedDecodesBitForBit_data()
    {
        QTest::addColumn<bool>("sampled");
        QTest::addColumn<int>("lookahead");
        QTest::newRow("greedy, lookahead off") << false << 0;
        QTest::newRow("greedy, lookahead 6") << false << 6;
        QTest::newRow("sampled, lookahead off") << true << 0;
        QTest::newRow("sampled, lookahead 6") << true << 6;
    }
    void placedDecodesBitForBit()
    {
        QFETCH(bool, sampled);
        QFETCH(int, lookahead);
        const std::string model = freshModel();
        // The second folder on another device when the machine has one
        // (tmpfs): reads then go to two devices at once.
        QTemporaryDir shm(QStringLiteral("/dev/shm/sluice-placement-XXXXXX"));
        struct stat here, there;
        const bool otherDevice = shm.isValid() && ::stat(m_dir.path().toLocal8Bit().constData(), &here) == 0 &&
                                 ::stat(shm.path().toLocal8Bit().constData(), &there) == 0 && here.st_dev != there.st_dev;
        if (!otherDevice)
            qInfo("no second device (/dev/shm): both folders on one device");
        const QString a = freshFolder(), b = otherDevice ? shm.path() : freshFolder();
        auto r = placeBanks(model, {{a.toStdString(), 1}, {b.toStdString(), 1}});
        QVERIFY2(r, r ? "" : r.status().message().c_str());
        QCOMPARE(r->moved, kPlacedLayers);
        // Every bank left home; both folders hold some (interleaved by layer).
        QCOMPARE(bankFilesIn(QString::fromStdString(model)).size(), 0);
        const QString name = QFileInfo(QString::fromStdString(model)).fileName() + QStringLiteral(".banks");
        QCOMPARE(bankFilesIn(a + '/' + name).size(), kPlacedLayers / 2);
        QCOMPARE(bankFilesIn(b + '/' + name).size(), kPlacedLayers / 2);
        QVERIFY(QFile::exists(QString::fromStdString(model) + "/sluice-placement.json"));

        auto placed = decodeOutput(model, sampled, lookahead);
        QVERIFY2(placed, placed ? "" : placed.status().message().c_str());
        QVERIFY(sameOutput(*placed, m_reference[sampled][lookahead ? 1 : 0]));

        PlacementOptions back;
        back.back = true;
        auto home = placeBanks(model, {}, back);
        QVERIFY2(home, home ? "" : home.status().message().c_str());
        QCOMPARE(home->moved, kPlacedLayers);
        QCOMPARE(bankFilesIn(QString::fromStdString(model)).size(), kPlacedLayers);
        QVERIFY(!QFile::exists(QString::fromStdString(model) + "/sluice-placement.json"));
        QVERIFY(!QDir(a + '/' + name).exists()); // emptied bank folders go too
        auto again = decodeOutput(model, sampled, lookahead);
        QVERIFY2(again, again ? "" : again.status().message().c_str());
        QVERIFY(sameOutput(*again, m_reference[sampled][lookahead ? 1 : 0]));
    }

    // Shares follow the weights: 3:1 over 4 equal banks is 3 and 1; the
    // container's own folder as a target keeps its share in place.
    void sharesFollowWeights()
    {
        const std::string model = freshModel();
        const QString a = freshFolder();
        auto r = placeBanks(model, {{model, 3}, {a.toStdString(), 1}});
        QVERIFY2(r, r ? "" : r.status().message().c_str());
        QCOMPARE(r->folders.size(), size_t(2));
        QCOMPARE(r->folders[0].banks, 3);
        QCOMPARE(r->folders[1].banks, 1);
        QCOMPARE(r->moved, 1);
        QCOMPARE(bankFilesIn(QString::fromStdString(model)).size(), 3);
        compareAll(model);
    }

    // The command: a usage error without folders, weights read from DIR:W,
    // the plan (--dry-run) moves nothing, then the move and --back.
    void command()
    {
        const QString cli = QStringLiteral(SLUICE_CLI_PATH);
        const QString model = QString::fromStdString(freshModel());
        const QString a = freshFolder(), b = freshFolder();
        auto r = test::runProgram(cli, {"place", model});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--folder DIR[:WEIGHT]"), r.err.constData());
        r = test::runProgram(cli, {"place", model, "--folder", a + ":3", "--folder", b + ":1", "--dry-run", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("\"banks\": 3"), r.out.constData());
        QCOMPARE(bankFilesIn(model).size(), kPlacedLayers);
        r = test::runProgram(cli, {"place", model, "--folder", a + ":3", "--folder", b + ":1"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(bankFilesIn(model).size(), 0);
        r = test::runProgram(cli, {"place", model, "--folder", a + "/missing"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("missing: cannot resolve the folder"), r.err.constData());
        r = test::runProgram(cli, {"place", model, "--back"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(bankFilesIn(model).size(), kPlacedLayers);
        compareAll(model.toStdString());
    }

    // A folder too slow to carry even one bank without becoming the
    // bottleneck gets none (one bank of four at 1/10 the speed would take
    // 2.5x the fast folder's time for the rest).
    void tooSlowGetsNothing()
    {
        const std::string model = freshModel();
        const QString a = freshFolder(), b = freshFolder();
        PlacementOptions plan;
        plan.dryRun = true;
        auto r = placeBanks(model, {{a.toStdString(), 10}, {b.toStdString(), 1}}, plan);
        QVERIFY2(r, r ? "" : r.status().message().c_str());
        QCOMPARE(r->folders[0].banks, kPlacedLayers);
        QCOMPARE(r->folders[1].banks, 0);
        QCOMPARE(r->moved, 0);
        QCOMPARE(bankFilesIn(QString::fromStdString(model)).size(), kPlacedLayers); // a plan moves nothing
    }

    // Writing a container over a placed one writes every bank at home; the
    // old sidecar must go, or reads would go to the old banks elsewhere.
    void rewriteForgetsPlacement()
    {
        const std::string model = freshModel();
        const QString home = QString::fromStdString(model);
        auto r = placeBanks(model, {{freshFolder().toStdString(), 1}});
        QVERIFY2(r, r ? "" : r.status().message().c_str());
        QCOMPARE(bankFilesIn(home).size(), 0);
        const Status st =
            test::writeRoutingModel(model, kPlacedRecordBytes, kPlacedLayers, kPlacedExperts, kPlacedTopK);
        QVERIFY2(st.isOk(), st.message().c_str());
        QVERIFY(!QFile::exists(home + "/sluice-placement.json"));
        QCOMPARE(bankFilesIn(home).size(), kPlacedLayers);
        compareAll(model);
    }

    void interruptedAtEachStep_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("bank");
        for (int bank : {0, 1})
            for (int step : {0, 1, 2})
                QTest::addRow("bank %d, after step %d", bank, step) << step << bank;
    }
    void interruptedAtEachStep()
    {
        QFETCH(int, step);
        QFETCH(int, bank);
        const std::string model = freshModel();
        const QString a = freshFolder(), b = freshFolder();
        const std::vector<PlacementFolder> folders{{a.toStdString(), 1}, {b.toStdString(), 1}};
        PlacementOptions stopping;
        int move = -1; // each move starts with its copy
        stopping.stepHook = [&](PlacementStep s, const std::string &) {
            if (s == PlacementStep::Copied)
                ++move;
            return !(move == bank && int(s) == step);
        };
        auto stopped = placeBanks(model, folders, stopping);
        QVERIFY2(stopped, stopped ? "" : stopped.status().message().c_str());
        QVERIFY(stopped->stopped);
        QCOMPARE(stopped->moved, bank + 1);
        compareAll(model); // openable, same bits, whichever copy the sidecar names

        // A copy cut short mid-write leaves a temporary; it must not matter either.
        const QString name = QFileInfo(QString::fromStdString(model)).fileName() + QStringLiteral(".banks");
        const QStringList left = bankFilesIn(QString::fromStdString(model));
        QVERIFY(!left.isEmpty());
        QFile part(b + '/' + name + '/' + left.last() + ".sluice-part");
        QVERIFY(part.open(QIODevice::WriteOnly));
        part.write("partial");
        part.close();

        auto finished = placeBanks(model, folders);
        QVERIFY2(finished, finished ? "" : finished.status().message().c_str());
        QVERIFY(!finished->stopped);
        QCOMPARE(bankFilesIn(QString::fromStdString(model)).size(), 0); // no stale home twin left
        QCOMPARE(bankFilesIn(a + '/' + name).size() + bankFilesIn(b + '/' + name).size(), kPlacedLayers);
        compareAll(model);
    }

    void badSidecar_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected0");
        QTest::newRow("not JSON") << "text" << "sluice-placement.json: not valid JSON";
        QTest::newRow("array") << "array" << "sluice-placement.json: not a JSON object";
        QTest::newRow("wrong format") << "format" << "\"format\" is not \"sluice-placement\"";
        QTest::newRow("version 2") << "version" << "\"version\" is missing or not 1";
        QTest::newRow("banks not an object") << "banks" << "\"banks\" is missing or not an object";
        QTest::newRow("unknown bank") << "unknown" << "'experts-L99.bin' is not a bank file of this container's manifest";
        QTest::newRow("escaping name") << "escape" << "'../trunk.bin' is not a bank file";
        QTest::newRow("relative folder") << "relative" << "folder 'drive' is not an absolute path";
        QTest::newRow("folder not a string") << "number" << "the folder is not a string";
        QTest::newRow("over the size limit") << "huge" << "sluice-placement.json: 1048577 bytes is over the 1048576-byte limit";
        QTest::newRow("a directory") << "dir" << "sluice-placement.json: is a directory";
        QTest::newRow("a FIFO") << "fifo" << "sluice-placement.json: is a FIFO";
        // %1: the placed bank's file name; the folder comes first, then the bank's own message.
        QTest::newRow("folder missing") << "nofolder" << "/gone (placed by sluice-placement.json): %1 (layer ";
        QTest::newRow("bank missing") << "nobank" << "(placed by sluice-placement.json): %1 (layer ";
        QTest::newRow("bank truncated") << "short" << "(placed by sluice-placement.json): %1 (layer ";
    }
    void badSidecar()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected0);
        const std::string model = freshModel();
        const QString home = QString::fromStdString(model), sidecar = home + "/sluice-placement.json";
        auto c = Container::open(model);
        QVERIFY(c);
        const QString bank = QString::fromStdString((*c)->manifest().expertLayers.back().file);
        c->reset();
        const QString expected = expected0.contains("%1") ? expected0.arg(bank) : expected0;
        const QString elsewhere = freshFolder();
        const auto entry = [&](const QString &folder) {
            return QStringLiteral("{\"format\":\"sluice-placement\",\"version\":1,\"banks\":{\"%1\":\"%2\"}}")
                .arg(bank, folder);
        };
        QByteArray text;
        if (kind == "text") text = "{\"format\": ";
        else if (kind == "array") text = "[]";
        else if (kind == "format") text = "{\"format\":\"other\",\"version\":1,\"banks\":{}}";
        else if (kind == "version") text = "{\"format\":\"sluice-placement\",\"version\":2,\"banks\":{}}";
        else if (kind == "banks") text = "{\"format\":\"sluice-placement\",\"version\":1,\"banks\":[]}";
        else if (kind == "unknown") text = entry(elsewhere).replace(bank, "experts-L99.bin").toUtf8();
        else if (kind == "escape") text = entry(elsewhere).replace(bank, "../trunk.bin").toUtf8();
        else if (kind == "relative") text = entry("drive").toUtf8();
        else if (kind == "number") text = entry("x").replace("\"x\"", "5").toUtf8();
        else if (kind == "huge") text = QByteArray(int(PlacementLimits::maxBytes) + 1, ' ');
        else if (kind == "nofolder") text = entry(elsewhere + "/gone").toUtf8();
        else if (kind == "nobank" || kind == "short") text = entry(elsewhere).toUtf8();
        if (kind == "dir") {
            QVERIFY(QDir().mkpath(sidecar));
        } else if (kind == "fifo") {
            QCOMPARE(::mkfifo(sidecar.toLocal8Bit().constData(), 0644), 0);
        } else {
            QFile f(sidecar);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        if (kind == "short") {
            QVERIFY(QFile::copy(home + '/' + bank, elsewhere + '/' + bank));
            QVERIFY(::truncate((elsewhere + '/' + bank).toLocal8Bit().constData(), 4096) == 0);
        }
        auto opened = Container::open(model);
        QVERIFY(!opened);
        const std::string message = opened.status().message();
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        if (expected0.contains("%1")) { // a placed bank: its own message follows its folder
            const char *tail = kind == "short" ? "): truncated bank" : "): bank file is missing";
            QVERIFY2(message.find(tail) != std::string::npos, message.c_str());
        }
        // The engine refuses it the same way (no fallback to the home copy, which is intact).
        auto engine = decodeOutput(model, false, 0);
        QVERIFY(!engine);
        QVERIFY2(engine.status().message().find(expected.toStdString()) != std::string::npos,
                 engine.status().message().c_str());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestBankPlacement)
#include "tst_bankplacement.moc"
