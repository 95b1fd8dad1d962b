#pragma once
// ScriptedEngine: a TEST DOUBLE of the worker's local backend
// (qt/generationbackend.h) for the Qt adapter and GUI tests. It "generates" a
// fixed list of token strings with a configurable delay, checks cancel()
// between simulated layers like the real engine, and fails on demand. It
// computes nothing and keeps no session (every turn starts over from the whole
// conversation, its "chat format" is the messages' bytes); the live figures,
// the UTF-8 pieces and the fit to the context come from the same code as the
// local backend's (qt/localturn.h). It exists so the threading, ordering and
// stop behaviour of the worker can be tested without a model.
#include "qt/generationbackend.h"
#include "qt/localturn.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace sluice::test {

struct EngineScript {
    std::vector<std::string> tokens{"Hello", ",", " world", "!"};
    int layersPerToken = 4;   // cancel() is honoured between these
    int layerMicros = 500;    // simulated time per layer
    bool hasVision = false;
    bool failGenerate = false;
    int openSteps = 5;
    int openStepMicros = 2000;
    uint64_t budgetBytes = 8ull << 30;
    uint64_t floorBytes = 2ull << 30;
};

class ScriptedEngine : public qt::GenerationBackend
{
public:
    explicit ScriptedEngine(EngineScript script)
        : m_script(std::move(script))
    {
        m_info.architecture = "scripted-test-double";
        m_info.hasVision = m_script.hasVision;
        m_info.budgetBytes = m_script.budgetBytes;
        m_info.floorBytes = m_script.floorBytes;
        m_info.parameters = 1000;
    }

    // Factory for EngineWorker: path "missing" fails like an absent folder,
    // "damaged" like a broken container; progress is reported in steps.
    static Expected<std::unique_ptr<qt::GenerationBackend>> open(const EngineOptions &options, const EngineScript &script)
    {
        if (options.modelPath.find("missing") != std::string::npos)
            return makeError(ErrorCode::NotFound, options.modelPath + "/manifest.json: no such file");
        if (options.modelPath.find("damaged") != std::string::npos)
            return makeError(ErrorCode::Format, options.modelPath + "/trunk.bin: offset 4096: bad magic");
        if (options.budgetBytes != 0 && options.budgetBytes < script.floorBytes)
            return makeError(ErrorCode::Budget, "budget below the floor");
        for (int i = 0; i < script.openSteps; ++i) {
            std::this_thread::sleep_for(std::chrono::microseconds(script.openStepMicros));
            if (options.progress && !options.progress(double(i + 1) / script.openSteps, "loading trunk"))
                return makeError(ErrorCode::Cancelled, "open cancelled");
        }
        auto engine = std::make_unique<ScriptedEngine>(script);
        if (options.budgetBytes)
            engine->m_info.budgetBytes = options.budgetBytes;
        engine->m_info.contextLength = options.contextLength;
        return std::unique_ptr<qt::GenerationBackend>(std::move(engine));
    }

    const ModelInfo &info() const override { return m_info; }
    // The live budget as a real model refuses it: below the floor.
    Status setBudget(uint64_t bytes) override
    {
        if (bytes < m_script.floorBytes)
            return makeError(ErrorCode::Budget, "RAM budget below the floor");
        m_info.budgetBytes = bytes;
        return Status::ok();
    }

    qt::TurnOutcome generate(const qt::GenerateRequest &original, const qt::TurnSink &sink,
                             qt::GenerationSummary &summary) override
    {
        const int context = m_info.contextLength;
        qt::GenerateRequest request = original;
        if (request.fitToContext && context > 0)
            summary.droppedMessages = qt::dropOldestToFit(request, context, [](const std::vector<ChatMessage> &m) {
                return render(m).size();
            });
        m_images.clear();
        for (const QString &image : request.images) {
            if (!m_info.hasVision)
                return {makeError(ErrorCode::Unsupported, "this model has no vision tower"), qt::TurnFailure::Image};
            m_images.push_back(image.toStdString());
        }
        const std::vector<int> prompt = render(request.messages);
        if (prompt.empty())
            return {makeError(ErrorCode::InvalidArgument, "nothing to render"), qt::TurnFailure::ChatFormat};
        const int needed = int(prompt.size()) + std::max(0, request.sampling.maxTokens);
        if (context > 0 && needed > context) {
            sink.contextWouldOverflow(needed, context);
            summary.reason = StopReason::ContextFull;
            summary.contextTokens = 0; // no session: nothing is kept
            summary.contextLength = context;
            return {};
        }
        return run(int(prompt.size()), request.sampling, request.chat.thinking, sink, summary, context);
    }

