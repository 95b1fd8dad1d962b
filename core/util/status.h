#pragma once
// Error handling for the core library: functions return Status or Expected<T>
// instead of throwing or printing, so every client (GUI, CLI, server) decides
// how to present a failure. Messages name what failed and where
// ("layer 37, expert 412: checksum mismatch").
//
// An error is also kept as structure so a client can show it in the user's
// language: a message template with numbered arguments ("%1: checksum
// mismatch in layer %2") and its arguments, plus the context prefixes added
// on the way out. message() is the English text, rendered once when the error
// is made; the CLI and the server print it. The GUI translates the templates
// (docs/architecture.md, "How errors travel").
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

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

// A translatable English message template: static text with %1..%99 for the
// arguments. Made only through SLUICE_ERRT so lupdate finds every template.
struct ErrorTemplate {
    const char *text;
};

// SLUICE_ERRT("Error", "…%1…") marks a template. The first argument is the
// translation context and must be "Error": lupdate reads the macro as
// QT_TRANSLATE_NOOP (gui/CMakeLists.txt) and the GUI translates in that context.
consteval ErrorTemplate errorTemplate(std::string_view context, const char *text)
{
    if (context != "Error")
        throw "SLUICE_ERRT: the translation context must be \"Error\"";
    return ErrorTemplate{text};
}
#define SLUICE_ERRT(context, text) (::sluice::errorTemplate(context, text))

// One piece of an error's text: a template with its arguments, or (text ==
// nullptr) plain text that is not translated (a path, a file name, or a
// message not converted to a template yet).
struct ErrorPiece {
    const char *text = nullptr;
    std::vector<std::string> args;
    std::string plain;
};

// "%1 of %2" with {"a", "b"} -> "a of b". %N with no argument N stays as is.
std::string renderErrorTemplate(std::string_view text, const std::vector<std::string> &args);
std::string renderErrorPiece(const ErrorPiece &piece);

// Arguments are text; integers are written as std::to_string writes them.
inline std::string errorArg(std::string s) { return s; }
inline std::string errorArg(std::string_view s) { return std::string(s); }
inline std::string errorArg(const char *s) { return std::string(s); }
template <typename T>
    requires std::is_integral_v<T> && (!std::is_same_v<T, bool>) && (!std::is_same_v<T, char>)
std::string errorArg(T v)
{
    return std::to_string(v);
}

class Status {
public:
    Status() = default;
    Status(ErrorCode code, std::string message) : m_code(code), m_message(std::move(message)) {}
    Status(ErrorCode code, ErrorTemplate tmpl, std::vector<std::string> args);
    static Status ok() { return {}; }

    bool isOk() const { return m_code == ErrorCode::Ok; }
    explicit operator bool() const { return isOk(); }
    ErrorCode code() const { return m_code; }
    const std::string &message() const { return m_message; }

    // The structure behind message(): the context prefixes from the outermost
    // inwards, then the error itself. message() is their renderings joined by ": ".
    std::vector<ErrorPiece> pieces() const;

    // Prefix context while an error travels outwards: "trunk.bin: " + message.
    Status withContext(const std::string &context) const;
    template <typename... Args>
    Status withContext(ErrorTemplate tmpl, const Args &...args) const
    {
        return withContextPiece(ErrorPiece{tmpl.text, {errorArg(args)...}, {}});
    }

private:
    struct Structure {
        std::vector<ErrorPiece> contexts; // outermost first
        ErrorPiece error;
    };
    Status withContextPiece(ErrorPiece piece) const;

    ErrorCode m_code = ErrorCode::Ok;
    std::string m_message;
    // Shared and immutable: only errors pay for it, copies stay cheap.
    std::shared_ptr<const Structure> m_structure;
};

inline Status makeError(ErrorCode code, std::string message) { return Status(code, std::move(message)); }

// makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: bad magic"), path)
template <typename... Args>
Status makeError(ErrorCode code, ErrorTemplate tmpl, const Args &...args)
{
    return Status(code, tmpl, {errorArg(args)...});
}

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
