#pragma once
// Choosing the next token from logits, and deciding when generation stops.
// No Qt here: this runs once per generated token.
//
// Reproducibility: the random numbers come from xoshiro256** seeded by four
// SplitMix64 outputs of the user's seed, and every step below is defined in
// integer or double arithmetic with a total order on candidates, so a seed
// gives the same tokens on every platform and compiler for the same logits.
#include "text/tokenizer.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::text {

// SplitMix64 (Steele, Lea, Flood 2014), used only to expand the seed.
uint64_t splitMix64(uint64_t &state);

// xoshiro256** 1.0 (Blackman, Vigna).
class Xoshiro256 {
public:
    explicit Xoshiro256(uint64_t seed);
    uint64_t next();
    // Uniform in [0, 1): the top 53 bits of next() times 2^-53.
    double uniform();

private:
    uint64_t m_s[4];
};

struct SamplerConfig {
    float temperature = 0.0f; // <= 0: greedy
    float topP = 1.0f;        // nucleus mass in (0, 1]; >= 1 disables
    int topK = 0;             // 0 disables
    uint64_t seed = 0;
    // Penalties on the ids the sampler has been told of (remember()), the
    // last `penaltyWindow` of them. All off by default: an unpenalised
    // sampler never touches the logits, so its outputs stay bit-identical.
    float repeatPenalty = 1.0f;    // CTRL/Hugging Face: l > 0 ? l / p : l * p; 1 = off
    float presencePenalty = 0.0f;  // OpenAI: l -= p once for an id seen at all
    float frequencyPenalty = 0.0f; // OpenAI: l -= p per time the id was seen
    int penaltyWindow = 64;        // how many of the latest ids count; <= 0: all of them
    bool penalizes() const { return repeatPenalty != 1.0f || presencePenalty != 0.0f || frequencyPenalty != 0.0f; }
};

// The sampling procedure, in order:
//  1. greedy (temperature <= 0 or topK == 1): the largest logit, lowest id on ties;
//  2. candidates = all ids with a finite logit (NaN and -inf never drawn),
//     ordered by logit descending, then id ascending;
//  3. top-k: keep the first k;
//  4. p_i = exp((l_i - l_max) / T), in double, normalised;
//  5. top-p: keep the shortest prefix whose mass reaches topP (at least one);
//  6. u = uniform(); return the first candidate whose running sum of
//     normalised probabilities exceeds u (the last one if rounding leaves none).
class Sampler {
public:
    explicit Sampler(const SamplerConfig &config = {});
    int sample(std::span<const float> logits);
    void reseed(uint64_t seed) { m_rng = Xoshiro256(seed); }
    const SamplerConfig &config() const { return m_config; }

    // The penalties' memory: an id the caller chose (Session::generate tells
    // it every reply id). Kept only while a penalty is on.
    void remember(int id);
    // Applies the penalties to `logits` in place, in float, per distinct id
    // of the window in ascending id order: repeat first, then presence and
    // frequency (llama.cpp's order). Ids outside the span are skipped. No-op
    // when no penalty is on.
    void penalize(std::span<float> logits) const;

    // The kept candidates and their normalised probabilities after steps 2-5
    // (for tests and for showing alternatives in a UI).
    struct Candidate {
        int id;
        double probability;
    };
    std::vector<Candidate> distribution(std::span<const float> logits) const;

private:
    SamplerConfig m_config;
    Xoshiro256 m_rng;
    std::vector<int> m_seen; // the window, oldest first
};

// The loop stop (SamplingParams::loopStop): true when `ids` ends with one
// span of n ids (1 <= n <= 64) repeated at least `repeats` times in a row,
// the copies covering at least 16 ids (so "...." or "0000" in a short reply
// is no loop). repeats <= 1: never.
bool endsInLoop(std::span<const int> ids, int repeats);

int argmax(std::span<const float> logits);

// Finds stop strings in streamed text even when one spans several tokens.
// push() returns the text that can no longer be part of a stop string; a
// possible beginning of one is held back until it is decided.
class StopMatcher {
public:
    explicit StopMatcher(std::vector<std::string> stopStrings = {});
    struct Result {
        std::string text;  // safe to show
        bool stopped = false; // a stop string completed; text ends before it
    };
    Result push(std::string_view text);
    std::string flush(); // end of generation: release what was held
    void reset() { m_held.clear(); }

private:
    std::vector<std::string> m_stops;
    std::string m_held;
};

// The one token streamer (the session's generate, hence the Qt worker, the
// CLI and the server): per-token bookkeeping of a generation loop — complete
// UTF-8 pieces only (a character split across tokens waits for its tail),
// stop strings matched across token boundaries (never shown), and the
// model's end-of-sequence ids.
class TokenStreamer {
public:
    TokenStreamer(Tokenizer tokenizer, std::vector<int> eosIds, std::vector<std::string> stopStrings);
    // Without a tokenizer: ids carry no text; only end of sequence applies.
    explicit TokenStreamer(std::vector<int> eosIds);
    struct Step {
        std::string text;        // new text to show
        bool endOfSequence = false; // the id is an EOS id (its text is not shown)
        bool stopString = false;    // a stop string completed (not shown)
        bool stop() const { return endOfSequence || stopString; }
    };
    Step push(int id);
    std::string finish(); // text still held at the end (max tokens, cancel)

private:
    std::vector<int> m_eos;
    std::optional<StreamDecoder> m_decoder;
    StopMatcher m_stops;
};

} // namespace sluice::text
