#pragma once
// Starting a thread without an exception. std::thread's constructor throws
// std::system_error when the system refuses a thread (EAGAIN: out of threads,
// or out of address space for the stack under `ulimit -v`); uncaught, that
// aborts the whole program (`run --threads 1024` was a SIGABRT). Every thread
// the library starts goes through startThread, which turns the refusal into a
// Status naming what was being started.
#include "util/status.h"

#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace sluice {

// Starts `body` on a new thread in `out` (which must not hold a thread).
// On failure `out` stays empty and the error reads
// "cannot start WHAT (Resource temporarily unavailable)".
Status startThread(std::thread &out, std::function<void()> body, const std::string &what);

// Thread placement (ModelOptions::cpus, `--cpus`). The CPUs this process may
// run on (its affinity mask, e.g. a cgroup's or taskset's), ascending; empty
// where the system does not say (not Linux).
std::vector<int> allowedCpus();
// OK when every CPU of `cpus` is one this process may run on; else an error
// naming the first that is not and the allowed ones ("0-3,8").
Status checkCpus(const std::vector<int> &cpus);
// Binds the calling thread to `cpu` (Linux); an error naming the CPU and the
// system's reason otherwise.
Status pinCurrentThread(int cpu);

namespace testing {
// A test seam: after `n` more successful starts, every startThread fails as
// the system would (EAGAIN) until called again with a negative n (the default:
// never fail). Process-wide; tests only.
void failThreadStartsAfter(int n);
} // namespace testing

} // namespace sluice
