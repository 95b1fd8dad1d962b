// JsonSchemaGrammar (text/jsonschemagrammar.h), the automaton behind
// response_format json_schema: documents are accepted exactly when they
// validate, random walks over a toy vocabulary that take only accepted
// pieces (and only the completion's pieces when the budget runs out, as the
// server's sampler does) always end in a document that parses with Qt and
// validates with the small independent validator below, and unsupported
// keywords are refused by name.
#include "support/testregistry.h"
#include "text/jsonschemagrammar.h"

#include "jsonschemavalidator.h"

#include "testsanitized.h"

// Under a sanitizer the random walks are ~15x slower: fewer of them (still
// seeded, so the same walks every run). The first 50 already reach every
// small-limit row's depth (checked in Release); 60 keep a margin.
constexpr int kWalks = SLUICE_TEST_SANITIZED ? 60 : 300;

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using sluice::text::JsonSchema;
using sluice::text::JsonSchemaGrammar;

// Declared before the schemas: moc's scanner loses its way in their raw strings.
class TestJsonSchemaGrammar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void documents_data();
    void documents();
    void randomWalksValidate_data();
    void randomWalksValidate();
    void completion_data();
    void completion();
    void refused_data();
    void refused();
};

namespace {

std::shared_ptr<const JsonSchema> compile(const QByteArray &schema, bool strict = false)
{
    auto s = JsonSchema::compile(schema.toStdString(), strict);
    if (!s) {
        qWarning("%s", s.status().message().c_str());
        return nullptr;
    }
    return *s;
}

const char *kPerson = R"({"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"},
  "tags":{"type":"array","items":{"type":"string"},"maxItems":3}},"required":["name","age"],
  "additionalProperties":false})";
const char *kMixed = R"({"type":"object","properties":{
  "kind":{"enum":["a","b",1,12,null]},"v":{"const":"x"},"ok":{"type":"boolean"},"n":{"type":["number","null"]},
  "inner":{"type":"object","properties":{"deep":{"type":"array","minItems":1,"maxItems":2,
    "items":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"null"}},"required":["x"]}}},
    "required":["deep"]}},
  "required":["kind","v","inner"],"title":"mixed","description":"every kind of node"})";
const char *kFree = R"({"type":"object","properties":{"any":{},"obj":{"type":"object"},"list":{"type":"array"}}})";
const char *kStrict = R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"object",
  "properties":{"c":{"type":["integer","string"]}},"required":["c"],"additionalProperties":false}},
  "required":["a","b"],"additionalProperties":false})";
const char *kEmpty = R"({"type":"object"})";
const char *kArrays = R"({"type":"object","properties":{"m":{"type":"array","minItems":3,"maxItems":3,
  "items":{"enum":[true,false,"é",[1,2],{"k":1}]}},"none":{"type":"array","maxItems":0}},"required":["m","none"]})";
// Pydantic's shape: Optional fields as anyOf [T, null], nested models in $defs.
const char *kPydantic = R"({"$defs":{"Address":{"type":"object","properties":{"city":{"type":"string"},
  "zip":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"Zip"}},"required":["city"],
  "title":"Address"}},"type":"object","properties":{"name":{"type":"string"},
  "nick":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"Nick"},
  "address":{"$ref":"#/$defs/Address"},"previous":{"anyOf":[{"$ref":"#/$defs/Address"},{"type":"null"}]}},
  "required":["name","nick","address"],"title":"Person"})";
// Objects that start alike and differ in their required keys.
const char *kShapes = R"({"type":"object","properties":{"shape":{"anyOf":[
  {"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number"}},"required":["kind","r"],
   "additionalProperties":false},
  {"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"}},
   "required":["kind","w","h"],"additionalProperties":false},
  {"type":"object","properties":{"r":{"type":"integer"},"label":{"type":"string"}},"required":["label"],
   "additionalProperties":false}]}},"required":["shape"]})";
const char *kTree = R"({"$defs":{"Node":{"type":"object","properties":{"value":{"type":"integer"},
  "children":{"type":"array","items":{"$ref":"#/$defs/Node"},"maxItems":3}},"required":["value"],
  "additionalProperties":false}},"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"]})";
