#pragma once
// Small files the tests plant for the code under test to read.
#include <QByteArray>
#include <QFile>
#include <QString>

namespace sluice::test {

// The whole of `path` (empty if it cannot be read).
inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Writes `bytes` to `path` (created or truncated); false if it cannot.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace sluice::test
