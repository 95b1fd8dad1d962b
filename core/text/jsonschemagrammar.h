#pragma once
// A byte-level automaton for the JSON documents that validate against a JSON
// Schema (the subset response_format json_schema needs), for constrained
// sampling: a token may be sampled only if its bytes keep the automaton
// alive, so whatever is produced is a prefix of a valid document, and
// complete() says when the whole document is there.
//
// Supported (docs/server.md has the table): type (a name or a list of object,
// array, string, number, integer, boolean, null), properties, required,
// additionalProperties (false; any other value is allowed outside strict mode
// but extra keys are never generated), items (one schema), minItems, maxItems,
// enum, const, nesting; annotations (title, description, default, examples,
// $schema, $id, $comment) are read and have no effect. Every other keyword is
// refused with an error naming it and where it is: a constraint is never
// silently dropped. The root must be an object (as OpenAI requires). Keys are
// generated in any order, each at most once, only declared ones; '}' needs
// every required key. Numbers of type integer have no fraction or exponent.
// Enum/const values must be written in their compact form (Qt's writer).
// Strings, numbers and free values ({}) are read by JsonGrammar, so they
// have its bounds (UTF-8, 15 integer digits, depth, whitespace runs).
#include "text/jsongrammar.h"
#include "util/status.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::text {

// A compiled schema: immutable, shared by every grammar made from it.
class JsonSchema {
public:
    // `strict` (OpenAI's strict: true): every object must say
    // additionalProperties false and list every property in required.
    static Expected<std::shared_ptr<const JsonSchema>> compile(std::string_view schemaJson, bool strict);

    struct Node {
        unsigned types = 0; // bits of Type
        bool any = false; // {}: any JSON value
        std::vector<std::string> literals; // enum/const: compact encodings (non-empty = only these)
        // object
        std::vector<std::string> keys; // JSON-encoded name + closing quote
        std::vector<int> properties; // node index per key
        std::vector<bool> required;
        int requiredCount = 0;
        // array
        int items = 0; // node index (0 = any value)
        int minItems = 0;
        int maxItems = -1; // -1 = unbounded
        std::string minimal; // the shortest document of this node
    };
    enum Type : unsigned {
        Object = 1,
        Array = 2,
        String = 4,
        Number = 8,
        Integer = 16,
        Boolean = 32,
        Null = 64,
    };
    const Node &node(int i) const { return m_nodes[size_t(i)]; }
    int root() const { return m_root; }

private:
    friend class SchemaCompiler;
    std::vector<Node> m_nodes;
    int m_root = 0;
};

class JsonSchemaGrammar {
public:
    struct Limits {
        int maxDepth = 32;
        int maxWhitespaceRun = 4;
    };
    explicit JsonSchemaGrammar(std::shared_ptr<const JsonSchema> schema)
        : JsonSchemaGrammar(std::move(schema), Limits {})
    {
    }
    JsonSchemaGrammar(std::shared_ptr<const JsonSchema> schema, Limits limits);

    bool advance(unsigned char c);
    bool advance(std::string_view bytes);
    bool accepts(std::string_view bytes) const;
    bool complete() const { return m_done; }
    bool dead() const { return m_dead; }
    // The shortest bytes that finish a valid document from here ("" when
    // complete or dead).
    std::string completion() const;

private:
    struct Frame {
        enum Kind : uint8_t { Object, Array, Leaf, Literal } kind = Leaf;
        uint8_t state = 0;
        bool integerOnly = false;
        int node = 0;
        int count = 0; // array: items so far; object: required keys seen
        int property = -1; // object: the key being read or valued
        std::vector<bool> used; // object: keys seen
        std::string bytes; // object: key so far; literal: value so far
        JsonGrammar sub { false }; // leaf: "[" + the value so far
    };
    bool fail();
    bool step(unsigned char c);
    bool startValue(int node, unsigned char c);
    void valueEnded();
    bool whitespace(unsigned char c);
    bool leafDone(const Frame &f) const;
    bool anyUnused(const Frame &f) const;
    std::string piece() const;
    std::string member(int node, int property, bool comma) const;

    std::shared_ptr<const JsonSchema> m_schema;
    Limits m_limits;
    std::vector<Frame> m_stack;
    int m_whitespaceRun = 0;
    bool m_done = false;
    bool m_dead = false;
};

} // namespace sluice::text