const char *kList = R"({"definitions":{"Cell":{"type":"object","properties":{"v":{"type":"string"},
  "next":{"anyOf":[{"$ref":"#/definitions/Cell"},{"type":"null"}]}},"required":["v","next"],
  "additionalProperties":false}},"type":"object","properties":{"head":{"$ref":"#/definitions/Cell"}},
  "required":["head"],"additionalProperties":false})";
const char *kOneOf = R"({"type":"object","properties":{"x":{"oneOf":[{"type":"integer"},{"type":"string"},
  {"type":"array","items":{"type":"boolean"}}]}},"required":["x"]})";
// A root $ref, and branches that overlap (the enum's values are strings too).
const char *kRootRef = R"({"$ref":"#/$defs/R","$defs":{"R":{"type":"object","properties":{
  "a":{"anyOf":[{"enum":["x","yy"]},{"type":"string"},{"type":"integer"}]},
  "b":{"type":"array","items":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/R"}]}}},"required":["a"]}}})";
// Mutual recursion: an expression is a number or an operation on two expressions.
const char *kExpr = R"({"$defs":{"Expr":{"anyOf":[{"type":"integer"},{"$ref":"#/$defs/Op"}]},
  "Op":{"type":"object","properties":{"op":{"enum":["+","*"]},"args":{"type":"array","minItems":2,"maxItems":2,
  "items":{"$ref":"#/$defs/Expr"}}},"required":["op","args"],"additionalProperties":false}},
  "type":"object","properties":{"expr":{"$ref":"#/$defs/Expr"}},"required":["expr"],"additionalProperties":false})";
// 4 x 52 = 208 alternatives per item, more readings than the 64 kept at once.
const char *kWide
    = R"({"$defs":{"X":{"anyOf":[{"enum":["a0","b"]},{"enum":["a1","b"]},{"enum":["a2","b"]},{"enum":["a3","b"]},{"enum":["a4","b"]},{"enum":["a5","b"]},{"enum":["a6","b"]},{"enum":["a7","b"]},{"enum":["a8","b"]},{"enum":["a9","b"]},{"enum":["a10","b"]},{"enum":["a11","b"]},{"enum":["a12","b"]},{"enum":["a13","b"]},{"enum":["a14","b"]},{"enum":["a15","b"]},{"enum":["a16","b"]},{"enum":["a17","b"]},{"enum":["a18","b"]},{"enum":["a19","b"]},{"enum":["a20","b"]},{"enum":["a21","b"]},{"enum":["a22","b"]},{"enum":["a23","b"]},{"enum":["a24","b"]},{"enum":["a25","b"]},{"enum":["a26","b"]},{"enum":["a27","b"]},{"enum":["a28","b"]},{"enum":["a29","b"]},{"enum":["a30","b"]},{"enum":["a31","b"]},{"enum":["a32","b"]},{"enum":["a33","b"]},{"enum":["a34","b"]},{"enum":["a35","b"]},{"enum":["a36","b"]},{"enum":["a37","b"]},{"enum":["a38","b"]},{"enum":["a39","b"]},{"enum":["a40","b"]},{"enum":["a41","b"]},{"enum":["a42","b"]},{"enum":["a43","b"]},{"enum":["a44","b"]},{"enum":["a45","b"]},{"enum":["a46","b"]},{"enum":["a47","b"]},{"enum":["a48","b"]},{"enum":["a49","b"]},{"type":"string"},{"type":"integer"}]}},"type":"object","properties":{"s":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/X"},{"$ref":"#/$defs/X"},{"$ref":"#/$defs/X"},{"$ref":"#/$defs/X"}]}}},"required":["s"]})";
const char *kEscapedKeys = R"({"type":"object","properties":{"a\"b":{"type":"number"},"é":{"type":"number"},
  "a":{"type":"number"}},"required":["a\"b","a"]})";

// How deep the brackets of a JSON text nest (outside strings).
int nesting(const std::string &text)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        inString = c == '"';
        depth += (c == '{' || c == '[') ? 1 : (c == '}' || c == ']') ? -1 : 0;
        deepest = std::max(deepest, depth);
    }
    return deepest;
}

} // namespace

