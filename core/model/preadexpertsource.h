#pragma once
// The simplest ExpertSource: one positional read per acquire into a buffer,
// validated (and CRC-checked on request) before the forward pass sees it. No
// cache: used until/unless the stream module's ExpertCache is plugged in, and
// by tests as the "cache off" reference.
#include "format/container.h"
#include "model/expertsource.h"
#include "util/aligned.h"

#include <vector>

namespace sluice::model {

class PreadExpertSource : public ExpertSource {
public:
    static Expected<std::unique_ptr<PreadExpertSource>> open(const Container &container, bool verifyCrc);
    ~PreadExpertSource() override;

    Expected<ExpertRecordRef> acquire(int layer, int expert) override;
    void release(const ExpertRecordRef &ref) override;

    uint64_t bytesRead() const { return m_bytesRead; }
    uint64_t reads() const { return m_reads; }

private:
    PreadExpertSource(const Container &c) : m_container(c) {}
    const Container &m_container;
    bool m_verify = false;
    std::vector<int> m_fds; // per layer, -1 without a bank
    AlignedPtr<uint8_t> m_buffer;
    uint64_t m_bufferBytes = 0;
    bool m_busy = false;
    uint64_t m_bytesRead = 0;
    uint64_t m_reads = 0;
};

} // namespace sluice::model
