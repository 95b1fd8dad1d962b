// Session: prefix reuse over a per-session ForwardPass (api/session.h).
//
// The history records, per position, the id that was fed and, for image
// positions, which image (pixel hash) and which of its rows. A request is
// expanded the same way; the longest common prefix of the two is what the
// state may keep. MLA latents past a position are simply overwritten later
// (truncation is setPosition); the KDA recurrent and conv state only exist
// for the current position, so rolling back means restoring a checkpoint.
#include "model/sessionimpl.h"

#include "api/constraint.h"

#include "util/finite.h"

#include "text/chatformat.h"
#include "text/sampler.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace sluice::model {

namespace {

using Clock = std::chrono::steady_clock; // since() is blockcontext.h's

// Per-position identity: 0 for text, else the image's hash mixed with the row.
std::vector<uint64_t> positionKeys(size_t n, const std::vector<ImageSpan> &spans)
{
    std::vector<uint64_t> keys(n, 0);
    for (const ImageSpan &s : spans)
        for (int r = 0; r < s.identity.tokens && size_t(s.start + r) < n; ++r)
            keys[size_t(s.start + r)] = (s.identity.pixelHash ^ (uint64_t(s.identity.tokens) << 40)) + uint64_t(r) * 0x9E3779B97F4A7C15ull + 1;
    return keys;
}

// The start of the span strictly containing `pos` (start < pos < end), else pos.
int spanBoundaryAtOrBefore(const std::vector<ImageSpan> &spans, int pos)
{
    for (const ImageSpan &s : spans)
        if (s.start < pos && pos < s.start + s.identity.tokens)
            return s.start;
    return pos;
}

void addStats(TokenStats &total, const TokenStats &s)
{
    total.bytesRead += s.bytesRead;
    total.demandMisses += s.demandMisses;
    total.demandHits += s.demandHits;
    total.speculativeUsed += s.speculativeUsed;
    total.speculativeWasted += s.speculativeWasted;
    total.tokenSeconds += s.tokenSeconds;
    total.attentionSeconds += s.attentionSeconds;
    total.expertLutBuildSeconds += s.expertLutBuildSeconds;
    total.expertApplySeconds += s.expertApplySeconds;
    total.trunkSeconds += s.trunkSeconds;
    total.lmHeadSeconds += s.lmHeadSeconds;
    total.ioWaitSeconds += s.ioWaitSeconds;
    total.readBusySeconds += s.readBusySeconds;
    total.trunkWaitSeconds += s.trunkWaitSeconds;
    total.residentBytes = s.residentBytes;
}

} // namespace

SessionImpl::SessionImpl(std::shared_ptr<ModelImpl> model, int contextLength, int checkpoints)
    : m_model(std::move(model))
    , m_cfg(m_model->config())
    , m_maxCheckpoints(checkpoints)
{
    ForwardHooks hooks;
    ModelImpl *mi = m_model.get();
    // An image position takes the next row of the images being fed (in
    // prefill chunks and single-token steps alike); otherwise the table row.
    hooks.embed = [this, mi](int token, float *out) {
        if (!m_feedRows.empty() && token == m_cfg.mediaPadId) {
            const std::vector<float> &rows = *m_feedRows.front();
            const size_t width = size_t(m_cfg.hidden);
            std::copy_n(rows.data() + size_t(m_feedRow) * width, width, out);
            if (size_t(++m_feedRow) * width >= rows.size()) {
                m_feedRows.pop_front();
                m_feedRow = 0;
            }
            return Status::ok();
        }
        return mi->readEmbeddingRow(token, out);
    };
    const WeightStore *store = &m_model->store();
    hooks.codebooks = [store](int layer, int kind, int codebookId) { return store->codebooks(layer, kind, codebookId); };
    hooks.parseRecord = [store](int layer, int expert, const ExpertRecordRef &rec) {
        return store->expertMatrices(layer, expert, rec);
    };
    hooks.replay = m_model->replayHook();
    hooks.route = m_model->routeHook();
    m_forward = std::make_unique<ForwardPass>(m_cfg, m_model->weights(), std::move(hooks), contextLength,
                                              m_model->sessionChunkCapacity());
    m_forward->setLayerSource(m_model->trunkStreamer());
    m_forward->setThreadPool(m_model->pool());
    m_forward->setExpertSource(&m_model->source());
    m_forward->setLookahead(m_model->lookahead());
    m_forward->setCancelFlag(&m_cancel);
}

