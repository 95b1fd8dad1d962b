#pragma once
// Error handling for the core library: functions return Status or Expected<T>
// instead of throwing or printing, so every client (GUI, CLI, server) decides
// how to present a failure. Messages name what failed and where
// ("layer 37, expert 412: checksum mismatch").
#include <string>
#include <utility>
#include <variant>

namespace sluice {

enum class ErrorCode {
    Ok = 0,
    InvalidArgument,   // caller passed something unusable
    NotFound,          // a file or tensor that must exist is missing
    Io,                // read/write failed, short read, disk full
    Format,            // bytes on disk do not follow the format
    Checksum,          // CRC mismatch
    Unsupported,       // valid but not handled (a future format version)
    Budget,            // RAM budget below the floor or exceeded
    ContextFull,       // the context capacity chosen at open is used up
    Cancelled,         // the caller asked to stop
    Internal,
};

class Status {
public:
    Status() = default;
    Status(ErrorCode code, std::string message) : m_code(code), m_message(std::move(message)) {}
    static Status ok() { return {}; }

    bool isOk() const { return m_code == ErrorCode::Ok; }
    explicit operator bool() const { return isOk(); }
    ErrorCode code() const { return m_code; }
    const std::string &message() const { return m_message; }

    // Prefix context while an error travels outwards: "trunk.bin: " + message.
    Status withContext(const std::string &context) const
    {
        if (isOk())
            return *this;
        return Status(m_code, context + ": " + m_message);
    }

private:
    ErrorCode m_code = ErrorCode::Ok;
    std::string m_message;
};

inline Status makeError(ErrorCode code, std::string message) { return Status(code, std::move(message)); }

// A value or the Status that explains why there is none.
template <typename T>
class Expected {
public:
    Expected(T value) : m_data(std::move(value)) {}
    Expected(Status error) : m_data(std::move(error)) {}

    bool isOk() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return isOk(); }

    T &value() & { return std::get<T>(m_data); }
    const T &value() const & { return std::get<T>(m_data); }
    T &&value() && { return std::get<T>(std::move(m_data)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }

    Status status() const { return isOk() ? Status::ok() : std::get<Status>(m_data); }

private:
    std::variant<T, Status> m_data;
};

} // namespace sluice

// Return early from a function returning Status or Expected<T>.
#define SLUICE_TRY(expr)                                                                           \
    do {                                                                                           \
        ::sluice::Status sluice_try_status_ = (expr);                                              \
        if (!sluice_try_status_.isOk())                                                            \
            return sluice_try_status_;                                                             \
    } while (0)