void TestJsonSchemaGrammar::documents_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    const QByteArray p(kPerson), m(kMixed), f(kFree), e(kEmpty), a(kArrays), k(kEscapedKeys);
    QTest::newRow("person") << p << QByteArray(R"({"name":"Ann","age":31})") << true;
    QTest::newRow("person any order") << p << QByteArray(R"({ "tags" : ["x"], "age":-2, "name":"B\u00e9"})") << true;
    QTest::newRow("person missing age") << p << QByteArray(R"({"name":"Ann"})") << false;
    QTest::newRow("person extra key") << p << QByteArray(R"({"name":"Ann","age":1,"x":1})") << false;
    QTest::newRow("person repeated key") << p << QByteArray(R"({"name":"A","name":"B","age":1})") << false;
    QTest::newRow("person float age") << p << QByteArray(R"({"name":"Ann","age":1.5})") << false;
    QTest::newRow("person exp age") << p << QByteArray(R"({"name":"Ann","age":1e2})") << false;
    QTest::newRow("person string age") << p << QByteArray(R"({"name":"Ann","age":"1"})") << false;
    QTest::newRow("person four tags") << p << QByteArray(R"({"name":"A","age":1,"tags":["a","b","c","d"]})") << false;
    QTest::newRow("person three tags") << p << QByteArray(R"({"name":"A","age":1,"tags":["a","b","c"]})") << true;
    QTest::newRow("person number tag") << p << QByteArray(R"({"name":"A","age":1,"tags":[1]})") << false;
    QTest::newRow("person top array") << p << QByteArray(R"([{"name":"A","age":1}])") << false;
    QTest::newRow("mixed") << m << QByteArray(R"({"kind":12,"v":"x","inner":{"deep":[{"x":0,"y":null}]}})") << true;
    QTest::newRow("mixed enum prefix") << m << QByteArray(R"({"kind":1,"v":"x","inner":{"deep":[{"x":0}]}})") << true;
    QTest::newRow("mixed enum null") << m << QByteArray(R"({"kind":null,"v":"x","n":null,"inner":{"deep":[{"x":0}]}})")
                                     << true;
    QTest::newRow("mixed enum miss") << m << QByteArray(R"({"kind":2,"v":"x","inner":{"deep":[{"x":0}]}})") << false;
    QTest::newRow("mixed enum 123") << m << QByteArray(R"({"kind":123,"v":"x","inner":{"deep":[{"x":0}]}})") << false;
    QTest::newRow("mixed const miss") << m << QByteArray(R"({"kind":"a","v":"y","inner":{"deep":[{"x":0}]}})") << false;
    QTest::newRow("mixed no items") << m << QByteArray(R"({"kind":"a","v":"x","inner":{"deep":[]}})") << false;
    QTest::newRow("mixed 3 items") << m
                                   << QByteArray(R"({"kind":"a","v":"x","inner":{"deep":[{"x":1},{"x":2},{"x":3}]}})")
                                   << false;
    QTest::newRow("mixed number") << m
                                  << QByteArray(
                                         R"({"kind":"b","v":"x","n":-0.5e-3,"ok":false,"inner":{"deep":[{"x":1}]}})")
                                  << true;
    QTest::newRow("free any") << f << QByteArray(R"({"any":{"q":[1,{"r":null}]},"obj":{},"list":[1,"a",[]]})") << true;
    QTest::newRow("free any number") << f << QByteArray(R"({"any":5})") << true;
    QTest::newRow("free obj keys") << f << QByteArray(R"({"obj":{"a":1}})") << false;
    QTest::newRow("empty") << e << QByteArray("{}") << true;
    QTest::newRow("empty key") << e << QByteArray(R"({"a":1})") << false;
    QTest::newRow("arrays") << a << QByteArray(R"({"none":[],"m":[true,"é",{"k":1}]})") << true;
    QTest::newRow("arrays two") << a << QByteArray(R"({"none":[],"m":[true,[1,2]]})") << false;
    QTest::newRow("arrays none item") << a << QByteArray(R"({"none":[1],"m":[true,true,true]})") << false;
    QTest::newRow("arrays spaced literal") << a << QByteArray(R"({"none":[],"m":[true,true,[1, 2]]})") << false;
    QTest::newRow("escaped keys") << k << QByteArray(R"({"a\"b":1,"é":2,"a":3})") << true;
    QTest::newRow("escaped keys missing") << k << QByteArray(R"({"é":2,"a":3})") << false;
    QTest::newRow("trailing") << e << QByteArray("{} ") << false;
    const QByteArray py(kPydantic), sh(kShapes), tr(kTree), li(kList), one(kOneOf), rr(kRootRef);
    QTest::newRow("pydantic") << py << QByteArray(R"({"name":"A","nick":null,"address":{"city":"B"}})") << true;
    QTest::newRow("pydantic full")
        << py
        << QByteArray(R"({"name":"A","nick":"x","address":{"city":"B","zip":null},"previous":{"city":"C","zip":"1"}})")
        << true;
    QTest::newRow("pydantic no nick") << py << QByteArray(R"({"name":"A","address":{"city":"B"}})") << false;
    QTest::newRow("pydantic nick 1") << py << QByteArray(R"({"name":"A","nick":1,"address":{"city":"B"}})") << false;
    QTest::newRow("pydantic no city") << py << QByteArray(R"({"name":"A","nick":null,"address":{}})") << false;
    QTest::newRow("pydantic previous 1") << py
                                         << QByteArray(
                                                R"({"name":"A","nick":null,"address":{"city":"B"},"previous":1})")
                                         << false;
    QTest::newRow("shapes circle") << sh << QByteArray(R"({"shape":{"kind":"circle","r":1.5}})") << true;
    QTest::newRow("shapes rect") << sh << QByteArray(R"({"shape":{"w":1,"kind":"rect","h":2}})") << true;
    QTest::newRow("shapes label") << sh << QByteArray(R"({"shape":{"r":2,"label":"x"}})") << true;
    QTest::newRow("shapes circle w") << sh << QByteArray(R"({"shape":{"kind":"circle","w":1}})") << false;
    QTest::newRow("shapes rect no h") << sh << QByteArray(R"({"shape":{"kind":"rect","w":1}})") << false;
    QTest::newRow("shapes r only") << sh << QByteArray(R"({"shape":{"r":1}})") << false;
    QTest::newRow("shapes float r label") << sh << QByteArray(R"({"shape":{"r":1.5,"label":"x"}})") << false;
    QTest::newRow("tree")
        << tr
        << QByteArray(
               R"({"root":{"value":1,"children":[{"value":2},{"value":3,"children":[{"value":4,"children":[]}]}]}})")
        << true;
    QTest::newRow("tree no value") << tr << QByteArray(R"({"root":{"value":1,"children":[{"children":[]}]}})") << false;
    QTest::newRow("tree four")
        << tr << QByteArray(R"({"root":{"value":1,"children":[{"value":2},{"value":2},{"value":2},{"value":2}]}})")
        << false;
    QTest::newRow("list") << li << QByteArray(R"({"head":{"v":"a","next":{"v":"b","next":null}}})") << true;
    QTest::newRow("list open end") << li << QByteArray(R"({"head":{"v":"a","next":{"v":"b"}}})") << false;
    QTest::newRow("oneOf int") << one << QByteArray(R"({"x":3})") << true;
    QTest::newRow("oneOf bools") << one << QByteArray(R"({"x":[true,false]})") << true;
    QTest::newRow("oneOf float") << one << QByteArray(R"({"x":3.5})") << false;
    QTest::newRow("oneOf null") << one << QByteArray(R"({"x":null})") << false;
    QTest::newRow("root ref enum") << rr << QByteArray(R"({"a":"yy"})") << true;
    QTest::newRow("root ref string") << rr << QByteArray(R"({"a":"y","b":[null,{"a":"x","b":[{"a":7}]}]})") << true;
    QTest::newRow("root ref float") << rr << QByteArray(R"({"a":7.5})") << false;
    const QByteArray ex(kExpr);
    QTest::newRow("expr") << ex << QByteArray(R"({"expr":{"op":"+","args":[1,{"args":[2,3],"op":"*"}]}})") << true;
    QTest::newRow("expr one arg") << ex << QByteArray(R"({"expr":{"op":"+","args":[1]}})") << false;
    QTest::newRow("expr string") << ex << QByteArray(R"({"expr":"1"})") << false;
    QTest::newRow("root ref inner") << rr << QByteArray(R"({"a":"y","b":[{"b":[]}]})") << false;
}

