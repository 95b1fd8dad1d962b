#include "text/jsonschemagrammar.h"
#include "text/jsongrammar.h" // isJsonWhitespace

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace sluice::text {

namespace {

constexpr int kMaxSchemaDepth = 32;
constexpr size_t kMaxNodes = 4096;
constexpr int kMaxItemsBound = 4096;
constexpr size_t kMaxMinimal = 64 * 1024; // bytes of a node's shortest document
constexpr size_t kMaxLiterals = 1024;
constexpr qsizetype kMaxBranches = 64;
constexpr size_t kMaxPaths = 64; // parallel readings of one document
constexpr size_t kMaxAlternatives = 256; // leaf branches one value may start (nested unions multiply)

bool isDelimiter(unsigned char c)
{
    return c == ',' || c == '}' || c == ']' || isJsonWhitespace(c);
}

// The compact encoding of a value as Qt writes it.
std::string encode(const QJsonValue &v)
{
    const QByteArray a = QJsonDocument(QJsonArray { v }).toJson(QJsonDocument::Compact);
    return std::string(a.constData() + 1, size_t(a.size() - 2));
}

std::string encodeKey(const QString &name)
{
    return encode(QJsonValue(name)).substr(1); // without the opening quote, with the closing one
}

bool hasType(const QJsonValue &v, unsigned types)
{
    using T = JsonSchema;
    switch (v.type()) {
    case QJsonValue::Object:
        return types & T::Object;
    case QJsonValue::Array:
        return types & T::Array;
    case QJsonValue::String:
        return types & T::String;
    case QJsonValue::Bool:
        return types & T::Boolean;
    case QJsonValue::Null:
        return types & T::Null;
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return (types & T::Number) || ((types & T::Integer) && std::floor(d) == d);
    }
    default:
        return false;
    }
}

} // namespace

class SchemaCompiler {
public:
    explicit SchemaCompiler(bool strict)
        : m_strict(strict)
    {
    }

    Expected<std::shared_ptr<const JsonSchema>> run(std::string_view json)
    {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size())), &pe);
        if (pe.error != QJsonParseError::NoError)
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error", "the schema is not JSON: %1 at offset %2"), pe.errorString().toStdString(),
                pe.offset);
        if (!doc.isObject())
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "the schema must be a JSON object"));
        auto out = std::make_shared<JsonSchema>();
        m_out = out.get();
        JsonSchema::Node any;
        any.any = true;
        any.minimal = "0";
        m_out->m_nodes.push_back(any); // node 0: any value
        m_paths.push_back("schema");
        const QJsonObject root = doc.object();
        for (const char *defs : { "$defs", "definitions" }) {
            if (root.contains(defs) && !root.value(defs).isObject())
                return makeError(
                    ErrorCode::Unsupported, SLUICE_ERRT("Error", "schema: keyword '%1' must be an object"), defs);
        }
        m_defs = root.value("$defs").toObject();
        m_definitions = root.value("definitions").toObject();
        const int r = node(root, "schema", 0);
        if (r < 0 || !checkCycles() || !checkFanOut() || !finish())
            return makeError(ErrorCode::Unsupported, m_error);
        std::vector<bool> seen(m_out->m_nodes.size(), false);
        if (!objectOnly(r, seen))
            return makeError(ErrorCode::Unsupported,
                SLUICE_ERRT("Error", "schema: keyword 'type': the root must be of type \"object\" (and no enum)"));
        if (m_out->m_nodes[size_t(r)].minDepth > kMaxSchemaDepth)
            return makeError(ErrorCode::Unsupported,
                SLUICE_ERRT("Error", "schema: the smallest valid document nests deeper than %1 levels"),
                kMaxSchemaDepth);
        m_out->m_root = r;
        return std::shared_ptr<const JsonSchema>(out);
    }

