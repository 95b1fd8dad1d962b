// Fuzzes the session file validator (model::checkSessionBytes) against a small
// hybrid KDA/MLA shape: every input must be accepted with a position inside
// the context or refused with a Status, never read out of bounds. An accepted
// file holds only finite state.
#include "model/session.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sluice::ModelConfig cfg;
    cfg.nLayers = 3;
    cfg.hidden = 16;
    cfg.vocab = 64;
    cfg.kdaHeads = 2;
    cfg.kdaHeadDim = 4;
    cfg.convKernel = 4;
    cfg.nHeads = 2;
    cfg.kvLoraRank = 8;
    cfg.qkRopeDim = 4;
    cfg.layerIsKda = {true, false, true};
    const int ctx = 8;
    const uint64_t fingerprint = 0x1234;
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    auto pos = sluice::model::checkSessionBytes(bytes, cfg, ctx, fingerprint, "fuzz: ");
    if (pos.isOk() && (*pos < 0 || *pos > ctx))
        __builtin_trap();
    // The same bytes with a valid checksum appended reach the deeper checks.
    if (size >= 8) {
        std::string fixed(bytes.substr(0, size - 8));
        const uint64_t sum = sluice::model::fnv1a64(fixed.data(), fixed.size());
        fixed.append(reinterpret_cast<const char *>(&sum), 8);
        auto again = sluice::model::checkSessionBytes(fixed, cfg, ctx, fingerprint, "fuzz: ");
        if (again.isOk() && (*again < 0 || *again > ctx))
            __builtin_trap();
    }
    return 0;
}
