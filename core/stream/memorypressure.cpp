// Memory-pressure sources, the budget governor and its monitor thread
// (memorypressure.h). The governor is deliberately simple and explicit —
// shrink fast on clear signals, grow slowly after a calm period — because a
// desktop app that oscillates is as bad as one that pages.
#include "stream/memorypressure.h"
#include "util/threadstart.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#if defined(__APPLE__)
#include <dispatch/dispatch.h>
#include <sys/sysctl.h>
#elif defined(_WIN32)
#include <windows.h>
#endif

namespace sluice {

namespace {

bool parseDouble(std::string_view s, double &out)
{
    // from_chars for double is in libstdc++ 11+; keeps the C locale out of it.
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(out) && out >= 0;
}

bool parseU64(std::string_view s, uint64_t &out)
{
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::vector<std::string_view> splitWords(std::string_view line)
{
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t')
            ++j;
        if (j > i)
            words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

template <typename F>
void forEachLine(const std::string &text, F &&f)
{
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        f(std::string_view(text).substr(start, end - start));
        start = end + 1;
    }
}

std::string gib(uint64_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(1ull << 30));
    return buf;
}

#if defined(__linux__)
constexpr size_t kMaxPressureFileBytes = 64 * 1024; // these files are a few hundred bytes

// Reads a small /proc or /sys text file. Only regular files are opened (a
// FIFO planted in a fake root must not block), and only a bounded amount.
Expected<std::string> readSmallFile(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open (%2)"), path, std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: not a regular file"), path);
    }
    std::string text;
    char buf[4096];
    while (text.size() < kMaxPressureFileBytes) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string err = std::strerror(errno);
            ::close(fd);
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed (%2)"), path, err);
        }
        if (n == 0)
            break;
        text.append(buf, size_t(n));
    }
    ::close(fd);
    return text;
}

class LinuxPressureSource final : public PressureSource {
public:
    explicit LinuxPressureSource(const SystemRoots &roots) : m_roots(roots)
    {
        // Inside a cgroup v2 the cgroup's own pressure and events are the
        // ones that matter (a container's limit, not the host's RAM). The
        // "0::<path>" line names it; a path with ".." is ignored (it could
        // point at another cgroup's files).
        auto cgroup = readSmallFile(roots.procRoot + "/self/cgroup");
        if (!cgroup)
            return;
        std::string path;
        forEachLine(*cgroup, [&](std::string_view line) {
            if (line.rfind("0::", 0) == 0)
                path = std::string(line.substr(3));
        });
        if (path.empty() || path[0] != '/' || path.find("/..") != std::string::npos)
            return;
        const std::string dir = roots.sysRoot + "/fs/cgroup" + (path == "/" ? "" : path);
        struct stat st {};
        if (::stat((dir + "/memory.events").c_str(), &st) == 0 && S_ISREG(st.st_mode))
            m_cgroupDir = dir;
    }

    Expected<PressureSample> sample() override
    {
        PressureSample s;
        auto meminfo = readSmallFile(m_roots.procRoot + "/meminfo");
        if (!meminfo)
            return meminfo.status();
        SLUICE_TRY(parseMeminfo(*meminfo, s).withContext(m_roots.procRoot + "/meminfo"));
        // PSI is absent on kernels built without it (or booted with psi=0):
        // then MemAvailable alone decides.
        const std::string psiPath =
            m_cgroupDir.empty() ? m_roots.procRoot + "/pressure/memory" : m_cgroupDir + "/memory.pressure";
        if (auto psi = readSmallFile(psiPath))
            SLUICE_TRY(parsePsi(*psi, s).withContext(psiPath));
        if (!m_cgroupDir.empty()) {
            if (auto ev = readSmallFile(m_cgroupDir + "/memory.events"))
                SLUICE_TRY(parseMemoryEvents(*ev, s).withContext(m_cgroupDir + "/memory.events"));
        }
        return s;
    }

