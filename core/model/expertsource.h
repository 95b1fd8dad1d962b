#pragma once
// Where the forward pass gets expert records from. The engine plugs in the
// stream module's cache; tests plug in their own. Whatever the source, the
// bytes are the same, so results never depend on it.
//
// acquire() hands out an ExpertRecord: a move-only handle that gives the
// record back to its source when it is released or destroyed, so no path out
// of the forward pass (an error mid-layer included) can leave a record held.
#include "kernels/mxfp4.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

namespace sluice::model {

struct ExpertRecordRef {
    const uint8_t *data = nullptr; // the whole record, rec_bytes long
    size_t bytes = 0;
    uint64_t token = 0; // source-private handle for release()
    // Set by a source whose record the forward pass may rewrite in place into
    // an equivalent form (MoeBlock: VQ indices stage-planar), with a byte to
    // note what it rewrote; the note is zero whenever the bytes are as stored.
    // Null: the bytes are read-only (tests' sources, release experts).
    uint8_t *writable = nullptr;
    uint8_t *note = nullptr;
};

class ExpertSource;

class ExpertRecord {
public:
    ExpertRecord() = default;
    ExpertRecord(ExpertSource *source, const ExpertRecordRef &ref) : m_source(source), m_ref(ref) {}
    ExpertRecord(ExpertRecord &&other) noexcept
        : m_source(std::exchange(other.m_source, nullptr)), m_ref(other.m_ref)
    {
    }
    ExpertRecord &operator=(ExpertRecord &&other) noexcept
    {
        if (this != &other) {
            release();
            m_source = std::exchange(other.m_source, nullptr);
            m_ref = other.m_ref;
        }
        return *this;
    }
    ExpertRecord(const ExpertRecord &) = delete;
    ExpertRecord &operator=(const ExpertRecord &) = delete;
    ~ExpertRecord() { release(); }

    const ExpertRecordRef &ref() const { return m_ref; }
    const uint8_t *data() const { return m_ref.data; }
    size_t bytes() const { return m_ref.bytes; }
    explicit operator bool() const { return m_source != nullptr; }
    // Gives the record back now (idempotent).
    inline void release();

private:
    ExpertSource *m_source = nullptr;
    ExpertRecordRef m_ref;
};

class ExpertSource {
public:
    virtual ~ExpertSource() = default;
    // The experts of `layer` in the order they will be consumed (read-ahead).
    virtual void hint(int layer, std::span<const int> experts) { (void)layer, (void)experts; }
    // Router lookahead: likely experts of `layer`; never counted as misses.
    virtual void speculate(int layer, std::span<const int> experts) { (void)layer, (void)experts; }
    // Blocks until the record is available. Errors name (layer, expert).
    // Implementations return ExpertRecord(this, ref).
    virtual Expected<ExpertRecord> acquire(int layer, int expert) = 0;
    // The same demand without waiting for the bytes (a source that cannot
    // tell waits here): the record may be pending until ready() says so or
    // waitReady() returns. Its bytes must not be read before.
    // Decode's lanes call ready(), waitReady() and a record's release from
    // several compute threads at once, each on its own record (ready and
    // release never at once); hints, claims and acquires come from one.
    virtual Expected<ExpertRecord> claim(int layer, int expert) { return acquire(layer, expert); }
    virtual bool ready(const ExpertRecord &record) const { return (void)record, true; }
    virtual Status waitReady(const ExpertRecord &record) { return (void)record, Status::ok(); }

protected:
    friend class ExpertRecord;
    // Called exactly once per acquired record, by its handle.
    virtual void release(const ExpertRecordRef &ref) = 0;
};

inline void ExpertRecord::release()
{
    if (ExpertSource *source = std::exchange(m_source, nullptr))
        source->release(m_ref);
}

// The three matrices of one record (spec 4.5), or of one release expert
// read straight from the shards (issue 11): MXFP4 (K3) or bf16 (Kimi-Linear)
// views into the slot, gate / up / down.
enum class ExpertRecordKind { Vq, Mxfp4, Bf16 };

struct ExpertMatrices {
    VqMatrixView gate, up, down;
    int codebookId = 0;
    ExpertRecordKind kind = ExpertRecordKind::Vq;
    kernels::Mxfp4MatrixView mx[3];
    TrunkMatrixView bf[3];
};

} // namespace sluice::model
