// Sessions and prefix reuse (api/session.h, issue 10): whatever the state
// reuses (a continued conversation, an edit, a regenerate, a session loaded
// from disk, images already prefilled), the logits equal a prefill of the
// same ids from nothing, bit for bit, on both architectures. Checkpoints are
// bounded and counted by the planner and the ledger alike. Session files
// survive a killed writer and refuse damaged or foreign files, leaving the
// live session untouched.
#include "support/testregistry.h"
#include "api/constraint.h"
#include "api/model.h"
#include "api/session.h"
#include "format/container.h"
#include "format/synth.h"
#include "model/plannerinputs.h"
#include "stream/memoryplanner.h"
#include "vision/visiontestutil.h"
#include "modeltestutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <limits>
#include <mutex>
#include <thread>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

using namespace sluice;

namespace {
const QString kCompat = QStringLiteral(SLUICE_SHARED_DIR "/data/compat");

// `n` ids for `seed` inside the model's vocabulary.
std::vector<int> ids(int n, int seed, const Model &m)
{
    return test::pseudoRandomIds(n, uint32_t(seed) * 2654435761u + 1, m.info().vocab);
}

std::vector<int> cat(std::vector<int> a, const std::vector<int> &b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

using test::sameBits;
} // namespace

class TestSession : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_k3;

    QString modelPath(const QString &arch) const
    {
        return arch == "k3" ? m_k3 : kCompat + "/kimi-linear-s0-tokenizer/container.waste";
    }

    std::shared_ptr<Model> open(const QString &arch, int checkpoints = 4, int threads = 1, int sessions = 2)
    {
        ModelOptions o;
        o.sessions = sessions; // the one under test and a fresh one to compare with
        o.modelPath = modelPath(arch).toStdString();
        o.contextLength = 512;
        o.threads = threads;
        o.checkpoints = checkpoints;
        // Checkpoints come out of the budget above the floor (a quarter of
        // it): a tiny model's default budget has little, so give it room.
        o.budgetBytes = 2ull << 30;
        return test::openModelOrWarn(o);
    }

    // The rows of the tests that run on each architecture: column "arch".
    static void archRows()
    {
        QTest::addColumn<QString>("arch");
        QTest::newRow("kimi-k3 (synthetic)") << "k3";
        if (QDir(kCompat).exists())
            QTest::newRow("kimi-linear (WASTE-made)") << "kimi-linear";
    }

    // The model of the current row's "arch" (null after a warning).
    std::shared_ptr<Model> openRow()
    {
        QFETCH(QString, arch);
        return open(arch);
    }

    // Logits after `seq`, computed from nothing in a new session.
    std::vector<float> fresh(Model &m, const std::vector<int> &seq, const QStringList &images = {})
    {
        auto s = m.createSession();
        if (!s)
            return {};
        for (const QString &img : images)
            if (!(*s)->addImage(img.toStdString()).isOk())
                return {};
        std::vector<float> logits;
        auto r = (*s)->prefill(seq, &logits);
        if (!r || r->reusedTokens != 0)
            return {};
        return logits;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_k3 = m_tmp.filePath("k3v.waste");
        SynthOptions so;
        so.arch = Architecture::KimiK3;
        so.withVision = true;
        const Status st = writeSyntheticModel(m_k3.toStdString(), so);
        QVERIFY2(st.isOk(), st.message().c_str());
    }

    void reuseIsBitIdentical_data() { archRows(); }