    std::string describe() const override
    {
        return m_cgroupDir.empty() ? "system memory pressure (PSI) and MemAvailable"
                                   : "the cgroup's memory pressure and events (" + m_cgroupDir + ") and MemAvailable";
    }

private:
    SystemRoots m_roots;
    std::string m_cgroupDir;
};
#elif defined(__APPLE__)
// The dispatch source tells only "normal / warn / critical"; MemAvailable has
// no exact macOS equivalent, so the level carries the decision.
class MacPressureSource final : public PressureSource {
public:
    MacPressureSource()
    {
        m_queue = dispatch_queue_create("sluice.memorypressure", DISPATCH_QUEUE_SERIAL);
        m_source = dispatch_source_create(DISPATCH_SOURCE_TYPE_MEMORYPRESSURE, 0,
                                          DISPATCH_MEMORYPRESSURE_NORMAL | DISPATCH_MEMORYPRESSURE_WARN |
                                              DISPATCH_MEMORYPRESSURE_CRITICAL,
                                          m_queue);
        dispatch_set_context(m_source, this);
        dispatch_source_set_event_handler_f(m_source, [](void *ctx) {
            auto *self = static_cast<MacPressureSource *>(ctx);
            const unsigned long level = dispatch_source_get_data(self->m_source);
            self->m_low.store(level & (DISPATCH_MEMORYPRESSURE_WARN | DISPATCH_MEMORYPRESSURE_CRITICAL));
        });
        dispatch_resume(m_source);
    }
    ~MacPressureSource() override
    {
        dispatch_source_cancel(m_source);
        dispatch_release(m_source);
        dispatch_release(m_queue);
    }
    Expected<PressureSample> sample() override
    {
        PressureSample s;
        uint64_t mem = 0;
        size_t len = sizeof mem;
        if (sysctlbyname("hw.memsize", &mem, &len, nullptr, 0) == 0)
            s.totalBytes = mem;
        s.systemSaysLow = m_low.load();
        return s;
    }
    std::string describe() const override { return "the system's memory-pressure notifications"; }

private:
    dispatch_queue_t m_queue;
    dispatch_source_t m_source;
    std::atomic<bool> m_low{false};
};
#elif defined(_WIN32)
class WindowsPressureSource final : public PressureSource {
public:
    WindowsPressureSource() { m_low = CreateMemoryResourceNotification(LowMemoryResourceNotification); }
    ~WindowsPressureSource() override
    {
        if (m_low)
            CloseHandle(m_low);
    }
    Expected<PressureSample> sample() override
    {
        PressureSample s;
        MEMORYSTATUSEX ms{};
        ms.dwLength = sizeof ms;
        if (!GlobalMemoryStatusEx(&ms))
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "GlobalMemoryStatusEx failed"));
        s.availableBytes = ms.ullAvailPhys;
        s.haveAvailable = true;
        s.totalBytes = ms.ullTotalPhys;
        BOOL low = FALSE;
        if (m_low && QueryMemoryResourceNotification(m_low, &low))
            s.systemSaysLow = low != FALSE;
        return s;
    }
    std::string describe() const override { return "the system's low-memory notification and available memory"; }

private:
    HANDLE m_low = nullptr;
};
#endif

} // namespace

Status parsePsi(const std::string &text, PressureSample &out)
{
    bool some = false;
    Status bad;
    forEachLine(text, [&](std::string_view line) {
        const auto words = splitWords(line);
        if (words.empty() || !bad.isOk())
            return;
        if (words[0] != "some" && words[0] != "full")
            return; // future fields are ignored, not refused
        for (size_t i = 1; i < words.size(); ++i) {
            if (words[i].rfind("avg10=", 0) != 0)
                continue;
            double v = 0;
            if (!parseDouble(words[i].substr(6), v) || v > 100.0) {
                bad = makeError(ErrorCode::Format, SLUICE_ERRT("Error", "bad PSI value '%1'"), std::string(words[i]));
                return;
            }
            (words[0] == "some" ? out.someAvg10 : out.fullAvg10) = v;
            some = some || words[0] == "some";
        }
    });
    SLUICE_TRY(bad);
    if (!some)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "no 'some avg10=' line"));
    out.havePsi = true;
    return Status::ok();
}

Status parseMeminfo(const std::string &text, PressureSample &out)
{
    bool total = false, available = false;
    Status bad;
    forEachLine(text, [&](std::string_view line) {
        const auto words = splitWords(line);
        if (words.size() < 2 || !bad.isOk())
            return;
        const bool isTotal = words[0] == "MemTotal:", isAvail = words[0] == "MemAvailable:";
        if (!isTotal && !isAvail)
            return;
        uint64_t kib = 0;
        if (!parseU64(words[1], kib) || kib > (uint64_t(1) << 52) || (words.size() > 2 && words[2] != "kB")) {
            bad = makeError(ErrorCode::Format, SLUICE_ERRT("Error", "unreadable line '%1'"), std::string(line));
            return;
        }
        (isTotal ? out.totalBytes : out.availableBytes) = kib * 1024;
        (isTotal ? total : available) = true;
    });
    SLUICE_TRY(bad);
    if (!total)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "no MemTotal line"));
    // Kernels before 3.14 have no MemAvailable: unknown, not zero.
    out.haveAvailable = available;
    return Status::ok();
}

