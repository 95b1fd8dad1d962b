#include "util/threadstart.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <system_error>

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
        return makeError(ErrorCode::Io, "cannot start " + what + " (" + std::strerror(EAGAIN) + ")");
    try {
        out = std::thread(std::move(body));
    } catch (const std::system_error &e) {
        return makeError(ErrorCode::Io, "cannot start " + what + " (" + e.code().message() + ")");
    } catch (const std::exception &e) { // bad_alloc for the thread's state
        return makeError(ErrorCode::Io, "cannot start " + what + " (" + e.what() + ")");
    }
    return Status::ok();
}

} // namespace sluice