    // Turn to turn: only the new ids are computed; an edit inside the last
    // turn rolls back to the checkpoint before it; a regenerate computes nothing.
    void reuseIsBitIdentical()
    {
        auto m = openRow();
        QVERIFY(m);
        qInfo("%s: %d layers, %d with recurrent state, %d checkpoints granted", m->info().architecture.c_str(),
              m->info().layers, m->info().kdaLayers, m->info().checkpoints);
        const auto A = ids(23, 1, *m), B = ids(17, 2, *m), C = ids(9, 3, *m);
        auto s = m->createSession();
        QVERIFY(s);
        Session &ss = **s;
        std::vector<float> logits;

        auto r = ss.prefill(A, &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, 0);
        QVERIFY(sameBits(logits, fresh(*m, A)));

        // Continue: A is kept.
        r = ss.prefill(cat(A, B), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(A.size()));
        QCOMPARE(r->prefillTokens, int(B.size()));
        QVERIFY(sameBits(logits, fresh(*m, cat(A, B))));

        // Edit the last turn: back to the checkpoint after A.
        r = ss.prefill(cat(A, C), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(A.size()));
        QVERIFY(sameBits(logits, fresh(*m, cat(A, C))));

        // Edit inside the first turn: the common prefix ends inside A. With
        // recurrent state nothing at or before it was checkpointed: from zero;
        // MLA-only models truncate the latents.
        std::vector<int> edited = A;
        edited[10] = edited[10] == 9 ? 10 : 9;
        r = ss.prefill(cat(edited, B), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, m->info().kdaLayers > 0 ? 0 : 10);
        QVERIFY(sameBits(logits, fresh(*m, cat(edited, B))));

        // Generate, then regenerate the same reply: the prompt's logits were
        // kept with its checkpoint, nothing is computed before sampling.
        SamplingParams sp;
        sp.maxTokens = 6;
        auto g1 = ss.generate(cat(A, B), sp, nullptr);
        QVERIFY(g1);
        QVERIFY(ss.position() > int(A.size() + B.size()));
        auto g2 = ss.generate(cat(A, B), sp, nullptr);
        QVERIFY(g2);
        QCOMPARE(g2->prefillTokens, 0);
        QCOMPARE(g2->reusedTokens, int(A.size() + B.size()));
        QCOMPARE(g2->tokens, g1->tokens);
        // ... and the next turn after a reply carries the reply's ids.
        std::vector<int> next = cat(A, B);
        next.insert(next.end(), g2->tokens.begin(), g2->tokens.end() - 1); // the last sampled id is not fed
        const size_t held = next.size();
        next = cat(next, C);
        r = ss.prefill(next, &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(held));
        QVERIFY(sameBits(logits, fresh(*m, next)));
    }

    // SamplingParams::constraint (api/constraint.h): a constraint that allows
    // every id changes nothing, bit for bit; one that allows a few ids gets
    // only those, is told each id drawn in order, and stops the generation
    // with EndOfSequence when it says it is complete; one that allows none
    // fails the generation with a reason.
    void constrainedSampling()
    {
        struct Recording : TokenConstraint {
            std::vector<int> allowed; // empty = all
            int completeAfter = -1;
            std::vector<int> accepted;
            std::vector<int> tokensLeft;
            bool mask(std::span<float> logits, int left) override
            {
                tokensLeft.push_back(left);
                if (allowed.empty())
                    return true;
                bool any = false;
                for (size_t id = 0; id < logits.size(); ++id) {
                    if (std::find(allowed.begin(), allowed.end(), int(id)) == allowed.end())
                        logits[id] = -std::numeric_limits<float>::infinity();
                    else
                        any = true;
                }
                return any;
            }
            void accept(int id) override { accepted.push_back(id); }
            bool complete() const override { return completeAfter >= 0 && int(accepted.size()) >= completeAfter; }
        };
        auto m = open("k3");
        QVERIFY(m);
        const std::vector<int> prompt = ids(12, 3, *m);
        SamplingParams sp;
        sp.maxTokens = 8;
        sp.temperature = 0.8f;
        sp.seed = 5;
        auto s = m->createSession();
        QVERIFY(s);
        auto plain = (*s)->generate(prompt, sp, nullptr);
        QVERIFY(plain);
        auto all = std::make_shared<Recording>();
        sp.constraint = all;
        auto free = (*s)->generate(prompt, sp, nullptr);
        QVERIFY(free);
        QCOMPARE(free->tokens, plain->tokens);
        QCOMPARE(all->accepted, plain->tokens);
        QCOMPARE(all->tokensLeft.front(), 8);
        QCOMPARE(all->tokensLeft.back(), 8 - int(plain->tokens.size()) + 1);

        auto few = std::make_shared<Recording>();
        few->allowed = { 20, 21, 22 };
        few->completeAfter = 3;
        sp.constraint = few;
        int streamed = 0;
        auto r = (*s)->generate(prompt, sp, [&](const GeneratedToken &) { return ++streamed > 0; });
        QVERIFY(r);
        QCOMPARE(r->tokens.size(), size_t(3));
        QCOMPARE(streamed, 3);
        QCOMPARE(r->reason, StopReason::EndOfSequence);
        QCOMPARE(few->accepted, r->tokens);
        for (int id : r->tokens)
            QVERIFY(id >= 20 && id <= 22);

        auto none = std::make_shared<Recording>();
        none->allowed = { -1 };
        sp.constraint = none;
        auto failed = (*s)->generate(prompt, sp, nullptr);
        QVERIFY(!failed);
        QVERIFY(failed.status().message().find("constrained sampling") != std::string::npos);
    }