private:
    int refuse(const std::string &path, const std::string &why)
    {
        m_error = path + ": " + why;
        return -1;
    }

    int node(const QJsonObject &s, const std::string &path, int depth)
    {
        if (depth > kMaxSchemaDepth)
            return refuse(path, "nested deeper than " + std::to_string(kMaxSchemaDepth) + " levels");
        if (m_out->m_nodes.size() >= kMaxNodes)
            return refuse(path, "more than " + std::to_string(kMaxNodes) + " schemas");
        static const QStringList known { "type", "properties", "required", "additionalProperties", "items", "minItems",
            "maxItems", "enum", "const", "anyOf", "oneOf", "$ref", "$defs", "definitions", "title", "description",
            "default", "examples", "$schema", "$id", "$comment" };
        static const QStringList annotations { "title", "description", "default", "examples", "$schema", "$id",
            "$comment", "$defs", "definitions" };
        for (auto it = s.begin(); it != s.end(); ++it)
            if (!known.contains(it.key()))
                return refuse(path,
                    "keyword '" + it.key().toStdString()
                        + "' is not supported (supported: type, properties, required, additionalProperties, items, "
                          "minItems, maxItems, enum, const, anyOf, oneOf, $ref to #/$defs/NAME)");
        for (const char *defs : { "$defs", "definitions" })
            if (s.contains(defs) && depth > 0)
                return refuse(path, std::string("keyword '") + defs + "' is only supported at the root");
        for (const char *combinator : { "anyOf", "oneOf", "$ref" }) {
            if (!s.contains(combinator))
                continue;
            for (auto it = s.begin(); it != s.end(); ++it)
                if (it.key() != combinator && !annotations.contains(it.key()))
                    return refuse(path,
                        std::string("keyword '") + combinator + "' together with '" + it.key().toStdString()
                            + "' is not supported (move it into the branches)");
            return std::string(combinator) == "$ref" ? ref(s.value("$ref"), path, depth)
                                                     : unionOf(s.value(combinator), combinator, path, depth);
        }
        JsonSchema::Node n;
        // type
        const QJsonValue type = s.value("type");
        const auto typeBit = [](const QString &t) -> unsigned {
            if (t == "object")
                return JsonSchema::Object;
            if (t == "array")
                return JsonSchema::Array;
            if (t == "string")
                return JsonSchema::String;
            if (t == "number")
                return JsonSchema::Number;
            if (t == "integer")
                return JsonSchema::Integer;
            if (t == "boolean")
                return JsonSchema::Boolean;
            if (t == "null")
                return JsonSchema::Null;
            return 0;
        };
        if (type.isString()) {
            n.types = typeBit(type.toString());
            if (!n.types)
                return refuse(path, "keyword 'type': unknown type \"" + type.toString().toStdString() + "\"");
        } else if (type.isArray()) {
            for (const QJsonValue &t : type.toArray()) {
                const unsigned b = t.isString() ? typeBit(t.toString()) : 0;
                if (!b)
                    return refuse(path, "keyword 'type': a list of type names is expected");
                n.types |= b;
            }
            if (!n.types)
                return refuse(path, "keyword 'type': the list is empty");
        } else if (!type.isUndefined()) {
            return refuse(path, "keyword 'type' must be a string or a list of strings");
        } else if (s.contains("properties") || s.contains("required") || s.contains("additionalProperties")) {
            n.types = JsonSchema::Object; // object keywords without a type: generate an object
        } else if (s.contains("items") || s.contains("minItems") || s.contains("maxItems")) {
            n.types = JsonSchema::Array;
        } else if (!s.contains("enum") && !s.contains("const")) {
            n.any = true;
        }
        if (n.types & JsonSchema::Number)
            n.types &= ~unsigned(JsonSchema::Integer); // every integer is a number
        // enum / const
        if (s.contains("enum") || s.contains("const")) {
            if (s.contains("enum") && s.contains("const"))
                return refuse(path, "keywords 'enum' and 'const' together are not supported");
            QJsonArray values;
            if (s.contains("const")) {
                values.append(s.value("const"));
            } else {
                if (!s.value("enum").isArray() || s.value("enum").toArray().isEmpty())
                    return refuse(path, "keyword 'enum' must be a non-empty list");
                values = s.value("enum").toArray();
            }
            if (size_t(values.size()) > kMaxLiterals)
                return refuse(path, "keyword 'enum': more than " + std::to_string(kMaxLiterals) + " values");
            for (const QJsonValue &v : values)
                if (n.any || n.types == 0 || hasType(v, n.types))
                    n.literals.push_back(encode(v));
            if (n.literals.empty())
                return refuse(path, "keyword 'enum'/'const': no value has the schema's type");
            std::sort(n.literals.begin(), n.literals.end());
            n.literals.erase(std::unique(n.literals.begin(), n.literals.end()), n.literals.end());
            n.any = false;
            n.minimal = *std::min_element(n.literals.begin(), n.literals.end(),
                [](const std::string &a, const std::string &b) { return a.size() < b.size(); });
            return add(std::move(n), path);
        }
        // object
        if (n.types & JsonSchema::Object) {
            const QJsonValue props = s.value("properties");
            if (!props.isUndefined() && !props.isObject())
                return refuse(path, "keyword 'properties' must be an object");
            const QJsonObject p = props.toObject();
            for (auto it = p.begin(); it != p.end(); ++it) {
                if (!it.value().isObject())
                    return refuse(
                        path + ".properties." + it.key().toStdString(), "a property's schema must be an object");
                const int child
                    = node(it.value().toObject(), path + ".properties." + it.key().toStdString(), depth + 1);
                if (child < 0)
                    return -1;
                n.keys.push_back(encodeKey(it.key()));
                n.properties.push_back(child);
            }
            n.required.assign(n.keys.size(), false);
            const QJsonValue req = s.value("required");
            if (!req.isUndefined() && !req.isArray())
                return refuse(path, "keyword 'required' must be a list of property names");
            for (const QJsonValue &r : req.toArray()) {
                if (!r.isString())
                    return refuse(path, "keyword 'required' must be a list of property names");
                const auto at = std::find(n.keys.begin(), n.keys.end(), encodeKey(r.toString()));
                if (at == n.keys.end())
                    return refuse(path,
                        "keyword 'required' names \"" + r.toString().toStdString()
                            + "\", which is not in 'properties' (extra keys are never generated)");
                if (!n.required[size_t(at - n.keys.begin())]) {
                    n.required[size_t(at - n.keys.begin())] = true;
                    ++n.requiredCount;
                }
            }
            const QJsonValue ap = s.value("additionalProperties");
            if (!ap.isUndefined() && !ap.isBool() && !ap.isObject())
                return refuse(path, "keyword 'additionalProperties' must be a boolean or a schema");
            if (m_strict && !(ap.isBool() && !ap.toBool()))
                return refuse(path, "keyword 'additionalProperties': strict mode needs additionalProperties false");
            if (m_strict && n.requiredCount != int(n.keys.size()))
                return refuse(path, "keyword 'required': strict mode needs every property in required");
        } else if (s.contains("properties") || s.contains("required") || s.contains("additionalProperties")) {
            return refuse(path, "object keywords on a schema whose type does not include \"object\"");
        }
        // array
        if (n.types & JsonSchema::Array) {
            const QJsonValue items = s.value("items");
            if (items.isObject()) {
                n.items = node(items.toObject(), path + ".items", depth + 1);
                if (n.items < 0)
                    return -1;
            } else if (!items.isUndefined()) {
                return refuse(path, "keyword 'items' must be one schema (tuples are not supported)");
            }
            const auto count = [&](const char *key, int &out) {
                const QJsonValue v = s.value(key);
                if (v.isUndefined())
                    return true;
                const double d = v.toDouble(-1);
                if (!v.isDouble() || d < 0 || d > kMaxItemsBound || std::floor(d) != d)
                    return false;
                out = int(d);
                return true;
            };
            if (!count("minItems", n.minItems))
                return refuse(path, "keyword 'minItems' must be an integer 0.." + std::to_string(kMaxItemsBound));
            if (!count("maxItems", n.maxItems))
                return refuse(path, "keyword 'maxItems' must be an integer 0.." + std::to_string(kMaxItemsBound));
            if (n.maxItems >= 0 && n.maxItems < n.minItems)
                return refuse(path, "keyword 'maxItems' is below minItems");
        } else if (s.contains("items") || s.contains("minItems") || s.contains("maxItems")) {
            return refuse(path, "array keywords on a schema whose type does not include \"array\"");
        }
        return add(std::move(n), path);
    }

    int add(JsonSchema::Node n, const std::string &path)
    {
        m_out->m_nodes.push_back(std::move(n));
        m_paths.push_back(path);
        return int(m_out->m_nodes.size() - 1);
    }

    // anyOf / oneOf: a union node whose branches the grammar reads in parallel.
    int unionOf(const QJsonValue &list, const char *keyword, const std::string &path, int depth)
    {
        const std::string name = std::string("keyword '") + keyword + "'";
        if (!list.isArray() || list.toArray().isEmpty())
            return refuse(path, name + " must be a non-empty list of schemas");
        if (list.toArray().size() > kMaxBranches)
            return refuse(path, name + ": more than " + std::to_string(kMaxBranches) + " branches");
        JsonSchema::Node n;
        const QJsonArray a = list.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string at = path + "." + keyword + "[" + std::to_string(i) + "]";
            if (!a[i].isObject())
                return refuse(at, "a branch must be a schema object");
            const int b = node(a[i].toObject(), at, depth + 1);
            if (b < 0)
                return -1;
            n.branches.push_back(b);
        }
        if (std::string(keyword) == "oneOf") {
            // Exactly one branch may match: enforced only when no value can
            // match two branches, i.e. their JSON kinds are disjoint.
            unsigned seen = 0;
            for (int b : n.branches) {
                std::vector<bool> visiting(m_out->m_nodes.size(), false);
                const unsigned k = kinds(b, visiting);
                if (k & seen)
                    return refuse(path,
                        "keyword 'oneOf' is supported only when the branches have different types (two branches "
                        "could both match; use anyOf)");
                seen |= k;
            }
        }
        return add(std::move(n), path);
    }

    // $ref: only to #/$defs/NAME or #/definitions/NAME of the root; never fetched.
    int ref(const QJsonValue &target, const std::string &path, int depth)
    {
        if (!target.isString())
            return refuse(path, "keyword '$ref' must be a string");
        const QString t = target.toString();
        const QJsonObject *defs = nullptr;
        QString name;
        if (t.startsWith("#/$defs/")) {
            defs = &m_defs;
            name = t.mid(8);
        } else if (t.startsWith("#/definitions/")) {
            defs = &m_definitions;
            name = t.mid(14);
        }
        if (!defs || name.isEmpty() || name.contains('/'))
            return refuse(path,
                "keyword '$ref': \"" + t.toStdString()
                    + "\" is not supported (only \"#/$defs/NAME\" and \"#/definitions/NAME\"; nothing is fetched)");
        name.replace("~1", "/").replace("~0", "~");
        const std::string key = (defs == &m_defs ? "$defs/" : "definitions/") + name.toStdString();
        const auto at = m_slots.find(key);
        if (at != m_slots.end())
            return at->second;
        if (!defs->value(name).isObject())
            return refuse(path, "keyword '$ref': \"" + t.toStdString() + "\" names no schema object in the root");
        if (m_out->m_nodes.size() >= kMaxNodes)
            return refuse(path, "more than " + std::to_string(kMaxNodes) + " schemas");
        // The slot is reserved before the definition is read, so a recursive
        // reference finds it: a union of one branch, filled in below.
        const std::string defPath = "schema." + key.substr(0, key.find('/')) + "." + name.toStdString();
        const int slot = add(JsonSchema::Node {}, defPath);
        m_slots.emplace(key, slot);
        const int def = node(defs->value(name).toObject(), defPath, depth + 1);
        if (def < 0)
            return -1;
        m_out->m_nodes[size_t(slot)].branches.push_back(def);
        return slot;
    }

    // The JSON kinds (object, array, string, number, boolean, null) a node can start.
    unsigned kinds(int i, std::vector<bool> &visiting) const
    {
        constexpr unsigned all = 63;
        const JsonSchema::Node &n = m_out->m_nodes[size_t(i)];
        if (n.any)
            return all;
        if (!n.branches.empty()) {
            if (visiting[size_t(i)])
                return all;
            visiting[size_t(i)] = true;
            unsigned k = 0;
            for (int b : n.branches)
                k |= kinds(b, visiting);
            return k;
        }
        if (!n.literals.empty()) {
            unsigned k = 0;
            for (const std::string &l : n.literals)
                k |= l[0] == '{'                 ? 1u
                    : l[0] == '['                ? 2u
                    : l[0] == '"'                ? 4u
                    : l[0] == 't' || l[0] == 'f' ? 16u
                    : l[0] == 'n'                ? 32u
                                                 : 8u;
            return k;
        }
        if (n.types == 0)
            return all; // a definition still being read
        using T = JsonSchema;
        return ((n.types & T::Object) ? 1u : 0u) | ((n.types & T::Array) ? 2u : 0u) | ((n.types & T::String) ? 4u : 0u)
            | ((n.types & (T::Number | T::Integer)) ? 8u : 0u) | ((n.types & T::Boolean) ? 16u : 0u)
            | ((n.types & T::Null) ? 32u : 0u);
    }

    // Whether every value of the node is an object (the root's rule).
    bool objectOnly(int i, std::vector<bool> &seen) const
    {
        const JsonSchema::Node &n = m_out->m_nodes[size_t(i)];
        if (n.branches.empty())
            return !n.any && n.types == JsonSchema::Object && n.literals.empty();
        if (seen[size_t(i)])
            return true;
        seen[size_t(i)] = true;
        return std::all_of(n.branches.begin(), n.branches.end(), [&](int b) { return objectOnly(b, seen); });
    }

    // A union that reaches itself through unions alone would read no byte
    // between the two (the automaton would recurse forever): refused.
    bool checkCycles()
    {
        const auto &nodes = m_out->m_nodes;
        std::vector<uint8_t> mark(nodes.size(), 0); // 0 new, 1 on the path, 2 done
        std::vector<std::pair<int, size_t>> stack;
        for (size_t start = 0; start < nodes.size(); ++start) {
            if (mark[start] || nodes[start].branches.empty())
                continue;
            stack.emplace_back(int(start), 0);
            mark[start] = 1;
            while (!stack.empty()) {
                auto &[i, next] = stack.back();
                const auto &b = nodes[size_t(i)].branches;
                if (next == b.size()) {
                    mark[size_t(i)] = 2;
                    stack.pop_back();
                    continue;
                }
                const int c = b[next++];
                if (nodes[size_t(c)].branches.empty() || mark[size_t(c)] == 2)
                    continue;
                if (mark[size_t(c)] == 1) {
                    refuse(m_paths[size_t(c)], "keyword '$ref': a reference cycle that reads no value in between");
                    return false;
                }
                mark[size_t(c)] = 1;
                stack.emplace_back(c, 0);
            }
        }
        return true;
    }

    // Unions inside unions multiply: the alternatives one value may start are
    // bounded, so the work of a byte is bounded whatever the schema.
    bool checkFanOut()
    {
        const auto &nodes = m_out->m_nodes;
        std::vector<size_t> fan(nodes.size(), 0);
        const std::function<size_t(size_t)> count = [&](size_t i) -> size_t {
            if (nodes[i].branches.empty())
                return 1;
            if (!fan[i]) {
                size_t sum = 0;
                for (int b : nodes[i].branches)
                    sum = std::min(sum + count(size_t(b)), kMaxAlternatives + 1);
                fan[i] = sum;
            }
            return fan[i];
        };
        for (size_t i = 0; i < nodes.size(); ++i)
            if (count(i) > kMaxAlternatives) {
                refuse(m_paths[i],
                    "keyword 'anyOf'/'oneOf'/'$ref': more than " + std::to_string(kMaxAlternatives)
                        + " alternatives for one value (nested unions multiply)");
                return false;
            }
        return true;
    }

    // The shortest document of every node (and how deep it nests): a fixed
    // point, since recursive definitions refer to nodes not finished yet. A
    // node's figure only ever gets shorter, so it ends at the true minimum; a
    // node with none has no finite document and is refused.
    bool finish()
    {
        auto &nodes = m_out->m_nodes;
        std::vector<bool> known(nodes.size(), false);
        for (bool changed = true; changed;) {
            changed = false;
            for (size_t i = 0; i < nodes.size(); ++i) {
                JsonSchema::Node &n = nodes[i];
                std::string best;
                int depth = 1;
                int branch = -1;
                bool found = false;
                const auto offer = [&](std::string s, int d, int b) {
                    if (!found || s.size() < best.size()) {
                        best = std::move(s);
                        depth = d;
                        branch = b;
                        found = true;
                    }
                };
                if (!n.branches.empty()) {
                    for (size_t b = 0; b < n.branches.size(); ++b) {
                        const auto c = size_t(n.branches[b]);
                        if (known[c])
                            offer(nodes[c].minimal, nodes[c].minDepth, int(b));
                    }
                } else if (n.any) {
                    offer("0", 1, -1);
                } else if (!n.literals.empty()) {
                    for (const std::string &l : n.literals)
                        offer(l, 1, -1);
                } else {
                    if (n.types & (JsonSchema::Number | JsonSchema::Integer))
                        offer("0", 1, -1);
                    if (n.types & JsonSchema::String)
                        offer("\"\"", 1, -1);
                    if (n.types & JsonSchema::Boolean)
                        offer("true", 1, -1);
                    if (n.types & JsonSchema::Null)
                        offer("null", 1, -1);
                    if (n.types & JsonSchema::Object) {
                        std::string o = "{";
                        int d = 1;
                        bool ok = true;
                        for (size_t k = 0; k < n.keys.size() && ok; ++k) {
                            if (!n.required[k])
                                continue;
                            const auto c = size_t(n.properties[k]);
                            ok = known[c];
                            if (!ok)
                                break;
                            if (o.size() > 1)
                                o += ',';
                            o += '"' + n.keys[k] + ':' + nodes[c].minimal;
                            d = std::max(d, 1 + nodes[c].minDepth);
                            if (o.size() > kMaxMinimal) {
                                refuse(m_paths[i], "the smallest valid object is over 64 KiB");
                                return false;
                            }
                        }
                        if (ok)
                            offer(o + '}', d, -1);
                    }
                    if ((n.types & JsonSchema::Array) && (n.minItems == 0 || known[size_t(n.items)])) {
                        std::string a = "[";
                        for (int k = 0; k < n.minItems; ++k) {
                            if (k)
                                a += ',';
                            a += nodes[size_t(n.items)].minimal;
                            if (a.size() > kMaxMinimal) {
                                refuse(m_paths[i], "the smallest valid array is over 64 KiB (minItems)");
                                return false;
                            }
                        }
                        offer(a + ']', n.minItems > 0 ? 1 + nodes[size_t(n.items)].minDepth : 1, -1);
                    }
                }
                if (found && (!known[i] || best.size() < n.minimal.size())) {
                    if (best.size() > kMaxMinimal) {
                        refuse(m_paths[i], "the smallest valid value is over 64 KiB");
                        return false;
                    }
                    n.minimal = std::move(best);
                    n.minDepth = depth;
                    n.shortestBranch = branch;
                    known[i] = true;
                    changed = true;
                }
            }
        }
        for (size_t i = 0; i < nodes.size(); ++i)
            if (!known[i]) {
                refuse(m_paths[i], "has no finite document (every way through it recurses forever)");
                return false;
            }
        return true;
    }

    bool m_strict;
    JsonSchema *m_out = nullptr;
    std::string m_error;
    std::vector<std::string> m_paths; // per node, for errors
    QJsonObject m_defs, m_definitions;
    std::map<std::string, int> m_slots; // "$defs/NAME" -> node
};

