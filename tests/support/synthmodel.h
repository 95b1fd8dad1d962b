#pragma once
// Synthetic models for the tests, written in this process: `synthesize(args)`
// writes what `sluice-dev synth ARGS` would, byte for byte (the same argument
// parser and writer; tst_synthmodel compares them), without starting a
// process. Link sluice_testsupport (sluice_add_test does when a source
// includes this header).
#include <QString>
#include <QStringList>
#include <QtTest/QTest>

namespace sluice::test {

// synth's arguments without the command name, e.g. {"--demo", "--out", DIR}.
// Empty on success, else why (a usage error is also printed on stderr, as
// the command prints it).
QString synthesize(const QStringList &args);

// The random-weight demo model the engine tests run (`synth --demo --out DIR`)
// plus any further arguments ("--seed", "7").
QString synthesizeDemo(const QString &dir, const QStringList &more = {});

} // namespace sluice::test

// In a test function: the demo model at `path`, or the test fails.
#define SLUICE_SYNTH_DEMO(path)                                                                                        \
    do {                                                                                                               \
        const QString why_ = sluice::test::synthesizeDemo(path);                                                       \
        QVERIFY2(why_.isEmpty(), qPrintable(why_));                                                                    \
    } while (false)