Status parseMemoryEvents(const std::string &text, PressureSample &out)
{
    Status bad;
    uint64_t high = 0, max = 0, oom = 0;
    forEachLine(text, [&](std::string_view line) {
        const auto words = splitWords(line);
        if (words.size() != 2 || !bad.isOk())
            return;
        uint64_t v = 0;
        const bool known = words[0] == "high" || words[0] == "max" || words[0] == "oom";
        if (known && !parseU64(words[1], v)) {
            bad = makeError(ErrorCode::Format, SLUICE_ERRT("Error", "unreadable line '%1'"), std::string(line));
            return;
        }
        if (words[0] == "high")
            high = v;
        else if (words[0] == "max")
            max = v;
        else if (words[0] == "oom")
            oom = v;
    });
    SLUICE_TRY(bad);
    out.haveCgroupEvents = true;
    out.cgroupHighEvents = high;
    out.cgroupMaxEvents = max + oom;
    return Status::ok();
}

std::unique_ptr<PressureSource> makeSystemPressureSource(const SystemRoots &roots)
{
#if defined(__linux__)
    return std::make_unique<LinuxPressureSource>(roots);
#elif defined(__APPLE__)
    (void)roots;
    return std::make_unique<MacPressureSource>();
#elif defined(_WIN32)
    (void)roots;
    return std::make_unique<WindowsPressureSource>();
#else
    (void)roots;
    return nullptr;
#endif
}

Expected<PressureSample> ScriptedPressureSource::sample()
{
    std::lock_guard lock(m_mutex);
    if (m_samples.empty())
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "scripted pressure source: no samples"));
    const PressureSample s = m_samples[std::min(m_next, m_samples.size() - 1)];
    if (m_next < m_samples.size())
        ++m_next;
    return s;
}

void ScriptedPressureSource::push(const PressureSample &s)
{
    std::lock_guard lock(m_mutex);
    m_samples.push_back(s);
}

BudgetGovernor::BudgetGovernor(GovernorSettings settings)
{
    setSettings(settings);
    m_current = m_settings.maxBudgetBytes;
}

void BudgetGovernor::setSettings(const GovernorSettings &settings)
{
    m_settings = settings;
    m_settings.minBudgetBytes = std::min(m_settings.minBudgetBytes, m_settings.maxBudgetBytes);
    m_settings.highAvailableBytes = std::max(m_settings.highAvailableBytes, m_settings.lowAvailableBytes);
    m_settings.shrinkFraction = std::clamp(m_settings.shrinkFraction, 0.0, 1.0);
    m_settings.growFraction = std::clamp(m_settings.growFraction, 0.0, 1.0);
    m_current = std::clamp(m_current, m_settings.minBudgetBytes, m_settings.maxBudgetBytes);
}

uint64_t BudgetGovernor::roundToStep(uint64_t bytes) const
{
    return m_settings.stepBytes ? bytes / m_settings.stepBytes * m_settings.stepBytes : bytes;
}

bool BudgetGovernor::isPressure(const PressureSample &s, std::string &why) const
{
    if (s.systemSaysLow) {
        why = "the system reports low memory";
        return true;
    }
    if (s.haveAvailable && s.availableBytes < m_settings.lowAvailableBytes) {
        why = "only " + gib(s.availableBytes) + " of memory left for other programs";
        return true;
    }
    if (s.havePsi && s.someAvg10 > m_settings.psiSomePercent) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "programs waited on memory %.0f%% of the last 10 s", s.someAvg10);
        why = buf;
        return true;
    }
    if (s.haveCgroupEvents && m_seenEvents &&
        (s.cgroupHighEvents > m_lastHighEvents || s.cgroupMaxEvents > m_lastMaxEvents)) {
        why = "the memory limit of this session's cgroup was reached";
        return true;
    }
    return false;
}

bool BudgetGovernor::isCalm(const PressureSample &s) const
{
    if (s.systemSaysLow)
        return false;
    if (s.haveAvailable && s.availableBytes < m_settings.highAvailableBytes)
        return false;
    if (s.havePsi && s.someAvg10 > m_settings.psiCalmPercent)
        return false;
    return true;
}

