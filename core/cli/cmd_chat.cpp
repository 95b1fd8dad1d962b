// sluice-cli chat MODEL: an interactive conversation in the model's chat
// format. Commands: /reset, /save FILE, /load FILE, /stats, /image PATH,
// /think on|off, /regenerate, /budget SIZE (the live budget), /quit. Each turn
// is a Conversation turn (api/chat.h): the whole history goes in, only the
// positions past the common prefix with the session's state are computed.
// --script FILE --json runs a scripted conversation and prints one JSON
// object per turn (the chat benchmark in docs/conversations.md).
#include "command.h"

#include "api/chat.h"
#include "api/model.h"
#include "api/inspect.h" // formatGiB
#include "api/session.h"
#include "budgetadapt.h"
#include "chatscript.h"
#include "cmd_chatremote.h"
#include "hostenv.h"
#include "openmodel.h"
#include "options.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <chrono>

#include <cstdio>
#include <iostream>
#include <string>

using namespace sluice;

namespace {

// One interactive chat: the conversation, the messages sent so far and what
// /stats, /regenerate and the exit status need.
class ChatRepl {
public:
    ChatRepl(Conversation &conversation, Model &model, BudgetAdapter &adapter, const EngineOptions &opts,
             const SamplingParams &sampling, const std::string &system, bool json, bool profile)
        : m_conversation(conversation), m_model(model), m_adapter(adapter), m_opts(opts), m_sampling(sampling),
          m_system(system), m_json(json), m_profile(profile)
    {
        if (!m_system.empty())
            m_history.push_back({"system", m_system, "", 0});
        m_chat.thinking = false;
    }

    // Reads lines until the input ends or /quit; returns the exit status.
    int run(cli::ChatInput &input)
    {
        std::string line;
        while (input.next(line)) {
            if (line[0] == '/') {
                if (!command(line))
                    break;
                continue;
            }
            if (!m_model.info().hasTokenizer) {
                const std::string &why = m_model.info().tokenizerError;
                std::fprintf(stderr, "chat: %s\n", why.empty() ? "the model has no tokenizer/chat format" : why.c_str());
                return 1;
            }
            m_history.push_back({"user", line, "", m_pendingImages});
            const int added = m_pendingImages;
            m_pendingImages = 0;
            if (!runTurn()) {
                m_history.pop_back();
                m_images.resize(m_images.size() - size_t(added)); // the turn's images went with it
                continue;
            }
        }
        return m_errors ? 1 : 0;
    }

private:
    bool runTurn();
    void printTurnJson(const TurnResult &r) const;
    bool command(const std::string &line);
    void reset();
    Status load(const std::string &path);
    Status regenerate();
    void printStats() const;
    Status addImage(const std::string &path);
    Status setBudget(const std::string &size);

