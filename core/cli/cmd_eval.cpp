// sluice-cli eval MODEL PROMPT|--ids LIST [--json] [--all-logits] [--chunk N]:
// feeds the prompt and prints, for every position, the argmax and top-10;
// the full logits of the last position (or of every position with
// --all-logits). The tool the oracle comparisons and bug reports use.
#include "command.h"

#include "api/inspect.h"
#include "api/model.h"
#include "api/session.h"
#include "openmodel.h"
#include "options.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <sstream>

using namespace sluice;

static bool parseIds(const std::string &text, std::vector<int> &ids)
{
    std::stringstream list(text);
    std::string item;
    while (std::getline(list, item, ',')) {
        char *end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (end == item.c_str() || *end || v < 0 || v > (1 << 24))
            return false;
        ids.push_back(int(v));
    }
    return !ids.empty();
}

// The prompt's ids: its text with the images' media markup, or the text
// alone. Returns false after printing why there are none.
static bool tokenizePrompt(const Model &m, Session &s, const std::string &prompt, bool withImages,
                           std::vector<int> &ids)
{
    ids = withImages ? s.imagePrompt(prompt) : m.tokenize(prompt);
    if (!ids.empty())
        return true;
    const std::string &why = m.info().tokenizerError;
    std::fprintf(stderr, "eval: %s\n", why.empty() ? "the prompt gave no tokens" : why.c_str());
    return false;
}

// The expanded sequence: each pad became one position per image embedding
// ((gh/2)(gw/2) for the image's patch grid).
static std::vector<int> expandImagePads(const Model &m, const std::vector<int> &ids,
                                        const std::vector<std::string> &images)
{
    const int mediaPadId = m.info().mediaPadId;
    std::vector<int> expanded;
    size_t next = 0;
    for (int id : ids) {
        if (id != mediaPadId || next >= images.size()) {
            expanded.push_back(id);
            continue;
        }
        auto header = probeImage(images[next++]);
        auto positions = header ? m.imagePositions(header->width, header->height)
                                : Expected<int>(header.status());
        const int n = positions ? *positions : 1;
        expanded.insert(expanded.end(), size_t(n), id);
    }
    return expanded;
}

// Every position's argmax and top-10 (printed unless --json), as JSON too.
static QJsonArray reportPositions(const std::vector<int> &ids, const std::vector<float> &logits, size_t vocab,
                                  bool allLogits, bool json)
{
    QJsonArray positions;
    for (size_t t = 0; t < ids.size(); ++t) {
        const float *row = logits.data() + t * vocab;
        std::vector<int> order(vocab);
        for (size_t i = 0; i < vocab; ++i)
            order[i] = int(i);
        const size_t k = std::min<size_t>(10, vocab);
        std::partial_sort(order.begin(), order.begin() + ptrdiff_t(k), order.end(),
                          [&](int a, int b) { return row[a] > row[b] || (row[a] == row[b] && a < b); });
        QJsonArray top;
        for (size_t i = 0; i < k; ++i)
            top.append(QJsonArray{order[i], double(row[order[i]])});
        QJsonObject p{{"position", int(t)}, {"token", ids[t]}, {"argmax", order[0]}, {"top10", top}};
        if (allLogits || t + 1 == ids.size()) {
            QJsonArray full;
            for (size_t i = 0; i < vocab; ++i)
                full.append(double(row[i]));
            p["logits"] = full;
        }
        positions.append(p);
        if (!json) {
            std::printf("%4zu  token %6d  argmax %6d (%.5f)  top:", t, ids[t], order[0], double(row[order[0]]));
            for (size_t i = 1; i < std::min<size_t>(5, k); ++i)
                std::printf(" %d", order[i]);
            std::printf("\n");
        }
    }
    return positions;
}

