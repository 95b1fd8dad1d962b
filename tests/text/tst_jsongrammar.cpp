// JsonGrammar (text/jsongrammar.h), the automaton behind constrained
// sampling for response_format json_object: it accepts exactly the prefixes
// of valid JSON objects (checked against Qt's JSON parser), and a walk that
// only ever takes bytes it accepts ends in a document that parses.
#include "support/testregistry.h"
#include "text/jsongrammar.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using sluice::text::JsonGrammar;

class TestJsonGrammar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void documents_data();
    void documents();
    void prefixesStayAlive();
    void randomWalksParse();
    void limits();
    void completion_data();
    void completion();
};

void TestJsonGrammar::documents_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid"); // a complete JSON object
    QTest::newRow("empty object") << QByteArray("{}") << true;
    QTest::newRow("nested") << QByteArray(R"({"a":[1,-2.5e+3,0,true,false,null,{"b":"c"}],"d":{}})") << true;
    QTest::newRow("spaces") << QByteArray("{ \"a\" : [ 1 , 2 ] }") << true;
    QTest::newRow("escapes") << QByteArray(R"({"a":"\"\\\/\b\f\n\r\t\u00e9"})") << true;
    QTest::newRow("utf8") << QByteArray("{\"k\":\"h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"}") << true;
    QTest::newRow("numbers") << QByteArray(R"({"a":0.5,"b":-0,"c":1E9,"d":12e-2})") << true;
    // Bounded so every accepted number is a finite double: <= 15 integer digits, <= 2 exponent digits.
    QTest::newRow("long integer") << QByteArray(R"({"a":1234567890123456})") << false;
    QTest::newRow("big exponent") << QByteArray(R"({"a":1e308})") << false;
    QTest::newRow("array top") << QByteArray("[1]") << false;
    QTest::newRow("string top") << QByteArray("\"a\"") << false;
    QTest::newRow("trailing comma") << QByteArray(R"({"a":1,})") << false;
    QTest::newRow("leading zero") << QByteArray(R"({"a":01})") << false;
    QTest::newRow("bare dot") << QByteArray(R"({"a":1.})") << false;
    QTest::newRow("plus") << QByteArray(R"({"a":+1})") << false;
    QTest::newRow("unquoted key") << QByteArray("{a:1}") << false;
    QTest::newRow("single quotes") << QByteArray("{'a':1}") << false;
    QTest::newRow("bad escape") << QByteArray(R"({"a":"\x"})") << false;
    QTest::newRow("control char") << QByteArray("{\"a\":\"\x01\"}") << false;
    QTest::newRow("overlong") << QByteArray("{\"a\":\"\xc0\xaf\"}") << false;
    QTest::newRow("surrogate") << QByteArray("{\"a\":\"\xed\xa0\x80\"}") << false;
    QTest::newRow("past U+10FFFF") << QByteArray("{\"a\":\"\xf4\x90\x80\x80\"}") << false;
    QTest::newRow("mismatched") << QByteArray(R"({"a":[1})") << false;
    QTest::newRow("bad literal") << QByteArray(R"({"a":tru})") << false;
    QTest::newRow("after end") << QByteArray("{}x") << false;
    QTest::newRow("unfinished") << QByteArray(R"({"a":)") << false;
}

void TestJsonGrammar::documents()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    JsonGrammar g;
    const bool alive = g.advance(std::string_view(text.constData(), size_t(text.size())));
    QCOMPARE(alive && g.complete(), valid);
    // The reference parses every document the grammar completes (Qt is more
    // lenient than RFC 8259: raw control characters, "1.", "\\x" pass there).
    if (valid) {
        QJsonParseError pe {};
        const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
        QVERIFY(pe.error == QJsonParseError::NoError && doc.isObject());
    }
}

