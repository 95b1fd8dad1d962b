// sluice-cli run MODEL PROMPT [-n N] [--temp T --top-p P --top-k K --seed S
// --stop STR] [--chat] [--stats]: generates from a prompt, streaming text as
// it comes. --chat wraps the prompt as one user turn in the model's chat
// format (thinking off); otherwise the prompt is plain content text.
#include "command.h"

#include "model/engine.h"
#include "model/engineargs.h"

#include <cstdio>
#include <cstdlib>

using namespace sluice;

static int runRun(const std::vector<std::string> &args)
{
    EngineOptions opts;
    applyEngineEnvironment(opts);
    SamplingParams sp;
    sp.maxTokens = 64;
    std::string prompt, error;
    bool chat = false, stats = false;
    std::vector<std::string> images; // --image FILE, repeatable, in order
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        const bool more = i + 1 < args.size();
        if (a == "--help" || a == "-h") {
            std::printf("usage: sluice-cli run MODEL PROMPT [-n N] [--temp T] [--top-p P] [--top-k K] [--seed S]\n"
                        "                      [--stop STR]... [--chat] [--stats] [--image FILE]... [--max-patches N]\n"
                        "  --image: the images go in front of the prompt (their media markup, original size)\n%s",
                        kEngineArgsHelp);
            return 0;
        } else if ((a == "-n" || a == "--max-tokens") && more) {
            sp.maxTokens = std::atoi(args[++i].c_str());
        } else if (a == "--temp" && more) {
            sp.temperature = float(std::atof(args[++i].c_str()));
        } else if (a == "--top-p" && more) {
            sp.topP = float(std::atof(args[++i].c_str()));
        } else if (a == "--top-k" && more) {
            sp.topK = std::atoi(args[++i].c_str());
        } else if (a == "--seed" && more) {
            sp.seed = std::strtoull(args[++i].c_str(), nullptr, 10);
        } else if (a == "--stop" && more) {
            sp.stopStrings.push_back(args[++i]);
        } else if ((a == "-p" || a == "--prompt") && more) {
            prompt = args[++i];
        } else if (a == "--image" && more) {
            images.push_back(args[++i]);
        } else if (a == "--max-patches" && more) {
            opts.maxImagePatches = std::max(4, std::atoi(args[++i].c_str()));
        } else if (a == "--chat") {
            chat = true;
        } else if (a == "--stats") {
            stats = true;
        } else if (parseEngineArg(args, i, opts, error)) {
            if (!error.empty()) {
                std::fprintf(stderr, "run: %s\n", error.c_str());
                return 2;
            }
        } else if (opts.modelPath.empty()) {
            opts.modelPath = a;
        } else if (prompt.empty()) {
            prompt = a;
        } else {
            std::fprintf(stderr, "run: unexpected argument '%s'\n", a.c_str());
            return 2;
        }
    }
    if (opts.modelPath.empty() || prompt.empty() || sp.maxTokens < 1) {
        std::fprintf(stderr, "usage: sluice-cli run MODEL PROMPT [-n N] (see --help)\n");
        return 2;
    }
    auto engine = Engine::open(opts);
    if (!engine) {
        std::fprintf(stderr, "run: %s\n", engine.status().message().c_str());
        return 1;
    }
    Engine &e = **engine;
    for (const std::string &path : images) {
        const Status st = e.addImage(path);
        if (!st.isOk()) {
            std::fprintf(stderr, "run: %s\n", st.message().c_str());
            return 1;
        }
    }
    std::vector<int> ids;
    if (chat) {
        ChatOptions co;
        co.thinking = false;
        ids = e.renderChat({{"user", prompt, "", int(images.size())}}, co);
    } else if (!images.empty()) {
        ids = engineImagePrompt(e, prompt);
    } else {
        ids = e.tokenize(prompt);
    }
    if (ids.empty()) {
        std::fprintf(stderr, "run: the prompt gave no tokens (does the model have a tokenizer?)\n");
        return 1;
    }
    const bool profile = profileRequested();
    int index = 0;
    auto r = e.generate(ids, sp, [&](const GeneratedToken &t) {
        if (profile)
            printTokenProfile(index++, t.stats);
        std::fwrite(t.text.data(), 1, t.text.size(), stdout);
        std::fflush(stdout);
        return true;
    });
    std::printf("\n");
    if (!r) {
        std::fprintf(stderr, "run: %s\n", r.status().message().c_str());
        return 1;
    }
    if (stats) {
        const int n = int(r->tokens.size());
        std::fprintf(stderr,
                     "prompt %d tokens in %.3f s (%.2f tok/s); %d tokens in %.3f s (%.2f tok/s); "
                     "hits %llu misses %llu, %.1f MB read\n",
                     r->promptTokens, r->prefillSeconds, r->promptTokens / std::max(1e-9, r->prefillSeconds), n,
                     r->decodeSeconds, n / std::max(1e-9, r->decodeSeconds),
                     (unsigned long long)r->totals.demandHits, (unsigned long long)r->totals.demandMisses,
                     double(r->totals.bytesRead) / 1e6);
    }
    return 0;
}

static const cli::CommandRegistration reg{"run", "Generate text from a prompt", runRun};