Expected<std::shared_ptr<const JsonSchema>> JsonSchema::compile(std::string_view schemaJson, bool strict)
{
    return SchemaCompiler(strict).run(schemaJson);
}

// Object states: after '{', in a key, before ':', before a value, in a value,
// after a value, after ','. Array states: after '[', after ',', in a value, after a value.
namespace {
enum : uint8_t { OOpen, OKey, OColon, OValue, OIn, OAfter, ONext };
enum : uint8_t { AOpen, AValue, AIn, AAfter };
} // namespace

JsonSchemaGrammar::JsonSchemaGrammar(std::shared_ptr<const JsonSchema> schema, Limits limits)
    : m_schema(std::move(schema))
{
    m_paths.emplace_back(m_schema.get(), limits);
}

bool JsonSchemaGrammar::fail()
{
    m_dead = true;
    m_paths.clear();
    return false;
}

bool JsonSchemaGrammar::advance(unsigned char c)
{
    if (m_dead)
        return false;
    if (m_done)
        return fail(); // nothing after the document (the sampler stops there)
    // In place: the common case (one reading, no union starting) allocates nothing.
    std::vector<Path> forks;
    size_t live = 0;
    for (size_t i = 0; i < m_paths.size(); ++i)
        if (m_paths[i].advance(c, &forks)) {
            if (live != i)
                m_paths[live] = std::move(m_paths[i]);
            ++live;
        }
    m_paths.erase(m_paths.begin() + std::ptrdiff_t(live), m_paths.end());
    return settle(forks);
}