    Conversation &m_conversation;
    Model &m_model;
    BudgetAdapter &m_adapter; // --adapt-budget: decisions wait for the next turn
    const EngineOptions &m_opts;
    const SamplingParams &m_sampling;
    const std::string &m_system;
    const bool m_json;
    const bool m_profile;
    std::vector<ChatMessage> m_history;
    std::vector<ImageBytes> m_images; // every image of the conversation, in order
    ChatOptions m_chat;
    int m_pendingImages = 0;
    int m_turn = 0;
    bool m_canRegenerate = false; // a reply of this conversation (not of a loaded or reset one)
    GenerationResult m_last;
    int m_errors = 0; // any failed turn or command makes the exit status 1
};

// Runs the conversation in m_history (ending in a user message); on
// success the reply is appended to it.
bool ChatRepl::runTurn()
{
    // Between replies is when the live budget may move (on stderr: --json stays one object a line).
    if (const std::string said = m_adapter.applyPending().describe(); !said.empty())
        std::fprintf(stderr, "%s\n", said.c_str());
    TurnRequest request;
    request.messages = m_history;
    request.images = m_images;
    request.chat = m_chat;
    request.sampling = m_sampling;
    request.policy = ContextPolicy::Strict;
    request.replyRoom = 1; // the reply runs until the context is full
    int index = 0;
    bool shownReasoning = false, shownContent = false;
    TurnEvents events;
    events.token = [&](const GeneratedToken &t, const TurnDelta &d, const LiveFigures &) {
        if (m_profile)
            cli::printTokenProfile(index, t.stats);
        ++index;
        if (!m_json) {
            if (!d.reasoning.empty()) {
                std::printf("%s%s", shownReasoning ? "" : "thinking: ", d.reasoning.c_str());
                shownReasoning = true;
            }
            if (!d.content.empty()) {
                std::printf("%s%s", shownReasoning && !shownContent ? "\n" : "", d.content.c_str());
                shownContent = true;
            }
            std::fflush(stdout);
        }
        return true;
    };
    TurnResult r;
    const Status st = m_conversation.reply(request, events, r);
    if (!m_json) {
        if (!r.unsent.content.empty())
            std::printf("%s", r.unsent.content.c_str());
        std::printf("\n");
    }
    if (!st) {
        if (r.failure == TurnFailure::Context)
            std::printf("error: %s; /reset or a larger --ctx\n", st.message().c_str());
        else
            std::printf("error: %s\n", st.message().c_str());
        ++m_errors;
        return false;
    }
    const GenerationResult &g = r.generation;
    if (g.reason == StopReason::ContextFull) {
        std::printf("error: the context (%d positions) is full; /reset or a larger --ctx\n", m_opts.contextLength);
        ++m_errors;
    }
    m_last = g;
    ++m_turn;
    if (m_json)
        printTurnJson(r);
    m_history.push_back({"assistant", r.reply.content, r.reply.reasoning, 0, r.reply.toolCalls});
    m_canRegenerate = true;
    return true;
}

void ChatRepl::printTurnJson(const TurnResult &r) const
{
    const GenerationResult &g = r.generation;
    const int n = int(g.tokens.size());
    QJsonObject o{{"turn", m_turn},
                  {"prompt_tokens", g.promptTokens},
                  {"reused_tokens", g.reusedTokens},
                  {"prefill_tokens", g.prefillTokens},
                  {"images_encoded", g.imagesEncoded},
                  {"reply_tokens", n},
                  {"ttft_s", r.figures.timeToFirstToken},
                  {"prefill_s", g.prefillSeconds},
                  {"decode_tok_s", n > 1 ? (n - 1) / std::max(1e-9, g.decodeSeconds) : 0.0},
                  {"budget_bytes", double(m_model.info().budgetBytes)},
                  {"expert_cache_bytes", double(m_model.info().expertCacheBytes)},
                  {"spliced", r.spliced},
                  {"reply", QString::fromStdString(r.reply.content)}};
    std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
    std::fflush(stdout);
}

// Runs one /command; false for /quit.
bool ChatRepl::command(const std::string &line)
{
    const auto [cmd, arg] = cli::splitChatCommand(line);
    Status st;
    if (cmd == "/quit" || cmd == "/exit") {
        return false;
    } else if ((cmd == "/save" || cmd == "/load") && arg.empty()) {
        st = makeError(ErrorCode::InvalidArgument, cmd + " needs a FILE (" + cmd + " FILE)");
    } else if (cmd == "/reset") {
        reset();
    } else if (cmd == "/save") {
        st = m_conversation.save(arg);
    } else if (cmd == "/load") {
        st = load(arg);
    } else if (cmd == "/regenerate") {
        st = regenerate();
    } else if (cmd == "/stats") {
        printStats();
    } else if (cmd == "/image") {
        st = addImage(arg);
    } else if (cmd == "/budget") {
        st = setBudget(arg);
    } else if (cmd == "/think") {
        std::string why; // anything but on/off is a mistake, not "off": the setting stays
        if (!cli::parseThinkArgument(arg, m_chat.thinking, why))
            st = makeError(ErrorCode::InvalidArgument, why);
    } else {
        std::printf("commands: /reset /save FILE /load FILE /stats /image PATH /think on|off /regenerate /budget SIZE /quit\n");
    }
    if (!st.isOk()) {
        std::printf("error: %s\n", st.message().c_str());
        ++m_errors;
    }
    return true;
}

void ChatRepl::reset()
{
    m_conversation.reset();
    m_history.resize(m_system.empty() ? 0 : 1);
    m_images.clear();
    m_canRegenerate = false; // the reply it led to is gone with the conversation
}

Status ChatRepl::load(const std::string &path)
{
    Status st = m_conversation.load(path);
    if (st.isOk()) {
        // The messages the file's state answered (its .turn side file);
        // without them the next turn starts afresh.
        m_history = m_conversation.history();
        m_images.clear();
        m_canRegenerate = false; // the last reply belonged to the conversation the file replaced
        if (m_history.empty())
            std::printf("note: %s has no messages beside it (%s.turn); the next turn starts afresh\n",
                        path.c_str(), path.c_str());
    }
    return st;
}

Status ChatRepl::regenerate()
{
    // Only a reply of this conversation can be regenerated: none yet, or
    // none since /reset or /load (whose history holds no reply to replace).
    if (!m_canRegenerate || m_history.empty() || m_history.back().role != "assistant")
        return makeError(ErrorCode::InvalidArgument, "nothing to regenerate: no reply since the start, /reset or /load");
    const ChatMessage replaced = m_history.back();
    m_history.pop_back();
    if (!runTurn())
        m_history.push_back(replaced); // the conversation still holds the old reply
    return Status();
}

void ChatRepl::printStats() const
{
    const GenerationResult &last = m_last;
    std::printf("position %d; last reply %zu tokens, %.2f tok/s; reused %d of %d prompt tokens; "
                "hits %llu misses %llu, %.1f MB read\n",
                m_conversation.session().position(), last.tokens.size(),
                double(last.tokens.size()) / std::max(1e-9, last.decodeSeconds), last.reusedTokens,
                last.promptTokens, (unsigned long long)last.totals.demandHits,
                (unsigned long long)last.totals.demandMisses, double(last.totals.bytesRead) / 1e6);
}

Status ChatRepl::addImage(const std::string &path)
{
    // Read and checked now, so a bad file is named at once.
    auto image = m_model.info().visionEnabled
                     ? readImageFile(path)
                     : Expected<ImageBytes>(makeError(ErrorCode::Unsupported, m_model.info().visionDisabledReason));
    if (!image)
        return image.status();
    m_images.push_back(std::move(*image));
    ++m_pendingImages;
    return Status();
}

// The live budget: only the expert cache moves (Model::setBudget).
Status ChatRepl::setBudget(const std::string &size)
{
    uint64_t bytes = 0;
    const std::string why = cli::parseSize(size, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, bytes);
    if (!why.empty())
        return makeError(ErrorCode::InvalidArgument, "/budget " + size + ": " + why);
    Status st = m_model.setBudget(bytes);
    if (st.isOk())
        std::printf("budget %s: expert cache %d slots, %s\n", formatGiB(m_model.info().budgetBytes).c_str(),
                    m_model.info().expertCacheSlots, formatGiB(m_model.info().expertCacheBytes).c_str());
    return st;
}

} // namespace

