#include "util/threadstart.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <system_error>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace sluice {

namespace {
// Starts left before the injected failures begin; negative: no injection.
std::atomic<int> g_startsBeforeFailure{-1};

bool injectedFailure()
{
    int left = g_startsBeforeFailure.load();
    while (left >= 0) {
        if (left == 0)
            return true;
        if (g_startsBeforeFailure.compare_exchange_weak(left, left - 1))
            return false;
    }
    return false;
}
} // namespace

namespace testing {
void failThreadStartsAfter(int n)
{
    g_startsBeforeFailure.store(n < 0 ? -1 : n);
}
} // namespace testing

Status startThread(std::thread &out, std::function<void()> body, const std::string &what)
{
    if (injectedFailure())
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "cannot start %1 (%2)"), what, std::strerror(EAGAIN));
    try {
        out = std::thread(std::move(body));
    } catch (const std::system_error &e) {
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "cannot start %1 (%2)"), what, e.code().message());
    } catch (const std::exception &e) { // bad_alloc for the thread's state
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "cannot start %1 (%2)"), what, e.what());
    }
    return Status::ok();
}

std::vector<int> allowedCpus()
{
    std::vector<int> cpus;
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int c = 0; c < CPU_SETSIZE; ++c)
            if (CPU_ISSET(c, &set))
                cpus.push_back(c);
#endif
    return cpus;
}

namespace {
// "0-3,8" from ascending CPU numbers.
std::string cpuRanges(const std::vector<int> &cpus)
{
    std::string out;
    for (size_t i = 0; i < cpus.size();) {
        size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(cpus[i]) + (j > i ? "-" + std::to_string(cpus[j]) : "");
        i = j + 1;
    }
    return out;
}
} // namespace

Status checkCpus(const std::vector<int> &cpus)
{
    if (cpus.empty())
        return Status::ok();
#if defined(__linux__)
    const std::vector<int> allowed = allowedCpus();
    for (int c : cpus)
        if (!std::binary_search(allowed.begin(), allowed.end(), c))
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error", "CPU %1 is not one this process may run on (allowed: %2)"), c, cpuRanges(allowed));
    return Status::ok();
#else
    return makeError(
        ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "placing threads on chosen CPUs is supported on Linux only"));
#endif
}

Status pinCurrentThread(int cpu)
{
#if defined(__linux__)
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "CPU %1 is out of range"), cpu);
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (const int err = pthread_setaffinity_np(pthread_self(), sizeof set, &set); err != 0)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "cannot bind a thread to CPU %1 (%2)"), cpu, std::strerror(err));
    return Status::ok();
#else
    return makeError(
        ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "binding a thread to CPU %1 is supported on Linux only"), cpu);
#endif
}

} // namespace sluice
