#include "format/placement.h"

#include "util/atomicfile.h"
#include "util/paths.h"
#include "util/regularfile.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {

// "sluice-placement.json: " and the problem, which is translatable.
template<typename... Args> Status placementError(ErrorTemplate why, const Args &...args)
{
    return makeError(ErrorCode::Format, why, args...).withContext(std::string(kPlacementFileName));
}

Status checkFolderText(const std::string &bank, const std::string &folder)
{
    if (folder.empty() || folder.front() != '/')
        return placementError(SLUICE_ERRT("Error", "bank %1: folder '%2' is not an absolute path"), bank, folder);
    if (folder.size() > PlacementLimits::maxFolderChars)
        return placementError(SLUICE_ERRT("Error", "bank %1: folder is %2 characters (over %3)"), bank, folder.size(),
            PlacementLimits::maxFolderChars);
    if (folder.find('\0') != std::string::npos)
        return placementError(SLUICE_ERRT("Error", "bank %1: folder contains a NUL character"), bank);
    return Status::ok();
}

} // namespace

Expected<BankPlacement> parsePlacement(const char *data, size_t size, const std::set<std::string> &bankNames)
{
    if (size > PlacementLimits::maxBytes)
        return placementError(
            SLUICE_ERRT("Error", "%1 bytes is over the %2-byte limit"), size, PlacementLimits::maxBytes);
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(data, qsizetype(size)), &perr);
    if (doc.isNull())
        return placementError(
            SLUICE_ERRT("Error", "not valid JSON (%1 at byte %2)"), perr.errorString().toStdString(), perr.offset);
    if (!doc.isObject())
        return placementError(SLUICE_ERRT("Error", "not a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("sluice-placement"))
        return placementError(SLUICE_ERRT("Error", "\"format\" is not \"sluice-placement\""));
    const QJsonValue version = root.value(QLatin1String("version"));
    if (!version.isDouble() || version.toDouble() != 1)
        return placementError(SLUICE_ERRT("Error", "\"version\" is missing or not 1 (this build reads version 1)"));
    const QJsonValue banks = root.value(QLatin1String("banks"));
    if (!banks.isObject())
        return placementError(SLUICE_ERRT("Error", "\"banks\" is missing or not an object"));
    BankPlacement placement;
    placement.present = true;
    const QJsonObject entries = banks.toObject();
    if (size_t(entries.size()) > bankNames.size())
        return placementError(
            SLUICE_ERRT("Error", "%1 banks named, the manifest has %2"), entries.size(), bankNames.size());
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        const std::string bank = it.key().toStdString();
        if (!isPlainFileName(bank) || !bankNames.count(bank))
            return placementError(SLUICE_ERRT("Error", "'%1' is not a bank file of this container's manifest"), bank);
        if (!it.value().isString())
            return placementError(SLUICE_ERRT("Error", "bank %1: the folder is not a string"), bank);
        std::string folder = it.value().toString().toStdString();
        SLUICE_TRY(checkFolderText(bank, folder));
        while (folder.size() > 1 && folder.back() == '/')
            folder.pop_back();
        placement.folderOf.emplace(bank, std::move(folder));
    }
    return placement;
}

Expected<BankPlacement> readPlacement(const std::string &containerDir, const std::set<std::string> &bankNames)
{
    const std::string path = joinPath(containerDir, kPlacementFileName);
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno == ENOENT)
            return BankPlacement{};
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat (%2)"), std::string(kPlacementFileName),
            std::strerror(errno));
    }
    // Regular files only (symlinks followed): a FIFO would block the open for ever.
    auto bytes = readRegularFile(path, PlacementLimits::maxBytes, kPlacementFileName);
    if (!bytes)
        return bytes.status();
    return parsePlacement(bytes->data(), bytes->size(), bankNames);
}

std::string placementJson(const BankPlacement &placement)
{
    QJsonObject banks;
    for (const auto &[bank, folder] : placement.folderOf)
        banks.insert(QString::fromStdString(bank), QString::fromStdString(folder));
    const QJsonObject root{{"format", "sluice-placement"}, {"version", 1}, {"banks", banks}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

Status writePlacement(const std::string &containerDir, const BankPlacement &placement)
{
    const std::string path = joinPath(containerDir, kPlacementFileName);
    if (!placement.folderOf.empty())
        return writeFileAtomically(path, placementJson(placement), kPlacementFileName);
    if (::unlink(path.c_str()) != 0 && errno != ENOENT)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot remove (%2)"), path, std::strerror(errno));
    if (const int dfd = ::open(containerDir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        ::fsync(dfd); // the removal is durable before a home copy's twin is deleted
        ::close(dfd);
    }
    return Status::ok();
}

} // namespace sluice
