#pragma once
// Small files the tests plant for the code under test to read.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
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

// Writes `bytes` to `path`, making its folders first; false if it cannot.
inline bool plantFile(const QString &path, const QByteArray &bytes)
{
    return QDir().mkpath(QFileInfo(path).absolutePath()) && writeFile(path, bytes);
}

// Copies the files of folder `from` (not its subfolders) into folder `to`,
// made if absent: a model to damage without touching the original. False at
// the first file that cannot be copied.
inline bool copyFolderFiles(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    for (const QString &f : QDir(from).entryList(QDir::Files))
        if (!QFile::copy(from + "/" + f, to + "/" + f))
            return false;
    return true;
}

} // namespace sluice::test
