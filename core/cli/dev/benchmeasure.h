#pragma once
// What the developer benchmarks measure about their own process: CPU seconds,
// resident memory, medians. One copy for every bench command (they share unity
// translation units, so file-local copies would clash).
#include <algorithm>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <vector>

#include <unistd.h>

namespace sluice::cli::bench {

// Process CPU seconds (all threads): on a shared machine wall time overstates
// the cost; CPU time / threads is what an idle machine would take.
inline double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Resident set size now (/proc/self/statm), 0 where it cannot be read.
inline uint64_t rssBytes()
{
    std::ifstream f("/proc/self/statm");
    uint64_t size = 0, resident = 0;
    f >> size >> resident;
    return resident * uint64_t(sysconf(_SC_PAGESIZE));
}

inline double mib(uint64_t bytes) { return double(bytes) / 1048576.0; }

// The median (the mean of the middle two for an even count), 0 for none.
inline double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace sluice::cli::bench