BudgetDecision BudgetGovernor::update(const PressureSample &s, double now)
{
    BudgetDecision d;
    std::string why;
    d.underPressure = isPressure(s, why);
    if (s.haveCgroupEvents) {
        m_seenEvents = true;
        m_lastHighEvents = s.cgroupHighEvents;
        m_lastMaxEvents = s.cgroupMaxEvents;
    }
    const uint64_t lo = m_settings.minBudgetBytes, hi = m_settings.maxBudgetBytes;
    if (d.underPressure) {
        m_calmSince = -1;
        if (m_current > lo && now - m_lastShrink >= m_settings.holdSeconds) {
            const uint64_t deficit =
                s.haveAvailable && s.availableBytes < m_settings.lowAvailableBytes ? m_settings.lowAvailableBytes - s.availableBytes : 0;
            const uint64_t room = m_current - lo;
            uint64_t give = std::max(deficit, uint64_t(double(room) * m_settings.shrinkFraction));
            give = std::max<uint64_t>(give, m_settings.stepBytes); // at least one slot
            uint64_t target = m_current > lo + give ? m_current - give : lo;
            // Round the budget down to whole steps, but never under the minimum.
            if (m_settings.stepBytes && target > lo)
                target = std::max(lo, lo + roundToStep(target - lo));
            if (target < m_current) {
                m_current = target;
                m_lastShrink = now;
                d.action = BudgetAction::Shrink;
                d.reason = "cache reduced to " + gib(m_current) + " while the system needed memory (" + why + ")";
            }
        }
        if (d.action == BudgetAction::Keep)
            d.reason = m_current <= lo ? "at the minimum budget (" + why + ")" : "holding after a reduction (" + why + ")";
    } else if (isCalm(s)) {
        if (m_calmSince < 0)
            m_calmSince = now;
        if (m_current < hi && now - m_calmSince >= m_settings.calmSeconds) {
            uint64_t take = std::max<uint64_t>(uint64_t(double(hi - lo) * m_settings.growFraction), m_settings.stepBytes);
            if (s.haveAvailable) { // never grow into the memory that keeps the system calm
                const uint64_t spare = s.availableBytes > m_settings.highAvailableBytes
                                           ? s.availableBytes - m_settings.highAvailableBytes
                                           : 0;
                take = std::min(take, spare);
            }
            take = roundToStep(take);
            if (take > 0) {
                m_current = std::min(hi, m_current + take);
                d.action = BudgetAction::Grow;
                d.reason = "cache grown back to " + gib(m_current) + " (memory pressure has gone)";
                m_calmSince = now; // another full calm period before the next step
            }
        }
    } else {
        m_calmSince = -1; // between the two thresholds: neither shrink nor grow
    }
    d.budgetBytes = m_current;
    return d;
}

PressureMonitor::PressureMonitor(std::unique_ptr<PressureSource> source, GovernorSettings settings,
                                 double intervalSeconds, DecisionCallback onDecision, ErrorCallback onError)
    : m_source(std::move(source))
    , m_governor(settings)
    , m_interval(intervalSeconds)
    , m_onDecision(std::move(onDecision))
    , m_onError(std::move(onError))
{
    // intervalSeconds <= 0: no thread; the caller drives step() (tests).
    // A monitor the system gives no thread reports it like a source error:
    // the budget then stays where it is, which is what the caller had before.
    if (m_source && m_interval > 0) {
        if (Status st = startThread(m_thread, [this] { run(); }, "the memory-pressure monitor thread");
            !st.isOk() && m_onError) {
            m_errorReported = true;
            m_onError(st);
        }
    }
}

PressureMonitor::~PressureMonitor()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void PressureMonitor::setSettings(const GovernorSettings &settings)
{
    std::lock_guard lock(m_mutex);
    m_governor.setSettings(settings);
}

uint64_t PressureMonitor::currentBudget() const
{
    std::lock_guard lock(m_mutex);
    return m_governor.currentBudget();
}

BudgetDecision PressureMonitor::step(double now)
{
    BudgetDecision d;
    if (!m_source)
        return d;
    auto s = m_source->sample();
    {
        std::lock_guard lock(m_mutex);
        if (!s) {
            d.budgetBytes = m_governor.currentBudget();
            if (!m_errorReported && m_onError) {
                m_errorReported = true;
                m_onError(s.status());
            }
            return d;
        }
        d = m_governor.update(*s, now);
    }
    if (d.action != BudgetAction::Keep && m_onDecision)
        m_onDecision(d);
    return d;
}

void PressureMonitor::run()
{
    const auto t0 = std::chrono::steady_clock::now();
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        lock.unlock();
        step(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        lock.lock();
        m_wake.wait_for(lock, std::chrono::duration<double>(m_interval), [this] { return m_stop; });
    }
}

} // namespace sluice
