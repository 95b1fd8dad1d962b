#pragma once
// ScriptedEngine: a TEST DOUBLE of sluice::Engine for the Qt adapter and GUI
// tests. It "generates" a fixed list of token strings with a configurable
// delay, checks cancel() between simulated layers like the real engine, and
// fails on demand. It computes nothing; it exists so the threading, ordering
// and stop behaviour of the worker can be tested without a model.
#include "model/engine.h"

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

class ScriptedEngine : public Engine
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
    static Expected<std::unique_ptr<Engine>> open(const EngineOptions &options, const EngineScript &script)
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
        return std::unique_ptr<Engine>(std::move(engine));
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
    std::vector<int> tokenize(const std::string &text) const override { return std::vector<int>(text.begin(), text.end()); }
    std::string detokenize(std::span<const int> tokens) const override { return std::string(tokens.begin(), tokens.end()); }
    std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &) const override
    {
        std::vector<int> out;
        for (const ChatMessage &m : messages)
            out.insert(out.end(), m.content.begin(), m.content.end());
        return out;
    }
    Status eval(std::span<const int> tokens, std::vector<float> *) override
    {
        m_position += int(tokens.size());
        return Status::ok();
    }

    Expected<GenerationResult> generate(std::span<const int> prompt, const SamplingParams &params,
                                        const TokenCallback &onToken) override
    {
        m_cancel = false;
        GenerationResult result;
        result.promptTokens = int(prompt.size());
        if (m_script.failGenerate)
            return makeError(ErrorCode::Io, "experts-L3.bin: short read at offset 8192");
        for (size_t i = 0; i < m_script.tokens.size() && int(i) < params.maxTokens; ++i) {
            for (int l = 0; l < m_script.layersPerToken; ++l) {
                if (m_cancel) {
                    result.reason = StopReason::Cancelled;
                    return result;
                }
                std::this_thread::sleep_for(std::chrono::microseconds(m_script.layerMicros));
            }
            GeneratedToken t;
            t.id = int(i);
            t.text = m_script.tokens[i];
            t.stats.demandHits = i;
            t.stats.demandMisses = 1;
            t.stats.bytesRead = 1 << 20;
            t.stats.tokenSeconds = m_script.layersPerToken * m_script.layerMicros / 1e6;
            t.stats.residentBytes = m_info.budgetBytes / 2;
            result.tokens.push_back(t.id);
            if (!onToken(t)) {
                result.reason = StopReason::Cancelled;
                return result;
            }
        }
        result.reason = StopReason::EndOfSequence;
        return result;
    }

    void cancel() override { m_cancel = true; }
    int position() const override { return m_position; }
    void resetSession() override { m_position = 0; }
    Status saveSession(const std::string &) const override { return makeError(ErrorCode::Unsupported, "test double"); }
    Status loadSession(const std::string &) override { return makeError(ErrorCode::Unsupported, "test double"); }
    Status addImage(const std::string &path) override
    {
        if (!m_info.hasVision)
            return makeError(ErrorCode::Unsupported, "this model has no vision tower");
        m_images.push_back(path);
        return Status::ok();
    }
    void clearImages() override { m_images.clear(); }

private:
    EngineScript m_script;
    ModelInfo m_info;
    std::atomic<bool> m_cancel{false};
    int m_position = 0;
    std::vector<std::string> m_images;
};

inline auto scriptedFactory(EngineScript script)
{
    return [script](const EngineOptions &options) { return ScriptedEngine::open(options, script); };
}

} // namespace sluice::test
