#pragma once
// A small JSON Schema validator for the tests of json_schema constrained
// sampling (tests/text/tst_jsonschemagrammar.cpp, tests/server/tst_server.cpp):
// written from the JSON Schema text for the keywords the grammar supports
// (type, properties, required, additionalProperties false, items, minItems,
// maxItems, enum, const, anyOf, oneOf, $ref as a JSON pointer into the root),
// independent of text/jsonschemagrammar.*.
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <cmath>

namespace {

// An independent validator for the keywords the grammar supports (written
// from the JSON Schema text, not from the grammar): "" when `v` validates.
inline QString validate(const QJsonValue &v, const QJsonObject &s, const QString &at = "$", QJsonObject root = {})
{
    if (root.isEmpty())
        root = s; // $ref resolves against the document's root schema
    if (s.contains("$ref")) {
        // "#/a/b": a JSON pointer into the root ("~1" is '/', "~0" is '~').
        const QString ref = s.value("$ref").toString();
        if (!ref.startsWith("#/"))
            return at + ": unresolvable $ref " + ref;
        QJsonValue target = root;
        for (QString part : ref.mid(2).split('/')) {
            part.replace("~1", "/").replace("~0", "~");
            target = target.toObject().value(part);
        }
        if (!target.isObject())
            return at + ": unresolvable $ref " + ref;
        const QString e = validate(v, target.toObject(), at, root);
        if (!e.isEmpty())
            return e;
    }
    if (s.contains("anyOf")) {
        bool one = false;
        for (const QJsonValue &b : s.value("anyOf").toArray())
            one = one || validate(v, b.toObject(), at, root).isEmpty();
        if (!one)
            return at + ": matches no anyOf branch";
    }
    if (s.contains("oneOf")) {
        int matches = 0;
        for (const QJsonValue &b : s.value("oneOf").toArray())
            matches += validate(v, b.toObject(), at, root).isEmpty() ? 1 : 0;
        if (matches != 1)
            return at + ": matches " + QString::number(matches) + " oneOf branches";
    }
    if (s.contains("const") && v != s.value("const"))
        return at + ": not the const";
    if (s.contains("enum") && !s.value("enum").toArray().contains(v))
        return at + ": not in the enum";
    if (s.contains("type")) {
        QStringList types;
        if (s.value("type").isString())
            types << s.value("type").toString();
        for (const QJsonValue &t : s.value("type").toArray())
            types << t.toString();
        const double d = v.toDouble();
        const bool ok = (types.contains("object") && v.isObject()) || (types.contains("array") && v.isArray())
            || (types.contains("string") && v.isString()) || (types.contains("number") && v.isDouble())
            || (types.contains("integer") && v.isDouble() && std::floor(d) == d)
            || (types.contains("boolean") && v.isBool()) || (types.contains("null") && v.isNull());
        if (!ok)
            return at + ": wrong type";
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        const QJsonObject props = s.value("properties").toObject();
        for (const QJsonValue &r : s.value("required").toArray())
            if (!o.contains(r.toString()))
                return at + ": missing required " + r.toString();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (props.contains(it.key())) {
                const QString e = validate(it.value(), props.value(it.key()).toObject(), at + "." + it.key(), root);
                if (!e.isEmpty())
                    return e;
            } else if (s.value("additionalProperties") == QJsonValue(false)) {
                return at + ": extra key " + it.key();
            }
        }
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        if (s.contains("minItems") && a.size() < s.value("minItems").toInt())
            return at + ": too few items";
        if (s.contains("maxItems") && a.size() > s.value("maxItems").toInt())
            return at + ": too many items";
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString e = validate(a[i], s.value("items").toObject(), at + "[" + QString::number(i) + "]", root);
            if (!e.isEmpty())
                return e;
        }
    }
    return {};
}

} // namespace
