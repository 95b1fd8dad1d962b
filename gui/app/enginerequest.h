#pragma once
// One request to the engine worker, as a handle (issue 28): the worker answers
// every request by id on signals shared by all requests; ModelController
// matches the ids in one place and each handle says what became of its own
// request, as QNetworkReply does for a network request. A handle ends with
// exactly one of finished() or failed(), then deletes itself later.
#include "qt/remotebackend.h" // RemoteInfo (and the engine types)

#include <QObject>

namespace sluice::gui {

class EngineRequest : public QObject
{
    Q_OBJECT
public:
    explicit EngineRequest(quint64 id, QObject *parent = nullptr)
        : QObject(parent)
        , m_id(id)
    {
    }

    quint64 id() const { return m_id; }
    // What the engine answered, once finished(): the model after an open or a
    // budget change, the server after a remote connection.
    const ModelInfo &info() const { return m_info; }
    const qt::RemoteInfo &remoteInfo() const { return m_remote; }
    // A session load the engine refused because it was saved for another model.
    bool modelChanged() const { return m_modelChanged; }

Q_SIGNALS:
    void progress(double fraction, const QString &stage);
    void finished();
    void failed(const QString &message, const QString &detail);

private:
    friend class ModelController; // the one place that reads the worker's answers
    quint64 m_id;
    ModelInfo m_info;
    qt::RemoteInfo m_remote;
    bool m_modelChanged = false;
};

} // namespace sluice::gui
