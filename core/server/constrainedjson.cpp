#include "server/constrainedjson.h"

#include "text/jsongrammar.h"
#include "text/sampler.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace sluice::server {

std::vector<std::string> jsonVocabulary(const Model &model)
{
    const int vocab = model.info().vocab;
    std::vector<std::string> out(size_t(std::max(0, vocab)));
    for (int id = 0; id < vocab; ++id) {
        const int ids[] = { id };
        std::string bytes = model.detokenize(ids);
        if (bytes.empty())
            continue;
        const std::vector<int> back = model.tokenize(bytes);
        if (back.size() == 1 && back[0] == id)
            out[size_t(id)] = std::move(bytes);
    }
    return out;
}

Expected<GenerationResult> generateJson(Session &session, const std::vector<std::string> &vocabulary,
    std::span<const int> sequence, const SamplingParams &params, const TokenCallback &onToken)
{
    std::vector<float> logits;
    auto pre = session.prefill(sequence, &logits);
    if (!pre)
        return pre.status();
    GenerationResult r;
    r.promptTokens = pre->promptTokens;
    r.reusedTokens = pre->reusedTokens;
    r.prefillTokens = pre->prefillTokens;
    r.imagesEncoded = pre->imagesEncoded;
    r.prefillSeconds = pre->seconds;
    r.reason = StopReason::MaxTokens;
    text::JsonGrammar grammar(true);
    // The library's own sampler (text/sampler.h) over the masked logits: -inf is never drawn.
    text::SamplerConfig sc;
    sc.temperature = params.temperature;
    sc.topP = params.topP;
    sc.topK = params.topK;
    sc.seed = params.seed;
    text::Sampler sampler(sc);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<float> masked;
    for (int step = 0; step < params.maxTokens; ++step) {
        const std::string forced = grammar.completion();
        const bool mustClose = params.maxTokens - step <= int(forced.size()) + 2;
        const size_t n = std::min(vocabulary.size(), logits.size());
        masked.assign(logits.size(), -std::numeric_limits<float>::infinity());
        bool any = false;
        for (size_t id = 0; id < n; ++id) {
            const std::string &bytes = vocabulary[id];
            if (bytes.empty() || !std::isfinite(logits[id]))
                continue;
            if (mustClose && (bytes.size() > forced.size() || forced.compare(0, bytes.size(), bytes) != 0))
                continue;
            if (grammar.accepts(bytes)) {
                masked[id] = logits[id];
                any = true;
            }
        }
        if (!any)
            return makeError(ErrorCode::Unsupported,
                "constrained JSON sampling: no token of the vocabulary continues the "
                "document (the tokenizer lacks single-byte tokens?)");
        const int pick = sampler.sample(masked);
        const std::string &bytes = vocabulary[size_t(pick)];
        grammar.advance(bytes);
        r.tokens.push_back(pick);
        r.text += bytes;
        GeneratedToken t;
        t.id = pick;
        t.bytes = bytes;
        t.text = bytes;
        if (!onToken(t)) {
            r.reason = StopReason::Cancelled;
            break;
        }
        if (grammar.complete()) {
            r.reason = StopReason::EndOfSequence;
            break;
        }
        if (session.position() + 1 >= session.contextLength()) {
            r.reason = StopReason::ContextFull;
            break;
        }
        const int ids[] = { pick };
        if (Status st = session.eval(ids, &logits); !st)
            return st;
    }
    r.decodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace sluice::server