    // Two sessions of one model driven from two threads (the window and the
    // server): their generations never overlap (one's tokens all come before
    // the other's: ModelImpl::computeMutex) and each gives exactly what it
    // gives alone.
    void twoThreadsAreSerialised()
    {
        auto m = open("k3");
        QVERIFY(m);
        auto a = m->createSession();
        auto b = m->createSession();
        QVERIFY(a && b);
        const std::vector<int> pa = ids(40, 7, *m), pb = ids(33, 8, *m);
        SamplingParams sp;
        sp.maxTokens = 10;
        sp.temperature = 0.7f;
        sp.seed = 9;
        auto ga = (*a)->generate(pa, sp, nullptr);
        auto gb = (*b)->generate(pb, sp, nullptr);
        QVERIFY(ga && gb);
        for (int round = 0; round < 3; ++round) {
            (*a)->reset();
            (*b)->reset();
            std::mutex mx;
            std::string order; // 'a' or 'b' per token, in the order they came
            std::atomic<bool> aStarted { false };
            Expected<GenerationResult> ra = makeError(ErrorCode::Internal, "not run"), rb = ra;
            // B starts once A has its first token; A then dawdles in every
            // callback, so without the lock B's tokens would come in between.
            std::thread ta([&] {
                ra = (*a)->generate(pa, sp, [&](const GeneratedToken &) {
                    {
                        std::lock_guard lock(mx);
                        order += 'a';
                    }
                    aStarted = true;
                    std::this_thread::sleep_for(std::chrono::milliseconds(15));
                    return true;
                });
            });
            std::thread tb([&] {
                while (!aStarted)
                    std::this_thread::yield();
                rb = (*b)->generate(pb, sp, [&](const GeneratedToken &) {
                    std::lock_guard lock(mx);
                    order += 'b';
                    return true;
                });
            });
            ta.join();
            tb.join();
            QVERIFY(ra && rb);
            QCOMPARE(ra->tokens, ga->tokens);
            QCOMPARE(rb->tokens, gb->tokens);
            const std::string aa(ga->tokens.size(), 'a'), bb(gb->tokens.size(), 'b');
            QCOMPARE(order, aa + bb);
        }
        // A cancel while B waits for A's turn stops B before it computes anything.
        (*a)->reset();
        (*b)->reset();
        std::atomic<bool> aStarted { false }, release { false };
        Expected<GenerationResult> ra = makeError(ErrorCode::Internal, "not run"), rb = ra;
        std::thread ta([&] {
            ra = (*a)->generate(pa, sp, [&](const GeneratedToken &) {
                aStarted = true;
                while (!release)
                    std::this_thread::yield();
                return true;
            });
        });
        while (!aStarted)
            std::this_thread::yield();
        std::thread tb([&] { rb = (*b)->generate(pb, sp, nullptr); });
        // B waits for the model as long as A holds it: cancel it during that
        // wait (repeatedly, so one lands after B's call has begun).
        for (int i = 0; i < 100; ++i) {
            (*b)->cancel();
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        release = true;
        ta.join();
        tb.join();
        QVERIFY(ra && rb);
        QCOMPARE(ra->tokens, ga->tokens);
        QCOMPARE(rb->reason, StopReason::Cancelled);
        QVERIFY(rb->tokens.empty());
    }

    void prefillProgress_data() { archRows(); }

    // The progress callback comes from the chunk loop: 0 first, then after
    // every chunk, monotone, ending at the positions computed (not the reused
    // ones). Returning false stops the prefill; the next request still gives
    // the logits of a prefill from nothing, bit for bit.
    void prefillProgress()
    {
        auto m = openRow();
        QVERIFY(m);
        const auto A = ids(150, 11, *m), B = ids(70, 12, *m);
        auto s = m->createSession();
        QVERIFY(s);
        std::vector<std::pair<int, int>> calls;
        auto record = [&](int done, int total) {
            calls.emplace_back(done, total);
            return true;
        };
        auto r = (*s)->prefill(A, nullptr, record);
        QVERIFY(r);
        QVERIFY(calls.size() >= 3); // 150 positions take more than one chunk
        QCOMPARE(calls.front().first, 0);
        QCOMPARE(calls.back().first, r->prefillTokens);
        for (size_t i = 0; i < calls.size(); ++i) {
            QCOMPARE(calls[i].second, int(A.size()));
            if (i > 0)
                QVERIFY(calls[i].first > calls[i - 1].first);
        }
        // The next turn reports only what it computes.
        calls.clear();
        r = (*s)->prefill(cat(A, B), nullptr, record);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(A.size()));
        QVERIFY(!calls.empty());
        QCOMPARE(calls.back(), std::make_pair(int(B.size()), int(B.size())));

        // Stop after the first chunk, then ask again.
        s->reset(); // two sessions are planned: this one and fresh()'s
        auto t = m->createSession();
        QVERIFY(t);
        const std::vector<int> seq = cat(A, B);
        calls.clear();
        auto stopped = (*t)->prefill(seq, nullptr, [&](int done, int total) {
            calls.emplace_back(done, total);
            return done == 0;
        });
        QVERIFY(!stopped);
        QCOMPARE(stopped.status().code(), ErrorCode::Cancelled);
        QCOMPARE(calls.size(), size_t(2));
        QVERIFY((*t)->position() < int(seq.size()));
        std::vector<float> logits;
        r = (*t)->prefill(seq, &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens + r->prefillTokens, int(seq.size()));
        QVERIFY(sameBits(logits, fresh(*m, seq)));

        // Stopped at "0 of M": nothing changed, the state still answers a regenerate.
        t->reset();
        auto u = m->createSession();
        QVERIFY(u);
        QVERIFY(bool((*u)->prefill(A)));
        stopped = (*u)->prefill(seq, nullptr, [](int, int) { return false; });
        QVERIFY(!stopped);
        QCOMPARE((*u)->position(), int(A.size()));
        r = (*u)->prefill(A, &logits);
        QVERIFY(r);
        QCOMPARE(r->prefillTokens, 0);
        QVERIFY(sameBits(logits, fresh(*m, A)));
    }

