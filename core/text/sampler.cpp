#include "text/sampler.h"

#include <algorithm>
#include <cmath>

namespace sluice::text {

uint64_t splitMix64(uint64_t &state)
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Xoshiro256::Xoshiro256(uint64_t seed)
{
    uint64_t state = seed;
    for (uint64_t &s : m_s)
        s = splitMix64(state);
}

uint64_t Xoshiro256::next()
{
    const auto rotl = [](uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
    const uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double Xoshiro256::uniform() { return double(next() >> 11) * 0x1.0p-53; }

int argmax(std::span<const float> logits)
{
    int best = -1;
    for (size_t i = 0; i < logits.size(); ++i) {
        if (std::isnan(logits[i]))
            continue;
        if (best < 0 || logits[i] > logits[size_t(best)])
            best = int(i);
    }
    return best < 0 ? 0 : best;
}

Sampler::Sampler(const SamplerConfig &config) : m_config(config), m_rng(config.seed) {}

std::vector<Sampler::Candidate> Sampler::distribution(std::span<const float> logits) const
{
    std::vector<int> ids;
    ids.reserve(logits.size());
    for (size_t i = 0; i < logits.size(); ++i)
        if (std::isfinite(logits[i]))
            ids.push_back(int(i));
    if (ids.empty())
        return {{argmax(logits), 1.0}};
    const auto before = [&](int a, int b) {
        return logits[size_t(a)] != logits[size_t(b)] ? logits[size_t(a)] > logits[size_t(b)] : a < b;
    };
    if (m_config.topK > 0 && size_t(m_config.topK) < ids.size()) {
        std::partial_sort(ids.begin(), ids.begin() + m_config.topK, ids.end(), before);
        ids.resize(size_t(m_config.topK));
    } else {
        std::sort(ids.begin(), ids.end(), before);
    }
    const double temperature = m_config.temperature > 0 ? double(m_config.temperature) : 1.0;
    const double top = double(logits[size_t(ids[0])]);
    std::vector<Candidate> candidates;
    candidates.reserve(ids.size());
    double total = 0;
    for (int id : ids) {
        const double w = std::exp((double(logits[size_t(id)]) - top) / temperature);
        candidates.push_back({id, w});
        total += w;
    }
    if (m_config.topP > 0 && m_config.topP < 1) {
        double mass = 0;
        size_t keep = 0;
        while (keep < candidates.size()) {
            mass += candidates[keep].probability / total;
            ++keep;
            if (mass >= double(m_config.topP))
                break;
        }
        candidates.resize(keep);
        total = 0;
        for (const Candidate &c : candidates)
            total += c.probability;
    }
    for (Candidate &c : candidates)
        c.probability /= total;
    return candidates;
}

int Sampler::sample(std::span<const float> logits)
{
    if (m_config.temperature <= 0 || m_config.topK == 1)
        return argmax(logits);
    const std::vector<Candidate> candidates = distribution(logits);
    // Walk the running sum in candidate order; the last candidate absorbs
    // rounding.
    const double u = m_rng.uniform();
    double running = 0;
    for (const Candidate &c : candidates) {
        running += c.probability;
        if (u < running)
            return c.id;
    }
    return candidates.back().id;
}

void Sampler::remember(int id)
{
    if (!m_config.penalizes())
        return;
    m_seen.push_back(id);
    // Trim in batches so a long reply costs amortised O(1) per id.
    const size_t window = size_t(m_config.penaltyWindow);
    if (m_config.penaltyWindow > 0 && m_seen.size() >= 2 * window)
        m_seen.erase(m_seen.begin(), m_seen.end() - std::ptrdiff_t(window));
}

void Sampler::penalize(std::span<float> logits) const
{
    if (!m_config.penalizes() || m_seen.empty())
        return;
    const size_t window = m_config.penaltyWindow > 0 ? std::min(m_seen.size(), size_t(m_config.penaltyWindow))
                                                     : m_seen.size();
    std::vector<int> ids(m_seen.end() - std::ptrdiff_t(window), m_seen.end());
    std::sort(ids.begin(), ids.end());
    for (size_t i = 0; i < ids.size();) {
        const int id = ids[i];
        size_t j = i;
        while (j < ids.size() && ids[j] == id)
            ++j;
        const float count = float(j - i);
        i = j;
        if (id < 0 || size_t(id) >= logits.size())
            continue;
        float &l = logits[size_t(id)];
        if (!std::isfinite(l)) // a banned (-inf) id stays banned; NaN stays undrawable
            continue;
        if (m_config.repeatPenalty != 1.0f && m_config.repeatPenalty > 0)
            l = l > 0 ? l / m_config.repeatPenalty : l * m_config.repeatPenalty;
        l -= m_config.presencePenalty + count * m_config.frequencyPenalty;
    }
}

bool endsInLoop(std::span<const int> ids, int repeats)
{
    if (repeats <= 1)
        return false;
    constexpr size_t kMaxSpan = 64, kMinCovered = 16;
    const size_t size = ids.size();
    for (size_t n = 1; n <= kMaxSpan && n * size_t(repeats) <= size; ++n) {
        // Copies of the last n ids directly in front of it.
        size_t copies = 1;
        while ((copies + 1) * n <= size &&
               std::equal(ids.end() - std::ptrdiff_t(n), ids.end(), ids.end() - std::ptrdiff_t((copies + 1) * n)))
            ++copies;
        if (copies >= size_t(repeats) && copies * n >= kMinCovered)
            return true;
    }
    return false;
}

StopMatcher::StopMatcher(std::vector<std::string> stopStrings)
{
    for (std::string &s : stopStrings)
        if (!s.empty())
            m_stops.push_back(std::move(s));
}

StopMatcher::Result StopMatcher::push(std::string_view text)
{
    Result result;
    m_held.append(text);
    size_t earliest = std::string::npos;
    for (const std::string &stop : m_stops)
        earliest = std::min(earliest, m_held.find(stop));
    if (earliest != std::string::npos) {
        result.text = m_held.substr(0, earliest);
        result.stopped = true;
        m_held.clear();
        return result;
    }
    // Hold back the longest tail that is a proper prefix of some stop string.
    size_t hold = 0;
    for (const std::string &stop : m_stops) {
        const size_t limit = std::min(stop.size() - 1, m_held.size());
        for (size_t n = limit; n > hold; --n) {
            if (m_held.compare(m_held.size() - n, n, stop, 0, n) == 0) {
                hold = n;
                break;
            }
        }
    }
    result.text = m_held.substr(0, m_held.size() - hold);
    m_held.erase(0, m_held.size() - hold);
    return result;
}

std::string StopMatcher::flush()
{
    std::string out = std::move(m_held);
    m_held.clear();
    return out;
}

TokenStreamer::TokenStreamer(Tokenizer tokenizer, std::vector<int> eosIds, std::vector<std::string> stopStrings)
    : m_eos(std::move(eosIds)), m_decoder(std::in_place, std::move(tokenizer)), m_stops(std::move(stopStrings))
{
}

TokenStreamer::TokenStreamer(std::vector<int> eosIds)
    : m_eos(std::move(eosIds))
{
}

TokenStreamer::Step TokenStreamer::push(int id)
{
    Step step;
    if (std::find(m_eos.begin(), m_eos.end(), id) != m_eos.end()) {
        step.endOfSequence = true;
        step.text = finish();
        return step;
    }
    if (!m_decoder)
        return step;
    StopMatcher::Result r = m_stops.push(m_decoder->push(id));
    step.text = std::move(r.text);
    step.stopString = r.stopped;
    return step;
}

std::string TokenStreamer::finish()
{
    if (!m_decoder)
        return {};
    StopMatcher::Result r = m_stops.push(m_decoder->flush());
    if (r.stopped)
        return r.text;
    return r.text + m_stops.flush();
}

} // namespace sluice::text
