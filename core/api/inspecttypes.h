#pragma once
// What api/inspect.h returns about a container, a disk and an image: the
// verifier's report (spec 4.5), the disk speed measured with record-sized
// reads, and an image's header and RGB decode. The verifier, the disk
// bench and the decoder themselves stay in format/, stream/ and vision/.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

struct RecordDamage {
    int layer = 0;
    int expert = -1;  // -1 = the bank as a whole (e.g. longer than the manifest says)
    std::string what; // names layer and expert
};

struct VerifyReport {
    uint64_t records = 0;  // records checked
    uint64_t total = 0;    // records the manifest lists
    uint64_t bytes = 0;
    bool cancelled = false;
    std::vector<RecordDamage> damaged;
    bool ok() const { return !cancelled && damaged.empty(); }
};

// Called after each record; return false to stop (the report says cancelled).
using VerifyProgress = std::function<bool(uint64_t done, uint64_t total)>;

// O_DIRECT (when the file system allows it) record-sized reads of a file
// (stream/diskbench.h runDiskBench).
struct DiskBenchResult {
    bool directIo = false;
    uint64_t reads = 0;
    uint64_t bytes = 0;
    double seconds = 0;
    double gbPerSecond() const { return seconds > 0 ? double(bytes) / seconds / 1e9 : 0; }
};

} // namespace sluice

namespace sluice::vision {

struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgb; // width * height * 3 bytes, row-major, no padding
};

// Header facts, read without decoding the pixels.
struct ImageHeader {
    int width = 0;
    int height = 0;
    int channels = 0;   // as stored in the file
    std::string format; // "png", "jpeg", "gif", "bmp", "tga"
};

} // namespace sluice::vision