    void reuseAfterLoad_data() { archRows(); }

    void reuseAfterLoad()
    {
        QFETCH(QString, arch);
        auto m = open(arch);
        QVERIFY(m);
        const auto A = ids(31, 4, *m), B = ids(12, 5, *m);
        const std::string file = m_tmp.filePath("reuse-" + arch + ".session").toStdString();
        {
            auto s = m->createSession();
            QVERIFY(s);
            QVERIFY(bool((*s)->prefill(A)));
            const Status st = (*s)->save(file);
            QVERIFY2(st.isOk(), st.message().c_str());
        }
        // Another Model instance, as after a restart.
        auto m2 = open(arch);
        QVERIFY(m2);
        auto t = m2->createSession();
        QVERIFY(t);
        const Status st = (*t)->load(file);
        QVERIFY2(st.isOk(), st.message().c_str());
        QCOMPARE((*t)->tokens(), A);
        std::vector<float> logits;
        auto r = (*t)->prefill(cat(A, B), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(A.size()));
        QCOMPARE(r->prefillTokens, int(B.size()));
        QVERIFY(sameBits(logits, fresh(*m2, cat(A, B))));
        // Regenerate after load: the saved checkpoint carries A's logits.
        r = (*t)->prefill(A, &logits);
        QVERIFY(r);
        QCOMPARE(r->prefillTokens, 0);
        QVERIFY(sameBits(logits, fresh(*m2, A)));
    }

