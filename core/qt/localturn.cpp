#include "qt/localturn.h"

#include <algorithm>

namespace sluice::qt {

TurnMeter::TurnMeter(LiveStats &live)
    : m_live(live)
{
}

QString TurnMeter::add(const GeneratedToken &token)
{
    m_meter.add(token.stats);
    const uint64_t budget = m_live.budgetBytes, cache = m_live.expertCacheBytes;
    m_live = m_meter.figures();
    m_live.budgetBytes = budget;
    m_live.expertCacheBytes = cache;

    m_pending += token.text;
    const size_t complete = completeUtf8Prefix(m_pending);
    if (complete == 0)
        return QString();
    const QString text = QString::fromUtf8(m_pending.data(), static_cast<qsizetype>(complete));
    m_pending.erase(0, complete);
    return text;
}

QString TurnMeter::flush()
{
    const QString text = QString::fromUtf8(m_pending.data(), static_cast<qsizetype>(m_pending.size()));
    m_pending.clear();
    return text;
}

int dropOldestToFit(GenerateRequest &request, int context, const RenderedLength &renderedLength)
{
    int images = 0;
    const int dropped =
        dropOldestTurns(request.messages, context, request.sampling.maxTokens, renderedLength, &images);
    request.images.erase(request.images.begin(),
                         request.images.begin() + std::min<qsizetype>(images, request.images.size()));
    return dropped;
}

} // namespace sluice::qt
