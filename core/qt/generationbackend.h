#pragma once
// The one door the worker drives (issue 17): a chat turn goes to a backend,
// local (qt/localbackend.h: a Model and its Session, the public API) or
// remote (qt/remotebackend.h: an OpenAI-compatible server), and comes back as
// the worker's own figures. The test double (tests/qt/scriptedengine.h)
// implements the same interface, so the worker cannot tell them apart.
//
// A backend is created and used on the worker thread; only cancel() is called
// from other threads.
#include "qt/enginetypes.h"

#include <QString>

#include <functional>
#include <memory>

namespace sluice {
class Model;
}

namespace sluice::qt {

// Where a turn's output goes while it runs (the worker turns these into its
// signals, tagged with the request id).
struct TurnSink {
    std::function<void(const QString &)> chunk; // the raw reply text as generated, complete UTF-8 only
    // What the reply as shown gained (reasoning, content), parsed by the backend.
    std::function<void(const QString &reasoning, const QString &content)> delta;
    std::function<void(const LiveStats &)> stats;
    // Local prompt reading: `done` of `total` positions; false stops the turn.
    std::function<bool(int done, int total)> prefill;
    // The turn was not started: prompt + reply room exceeds the context (then
    // the backend returns Ok with summary.reason == StopReason::ContextFull).
    std::function<void(int needed, int context)> contextWouldOverflow;
    // The worker's cancellation of this request (a stop() that came first).
    std::function<bool()> cancelled;
};

// Why a turn failed, so the worker can say it in the user's words; the
// Status carries the backend's own text (the detail).
enum class TurnFailure {
    None,
    Image, // an attached image could not be used
    ChatFormat, // the conversation could not be rendered in the model's chat format
    Generation, // the local engine failed while generating
    Connection, // the remote connection broke mid-reply (the reply is cut off)
    Server, // the remote server could not answer
};

struct TurnOutcome {
    Status status = Status::ok(); // Cancelled is not a failure: the summary says Cancelled
    TurnFailure failure = TurnFailure::None;
};

class GenerationBackend {
public:
    virtual ~GenerationBackend() = default;

    // A remote has no model of its own: no budget, no sessions (the worker
    // answers those requests with "no model is open").
    virtual bool isRemote() const { return false; }
    // The open model (an empty info for a remote).
    virtual const ModelInfo &info() const = 0;

    // One turn: the whole conversation in `request`. `summary` is filled
    // whatever happens (a cut-off reply keeps what arrived).
    virtual TurnOutcome generate(const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary) = 0;
    // Safe from any thread; the running turn stops within one layer (or one read).
    virtual void cancel() = 0;

    // The live budget (Model::setBudget); the default refuses.
    virtual Status setBudget(uint64_t bytes);

    // The per-chat session (issue 10). keepsSession() false: save/load are
    // refused and reset only forgets (a backend that starts over every turn).
    virtual bool keepsSession() const { return false; }
    virtual Status saveSession(const std::string &path);
    // Ok: the state holds the file's; refused: the live state is empty afterwards.
    virtual Status loadSession(const std::string &path);
    virtual int sessionTokens() const { return 0; }
    virtual void resetSession() { }

    // The model in RAM, for a second client of it (the app's Server panel);
    // nullptr for a remote or a test double.
    virtual std::shared_ptr<Model> sharedModel() const { return nullptr; }
};

using BackendFactory = std::function<Expected<std::unique_ptr<GenerationBackend>>(const EngineOptions &)>;

} // namespace sluice::qt