// After a byte: the new readings join, duplicates merge, none left is the end.
bool JsonSchemaGrammar::settle(std::vector<Path> &forks)
{
    for (Path &f : forks)
        m_paths.push_back(std::move(f));
    // Readings that have become the same (the branches of a union after its
    // value) are merged, so ambiguity never multiplies; a bound keeps the
    // work per byte bounded (dropping a reading only narrows what may come).
    if (m_paths.size() > 1) {
        size_t kept = 0;
        for (size_t i = 0; i < m_paths.size() && kept < kMaxPaths; ++i) {
            if (std::find(m_paths.begin(), m_paths.begin() + std::ptrdiff_t(kept), m_paths[i])
                != m_paths.begin() + std::ptrdiff_t(kept))
                continue;
            if (kept != i)
                m_paths[kept] = std::move(m_paths[i]);
            ++kept;
        }
        m_paths.erase(m_paths.begin() + std::ptrdiff_t(kept), m_paths.end());
    }
    if (m_paths.empty())
        return fail();
    m_done = std::any_of(m_paths.begin(), m_paths.end(), [](const Path &p) { return p.complete(); });
    return true;
}

bool JsonSchemaGrammar::advance(std::string_view bytes)
{
    for (char c : bytes)
        if (!advance(static_cast<unsigned char>(c)))
            return false;
    return true;
}

