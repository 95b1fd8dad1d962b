#include "qt/errortext.h"

namespace sluice::qt {

namespace {

// Spies and logs that read the signal's argument as text get the English
// message (QVariant::toString), as they did when it was a QString.
void registerErrorTextConversion()
{
    QMetaType::registerConverter<ErrorText, QString>(&ErrorText::english);
}
Q_CONSTRUCTOR_FUNCTION(registerErrorTextConversion)

} // namespace

ErrorText ErrorText::fromStatus(const Status &status)
{
    ErrorText out;
    for (const ErrorPiece &p : status.pieces()) {
        Piece piece;
        if (p.text) {
            piece.source = QByteArray(p.text);
            for (const std::string &a : p.args)
                piece.args << QString::fromStdString(a);
        } else {
            piece.plain = QString::fromStdString(p.plain);
        }
        out.pieces << piece;
    }
    return out;
}

ErrorText ErrorText::plainText(const QString &text)
{
    ErrorText out;
    if (!text.isEmpty())
        out.pieces << Piece{{}, {}, text};
    return out;
}

QString ErrorText::english() const
{
    QStringList parts;
    for (const Piece &p : pieces)
        parts << (p.source.isEmpty() ? p.plain : substituteErrorArgs(QString::fromUtf8(p.source), p.args));
    return parts.join(QStringLiteral(": "));
}

QString substituteErrorArgs(const QString &text, const QStringList &args)
{
    QString out;
    out.reserve(text.size() + 16 * args.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1) >= QLatin1Char('1')
            && text.at(i + 1) <= QLatin1Char('9')) {
            qsizetype n = text.at(i + 1).unicode() - '0';
            qsizetype end = i + 2;
            if (end < text.size() && text.at(end).isDigit() && text.at(end).unicode() < 128) {
                n = n * 10 + (text.at(end).unicode() - '0');
                ++end;
            }
            if (n <= args.size()) {
                out += args.at(n - 1);
                i = end - 1;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace sluice::qt
