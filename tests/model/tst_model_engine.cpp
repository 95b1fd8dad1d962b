// A model and its session on a real (WASTE-made) container: chunked prefill equals
// token-by-token, thread counts do not change a bit, sessions round-trip and
// foreign/damaged files are refused with the live session untouched, the
// context limit is an error of its own, cancel() stops a generation.
#include "support/testregistry.h"
#include "format/container.h"
#include "format/fingerprint.h"
#include "format/synth.h"
#include "format/verifiedrecords.h"
#include "model/session.h"
#include "modeltestutil.h"
#include "model/modelimpl.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <limits>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>

using namespace sluice;

namespace {
const QString kCompat = QStringLiteral(SLUICE_SHARED_DIR "/data/compat");
const std::vector<int> kPrompt = {305, 173, 285, 155, 21, 180, 212, 24, 149, 111, 214, 220, 12, 58, 16, 241,
                                  55, 281, 309, 191, 95, 95, 186, 258, 17, 99, 3, 77, 301, 8, 64, 128};
} // namespace

class TestModelEngine : public QObject {
    Q_OBJECT
private:
    ModelSession open(const char *name = "kimi-linear-s0-tokenizer", int threads = 1, int ctx = 256)
    {
        ModelOptions o;
        o.modelPath = (kCompat + "/" + name + "/container.waste").toStdString();
        o.contextLength = ctx;
        o.threads = threads;
        return test::openModelSessionOrWarn(o);
    }

    // `prompt` appended to what the session holds.
    std::vector<int> greedy(ModelSession &e, std::span<const int> prompt, int n)
    {
        SamplingParams p;
        p.maxTokens = n;
        auto r = test::generateAppended(*e.session, prompt, p);
        return r ? r->tokens : std::vector<int>{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QDir(kCompat).exists())
            QSKIP("../shared/data/compat is absent (SLUICE_SHARED_DIR)");
    }

    void chunkedEqualsTokenByToken_data()
    {
        QTest::addColumn<int>("chunk");
        QTest::newRow("2") << 2;
        QTest::newRow("7") << 7;
        QTest::newRow("64") << 64;
    }

    void chunkedEqualsTokenByToken()
    {
        QFETCH(int, chunk);
        auto a = open();
        auto b = open();
        QVERIFY(a && b);
        std::vector<float> one, many;
        QVERIFY(a->evalAll(kPrompt, one, 1).isOk());
        QVERIFY(b->evalAll(kPrompt, many, chunk).isOk());
        const size_t vocab = size_t(a.info().vocab);
        QCOMPARE(one.size(), kPrompt.size() * vocab);
        QCOMPARE(many.size(), one.size());
        double worst = 0;
        for (size_t i = 0; i < kPrompt.size(); ++i) {
            const double rel = test::relError(many.data() + i * vocab, one.data() + i * vocab, vocab);
            worst = std::max(worst, rel);
            QVERIFY2(rel <= 1e-5, qPrintable(QString("position %1 rel %2").arg(i).arg(rel)));
            QCOMPARE(test::argmax(many.data() + i * vocab, vocab), test::argmax(one.data() + i * vocab, vocab));
        }
        qInfo("chunk %d vs 1: max rel %.3g", chunk, worst);
        QCOMPARE(a->position(), int(kPrompt.size()));
        QCOMPARE(b->position(), int(kPrompt.size()));
    }

    void threadCountsBitIdentical()
    {
        auto a = open("kimi-linear-s0-tokenizer", 1);
        auto b = open("kimi-linear-s0-tokenizer", 2);
        QVERIFY(a && b);
        std::vector<float> la, lb;
        QVERIFY(a->evalAll(kPrompt, la, 64).isOk());
        QVERIFY(b->evalAll(kPrompt, lb, 64).isOk());
        QCOMPARE(la.size(), lb.size());
        QVERIFY(std::memcmp(la.data(), lb.data(), la.size() * 4) == 0);
    }

