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
// anyOf (and oneOf whose branches have different types) are read by running
// the branches in parallel; $ref to #/$defs/NAME or #/definitions/NAME of the
// root, recursion included (a definition with no finite document is refused;
// an optional value opens only when its smallest document fits in maxDepth).
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
        // anyOf/oneOf/$ref: the value is one of these nodes' (a $ref is a
        // union of one branch, so recursive definitions are possible)
        std::vector<int> branches;
        int shortestBranch = -1; // the branch whose document is `minimal`
        std::string minimal; // the shortest document of this node
        int minDepth = 1; // how many frames that document nests
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
        size_t start = 0; // the byte offset where the value began
        std::vector<bool> used; // object: keys seen
        std::string bytes; // object: key so far; literal: value so far
        JsonGrammar sub { false }; // leaf: "[" + the value so far
        // Equal frames read the same bytes from the same offset, so their
        // leaf readers are equal too.
        bool operator==(const Frame &o) const
        {
            return kind == o.kind && state == o.state && integerOnly == o.integerOnly && node == o.node
                && count == o.count && property == o.property && start == o.start && used == o.used && bytes == o.bytes;
        }
    };
    // One reading of the bytes so far (a stack of frames). A union forks it
    // into one path per branch; a path that fails is dropped.
    class Path {
    public:
        Path(const JsonSchema *schema, Limits limits)
            : m_schema(schema)
            , m_limits(limits)
        {
        }
        // `forks` receives the paths of the other branches of a union that
        // starts at `c`; without it (the completion) a union takes its
        // shortest branch.
        bool advance(unsigned char c, std::vector<Path> *forks);
        bool complete() const { return m_done; }
        std::string completion() const;
        bool operator==(const Path &o) const
        {
            return m_pos == o.m_pos && m_whitespaceRun == o.m_whitespaceRun && m_done == o.m_done
                && m_stack == o.m_stack;
        }

    private:
        bool fail();
        bool step(unsigned char c);
        bool startValue(int node, unsigned char c);
        void valueEnded();
        bool whitespace(unsigned char c);
        bool leafDone(const Frame &f) const;
        bool fits(int node) const;
        bool anyOpen(const Frame &f) const;
        std::string piece() const;
        std::string member(int node, int property, bool comma) const;

        const JsonSchema *m_schema;
        Limits m_limits;
        std::vector<Frame> m_stack;
        std::vector<Path> *m_forks = nullptr;
        size_t m_pos = 0;
        int m_whitespaceRun = 0;
        bool m_done = false;
        bool m_dead = false;
    };
    JsonSchemaGrammar(std::shared_ptr<const JsonSchema> schema, std::vector<Path> paths)
        : m_schema(std::move(schema))
        , m_paths(std::move(paths))
    {
    }
    bool fail();
    bool settle(std::vector<Path> &forks);

    std::shared_ptr<const JsonSchema> m_schema;
    std::vector<Path> m_paths;
    bool m_done = false;
    bool m_dead = false;
};

} // namespace sluice::text
