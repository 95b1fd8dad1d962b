#pragma once
// `sluice-cli plan --json` for the planner view tests, which check that the
// app's panel and the command agree. The caller passes sluice-cli's path.
#include "clirun.h"
#include "stream/memoryplanner.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace sluice::test {

// The first `tokens` tokens of a JSONL routing trace (one token a line), written
// once per test process; the path itself when it cannot be read (the callers
// skip on a missing trace).
inline QString traceHead(const QString &path, int tokens)
{
    static QTemporaryDir dir;
    QFile in(path);
    if (!dir.isValid() || !in.open(QIODevice::ReadOnly))
        return path;
    const QString out = dir.filePath(QFileInfo(path).completeBaseName() + QStringLiteral("-head.jsonl"));
    QFile head(out);
    if (!head.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return path;
    for (int i = 0; i < tokens && !in.atEnd(); ++i)
        head.write(in.readLine());
    return out;
}

// The real Kimi-Linear routing trace the planner tests replay: its first 100
// tokens. These tests check that the app's figures equal the command's for the
// same trace, not what the trace predicts; the cache replay is most of their
// time (15x more under ASan), and it grows with the trace's length.
inline const QString kTrace = traceHead(QStringLiteral(SLUICE_SHARED_DIR "/data/traces/kimi-linear-300tok.jsonl"), 100);

// The plan's JSON (empty if it did not finish or printed none); *exitCode its status.
inline QJsonObject planJson(const QString &cli, const QStringList &args, int *exitCode = nullptr)
{
    const CliRun r = runProgram(cli, QStringList { QStringLiteral("plan") } + args, 60000);
    if (exitCode)
        *exitCode = r.exitCode;
    return QJsonDocument::fromJson(r.out).object();
}

// The bytes of the plan's process term (0 if it has none).
inline quint64 processTerm(const QJsonObject &root)
{
    for (const QJsonValue &t : root[QStringLiteral("terms")].toArray())
        if (t[QStringLiteral("name")].toString() == QLatin1String(kProcessTermName))
            return quint64(t[QStringLiteral("bytes")].toInteger());
    return 0;
}

} // namespace sluice::test
