#pragma once
// This process's resident set from /proc/self/status, for the peak-memory
// tests that run a model in a forked child and compare VmHWM with the budget.
#include <cstdint>
#include <fstream>
#include <string>

namespace sluice::test {

inline bool readRss(uint64_t &current, uint64_t &peak);

// This process's current resident set (VmRSS) in bytes; 0 if unreadable.
inline uint64_t currentRssBytes()
{
    uint64_t current = 0, peak = 0;
    readRss(current, peak);
    return current;
}

// Current (VmRSS) and peak (VmHWM) resident set in bytes; false if unreadable.
inline bool readRss(uint64_t &current, uint64_t &peak)
{
    std::ifstream f("/proc/self/status");
    std::string key;
    current = peak = 0;
    while (f >> key) {
        uint64_t kb = 0;
        if (key == "VmRSS:" && f >> kb)
            current = kb * 1024;
        else if (key == "VmHWM:" && f >> kb)
            peak = kb * 1024;
        f.ignore(1 << 20, '\n');
    }
    return current > 0 && peak > 0;
}

} // namespace sluice::test
