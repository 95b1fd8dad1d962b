#include "util/status.h"

namespace sluice {

std::string renderErrorTemplate(std::string_view text, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(text.size() + 16 * args.size());
    for (size_t i = 0; i < text.size(); ++i) {
        // One pass, so an argument that itself holds "%2" is never substituted again.
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9') {
            size_t n = size_t(text[i + 1] - '0');
            size_t end = i + 2;
            if (end < text.size() && text[end] >= '0' && text[end] <= '9') {
                n = n * 10 + size_t(text[end] - '0');
                ++end;
            }
            if (n <= args.size()) {
                out += args[n - 1];
                i = end - 1;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

std::string renderErrorPiece(const ErrorPiece &piece)
{
    return piece.text ? renderErrorTemplate(piece.text, piece.args) : piece.plain;
}

Status::Status(ErrorCode code, ErrorTemplate tmpl, std::vector<std::string> args)
    : m_code(code)
{
    auto s = std::make_shared<Structure>();
    s->error = ErrorPiece{tmpl.text, std::move(args), {}};
    m_message = renderErrorPiece(s->error);
    m_structure = std::move(s);
}

std::vector<ErrorPiece> Status::pieces() const
{
    if (isOk())
        return {};
    if (!m_structure)
        return {ErrorPiece{nullptr, {}, m_message}};
    std::vector<ErrorPiece> out = m_structure->contexts;
    out.push_back(m_structure->error);
    return out;
}

Status Status::withContext(const std::string &context) const
{
    return withContextPiece(ErrorPiece{nullptr, {}, context});
}

Status Status::withContextPiece(ErrorPiece piece) const
{
    if (isOk())
        return *this;
    auto s = std::make_shared<Structure>();
    if (m_structure) {
        *s = *m_structure;
    } else {
        s->error.plain = m_message;
    }
    Status out(m_code, renderErrorPiece(piece) + ": " + m_message);
    s->contexts.insert(s->contexts.begin(), std::move(piece));
    out.m_structure = std::move(s);
    return out;
}

} // namespace sluice