SessionImpl::~SessionImpl()
{
    m_forward.reset();
    m_model->releaseSession();
}

std::vector<int> SessionImpl::tokens() const
{
    std::vector<int> out;
    out.reserve(m_history.ids.size());
    size_t next = 0;
    for (size_t p = 0; p < m_history.ids.size(); ++p) {
        if (next < m_history.images.size() && int(p) > m_history.images[next].start &&
            int(p) < m_history.images[next].start + m_history.images[next].identity.tokens)
            continue; // rows after an image's first collapse into its one pad
        if (next < m_history.images.size() && int(p) == m_history.images[next].start + m_history.images[next].identity.tokens - 1)
            ++next;
        out.push_back(m_history.ids[p]);
    }
    return out;
}

void SessionImpl::reset()
{
    m_forward->reset();
    m_history = {};
    m_imageSources.clear();
    m_feedRows.clear();
    m_feedRow = 0;
    m_damaged = false;
}

std::vector<std::pair<int, int>> SessionImpl::imageSizes() const
{
    std::vector<std::pair<int, int>> out;
    for (const ImageSpan &s : m_history.images)
        out.emplace_back(s.identity.width, s.identity.height);
    for (const ImageRef &r : m_queue)
        out.emplace_back(r.identity.width, r.identity.height);
    return out;
}

std::vector<std::pair<int, int>> SessionImpl::queuedImageSizes() const
{
    std::vector<std::pair<int, int>> out;
    for (const ImageRef &r : m_queue)
        out.emplace_back(r.identity.width, r.identity.height);
    return out;
}

std::vector<int> SessionImpl::imagePrompt(const std::string &text) const
{
    std::vector<std::pair<int, int>> sizes;
    for (const ImageRef &r : m_queue)
        sizes.emplace_back(r.identity.width, r.identity.height);
    return m_model->imagePrompt(sizes, text);
}

Status SessionImpl::addImage(const std::string &path)
{
    if (!m_model->images())
        return makeError(ErrorCode::Unsupported, m_model->info().visionDisabledReason);
    auto bytes = ImageEncoder::readFile(path);
    if (!bytes)
        return bytes.status();
    return queueImage(*bytes, ImageSource{path, nullptr});
}

Status SessionImpl::addImage(std::shared_ptr<const std::vector<uint8_t>> bytes, const std::string &name)
{
    if (!m_model->images())
        return makeError(ErrorCode::Unsupported, m_model->info().visionDisabledReason);
    if (!bytes || bytes->empty())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: no bytes"),
            (name.empty() ? std::string("image") : name));
    const std::vector<uint8_t> &data = *bytes;
    return queueImage(data, ImageSource{name, std::move(bytes)});
}

Status SessionImpl::queueImage(const std::vector<uint8_t> &bytes, ImageSource source)
{
    ImageEncoder *enc = m_model->images();
    if (int(m_queue.size()) >= vision::kDefaultImageQueue)
        return makeError(ErrorCode::Budget,
            SLUICE_ERRT("Error", "image queue full: %1 images are waiting for a prompt"), vision::kDefaultImageQueue);
    m_cancel.store(false);
    const std::lock_guard lock(m_model->computeMutex()); // one computation per model at a time
    const uint64_t fileHash = ImageEncoder::fileHash(bytes);
    ImageRef ref;
    ref.source = std::move(source);
    // An image the state already holds is neither decoded nor encoded again.
    for (const ImageSpan &s : m_history.images) {
        if (s.identity.fileHash == fileHash) {
            ref.identity = s.identity;
            m_queue.push_back(std::move(ref));
            return Status::ok();
        }
    }
    auto prepared = enc->prepare(bytes, fileHash, ref.source.name);
    if (!prepared)
        return prepared.status();
    auto rows = enc->encode(*prepared, &m_cancel);
    if (!rows)
        return rows.status().withContext(ref.source.name);
    ref.identity = prepared->identity;
    ref.rows = std::make_shared<std::vector<float>>(std::move(*rows));
    m_queue.push_back(std::move(ref));
    return Status::ok();
}