bool JsonSchemaGrammar::accepts(std::string_view bytes) const
{
    if (m_paths.size() != 1 || m_done) {
        JsonSchemaGrammar copy = *this;
        return copy.advance(bytes);
    }
    // One reading (the common case, asked once per candidate token): a copy
    // of it alone, until a union forks it.
    Path p = m_paths.front();
    std::vector<Path> forks;
    for (size_t i = 0; i < bytes.size(); ++i) {
        const bool ok = p.advance(static_cast<unsigned char>(bytes[i]), &forks);
        if (!forks.empty()) {
            JsonSchemaGrammar g(m_schema, std::vector<Path> {});
            if (ok)
                g.m_paths.push_back(std::move(p));
            return g.settle(forks) && g.advance(bytes.substr(i + 1));
        }
        if (!ok)
            return false;
    }
    return true;
}

// The shortest over the readings: each one's completion stays its shortest as
// its bytes are taken, so this one does too.
std::string JsonSchemaGrammar::completion() const
{
    if (m_done || m_dead)
        return {};
    std::string best;
    for (const Path &p : m_paths) {
        std::string c = p.completion();
        if (!c.empty() && (best.empty() || c.size() < best.size()))
            best = std::move(c);
    }
    return best;
}

bool JsonSchemaGrammar::Path::fail()
{
    m_dead = true;
    return false;
}

