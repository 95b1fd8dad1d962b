// sluice-cli verify MODEL [--json]: checks every expert record's header and
// CRC. Exit 0 only if all pass.
#include "command.h"

#include "format/container.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

struct Damage {
    int layer;
    int expert;
    std::string what;
};

int runVerify(const std::vector<std::string> &args)
{
    std::string model;
    bool json = false;
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json")
            json = true;
        else if (args[i] == "--help" || args[i] == "-h") {
            std::printf("usage: sluice-cli verify MODEL [--json]\n");
            return 0;
        } else if (model.empty())
            model = args[i];
        else {
            std::fprintf(stderr, "verify: unexpected argument '%s'\n", args[i].c_str());
            return 2;
        }
    }
    if (model.empty()) {
        std::fprintf(stderr, "usage: sluice-cli verify MODEL [--json]\n");
        return 2;
    }
    // Bank sizes are checked per record below, so a truncated bank lists
    // its missing records instead of refusing the whole container.
    sluice::ContainerOptions options;
    options.checkBanks = false;
    auto opened = sluice::Container::open(model, options);
    if (!opened) {
        if (json)
            std::printf("%s\n", QJsonDocument(QJsonObject{{"ok", false}, {"error", QString::fromStdString(opened.status().message())}})
                                    .toJson(QJsonDocument::Compact).constData());
        else
            std::fprintf(stderr, "verify: %s\n", opened.status().message().c_str());
        return 1;
    }
    const sluice::Container &c = **opened;
    const sluice::ModelConfig &cfg = c.config();
    const bool bar = !json && sluice::cli::stdoutIsTerminal();
    const uint64_t total = uint64_t(cfg.moeLayerCount()) * uint64_t(cfg.nExperts);
    uint64_t checked = 0, bytes = 0;
    std::vector<Damage> damaged;
    std::vector<uint8_t> record;
    for (int layer = cfg.firstKDense; layer < cfg.nLayers; ++layer) {
        const sluice::ExpertBank bank = c.expertLayer(layer);
        const sluice::ExpertLayout &layout = c.expertLayout(layer);
        const int fd = ::open(bank.path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            for (int e = 0; e < bank.experts; ++e)
                damaged.push_back({layer, e, std::string("bank file missing (") + std::strerror(errno) + ")"});
            checked += uint64_t(bank.experts);
            continue;
        }
        struct stat st;
        const uint64_t expected = bank.recordBytes * uint64_t(bank.experts);
        if (::fstat(fd, &st) == 0 && uint64_t(st.st_size) > expected) // a short bank shows up as short reads below
            damaged.push_back({layer, -1, "layer " + std::to_string(layer) + ": bank is " + std::to_string(st.st_size) +
                                              " bytes, manifest says " + std::to_string(expected)});
        record.resize(size_t(bank.recordBytes));
        for (int e = 0; e < bank.experts; ++e) {
            const std::string where = "layer " + std::to_string(layer) + ", expert " + std::to_string(e);
            sluice::Status s = sluice::preadFully(fd, record.data(), bank.recordBytes,
                                                  uint64_t(e) * bank.recordBytes, where);
            if (s.isOk())
                s = sluice::validateRecordHeader(record.data(), record.size(), layer, e, layout);
            if (s.isOk())
                s = sluice::verifyRecordCrc(record.data(), record.size(), layer, e, layout);
            if (!s.isOk())
                damaged.push_back({layer, e, s.message()});
            bytes += bank.recordBytes;
            ++checked;
            if (bar && (checked % 8 == 0 || checked == total)) {
                const int width = 40, filled = int(double(checked) / double(total) * width);
                std::printf("\r[%s%s] %llu/%llu records", std::string(size_t(filled), '#').c_str(),
                            std::string(size_t(width - filled), ' ').c_str(), (unsigned long long)checked,
                            (unsigned long long)total);
                std::fflush(stdout);
            }
        }
        ::close(fd);
    }
    if (bar)
        std::printf("\n");
    if (json) {
        QJsonArray list;
        for (const Damage &d : damaged)
            list.append(QJsonObject{{"layer", d.layer}, {"expert", d.expert}, {"error", QString::fromStdString(d.what)}});
        QJsonObject o{{"ok", damaged.empty()}, {"records", qint64(checked)}, {"bytes", qint64(bytes)}, {"damaged", list}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
    } else {
        for (const Damage &d : damaged)
            std::printf("DAMAGED %s\n", d.what.c_str());
        std::printf("%llu records checked, %zu damaged\n", (unsigned long long)checked, damaged.size());
    }
    return damaged.empty() ? 0 : 1;
}

const sluice::cli::CommandRegistration reg{"verify", "Check every expert record's header and CRC", runVerify};

} // namespace