Status SessionImpl::ensureRows(ImageRef &ref)
{
    if (ref.rows)
        return Status::ok();
    ImageEncoder *enc = m_model->images();
    if (!enc)
        return makeError(ErrorCode::Unsupported, m_model->info().visionDisabledReason);
    const ImageSource &src = ref.source;
    if (!src.bytes && src.name.empty())
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT(
                "Error", "an image of this session must be computed again but its file is unknown (add it again)"));
    std::vector<uint8_t> fromFile;
    if (!src.bytes) {
        auto bytes = ImageEncoder::readFile(src.name);
        if (!bytes)
            return bytes.status();
        fromFile = std::move(*bytes);
    }
    const std::vector<uint8_t> &bytes = src.bytes ? *src.bytes : fromFile;
    auto prepared = enc->prepare(bytes, ImageEncoder::fileHash(bytes), src.name);
    if (!prepared)
        return prepared.status();
    if (!(prepared->identity == ref.identity))
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: the image file changed since it was added"), src.name);
    auto rows = enc->encode(*prepared, &m_cancel);
    if (!rows)
        return rows.status().withContext(src.name);
    ref.rows = std::make_shared<std::vector<float>>(std::move(*rows));
    return Status::ok();
}

Expected<SessionImpl::Expanded> SessionImpl::expand(std::span<const int> compact, bool append) const
{
    Expanded e;
    const int pad = m_cfg.mediaPadId;
    const bool vision = m_model->images() != nullptr && pad >= 0;
    const int pads = vision ? int(std::count(compact.begin(), compact.end(), pad)) : 0;
    const int queued = int(m_queue.size());
    const int held = int(m_history.images.size());
    // Which image each pad stands for (api/session.h).
    std::vector<ImageRef> list;
    if (pads > 0) {
        if (append || queued >= pads) {
            if (pads > queued)
                return makeError(ErrorCode::InvalidArgument,
                    SLUICE_ERRT("Error",
                        "the prompt has %1 <|media_pad|> token(s) but %2 image(s) are queued (add one image per pad, "
                        "in order)"),
                    pads, queued);
            list.assign(m_queue.begin(), m_queue.begin() + pads);
            e.imagesFromQueue = pads;
        } else if (held + queued == pads) {
            for (int i = 0; i < held; ++i)
                list.push_back({m_history.images[size_t(i)].identity, m_imageSources[size_t(i)], nullptr});
            list.insert(list.end(), m_queue.begin(), m_queue.end());
            e.imagesFromQueue = queued;
        } else {
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error",
                    "the prompt has %1 <|media_pad|> token(s) but %2 image(s) are queued and %3 held by the session "
                    "(queue every image of the sequence, or only the new ones)"),
                pads, queued, held);
        }
    }
    const int base = append ? position() : 0;
    size_t next = 0;
    for (int t : compact) {
        if (!(vision && t == pad)) {
            e.ids.push_back(t);
            continue;
        }
        ImageRef &ref = list[next++];
        e.spans.push_back({base + int(e.ids.size()), ref.identity});
        e.ids.insert(e.ids.end(), size_t(ref.identity.tokens), pad);
        e.refs.push_back(ref);
    }
    return e;
}

void SessionImpl::truncateTo(int pos, const Checkpoint *from)
{
    if (from) {
        restoreKdaState(m_cfg, from->kda, *m_forward);
        m_forward->setPosition(from->position);
        pos = from->position;
    } else if (pos == 0) {
        m_forward->reset();
    } else {
        // Only without recurrent state (see prefill): MLA latents truncate.
        m_forward->setPosition(pos);
    }
    m_history.ids.resize(size_t(pos));
    while (!m_history.images.empty() &&
           m_history.images.back().start + m_history.images.back().identity.tokens > pos) {
        m_history.images.pop_back();
        m_imageSources.pop_back();
    }
    m_history.lastLogits = from ? from->logits : std::vector<float>{};
    while (!m_history.checkpoints.empty() && m_history.checkpoints.back().position > pos)
        m_history.checkpoints.pop_back();
    m_feedRows.clear();
    m_feedRow = 0;
    m_damaged = false;
}

