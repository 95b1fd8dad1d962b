#pragma once
// ThreadSanitizer and Qt's queued signals (issue 15, docs/reliability.md).
//
// Debian's Qt is not built with -fsanitize=thread, and on Linux QMutex and
// QBasicMutex lock with futexes directly, so TSan never sees the lock that
// orders a queued call: the emitting thread copies the arguments into a
// QMetaCallEvent and appends it to the receiving thread's post-event list
// under that thread's QThreadData::postEventList mutex (QCoreApplication::
// postEvent); the receiving thread's event loop takes it from the list under
// the same mutex (sendPostedEvents) and runs the slot. Without the edge every
// access to an argument on the receiving side is reported against the copy
// made on the emitting side (1045 reports in one run of tst_engineworker).
//
// installTsanHandoff() models that lock with one TSan sync object:
//   - the end of every emission of a signal of one of our classes (namespace
//     sluice) releases it (Qt's signal-spy hook, called by
//     QMetaObject::activate in the emitting thread after the connections ran,
//     so after a queued connection copied the arguments and posted);
//   - every delivery of a QEvent::MetaCall acquires it (Qt's event-notify hook,
//     called by QCoreApplication::notifyInternal2 in the receiving thread before
//     the slot runs), after waiting (bounded) until no other thread is inside
//     an emission of ours, since the event is posted before its emission ends.
//     Nothing else acquires: timers, socket notifiers and direct calls get no
//     edge, so a member shared without a lock, or touched through a direct
//     connection from another thread, is still reported.
// It is coarser than Qt in two ways, kept on purpose for simplicity: one
// object stands for every thread's post-event mutex, and an emission with
// only direct receivers releases too. Qt's own emissions and queued calls
// from code outside namespace sluice (QMetaObject::invokeMethod, postEvent)
// release nothing: a report they cause is a visible false report, never a
// hidden race. tests/qt/tst_tsan_canary.cpp proves a plain race between two
// threads that also exchange queued signals is still reported.
//
// tsanThreadJoined() models the other invisible edge, QThread::wait() on a
// thread that has already finished (see ThreadExits below).
//
// Libc calls made inside Qt (its malloc/free, e.g. a queued QString freed
// after its refcount, an atomic in uninstrumented code, reached 0) are left to
// TSAN_OPTIONS=ignore_noninstrumented_modules=1 (scripts/sluice.sh).
//
// Compiled only under ThreadSanitizer; elsewhere both functions are empty.
// The library installs the hooks before any of its worker threads start
// (registerEngineMetaTypes, registerConvertMetaTypes); installing twice is
// harmless.
#if defined(__SANITIZE_THREAD__)
#define SLUICE_TSAN_HANDOFF 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SLUICE_TSAN_HANDOFF 1
#endif
#endif

class QThread;

#ifdef SLUICE_TSAN_HANDOFF
#include <QCoreApplication>
#include <QEvent>
#include <QObject>
#include <QThread>
#include <sanitizer/tsan_interface.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

// Qt's signal-spy hook (qobject_p.h, a private header Debian does not ship;
// exported from libQt6Core since Qt 4 and used by Qt Test's -vs signal dumper).
// Layout as in Qt 6: begin callbacks first, then end callbacks.
struct QSignalSpyCallbackSet {
    using BeginCallback = void (*)(QObject *caller, int signalOrMethodIndex, void **argv);
    using EndCallback = void (*)(QObject *caller, int signalOrMethodIndex);
    BeginCallback signal_begin_callback, slot_begin_callback;
    EndCallback signal_end_callback, slot_end_callback;
};
Q_CORE_EXPORT void qt_register_signal_spy_callbacks(QSignalSpyCallbackSet *callbackSet);
// The TSan runtime's own entry points (libtsan exports them; not in its header).
extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();
#endif