static void printEvalJson(const std::string &modelPath, size_t vocab, const QJsonArray &positions, bool residuals,
                          const std::vector<float> &dump)
{
    QJsonObject root{{"model", QString::fromStdString(modelPath)}, {"vocab", int(vocab)},
                     {"positions", positions}};
    if (residuals) {
        QJsonArray r;
        for (float v : dump)
            r.append(double(v));
        root["residuals"] = r; // [token][layer][hidden]
    }
    std::fwrite(QJsonDocument(root).toJson(QJsonDocument::Compact).constData(), 1,
                size_t(QJsonDocument(root).toJson(QJsonDocument::Compact).size()), stdout);
    std::printf("\n");
}

static int runEval(const std::vector<std::string> &args)
{
    ModelOptions opts;
    std::string prompt;
    std::vector<int> ids;
    std::vector<std::string> images; // --image FILE, repeatable: queued in order
    bool json = false, allLogits = false, residuals = false;
    int chunk = 64;
    cli::OptionParser p("eval", "Feeds the prompt and prints, for every position, the argmax and top-10, and the\n"
                                "full logits of the last position (or of every position with --all-logits).",
                        "MODEL PROMPT|--ids 1,2,3 [options]");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory")
        .positional("PROMPT", &prompt, "the prompt text", false);
    p.custom("--ids", "LIST", "the prompt as comma-separated token ids", [&](const std::string &v) {
        ids.clear();
        return parseIds(v, ids) ? std::string() : std::string("expected comma-separated token ids (0..16777216)");
    });
    p.flag("--json", &json, "JSON output");
    p.flag("--all-logits", &allLogits, "the full logits of every position");
    p.flag("--residuals", &residuals, "dump the residual stream, token by token");
    p.integer("--chunk", &chunk, 1, 64, "prefill chunk size");
    p.list("--image", &images, "an image queued in order", "FILE");
    cli::addEngineOptions(p, opts);
    p.note("--image: a PROMPT gets their media markup in front, --ids must hold one media pad id per image.\n"
           "Positions are reported after pad expansion.");
    if (const int code = p.parse(args); code >= 0)
        return code;
    const bool haveIds = p.wasGiven("--ids");
    if (residuals)
        chunk = 1; // token by token so the dump is [token][layer][hidden]
    if (!haveIds && prompt.empty())
        return p.usageError("give a PROMPT or --ids\n" + p.usageLine());
    auto opened = cli::openForCommand("eval", opts, images);
    if (!opened)
        return 1;
    const Model &m = *opened->model;
    Session &s = *opened->session;
    if (!haveIds && !tokenizePrompt(m, s, prompt, !images.empty(), ids))
        return 1;
    std::vector<float> logits, dump;
    if (residuals)
        s.setHiddenStateTap(HiddenStateTap{&dump});
    const Status st = s.evalAll(ids, logits, residuals ? 1 : chunk);
    if (!st.isOk()) {
        std::fprintf(stderr, "eval: %s\n", st.message().c_str());
        return 1;
    }
    const size_t vocab = size_t(m.info().vocab);
    if (!images.empty())
        ids = expandImagePads(m, ids, images);
    if (logits.size() != ids.size() * vocab) {
        std::fprintf(stderr, "eval: %zu positions of logits for %zu tokens\n", logits.size() / vocab, ids.size());
        return 1;
    }
    const QJsonArray positions = reportPositions(ids, logits, vocab, allLogits, json);
    if (json) {
        printEvalJson(opts.modelPath, vocab, positions, residuals, dump);
    } else {
        const float *last = logits.data() + (ids.size() - 1) * vocab;
        std::printf("last position logits (%zu):", vocab);
        for (size_t i = 0; i < vocab && !allLogits; ++i)
            std::printf("%s%.6g", i % 10 ? " " : "\n  ", double(last[i]));
        std::printf("\n");
    }
    return 0;
}

static const cli::CommandRegistration evalCommand{"eval", "Logits of a prompt: argmax/top-10 per position, full logits",
                                          runEval};
