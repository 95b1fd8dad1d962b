#include "containerverify.h"
#include "util/regularfile.h"

#include "format/expertrecord.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

VerifyReport verifyContainer(const Container &c, const VerifyProgress &progress)
{
    const ModelConfig &cfg = c.config();
    VerifyReport report;
    report.total = uint64_t(cfg.moeLayerCount()) * uint64_t(cfg.nExperts);
    std::vector<uint8_t> record;
    for (int layer = cfg.firstKDense; layer < cfg.nLayers; ++layer) {
        const ExpertBank bank = c.expertLayer(layer);
        const ExpertLayout &layout = c.expertLayout(layer);
        auto opened = openRegularFile(bank.path, bank.path); // a FIFO or device is refused, not read for ever
        const int fd = opened ? *opened : -1;
        if (fd < 0) {
            const std::string why = opened.status().code() == ErrorCode::NotFound
                                        ? std::string("bank file missing (No such file or directory)")
                                        : "bank unreadable (" + opened.status().message() + ")";
            for (int e = 0; e < bank.experts; ++e)
                report.damaged.push_back({layer, e, "layer " + std::to_string(layer) + ", expert " + std::to_string(e) +
                                                        ": " + why});
            report.records += uint64_t(bank.experts);
            if (progress && !progress(report.records, report.total)) {
                report.cancelled = true;
                return report;
            }
            continue;
        }
        struct stat st;
        const uint64_t expected = bank.recordBytes * uint64_t(bank.experts);
        // A short bank shows up as short reads below; a long one only here.
        if (::fstat(fd, &st) == 0 && uint64_t(st.st_size) > expected)
            report.damaged.push_back({layer, -1, "layer " + std::to_string(layer) + ": bank is " +
                                                     std::to_string(st.st_size) + " bytes, manifest says " +
                                                     std::to_string(expected)});
        record.resize(size_t(bank.recordBytes));
        for (int e = 0; e < bank.experts; ++e) {
            const std::string where = "layer " + std::to_string(layer) + ", expert " + std::to_string(e);
            Status s = preadFully(fd, record.data(), bank.recordBytes, uint64_t(e) * bank.recordBytes, where);
            if (s.isOk())
                s = validateRecordHeader(record.data(), record.size(), layer, e, layout);
            if (s.isOk())
                s = verifyRecordCrc(record.data(), record.size(), layer, e, layout);
            if (!s.isOk())
                report.damaged.push_back({layer, e, s.message()});
            report.bytes += bank.recordBytes;
            ++report.records;
            if (progress && !progress(report.records, report.total)) {
                report.cancelled = true;
                ::close(fd);
                return report;
            }
        }
        ::close(fd);
    }
    return report;
}

} // namespace sluice
