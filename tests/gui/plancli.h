#pragma once
// `sluice-cli plan --json` for the planner view tests, which check that the
// app's panel and the command agree. The caller passes sluice-cli's path.
#include "clirun.h"
#include "stream/memoryplanner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sluice::test {

// The real Kimi-Linear routing trace the planner tests replay.
inline const QString kTrace = QStringLiteral(SLUICE_SHARED_DIR "/data/traces/kimi-linear-300tok.jsonl");

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
