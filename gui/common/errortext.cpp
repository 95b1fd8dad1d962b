#include "common/errortext.h"

#include <QCoreApplication>

namespace sluice::gui {

QString errorText(const qt::ErrorText &error)
{
    QString out;
    bool first = true;
    for (const qt::ErrorText::Piece &p : error.pieces) {
        // Not QString::arg: an argument holding "%1" (a path) must not be substituted again.
        const QString piece = p.source.isEmpty()
            ? p.plain
            : qt::substituteErrorArgs(QCoreApplication::translate("Error", p.source.constData()), p.args);
        // A context and what it prefixes, as the language joins them ("%1 : %2" in French).
        out = first ? piece : qt::substituteErrorArgs(QCoreApplication::translate("Error", "%1: %2"), {out, piece});
        first = false;
    }
    return out;
}

QString errorText(const Status &status)
{
    return status.isOk() ? QString() : errorText(qt::ErrorText::fromStatus(status));
}

} // namespace sluice::gui
