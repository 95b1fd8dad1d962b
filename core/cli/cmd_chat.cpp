// sluice-cli chat MODEL: an interactive conversation in the model's chat
// format. Commands: /reset, /save FILE, /load FILE, /stats, /image PATH,
// /think on|off, /regenerate, /budget SIZE (the live budget), /quit. Prefix reuse (api/session.h): each turn
// computes only the positions past the common prefix with the session's state.
// --script FILE --json runs a scripted conversation and prints one JSON
// object per turn (the chat benchmark in docs/conversations.md).
#include "command.h"

#include "api/model.h"
#include "api/inspect.h" // formatGiB
#include "api/session.h"
#include "budgetadapt.h"
#include "chatscript.h"
#include "cmd_chatremote.h"
#include "hostenv.h"
#include "openmodel.h"
#include "replyprinter.h"
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
    Session &s = *opened->session;
    cli::BudgetAdapter adapter; // --adapt-budget: decisions wait for the next turn
    if (Status st = adapter.start(cli::budgetTarget(m), adapt); !st.isOk()) {
        std::fprintf(stderr, "chat: %s\n", st.message().c_str());
        return 1;
    }
    std::vector<ChatMessage> history;
    if (!system.empty())
        history.push_back({"system", system, "", 0});
    // The conversation as ids: what the model produced is kept as produced
    // (re-rendering a reply need not give the same ids), each new user turn is
    // the rendering's suffix past the conversation so far.
    std::vector<int> conversation, lastPrompt;
    ChatOptions co;
    co.thinking = false;
    int pendingImages = 0, turn = 0;
    GenerationResult last;
    cli::ChatInput input(script);
    int errors = 0; // any failed turn or command makes the exit status 1
    auto runTurn = [&](const std::vector<int> &sequence) -> bool {
        // Between replies is when the live budget may move (on stderr: --json stays one object a line).
        if (const std::string said = adapter.applyPending(); !said.empty())
            std::fprintf(stderr, "%s\n", said.c_str());
        cli::ReplyPrinter printer(m, co, json ? nullptr : stdout);
        int index = 0;
        const auto t0 = std::chrono::steady_clock::now();
        double ttft = 0;
        auto r = s.generate(sequence, sp, [&](const GeneratedToken &t) {
            if (index == 0)
                ttft = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (profile)
                cli::printTokenProfile(index, t.stats);
            ++index;
            printer.add(t.id);
            return true;
        });
        if (!json)
            std::printf("\n");
        if (!r) {
            std::printf("error: %s\n", r.status().message().c_str());
            ++errors;
            return false;
        }
        if (r->reason == StopReason::ContextFull) {
            std::printf("error: the context (%d positions) is full; /reset or a larger --ctx\n", opts.contextLength);
            ++errors;
        }
        last = *r;
        ++turn;
        lastPrompt = sequence;
        conversation = sequence;
        conversation.insert(conversation.end(), r->tokens.begin(), r->tokens.end());
        if (json) {
            const int n = int(r->tokens.size());
            QJsonObject o{{"turn", turn},
                          {"prompt_tokens", r->promptTokens},
                          {"reused_tokens", r->reusedTokens},
                          {"prefill_tokens", r->prefillTokens},
                          {"images_encoded", r->imagesEncoded},
                          {"reply_tokens", n},
                          {"ttft_s", ttft},
                          {"prefill_s", r->prefillSeconds},
                          {"decode_tok_s", n > 1 ? (n - 1) / std::max(1e-9, r->decodeSeconds) : 0.0},
                          {"budget_bytes", double(m.info().budgetBytes)},
                          {"expert_cache_bytes", double(m.info().expertCacheBytes)},
                          {"reply", QString::fromStdString(printer.content())}};
            std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
            std::fflush(stdout);
        }
        history.push_back({"assistant", printer.content(), printer.reasoning(), 0});
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
                s.reset();
                history.resize(system.empty() ? 0 : 1);
                conversation.clear();
                lastPrompt.clear(); // the reply it led to is gone with the conversation
            } else if (cmd == "/save") {
                st = s.save(arg);
            } else if (cmd == "/load") {
                st = s.load(arg);
                if (st.isOk()) {
                    // The file holds the state and its ids: the conversation continues on them.
                    history.clear();
                    conversation = s.tokens();
                    lastPrompt.clear(); // the last reply belonged to the conversation the file replaced
                }
            } else if (cmd == "/regenerate") {
                // Only a reply of this conversation can be regenerated: none yet, or
                // none since /reset or /load (whose history holds no reply to replace).
                if (lastPrompt.empty() || history.empty() || history.back().role != "assistant") {
                    st = makeError(ErrorCode::InvalidArgument,
                                   "nothing to regenerate: no reply since the start, /reset or /load");
                } else {
                    const ChatMessage replaced = history.back();
                    history.pop_back();
                    if (!runTurn(lastPrompt))
                        history.push_back(replaced); // the session still holds the old reply
                }
            } else if (cmd == "/stats") {
                std::printf("position %d; last reply %zu tokens, %.2f tok/s; reused %d of %d prompt tokens; "
                            "hits %llu misses %llu, %.1f MB read\n",
                            s.position(), last.tokens.size(),
                            double(last.tokens.size()) / std::max(1e-9, last.decodeSeconds), last.reusedTokens,
                            last.promptTokens, (unsigned long long)last.totals.demandHits,
                            (unsigned long long)last.totals.demandMisses, double(last.totals.bytesRead) / 1e6);
            } else if (cmd == "/image") {
                st = s.addImage(arg);
                if (st.isOk())
                    ++pendingImages;
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
        // The new turn: the rendering's suffix past the conversation rendered so far.
        ChatOptions before = co;
        before.addGenerationPrompt = false;
        const std::vector<int> prior = history.empty() ? std::vector<int>{} : m.renderChat(history, before, s.imageSizes());
        history.push_back({"user", line, "", pendingImages});
        pendingImages = 0;
        auto rendered = m.renderChatChecked(history, co, s.imageSizes());
        if (!rendered || rendered->empty()) {
            // Say why: no tokenizer, or a conversation the chat format refuses.
            const std::string why = !rendered                ? rendered.status().message()
                                    : !m.info().tokenizerError.empty() ? m.info().tokenizerError
                                                             : "the model has no tokenizer/chat format";
            std::fprintf(stderr, "chat: %s\n", why.c_str());
            return 1;
        }
        const std::vector<int> &full = *rendered;
        std::vector<int> sequence;
        const bool extends = conversation.size() > 0 && full.size() >= prior.size() &&
                             std::equal(prior.begin(), prior.end(), full.begin());
        if (extends) {
            sequence = conversation;
            sequence.insert(sequence.end(), full.begin() + ptrdiff_t(prior.size()), full.end());
        } else {
            sequence = full;
        }
        if (!runTurn(sequence)) {
            history.pop_back();
            continue;
        }
    }
    return errors ? 1 : 0;
}

static const cli::CommandRegistration reg{"chat", "Interactive chat (REPL) with a model", runChat};