bool JsonSchemaGrammar::Path::advance(unsigned char c, std::vector<Path> *forks)
{
    if (m_dead)
        return false;
    if (m_done)
        return fail();
    ++m_pos;
    m_forks = forks;
    const bool ok = step(c);
    m_forks = nullptr;
    return ok;
}

bool JsonSchemaGrammar::Path::fits(int node) const
{
    return int(m_stack.size()) + m_schema->node(node).minDepth <= m_limits.maxDepth;
}

bool JsonSchemaGrammar::Path::whitespace(unsigned char c)
{
    if (!isJsonWhitespace(c))
        return false;
    if (++m_whitespaceRun > m_limits.maxWhitespaceRun)
        return fail();
    return true;
}

bool JsonSchemaGrammar::Path::leafDone(const Frame &f) const
{
    if (f.kind == Frame::Literal) {
        const auto &l = m_schema->node(f.node).literals;
        return std::binary_search(l.begin(), l.end(), f.bytes);
    }
    JsonGrammar g = f.sub;
    return g.advance(']') && g.complete();
}

// An unused key whose value can still open within the depth limit.
bool JsonSchemaGrammar::Path::anyOpen(const Frame &f) const
{
    const JsonSchema::Node &n = m_schema->node(f.node);
    for (size_t i = 0; i < f.used.size(); ++i)
        if (!f.used[i] && fits(n.properties[i]))
            return true;
    return false;
}

void JsonSchemaGrammar::Path::valueEnded()
{
    if (m_stack.empty()) {
        m_done = true;
        return;
    }
    Frame &p = m_stack.back();
    if (p.kind == Frame::Object) {
        p.state = OAfter;
    } else {
        ++p.count;
        p.state = AAfter;
    }
}

