// ContextPolicy::Fit (api/chat.h): leave out the oldest whole turns.
#include "api/chat.h"

#include <algorithm>

namespace sluice {

int dropOldestTurns(std::vector<ChatMessage> &m, int context, int room, const RenderedLength &renderedLength,
                    int *droppedImages)
{
    size_t first = 0; // system messages stay
    while (first < m.size() && m[first].role == "system")
        ++first;
    int dropped = 0, images = 0;
    room = std::max(0, room);
    while (int64_t(renderedLength(m)) + room > context) {
        // Keep the last user message (the turn being asked) and what follows it.
        size_t lastUser = m.size();
        for (size_t i = m.size(); i-- > first;)
            if (m[i].role == "user") {
                lastUser = i;
                break;
            }
        if (lastUser <= first || lastUser == m.size())
            break;
        // One whole turn: the first message, then up to the next user message.
        size_t end = first + 1;
        while (end < lastUser && m[end].role != "user")
            ++end;
        for (size_t i = first; i < end; ++i)
            images += std::max(0, m[i].imageCount);
        m.erase(m.begin() + ptrdiff_t(first), m.begin() + ptrdiff_t(end));
        dropped += int(end - first);
    }
    if (droppedImages)
        *droppedImages = images;
    return dropped;
}

} // namespace sluice