    // An image prefilled once is neither decoded nor encoded again while its
    // prefix is kept: whether the client re-adds it or not.
    void imagesLiveInTheState()
    {
        auto m = open("k3");
        QVERIFY(m);
        QVERIFY(m->info().visionEnabled);
        const int pad = m->info().mediaPadId;
        QVERIFY(pad >= 0);
        const QString img = m_tmp.filePath("a.bmp");
        QVERIFY(test::writeBmp(img, test::genImage(112, 84, 7)));
        std::vector<int> turn1 = ids(5, 6, *m);
        turn1.push_back(pad);
        turn1 = cat(turn1, ids(6, 7, *m));
        const auto B = ids(8, 8, *m), C = ids(5, 9, *m);

        auto s = m->createSession();
        QVERIFY(s);
        QVERIFY((*s)->addImage(img.toStdString()).isOk());
        std::vector<float> logits;
        auto r = (*s)->prefill(turn1, &logits);
        QVERIFY(r);
        QCOMPARE(r->imagesEncoded, 0); // encoded when added
        const int expanded = r->promptTokens;
        QVERIFY(expanded > int(turn1.size()));
        QVERIFY(sameBits(logits, fresh(*m, turn1, {img})));

        // (a) the client sends every image again: identified by its file, not decoded.
        QVERIFY((*s)->addImage(img.toStdString()).isOk());
        r = (*s)->prefill(cat(turn1, B), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, expanded);
        QCOMPARE(r->prefillTokens, int(B.size()));
        QCOMPARE(r->imagesEncoded, 0);
        QCOMPARE((*s)->queuedImages(), 0);
        QVERIFY(sameBits(logits, fresh(*m, cat(turn1, B), {img})));
        // (b) only new images are queued (none): the held image is matched.
        r = (*s)->prefill(cat(cat(turn1, B), C), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, expanded + int(B.size()));
        QCOMPARE(r->imagesEncoded, 0);
        QVERIFY(sameBits(logits, fresh(*m, cat(cat(turn1, B), C), {img})));
        // An edit before the image: it is computed again (from its file), exactly.
        std::vector<int> edited = turn1;
        edited[0] = edited[0] == 9 ? 10 : 9;
        r = (*s)->prefill(cat(edited, B), &logits);
        QVERIFY(r);
        QCOMPARE(r->imagesEncoded, 1);
        QVERIFY(sameBits(logits, fresh(*m, cat(edited, B), {img})));
        QCOMPARE((*s)->tokens(), cat(edited, B));
    }

