#include "text/jsonschemagrammar.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace sluice::text {

namespace {

constexpr int kMaxSchemaDepth = 32;
constexpr size_t kMaxNodes = 4096;
constexpr int kMaxItemsBound = 4096;
constexpr size_t kMaxMinimal = 64 * 1024; // bytes of a node's shortest document
constexpr size_t kMaxLiterals = 1024;

bool isWhitespace(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isDelimiter(unsigned char c)
{
    return c == ',' || c == '}' || c == ']' || isWhitespace(c);
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
                "the schema is not JSON: " + pe.errorString().toStdString() + " at offset "
                    + std::to_string(pe.offset));
        if (!doc.isObject())
            return makeError(ErrorCode::InvalidArgument, "the schema must be a JSON object");
        auto out = std::make_shared<JsonSchema>();
        m_out = out.get();
        JsonSchema::Node any;
        any.any = true;
        any.minimal = "0";
        m_out->m_nodes.push_back(any); // node 0: any value
        const QJsonObject root = doc.object();
        const int r = node(root, "schema", 0);
        if (r < 0)
            return makeError(ErrorCode::Unsupported, m_error);
        if (m_out->m_nodes[size_t(r)].types != JsonSchema::Object || !m_out->m_nodes[size_t(r)].literals.empty())
            return makeError(
                ErrorCode::Unsupported, "schema: keyword 'type': the root must be of type \"object\" (and no enum)");
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
            "maxItems", "enum", "const", "title", "description", "default", "examples", "$schema", "$id", "$comment" };
        for (auto it = s.begin(); it != s.end(); ++it)
            if (!known.contains(it.key()))
                return refuse(path,
                    "keyword '" + it.key().toStdString()
                        + "' is not supported (supported: type, properties, required, additionalProperties, items, "
                          "minItems, maxItems, enum, const)");
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
        // The shortest document: the shortest of the allowed types.
        if (n.any) {
            n.minimal = "0";
        } else {
            std::vector<std::string> options;
            if (n.types & (JsonSchema::Number | JsonSchema::Integer))
                options.push_back("0");
            if (n.types & JsonSchema::String)
                options.push_back("\"\"");
            if (n.types & JsonSchema::Boolean)
                options.push_back("true");
            if (n.types & JsonSchema::Null)
                options.push_back("null");
            if (n.types & JsonSchema::Object) {
                std::string o = "{";
                for (size_t i = 0; i < n.keys.size(); ++i)
                    if (n.required[i]) {
                        if (o.size() > 1)
                            o += ',';
                        o += '"' + n.keys[i] + ':' + m_out->m_nodes[size_t(n.properties[i])].minimal;
                        if (o.size() > kMaxMinimal)
                            return refuse(path, "the smallest valid object is over 64 KiB");
                    }
                options.push_back(o + '}');
            }
            if (n.types & JsonSchema::Array) {
                std::string a = "[";
                for (int i = 0; i < n.minItems; ++i) {
                    if (i)
                        a += ',';
                    a += m_out->m_nodes[size_t(n.items)].minimal;
                    if (a.size() > kMaxMinimal)
                        return refuse(path, "the smallest valid array is over 64 KiB (minItems)");
                }
                options.push_back(a + ']');
            }
            n.minimal = *std::min_element(options.begin(), options.end(),
                [](const std::string &a, const std::string &b) { return a.size() < b.size(); });
        }
        return add(std::move(n), path);
    }

    int add(JsonSchema::Node n, const std::string &path)
    {
        if (n.minimal.size() > kMaxMinimal)
            return refuse(path, "the smallest valid value is over 64 KiB");
        m_out->m_nodes.push_back(std::move(n));
        return int(m_out->m_nodes.size() - 1);
    }

    bool m_strict;
    JsonSchema *m_out = nullptr;
    std::string m_error;
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
    , m_limits(limits)
{
}

bool JsonSchemaGrammar::fail()
{
    m_dead = true;
    return false;
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
    JsonSchemaGrammar copy = *this;
    return copy.advance(bytes);
}

bool JsonSchemaGrammar::whitespace(unsigned char c)
{
    if (!isWhitespace(c))
        return false;
    if (++m_whitespaceRun > m_limits.maxWhitespaceRun)
        return fail();
    return true;
}

bool JsonSchemaGrammar::leafDone(const Frame &f) const
{
    if (f.kind == Frame::Literal) {
        const auto &l = m_schema->node(f.node).literals;
        return std::binary_search(l.begin(), l.end(), f.bytes);
    }
    JsonGrammar g = f.sub;
    return g.advance(']') && g.complete();
}

bool JsonSchemaGrammar::anyUnused(const Frame &f) const
{
    return std::find(f.used.begin(), f.used.end(), false) != f.used.end();
}

void JsonSchemaGrammar::valueEnded()
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

bool JsonSchemaGrammar::startValue(int index, unsigned char c)
{
    const JsonSchema::Node &n = m_schema->node(index);
    if (int(m_stack.size()) >= m_limits.maxDepth)
        return fail();
    m_whitespaceRun = 0;
    Frame f;
    f.node = index;
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
    bool ok = n.any && c != ']' && !isWhitespace(c);
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

bool JsonSchemaGrammar::advance(unsigned char c)
{
    if (m_dead)
        return false;
    if (m_done)
        return fail(); // nothing after the document (the sampler stops there)
    return step(c);
}

bool JsonSchemaGrammar::step(unsigned char c)
{
    if (m_stack.empty()) {
        if (whitespace(c))
            return true;
        return !m_dead && startValue(m_schema->root(), c);
    }
    Frame &f = m_stack.back();
    const JsonSchema::Node &n = m_schema->node(f.node);
    const bool blank = isWhitespace(c);
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
            if (c == '"' && anyUnused(f)) {
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
                if (f.used[i] || n.keys[i].compare(0, f.bytes.size(), f.bytes) != 0)
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
            if (c == ',' && anyUnused(f)) {
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
            if (c == ',' && (n.maxItems < 0 || f.count < n.maxItems)) {
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
std::string JsonSchemaGrammar::member(int node, int property, bool comma) const
{
    const JsonSchema::Node &n = m_schema->node(node);
    return std::string(comma ? "," : "") + '"' + n.keys[size_t(property)] + ':'
        + m_schema->node(n.properties[size_t(property)]).minimal;
}

// Bytes that bring the innermost open value (or, when it is a finished leaf,
// its container) closer to the end; completion() applies them until done.
std::string JsonSchemaGrammar::piece() const
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
            JsonSchemaGrammar g = *this;
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
                if (f.used[i] || n.keys[i].compare(0, prefix.size(), prefix) != 0)
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

std::string JsonSchemaGrammar::completion() const
{
    std::string out;
    JsonSchemaGrammar g = *this;
    // Each piece finishes at least a member, an item or a leaf; bounded as the schema's smallest document is.
    for (int guard = 0; !g.complete() && !g.dead() && guard < 1 << 20; ++guard) {
        const std::string p = g.piece();
        if (p.empty() || !g.advance(p))
            return {};
        out += p;
    }
    return g.complete() ? out : std::string();
}

} // namespace sluice::text
