#pragma once
// Small files the tests plant for the code under test to read.
#include <QByteArray>
#include <QFile>
#include <QString>

namespace sluice::test {

// Writes `bytes` to `path` (created or truncated); false if it cannot.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace sluice::test