static int runChat(const std::vector<std::string> &args)
{
    if (cli::wantsRemoteChat(args)) // chat --remote URL: an OpenAI-compatible server (cmd_chatremote.cpp)
        return cli::runRemoteChat(args);
    EngineOptions opts;
    opts.checkpoints = kChatCheckpoints; // edits and regenerates roll back to a checkpoint
    const bool profile = cli::profileRequested();
    SamplingParams sp = cli::chatSamplingDefaults();
    std::string system, scriptPath;
    bool json = false;
    cli::OptionParser p("chat", "An interactive conversation in the model's chat format.");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory");
    cli::addChatTextOptions(p, system, scriptPath);
    p.flag("--json", &json, "one JSON object per turn (turn, prompt/reused/prefill tokens, ttft_s, decode_tok_s, reply)");
    cli::addSamplingOptions(p, sp, true, false);
    cli::addEngineOptions(p, opts);
    cli::AdaptOptions adapt;
    cli::addAdaptOptions(p, adapt);
    p.note("commands: /reset /save FILE /load FILE /stats /image PATH /think on|off /regenerate /budget SIZE /quit");
    p.note("chat --remote URL [--api-key K] [--model ID]: the same with an OpenAI-compatible server (chat --remote x --help)");
    if (const int code = p.parse(args); code >= 0)
        return code;
    std::vector<std::string> script;
    if (!scriptPath.empty()) {
        std::string error;
        if (!cli::readChatScript(scriptPath, script, error)) {
            std::fprintf(stderr, "chat: %s\n", error.c_str());
            return 2;
        }
    }
    auto opened = cli::openForCommand("chat", opts);
    if (!opened)
        return 1;
    Model &m = *opened->model;
    // As `run`, the server and the app: the model's generation_config.json
    // where the user gave no option (the demo loops without its penalties).
    if (const std::string said = cli::applyRecommendedSampling(p, m.info().recommendedSampling, sp); !said.empty())
        std::fprintf(stderr, "chat: %s\n", said.c_str());
    // The turn itself (rendering, the splice onto the exact ids of the last
    // reply, images, the context, the reply parsed by id) is the library's.
    Conversation conversation(opened->model, std::move(opened->session));
    BudgetAdapter adapter;
    if (Status st = cli::startAdapter(adapter, budgetTarget(m), adapt); !st.isOk()) {
        std::fprintf(stderr, "chat: %s\n", st.message().c_str());
        return 1;
    }
    ChatRepl repl(conversation, m, adapter, opts, sp, system, json, profile);
    cli::ChatInput input(script);
    return repl.run(input);
}

static const cli::CommandRegistration chatCommand{"chat", "Interactive chat (REPL) with a model", runChat};