    void cancel() override { m_cancel = true; }

private:
    // The double's "chat format": the messages' bytes, one id each.
    static std::vector<int> render(const std::vector<ChatMessage> &messages)
    {
        std::vector<int> out;
        for (const ChatMessage &m : messages)
            out.insert(out.end(), m.content.begin(), m.content.end());
        return out;
    }

    // thinking: the reply starts in the reasoning channel (K3's generation prompt opens `think`).
    qt::TurnOutcome run(int promptTokens, const SamplingParams &params, bool thinking, const qt::TurnSink &sink,
                        qt::GenerationSummary &summary, int context)
    {
        qt::TurnMeter meter(summary.stats);
        m_cancel = false;
        if (m_script.failGenerate)
            return {makeError(ErrorCode::Io, "experts-L3.bin: short read at offset 8192"), qt::TurnFailure::Generation};
        StopReason reason = StopReason::EndOfSequence;
        std::vector<int> tokens;
        // The script's "<think>" / "</think>" entries switch the channel the
        // double reports its deltas in (a real backend parses by id).
        bool reasoning = thinking;
        for (size_t i = 0; i < m_script.tokens.size() && int(i) < params.maxTokens; ++i) {
            if (!simulateLayers()) {
                reason = StopReason::Cancelled;
                break;
            }
            const GeneratedToken t = scriptedToken(i);
            tokens.push_back(t.id);
            if (t.text == "<think>" || t.text == "</think>")
                reasoning = t.text == "<think>";
            if (const QString text = meter.add(t); !text.isEmpty()) {
                sink.chunk(text);
                if (sink.delta && text != QLatin1String("<think>") && text != QLatin1String("</think>"))
                    sink.delta(reasoning ? text : QString(), reasoning ? QString() : text);
            }
            sink.stats(summary.stats);
            if (sink.cancelled()) {
                reason = StopReason::Cancelled;
                break;
            }
        }
        if (const QString rest = meter.flush(); !rest.isEmpty()) {
            sink.chunk(rest);
            if (sink.delta)
                sink.delta(reasoning ? rest : QString(), reasoning ? QString() : rest);
        }
        summary.reason = sink.cancelled() ? StopReason::Cancelled : reason;
        summary.promptTokens = promptTokens;
        summary.replyIds = tokens;
        summary.contextTokens = promptTokens + int(tokens.size()) - 1;
        summary.contextLength = context;
        return {};
    }

    // False when cancel() came between two layers.
    bool simulateLayers()
    {
        for (int l = 0; l < m_script.layersPerToken; ++l) {
            if (m_cancel)
                return false;
            std::this_thread::sleep_for(std::chrono::microseconds(m_script.layerMicros));
        }
        return true;
    }

    GeneratedToken scriptedToken(size_t i) const
    {
        GeneratedToken t;
        t.id = int(i);
        t.text = m_script.tokens[i];
        t.stats.demandHits = i;
        t.stats.demandMisses = 1;
        t.stats.bytesRead = 1 << 20;
        t.stats.tokenSeconds = m_script.layersPerToken * m_script.layerMicros / 1e6;
        t.stats.residentBytes = m_info.budgetBytes / 2;
        return t;
    }

    EngineScript m_script;
    ModelInfo m_info;
    std::atomic<bool> m_cancel{false};
    std::vector<std::string> m_images;
};

inline auto scriptedFactory(EngineScript script)
{
    return [script](const EngineOptions &options) { return ScriptedEngine::open(options, script); };
}

} // namespace sluice::test
