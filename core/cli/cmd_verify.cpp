// sluice-cli verify MODEL [--json]: checks every expert record's header and
// CRC. Exit 0 only if all pass.
#include "command.h"

#include "api/inspect.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace {

int runVerify(const std::vector<std::string> &args)
{
    std::string model;
    bool json = false;
    if (const int exitCode = sluice::cli::parseModelAndJson(args, model, json); exitCode >= 0)
        return exitCode;
    const bool bar = !json && sluice::cli::stdoutIsTerminal();
    // The same walk as the app's "Verify container" job; a truncated bank
    // lists its missing records instead of refusing the whole container.
    auto verified = sluice::verifyModel(model, [&](uint64_t checked, uint64_t total) {
        if (bar && (checked % 8 == 0 || checked == total)) {
            const int width = 40, filled = int(double(checked) / double(total) * width);
            std::printf("\r[%s%s] %llu/%llu records", std::string(size_t(filled), '#').c_str(),
                        std::string(size_t(width - filled), ' ').c_str(), (unsigned long long)checked,
                        (unsigned long long)total);
            std::fflush(stdout);
        }
        return true;
    });
    if (!verified) {
        if (json)
            std::printf("%s\n", QJsonDocument(QJsonObject{{"ok", false}, {"error", QString::fromStdString(verified.status().message())}})
                                    .toJson(QJsonDocument::Compact).constData());
        else
            std::fprintf(stderr, "verify: %s\n", verified.status().message().c_str());
        return 1;
    }
    const sluice::VerifyReport &report = *verified;
    const uint64_t checked = report.records, bytes = report.bytes;
    const std::vector<sluice::RecordDamage> &damaged = report.damaged;
    if (bar)
        std::printf("\n");
    if (json) {
        QJsonArray list;
        for (const sluice::RecordDamage &d : damaged)
            list.append(QJsonObject{{"layer", d.layer}, {"expert", d.expert}, {"error", QString::fromStdString(d.what)}});
        QJsonObject o{{"ok", damaged.empty()}, {"records", qint64(checked)}, {"bytes", qint64(bytes)}, {"damaged", list}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
    } else {
        for (const sluice::RecordDamage &d : damaged)
            std::printf("DAMAGED %s\n", d.what.c_str());
        std::printf("%llu records checked, %zu damaged\n", (unsigned long long)checked, damaged.size());
    }
    return damaged.empty() ? 0 : 1;
}

const sluice::cli::CommandRegistration verifyCommand{"verify", "Check every expert record's header and CRC", runVerify};

} // namespace
