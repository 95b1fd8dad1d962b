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

// The client's options from the command line's; 0 to go on, else the exit status.
int clientOptions(const RemoteChatOptions &ro, RemoteOptions &options)
{
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
    return 0;
}

// --tools FILE: a JSON array of tools, sent as it is; 0 to go on, else the exit status.
int readToolsFile(const std::string &path, std::string &toolsJson)
{
    if (path.empty())
        return 0;
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly) || f.size() > (4 << 20)) {
        std::fprintf(stderr, "chat: %s: cannot open (or over 4 MiB)\n", path.c_str());
        return 2;
    }
    const QByteArray bytes = f.readAll();
    QJsonParseError pe;
    if (!QJsonDocument::fromJson(bytes, &pe).isArray()) {
        std::fprintf(stderr, "chat: %s: not a JSON array of tools (%s)\n", path.c_str(),
            pe.errorString().toUtf8().constData());
        return 2;
    }
    toolsJson = bytes.toStdString();
    return 0;
}

// --model ID when the server offers it, else the server's first model; none after printing why not.
std::optional<std::string> chooseModel(RemoteClient &client, const RemoteChatOptions &ro)
{
    auto models = client.listModels();
    if (!models) {
        std::fprintf(stderr, "chat: %s\n", models.status().message().c_str());
        return std::nullopt;
    }
    if (ro.model.empty()) {
        if (models->empty()) {
            std::fprintf(stderr, "chat: %s lists no model\n", ro.url.c_str());
            return std::nullopt;
        }
        return models->front().id;
    }
    bool listed = false;
    std::string offered;
    for (const RemoteModel &m : *models) {
        listed |= m.id == ro.model;
        offered += (offered.empty() ? "" : ", ") + m.id;
    }
    if (!listed) {
        std::fprintf(stderr, "chat: %s does not offer model \"%s\" (it offers: %s)\n", ro.url.c_str(),
            ro.model.c_str(), offered.empty() ? "none" : offered.c_str());
        return std::nullopt;
    }
    return ro.model;
}

// One conversation with a server: the messages so far and what /retry and
// /stats need.
class RemoteChatRepl {
public:
    RemoteChatRepl(RemoteClient &client, const OptionParser &parser, const RemoteChatOptions &ro,
        const SamplingParams &sampling, const std::string &model, const std::string &system,
        const std::string &toolsJson, bool json)
        : m_client(client), m_parser(parser), m_ro(ro), m_sampling(sampling), m_model(model), m_system(system),
          m_toolsJson(toolsJson), m_json(json), m_effort(ro.reasoningEffort)
    {
        if (!m_system.empty())
            m_history.push_back({ "system", m_system, "", {}, {}, "", "" });
    }

    // Reads lines until the input ends or /quit; returns the exit status.
    int run(ChatInput &input)
    {
        std::string line;
        while (input.next(line)) {
            if (line[0] == '/') {
                if (!command(line))
                    break;
                continue;
            }
            m_lastUser = line;
            m_lastImages = m_pendingImages;
            m_history.push_back({ "user", line, "", m_pendingImages, {}, "", "" });
            m_pendingImages.clear();
            runTurn();
        }
        return m_errors ? 1 : 0;
    }

private:
    bool runTurn();
    void printTurnJson(const RemoteReply &r) const;
    bool command(const std::string &line);
    void retry();
    void printStats() const;

    RemoteClient &m_client;
    const OptionParser &m_parser;
    const RemoteChatOptions &m_ro;
    const SamplingParams &m_sampling;
    const std::string &m_model;
    const std::string &m_system;
    const std::string &m_toolsJson;
    const bool m_json;
    std::string m_effort;
    std::vector<RemoteMessage> m_history;
    std::vector<std::string> m_pendingImages;
    RemoteReply m_last;
    int m_turn = 0;
    int m_errors = 0;
    std::string m_lastUser;
    std::vector<std::string> m_lastImages;
};

