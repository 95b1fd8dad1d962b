// sluice-cli demo-corpus: the data side of the trained demo model
// (tools/demo-model/). Trains the byte-level BPE with our own trainer on the
// training records and encodes every record with the engine's own K3 chat
// renderer, so the training ids are exactly the ids the engine will feed.
#include "command.h"
#include "options.h"

#include "format/safetensorswriter.h"
#include "text/chatformat.h"
#include "text/synthtokenizer.h"
#include "text/tokenizer.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Record {
    std::string user, assistant, text;
    bool thinking = false;
};

// JSON lines: {"user": U, "assistant": A, "thinking": bool} or {"text": T}.
bool readRecords(const std::string &path, std::vector<Record> &out, std::string &error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot open";
        return false;
    }
    std::string line;
    long number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty())
            continue;
        if (line.size() > (1u << 20)) {
            error = path + ":" + std::to_string(number) + ": line longer than 1 MiB";
            return false;
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(line), &parseError);
        if (!doc.isObject()) {
            error = path + ":" + std::to_string(number) + ": not a JSON object ("
                + parseError.errorString().toStdString() + ")";
            return false;
        }
        const QJsonObject o = doc.object();
        Record r;
        r.user = o.value(QLatin1String("user")).toString().toStdString();
        r.assistant = o.value(QLatin1String("assistant")).toString().toStdString();
        r.text = o.value(QLatin1String("text")).toString().toStdString();
        r.thinking = o.value(QLatin1String("thinking")).toBool(false);
        if (r.text.empty() == (r.user.empty() || r.assistant.empty())) {
            error = path + ":" + std::to_string(number) + ": expected either \"text\" or \"user\" + \"assistant\"";
            return false;
        }
        out.push_back(std::move(r));
    }
    return true;
}

bool writeIds(const std::string &path, const sluice::text::Tokenizer &tok, const std::vector<Record> &records,
    long &tokens, std::string &error)
{
    std::ostringstream out;
    tokens = 0;
    for (size_t i = 0; i < records.size(); ++i) {
        const Record &r = records[i];
        std::vector<int> ids;
        if (!r.text.empty()) {
            ids = tok.encode(r.text);
        } else {
            std::vector<sluice::text::ChatTurn> turns(2);
            turns[0].role = "user";
            turns[0].content = r.user;
            turns[1].role = "assistant";
            turns[1].content = r.assistant;
            sluice::text::ChatRenderOptions options;
            options.thinking = r.thinking;
            options.addGenerationPrompt = false;
            auto rendered = sluice::text::renderChat(tok, sluice::text::ChatFlavor::K3, turns, options);
            if (!rendered) {
                error = "record " + std::to_string(i + 1) + ": " + rendered.status().message();
                return false;
            }
            ids = std::move(*rendered);
        }
        for (size_t j = 0; j < ids.size(); ++j)
            out << (j ? " " : "") << ids[j];
        out << '\n';
        tokens += long(ids.size());
    }
    const std::string text = out.str();
    const sluice::Status s = sluice::writeFileAtomically(path, text.data(), text.size());
    if (!s.isOk()) {
        error = s.message();
        return false;
    }
    return true;
}

int runDemoCorpus(const std::vector<std::string> &args)
{
    std::string train, heldout, out;
    int vocab = 3840;
    uint64_t bpeBytes = 4u << 20;
    sluice::cli::OptionParser p("demo-corpus",
        "Trains the demo tokenizer (our BPE, K3 specials) on TRAIN and writes, one line per "
        "record, the ids the engine's K3 chat renderer gives every record.",
        "--train FILE --out DIR [options]");
    p.text("--train", &train, "JSON lines: {\"user\",\"assistant\",\"thinking\"} or {\"text\"}", "FILE");
    p.text("--heldout", &heldout, "held-out records (encoded, never used for the merges)", "FILE");
    p.text("--out", &out, "writes tiktoken.model, specials.json, train.ids, heldout.ids", "DIR");
    p.integer("--vocab", &vocab, 256, 65536, "BPE ranks (the specials come on top, 256 of them)");
    p.size("--bpe-bytes", &bpeBytes, 1024, 1ull << 31, "train the merges on the first SIZE bytes of text");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (train.empty() || out.empty())
        return p.usageError("missing --train FILE or --out DIR\n" + p.usageLine());
    std::string error;
    std::vector<Record> trainRecords, heldoutRecords;
    if (!readRecords(train, trainRecords, error)
        || (!heldout.empty() && !readRecords(heldout, heldoutRecords, error))) {
        std::fprintf(stderr, "demo-corpus: %s\n", error.c_str());
        return 1;
    }
    std::string corpus;
    for (const Record &r : trainRecords) {
        if (corpus.size() >= bpeBytes)
            break;
        corpus += r.text.empty() ? r.user + "\n" + r.assistant + "\n" : r.text + "\n";
    }
    auto made = sluice::text::makeTokenizerFromCorpus(corpus, vocab);
    if (!made) {
        std::fprintf(stderr, "demo-corpus: %s\n", made.status().message().c_str());
        return 1;
    }
    auto tok = sluice::text::Tokenizer::fromText(made->rankFileText, made->specialsJson);
    if (!tok) {
        std::fprintf(stderr, "demo-corpus: %s\n", tok.status().message().c_str());
        return 1;
    }
    for (const auto &[name, text] :
        { std::pair<std::string, const std::string *> { "tiktoken.model", &made->rankFileText },
            { "specials.json", &made->specialsJson } }) {
        const sluice::Status s = sluice::writeFileAtomically(out + "/" + name, text->data(), text->size());
        if (!s.isOk()) {
            std::fprintf(stderr, "demo-corpus: %s\n", s.message().c_str());
            return 1;
        }
    }
    long trainTokens = 0, heldoutTokens = 0;
    if (!writeIds(out + "/train.ids", *tok, trainRecords, trainTokens, error)
        || (!heldout.empty() && !writeIds(out + "/heldout.ids", *tok, heldoutRecords, heldoutTokens, error))) {
        std::fprintf(stderr, "demo-corpus: %s\n", error.c_str());
        return 1;
    }
    std::fprintf(stderr,
        "demo-corpus: %zu bytes of BPE text, %d ranks; train %zu records %ld tokens, heldout %zu records %ld tokens\n",
        corpus.size(), vocab, trainRecords.size(), trainTokens, heldoutRecords.size(), heldoutTokens);
    return 0;
}

const sluice::cli::CommandRegistration demoCorpusCommand { "demo-corpus", "Train the demo tokenizer and encode its corpus",
    runDemoCorpus };

} // namespace
