#include "server/constrainedjson.h"

#include "text/jsongrammar.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

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
    std::mt19937_64 rng(params.seed);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::pair<float, int>> candidates;
    for (int step = 0; step < params.maxTokens; ++step) {
        const std::string forced = grammar.completion();
        const bool mustClose = params.maxTokens - step <= int(forced.size()) + 2;
        candidates.clear();
        const size_t n = std::min(vocabulary.size(), logits.size());
        for (size_t id = 0; id < n; ++id) {
            const std::string &bytes = vocabulary[id];
            if (bytes.empty() || !std::isfinite(logits[id]))
                continue;
            if (mustClose && (bytes.size() > forced.size() || forced.compare(0, bytes.size(), bytes) != 0))
                continue;
            if (grammar.accepts(bytes))
                candidates.emplace_back(logits[id], int(id));
        }
        if (candidates.empty())
            return makeError(ErrorCode::Unsupported,
                "constrained JSON sampling: no token of the vocabulary continues the "
                "document (the tokenizer lacks single-byte tokens?)");
        int pick = 0;
        if (params.temperature <= 0.0f) {
            pick = std::max_element(candidates.begin(), candidates.end())->second;
        } else {
            std::sort(candidates.begin(), candidates.end(), std::greater<>());
            if (params.topK > 0 && int(candidates.size()) > params.topK)
                candidates.resize(size_t(params.topK));
            const float top = candidates.front().first;
            std::vector<double> p(candidates.size());
            double sum = 0;
            for (size_t i = 0; i < p.size(); ++i)
                sum += p[i] = std::exp(double(candidates[i].first - top) / double(params.temperature));
            size_t keep = p.size();
            if (params.topP < 1.0f) {
                double acc = 0;
                for (size_t i = 0; i < p.size(); ++i) {
                    acc += p[i] / sum;
                    if (acc >= params.topP) {
                        keep = i + 1;
                        break;
                    }
                }
            }
            double kept = 0;
            for (size_t i = 0; i < keep; ++i)
                kept += p[i];
            double u = std::uniform_real_distribution<double>(0.0, kept)(rng);
            pick = candidates[keep - 1].second;
            for (size_t i = 0; i < keep; ++i) {
                if (u < p[i]) {
                    pick = candidates[i].second;
                    break;
                }
                u -= p[i];
            }
        }
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
