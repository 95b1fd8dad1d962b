#pragma once
// "Connect to a server…" (issue 16's remote backend): the URL of an
// OpenAI-compatible endpoint, its API key and the model, picked from the
// server's /v1/models (listed in the background: the window never waits).
// The key is remembered only when asked, in a file readable by its owner
// alone (api/remote.h writeApiKeyFile); URL and model beside it.
#include "qt/remotebackend.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace sluice::gui {

class ConnectDialog : public QDialog {
    Q_OBJECT
public:
    // dataDirectory: where remote/connection.json and remote/api-key live.
    explicit ConnectDialog(const QString &dataDirectory, QWidget *parent = nullptr);

    qt::RemoteConnection connection() const;
    void setConnection(const qt::RemoteConnection &connection);
    // Saves URL and model, and the key when "Remember" is on (else removes a stored one).
    // Returns "" or the reason it could not.
    QString save() const;
    // The stored connection ("" fields when none).
    static qt::RemoteConnection load(const QString &dataDirectory, QString *error = nullptr);

    // Lists the server's models in the background; fills the model box.
    void listModels();
    QComboBox *modelBox() const { return m_model; }
    QString statusText() const;

Q_SIGNALS:
    void modelsListed(bool ok);

private:
    QString m_dataDirectory;
    QLineEdit *m_url;
    QLineEdit *m_key;
    QCheckBox *m_remember;
    QComboBox *m_model;
    QPushButton *m_list;
    QLabel *m_status;
};

} // namespace sluice::gui
