// The ThreadSanitizer canary (issue 15): a small program that tst_tsan_canary
// runs as a subprocess, to prove the TSan setup of the Qt-side tests
// (qt/tsanhandoff.h, tests/tsan.supp) still reports a race instead of hiding
// everything. A worker QObject on its own QThread and the main thread trade
// queued signals carrying heap-backed arguments (QString, std::vector), as
// EngineWorker and the GUI do. The first argument picks what it does:
//
//   clean        the handoff installed, only correctly ordered accesses:
//                TSan must report nothing.
//   unannotated  the same traffic without installTsanHandoff(): TSan must
//                report the argument handoff (Qt's own locking is invisible
//                to it), so "clean" passing means the handoff did the work.
//   race         the handoff installed, plus two real races that the queued
//                signals around them do not order: a member written by both
//                threads (writeFromWorker / writeFromMain), and a vector
//                changed by the emitter after it was emitted by pointer
//                (changeAfterEmit / readInSlot). TSan must report both.
//
// The racy code exists only in this executable: SLUICE_TSAN_CANARY_RACE is a
// compile definition of this target alone (tests/qt/CMakeLists.txt).
#include "qt/tsanhandoff.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <vector>

// Named namespace: the handoff releases only for emissions of classes in
// namespace sluice (tsanhandoff.h), as in the library.
namespace sluice::canary {

constexpr int kRounds = 200;
constexpr int kBurst = 8;

enum class Mode { Clean, Unannotated, Race };
Mode g_mode = Mode::Clean;

#ifdef SLUICE_TSAN_CANARY_RACE
int g_shared = 0; // written by both threads with no lock: the planted race

// noinline: the report names these functions, and tst_tsan_canary checks it.
__attribute__((noinline)) void writeFromWorker(int v)
{
    g_shared = v;
}
__attribute__((noinline)) void writeFromMain(int v)
{
    g_shared = v;
}
__attribute__((noinline)) void changeAfterEmit(std::vector<int> *v)
{
    (*v)[0] = -1;
}
__attribute__((noinline)) int readInSlot(const std::vector<int> *v)
{
    return v->at(0);
}
#endif

class Worker : public QObject {
    Q_OBJECT
public:
    // A request: text and numbers copied into the queued call by Qt.
    void request(int round, const QString &text, const std::vector<int> &numbers)
    {
        // Reading the arguments here is ordered after the emitter's copy only
        // through Qt's post-event lock: the access TSan cannot see unannotated.
        long sum = text.size();
        for (int n : numbers)
            sum += n;
#ifdef SLUICE_TSAN_CANARY_RACE
        if (g_mode == Mode::Race && round == 1)
            writeFromWorker(round);
        if (g_mode == Mode::Race && round == 2) {
            // No answer this round: the client goes on when it has read the
            // vector, so no later emission of ours can order the change.
            auto *shared = new std::vector<int>(64, round);
            Q_EMIT pointer(shared); // queued: the main thread reads it...
            changeAfterEmit(shared); // ...while this thread changes it: a race
            return;
        }
#endif
        Q_EMIT answer(round, QStringLiteral("answer %1 to %2").arg(sum).arg(text),
            std::vector<int>(numbers.rbegin(), numbers.rend()));
    }

Q_SIGNALS:
    void answer(int round, const QString &text, const std::vector<int> &numbers);
    void pointer(std::vector<int> *shared);
};

class Client : public QObject {
    Q_OBJECT
public:
    explicit Client(Worker *worker)
    {
        connect(this, &Client::ask, worker, &Worker::request, Qt::QueuedConnection);
        connect(worker, &Worker::answer, this, &Client::onAnswer, Qt::QueuedConnection);
#ifdef SLUICE_TSAN_CANARY_RACE
        connect(
            worker, &Worker::pointer, this,
            [this](std::vector<int> *shared) {
                total += readInSlot(shared);
                // Not freed: the worker may still be writing it (that is the race).
                answered();
            },
            Qt::QueuedConnection);
#endif
    }
    // Requests go in bursts, so the worker is often busy when the next one is
    // posted: then Qt does not write its wake-up eventfd (whose read TSan
    // sees as an edge) and only the handoff orders the arguments. Rounds 1
    // and 2, where the races are planted, are bursts of one, so no later
    // emission can order them by chance.
    void next()
    {
        if (m_round >= kRounds) {
            QCoreApplication::quit();
            return;
        }
        const int burst = m_round < 2 ? 1 : kBurst;
        m_pending = burst;
        for (int i = 0; i < burst; ++i) {
            ++m_round;
            Q_EMIT ask(m_round, QStringLiteral("question number %1 with some text").arg(m_round),
                std::vector<int>(32, m_round));
#ifdef SLUICE_TSAN_CANARY_RACE
            // After the request was posted, before its answer: unordered with
            // the worker's write in round 1.
            if (g_mode == Mode::Race && m_round == 1)
                writeFromMain(m_round);
#endif
        }
    }
    long total = 0;

Q_SIGNALS:
    void ask(int round, const QString &text, const std::vector<int> &numbers);

private:
    void onAnswer(int round, const QString &text, const std::vector<int> &numbers)
    {
        total += round + text.size() + long(numbers.size());
        answered();
    }
    void answered()
    {
        if (--m_pending == 0)
            next();
    }
    int m_round = 0;
    int m_pending = 0;
};

} // namespace sluice::canary

using namespace sluice::canary;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<int> *)

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const char *mode = argc > 1 ? argv[1] : "";
    if (std::strcmp(mode, "clean") == 0)
        g_mode = Mode::Clean;
    else if (std::strcmp(mode, "unannotated") == 0)
        g_mode = Mode::Unannotated;
#ifdef SLUICE_TSAN_CANARY_RACE
    else if (std::strcmp(mode, "race") == 0)
        g_mode = Mode::Race;
#endif
    else {
        std::fprintf(stderr, "tsan_canary: unknown mode '%s' (use clean, unannotated or race)\n", mode);
        return 2;
    }
    qRegisterMetaType<std::vector<int>>();
    qRegisterMetaType<std::vector<int> *>();
    if (g_mode != Mode::Unannotated)
        sluice::qt::installTsanHandoff();

    QThread thread;
    thread.setObjectName(QStringLiteral("canary-worker"));
    auto *worker = new Worker;
    worker->moveToThread(&thread);
    QObject::connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
    thread.start();
    Client client(worker);
    QTimer::singleShot(0, &client, &Client::next);
    const int rc = app.exec();
    thread.quit();
    thread.wait();
    sluice::qt::tsanThreadJoined(&thread);
    std::printf("tsan_canary %s: %d rounds, total %ld\n", mode, kRounds, client.total);
    return rc;
}

#include "tsan_canary.moc"