bool JsonSchemaGrammar::Path::startValue(int index, unsigned char c)
{
    const JsonSchema::Node &n = m_schema->node(index);
    if (!n.branches.empty()) {
        // This path takes the shortest branch, as the completion does, so the
        // reading the completion follows is never one dropped by the bound.
        const auto shortest = size_t(n.shortestBranch);
        if (m_forks)
            for (size_t b = 0; b < n.branches.size() && m_forks->size() < kMaxPaths; ++b) {
                if (b == shortest)
                    continue;
                Path other = *this;
                if (other.startValue(n.branches[b], c)) {
                    other.m_forks = nullptr;
                    m_forks->push_back(std::move(other));
                }
            }
        return startValue(n.branches[shortest], c);
    }
    if (!fits(index))
        return fail();
    m_whitespaceRun = 0;
    Frame f;
    f.node = index;
    f.start = m_pos;
    if (!n.literals.empty()) {
        f.kind = Frame::Literal;
        f.bytes.assign(1, char(c));
        const auto at = std::lower_bound(n.literals.begin(), n.literals.end(), f.bytes);
        if (at == n.literals.end() || at->compare(0, 1, f.bytes) != 0)
            return fail();
        m_stack.push_back(std::move(f));
        return true;
    }
    if (!n.any && c == '{' && (n.types & JsonSchema::Object)) {
        f.kind = Frame::Object;
        f.state = OOpen;
        f.used.assign(n.keys.size(), false);
        m_stack.push_back(std::move(f));
        return true;
    }
    if (!n.any && c == '[' && (n.types & JsonSchema::Array)) {
        f.kind = Frame::Array;
        f.state = AOpen;
        m_stack.push_back(std::move(f));
        return true;
    }
    bool ok = n.any && c != ']' && !isJsonWhitespace(c);
    if (!n.any) {
        if (c == '"')
            ok = n.types & JsonSchema::String;
        else if (c == '-' || (c >= '0' && c <= '9')) {
            ok = n.types & (JsonSchema::Number | JsonSchema::Integer);
            f.integerOnly = !(n.types & JsonSchema::Number);
        } else if (c == 't' || c == 'f')
            ok = n.types & JsonSchema::Boolean;
        else if (c == 'n')
            ok = n.types & JsonSchema::Null;
    }
    if (!ok)
        return fail();
    f.kind = Frame::Leaf;
    f.sub.advance('[');
    if (!f.sub.advance(c))
        return fail();
    m_stack.push_back(std::move(f));
    return true;
}

bool JsonSchemaGrammar::Path::step(unsigned char c)
{
    if (m_stack.empty()) {
        if (whitespace(c))
            return true;
        return !m_dead && startValue(m_schema->root(), c);
    }
    Frame &f = m_stack.back();
    const JsonSchema::Node &n = m_schema->node(f.node);
    const bool blank = isJsonWhitespace(c);
    switch (f.kind) {
    case Frame::Leaf:
    case Frame::Literal:
        if (isDelimiter(c) && leafDone(f)) {
            m_stack.pop_back();
            valueEnded();
            return step(c); // the byte belongs to the container
        }
        if (f.kind == Frame::Literal) {
            f.bytes += char(c);
            const auto at = std::lower_bound(n.literals.begin(), n.literals.end(), f.bytes);
            return (at != n.literals.end() && at->compare(0, f.bytes.size(), f.bytes) == 0) || fail();
        }
        if (f.integerOnly && (c == '.' || c == 'e' || c == 'E'))
            return fail();
        return f.sub.advance(c) || fail();
    case Frame::Object:
        if (f.state != OKey && blank)
            return whitespace(c);
        if (f.state != OKey)
            m_whitespaceRun = 0;
        switch (f.state) {
        case OOpen:
            if (c == '}' && n.requiredCount == 0)
                break;
            if (c == '"' && anyOpen(f)) {
                f.state = OKey;
                f.bytes.clear();
                return true;
            }
            return fail();
        case ONext:
            if (c != '"')
                return fail();
            f.state = OKey;
            f.bytes.clear();
            return true;
        case OKey: {
            f.bytes += char(c);
            bool prefix = false;
            for (size_t i = 0; i < n.keys.size(); ++i) {
                if (f.used[i] || n.keys[i].compare(0, f.bytes.size(), f.bytes) != 0 || !fits(n.properties[i]))
                    continue;
                if (n.keys[i].size() == f.bytes.size()) {
                    f.used[i] = true;
                    f.property = int(i);
                    if (n.required[i])
                        ++f.count;
                    f.state = OColon;
                    return true;
                }
                prefix = true;
            }
            return prefix || fail();
        }
        case OColon:
            if (c != ':')
                return fail();
            f.state = OValue;
            return true;
        case OValue: {
            f.state = OIn;
            const int child = n.properties[size_t(f.property)];
            return startValue(child, c);
        }
        case OAfter:
            if (c == ',' && anyOpen(f)) {
                f.state = ONext;
                return true;
            }
            if (c == '}' && f.count == n.requiredCount)
                break;
            return fail();
        default:
            return fail();
        }
        m_stack.pop_back(); // '}'
        valueEnded();
        return true;
    case Frame::Array:
        if (blank)
            return whitespace(c);
        m_whitespaceRun = 0;
        switch (f.state) {
        case AOpen:
            if (c == ']' && n.minItems == 0)
                break;
            if (n.maxItems == 0)
                return fail();
            f.state = AIn;
            return startValue(n.items, c);
        case AValue:
            f.state = AIn;
            return startValue(n.items, c);
        case AAfter:
            if (c == ',' && (n.maxItems < 0 || f.count < n.maxItems) && fits(n.items)) {
                f.state = AValue;
                return true;
            }
            if (c == ']' && f.count >= n.minItems)
                break;
            return fail();
        default:
            return fail();
        }
        m_stack.pop_back(); // ']'
        valueEnded();
        return true;
    }
    return fail();
}

