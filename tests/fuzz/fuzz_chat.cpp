// Fuzzes the app's chat files (gui/chat/chatstore: one JSON document per chat):
// any bytes give a chat or a reason, never a crash or undefined behaviour;
// an accepted chat survives a write/read round trip unchanged.
#include "chat/chatstore.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace sluice::gui;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QJsonParseError pe{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return 0;
    Chat chat;
    QString error;
    if (!chatFromJson(doc.object(), &chat, &error))
        return 0;
    // What the app writes back must read back as the same chat.
    const QJsonObject written = chatToJson(chat);
    Chat again;
    if (!chatFromJson(written, &again, &error))
        __builtin_trap();
    if (chatToJson(again) != written)
        __builtin_trap();
    (void)chatToMarkdown(again);
    return 0;
}
