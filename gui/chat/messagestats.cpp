#include "chat/messagestats.h"

#include "common/uihelpers.h"

#include <QCoreApplication>

namespace sluice::gui {

namespace {
struct StopCode {
    StopReason reason;
    const char *code;
    const char *words; // translated in the "sluice::qt" context, as before
};
constexpr StopCode kStopCodes[] = {
    {StopReason::MaxTokens, "length", QT_TRANSLATE_NOOP("sluice::qt", "length limit reached")},
    {StopReason::EndOfSequence, "end", QT_TRANSLATE_NOOP("sluice::qt", "end of reply")},
    {StopReason::StopString, "stop-string", QT_TRANSLATE_NOOP("sluice::qt", "stop string")},
    {StopReason::Cancelled, "stopped", QT_TRANSLATE_NOOP("sluice::qt", "stopped")},
    {StopReason::ContextFull, "context-full", QT_TRANSLATE_NOOP("sluice::qt", "context full")},
    {StopReason::Error, "error", QT_TRANSLATE_NOOP("sluice::qt", "error")},
};
} // namespace

QString stopReasonCode(StopReason reason)
{
    for (const StopCode &c : kStopCodes)
        if (c.reason == reason)
            return QString::fromLatin1(c.code);
    return QStringLiteral("error");
}

QString stopReasonLabel(const QString &code)
{
    for (const StopCode &c : kStopCodes) {
        // Older chats stored the English words: they translate too.
        if (code == QLatin1String(c.code) || code == QLatin1String(c.words))
            return QCoreApplication::translate("sluice::qt", c.words);
    }
    return code;
}

QString messageStatsText(const MessageStats &s)
{
    if (!s.valid)
        return {};
    QString reason = stopReasonLabel(s.stopReason);
    if (!s.errorText.isEmpty())
        reason = QObject::tr("error: %1").arg(s.errorText);
    if (s.tokens == 0 && !reason.isEmpty())
        return reason; // nothing was generated: zero statistics would say nothing
    QStringList parts;
    parts << QObject::tr("%n token(s)", nullptr, s.tokens);
    parts << QObject::tr("%1 tok/s").arg(formatNumber(s.tokensPerSecond, 2));
    parts << QObject::tr("first token %1 s").arg(formatNumber(s.timeToFirstToken, 2));
    if (s.hitRate >= 0) { // negative: not measured (a remote server's reply)
        parts << QObject::tr("hit rate %1%").arg(formatNumber(s.hitRate * 100.0, 1));
        parts << QObject::tr("disk %1 GB/s").arg(formatNumber(s.diskGBps, 2));
    }
    if (s.budgetBytes)
        parts << QObject::tr("RAM %1 of %2").arg(formatBytes(s.residentBytes), formatBytes(s.budgetBytes));
    if (!reason.isEmpty())
        parts << reason;
    return parts.join(QStringLiteral(" · "));
}

} // namespace sluice::gui
