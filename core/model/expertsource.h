#pragma once
// Where the forward pass gets expert records from. The engine plugs in the
// stream module's cache; tests and the simple path use a plain pread reader.
// Whatever the source, the bytes are the same, so results never depend on it.
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace sluice::model {

struct ExpertRecordRef {
    const uint8_t *data = nullptr; // the whole record, rec_bytes long
    size_t bytes = 0;
    uint64_t token = 0; // source-private handle for release()
};

class ExpertSource {
public:
    virtual ~ExpertSource() = default;
    // The experts of `layer` in the order they will be consumed (read-ahead).
    virtual void hint(int layer, std::span<const int> experts) { (void)layer, (void)experts; }
    // Router lookahead: likely experts of `layer`; never counted as misses.
    virtual void speculate(int layer, std::span<const int> experts) { (void)layer, (void)experts; }
    // Blocks until the record is available. Errors name (layer, expert).
    virtual Expected<ExpertRecordRef> acquire(int layer, int expert) = 0;
    virtual void release(const ExpertRecordRef &ref) = 0;
};

// The three matrices of one record (spec 4.5).
struct ExpertMatrices {
    VqMatrixView gate, up, down;
    int codebookId = 0;
};

} // namespace sluice::model
