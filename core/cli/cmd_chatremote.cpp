// sluice-cli chat --remote URL [--api-key K | --api-key-file FILE] [--model ID]:
// the chat REPL (and --script/--json) against any OpenAI-compatible server
// through api/remote.h. The conversation is kept as messages (the server
// renders it); a reply cut off mid-stream is printed, kept in the
// conversation as it arrived, and reported (exit status 1 at the end).
// Commands: /reset /stats /image PATH /think on|off /retry /quit.
#include "cmd_chatremote.h"
#include "chatscript.h"

#include "api/remote.h"
#include "api/types.h" // SamplingParams (the shared sampling options)
#include "options.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <iostream>
#include <optional>

using namespace sluice;

namespace sluice::cli {

bool wantsRemoteChat(const std::vector<std::string> &args)
{
    for (const std::string &a : args)
        if (a == "--remote" || a.rfind("--remote=", 0) == 0)
            return true;
    return false;
}

namespace {

QJsonArray toolCallsJson(const std::vector<RemoteToolCall> &calls)
{
    QJsonArray a;
    for (const RemoteToolCall &c : calls)
        a.append(QJsonObject { { "id", QString::fromStdString(c.id) }, { "name", QString::fromStdString(c.name) },
            { "arguments", QString::fromStdString(c.argumentsJson) } });
    return a;
}

} // namespace

int runRemoteChat(const std::vector<std::string> &args)
{
    RemoteChatOptions ro;
    SamplingParams sp = chatSamplingDefaults();
    std::string system, scriptPath;
    bool json = false;
    OptionParser p("chat",
        "A conversation with an OpenAI-compatible server (vLLM, SGLang, llama.cpp, sluice-cli serve).",
        "--remote URL [OPTIONS]");
    addRemoteOptions(p, ro);
    addChatTextOptions(p, system, scriptPath);
    p.flag("--json", &json,
        "one JSON object per turn (turn, prompt/reply tokens, ttft_s, decode_tok_s, reply, finish_reason)");
    addSamplingOptions(p, sp, false, true);
    p.note("commands: /reset /stats /image PATH /think on|off /retry /quit");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (ro.url.empty())
        return p.usageError("--remote needs a URL");
    if (!ro.apiKey.empty() && !ro.apiKeyFile.empty())
        return p.usageError("give --api-key or --api-key-file, not both");
    RemoteOptions options;
    options.baseUrl = ro.url;
    options.apiKey = ro.apiKey;
    options.connectTimeoutMs = int(ro.connectTimeoutSeconds * 1000);
    options.idleTimeoutMs = int(ro.idleTimeoutSeconds * 1000);
    if (!ro.apiKeyFile.empty()) {
        auto key = readApiKeyFile(ro.apiKeyFile);
        if (!key) {
            std::fprintf(stderr, "chat: %s\n", key.status().message().c_str());
            return 2;
        }
        options.apiKey = *key;
    }
    std::string toolsJson;
    if (!ro.toolsFile.empty()) {
        QFile f(QString::fromStdString(ro.toolsFile));
        if (!f.open(QIODevice::ReadOnly) || f.size() > (4 << 20)) {
            std::fprintf(stderr, "chat: %s: cannot open (or over 4 MiB)\n", ro.toolsFile.c_str());
            return 2;
        }
        const QByteArray bytes = f.readAll();
        QJsonParseError pe;
        if (!QJsonDocument::fromJson(bytes, &pe).isArray()) {
            std::fprintf(stderr, "chat: %s: not a JSON array of tools (%s)\n", ro.toolsFile.c_str(),
                pe.errorString().toUtf8().constData());
            return 2;
        }
        toolsJson = bytes.toStdString();
    }
    std::vector<std::string> script;
    if (!scriptPath.empty()) {
        std::string error;
        if (!readChatScript(scriptPath, script, error)) {
            std::fprintf(stderr, "chat: %s\n", error.c_str());
            return 2;
        }
    }
    int argc = 1;
    char name[] = "sluice-cli";
    char *argv[] = { name, nullptr };
    QCoreApplication app(argc, argv); // the client's event loops need one

    RemoteClient client(options);
    auto models = client.listModels();
    if (!models) {
        std::fprintf(stderr, "chat: %s\n", models.status().message().c_str());
        return 1;
    }
    std::string model = ro.model;
    if (model.empty()) {
        if (models->empty()) {
            std::fprintf(stderr, "chat: %s lists no model\n", ro.url.c_str());
            return 1;
        }
        model = models->front().id;
    } else {
        bool listed = false;
        std::string offered;
        for (const RemoteModel &m : *models) {
            listed |= m.id == model;
            offered += (offered.empty() ? "" : ", ") + m.id;
        }
        if (!listed) {
            std::fprintf(stderr, "chat: %s does not offer model \"%s\" (it offers: %s)\n", ro.url.c_str(),
                model.c_str(), offered.empty() ? "none" : offered.c_str());
            return 1;
        }
    }
    if (!json)
        std::fprintf(stderr, "chat: remote %s, model \"%s\"\n", ro.url.c_str(), model.c_str());

    std::vector<RemoteMessage> history;
    if (!system.empty())
        history.push_back({ "system", system, "", {}, {}, "", "" });
    std::vector<std::string> pendingImages;
    std::string effort = ro.reasoningEffort;
    RemoteReply last;
    int turn = 0, errors = 0;
    ChatInput input(script);
    auto runTurn = [&]() {
        RemoteChatRequest req;
        req.model = model;
        req.messages = history;
        req.stream = !ro.noStream;
        req.maxTokens = sp.maxTokens;
        req.temperature = sp.temperature;
        req.topP = sp.topP;
        if (p.wasGiven("--seed"))
            req.seed = sp.seed;
        req.stop = sp.stopStrings;
        req.toolsJson = toolsJson;
        req.reasoningEffort = effort;
        bool inReasoning = false;
        RemoteReply r = client.chat(req, [&](const RemoteDelta &d) {
            if (json)
                return true;
            if (!d.reasoning.empty()) {
                if (!inReasoning)
                    std::fputs("[thinking] ", stdout);
                inReasoning = true;
                std::fwrite(d.reasoning.data(), 1, d.reasoning.size(), stdout);
            }
            if (!d.content.empty()) {
                if (inReasoning)
                    std::fputs("\n[answer] ", stdout);
                inReasoning = false;
                std::fwrite(d.content.data(), 1, d.content.size(), stdout);
            }
            std::fflush(stdout);
            return true;
        });
        ++turn;
        if (!json) {
            for (const RemoteToolCall &c : r.toolCalls)
                std::printf("\n[tool call %s] %s(%s)", c.id.c_str(), c.name.c_str(), c.argumentsJson.c_str());
            std::printf("\n");
        }
        const bool got = !r.content.empty() || !r.reasoning.empty() || !r.toolCalls.empty();
        if (!r.status.isOk()) {
            ++errors;
            if (!json)
                std::printf("error: %s\n", r.status.message().c_str());
        }
        if (json) {
            const RemoteStats &s = r.stats;
            QJsonObject o { { "turn", turn }, { "model", QString::fromStdString(r.model.empty() ? model : r.model) },
                { "prompt_tokens", s.promptTokens }, { "cached_tokens", s.cachedTokens },
                { "reply_tokens", s.completionTokens }, { "usage_from_server", s.usageFromServer },
                { "ttft_s", s.ttftSeconds }, { "total_s", s.totalSeconds }, { "decode_tok_s", s.decodeTokensPerSecond },
                { "finish_reason", QString::fromStdString(r.finishReason) }, { "cut_off", r.cutOff },
                { "reply", QString::fromStdString(r.content) } };
            if (!r.reasoning.empty())
                o.insert("reasoning", QString::fromStdString(r.reasoning));
            if (!r.toolCalls.empty())
                o.insert("tool_calls", toolCallsJson(r.toolCalls));
            if (!r.status.isOk())
                o.insert("error", QString::fromStdString(r.status.message()));
            if (r.httpStatus)
                o.insert("http_status", r.httpStatus);
            std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
            std::fflush(stdout);
        }
        // What arrived is kept (a cut-off reply too): the next turn sees it.
        if (got)
            history.push_back({ "assistant", r.content, r.reasoning, {}, r.toolCalls, "", "" });
        else
            history.pop_back(); // nothing came back: the user turn can be sent again (/retry)
        last = std::move(r);
        return got;
    };
    std::string line, lastUser;
    std::vector<std::string> lastImages;
    while (input.next(line)) {
        if (line[0] == '/') {
            const auto [cmd, arg] = splitChatCommand(line);
            if (cmd == "/quit" || cmd == "/exit") {
                break;
            } else if (cmd == "/reset") {
                history.resize(system.empty() ? 0 : 1);
            } else if (cmd == "/image") {
                if (arg.empty() || !QFile::exists(QString::fromStdString(arg))) {
                    std::printf("error: /image %s: no such file\n", arg.c_str());
                    ++errors;
                } else {
                    pendingImages.push_back(arg);
                }
            } else if (cmd == "/think") {
                bool on = false;
                std::string why; // anything but on/off is a mistake, not "off": the setting stays
                if (parseThinkArgument(arg, on, why)) {
                    effort = on ? "medium" : "none";
                } else {
                    std::printf("error: %s\n", why.c_str());
                    ++errors;
                }
            } else if (cmd == "/retry") {
                if (lastUser.empty()) {
                    std::printf("error: nothing to retry yet\n");
                    ++errors;
                } else {
                    if (!history.empty() && history.back().role == "assistant")
                        history.pop_back();
                    if (history.empty() || history.back().role != "user")
                        history.push_back({ "user", lastUser, "", lastImages, {}, "", "" });
                    runTurn();
                }
            } else if (cmd == "/stats") {
                const RemoteStats &s = last.stats;
                std::printf("last reply: %d tokens%s, time to first token %.3f s, %.2f tok/s, prompt %d tokens "
                            "(%d cached); finish %s\n",
                    s.completionTokens, s.usageFromServer ? "" : " (counted as deltas)", s.ttftSeconds,
                    s.decodeTokensPerSecond, s.promptTokens, s.cachedTokens, last.finishReason.c_str());
            } else {
                std::printf("commands: /reset /stats /image PATH /think on|off /retry /quit\n");
            }
            continue;
        }
        lastUser = line;
        lastImages = pendingImages;
        history.push_back({ "user", line, "", pendingImages, {}, "", "" });
        pendingImages.clear();
        runTurn();
    }
    return errors ? 1 : 0;
}

} // namespace sluice::cli