void SessionImpl::addCheckpoint()
{
    if (m_maxCheckpoints <= 0 || m_damaged)
        return;
    if (!m_history.checkpoints.empty() && m_history.checkpoints.back().position == position()) {
        m_history.checkpoints.back().logits = m_history.lastLogits;
        return;
    }
    Checkpoint c;
    c.position = position();
    copyKdaState(m_cfg, *m_forward, c.kda);
    c.logits = m_history.lastLogits;
    // Bounded (the planner and the ledger count m_maxCheckpoints): oldest first out.
    while (int(m_history.checkpoints.size()) >= m_maxCheckpoints)
        m_history.checkpoints.erase(m_history.checkpoints.begin());
    m_history.checkpoints.push_back(std::move(c));
}

namespace {

// A prefill's chunk scratch, borrowed from the expert cache for one feed and
// given back when the feed ends, after its last logits were read
// (ModelImpl::borrowPrefillScratch). The capacity never changes a bit.
class BorrowedPrefillScratch {
public:
    BorrowedPrefillScratch(ModelImpl &model, ForwardPass &forward, int tokens) : m_model(model), m_forward(forward)
    {
        const int chunk = model.borrowPrefillScratch(tokens);
        m_borrowed = chunk != forward.chunkCapacity();
        forward.setChunkCapacity(chunk);
    }
    ~BorrowedPrefillScratch()
    {
        if (!m_borrowed)
            return;
        m_forward.setChunkCapacity(m_model.sessionChunkCapacity()); // frees the scratch first
        m_model.returnPrefillScratch();
    }
    BorrowedPrefillScratch(const BorrowedPrefillScratch &) = delete;
    BorrowedPrefillScratch &operator=(const BorrowedPrefillScratch &) = delete;

private:
    ModelImpl &m_model;
    ForwardPass &m_forward;
    bool m_borrowed = false;
};

} // namespace

Status SessionImpl::feed(const Expanded &target, std::vector<float> *logits, bool all, int chunk,
                         const PrefillProgress &progress, int *encoded)
{
    const int start = position();
    const int total = int(target.ids.size());
    const int vocab = m_cfg.vocab;
    if (total > m_forward->contextLength())
        return makeError(ErrorCode::ContextFull, SLUICE_ERRT("Error", "context full: %1 + %2 tokens exceed the context length %3"),
                         start, total - start, m_forward->contextLength());
    // Rows for every image in the computed range, before the state changes:
    // a file that cannot be read again leaves the session as it was.
    std::vector<ImageRef> refs = target.refs;
    std::deque<std::shared_ptr<std::vector<float>>> rows;
    for (size_t i = 0; i < target.spans.size(); ++i) {
        if (target.spans[i].start < start)
            continue;
        if (!refs[i].rows && encoded)
            ++*encoded;
        SLUICE_TRY(ensureRows(refs[i]));
        rows.push_back(refs[i].rows);
    }
    m_feedRows = std::move(rows);
    m_feedRow = 0;
    // "0 of M" before the first chunk: the client can show the total at once
    // and stop before anything changes.
    if (progress && total > start && !progress(0, total - start)) {
        m_feedRows.clear();
        return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "prefill cancelled"));
    }
    if (total > start)
        m_history.lastLogits.clear(); // valid again once the last position is computed
    if (all && logits)
        logits->assign(size_t(total - start) * size_t(vocab), 0.0f);
    const BorrowedPrefillScratch scratch(*m_model, *m_forward, std::min(std::max(chunk, 1), total - start));
    int p = start;
    size_t nextSpan = 0;
    while (nextSpan < target.spans.size() && target.spans[nextSpan].start < start)
        ++nextSpan;
    while (p < total) {
        const int n = std::min(std::max(1, std::min(chunk, kMaxChunk)), total - p);
        float *dst = all && logits ? logits->data() + size_t(p - start) * size_t(vocab) : m_forward->logitsScratch();
        Status st = m_forward->run(target.ids.data() + p, n, dst, all && logits);
        if (!st.isOk()) {
            m_feedRows.clear();
            if (m_forward->stateDamaged())
                m_damaged = true;
            return st;
        }
        // The history follows the state chunk by chunk (a cancelled prefill
        // keeps what was computed).
        m_history.ids.insert(m_history.ids.end(), target.ids.begin() + p, target.ids.begin() + p + n);
        p += n;
        while (nextSpan < target.spans.size() && target.spans[nextSpan].start < p) {
            m_history.images.push_back(target.spans[nextSpan]);
            m_imageSources.push_back(refs[nextSpan].source);
            ++nextSpan;
        }
        if (progress && !progress(p - start, total - start)) {
            m_feedRows.clear();
            m_history.lastLogits.clear();
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "prefill cancelled"));
        }
    }
    m_feedRows.clear();
    if (total > start) {
        const float *last = all && logits ? logits->data() + size_t(total - 1 - start) * size_t(vocab) : m_forward->logitsScratch();
        // NaN/inf logits (weights or state damaged past every load check) end
        // the request with an error; sampling them would emit token 0.
        if (firstNonFinite(last, size_t(vocab)) >= 0)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT(
                    "Error", "non-finite logits at position %1 (the weights or the session state hold inf/NaN)"),
                total - 1);
        m_history.lastLogits.assign(last, last + vocab);
        if (!all && logits)
            *logits = m_history.lastLogits;
    }
    return Status::ok();
}