    // Placement (cache size, cache on/off, read-ahead, lookahead, threads,
    // direct vs buffered I/O) only changes when bytes move: logits must be
    // identical bit for bit, decode path (one token at a time) and chunked.
    void placementNeverChangesResults_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<bool>("cache");
        QTest::addColumn<bool>("readAhead");
        QTest::addColumn<int>("lookahead");
        QTest::addColumn<bool>("direct");
        QTest::addColumn<bool>("floorBudget");
        QTest::addColumn<int>("chunk");
        QTest::newRow("default") << 0 << true << true << 6 << true << false << 1;
        QTest::newRow("floor budget") << 2 << true << true << 6 << true << true << 1;
        QTest::newRow("no lookahead, no read-ahead") << 2 << true << false << 0 << true << false << 1;
        QTest::newRow("cache off") << 1 << false << true << 6 << false << false << 1;
        QTest::newRow("2 threads, chunked") << 2 << true << true << 3 << true << true << 64;
    }

    void placementNeverChangesResults()
    {
        QFETCH(int, threads);
        QFETCH(bool, cache);
        QFETCH(bool, readAhead);
        QFETCH(int, lookahead);
        QFETCH(bool, direct);
        QFETCH(bool, floorBudget);
        QFETCH(int, chunk);
        auto make = [&](int th, bool c, bool ra, int la, bool d, uint64_t budget) {
            ModelOptions o;
            o.modelPath = (kCompat + "/kimi-linear-s0-tokenizer/container.waste").toStdString();
            o.contextLength = 256;
            o.threads = th;
            o.cacheEnabled = c;
            o.readAhead = ra;
            o.lookahead = la;
            o.directIo = d;
            o.budgetBytes = budget;
            return test::openModelSessionOrWarn(o);
        };
        auto ref = make(1, false, false, 0, false, 0);
        QVERIFY(ref);
        // The floor of this thread count: each compute thread past the
        // first has its decode lane's scratch.
        const uint64_t budget = floorBudget ? make(threads, false, false, 0, false, 0).info().floorBytes : 0;
        auto e = make(threads, cache, readAhead, lookahead, direct, budget);
        QVERIFY(e);
        if (floorBudget)
            QCOMPARE(e.info().expertCacheSlots, 2 * e.info().topK);
        std::vector<float> a, b;
        QVERIFY(ref->evalAll(kPrompt, a, 1).isOk());
        QVERIFY(e->evalAll(kPrompt, b, chunk).isOk());
        QCOMPARE(a.size(), b.size());
        QVERIFY(std::memcmp(a.data(), b.data(), a.size() * 4) == 0);
        // And the same greedy continuation through generate().
        QCOMPARE(greedy(e, std::span<const int>(), 8), greedy(ref, std::span<const int>(), 8));
    }

    void sessionRoundTrip()
    {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/s.session").toStdString();
        const std::span<const int> first(kPrompt.data(), 20);
        const std::span<const int> rest(kPrompt.data() + 20, kPrompt.size() - 20);
        auto ref = open();
        QVERIFY(ref);
        QVERIFY(ref->eval(first, nullptr).isOk());
        QVERIFY(ref->save(path).isOk());
        const std::vector<int> want = greedy(ref, rest, 12);
        QCOMPARE(int(want.size()), 12);

        auto other = open("kimi-linear-s0-tokenizer", 2);
        QVERIFY(other);
        QVERIFY(other->eval(std::span<const int>(kPrompt.data(), 5), nullptr).isOk()); // something to overwrite
        const Status st = other->load(path);
        QVERIFY2(st.isOk(), st.message().c_str());
        QCOMPARE(other->position(), 20);
        QCOMPARE(greedy(other, rest, 12), want);

        // reset + replay gives the same again.
        other->reset();
        QCOMPARE(other->position(), 0);
        QVERIFY(other->eval(first, nullptr).isOk());
        QCOMPARE(greedy(other, rest, 12), want);
    }

    void foreignOrDamagedSessionRefused()
    {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/s0.session").toStdString();
        auto s0 = open("kimi-linear-s0-tokenizer");
        QVERIFY(s0);
        QVERIFY(s0->eval(std::span<const int>(kPrompt.data(), 10), nullptr).isOk());
        QVERIFY(s0->save(path).isOk());

        // Another model (different vocabulary and weights).
        auto s3 = open("kimi-linear-s3-prefixed");
        QVERIFY(s3);
        const std::vector<int> ids = {1, 224, 41, 219, 146, 108};
        std::vector<float> before, after;
        QVERIFY(s3->eval(std::span<const int>(ids.data(), 3), nullptr).isOk());
        const Status st = s3->load(path);
        QVERIFY(!st.isOk());
        QVERIFY2(QString::fromStdString(st.message()).contains("another model"), st.message().c_str());
        QCOMPARE(s3->position(), 3);
        // The live session continues exactly as if nothing happened.
        QVERIFY(s3->eval(std::span<const int>(ids.data() + 3, 3), &after).isOk());
        auto fresh = open("kimi-linear-s3-prefixed");
        QVERIFY(fresh->eval(ids, &before).isOk());
        QVERIFY(std::memcmp(before.data(), after.data(), before.size() * 4) == 0);

        // Truncated and bit-flipped copies of a good file.
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray good = f.readAll();
        f.close();
        const QString truncated = dir.path() + "/t.session", flipped = dir.path() + "/f.session";
        {
            QFile t(truncated);
            QVERIFY(t.open(QIODevice::WriteOnly));
            t.write(good.left(good.size() - 100));
        }
        {
            QByteArray bad = good;
            bad[bad.size() / 2] = char(bad[bad.size() / 2] ^ 0x10);
            QFile t(flipped);
            QVERIFY(t.open(QIODevice::WriteOnly));
            t.write(bad);
        }
        const int pos = s0->position();
        QVERIFY(!s0->load(truncated.toStdString()).isOk());
        QVERIFY(!s0->load(flipped.toStdString()).isOk());
        QVERIFY(!s0->load((dir.path() + "/missing").toStdString()).isOk());
        QCOMPARE(s0->position(), pos);
    }

    // Session paths that are not regular files: named for what they are, never
    // read or waited on (a FIFO blocked /load for ever, a directory threw
    // std::ios_failure out of the library), and the live session is untouched.
    void sessionPathsThatAreNotFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("directory") << "dir" << "@P (session file): is a directory, not a regular file";
        QTest::newRow("FIFO") << "fifo" << "@P (session file): is a FIFO (named pipe), not a regular file";
        QTest::newRow("/dev/zero") << "zero" << "/dev/zero (session file): is a character device, not a regular file";
        QTest::newRow("missing") << "missing" << "@P (session file): no such file";
    }
    void sessionPathsThatAreNotFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QString path = dir.path() + "/s";
        if (kind == "dir")
            QVERIFY(QDir().mkpath(path));
        else if (kind == "fifo")
            QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        else if (kind == "zero")
            path = "/dev/zero";
        auto e = open();
        QVERIFY(e);
        QVERIFY(e->eval(std::span<const int>(kPrompt.data(), 5), nullptr).isOk());
        const Status st = e->load(path.toStdString());
        QVERIFY(!st.isOk());
        QCOMPARE(QString::fromStdString(st.message()), QString(expected).replace("@P", path));
        QCOMPARE(e->position(), 5);
        // Saving with no name says so (it said ": rename failed").
        const Status save = e->save("");
        QCOMPARE(QString::fromStdString(save.message()), QString("no session file name given"));
    }

    // A checksummed session file carrying NaN state is refused; nothing is touched.
    void sessionWithNanStateIsRefused()
    {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/nan.session").toStdString();
        auto e = open();
        QVERIFY(e);
        QVERIFY(e->eval(std::span<const int>(kPrompt.data(), 6), nullptr).isOk());
        QVERIFY(e->save(path).isOk());
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        f.close();
        // The first float of layer 0's state sits right after the header.
        const int layers = e.info().layers;
        const ModelConfig *config = model::configOf(*e.model);
        QVERIFY(config);
        const qsizetype at = 4 + 4 + 8 + 12 * 4 + layers + (config->layerIsKda[0] ? 0 : 4);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::memcpy(bytes.data() + at, &nan, 4);
        const uint64_t sum = model::fnv1a64(bytes.constData(), size_t(bytes.size() - 8));
        std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        f.close();
        auto other = open();
        QVERIFY(other->eval(std::span<const int>(kPrompt.data(), 2), nullptr).isOk());
        const Status st = other->load(path);
        QCOMPARE(QString::fromStdString(st.message()),
                 QString::fromStdString(path) + ": layer 0: non-finite state value at index 0");
        QCOMPARE(other->position(), 2);
    }

    // Two synthetic seeds give byte-identical manifests: the fingerprint must
    // still tell them apart (it once hashed manifest.json only), and it is
    // cached under the cache folder (never beside the container) so the
    // trunk is hashed once; the two never share a cache file.
    void sessionFromAnotherModelWithTheSameManifest()
    {
        QTemporaryDir dir;
        const QString a = dir.path() + "/a.waste", b = dir.path() + "/b.waste";
        SynthOptions so;
        so.seed = 1;
        QVERIFY(writeSyntheticModel(a.toStdString(), so).isOk());
        so.seed = 2;
        QVERIFY(writeSyntheticModel(b.toStdString(), so).isOk());
        QFile ma(a + "/manifest.json"), mb(b + "/manifest.json");
        QVERIFY(ma.open(QIODevice::ReadOnly) && mb.open(QIODevice::ReadOnly));
        QCOMPARE(ma.readAll(), mb.readAll()); // the premise: same manifest, other numbers
        const std::string cacheDir = (dir.path() + "/cache").toStdString();
        const auto openAt = [&](const QString &path) {
            ModelOptions o;
            o.modelPath = path.toStdString();
            o.contextLength = 64;
            o.threads = 1;
            o.cacheDir = cacheDir;
            return test::openModelSessionOrWarn(o);
        };
        auto ea = openAt(a), eb = openAt(b);
        QVERIFY(ea && eb);
        const std::vector<int> ids = {1, 2, 3, 4};
        QVERIFY(ea->eval(ids, nullptr).isOk());
        const std::string path = (dir.path() + "/a.session").toStdString();
        QVERIFY(ea->save(path).isOk());
        QVERIFY(eb->eval(std::span<const int>(ids.data(), 2), nullptr).isOk());
        const Status st = eb->load(path);
        QCOMPARE(QString::fromStdString(st.message()),
                 QString::fromStdString(path) + ": saved for another model (container fingerprint differs)");
        QCOMPARE(eb->position(), 2);
        QVERIFY(!QFile::exists(a + "/" + kFingerprintSidecar));
        // The cached figure is the computed one.
        auto c = Container::open(a.toStdString());
        QVERIFY(c.isOk());
        FingerprintOptions fo;
        fo.cacheDir = cacheDir;
        auto cached = containerFingerprint(**c, fo);
        QVERIFY(cached.isOk() && cached->fromCache);
        QVERIFY(QString::fromStdString(cached->sidecarPath).startsWith(QString::fromStdString(cacheDir) + "/"));
        auto cb = Container::open(b.toStdString());
        QVERIFY(cb.isOk());
        auto cachedB = containerFingerprint(**cb, fo);
        QVERIFY(cachedB.isOk() && cachedB->fromCache);
        QVERIFY(cachedB->sidecarPath != cached->sidecarPath); // keyed by the canonical path: no collision
        QVERIFY(QFile::remove(QString::fromStdString(cached->sidecarPath)));
        auto fresh = containerFingerprint(**c, fo);
        QVERIFY(fresh.isOk() && !fresh->fromCache);
        QCOMPARE(fresh->value, cached->value);
        // The session still loads into its own model.
        auto again = openAt(a);
        QVERIFY(again->load(path).isOk());
        QCOMPARE(again->position(), 4);
    }

    // Payload damage is found without an explicit Verify: each record's CRC
    // is checked on its first read (and remembered in a sidecar), so a few
    // flipped bytes inside an expert give a named checksum error.
    void payloadDamageFoundOnFirstRead()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + "/m.waste";
        SynthOptions so;
        so.seed = 3;
        QVERIFY(writeSyntheticModel(path.toStdString(), so).isOk());
        auto c = Container::open(path.toStdString());
        QVERIFY(c.isOk());
        const int first = (*c)->config().firstKDense;
        const ExpertBank bank = (*c)->expertLayer(first);
        QVERIFY(bank.recordBytes > 8192);
        const auto openAt = [&](bool firstRead) {
            ModelOptions o;
            o.modelPath = path.toStdString();
            o.contextLength = 64;
            o.threads = 1;
            o.verifyOnFirstRead = firstRead;
            o.cacheDir = (dir.path() + "/cache").toStdString();
            return test::openModelSessionOrWarn(o);
        };
        const std::vector<int> ids = {1, 2, 3, 4, 5, 6, 7, 8};
        {
            // A clean run remembers what it verified next to the fingerprint (in the cache folder).
            auto e = openAt(true);
            QVERIFY(e);
            QVERIFY(greedy(e, ids, 4).size() == 4);
        }
        FingerprintOptions fo;
        fo.cacheDir = (dir.path() + "/cache").toStdString();
        auto fp = containerFingerprint(**c, fo);
        QVERIFY(fp.isOk() && !fp->sidecarPath.empty());
        const QString sidecar = QString::fromStdString(fp->sidecarPath) + ".verified";
        QVERIFY(QFile::exists(sidecar));
        VerifiedRecords map(fp->value, bankFilesKey(**c), (*c)->config().nLayers - first, (*c)->config().nExperts);
        QVERIFY(map.load(sidecar.toStdString()) > 0);
        // Damage 4 bytes inside every record of the first MoE bank, then drop
        // the sidecar so those records count as never verified.
        QFile f(QString::fromStdString(bank.path));
        QVERIFY(f.open(QIODevice::ReadWrite));
        for (int e = 0; e < bank.experts; ++e) {
            QVERIFY(f.seek(qint64(uint64_t(e) * bank.recordBytes + 4096)));
            QByteArray b = f.read(4);
            for (auto &ch : b)
                ch = char(~ch);
            QVERIFY(f.seek(qint64(uint64_t(e) * bank.recordBytes + 4096)));
            QCOMPARE(f.write(b), qint64(4));
        }
        f.close();
        QVERIFY(QFile::remove(sidecar));
        {
            auto e = openAt(true);
            QVERIFY(e);
            SamplingParams p;
            p.maxTokens = 4;
            auto r = e->generate(ids, p, nullptr);
            QVERIFY(!r.isOk());
            QCOMPARE(r.status().code(), ErrorCode::Checksum);
            const QString msg = QString::fromStdString(r.status().message());
            QVERIFY2(msg.contains(QString("layer %1, expert ").arg(first)) && msg.contains("checksum mismatch"),
                     qPrintable(msg));
        }
        {
            // --no-verify: the damage goes unnoticed (the trade-off it names).
            auto e = openAt(false);
            QVERIFY(e);
            QVERIFY(greedy(e, ids, 4).size() == 4);
        }
    }

    // The verified-records map is keyed by the bank files (size, inode, mtime
    // and ctime to the nanosecond): records rewritten after a clean run, to
    // the same size and with the old mtime put back, are verified again, so
    // the damage is found (the map once said "verified" and skipped the CRC).
    void verifiedRecordsForgottenAfterABankRewrite_data()
    {
        QTest::addColumn<bool>("restoreMtime");
        QTest::addColumn<bool>("replaceFile"); // written to a new file renamed over the bank (a new inode)
        QTest::newRow("in place") << false << false;
        QTest::newRow("in place, mtime restored") << true << false;
        QTest::newRow("renamed over, mtime restored") << true << true;
    }
    void verifiedRecordsForgottenAfterABankRewrite()
    {
        QFETCH(bool, restoreMtime);
        QFETCH(bool, replaceFile);
        QTemporaryDir dir;
        const QString path = dir.path() + "/m.waste";
        SynthOptions so;
        so.seed = 5;
        QVERIFY(writeSyntheticModel(path.toStdString(), so).isOk());
        auto c = Container::open(path.toStdString());
        QVERIFY(c.isOk());
        const int first = (*c)->config().firstKDense;
        const ExpertBank bank = (*c)->expertLayer(first);
        QVERIFY(bank.recordBytes > 8192);
        const auto openModel = [&] {
            ModelOptions o;
            o.modelPath = path.toStdString();
            o.contextLength = 64;
            o.threads = 1;
            o.verifyOnFirstRead = true;
            o.cacheDir = (dir.path() + "/cache").toStdString();
            return test::openModelSessionOrWarn(o);
        };
        const std::vector<int> ids = {1, 2, 3, 4, 5, 6, 7, 8};
        {
            auto e = openModel(); // the clean run: every record it reads is verified and remembered
            QVERIFY(e);
            QVERIFY(!greedy(e, ids, 4).empty());
        }
        struct stat before {};
        QCOMPARE(::stat(bank.path.c_str(), &before), 0);
        // Damage 4 bytes inside every record of the first MoE bank: the same size.
        QFile in(QString::fromStdString(bank.path));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        in.close();
        for (int e = 0; e < bank.experts; ++e)
            for (int i = 0; i < 4; ++i) {
                char &ch = bytes[qsizetype(uint64_t(e) * bank.recordBytes + 4096 + i)];
                ch = char(~ch);
            }
        const QString target = QString::fromStdString(bank.path);
        const QString written = replaceFile ? target + ".new" : target;
        QFile out(written);
        QVERIFY(out.open(QIODevice::ReadWrite)); // no truncation: rewritten in place, same size
        QCOMPARE(out.write(bytes), qint64(bytes.size()));
        out.close();
        if (replaceFile)
            QVERIFY(::rename(QFile::encodeName(written).constData(), QFile::encodeName(target).constData()) == 0);
        if (restoreMtime) {
            const struct timespec times[2] = {before.st_atim, before.st_mtim};
            QCOMPARE(::utimensat(AT_FDCWD, bank.path.c_str(), times, 0), 0);
        }
        struct stat after {};
        QCOMPARE(::stat(bank.path.c_str(), &after), 0);
        QCOMPARE(after.st_size, before.st_size);
        {
            auto e = openModel();
            QVERIFY(e);
            SamplingParams p;
            p.maxTokens = 4;
            auto r = e->generate(ids, p, nullptr);
            QVERIFY2(!r.isOk(), "the rewritten bank's records were still taken as verified");
            QCOMPARE(r.status().code(), ErrorCode::Checksum);
            QVERIFY2(QString::fromStdString(r.status().message()).contains("checksum mismatch"),
                     r.status().message().c_str());
        }
    }

    // The engine never writes into the model's folder (users share, seed and
    // checksum it): with a cache folder its caches go there, without one
    // nothing is cached; the model folder's file list is the same after.
    void modelFolderUnchangedByOpen_data()
    {
        QTest::addColumn<bool>("withCacheDir");
        QTest::newRow("cache folder") << true;
        QTest::newRow("no cache folder") << false;
    }
    void modelFolderUnchangedByOpen()
    {
        QFETCH(bool, withCacheDir);
        QTemporaryDir dir;
        const QString path = dir.path() + "/m.waste";
        SynthOptions so;
        so.seed = 4;
        QVERIFY(writeSyntheticModel(path.toStdString(), so).isOk());
        const QDir folder(path);
        const QStringList listed = folder.entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(!listed.isEmpty());
        const QString cacheDir = dir.path() + "/cache";
        for (int run = 0; run < 2; ++run) { // the second open reads what the first cached
            ModelOptions o;
            o.modelPath = path.toStdString();
            o.contextLength = 64;
            o.threads = 1;
            o.verifyOnFirstRead = true;
            if (withCacheDir)
                o.cacheDir = cacheDir.toStdString();
            auto e = test::openModelSessionOrWarn(o);
            QVERIFY(e);
            QVERIFY(!greedy(e, std::vector<int> {1, 2, 3, 4}, 4).empty());
        }
        QCOMPARE(folder.entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name), listed);
        const QStringList cached = QDir(cacheDir).entryList(QDir::Files);
        if (withCacheDir) {
            QCOMPARE(cached.size(), 2); // the fingerprint and the verified records
            QVERIFY2(cached.filter(QStringLiteral(".verified")).size() == 1, qPrintable(cached.join(' ')));
        } else {
            QVERIFY(!QDir(cacheDir).exists());
        }
    }

    // A prompt longer than the context is an error, not an empty success.
    void promptLongerThanTheContext()
    {
        auto e = open("kimi-linear-s0-tokenizer", 1, 16);
        QVERIFY(e);
        SamplingParams p;
        p.maxTokens = 4;
        auto r = e->generate(kPrompt, p, nullptr);
        QVERIFY(!r.isOk());
        QCOMPARE(int(r.status().code()), int(ErrorCode::ContextFull));
        QCOMPARE(QString::fromStdString(r.status().message()),
                 QString("context full: 0 + 32 tokens exceed the context length 16"));
        QCOMPARE(e->position(), 0);
    }

    void contextFull()
    {
        auto e = open("kimi-linear-s0-tokenizer", 1, 16);
        QVERIFY(e);
        const Status st = e->eval(kPrompt, nullptr);
        QCOMPARE(st.code(), ErrorCode::ContextFull);
        QCOMPARE(e->position(), 0); // refused before anything ran
        QVERIFY(e->eval(std::span<const int>(kPrompt.data(), 16), nullptr).isOk());
        SamplingParams p;
        p.maxTokens = 4;
        auto r = e->generate(std::span<const int>(), p, nullptr);
        QVERIFY(r.isOk());
        QCOMPARE(int(r->reason), int(StopReason::ContextFull));
    }

    // Weights that pass every load check (finite) but overflow in the
    // forward pass: generation stops with an error naming the position
    // instead of sampling token 0 from NaN logits (issue 15).
    void nonFiniteLogitsStopGeneration()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("overflow.waste").toStdString();
        QVERIFY(writeSyntheticModel(path, SynthOptions{}).isOk());
        uint64_t offset = 0, count = 0;
        {
            auto c = Container::open(path);
            QVERIFY(c);
            const TensorInfo *norm = (*c)->findTensor("model.norm.weight");
            QVERIFY(norm && norm->payloadBytes() == norm->elements() * 4); // F32
            offset = norm->offset;
            count = uint64_t(norm->elements());
        }
        QFile trunk(QString::fromStdString(path + "/trunk.bin"));
        QVERIFY(trunk.open(QIODevice::ReadWrite) && trunk.seek(qint64(offset)));
        const std::vector<float> huge(size_t(count), 3e38f); // finite: refused by no load check
        QCOMPARE(trunk.write(reinterpret_cast<const char *>(huge.data()), qint64(count * 4)), qint64(count * 4));
        trunk.close();
        ModelOptions o;
        o.modelPath = path;
        o.contextLength = 64;
        o.threads = 1;
        auto e = openModelSession(o);
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        SamplingParams p;
        p.maxTokens = 4;
        std::vector<int> emitted;
        auto r = (*e)->generate(std::span<const int>(kPrompt.data(), 8), p, [&](const GeneratedToken &ev) {
            emitted.push_back(ev.id);
            return true;
        });
        QVERIFY(!r.isOk());
        QCOMPARE(int(r.status().code()), int(ErrorCode::Format));
        QCOMPARE(QString::fromStdString(r.status().message()),
                 QString("non-finite logits at position 7 (the weights or the session state hold inf/NaN)"));
        QVERIFY(emitted.empty()); // no token sampled from them
    }

    void cancelFromAnotherThread()
    {
        auto e = open("kimi-linear-s0-tokenizer", 1, 4096);
        QVERIFY(e);
        SamplingParams p;
        p.maxTokens = 4000;
        std::atomic<int> produced{0};
        std::thread canceller([&] {
            while (produced.load() < 5)
                std::this_thread::yield();
            e->cancel();
        });
        auto r = e->generate(std::span<const int>(kPrompt.data(), 4), p, [&](const GeneratedToken &) {
            produced.fetch_add(1);
            return true;
        });
        canceller.join();
        QVERIFY(r.isOk());
        QCOMPARE(int(r->reason), int(StopReason::Cancelled));
        QVERIFY(r->tokens.size() < 4000);
        // The session stays usable: reset and evaluate again.
        e->reset();
        QVERIFY(e->eval(std::span<const int>(kPrompt.data(), 4), nullptr).isOk());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestModelEngine)
#include "tst_model_engine.moc"
