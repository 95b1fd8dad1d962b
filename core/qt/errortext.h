#pragma once
// An engine error on its way to a Qt client, kept as the library made it
// (util/status.h): the context prefixes and the error, each a message template
// with its arguments or plain text. The client renders it in its language
// (the GUI: gui/common/errortext.h, translation context "Error"); english() is
// the library's own message(), byte for byte.
#include "util/status.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace sluice::qt {

struct ErrorText {
    struct Piece {
        QByteArray source; // the English template ("%1: no such file"); empty for plain text
        QStringList args;
        QString plain; // shown as it is: a path, a file name, a message not made translatable yet
    };
    QList<Piece> pieces; // outermost context first, the error last

    static ErrorText fromStatus(const Status &status);
    // Text the adapter has already worded (or nothing): shown as it is.
    static ErrorText plainText(const QString &text);

    bool isEmpty() const { return pieces.isEmpty(); }
    // The pieces rendered with their English templates and joined by ": ".
    QString english() const;
};

// "%1 of %2" with {"a", "b"} -> "a of b", in one pass (an argument holding "%2"
// stays as it is); the same rule as the library's renderErrorTemplate.
QString substituteErrorArgs(const QString &text, const QStringList &args);

} // namespace sluice::qt

Q_DECLARE_METATYPE(sluice::qt::ErrorText)
