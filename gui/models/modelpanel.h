#pragma once
// The Model tab: what the open model is (architecture, size, budget, cache,
// context) and "Verify container", which checks every expert record in the
// background with progress, Cancel and a list of damaged records.
#include "common/sidepanel.h"

#include "qt/enginetypes.h" // ModelInfo

class QLabel;
class QProgressBar;
class QPushButton;

namespace sluice::gui {

class VerifyJob;
struct VerifyOutcome;

class ModelPanel : public SidePanel
{
    Q_OBJECT
public:
    explicit ModelPanel(QWidget *parent = nullptr);

    // No model: info == nullptr.
    void showModel(const QString &path, const ModelInfo *info, int contextLength);
    // A remote backend (issue 16): the server and its model instead of a folder.
    void showRemote(const QString &url, const QString &model, const QStringList &models);
    // Whether Verify may start (a model folder is known and nothing else blocks it).
    void setVerifyAllowed(bool allowed);
    void startVerify(const QString &modelPath);
    bool isVerifying() const;
    QString verifyResultText() const;

Q_SIGNALS:
    void verifyRequested();
    void verifyFinished();

protected:
    void retranslate() override;

private:
    void showOutcome(const VerifyOutcome &outcome);

    QString m_path;
    QString m_remoteUrl, m_remoteModel; // set while a remote backend is in use
    QStringList m_remoteModels;
    bool m_haveModel = false;
    ModelInfo m_info;
    int m_contextLength = 0;
    bool m_verifyAllowed = false;
    QLabel *m_infoLabel;
    QPushButton *m_verify;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_result;
    VerifyJob *m_job;
};

} // namespace sluice::gui
