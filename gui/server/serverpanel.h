#pragma once
// The Server tab: the local OpenAI-compatible server (docs/server.md) on the
// model open in the window: on/off, host (loopback by default; another
// address needs a key), port, API key (generated on request), the URL and a
// curl example to copy, the count of requests and tokens and the live
// request log. It serves the window's own Model (one model in RAM); the
// model's generations and the window's take turns (api/model.h). Port,
// host, key and on/off are kept in the settings file, so a server that was
// on starts again with the next model.
#include "common/sidepanel.h"

#include <QString>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSettings;
class QSpinBox;

namespace sluice {
class Model;
}
namespace sluice::qt {
class LocalServer;
}

namespace sluice::gui {

class ServerPanel : public SidePanel {
    Q_OBJECT
public:
    // `settingsFile`: the app's settings (an INI file); the panel keeps its keys under "server/".
    explicit ServerPanel(const QString &settingsFile, QWidget *parent = nullptr);
    ~ServerPanel() override;

    // The model the window has open (its worker's Model): served when the server is on.
    void setModel(std::shared_ptr<Model> model, const QString &modelId);
    // The window's model is going away (another opens, the app quits): stops the server first.
    void clearModel();
    // On in the settings: the window plans one more session for the server when it opens a model.
    bool serverWanted() const;

    qt::LocalServer *server() const { return m_server; }
    const Model *servedModel() const { return m_model.get(); }
    QString urlText() const;
    QString curlText() const;
    QString logText() const;
    QString statusText() const;
    QString countsText() const;

Q_SIGNALS:
    // The open model has no room for the server's conversation state: the
    // user asked to reopen it with one (the window plans it when serving is on).
    void reopenRequested();

protected:
    void retranslate() override;

private:
    void setWanted(bool on);
    void apply(); // start or stop to match the switch and the model
    void saveFields();
    void generateKey();
    void updateTexts();

    std::unique_ptr<QSettings> m_store;
    qt::LocalServer *m_server;
    std::shared_ptr<Model> m_model;
    QString m_modelId;
    QString m_error;
    bool m_needsSession = false; // the model was opened without a session for the server

    QLabel *m_title;
    QLabel *m_intro;
    QCheckBox *m_enabled;
    QLabel *m_hostLabel;
    QLineEdit *m_host;
    QLabel *m_portLabel;
    QSpinBox *m_port;
    QLabel *m_keyLabel;
    QLineEdit *m_key;
    QPushButton *m_newKey;
    QLabel *m_status;
    QPushButton *m_reopen;
    QLabel *m_urlLabel;
    QLineEdit *m_url;
    QPushButton *m_copyUrl;
    QLabel *m_curlLabel;
    QPlainTextEdit *m_curl;
    QPushButton *m_copyCurl;
    QLabel *m_counts;
    QLabel *m_logLabel;
    QPlainTextEdit *m_log;
};

} // namespace sluice::gui
