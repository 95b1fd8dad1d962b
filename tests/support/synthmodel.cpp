#include "support/synthmodel.h"

#include "synthargs.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QTemporaryDir>

#include <string>
#include <vector>

namespace sluice::test {

namespace {

QString writeFresh(const QStringList &args)
{
    std::vector<std::string> list{"synth"};
    for (const QString &a : args)
        list.push_back(a.toStdString());
    cli::SynthRequest request;
    if (const int code = cli::parseSynthArguments(list, request); code >= 0)
        return QStringLiteral("synth %1: refused (exit %2, see stderr)").arg(args.join(' ')).arg(code);
    const Status s = cli::writeSynth(request);
    if (!s.isOk())
        return QStringLiteral("synth %1: %2").arg(args.join(' '), QString::fromStdString(s.message()));
    return {};
}

// A model folder (or single file) copied byte for byte to `to`, which must not exist.
QString copyModel(const QString &from, const QString &to)
{
    if (QFileInfo(from).isFile())
        return QFile::copy(from, to) ? QString() : QStringLiteral("synth cache: cannot copy %1 to %2").arg(from, to);
    if (!QDir().mkpath(to))
        return QStringLiteral("synth cache: cannot create %1").arg(to);
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    const QDir base(from);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + QLatin1Char('/') + base.relativeFilePath(path);
        const bool ok = it.fileInfo().isDir() ? QDir().mkpath(target) : QFile::copy(path, target);
        if (!ok)
            return QStringLiteral("synth cache: cannot copy %1 to %2").arg(path, target);
    }
    return {};
}

// The models this test process has written, by their arguments without --out:
// the writer is deterministic and its output does not depend on where it
// goes, so a second request for the same model is a copy of the first
// (without the first one's fsyncs). tst_synthmodel compares fresh writes.
struct SynthCache {
    QMutex lock;
    QTemporaryDir dir;
    QHash<QString, QString> models; // key -> path in dir
};

SynthCache &synthCache()
{
    static SynthCache cache;
    return cache;
}

} // namespace

QString synthesize(const QStringList &args)
{
    const qsizetype at = args.indexOf(QStringLiteral("--out"));
    if (at < 0 || at + 1 >= args.size() || QFileInfo::exists(args[at + 1]))
        return writeFresh(args); // usage errors and writes over something: as the command does them
    QStringList rest = args;
    const QString out = rest.takeAt(at + 1);
    rest.removeAt(at);
    const QString key = rest.join(QChar(0x1f));
    SynthCache &cache = synthCache();
    QMutexLocker locker(&cache.lock);
    if (!cache.dir.isValid())
        return writeFresh(args);
    QString cached = cache.models.value(key);
    if (cached.isEmpty()) {
        cached = cache.dir.filePath(QString::number(cache.models.size()) + QLatin1Char('-') + QFileInfo(out).fileName());
        if (const QString why = writeFresh(rest + QStringList{QStringLiteral("--out"), cached}); !why.isEmpty())
            return why;
        cache.models.insert(key, cached);
    }
    return copyModel(cached, out);
}

QString synthesizeDemo(const QString &dir, const QStringList &more)
{
    return synthesize(QStringList{QStringLiteral("--demo"), QStringLiteral("--out"), dir} + more);
}

} // namespace sluice::test
