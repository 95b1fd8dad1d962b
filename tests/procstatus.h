#pragma once
// This process's resident set from /proc/self/status, and a forked child that
// reports back, for the peak-memory tests: VmHWM is per process, so each case
// runs the model in a fresh child and compares the child's figures with the
// budget.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <type_traits>
#include <unistd.h>

// The tests that read /proc/self/status skip where there is none.
#if defined(__linux__)
#define SLUICE_SKIP_WITHOUT_PROC_STATUS() (void)0
#else
#define SLUICE_SKIP_WITHOUT_PROC_STATUS() QSKIP("reads /proc/self/status")
#endif

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

// The current resident set (VmRSS) in bytes; 0 if unreadable.
inline uint64_t currentRss()
{
    uint64_t current = 0, peak = 0;
    readRss(current, peak);
    return current;
}

// The process's high-water mark in bytes: the larger of ru_maxrss and VmHWM.
inline uint64_t peakRss()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    uint64_t current = 0, hwm = 0;
    readRss(current, hwm);
    return std::max<uint64_t>(uint64_t(ru.ru_maxrss) * 1024, hwm);
}

// Runs `body(report)` in a forked child (the report starts value-initialised)
// and copies the child's report into `out` through a pipe. True when the
// child exited with 0 and the whole report arrived; the child exits with 3
// when its write fell short. `Report` is a plain struct (no pointers out of
// the child's memory).
template<typename Report, typename Body>
bool runInChild(Body &&body, Report &out)
{
    static_assert(std::is_trivially_copyable_v<Report>, "the report crosses a pipe as bytes");
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        close(fds[0]);
        Report r{};
        body(r);
        const ssize_t w = write(fds[1], &r, sizeof r);
        _exit(w == ssize_t(sizeof r) ? 0 : 3);
    }
    close(fds[1]);
    const ssize_t got = read(fds[0], &out, sizeof out);
    close(fds[0]);
    int status = 0;
    return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 && got == ssize_t(sizeof out);
}

} // namespace sluice::test