Status SessionImpl::eval(std::span<const int> tokens, std::vector<float> *lastLogits)
{
    m_cancel.store(false);
    const std::lock_guard lock(m_model->computeMutex()); // one computation per model at a time
    return append(tokens, lastLogits, false, kMaxChunk);
}

Status SessionImpl::evalAll(std::span<const int> tokens, std::vector<float> &allLogits, int chunk)
{
    m_cancel.store(false);
    const std::lock_guard lock(m_model->computeMutex()); // one computation per model at a time
    return append(tokens, &allLogits, true, std::clamp(chunk, 1, kMaxChunk));
}

Status SessionImpl::append(std::span<const int> tokens, std::vector<float> *logits, bool all, int chunk)
{
    if (m_damaged)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "the session was interrupted mid-token; reset it or load a saved session"));
    auto e = expand(tokens, true);
    if (!e)
        return e.status();
    Expanded target;
    target.ids = m_history.ids;
    target.ids.insert(target.ids.end(), e->ids.begin(), e->ids.end());
    target.spans = m_history.images; // already fed: feed() skips them
    for (size_t i = 0; i < m_history.images.size(); ++i)
        target.refs.push_back({m_history.images[i].identity, m_imageSources[i], nullptr});
    target.spans.insert(target.spans.end(), e->spans.begin(), e->spans.end());
    target.refs.insert(target.refs.end(), e->refs.begin(), e->refs.end());
    if (int(target.ids.size()) > m_forward->contextLength())
        return makeError(ErrorCode::ContextFull, SLUICE_ERRT("Error", "context full: %1 + %2 tokens exceed the context length %3"),
                         position(), e->ids.size(), m_forward->contextLength());
    for (int i = 0; i < e->imagesFromQueue; ++i)
        m_queue.pop_front();
    return feed(target, logits, all, chunk, {}, nullptr);
}

// Longest common prefix of the state's first `held` positions and the
// request: the same ids and, at image positions, the same image rows.
int SessionImpl::commonPrefix(const Expanded &target, int held) const
{
    const int len = int(target.ids.size());
    const std::vector<uint64_t> a = positionKeys(m_history.ids.size(), m_history.images);
    const std::vector<uint64_t> b = positionKeys(target.ids.size(), target.spans);
    int lcp = 0;
    while (lcp < held && lcp < len && m_history.ids[size_t(lcp)] == target.ids[size_t(lcp)] &&
           a[size_t(lcp)] == b[size_t(lcp)])
        ++lcp;
    return lcp;
}

// The logits after `pos` positions when the state kept them: its last ones
// (when valid), or a checkpoint's.
const std::vector<float> *SessionImpl::keptLogits(int pos, int held, bool stateValid) const
{
    if (pos == held && stateValid && !m_history.lastLogits.empty())
        return &m_history.lastLogits;
    for (const Checkpoint &c : m_history.checkpoints)
        if (c.position == pos && !c.logits.empty())
            return &c.logits;
    return nullptr;
}