// Sends m_history (ending in a user message); true when anything came back.
bool RemoteChatRepl::runTurn()
{
    RemoteChatRequest req;
    req.model = m_model;
    req.messages = m_history;
    req.stream = !m_ro.noStream;
    req.maxTokens = m_sampling.maxTokens;
    req.temperature = m_sampling.temperature;
    req.topP = m_sampling.topP;
    if (m_parser.wasGiven("--seed"))
        req.seed = m_sampling.seed;
    req.stop = m_sampling.stopStrings;
    req.toolsJson = m_toolsJson;
    req.reasoningEffort = m_effort;
    bool inReasoning = false;
    RemoteReply r = m_client.chat(req, [&](const RemoteDelta &d) {
        if (m_json)
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
    ++m_turn;
    if (!m_json) {
        for (const RemoteToolCall &c : r.toolCalls)
            std::printf("\n[tool call %s] %s(%s)", c.id.c_str(), c.name.c_str(), c.argumentsJson.c_str());
        std::printf("\n");
    }
    const bool got = !r.content.empty() || !r.reasoning.empty() || !r.toolCalls.empty();
    if (!r.status.isOk()) {
        ++m_errors;
        if (!m_json)
            std::printf("error: %s\n", r.status.message().c_str());
    }
    if (m_json)
        printTurnJson(r);
    // What arrived is kept (a cut-off reply too): the next turn sees it.
    if (got)
        m_history.push_back({ "assistant", r.content, r.reasoning, {}, r.toolCalls, "", "" });
    else
        m_history.pop_back(); // nothing came back: the user turn can be sent again (/retry)
    m_last = std::move(r);
    return got;
}

void RemoteChatRepl::printTurnJson(const RemoteReply &r) const
{
    const RemoteStats &s = r.stats;
    QJsonObject o { { "turn", m_turn }, { "model", QString::fromStdString(r.model.empty() ? m_model : r.model) },
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

// Runs one /command; false for /quit.
bool RemoteChatRepl::command(const std::string &line)
{
    const auto [cmd, arg] = splitChatCommand(line);
    if (cmd == "/quit" || cmd == "/exit") {
        return false;
    } else if (cmd == "/reset") {
        m_history.resize(m_system.empty() ? 0 : 1);
    } else if (cmd == "/image") {
        if (arg.empty() || !QFile::exists(QString::fromStdString(arg))) {
            std::printf("error: /image %s: no such file\n", arg.c_str());
            ++m_errors;
        } else {
            m_pendingImages.push_back(arg);
        }
    } else if (cmd == "/think") {
        bool on = false;
        std::string why; // anything but on/off is a mistake, not "off": the setting stays
        if (parseThinkArgument(arg, on, why)) {
            m_effort = on ? "medium" : "none";
        } else {
            std::printf("error: %s\n", why.c_str());
            ++m_errors;
        }
    } else if (cmd == "/retry") {
        retry();
    } else if (cmd == "/stats") {
        printStats();
    } else {
        std::printf("commands: /reset /stats /image PATH /think on|off /retry /quit\n");
    }
    return true;
}

void RemoteChatRepl::retry()
{
    if (m_lastUser.empty()) {
        std::printf("error: nothing to retry yet\n");
        ++m_errors;
        return;
    }
    if (!m_history.empty() && m_history.back().role == "assistant")
        m_history.pop_back();
    if (m_history.empty() || m_history.back().role != "user")
        m_history.push_back({ "user", m_lastUser, "", m_lastImages, {}, "", "" });
    runTurn();
}

void RemoteChatRepl::printStats() const
{
    const RemoteStats &s = m_last.stats;
    std::printf("last reply: %d tokens%s, time to first token %.3f s, %.2f tok/s, prompt %d tokens "
                "(%d cached); finish %s\n",
        s.completionTokens, s.usageFromServer ? "" : " (counted as deltas)", s.ttftSeconds,
        s.decodeTokensPerSecond, s.promptTokens, s.cachedTokens, m_last.finishReason.c_str());
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
    std::string toolsJson;
    if (const int code = clientOptions(ro, options))
        return code;
    if (const int code = readToolsFile(ro.toolsFile, toolsJson))
        return code;
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
    const std::optional<std::string> chosen = chooseModel(client, ro);
    if (!chosen)
        return 1;
    const std::string &model = *chosen;
    if (!json)
        std::fprintf(stderr, "chat: remote %s, model \"%s\"\n", ro.url.c_str(), model.c_str());
    RemoteChatRepl repl(client, p, ro, sp, model, system, toolsJson, json);
    ChatInput input(script);
    return repl.run(input);
}

} // namespace sluice::cli
