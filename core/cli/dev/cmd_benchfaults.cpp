// sluice-cli bench-faults PATH: what a first-touch page fault costs an expert
// read (issue 14). Record-sized O_DIRECT reads into fresh anonymous memory,
// interleaved with reads into memory populated just before (what the cache's
// idle-reader prefault does), so both see the same disk and the same host
// state; optionally with transparent huge pages advised on the buffer.
#include "command.h"
#include "options.h"

#include "stream/directfile.h"
#include "util/virtualmemory.h"

#include <chrono>
#include <cstdio>

#ifdef __linux__
#include <sys/mman.h>
#include <sys/resource.h>
#endif

using namespace sluice;

#ifdef __linux__
namespace {

struct Cost {
    double wall = 0, sys = 0;
    long faults = 0;
};

struct Probe {
    std::chrono::steady_clock::time_point t;
    double sys = 0;
    long faults = 0;
};

// This thread's system time and minor faults: the reads run here.
Probe probe()
{
    struct rusage u {};
    getrusage(RUSAGE_THREAD, &u);
    return {std::chrono::steady_clock::now(), double(u.ru_stime.tv_sec) + double(u.ru_stime.tv_usec) * 1e-6,
            u.ru_minflt};
}

void add(Cost &c, const Probe &a, const Probe &b)
{
    c.wall += std::chrono::duration<double>(b.t - a.t).count();
    c.sys += b.sys - a.sys;
    c.faults += b.faults - a.faults;
}

// The three costs the reads measure; canPopulate turns false when the kernel refuses.
struct FaultCosts {
    Cost fresh, populate, populated;
    bool canPopulate = true;
};

// Random record reads, odd ones into memory populated just before. Returns
// false after printing a read error.
bool readRecords(DirectFile &file, VirtualRegion &region, int records, uint64_t recordBytes, uint64_t recordsInFile,
                 FaultCosts &c)
{
    uint32_t x = 12345;
    for (int i = 0; i < records; ++i) {
        x = x * 1103515245u + 12345u;
        const uint64_t offset = uint64_t((x >> 8) % recordsInFile) * recordBytes;
        uint8_t *buffer = region.data() + uint64_t(i) * recordBytes;
        const Probe a = probe();
        if (i % 2 == 1 && c.canPopulate) {
            c.canPopulate = region.populate(uint64_t(i) * recordBytes, recordBytes);
            add(c.populate, a, probe());
        }
        const Probe b = probe();
        if (Status st = file.readAt(offset, buffer, size_t(recordBytes)); !st.isOk()) {
            std::fprintf(stderr, "bench-faults: %s\n", st.message().c_str());
            return false;
        }
        add(i % 2 == 1 ? c.populated : c.fresh, b, probe());
    }
    return true;
}

void printFaultCosts(const std::string &path, int records, uint64_t recordBytes, bool huge, const FaultCosts &c)
{
    const double half = double(records / 2);
    const auto row = [&](const char *name, const Cost &cost) {
        std::printf("%-34s %9.2f %9.2f %10.1f\n", name, cost.wall / half * 1e3, cost.sys / half * 1e3,
                    double(cost.faults) / half);
    };
    std::printf("%s: %d reads of %llu B, %s pages\n%-34s %9s %9s %10s\n", path.c_str(), records,
                (unsigned long long)recordBytes, huge ? "huge (MADV_HUGEPAGE)" : "4 KiB", "per record", "wall ms",
                "sys ms", "minflt");
    row("read into fresh memory", c.fresh);
    row("populate (MADV_POPULATE_WRITE)", c.populate);
    row("read into populated memory", c.populated);
    Cost both = c.populate;
    both.wall += c.populated.wall;
    both.sys += c.populated.sys;
    both.faults += c.populated.faults;
    row("populate + read", both);
}

} // namespace
#endif

static int runBenchFaults(const std::vector<std::string> &args)
{
#ifndef __linux__
    (void)args;
    std::fprintf(stderr, "bench-faults: Linux only (MADV_POPULATE_WRITE, per-thread rusage)\n");
    return 1;
#else
    std::string path;
    uint64_t recordBytes = 12406784;
    int records = 120;
    bool huge = false;
    cli::OptionParser p("bench-faults",
                        "Cost of first-touch page faults in record-sized O_DIRECT reads: reads into fresh memory\n"
                        "interleaved with populate-then-read (the cache's prefault), per record: wall ms, system\n"
                        "ms and minor faults. Uses records x record-bytes of RAM.");
    p.positional("PATH", &path, "an experts bank (or any file of a few GB)");
    p.size("--record-bytes", &recordBytes, 4096, 1ull << 30, "bytes per read, a multiple of 4096");
    p.integer("--records", &records, 2, 100000, "records read (half each way)");
    p.flag("--huge", &huge, "advise transparent huge pages on the buffer (MADV_HUGEPAGE)");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (recordBytes % 4096)
        return p.usageError("--record-bytes '" + std::to_string(recordBytes) + "': expected a multiple of 4096");
    auto file = DirectFile::open(path);
    if (!file) {
        std::fprintf(stderr, "bench-faults: %s\n", file.status().message().c_str());
        return 1;
    }
    const uint64_t recordsInFile = (*file)->sizeAtOpen() / recordBytes;
    if (recordsInFile < 1) {
        std::fprintf(stderr, "bench-faults: %s is smaller than one record of %llu B\n", path.c_str(),
                     (unsigned long long)recordBytes);
        return 1;
    }
    if (!(*file)->directIo())
        std::fprintf(stderr, "bench-faults: WARNING: O_DIRECT refused on %s; reads go through the page cache\n",
                     path.c_str());
    auto region = VirtualRegion::reserve(uint64_t(records) * recordBytes);
    if (!region) {
        std::fprintf(stderr, "bench-faults: %s\n", region.status().message().c_str());
        return 1;
    }
    if (huge && ::madvise(region->data(), region->size(), MADV_HUGEPAGE) != 0)
        std::fprintf(stderr, "bench-faults: WARNING: MADV_HUGEPAGE refused; 4 KiB pages\n");
    FaultCosts costs;
    if (!readRecords(**file, *region, records, recordBytes, recordsInFile, costs))
        return 1;
    if (!costs.canPopulate) {
        std::fprintf(stderr, "bench-faults: the kernel cannot populate (MADV_POPULATE_WRITE needs Linux 5.14)\n");
        return 1;
    }
    printFaultCosts(path, records, recordBytes, huge, costs);
    return 0;
#endif
}

static const sluice::cli::CommandRegistration benchFaultsCommand{"bench-faults",
                                                  "First-touch page faults in expert reads: fresh vs populated memory",
                                                  runBenchFaults};
