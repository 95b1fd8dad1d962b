#pragma once
// A signal spy that records on the test's own thread (issue 15, TSan).
//
// QSignalSpy connects directly, so a signal emitted by the engine thread
// appends to the spy's list on that thread while the test thread reads it
// (count(), first(), iteration): a real data race, which ThreadSanitizer
// reported in tst_engineworker. QueuedSpy receives through a queued
// connection to an object living in the test thread instead: the list is
// only ever touched by that thread, and arguments arrive as the GUI sees
// them. The QTRY_* macros spin the test thread's event loop, which delivers
// the queued calls, in emission order across every spy of one sender.
#include <QList>
#include <QObject>
#include <QVariant>

#include <type_traits>

namespace sluice::test {

class QueuedSpy : public QObject, public QList<QList<QVariant>> {
public:
    template<typename Sender, typename Signal> QueuedSpy(const Sender *sender, Signal signal)
    {
        connect(
            sender, signal, this,
            [this](const auto &...args) {
                append(QList<QVariant> { QVariant::fromValue(std::decay_t<decltype(args)>(args))... });
            },
            Qt::QueuedConnection);
    }
    int count() const { return int(size()); }
};

} // namespace sluice::test