// '"key":minimal' (with a leading ',' when `comma`).
std::string JsonSchemaGrammar::Path::member(int node, int property, bool comma) const
{
    const JsonSchema::Node &n = m_schema->node(node);
    return std::string(comma ? "," : "") + '"' + n.keys[size_t(property)] + ':'
        + m_schema->node(n.properties[size_t(property)]).minimal;
}

// Bytes that bring the innermost open value (or, when it is a finished leaf,
// its container) closer to the end; completion() applies them until done.
std::string JsonSchemaGrammar::Path::piece() const
{
    if (m_stack.empty())
        return m_schema->node(m_schema->root()).minimal;
    const Frame &f = m_stack.back();
    const JsonSchema::Node &n = m_schema->node(f.node);
    const auto nextRequired = [&](const Frame &o) {
        const JsonSchema::Node &on = m_schema->node(o.node);
        for (size_t i = 0; i < on.keys.size(); ++i)
            if (on.required[i] && !o.used[i])
                return int(i);
        return -1;
    };
    switch (f.kind) {
    case Frame::Leaf:
    case Frame::Literal: {
        if (leafDone(f)) {
            Path g = *this;
            g.m_stack.pop_back();
            g.valueEnded();
            return g.m_done ? std::string() : g.piece();
        }
        if (f.kind == Frame::Leaf) {
            std::string rest = f.sub.completion();
            if (rest.empty())
                return {};
            rest.pop_back(); // the "]" that closes the priming "["
            return rest;
        }
        const std::string *best = nullptr;
        for (const std::string &l : n.literals)
            if (l.compare(0, f.bytes.size(), f.bytes) == 0 && (!best || l.size() < best->size()))
                best = &l;
        return best ? best->substr(f.bytes.size()) : std::string();
    }
    case Frame::Object: {
        const int req = nextRequired(f);
        switch (f.state) {
        case OOpen:
            return req >= 0 ? member(f.node, req, false) : "}";
        case OAfter:
            return req >= 0 ? member(f.node, req, true) : "}";
        case ONext:
        case OKey: {
            // The key that finishes soonest: a required one (it must come
            // anyway), else the optional one with the shortest member. So the
            // completion is the shortest one and stays so as its bytes are
            // taken (the constrained sampler relies on both).
            const std::string prefix = f.state == OKey ? f.bytes : std::string();
            int pick = -1;
            size_t best = 0;
            for (size_t i = 0; i < n.keys.size(); ++i) {
                if (f.used[i] || n.keys[i].compare(0, prefix.size(), prefix) != 0 || !fits(n.properties[i]))
                    continue;
                const size_t cost = n.required[i] ? 0 : member(f.node, int(i), false).size();
                if (pick < 0 || cost < best) {
                    pick = int(i);
                    best = cost;
                }
            }
            if (pick < 0)
                return {};
            return f.state == OKey ? member(f.node, pick, false).substr(1 + prefix.size())
                                   : member(f.node, pick, false);
        }
        case OColon:
            return ':' + m_schema->node(n.properties[size_t(f.property)]).minimal;
        case OValue:
            return m_schema->node(n.properties[size_t(f.property)]).minimal;
        default:
            return {};
        }
    }
    case Frame::Array:
        switch (f.state) {
        case AOpen:
            return n.minItems > 0 ? m_schema->node(n.items).minimal : "]";
        case AValue:
            return m_schema->node(n.items).minimal;
        case AAfter:
            return f.count < n.minItems ? ',' + m_schema->node(n.items).minimal : "]";
        default:
            return {};
        }
    }
    return {};
}

std::string JsonSchemaGrammar::Path::completion() const
{
    std::string out;
    Path g = *this;
    // Each piece finishes at least a member, an item or a leaf; bounded as the schema's smallest document is.
    for (int guard = 0; !g.m_done && !g.m_dead && guard < 1 << 20; ++guard) {
        const std::string p = g.piece();
        if (p.empty())
            return {};
        for (char c : p)
            if (!g.advance(static_cast<unsigned char>(c), nullptr))
                return {};
        out += p;
    }
    return g.m_done ? out : std::string();
}

} // namespace sluice::text
