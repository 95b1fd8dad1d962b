#pragma once
// Constrained sampling in the public API: a TokenConstraint set in
// SamplingParams::constraint decides, before every token Session::generate
// samples, which ids may come next (the others are drawn with probability 0),
// and ends the generation when its text is complete. JsonConstraints makes
// the constraints of response_format json_object and json_schema for a
// model's vocabulary (docs/server.md has the schema keywords supported).
#include "api/types.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sluice {

class Model;

// Stateful: one constraint per generation (Session::generate advances it).
class TokenConstraint {
public:
    virtual ~TokenConstraint() = default;
    // Before each token: sets the logit of every id that may not come next to
    // -inf. `tokensLeft` counts this token, so a constraint can steer towards
    // its end in time. false when no id may come next (generate fails).
    virtual bool mask(std::span<float> logits, int tokensLeft) = 0;
    // The id that was drawn (one mask() allowed).
    virtual void accept(int id) = 0;
    // The text is complete: generation stops (StopReason::EndOfSequence).
    virtual bool complete() const = 0;
};

struct JsonFormat {
    std::string schemaJson; // "" = any JSON object (json_object); else a JSON Schema (json_schema)
    bool strict = false; // OpenAI's strict: every object closed and all its properties required
};

// Checks a schema without a model; the error names the keyword and where it
// is ("schema.properties.age: keyword 'minimum' is not supported ...").
Status checkJsonSchema(std::string_view schemaJson, bool strict);

// The JSON constraints of one model. The vocabulary's bytes are computed at
// the first make() (a pass over the vocabulary) and shared by every
// constraint made afterwards. The model must outlive this object.
class JsonConstraints {
public:
    explicit JsonConstraints(const Model &model);
    ~JsonConstraints();
    JsonConstraints(const JsonConstraints &) = delete;
    JsonConstraints &operator=(const JsonConstraints &) = delete;

    // Before each token only ids whose bytes keep the document valid and
    // after which the shortest way to finish fits in the tokens left, so a
    // generation whose budget covers the smallest document always completes
    // (below that, the ids on the shortest way, until the budget ends);
    // control tokens and ids whose bytes do not tokenise back to themselves
    // are never allowed. The constraint is complete when the top-level
    // object closes.
    Expected<std::shared_ptr<TokenConstraint>> make(const JsonFormat &format);

private:
    const Model &m_model;
    std::shared_ptr<const std::vector<std::string>> m_vocabulary;
};

} // namespace sluice