void TestJsonSchemaGrammar::documents()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const auto s = compile(schema);
    QVERIFY(s);
    JsonSchemaGrammar g(s);
    const bool ok = g.advance(text.toStdString()) && g.complete();
    QCOMPARE(ok, valid);
    // What the grammar accepts, the independent validator accepts too. (The
    // converse does not hold by design: keys outside 'properties', integers
    // written with an exponent and enum values not in compact form are valid
    // but never generated.)
    if (ok)
        QCOMPARE(validate(QJsonDocument::fromJson(text).object(), QJsonDocument::fromJson(schema).object()), QString());
}

void TestJsonSchemaGrammar::randomWalksValidate_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<bool>("strict");
    QTest::addColumn<int>("maxDepth"); // the grammar's nesting limit
    QTest::newRow("person") << QByteArray(kPerson) << false << 32;
    QTest::newRow("mixed") << QByteArray(kMixed) << false << 32;
    QTest::newRow("free") << QByteArray(kFree) << false << 32;
    QTest::newRow("strict") << QByteArray(kStrict) << true << 32;
    QTest::newRow("empty") << QByteArray(kEmpty) << false << 32;
    QTest::newRow("arrays") << QByteArray(kArrays) << false << 32;
    QTest::newRow("escaped keys") << QByteArray(kEscapedKeys) << false << 32;
    QTest::newRow("pydantic") << QByteArray(kPydantic) << false << 32;
    QTest::newRow("shapes") << QByteArray(kShapes) << false << 32;
    QTest::newRow("tree") << QByteArray(kTree) << false << 32;
    QTest::newRow("tree depth 5") << QByteArray(kTree) << false << 5;
    QTest::newRow("list") << QByteArray(kList) << false << 32;
    QTest::newRow("list depth 7") << QByteArray(kList) << false << 7;
    QTest::newRow("oneOf") << QByteArray(kOneOf) << false << 32;
    QTest::newRow("root ref") << QByteArray(kRootRef) << false << 32;
    QTest::newRow("expr") << QByteArray(kExpr) << false << 32;
    QTest::newRow("expr depth 6") << QByteArray(kExpr) << false << 6;
    QTest::newRow("wide") << QByteArray(kWide) << false << 32;
    QTest::newRow("root ref depth 4") << QByteArray(kRootRef) << false << 4;
}

