// sluice-cli run MODEL PROMPT [-n N] [--temp T --top-p P --top-k K --seed S
// --stop STR] [--chat] [--stats]: generates from a prompt, streaming text as
// it comes. --chat wraps the prompt as one user turn in the model's chat
// format (thinking off); otherwise the prompt is plain content text.
#include "command.h"

#include "budgetadapt.h"

#include "hostenv.h"
#include "api/chat.h"
#include "api/model.h"
#include "api/session.h"
#include "openmodel.h"
#include "options.h"

#include <cstdio>
#include <cstdlib>

using namespace sluice;

// --chat: the images read as the turn's; false after printing the error.
static bool readTurnImages(const std::vector<std::string> &images, TurnRequest &turn)
{
    for (const std::string &path : images) {
        auto image = readImageFile(path);
        if (!image) {
            std::fprintf(stderr, "run: %s\n", image.status().message().c_str());
            return false;
        }
        turn.images.push_back(std::move(*image));
    }
    return true;
}

// A one-turn Conversation (api/chat.h): the reply streamed as parsed by id.
static Expected<GenerationResult> generateChatTurn(ModelSession &opened, const TurnRequest &turn, bool profile)
{
    int index = 0;
    Conversation conversation(opened.model, std::move(opened.session));
    TurnEvents events;
    events.token = [&](const GeneratedToken &t, const TurnDelta &d, const LiveFigures &) {
        if (profile)
            cli::printTokenProfile(index++, t.stats);
        std::printf("%s%s", d.reasoning.c_str(), d.content.c_str());
        std::fflush(stdout);
        return true;
    };
    TurnResult result;
    const Status st = conversation.reply(turn, events, result);
    std::printf("%s", result.unsent.content.c_str());
    return st ? Expected<GenerationResult>(std::move(result.generation)) : Expected<GenerationResult>(st);
}

static Expected<GenerationResult> generateText(Session &s, const std::vector<int> &ids, const SamplingParams &sp,
                                               bool profile)
{
    int index = 0;
    return s.generate(ids, sp, [&](const GeneratedToken &t) {
        if (profile)
            cli::printTokenProfile(index++, t.stats);
        std::fwrite(t.text.data(), 1, t.text.size(), stdout);
        std::fflush(stdout);
        return true;
    });
}

static void printRunStats(const Model &m, const GenerationResult &r)
{
    const int n = int(r.tokens.size());
    std::fprintf(stderr,
                 "prompt %d tokens in %.3f s (%.2f tok/s); %d tokens in %.3f s (%.2f tok/s); "
                 "hits %llu misses %llu, %.1f MB read\n",
                 r.promptTokens, r.prefillSeconds, r.promptTokens / std::max(1e-9, r.prefillSeconds), n,
                 r.decodeSeconds, n / std::max(1e-9, r.decodeSeconds),
                 (unsigned long long)r.totals.demandHits, (unsigned long long)r.totals.demandMisses,
                 double(r.totals.bytesRead) / 1e6);
    // Where the decode waited for the disk: reads running for the share of
    // its time given, at the speed the disk gave them (docs/performance.md).
    if (r.totals.bytesRead > 0 && r.totals.readBusySeconds > 0)
        std::fprintf(stderr, "expert reads running %.0f%% of the decode, %.2f GB/s while running\n",
                     100.0 * r.totals.readBusySeconds / std::max(1e-9, r.decodeSeconds),
                     double(r.totals.bytesRead) / 1e9 / r.totals.readBusySeconds);
    if (m.info().topK < m.info().modelTopK)
        std::fprintf(stderr, "experts per token: %d of the model's %d (--experts-per-token)\n", m.info().topK,
                     m.info().modelTopK);
}

static int runRun(const std::vector<std::string> &args)
{
    ModelOptions opts;
    SamplingParams sp;
    sp.maxTokens = 64;
    std::string prompt, promptOption;
    bool chat = false, stats = false;
    std::vector<std::string> images; // --image FILE, repeatable, in order
    cli::OptionParser p("run", "Generates from a prompt, streaming text as it comes.", "MODEL PROMPT [options]");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory")
        .positional("PROMPT", &prompt, "the prompt text (or -p TEXT)", false);
    cli::addSamplingOptions(p, sp);
    p.text("--prompt", &promptOption, "the prompt (instead of PROMPT)").alias("-p");
    p.list("--image", &images, "an image in front of the prompt (its media markup, original size)", "FILE");
    p.flag("--chat", &chat, "wrap the prompt as one user turn in the model's chat format (thinking off)");
    p.flag("--stats", &stats, "prefill/decode speed, expert cache figures and the share of the decode with an expert read running on stderr");
    cli::addEngineOptions(p, opts);
    cli::AdaptOptions adapt;
    cli::addAdaptOptions(p, adapt);
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (!promptOption.empty())
        prompt = promptOption;
    if (prompt.empty())
        return p.usageError("missing PROMPT\n" + p.usageLine());
    // --chat is a one-turn Conversation (api/chat.h): the chat format, the
    // images as the turn's, the reply shown as parsed by id.
    auto opened = cli::openForCommand("run", opts, chat ? std::vector<std::string>{} : images);
    if (!opened)
        return 1;
    Model &m = *opened->model;
    Session &s = *opened->session;
    if (const std::string said = cli::applyRecommendedSampling(p, m.info().recommendedSampling, sp); !said.empty())
        std::fprintf(stderr, "run: %s\n", said.c_str());
    std::vector<int> ids;
    TurnRequest turn;
    if (chat) {
        turn.messages = {{"user", prompt, "", int(images.size())}};
        turn.chat.thinking = false;
        turn.sampling = sp;
        turn.replyRoom = 1; // the reply runs until the context is full
        if (!readTurnImages(images, turn))
            return 1;
    } else {
        ids = images.empty() ? m.tokenize(prompt) : s.imagePrompt(prompt);
        if (ids.empty()) {
            const std::string &why = m.info().tokenizerError;
            std::fprintf(stderr, "run: %s\n", why.empty() ? "the prompt gave no tokens" : why.c_str());
            return 1;
        }
    }
    // --adapt-budget: one generation cannot move its budget midway, so run
    // samples the system once before it and applies that decision.
    BudgetAdapter adapter;
    if (Status st = cli::startAdapter(adapter, budgetTarget(m), adapt, false); !st.isOk()) {
        std::fprintf(stderr, "run: %s\n", st.message().c_str());
        return 1;
    }
    if (const std::string said = adapter.sampleNow().describe(); !said.empty())
        std::fprintf(stderr, "%s\n", said.c_str());
    const bool profile = cli::profileRequested();
    Expected<GenerationResult> r = chat ? generateChatTurn(*opened, turn, profile) : generateText(s, ids, sp, profile);
    std::printf("\n");
    if (!r) {
        std::fprintf(stderr, "run: %s\n", r.status().message().c_str());
        return 1;
    }
    if (r->reason == StopReason::ContextFull)
        std::fprintf(stderr, "run: stopped after %zu tokens: the context (%d positions) is full (--ctx)\n",
                     r->tokens.size(), opts.contextLength);
    if (stats)
        printRunStats(m, *r);
    return 0;
}

static const cli::CommandRegistration runCommand{"run", "Generate text from a prompt", runRun};
