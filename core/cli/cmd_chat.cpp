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
    Session &s = conversation.session();
    BudgetAdapter adapter; // --adapt-budget: decisions wait for the next turn
    if (Status st = cli::startAdapter(adapter, budgetTarget(m), adapt); !st.isOk()) {
        std::fprintf(stderr, "chat: %s\n", st.message().c_str());
        return 1;
    }
    std::vector<ChatMessage> history;
    if (!system.empty())
        history.push_back({"system", system, "", 0});
    std::vector<ImageBytes> images; // every image of the conversation, in order
    ChatOptions co;
    co.thinking = false;
    int pendingImages = 0, turn = 0;
    bool canRegenerate = false; // a reply of this conversation (not of a loaded or reset one)
    GenerationResult last;
    cli::ChatInput input(script);
    int errors = 0; // any failed turn or command makes the exit status 1
    // Runs the conversation in `history` (ending in a user message); on
    // success the reply is appended to it.
    auto runTurn = [&]() -> bool {
        // Between replies is when the live budget may move (on stderr: --json stays one object a line).
        if (const std::string said = adapter.applyPending().describe(); !said.empty())
            std::fprintf(stderr, "%s\n", said.c_str());
        TurnRequest request;
        request.messages = history;
        request.images = images;
        request.chat = co;
        request.sampling = sp;
        request.policy = ContextPolicy::Strict;
        request.replyRoom = 1; // the reply runs until the context is full
        int index = 0;
        bool shownReasoning = false, shownContent = false;
        TurnEvents events;
        events.token = [&](const GeneratedToken &t, const TurnDelta &d, const LiveFigures &) {
            if (profile)
                cli::printTokenProfile(index, t.stats);
            ++index;
            if (!json) {
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
        const Status st = conversation.reply(request, events, r);
        if (!json) {
            if (!r.unsent.content.empty())
                std::printf("%s", r.unsent.content.c_str());
            std::printf("\n");
        }
        if (!st) {
            if (r.failure == TurnFailure::Context)
                std::printf("error: %s; /reset or a larger --ctx\n", st.message().c_str());
            else
                std::printf("error: %s\n", st.message().c_str());
            ++errors;
            return false;
        }
        const GenerationResult &g = r.generation;
        if (g.reason == StopReason::ContextFull) {
            std::printf("error: the context (%d positions) is full; /reset or a larger --ctx\n", opts.contextLength);
            ++errors;
        }
        last = g;
        ++turn;
        if (json) {
            const int n = int(g.tokens.size());
            QJsonObject o{{"turn", turn},
                          {"prompt_tokens", g.promptTokens},
                          {"reused_tokens", g.reusedTokens},
                          {"prefill_tokens", g.prefillTokens},
                          {"images_encoded", g.imagesEncoded},
                          {"reply_tokens", n},
                          {"ttft_s", r.figures.timeToFirstToken},
                          {"prefill_s", g.prefillSeconds},
                          {"decode_tok_s", n > 1 ? (n - 1) / std::max(1e-9, g.decodeSeconds) : 0.0},
                          {"budget_bytes", double(m.info().budgetBytes)},
                          {"expert_cache_bytes", double(m.info().expertCacheBytes)},
                          {"spliced", r.spliced},
                          {"reply", QString::fromStdString(r.reply.content)}};
            std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
            std::fflush(stdout);
        }
        history.push_back({"assistant", r.reply.content, r.reply.reasoning, 0, r.reply.toolCalls});
        canRegenerate = true;
        return true;
    };
    std::string line;
    while (input.next(line)) {
        if (line[0] == '/') {
            const auto [cmd, arg] = cli::splitChatCommand(line);
            Status st;
            if (cmd == "/quit" || cmd == "/exit") {
                break;
            } else if ((cmd == "/save" || cmd == "/load") && arg.empty()) {
                st = makeError(ErrorCode::InvalidArgument, cmd + " needs a FILE (" + cmd + " FILE)");
            } else if (cmd == "/reset") {
                conversation.reset();
                history.resize(system.empty() ? 0 : 1);
                images.clear();
                canRegenerate = false; // the reply it led to is gone with the conversation
            } else if (cmd == "/save") {
                st = conversation.save(arg);
            } else if (cmd == "/load") {
                st = conversation.load(arg);
                if (st.isOk()) {
                    // The messages the file's state answered (its .turn side file);
                    // without them the next turn starts afresh.
                    history = conversation.history();
                    images.clear();
                    canRegenerate = false; // the last reply belonged to the conversation the file replaced
                    if (history.empty())
                        std::printf("note: %s has no messages beside it (%s.turn); the next turn starts afresh\n",
                                    arg.c_str(), arg.c_str());
                }
            } else if (cmd == "/regenerate") {
                // Only a reply of this conversation can be regenerated: none yet, or
                // none since /reset or /load (whose history holds no reply to replace).
                if (!canRegenerate || history.empty() || history.back().role != "assistant") {
                    st = makeError(ErrorCode::InvalidArgument,
                                   "nothing to regenerate: no reply since the start, /reset or /load");
                } else {
                    const ChatMessage replaced = history.back();
                    history.pop_back();
                    if (!runTurn())
                        history.push_back(replaced); // the conversation still holds the old reply
                }
            } else if (cmd == "/stats") {
                std::printf("position %d; last reply %zu tokens, %.2f tok/s; reused %d of %d prompt tokens; "
                            "hits %llu misses %llu, %.1f MB read\n",
                            s.position(), last.tokens.size(),
                            double(last.tokens.size()) / std::max(1e-9, last.decodeSeconds), last.reusedTokens,
                            last.promptTokens, (unsigned long long)last.totals.demandHits,
                            (unsigned long long)last.totals.demandMisses, double(last.totals.bytesRead) / 1e6);
            } else if (cmd == "/image") {
                // Read and checked now, so a bad file is named at once.
                auto image = m.info().visionEnabled
                                 ? readImageFile(arg)
                                 : Expected<ImageBytes>(makeError(ErrorCode::Unsupported, m.info().visionDisabledReason));
                if (!image) {
                    st = image.status();
                } else {
                    images.push_back(std::move(*image));
                    ++pendingImages;
                }
            } else if (cmd == "/budget") {
                // The live budget: only the expert cache moves (Model::setBudget).
                uint64_t bytes = 0;
                const std::string why = cli::parseSize(arg, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, bytes);
                if (!why.empty()) {
                    st = makeError(ErrorCode::InvalidArgument, "/budget " + arg + ": " + why);
                } else {
                    st = m.setBudget(bytes);
                    if (st.isOk())
                        std::printf("budget %s: expert cache %d slots, %s\n", formatGiB(m.info().budgetBytes).c_str(),
                                    m.info().expertCacheSlots, formatGiB(m.info().expertCacheBytes).c_str());
                }
            } else if (cmd == "/think") {
                std::string why; // anything but on/off is a mistake, not "off": the setting stays
                if (!cli::parseThinkArgument(arg, co.thinking, why))
                    st = makeError(ErrorCode::InvalidArgument, why);
            } else {
                std::printf("commands: /reset /save FILE /load FILE /stats /image PATH /think on|off /regenerate /budget SIZE /quit\n");
            }
            if (!st.isOk()) {
                std::printf("error: %s\n", st.message().c_str());
                ++errors;
            }
            continue;
        }
        if (!m.info().hasTokenizer) {
            const std::string &why = m.info().tokenizerError;
            std::fprintf(stderr, "chat: %s\n", why.empty() ? "the model has no tokenizer/chat format" : why.c_str());
            return 1;
        }
        history.push_back({"user", line, "", pendingImages});
        const int added = pendingImages;
        pendingImages = 0;
        if (!runTurn()) {
            history.pop_back();
            images.resize(images.size() - size_t(added)); // the turn's images went with it
            continue;
        }
    }
    return errors ? 1 : 0;
}

static const cli::CommandRegistration reg{"chat", "Interactive chat (REPL) with a model", runChat};