namespace sluice::qt {

#ifdef SLUICE_TSAN_HANDOFF
namespace tsanhandoff_detail {
inline char syncObject; // its address is the sync object; never read or written
// Emissions of our classes now running, in all threads / in this one.
inline std::atomic<int> inFlight { 0 };
inline thread_local int inFlightHere = 0;

// The end of a QThread. QThread::wait() returns at once when the thread has
// already finished, and then its only ordering is QThread's own QMutex (a
// futex): the thread's last accesses (QThreadPrivate::finish: the worker's
// deleteLater, the finished() emission) look unordered with whatever the
// waiter does next. A thread-local marker, made at the first emission seen on
// a thread (QThread::started at the latest), is destroyed after finish() has
// run, as the thread exits, and says so under a std::mutex that TSan sees;
// tsanThreadJoined() waits for it.
struct ThreadExits {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<const void *> exited;
};
inline ThreadExits &threadExits()
{
    static auto *exits = new ThreadExits; // never destroyed: threads may exit during static teardown
    return *exits;
}
struct ExitMarker {
    const void *thread = QThread::currentThread();
    ExitMarker()
    {
        std::lock_guard lock(threadExits().mutex);
        std::erase(threadExits().exited, thread); // a stale entry of an earlier QThread at this address
    }
    ~ExitMarker()
    {
        std::lock_guard lock(threadExits().mutex);
        threadExits().exited.push_back(thread);
        threadExits().changed.notify_all();
    }
};
inline void markThread()
{
    thread_local ExitMarker marker;
    (void)marker;
}

// Only emissions of our own classes (namespace sluice) count: Qt's own
// signals (the event dispatcher's awake/aboutToBlock on every loop turn,
// QTimer, QThread) would otherwise publish each thread's state every turn and
// order nearly everything.
inline bool ours(const QObject *caller)
{
    return caller && std::strncmp(caller->metaObject()->className(), "sluice::", 8) == 0;
}
// Whether each emission now running on this thread (innermost last) is ours:
// decided at its begin, because a direct slot may delete the sender before
// its end.
inline thread_local std::vector<bool> emissionIsOurs;

inline void onSignalBegin(QObject *caller, int, void **)
{
    markThread();
    const bool mine = ours(caller);
    emissionIsOurs.push_back(mine);
    if (!mine)
        return;
    ++inFlightHere;
    inFlight.fetch_add(1, std::memory_order_relaxed);
}
// After the connections ran: a queued one has copied the arguments and posted.
inline void onSignalEnd(QObject *, int)
{
    if (emissionIsOurs.empty())
        return; // began before the hooks were installed
    const bool mine = emissionIsOurs.back();
    emissionIsOurs.pop_back();
    if (!mine)
        return;
    __tsan_release(&syncObject);
    inFlight.fetch_sub(1, std::memory_order_release);
    --inFlightHere;
}
inline bool onEvent(void **data)
{
    // data = {receiver, event, &result}; false: let Qt deliver as usual.
    // The event was made by the posting thread: reading its type is itself
    // ordered only by Qt's lock, so that one read is hidden from TSan.
    const auto *event = static_cast<const QEvent *>(data[1]);
    __tsan_ignore_thread_begin();
    const bool metaCall = event && event->type() == QEvent::MetaCall;
    __tsan_ignore_thread_end();
    if (!metaCall)
        return false;
    // The event is posted before its emission ends (and releases): wait,
    // bounded, until no other thread is inside an emission of ours, so the
    // release of the one that posted this event comes first.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
    while (inFlight.load(std::memory_order_acquire) - inFlightHere > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::yield();
    __tsan_acquire(&syncObject);
    return false;
}
} // namespace tsanhandoff_detail

inline void installTsanHandoff()
{
    static const bool installed = [] {
        static QSignalSpyCallbackSet set { &tsanhandoff_detail::onSignalBegin, nullptr,
            &tsanhandoff_detail::onSignalEnd, nullptr };
        qt_register_signal_spy_callbacks(&set);
        return QInternal::registerCallback(QInternal::EventNotifyCallback, &tsanhandoff_detail::onEvent);
    }();
    (void)installed;
}
// Call right after QThread::wait() returned for a thread of ours: orders
// everything the thread did before it exited before what follows (bounded:
// at most 2 s, for a thread that never emitted a signal).
inline void tsanThreadJoined(const QThread *thread)
{
    auto &exits = tsanhandoff_detail::threadExits();
    std::unique_lock lock(exits.mutex);
    const void *key = thread;
    exits.changed.wait_for(lock, std::chrono::seconds(2),
        [&] { return std::find(exits.exited.begin(), exits.exited.end(), key) != exits.exited.end(); });
    std::erase(exits.exited, key);
}
#else
inline void installTsanHandoff() { }
inline void tsanThreadJoined(const QThread *) { }
#endif

} // namespace sluice::qt