// Where to resume: at most `lcp`, never inside an image, and with logits
// available when nothing is left to compute. A recurrent state resumes only
// where it is (when valid) or at a checkpoint, returned in `from`.
int SessionImpl::chooseResume(const Expanded &target, int lcp, int held, bool recurrent, bool stateValid,
                              const Checkpoint *&from) const
{
    const int len = int(target.ids.size());
    int limit = spanBoundaryAtOrBefore(target.spans, lcp);
    int resume = 0;
    for (int attempt = 0; attempt < 2; ++attempt) {
        from = nullptr;
        if (!recurrent || (limit == held && stateValid)) {
            resume = limit;
        } else {
            resume = 0;
            for (auto it = m_history.checkpoints.rbegin(); it != m_history.checkpoints.rend(); ++it) {
                if (it->position <= limit && spanBoundaryAtOrBefore(target.spans, it->position) == it->position &&
                    (it->position < len || !it->logits.empty())) {
                    resume = it->position;
                    from = &*it;
                    break;
                }
            }
        }
        if (resume < len || keptLogits(resume, held, stateValid))
            break;
        limit = spanBoundaryAtOrBefore(target.spans, len - 1); // compute at least the last position
    }
    return resume;
}

Expected<PrefillResult> SessionImpl::prefill(std::span<const int> sequence, std::vector<float> *lastLogits,
                                             const PrefillProgress &progress)
{
    m_cancel.store(false);
    const std::lock_guard lock(m_model->computeMutex()); // one computation per model at a time
    const auto t0 = Clock::now();
    auto e = expand(sequence, false);
    if (!e)
        return e.status();
    Expanded &target = *e;
    const int len = int(target.ids.size());
    if (len == 0)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "prefill: empty sequence"));
    if (len > m_forward->contextLength())
        return makeError(ErrorCode::ContextFull, SLUICE_ERRT("Error", "context full: %1 + %2 tokens exceed the context length %3"),
                         position(), len - std::min(len, position()), m_forward->contextLength());
    const bool recurrent = m_model->info().kdaLayers > 0;
    // After a failed chunk the position is that chunk's start; the MLA
    // latents before it are intact, a recurrent state is not.
    const int held = position();
    const bool stateValid = !m_damaged || !recurrent;
    const int lcp = commonPrefix(target, held);
    const Checkpoint *from = nullptr;
    const int resume = chooseResume(target, lcp, held, recurrent, stateValid, from);
    PrefillResult result;
    result.promptTokens = len;
    result.reusedTokens = resume;
    result.prefillTokens = len - resume;
    if (resume == len) {
        // Nothing to compute: the logits after the sequence were kept.
        std::vector<float> kept = *keptLogits(resume, held, stateValid);
        if (resume != held || !stateValid)
            truncateTo(resume, from);
        m_history.lastLogits = std::move(kept);
        if (lastLogits)
            *lastLogits = m_history.lastLogits;
    } else {
        // Rows of the images to compute are made before anything changes.
        for (size_t i = 0; i < target.spans.size(); ++i) {
            if (target.spans[i].start >= resume) {
                if (!target.refs[i].rows)
                    ++result.imagesEncoded;
                SLUICE_TRY(ensureRows(target.refs[i]));
            }
        }
        if (resume != held || m_damaged)
            truncateTo(resume, from);
        Status st = feed(target, lastLogits, false, kMaxChunk, progress, nullptr);
        if (!st.isOk())
            return st;
    }
    for (int i = 0; i < target.imagesFromQueue; ++i)
        m_queue.pop_front();
    addCheckpoint();
    result.seconds = since(t0);
    return result;
}

TokenStats SessionImpl::statsSince(const ExpertCacheStats &c0, const ForwardTimers &before) const
{
    TokenStats s;
    const ExpertCacheStats c1 = m_model->source().cache().stats();
    const ForwardTimers &after = m_forward->timers();
    s.bytesRead = c1.bytesRead - c0.bytesRead;
    s.demandHits = c1.demandHits - c0.demandHits;
    s.demandMisses = c1.demandMisses - c0.demandMisses;
    s.speculativeUsed = c1.speculativeUsed - c0.speculativeUsed;
    s.speculativeWasted = c1.speculativeWasted - c0.speculativeWasted;
    s.residentBytes = m_model->ledger().total();
    s.attentionSeconds = after.attention - before.attention;
    s.expertLutBuildSeconds = after.lutBuild - before.lutBuild;
    s.expertApplySeconds = after.lutApply - before.lutApply;
    s.trunkSeconds = after.trunk - before.trunk;
    s.lmHeadSeconds = after.lmHead - before.lmHead;
    s.ioWaitSeconds = c1.ioWaitSeconds - c0.ioWaitSeconds;
    s.readBusySeconds = c1.readBusySeconds - c0.readBusySeconds;
    s.trunkWaitSeconds = after.trunkWait - before.trunkWait;
    return s;
}

