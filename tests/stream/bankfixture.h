#pragma once
// Synthetic expert banks for the stream tests: layer L's bank holds `experts`
// records of `recordBytes`, each starting with {u32 layer, u32 expert} and then
// a pattern derived from (layer, expert, offset), so any misplaced byte shows.
#include <QDir>
#include <QFile>
#include <QString>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace sluice::testing {

inline uint8_t patternByte(int layer, int expert, uint64_t offset)
{
    uint64_t x = (uint64_t(layer) << 40) ^ (uint64_t(expert) << 20) ^ offset;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return uint8_t(x);
}

inline std::vector<uint8_t> expectedRecord(int layer, int expert, uint64_t recordBytes)
{
    std::vector<uint8_t> r(recordBytes);
    for (uint64_t i = 0; i < recordBytes; ++i)
        r[i] = patternByte(layer, expert, i);
    const uint32_t head[2] = {uint32_t(layer), uint32_t(expert)};
    std::memcpy(r.data(), head, sizeof head);
    return r;
}

inline QString bankPath(const QString &dir, int layer) { return dir + QString("/experts-L%1.bin").arg(layer); }

inline bool writeBank(const QString &dir, int layer, int experts, uint64_t recordBytes)
{
    QFile f(bankPath(dir, layer));
    if (!f.open(QIODevice::WriteOnly))
        return false;
    for (int e = 0; e < experts; ++e) {
        const std::vector<uint8_t> r = expectedRecord(layer, e, recordBytes);
        if (f.write(reinterpret_cast<const char *>(r.data()), qint64(r.size())) != qint64(r.size()))
            return false;
    }
    return true;
}

// True when the record's header names (layer, expert): the validator used by tests.
inline bool headerMatches(int layer, int expert, const uint8_t *bytes)
{
    uint32_t head[2];
    std::memcpy(head, bytes, sizeof head);
    return head[0] == uint32_t(layer) && head[1] == uint32_t(expert);
}

} // namespace sluice::testing
