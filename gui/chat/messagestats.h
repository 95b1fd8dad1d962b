#pragma once
// How a reply's statistics and finish reason are stored and shown. The finish
// reason is kept in the chat file as a language-neutral code and translated
// only when shown, so switching the language retranslates old messages.
#include "chat/chatstore.h"
#include "qt/enginetypes.h"

namespace sluice::gui {

// "length", "end", "stop-string", "stopped", "context-full", "error".
QString stopReasonCode(StopReason reason);
// The shown words for a stored code; an unknown value (a chat written by an
// older version stored the words themselves) is shown as it is.
QString stopReasonLabel(const QString &code);
// One line under a reply: tokens, speed, first token, hit rate, disk, RAM,
// finish reason. A reply stopped before its first token says only that.
QString messageStatsText(const MessageStats &stats);

} // namespace sluice::gui
