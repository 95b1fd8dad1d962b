// sluice-cli chat MODEL: an interactive conversation in the model's chat
// format. Commands: /reset, /save FILE, /load FILE, /stats, /image PATH,
// /think on|off, /quit. The session keeps what was already evaluated: each
// turn feeds only the tokens past the common prefix.
#include "command.h"

#include "hostenv.h"
#include "model/engine.h"
#include "options.h"

#include <cstdio>
#include <iostream>
#include <string>

using namespace sluice;

static int runChat(const std::vector<std::string> &args)
{
    EngineOptions opts;
    const bool profile = cli::profileRequested();
    SamplingParams sp;
    sp.maxTokens = 512;
    sp.temperature = 0.6f;
    sp.topP = 0.95f;
    std::string system;
    cli::OptionParser p("chat", "An interactive conversation in the model's chat format.");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory");
    p.text("--system", &system, "a system message in front of the conversation");
    cli::addSamplingOptions(p, sp, true, false);
    cli::addEngineOptions(p, opts);
    p.note("commands: /reset /save FILE /load FILE /stats /image PATH /think on|off /quit");
    if (const int code = p.parse(args); code >= 0)
        return code;
    auto engine = Engine::open(opts);
    if (!engine) {
        std::fprintf(stderr, "chat: %s\n", engine.status().message().c_str());
        return 1;
    }
    Engine &e = **engine;
    std::vector<ChatMessage> history;
    if (!system.empty())
        history.push_back({"system", system, "", 0});
    std::vector<int> evaluated; // the tokens the session holds, in order
    ChatOptions co;
    co.thinking = false;
    int pendingImages = 0;
    GenerationResult last;
    std::string line;
    while (true) {
        std::printf("> ");
        std::fflush(stdout);
        if (!std::getline(std::cin, line))
            break;
        if (line.empty())
            continue;
        if (line[0] == '/') {
            const size_t sp0 = line.find(' ');
            const std::string cmd = line.substr(0, sp0);
            const std::string arg = sp0 == std::string::npos ? "" : line.substr(sp0 + 1);
            Status st;
            if (cmd == "/quit" || cmd == "/exit") {
                break;
            } else if (cmd == "/reset") {
                e.resetSession();
                history.resize(system.empty() ? 0 : 1);
                evaluated.clear();
            } else if (cmd == "/save") {
                st = e.saveSession(arg);
            } else if (cmd == "/load") {
                st = e.loadSession(arg);
                if (st.isOk()) {
                    // The file holds state, not text: later turns start a fresh history on top of it.
                    history.clear();
                    evaluated.assign(size_t(e.position()), -1);
                }
            } else if (cmd == "/stats") {
                std::printf("position %d; last reply %zu tokens, %.2f tok/s; hits %llu misses %llu, %.1f MB read\n",
                            e.position(), last.tokens.size(),
                            double(last.tokens.size()) / std::max(1e-9, last.decodeSeconds),
                            (unsigned long long)last.totals.demandHits, (unsigned long long)last.totals.demandMisses,
                            double(last.totals.bytesRead) / 1e6);
            } else if (cmd == "/image") {
                st = e.addImage(arg);
                if (st.isOk())
                    ++pendingImages;
            } else if (cmd == "/think") {
                co.thinking = arg == "on";
            } else {
                std::printf("commands: /reset /save FILE /load FILE /stats /image PATH /think on|off /quit\n");
            }
            if (!st.isOk())
                std::printf("error: %s\n", st.message().c_str());
            continue;
        }
        history.push_back({"user", line, "", pendingImages});
        pendingImages = 0;
        std::vector<int> ids = e.renderChat(history, co);
        // Feed only what the session does not hold yet.
        size_t common = 0;
        while (common < evaluated.size() && common < ids.size() && evaluated[common] == ids[common])
            ++common;
        if (common < evaluated.size()) {
            if (!evaluated.empty() && evaluated[0] == -1) {
                common = evaluated.size(); // loaded state: append
                ids.insert(ids.begin(), evaluated.begin(), evaluated.end());
            } else {
                e.resetSession();
                evaluated.clear();
                common = 0;
            }
        }
        const std::vector<int> fresh(ids.begin() + ptrdiff_t(common), ids.end());
        std::string reply;
        int index = 0;
        auto r = e.generate(fresh, sp, [&](const GeneratedToken &t) {
            if (profile)
                cli::printTokenProfile(index++, t.stats);
            std::fwrite(t.text.data(), 1, t.text.size(), stdout);
            std::fflush(stdout);
            reply += t.text;
            return true;
        });
        std::printf("\n");
        if (!r) {
            std::printf("error: %s\n", r.status().message().c_str());
            e.resetSession();
            evaluated.clear();
            history.pop_back();
            continue;
        }
        last = *r;
        evaluated.insert(evaluated.end(), fresh.begin(), fresh.end());
        evaluated.insert(evaluated.end(), r->tokens.begin(), r->tokens.end());
        evaluated.resize(size_t(e.position())); // the last sampled token is not evaluated yet
        history.push_back({"assistant", reply, "", 0});
    }
    return 0;
}

static const cli::CommandRegistration reg{"chat", "Interactive chat (REPL) with a model", runChat};
