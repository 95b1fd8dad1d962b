// JsonConstraints (api/constraint.h): the token constraints of
// response_format json_object (text/jsongrammar.h) and json_schema
// (text/jsonschemagrammar.h) over a model's vocabulary.
#include "api/constraint.h"

#include "api/model.h"
#include "text/jsongrammar.h"
#include "text/jsonschemagrammar.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace sluice {

namespace {

// Bytes of every id that may appear in JSON text; "" for ids that cannot
// (control tokens, and ids whose bytes would not tokenise back to themselves,
// so the reply re-tokenises to the ids generated).
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

// Grammar: JsonGrammar or JsonSchemaGrammar (advance, accepts, complete, completion).
template<typename Grammar> class GrammarConstraint final : public TokenConstraint {
public:
    GrammarConstraint(std::shared_ptr<const std::vector<std::string>> vocabulary, Grammar grammar)
        : m_vocabulary(std::move(vocabulary))
        , m_grammar(std::move(grammar))
    {
    }

    // An id is allowed when its bytes keep the document valid and the
    // shortest way to finish after it (in bytes) fits in the tokens left
    // after it. Taking the first byte of that way keeps this true, so a
    // generation whose budget covers the smallest document always completes
    // (when the vocabulary has the single-byte tokens the way needs); a token
    // that opens an optional member the budget cannot close is never drawn.
    // When no id fits (the budget was below the smallest document from the
    // start), the ids on that shortest way are allowed, so the reply gets as
    // close as it can before it is cut off ("length").
    bool mask(std::span<float> logits, int tokensLeft) override
    {
        const std::vector<std::string> &vocab = *m_vocabulary;
        const std::string forced = m_grammar.completion();
        enum : uint8_t { No, Valid, OnWay, Fits };
        m_verdict.assign(logits.size(), No);
        uint8_t best = No;
        for (size_t id = 0; id < logits.size(); ++id) {
            if (id >= vocab.size() || vocab[id].empty() || !std::isfinite(logits[id]))
                continue;
            const std::string &bytes = vocab[id];
            Grammar after = m_grammar;
            if (!after.advance(bytes))
                continue;
            uint8_t v = Valid;
            if (after.complete() || int64_t(after.completion().size()) <= int64_t(tokensLeft) - 1)
                v = Fits;
            else if (bytes.size() <= forced.size() && forced.compare(0, bytes.size(), bytes) == 0)
                v = OnWay;
            m_verdict[id] = v;
            best = std::max(best, v);
        }
        for (size_t id = 0; id < logits.size(); ++id)
            if (best == No || m_verdict[id] != best)
                logits[id] = -std::numeric_limits<float>::infinity();
        return best != No;
    }

    void accept(int id) override
    {
        if (id >= 0 && size_t(id) < m_vocabulary->size())
            m_grammar.advance((*m_vocabulary)[size_t(id)]);
    }

    bool complete() const override { return m_grammar.complete(); }

private:
    std::shared_ptr<const std::vector<std::string>> m_vocabulary;
    Grammar m_grammar;
    std::vector<uint8_t> m_verdict; // per id, of the last mask()
};

} // namespace

Status checkJsonSchema(std::string_view schemaJson, bool strict)
{
    auto s = text::JsonSchema::compile(schemaJson, strict);
    return s ? Status::ok() : s.status();
}

JsonConstraints::JsonConstraints(const Model &model)
    : m_model(model)
{
}

JsonConstraints::~JsonConstraints() = default;

Expected<std::shared_ptr<TokenConstraint>> JsonConstraints::make(const JsonFormat &format)
{
    if (!m_vocabulary) {
        auto vocab = std::make_shared<std::vector<std::string>>(jsonVocabulary(m_model));
        if (std::all_of(vocab->begin(), vocab->end(), [](const std::string &b) { return b.empty(); }))
            return makeError(ErrorCode::Unsupported,
                SLUICE_ERRT("Error", "constrained JSON sampling: the model has no text tokens"));
        m_vocabulary = std::move(vocab);
    }
    if (format.schemaJson.empty())
        return std::shared_ptr<TokenConstraint>(
            std::make_shared<GrammarConstraint<text::JsonGrammar>>(m_vocabulary, text::JsonGrammar(true)));
    auto schema = text::JsonSchema::compile(format.schemaJson, format.strict);
    if (!schema)
        return schema.status();
    return std::shared_ptr<TokenConstraint>(std::make_shared<GrammarConstraint<text::JsonSchemaGrammar>>(
        m_vocabulary, text::JsonSchemaGrammar(std::move(*schema))));
}

} // namespace sluice