// A toy vocabulary: every printable ASCII byte, a UTF-8 letter, and longer
// pieces that cross value boundaries (`",`, `1}`, `true]`), as BPE tokens do.
// Each walk samples uniformly among the allowed pieces under a budget, with
// the rule of the constrained sampler: a piece is allowed when the shortest
// way to finish after it fits in the pieces left. A budget of at least the
// smallest document always finishes.
void TestJsonSchemaGrammar::randomWalksValidate()
{
    QFETCH(QByteArray, schema);
    QFETCH(bool, strict);
    QFETCH(int, maxDepth);
    const auto s = compile(schema, strict);
    QVERIFY(s);
    JsonSchemaGrammar::Limits limits;
    limits.maxDepth = maxDepth;
    const QJsonObject schemaObject = QJsonDocument::fromJson(schema).object();
    std::vector<std::string> vocab;
    for (int c = 0x20; c < 0x7f; ++c)
        vocab.emplace_back(1, char(c));
    for (const char *piece : { "\xc3\xa9", "\",", "\":", "{\"", "\"}", "1}", "true]", "null", "false", "12", "-0.",
             "e+", "[{", "}]", "\"name\":\"", "\"age\":", "\"tags\":[", "\"kind\":", "\"v\":\"x\"", "\"inner\":{",
             "\"deep\":[", "\"x\":", "\"any\":", "\"m\":[", "\"none\":[]", "\"a\\\"b\":", "\"k\":1", "  ", "\n",
             "\"nick\":", "\"address\":{", "\"previous\":", "\"city\":\"", "\"zip\":", "null}", "\"shape\":{",
             "\"kind\":\"", "\"r\":", "\"label\":\"", "\"root\":{", "\"value\":", "\"children\":[{", "\"head\":{",
             "\"next\":{\"v\":\"", "\"next\":", "\"a\":\"", "\"b\":[{", "\"expr\":{", "\"op\":\"+\"", "\"args\":[{" })
        vocab.emplace_back(piece);
    QRandomGenerator rng(1234);
    int complete = 0;
    int deepest = 0;
    for (int walk = 0; walk < kWalks; ++walk) {
        JsonSchemaGrammar g(s, limits);
        const int budget = 20 + int(rng.bounded(200));
        std::string text;
        const size_t minimal = g.completion().size();
        for (int step = 0; step < budget && !g.complete(); ++step) {
            const std::string forced = g.completion();
            QVERIFY2(!forced.empty(), ("no completion after: " + text).c_str());
            // The sampler's rule (core/model/jsonconstraint.cpp): the way to
            // finish fits in the pieces left; when none does, a piece on it.
            std::vector<int> allowed, onWay;
            for (size_t i = 0; i < vocab.size(); ++i) {
                JsonSchemaGrammar after = g;
                const bool advanced = after.advance(vocab[i]);
                // accepts() has its own one-reading path: it must agree.
                QVERIFY2(g.accepts(vocab[i]) == advanced, (text + " | " + vocab[i]).c_str());
                if (!advanced)
                    continue;
                if (after.complete() || int(after.completion().size()) <= budget - step - 1)
                    allowed.push_back(int(i));
                else if (forced.compare(0, vocab[i].size(), vocab[i]) == 0)
                    onWay.push_back(int(i));
            }
            if (allowed.empty())
                allowed = onWay;
            QVERIFY2(!allowed.empty(), ("stuck after: " + text).c_str());
            const std::string &piece = vocab[size_t(allowed[rng.bounded(int(allowed.size()))])];
            QVERIFY(g.advance(piece));
            text += piece;
        }
        if (!g.complete()) {
            // Only a budget below the schema's smallest document may end unfinished (a "length" reply).
            QVERIFY2(size_t(budget) < minimal, (std::to_string(budget) + " tokens: " + text).c_str());
            continue;
        }
        ++complete;
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, (text + ": " + pe.errorString().toStdString()).c_str());
        const QString why = validate(doc.object(), schemaObject);
        QVERIFY2(why.isEmpty(), (text + ": " + why.toStdString()).c_str());
        QVERIFY2(nesting(text) <= maxDepth, text.c_str());
        deepest = std::max(deepest, nesting(text));
    }
    // The rows with a small limit do reach it (so the depth rule is exercised,
    // not just never met); a scalar inside the innermost brackets takes a level too.
    if (maxDepth < 32)
        QVERIFY2(deepest >= maxDepth - 1, qPrintable(QString::number(deepest)));
    QVERIFY2(complete >= kWalks * 5 / 6, qPrintable(QString::number(complete)));
}