namespace {

text::SamplerConfig samplerConfig(const SamplingParams &params)
{
    text::SamplerConfig sc;
    sc.temperature = params.temperature;
    sc.topP = params.topP;
    sc.topK = params.topK;
    sc.seed = params.seed;
    sc.repeatPenalty = params.repeatPenalty;
    sc.presencePenalty = params.presencePenalty;
    sc.frequencyPenalty = params.frequencyPenalty;
    sc.penaltyWindow = params.penaltyWindow;
    return sc;
}

// A failed decode step that ends the generation rather than failing it.
std::optional<StopReason> stopReasonFor(const Status &st)
{
    if (st.code() == ErrorCode::Cancelled)
        return StopReason::Cancelled;
    if (st.code() == ErrorCode::ContextFull)
        return StopReason::ContextFull;
    return std::nullopt;
}

// Why the generation ends at its last sampled token.
StopReason lastTokenReason(const text::TokenStreamer::Step &step, bool constraintDone, bool loopStopped)
{
    return step.endOfSequence ? StopReason::EndOfSequence
           : step.stopString  ? StopReason::StopString
           : constraintDone   ? StopReason::EndOfSequence
           : loopStopped      ? StopReason::StopString
                              : StopReason::MaxTokens;
}

} // namespace

// The logits the first token is sampled from: the prompt's prefill, or the
// state's last logits for an empty prompt. `stopped` with an ok status: the
// generation ends here (cancelled), `result` says so.
Status SessionImpl::startGeneration(std::span<const int> sequence, const PrefillProgress &progress,
                                    std::vector<float> &logits, GenerationResult &result, bool &stopped)
{
    stopped = false;
    const auto t0 = Clock::now();
    if (sequence.empty()) {
        m_cancel.store(false);
        if (m_damaged || m_history.lastLogits.empty())
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error", "generate: empty prompt and no state to continue from"));
        logits = m_history.lastLogits;
        result.promptTokens = result.reusedTokens = position();
        return Status();
    }
    auto pre = prefill(sequence, &logits, progress);
    result.prefillSeconds = since(t0);
    if (!pre) {
        // A prompt that does not fit is a failed request, not a stop.
        if (pre.status().code() == ErrorCode::Cancelled) {
            result.reason = StopReason::Cancelled;
            stopped = true;
            return Status();
        }
        return pre.status();
    }
    result.promptTokens = pre->promptTokens;
    result.reusedTokens = pre->reusedTokens;
    result.prefillTokens = pre->prefillTokens;
    result.imagesEncoded = pre->imagesEncoded;
    return Status();
}

Expected<GenerationResult> SessionImpl::generate(std::span<const int> sequence, const SamplingParams &params,
                                                 const TokenCallback &onToken, const PrefillProgress &progress)
{
    // One computation per model at a time. A cancel() from here on stops this
    // call, also one that comes while it waits for another session's turn.
    m_cancel.store(false);
    const std::lock_guard lock(m_model->computeMutex());
    if (m_cancel.load()) {
        GenerationResult cancelled;
        cancelled.reason = StopReason::Cancelled;
        return cancelled;
    }
    GenerationResult result;
    std::vector<float> logits;
    bool stopped = false;
    if (Status st = startGeneration(sequence, progress, logits, result, stopped); !st.isOk())
        return st;
    if (stopped)
        return result;
    text::Sampler sampler(samplerConfig(params));
    std::vector<int> eos = {m_cfg.eosId};
    if (m_cfg.endOfMsgId >= 0)
        eos.push_back(m_cfg.endOfMsgId);
    const text::Tokenizer *tok = m_model->tokenizer();
    text::TokenStreamer streamer = tok ? text::TokenStreamer(*tok, eos, params.stopStrings) : text::TokenStreamer(eos);
    const auto d0 = Clock::now();
    TokenConstraint *constraint = params.constraint.get();
    std::vector<float> masked;
    const std::vector<int> clientOnly = clientPlacedIds();
    for (int i = 0; i < params.maxTokens; ++i) {
        const auto tt = Clock::now();
        const Expected<int> drawn = sampleNext(sampler, logits, masked, constraint, params.maxTokens - i, clientOnly);
        if (!drawn)
            return drawn.status();
        const int id = *drawn;
        const bool constraintDone = constraint && constraint->complete();
        result.tokens.push_back(id);
        result.loopStopped = text::endsInLoop(result.tokens, params.loopStop);
        GeneratedToken gt;
        gt.id = id;
        if (tok)
            gt.bytes = std::string(tok->tokenBytes(id));
        const text::TokenStreamer::Step step = streamer.push(id);
        gt.text = step.text;
        const bool last = step.stop() || constraintDone || result.loopStopped || i + 1 >= params.maxTokens;
        if (last) {
            if (!step.stop())
                gt.text += streamer.finish();
            result.text += gt.text;
            gt.stats.tokenSeconds = since(tt);
            gt.stats.residentBytes = m_model->ledger().total(); // no forward pass, but the allocation stands
            if (onToken)
                onToken(gt);
            result.reason = lastTokenReason(step, constraintDone, result.loopStopped);
            break;
        }
        const ExpertCacheStats c0 = m_model->source().cache().stats();
        const ForwardTimers before = m_forward->timers();
        const int one[1] = {id};
        Status st = append(std::span<const int>(one, 1), &logits, false, 1);
        gt.stats = statsSince(c0, before);
        gt.stats.tokenSeconds = since(tt);
        addStats(result.totals, gt.stats);
        result.text += gt.text;
        const bool keepGoing = !onToken || onToken(gt);
        if (!st.isOk()) {
            if (auto r = stopReasonFor(st)) {
                result.reason = *r;
                break;
            }
            return st;
        }
        if (!keepGoing) {
            result.reason = StopReason::Cancelled;
            break;
        }
    }
    result.decodeSeconds = since(d0);
    return result;
}

