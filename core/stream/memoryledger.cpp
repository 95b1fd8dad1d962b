#include "memoryledger.h"

#include "memoryplanner.h" // formatGiB

#include <algorithm>

namespace sluice {

LedgerBuffer::LedgerBuffer(LedgerBuffer &&other) noexcept
    : m_ledger(other.m_ledger), m_data(std::move(other.m_data)), m_bytes(other.m_bytes), m_name(std::move(other.m_name))
{
    other.m_ledger = nullptr;
    other.m_bytes = 0;
}

LedgerBuffer &LedgerBuffer::operator=(LedgerBuffer &&other) noexcept
{
    if (this != &other) {
        reset();
        m_ledger = other.m_ledger;
        m_data = std::move(other.m_data);
        m_bytes = other.m_bytes;
        m_name = std::move(other.m_name);
        other.m_ledger = nullptr;
        other.m_bytes = 0;
    }
    return *this;
}

LedgerBuffer::~LedgerBuffer() { reset(); }

void LedgerBuffer::reset()
{
    if (m_ledger)
        m_ledger->unreserve(m_name, m_bytes);
    m_data.reset();
    m_ledger = nullptr;
    m_bytes = 0;
}

MemoryLedger::MemoryLedger(uint64_t ceilingBytes) : m_ceiling(ceilingBytes) {}

Status MemoryLedger::setCeiling(uint64_t ceilingBytes)
{
    std::lock_guard lock(m_mutex);
    if (ceilingBytes < m_total)
        return makeError(ErrorCode::Budget,
            SLUICE_ERRT(
                "Error", "RAM budget %1 (%2 B) is below what the engine holds now (%3 B); release memory first"),
            formatGiB(ceilingBytes), ceilingBytes, m_total);
    m_ceiling = ceilingBytes;
    return Status::ok();
}

uint64_t MemoryLedger::ceiling() const
{
    std::lock_guard lock(m_mutex);
    return m_ceiling;
}

Status MemoryLedger::reserve(const std::string &name, uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    if (bytes > m_ceiling || m_total > m_ceiling - bytes)
        return makeError(ErrorCode::Budget,
            SLUICE_ERRT(
                "Error", "allocating %1 B for '%2' would exceed the RAM budget of %3 (%4 B; %5 B already in use)"),
            bytes, name, formatGiB(m_ceiling), m_ceiling, m_total);
    m_total += bytes;
    m_peak = std::max(m_peak, m_total);
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry &e) { return e.name == name; });
    if (it == m_entries.end())
        m_entries.push_back({name, bytes});
    else
        it->bytes += bytes;
    return Status::ok();
}

void MemoryLedger::unreserve(const std::string &name, uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry &e) { return e.name == name; });
    if (it == m_entries.end())
        return;
    const uint64_t released = std::min(bytes, it->bytes);
    it->bytes -= released;
    m_total -= released;
}

Expected<LedgerBuffer> MemoryLedger::allocate(const std::string &name, uint64_t bytes, size_t alignment)
{
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "allocating '%1': alignment %2 is not a power of two"), name, alignment);
    SLUICE_TRY(reserve(name, bytes));
    LedgerBuffer buffer;
    buffer.m_data.reset(static_cast<uint8_t *>(alignedAlloc(alignment, size_t(bytes))));
    if (!buffer.m_data) {
        unreserve(name, bytes);
        return makeError(
            ErrorCode::Budget, SLUICE_ERRT("Error", "allocating %1 B for '%2': out of memory"), bytes, name);
    }
    buffer.m_ledger = this;
    buffer.m_bytes = bytes;
    buffer.m_name = name;
    return buffer;
}

uint64_t MemoryLedger::total() const
{
    std::lock_guard lock(m_mutex);
    return m_total;
}

uint64_t MemoryLedger::peak() const
{
    std::lock_guard lock(m_mutex);
    return m_peak;
}

uint64_t MemoryLedger::bytesFor(const std::string &name) const
{
    std::lock_guard lock(m_mutex);
    for (const Entry &e : m_entries)
        if (e.name == name)
            return e.bytes;
    return 0;
}

std::vector<MemoryLedger::Entry> MemoryLedger::entries() const
{
    std::lock_guard lock(m_mutex);
    std::vector<Entry> out;
    for (const Entry &e : m_entries)
        if (e.bytes)
            out.push_back(e);
    return out;
}

} // namespace sluice