    void checkpointsAreBoundedAndCounted()
    {
        auto m = open("k3", 2);
        QVERIFY(m);
        auto s = m->createSession();
        QVERIFY(s);
        std::vector<int> seq;
        for (int turn = 0; turn < 5; ++turn) {
            seq = cat(seq, ids(7, 20 + turn, *m));
            QVERIFY(bool((*s)->prefill(seq)));
            QVERIFY((*s)->checkpointCount() <= 2);
        }
        QCOMPARE((*s)->checkpointCount(), 2);

        // Planner figure == ledger, with the checkpoints in both.
        auto c = Container::open(m_k3.toStdString());
        QVERIFY(c);
        auto ram = detectUsableRam();
        QVERIFY(ram);
        uint64_t engine[2] = {0, 0}, ledger[2] = {0, 0};
        for (int k : {0, 1}) {
            model::PlannerInputsOptions pio;
            pio.contextLength = 512;
            pio.vision = true;
            pio.attentionSlices = 1;
            pio.sessions = 2;
            auto bp = model::planForBudget(**c, pio, ram->usableBytes, 2ull << 30); // what Model::open does
            QVERIFY(bp);
            auto cp = model::planCheckpoints(*bp, (*c)->config(), k ? 3 : 0, 2);
            QVERIFY(cp);
            QCOMPARE(cp->perSession, k ? 3 : 0); // the default budget has room for them
            QVERIFY(cp->sizing.engineBytes + cp->bytes <= bp->sizing.budgetBytes);
            engine[k] = cp->sizing.engineBytes + cp->bytes;
            auto mk = open("k3", k ? 3 : 0);
            QVERIFY(mk);
            auto sk = mk->createSession();
            QVERIFY(sk);
            SamplingParams sp;
            sp.maxTokens = 2;
            uint64_t resident = 0;
            auto g = (*sk)->generate(ids(5, 1, *mk), sp, [&](const GeneratedToken &t) {
                resident = std::max(resident, t.stats.residentBytes);
                return true;
            });
            QVERIFY(g);
            ledger[k] = resident;
            QCOMPARE(mk->info().checkpointBytes, model::checkpointBytes((*c)->config()));
            QCOMPARE(mk->info().checkpoints, k ? 3 : 0);
        }
        QCOMPARE(ledger[0], engine[0]);
        QCOMPARE(ledger[1], engine[1]);

        // At the floor there is no room: none are granted, and reuse by
        // appending still works.
        ModelOptions o;
        o.modelPath = m_k3.toStdString();
        o.contextLength = 512;
        o.threads = 1;
        o.checkpoints = kChatCheckpoints;
        auto probe = Model::open(o);
        QVERIFY(probe);
        o.budgetBytes = (*probe)->info().floorBytes;
        probe = Model::open(o);
        QVERIFY(probe);
        QCOMPARE((*probe)->info().checkpoints, 0);
        auto fs = (*probe)->createSession();
        QVERIFY(fs);
        const auto A = ids(9, 30, **probe);
        QVERIFY(bool((*fs)->prefill(A)));
        auto r = (*fs)->prefill(cat(A, A));
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(A.size()));
        QCOMPARE((*fs)->checkpointCount(), 0);
    }

    // Sessions take the memory planned at open; one more than planned is refused.
    void sessionsArePlanned()
    {
        auto m = open("k3", 4, 1, 1);
        QVERIFY(m);
        auto a = m->createSession();
        QVERIFY(a);
        auto b = m->createSession();
        QVERIFY(!b);
        QCOMPARE(b.status().code(), ErrorCode::Budget);
        a = Expected<std::unique_ptr<Session>>(makeError(ErrorCode::Cancelled, "dropped"));
        QVERIFY(bool(m->createSession())); // released with the session
        SessionOptions bigger;
        bigger.contextLength = 4096;
        QCOMPARE(m->createSession(bigger).status().code(), ErrorCode::InvalidArgument);
    }

    // The writer killed mid-save: the previous file is still loadable.
    void killedSaveKeepsPreviousFile()
    {
        auto m = open("kimi-linear");
        if (!m)
            m = open("k3");
        QVERIFY(m);
        const std::string file = m_tmp.filePath("killed.session").toStdString();
        auto s = m->createSession();
        QVERIFY(s);
        const auto A = ids(20, 11, *m), B = ids(40, 12, *m);
        QVERIFY(bool((*s)->prefill(A)));
        QVERIFY((*s)->save(file).isOk());
        QVERIFY(bool((*s)->prefill(cat(A, B))));
        for (int round = 0; round < 6; ++round) {
            const pid_t pid = ::fork();
            QVERIFY(pid >= 0);
            if (pid == 0) {
                // Child: save the longer state over and over until killed (no
                // compute here: the thread pool's workers are not forked).
                for (;;)
                    (void)(*s)->save(file);
            }
            ::usleep(useconds_t(2000 + 3000 * round));
            ::kill(pid, SIGKILL);
            int status = 0;
            ::waitpid(pid, &status, 0);
            QVERIFY(WIFSIGNALED(status));
            auto t = m->createSession();
            QVERIFY(t);
            const Status st = (*t)->load(file);
            QVERIFY2(st.isOk(), st.message().c_str());
            QVERIFY((*t)->position() == int(A.size()) || (*t)->position() == int(A.size() + B.size()));
        }
        // Left-over temp files of killed writers are not session files.
        for (const QString &f : QDir(m_tmp.path()).entryList({"killed.session.tmp.*"}))
            QFile::remove(m_tmp.filePath(f));
    }

    void damagedOrForeignFilesAreRefused_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("flipped byte") << "flip";
        QTest::newRow("truncated") << "truncate";
        QTest::newRow("version 1") << "v1";
        QTest::newRow("not a session") << "junk";
        QTest::newRow("other model") << "foreign";
    }

    void damagedOrForeignFilesAreRefused()
    {
        QFETCH(QString, damage);
        auto m = open("k3");
        QVERIFY(m);
        const auto A = ids(15, 13, *m), B = ids(6, 14, *m);
        const QString file = m_tmp.filePath("damaged.session");
        auto s = m->createSession();
        QVERIFY(s);
        QVERIFY(bool((*s)->prefill(A)));
        if (damage == "foreign") {
            if (!QDir(kCompat).exists())
                QSKIP("no second model (../shared/data/compat)");
            auto other = open("kimi-linear");
            QVERIFY(other);
            auto o = other->createSession();
            QVERIFY(o);
            QVERIFY(bool((*o)->prefill(ids(4, 1, *other))));
            QVERIFY((*o)->save(file.toStdString()).isOk());
        } else {
            QVERIFY((*s)->save(file.toStdString()).isOk());
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QByteArray bytes = f.readAll();
            if (damage == "flip")
                bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x40);
            else if (damage == "truncate")
                bytes.truncate(bytes.size() - 100);
            else if (damage == "v1")
                bytes[4] = 1;
            else
                bytes = QByteArray("hello, not a session file at all");
            f.resize(0);
            f.write(bytes);
            f.close();
        }
        // The live session holds a longer state than the file: it must stay as is.
        QVERIFY(bool((*s)->prefill(cat(A, B))));
        const Status st = (*s)->load(file.toStdString());
        QVERIFY(!st.isOk());
        qInfo("%s", st.message().c_str());
        QVERIFY(st.message().find(file.toStdString()) != std::string::npos);
        if (damage == "v1")
            QVERIFY(st.message().find("version 1") != std::string::npos);
        QCOMPARE((*s)->position(), int(A.size() + B.size()));
        QCOMPARE((*s)->tokens(), cat(A, B));
        const auto C = ids(4, 15, *m);
        std::vector<float> logits;
        auto r = (*s)->prefill(cat(cat(A, B), C), &logits);
        QVERIFY(r);
        QCOMPARE(r->reusedTokens, int(A.size() + B.size()));
        QVERIFY(sameBits(logits, fresh(*m, cat(cat(A, B), C))));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