// One id from `logits`: constrained sampling (api/constraint.h) is the same
// sampler over the logits with every id the constraint refuses at -inf; the
// ids only a client may place (media markup) are never drawn, whatever the
// logits or a constraint say (a sampled <|media_pad|> would need an image
// nobody gave). The repetition penalties (SamplingParams) see the reply's ids
// drawn here so far, before any mask.
Expected<int> SessionImpl::sampleNext(text::Sampler &sampler, std::vector<float> &logits, std::vector<float> &masked,
                                      TokenConstraint *constraint, int remaining, const std::vector<int> &banned)
{
    const auto ban = [&](std::vector<float> &v) {
        for (int id : banned)
            v[size_t(id)] = -std::numeric_limits<float>::infinity();
    };
    sampler.penalize(logits);
    if (!constraint) {
        ban(logits);
        const int id = sampler.sample(logits);
        sampler.remember(id);
        return id;
    }
    masked = logits;
    const bool any = constraint->mask(masked, remaining);
    ban(masked);
    if (!any || std::all_of(masked.begin(), masked.end(), [](float v) { return std::isinf(v) && v < 0; }))
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error",
                "constrained sampling: no token of the vocabulary continues the text (the tokenizer lacks single-byte "
                "tokens?)"));
    const int id = sampler.sample(masked);
    constraint->accept(id);
    sampler.remember(id);
    return id;
}

// The media markup of spec 6.5 on a model that places images: put around an
// image by renderChat/imagePrompt, never generated (a sampled <|media_pad|>
// would need an image nobody gave). A text-only model treats them as plain
// ids, as the reference engine does, so nothing is banned there.
std::vector<int> SessionImpl::clientPlacedIds() const
{
    std::vector<int> ids;
    if (!m_model->images())
        return ids;
    const auto add = [&](int id) {
        if (id >= 0 && id < m_cfg.vocab && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    add(m_cfg.mediaPadId);
    if (const text::Tokenizer *tok = m_model->tokenizer())
        for (int id : text::mediaMarkupIds(*tok))
            add(id);
    return ids;
}

Status SessionImpl::save(const std::string &path) const
{
    if (m_damaged)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "the session was interrupted mid-token; nothing to save"));
    return saveSession(path, m_cfg, m_model->info().fingerprint, *m_forward, m_history);
}

Status SessionImpl::load(const std::string &path)
{
    SessionHistory h;
    SLUICE_TRY(loadSession(path, m_cfg, m_model->info().fingerprint, *m_forward, h, m_maxCheckpoints));
    m_history = std::move(h);
    m_imageSources.assign(m_history.images.size(), ImageSource{});
    m_feedRows.clear();
    m_feedRow = 0;
    m_damaged = false;
    return Status::ok();
}

} // namespace sluice::model