void TestJsonSchemaGrammar::completion_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("prefix");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray p(kPerson), m(kMixed), a(kArrays);
    QTest::newRow("start") << p << QByteArray("")
                           << QByteArray(R"({"age":0,"name":""})"); // keys in sorted order (QJsonObject's)
    QTest::newRow("open") << p << QByteArray("{") << QByteArray(R"("age":0,"name":""})");
    QTest::newRow("in key") << p << QByteArray(R"({"ta)") << QByteArray(R"(gs":[],"age":0,"name":""})");
    QTest::newRow("in string") << p << QByteArray(R"({"name":"Jo)") << QByteArray(R"(","age":0})");
    QTest::newRow("in number") << p << QByteArray(R"({"age":-)") << QByteArray(R"(0,"name":""})");
    QTest::newRow("after number") << p << QByteArray(R"({"age":12)") << QByteArray(R"(,"name":""})");
    QTest::newRow("after comma") << p << QByteArray(R"({"age":12,"name":"x",)") << QByteArray(R"("tags":[]})");
    QTest::newRow("in array") << p << QByteArray(R"({"tags":["a",)") << QByteArray(R"(""],"age":0,"name":""})");
    QTest::newRow("mixed") << m << QByteArray("{") << QByteArray(R"("inner":{"deep":[{"x":0}]},"kind":1,"v":"x"})");
    QTest::newRow("enum prefix") << m << QByteArray(R"({"kind":")")
                                 << QByteArray(R"(a","inner":{"deep":[{"x":0}]},"v":"x"})");
    QTest::newRow("min items") << a << QByteArray(R"({"m":[)")
                               << QByteArray("\"\xc3\xa9\",\"\xc3\xa9\",\"\xc3\xa9\"],\"none\":[]}");
    const QByteArray py(kPydantic), sh(kShapes), tr(kTree), li(kList), rr(kRootRef);
    QTest::newRow("pydantic") << py << QByteArray("") << QByteArray(R"({"address":{"city":""},"name":"","nick":""})");
    QTest::newRow("pydantic nick") << py << QByteArray(R"({"nick":)")
                                   << QByteArray(R"("","address":{"city":""},"name":""})");
    QTest::newRow("pydantic nick string")
        << py << QByteArray(R"({"nick":"a)") << QByteArray(R"(","address":{"city":""},"name":""})");
    QTest::newRow("pydantic previous") << py << QByteArray(R"({"previous":{)")
                                       << QByteArray(R"("city":""},"address":{"city":""},"name":"","nick":""})");
    QTest::newRow("shapes") << sh << QByteArray("") << QByteArray(R"({"shape":{"label":""}})");
    QTest::newRow("shapes rect") << sh << QByteArray(R"({"shape":{"kind":"r)") << QByteArray(R"(ect","h":0,"w":0}})");
    QTest::newRow("shapes r") << sh << QByteArray(R"({"shape":{"r":1)") << QByteArray(R"(,"label":""}})");
    QTest::newRow("tree") << tr << QByteArray(R"({"root":{"children":[{"children":[)")
                          << QByteArray(R"(],"value":0}],"value":0}})");
    QTest::newRow("list") << li << QByteArray(R"({"head":{"next":{)") << QByteArray(R"("next":null,"v":""},"v":""}})");
    QTest::newRow("root ref") << rr << QByteArray(R"({"b":[{"a":)") << QByteArray(R"(0}],"a":0})");
}

