#pragma once
// Helpers shared by the converter's end-to-end tests (tst_convert,
// tst_convert_trunk): small releases, folder snapshots and diffs, a
// conversion in a forked child that can be SIGKILLed, /proc/self/status.
#include "testsanitized.h"

#include "convert/converter.h"
#include "format/synth.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>

#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <malloc.h>
#include <map>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace sluice::test {

// Small k-means sample so a conversion takes about a second on a loaded VM;
// the pipeline is the same as with the defaults.
inline convert::ConvertOptions testOptions(int jobs = 1)
{
    convert::ConvertOptions o;
    o.jobs = jobs;
    o.sampleVectors = 4096;
    o.iterations = 4;
    return o;
}

// A release folder written once per test process for each architecture and
// copied byte for byte into `dir`/rel for every caller: the writer is
// deterministic and its bytes do not depend on the folder (as synthesize()),
// and the converter's tests ask for one per row (a fifth of tst_convert's
// time under ASan was writing the same two releases again).
inline std::string writeRelease(const QString &dir, Architecture arch)
{
    static QTemporaryDir cache;
    static std::map<int, QString> written;
    if (!cache.isValid())
        qFatal("synth release: no temporary folder for the cache");
    QString &cached = written[int(arch)];
    if (cached.isEmpty()) {
        SynthOptions s;
        s.arch = arch;
        s.seed = 1;
        s.tokenizerModel = "dG9rZW4= 0\n"; // copied verbatim, never parsed by the converter
        const QString path = cache.filePath(QString::number(int(arch)));
        const Status st = writeSyntheticRelease(path.toStdString(), s);
        if (!st.isOk())
            qFatal("synth release: %s", st.message().c_str());
        cached = path;
    }
    const QString path = dir + "/rel";
    if (!QDir().mkpath(path))
        qFatal("synth release: cannot create %s", qPrintable(path));
    QDirIterator it(cached, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    const QDir base(cached);
    while (it.hasNext()) {
        const QString from = it.next();
        const QString to = path + '/' + base.relativeFilePath(from);
        if (!(it.fileInfo().isDir() ? QDir().mkpath(to) : QFile::copy(from, to)))
            qFatal("synth release: cannot copy %s to %s", qPrintable(from), qPrintable(to));
    }
    return path.toStdString();
}

// Every file of a folder (recursively, relative names) with its bytes.
inline std::map<QString, QByteArray> snapshot(const QString &dir)
{
    std::map<QString, QByteArray> out;
    QDir d(dir);
    for (const QFileInfo &fi : d.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)) {
        if (fi.isDir()) {
            for (auto &[k, v] : snapshot(fi.filePath()))
                out[fi.fileName() + "/" + k] = v;
            continue;
        }
        QFile f(fi.filePath());
        if (f.open(QIODevice::ReadOnly))
            out[fi.fileName()] = f.readAll();
    }
    return out;
}

inline QString diff(const std::map<QString, QByteArray> &a, const std::map<QString, QByteArray> &b)
{
    for (const auto &[k, v] : a) {
        auto it = b.find(k);
        if (it == b.end())
            return k + " missing";
        if (it->second != v)
            return k + " differs";
    }
    for (const auto &[k, v] : b)
        if (!a.count(k))
            return k + " extra";
    return {};
}

// Runs the conversion in a child, SIGKILLs it after `delayMs` (or lets it
// finish when negative); returns true when the child finished by itself with success.
// killSooner (optional) is polled every 2 ms: once it says true the child is
// killed at once, before delayMs — a kill tied to the child's progress rather
// than to wall time, which the machine's load would stretch.
inline bool convertInChild(const std::string &src, const std::string &out, int delayMs,
                           const convert::ConvertOptions &options = testOptions(2),
                           const std::function<bool()> &killSooner = {})
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        auto r = convert::convertRelease(src, out, options);
        ::_exit(r ? 0 : 3);
    }
    int status = 0;
    if (delayMs >= 0) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(delayMs);
        while (std::chrono::steady_clock::now() < until && !(killSooner && killSooner())) {
            if (::waitpid(pid, &status, WNOHANG) == pid)
                return WIFEXITED(status) && WEXITSTATUS(status) == 0;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        ::kill(pid, SIGKILL);
    }
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

inline uint64_t procStatusKb(const char *key)
{
    std::ifstream f("/proc/self/status");
    std::string k;
    uint64_t v = 0;
    while (f >> k) {
        if (k == key && f >> v)
            return v;
        f.ignore(1 << 20, '\n');
    }
    return 0;
}

// What convertInChildFromLowWater saw: VmRSS after the reset and VmHWM after
// the conversion, in bytes; whether it converted, and the working set its
// result states.
struct ChildPeak {
    bool answered = false;
    bool converted = false;
    uint64_t rssBefore = 0, peak = 0, statedBound = 0;
    uint64_t growth() const { return peak - std::min(peak, rssBefore); }
};

// Converts in a forked child whose high-water mark starts at its current RSS
// (freed heap pages given back first: they would hide allocations), so the
// growth is the conversion's own peak memory.
inline ChildPeak convertInChildFromLowWater(const std::string &src, const std::string &out,
                                            const convert::ConvertOptions &o)
{
    int pipefd[2];
    if (::pipe(pipefd) != 0)
        return {};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipefd[0]);
        ::malloc_trim(0);
        std::ofstream("/proc/self/clear_refs") << "5"; // high-water mark := current RSS
        const uint64_t before = procStatusKb("VmRSS:");
        auto r = convert::convertRelease(src, out, o);
        const uint64_t peak = procStatusKb("VmHWM:");
        const uint64_t v[4] = {before, peak, r.isOk() ? 1u : 0u, r.isOk() ? r->peakWorkingSetBytes : 0u};
        if (::write(pipefd[1], v, sizeof v) != sizeof v)
            ::_exit(4);
        ::_exit(0);
    }
    ::close(pipefd[1]);
    uint64_t v[4] = {0, 0, 0, 0};
    ChildPeak c;
    c.answered = ::read(pipefd[0], v, sizeof v) == ssize_t(sizeof v);
    ::close(pipefd[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    c.rssBefore = v[0] * 1024;
    c.peak = v[1] * 1024;
    c.converted = v[2] == 1;
    c.statedBound = v[3];
    return c;
}

} // namespace sluice::test