// Every prefix of a valid document is alive, and incomplete until the end.
void TestJsonGrammar::prefixesStayAlive()
{
    const QByteArray text = R"({"name":"x","tags":["a","b"],"n":-12.5e3,"ok":true,"o":{"z":null}})";
    JsonGrammar g;
    for (qsizetype i = 0; i < text.size(); ++i) {
        QVERIFY2(!g.complete(), qPrintable(QString::number(i)));
        QVERIFY2(g.accepts(std::string_view(text.constData() + i, 1)), qPrintable(QString::number(i)));
        QVERIFY(g.advance(static_cast<unsigned char>(text[i])));
    }
    QVERIFY(g.complete());
    QVERIFY(!g.accepts("}"));
}

// The property constrained sampling relies on: taking only accepted pieces
// (random multi-byte tokens, as a vocabulary would offer) always leaves a
// live state, and a completed walk is a JSON object Qt parses.
void TestJsonGrammar::randomWalksParse()
{
    const std::vector<std::string> vocab
        = { "{", "}", "[", "]", ",", ":", "\"", "\"a", "b\"", "\":", "1", "0", ".5", "e3", "-", "true", "fal", "se",
              "null", " ", "\\n", "\\u00", "41", "\xc3\xa9", "\xe2\x82", "\xac", "{\"", "\"}", "],", "x", "\\" };
    QRandomGenerator rng(7);
    int completed = 0;
    for (int walk = 0; walk < 2000; ++walk) {
        JsonGrammar g;
        std::string out;
        for (int step = 0; step < 200 && !g.complete(); ++step) {
            std::vector<size_t> ok;
            for (size_t t = 0; t < vocab.size(); ++t)
                if (g.accepts(vocab[t]))
                    ok.push_back(t);
            QVERIFY2(!ok.empty(), out.c_str()); // never stuck: some piece always continues
            // Past 100 steps prefer closing pieces so most walks finish.
            size_t pick = ok[rng.bounded(quint32(ok.size()))];
            if (step > 100)
                for (size_t t : ok)
                    if (vocab[t] == "}" || vocab[t] == "]" || vocab[t] == "\"" || vocab[t] == "1")
                        pick = t;
            QVERIFY(g.advance(vocab[pick]));
            out += vocab[pick];
        }
        if (!g.complete())
            continue;
        ++completed;
        QJsonParseError pe {};
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out), &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError && doc.isObject(), out.c_str());
    }
    QVERIFY2(completed > 1000, qPrintable(QString::number(completed)));
}

void TestJsonGrammar::limits()
{
    JsonGrammar::Limits l;
    l.maxDepth = 3;
    l.maxWhitespaceRun = 2;
    JsonGrammar g(true, l);
    QVERIFY(g.advance(R"({"a":[[)"));
    QVERIFY(!g.accepts("["));
    QVERIFY(g.accepts("  1"));
    QVERIFY(!g.accepts("   1"));
}

void TestJsonGrammar::completion_data()
{
    QTest::addColumn<QByteArray>("prefix");
    for (const char *p : { "", "{", "{\"", "{\"a", "{\"a\"", "{\"a\":", "{\"a\":[", "{\"a\":[1", "{\"a\":[1,",
             "{\"a\":-", "{\"a\":1.", "{\"a\":1e", "{\"a\":1e+", "{\"a\":tr", "{\"a\":\"\\", "{\"a\":\"\\u0",
             "{\"a\":\"\xe2", "{\"a\":{\"b\":[{", "{\"a\":1," })
        QTest::newRow(p) << QByteArray(p);
}

// From any live prefix, completion() closes it into a document Qt parses.
void TestJsonGrammar::completion()
{
    QFETCH(QByteArray, prefix);
    JsonGrammar g;
    QVERIFY(g.advance(std::string_view(prefix.constData(), size_t(prefix.size()))));
    const std::string rest = g.completion();
    QVERIFY(!rest.empty());
    QVERIFY(g.advance(rest));
    QVERIFY(g.complete());
    QJsonParseError pe {};
    QVERIFY2(QJsonDocument::fromJson(prefix + QByteArray::fromStdString(rest), &pe).isObject(),
        qPrintable(prefix + QByteArray::fromStdString(rest)));
}

SLUICE_TEST_GUILESS_MAIN(TestJsonGrammar)
#include "tst_jsongrammar.moc"