void TestJsonSchemaGrammar::completion()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, prefix);
    QFETCH(QByteArray, expected);
    const auto s = compile(schema);
    QVERIFY(s);
    JsonSchemaGrammar g(s);
    QVERIFY(g.advance(prefix.toStdString()));
    const std::string rest = g.completion();
    QCOMPARE(QByteArray::fromStdString(rest), expected);
    QVERIFY(g.advance(rest));
    QVERIFY(g.complete());
    const QJsonDocument doc = QJsonDocument::fromJson(prefix + expected);
    QVERIFY(doc.isObject());
    QCOMPARE(validate(doc.object(), QJsonDocument::fromJson(schema).object()), QString());
}

void TestJsonSchemaGrammar::refused_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<bool>("strict");
    QTest::addColumn<QString>("named"); // the error must contain this
    QTest::newRow("minimum") << QByteArray(R"({"type":"object","properties":{"a":{"type":"number","minimum":1}}})")
                             << false << "'minimum'";
    QTest::newRow("pattern") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","pattern":"x"}}})")
                             << false << "schema.properties.a: keyword 'pattern'";
    QTest::newRow("anyOf and type") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"string","anyOf":[{"type":"string"}]}}})")
                                    << false << "schema.properties.a: keyword 'anyOf' together with 'type'";
    QTest::newRow("anyOf empty") << QByteArray(R"({"type":"object","properties":{"a":{"anyOf":[]}}})") << false
                                 << "'anyOf' must be a non-empty list";
    QTest::newRow("anyOf bad branch") << QByteArray(
        R"({"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"type":"string","pattern":"x"}]}}})")
                                      << false << "schema.properties.a.anyOf[1]: keyword 'pattern'";
    QTest::newRow("oneOf overlap") << QByteArray(
        R"({"type":"object","properties":{"a":{"oneOf":[{"type":"integer"},{"type":"number"}]}}})")
                                   << false << "'oneOf'";
    QTest::newRow("oneOf objects") << QByteArray(
        R"({"type":"object","properties":{"a":{"oneOf":[{"type":"object"},{"type":"object","properties":{}}]}}})")
                                   << false << "'oneOf'";
    QTest::newRow("ref url") << QByteArray(
        R"({"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}})")
                             << false << "'$ref': \"https://example.com/s.json\" is not supported";
    QTest::newRow("ref pointer") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"string"},"b":{"$ref":"#/properties/a"}}})")
                                 << false << "schema.properties.b: keyword '$ref'";
    QTest::newRow("ref whole") << QByteArray(R"({"type":"object","properties":{"a":{"$ref":"#"}}})") << false
                               << "'$ref'";
    QTest::newRow("ref and type") << QByteArray(
        R"({"type":"object","properties":{"a":{"$ref":"#/$defs/x","type":"object"}},"$defs":{"x":{}}})")
                                  << false << "'$ref' together with 'type'";
    QTest::newRow("nested defs") << QByteArray(R"({"type":"object","properties":{"a":{"type":"object","$defs":{}}}})")
                                 << false << "schema.properties.a: keyword '$defs' is only supported at the root";
    QTest::newRow("no finite document") << QByteArray(
        R"({"$defs":{"L":{"type":"object","properties":{"n":{"$ref":"#/$defs/L"}},"required":["n"]}},
            "type":"object","properties":{"l":{"$ref":"#/$defs/L"}}})")
                                        << false << "schema.$defs.L: has no finite document";
    QTest::newRow("ref cycle") << QByteArray(
        R"({"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"null"}]}},
            "type":"object","properties":{"a":{"$ref":"#/$defs/A"}}})")
                               << false << "reference cycle";
    // 4 x 4 x 4 x 5 = 320 alternatives for one value.
    QTest::newRow("fan-out") << QByteArray(
        R"({"$defs":{"B":{"anyOf":[{"$ref":"#/$defs/C"},{"$ref":"#/$defs/C"},{"$ref":"#/$defs/C"},{"$ref":"#/$defs/C"}]},"C":{"anyOf":[{"$ref":"#/$defs/D"},{"$ref":"#/$defs/D"},{"$ref":"#/$defs/D"},{"$ref":"#/$defs/D"}]},"D":{"anyOf":[{"type":"null"},{"type":"null"},{"type":"null"},{"type":"null"},{"type":"null"}]}},"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/B"},{"$ref":"#/$defs/B"},{"$ref":"#/$defs/B"},{"$ref":"#/$defs/B"}]}}})")
                             << false << "schema.properties.a: keyword 'anyOf'/'oneOf'/'$ref': more than 256";
    QTest::newRow("root anyOf string") << QByteArray(R"({"anyOf":[{"type":"object"},{"type":"string"}]})") << false
                                       << "'type'";
    QTest::newRow("root too deep") << QByteArray(
        R"({"$defs":{"D":{"type":"object","properties":{"d":{"$ref":"#/$defs/E"}},"required":["d"]},
            "E":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/D"}}},
            "type":"object","properties":{"x":{"$ref":"#/$defs/D"}},"required":["x"]})")
                                   << false << "no finite document";
    QTest::newRow("ref") << QByteArray(R"({"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{}})")
                         << false << "'$";
    QTest::newRow("format") << QByteArray(R"({"type":"object","properties":{"d":{"type":"string","format":"date"}}})")
                            << false << "'format'";
    QTest::newRow("nested minLength") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"string","minLength":2}}}})")
                                      << false << "schema.properties.a.items: keyword 'minLength'";
    QTest::newRow("root string") << QByteArray(R"({"type":"string"})") << false << "'type'";
    QTest::newRow("root enum") << QByteArray(R"({"type":"object","enum":[{}]})") << false << "'type'";
    QTest::newRow("unknown type") << QByteArray(R"({"type":"object","properties":{"a":{"type":"date"}}})") << false
                                  << "'type'";
    QTest::newRow("strict open") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})")
                                 << true << "'additionalProperties'";
    QTest::newRow("strict optional") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false})")
                                     << true << "'required'";
    QTest::newRow("required unknown") << QByteArray(R"({"type":"object","required":["zz"]})") << false << "\"zz\"";
    QTest::newRow("max below min") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"array","minItems":3,"maxItems":2}}})")
                                   << false << "'maxItems'";
    QTest::newRow("tuple") << QByteArray(R"({"type":"object","properties":{"a":{"type":"array","items":[{}]}}})")
                           << false << "'items'";
    QTest::newRow("enum type") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","enum":[1]}}})")
                               << false << "'enum'";
    QTest::newRow("huge minimal") << QByteArray(
        R"({"type":"object","properties":{"a":{"type":"array","minItems":4096,"items":{"type":"array","minItems":4096}}}})")
                                  << false << "64 KiB";
    QTest::newRow("not json") << QByteArray("{\"type\":") << false << "not JSON";
}

void TestJsonSchemaGrammar::refused()
{
    QFETCH(QByteArray, schema);
    QFETCH(bool, strict);
    QFETCH(QString, named);
    const auto s = JsonSchema::compile(schema.toStdString(), strict);
    QVERIFY(!s);
    QVERIFY2(QString::fromStdString(s.status().message()).contains(named), s.status().message().c_str());
}

SLUICE_TEST_GUILESS_MAIN(TestJsonSchemaGrammar)
#include "tst_jsonschemagrammar.moc"
