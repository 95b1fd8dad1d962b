#include "convert/reclaim.h"

#include "convert/bankfile.h"
#include "format/release.h"

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::convert {

namespace {

std::string ledgerPath(const std::string &work) { return work + "/reclaimed.json"; }
std::string shadowPath(const std::string &work) { return work + "/source"; }

Status writeLedger(const std::string &work, const std::vector<std::string> &ledger)
{
    QJsonArray a;
    for (const std::string &s : ledger)
        a.append(QString::fromStdString(s));
    const QByteArray bytes = QJsonDocument(a).toJson(QJsonDocument::Indented);
    const std::string tmp = ledgerPath(work) + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    const bool ok = ::write(fd, bytes.constData(), size_t(bytes.size())) == bytes.size() && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(tmp.c_str(), ledgerPath(work).c_str()) != 0)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), ledgerPath(work), std::strerror(errno));
    syncDirectoryOf(ledgerPath(work));
    return Status::ok();
}

// A sparse file of `bytes` holding the first `header` bytes of `from`.
Status writeStub(const std::string &from, const std::string &to, uint64_t header, uint64_t bytes)
{
    std::vector<char> head(static_cast<size_t>(header));
    const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0 || ::pread(in, head.data(), head.size(), 0) != ssize_t(head.size())) {
        if (in >= 0)
            ::close(in);
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot read its header for the reclaim stub"), from);
    }
    ::close(in);
    const std::string tmp = to + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    const bool ok = ::write(fd, head.data(), head.size()) == ssize_t(head.size()) &&
                    ::ftruncate(fd, off_t(bytes)) == 0 && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(tmp.c_str(), to.c_str()) != 0)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot write the reclaim stub (%2)"), to, std::strerror(errno));
    return Status::ok();
}

} // namespace

std::vector<std::string> readReclaimLedger(const std::string &work)
{
    QFile f(QString::fromStdString(ledgerPath(work)));
    std::vector<std::string> out;
    if (!f.open(QIODevice::ReadOnly) || f.size() > (16 << 20))
        return out;
    for (const auto &v : QJsonDocument::fromJson(f.readAll()).array()) {
        const std::string name = v.toString().toStdString();
        if (!name.empty() && name.find('/') == std::string::npos && name != "." && name != "..")
            out.push_back(name);
    }
    return out;
}

Expected<std::string> prepareShadowSource(const std::string &source, const std::string &work,
                                          const std::vector<std::string> &ledger)
{
    const std::string shadow = shadowPath(work);
    if (::mkdir(work.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), work, std::strerror(errno));
    if (::mkdir(shadow.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), shadow, std::strerror(errno));
    const QString abs = QDir(QString::fromStdString(source)).absolutePath();
    for (const QFileInfo &fi : QDir(abs).entryInfoList(QDir::Files)) {
        const std::string name = fi.fileName().toStdString();
        if (std::find(ledger.begin(), ledger.end(), name) != ledger.end())
            continue; // its stub is already there
        const std::string link = shadow + "/" + name;
        ::unlink(link.c_str());
        if (::symlink(fi.absoluteFilePath().toStdString().c_str(), link.c_str()) != 0)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot link (%2)"), link, std::strerror(errno));
    }
    for (const std::string &name : ledger) {
        struct stat st;
        if (::lstat((shadow + "/" + name).c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            return makeError(ErrorCode::NotFound,
                SLUICE_ERRT("Error", "%1/%2: the stub of a reclaimed shard is missing"), shadow, name);
    }
    return shadow;
}

Status reclaimConsumed(const ReleaseCheckpoint &release, const std::string &source, const std::string &work,
                       const std::set<const SafetensorsTensor *> &consumed, std::vector<std::string> &ledger)
{
    const SafetensorsCheckpoint &st = release.safetensors();
    std::vector<bool> done(st.shards().size(), true);
    for (const SafetensorsTensor &t : st.tensors()) {
        if (!consumed.count(&t))
            done[size_t(t.shard)] = false;
    }
    for (size_t s = 0; s < st.shards().size(); ++s) {
        const SafetensorsShard &shard = st.shards()[s];
        if (!done[s] || std::find(ledger.begin(), ledger.end(), shard.file) != ledger.end())
            continue;
        const std::string real = source + "/" + shard.file;
        SLUICE_TRY(writeStub(real, shadowPath(work) + "/" + shard.file, shard.dataStart, shard.fileBytes));
        ledger.push_back(shard.file);
        SLUICE_TRY(writeLedger(work, ledger));
        if (::unlink(real.c_str()) != 0 && errno != ENOENT)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot delete (%2)"), real, std::strerror(errno));
        syncDirectoryOf(real);
    }
    return Status::ok();
}

void removeShadowSource(const std::string &work)
{
    QDir(QString::fromStdString(shadowPath(work))).removeRecursively();
}

} // namespace sluice::convert
