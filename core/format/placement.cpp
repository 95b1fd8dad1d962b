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

Status placementError(const std::string &why)
{
    return makeError(ErrorCode::Format, std::string(kPlacementFileName) + ": " + why);
}

Status checkFolderText(const std::string &bank, const std::string &folder)
{
    if (folder.empty() || folder.front() != '/')
        return placementError("bank " + bank + ": folder '" + folder + "' is not an absolute path");
    if (folder.size() > PlacementLimits::maxFolderChars)
        return placementError("bank " + bank + ": folder is " + std::to_string(folder.size()) + " characters (over " +
                              std::to_string(PlacementLimits::maxFolderChars) + ")");
    if (folder.find('\0') != std::string::npos)
        return placementError("bank " + bank + ": folder contains a NUL character");
    return Status::ok();
}

} // namespace

Expected<BankPlacement> parsePlacement(const char *data, size_t size, const std::set<std::string> &bankNames)
{
    if (size > PlacementLimits::maxBytes)
        return placementError(std::to_string(size) + " bytes is over the " + std::to_string(PlacementLimits::maxBytes) +
                              "-byte limit");
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(data, qsizetype(size)), &perr);
    if (doc.isNull())
        return placementError("not valid JSON (" + perr.errorString().toStdString() + " at byte " +
                              std::to_string(perr.offset) + ")");
    if (!doc.isObject())
        return placementError("not a JSON object");
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("sluice-placement"))
        return placementError("\"format\" is not \"sluice-placement\"");
    const QJsonValue version = root.value(QLatin1String("version"));
    if (!version.isDouble() || version.toDouble() != 1)
        return placementError("\"version\" is missing or not 1 (this build reads version 1)");
    const QJsonValue banks = root.value(QLatin1String("banks"));
    if (!banks.isObject())
        return placementError("\"banks\" is missing or not an object");
    BankPlacement placement;
    placement.present = true;
    const QJsonObject entries = banks.toObject();
    if (size_t(entries.size()) > bankNames.size())
        return placementError(std::to_string(entries.size()) + " banks named, the manifest has " +
                              std::to_string(bankNames.size()));
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        const std::string bank = it.key().toStdString();
        if (!isPlainFileName(bank) || !bankNames.count(bank))
            return placementError("'" + bank + "' is not a bank file of this container's manifest");
        if (!it.value().isString())
            return placementError("bank " + bank + ": the folder is not a string");
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
