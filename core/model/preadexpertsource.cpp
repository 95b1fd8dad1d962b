#include "model/preadexpertsource.h"

#include <fcntl.h>
#include <unistd.h>

namespace sluice::model {

Expected<std::unique_ptr<PreadExpertSource>> PreadExpertSource::open(const Container &container, bool verifyCrc)
{
    std::unique_ptr<PreadExpertSource> s(new PreadExpertSource(container));
    s->m_verify = verifyCrc;
    const int nLayers = container.config().nLayers;
    s->m_fds.assign(size_t(nLayers), -1);
    for (int L = 0; L < nLayers; ++L) {
        const ExpertBank bank = container.expertLayer(L);
        if (bank.experts == 0)
            continue;
        const int fd = ::open(bank.path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return makeError(ErrorCode::NotFound, bank.path + ": cannot open expert bank");
        s->m_fds[size_t(L)] = fd;
        s->m_bufferBytes = std::max(s->m_bufferBytes, bank.recordBytes);
    }
    s->m_buffer = makeAligned<uint8_t>(std::max<uint64_t>(s->m_bufferBytes, 4096), 4096);
    if (!s->m_buffer)
        return makeError(ErrorCode::Budget, "cannot allocate the expert staging buffer");
    return s;
}

PreadExpertSource::~PreadExpertSource()
{
    for (int fd : m_fds) {
        if (fd >= 0)
            ::close(fd);
    }
}

Expected<ExpertRecordRef> PreadExpertSource::acquire(int layer, int expert)
{
    const std::string where = "layer " + std::to_string(layer) + ", expert " + std::to_string(expert);
    if (layer < 0 || size_t(layer) >= m_fds.size() || m_fds[size_t(layer)] < 0)
        return makeError(ErrorCode::InvalidArgument, where + ": no expert bank");
    if (m_busy)
        return makeError(ErrorCode::Internal, where + ": staging buffer still in use");
    const ExpertBank bank = m_container.expertLayer(layer);
    if (expert < 0 || expert >= bank.experts)
        return makeError(ErrorCode::InvalidArgument, where + ": expert id out of range");
    SLUICE_TRY(preadFully(m_fds[size_t(layer)], m_buffer.get(), bank.recordBytes,
                          uint64_t(expert) * bank.recordBytes, where));
    const ExpertLayout &layout = m_container.expertLayout(layer);
    SLUICE_TRY(validateRecordHeader(m_buffer.get(), bank.recordBytes, layer, expert, layout));
    if (m_verify)
        SLUICE_TRY(verifyRecordCrc(m_buffer.get(), bank.recordBytes, layer, expert, layout));
    m_bytesRead += bank.recordBytes;
    ++m_reads;
    m_busy = true;
    return ExpertRecordRef{m_buffer.get(), size_t(bank.recordBytes), 0};
}

void PreadExpertSource::release(const ExpertRecordRef &)
{
    m_busy = false;
}

} // namespace sluice::model
