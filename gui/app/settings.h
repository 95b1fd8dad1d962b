#pragma once
// One typed view over QSettings so every key, type and default lives in one
// place; widgets never spell a settings key themselves.
#include <QObject>
#include <QSettings>
#include <QStringList>

#include "api/budgetadapter.h" // AdaptSettings
#include "api/types.h"

namespace sluice::gui {

class Settings : public QObject
{
    Q_OBJECT
public:
    enum class BudgetMode { Auto, Fixed };
    Q_ENUM(BudgetMode)
    enum class Theme { System, Light, Dark };
    Q_ENUM(Theme)

    // Uses the application's organisation/name (QSettings default location).
    explicit Settings(QObject *parent = nullptr);
    // An explicit INI file, for tests.
    explicit Settings(const QString &iniFile, QObject *parent = nullptr);

    int threads() const;                 // 0 = all cores
    void setThreads(int threads);
    BudgetMode budgetMode() const;
    void setBudgetMode(BudgetMode mode);
    quint64 fixedBudgetBytes() const;    // used when budgetMode() == Fixed
    void setFixedBudgetBytes(quint64 bytes);
    int contextLength() const;
    void setContextLength(int tokens);
    // Experts per token a model opens with (ModelOptions::expertsPerToken),
    // kept per model folder (each model has its own top-k): 0 = the model's own.
    int expertsPerToken(const QString &modelPath) const;
    void setExpertsPerToken(const QString &modelPath, int experts);
    // Yielding memory under pressure (issue 19): the app shrinks the budget in
    // steps while the system runs short and grows it back once calm.
    bool adaptBudget() const;            // default on; off = the budget stays as chosen
    void setAdaptBudget(bool on);
    quint64 adaptMinBudgetBytes() const; // never below this (0 = the open model's live floor)
    void setAdaptMinBudgetBytes(quint64 bytes);
    quint64 adaptLowAvailableBytes() const;  // pressure: MemAvailable under this (1 GiB)
    void setAdaptLowAvailableBytes(quint64 bytes);
    quint64 adaptHighAvailableBytes() const; // calm: MemAvailable over this (2 GiB)
    void setAdaptHighAvailableBytes(quint64 bytes);
    double adaptPsiPercent() const;      // pressure: PSI some avg10 over this (10 %)
    void setAdaptPsiPercent(double percent);
    double adaptCalmSeconds() const;     // calm this long before growing back (30 s)
    void setAdaptCalmSeconds(double seconds);
    double adaptHoldSeconds() const;     // between two reductions (2 s)
    void setAdaptHoldSeconds(double seconds);
    double adaptIntervalSeconds() const; // how often the pressure is sampled (1 s)
    AdaptSettings adaptSettings() const; // all of the above, for the library's governor
    void setAdaptIntervalSeconds(double seconds);

    double temperature() const;
    void setTemperature(double t);
    double topP() const;
    void setTopP(double p);
    int topK() const;
    void setTopK(int k);
    int maxTokens() const;
    void setMaxTokens(int n);
    double repeatPenalty() const;        // 1 = off
    void setRepeatPenalty(double p);
    // A sampling field ("temperature", "topP", "topK", "maxTokens",
    // "repeatPenalty") the user set; one never set follows the model's
    // recommendation (its generation_config.json) before the built-in default.
    bool samplingChosen(const char *field) const;
    // A request's sampling: the built-in defaults < the model's
    // recommendation < what the user chose. The seed is the caller's.
    SamplingParams sampling(const RecommendedSampling &recommended) const;

    QString systemPrompt() const;
    void setSystemPrompt(const QString &prompt);
    bool thinking() const;
    void setThinking(bool on);
    QString thinkingEffort() const;      // "", "low", "high", "max"
    void setThinkingEffort(const QString &effort);

    Theme theme() const;
    void setTheme(Theme theme);
    int fontSize() const;                // points; 0 = the system default
    void setFontSize(int points);
    QString language() const;            // "" = system, else "en", "id", "fr"
    void setLanguage(const QString &code);

    QStringList recentModels() const;    // most recent first, at most 8
    void addRecentModel(const QString &path);
    void clearRecentModels();
    // Disk the saved conversation states (one per chat) may use; the oldest
    // chats' states are dropped first beyond it. 0 = keep none.
    quint64 sessionDiskLimitBytes() const;
    void setSessionDiskLimitBytes(quint64 bytes);

    // debug/probeStalls: "" = off (the default), "-" = the event-loop probe
    // writes to stderr on exit, else to that file (stallprobe.h; --probe-stalls wins).
    QString probeStalls() const;
    bool demoOffered() const;            // the first-start demo offer was shown
    void setDemoOffered(bool shown);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    // "Plan a model…" (planmodeldialog.h): the last model, format, RAM, disk speed and context planned.
    QString planModel() const;           // "k3" / "kimi-linear"
    void setPlanModel(const QString &model);
    QString planFormat() const;          // "vq3r" / "release"
    void setPlanFormat(const QString &format);
    quint64 planRamBytes() const;        // 0 = this machine's usable RAM
    void setPlanRamBytes(quint64 bytes);
    double planDiskGBps() const;         // 0 = not known
    void setPlanDiskGBps(double gbps);
    int planContextLength() const;
    void setPlanContextLength(int tokens);

    // "Get a model…" (getmodeldialog.h): where models go, the hub and the rate
    // limit last used, and the downloads not finished yet (resumed after a
    // restart; the access token is never stored).
    // Every route: a hub release (repo), converted as it arrives (convertTo:
    // the container's folder), or a torrent (torrentSource, peers; folder is
    // where the torrent's own folder is made and its fast-resume data kept).
    struct PendingDownload {
        QString repo;
        QString endpoint;
        QString revision;
        QString folder;
        QString convertTo;
        QString torrentSource;
        QStringList peers;
        bool operator==(const PendingDownload &) const = default;
    };
    QString downloadParent() const;      // "" = ~/Models
    void setDownloadParent(const QString &folder);
    QString downloadEndpoint() const;    // "" = $HF_ENDPOINT, else the public hub
    void setDownloadEndpoint(const QString &url);
    quint64 downloadLimitBytes() const;  // per second; 0 = no limit
    // Seeding a torrent after it completes: off unless chosen; until the ratio
    // (bytes sent / the torrent's size) or the minutes, whichever first (0 = not that limit).
    bool downloadSeed() const;
    void setDownloadSeed(bool seed);
    double downloadSeedRatio() const;    // default 1.0
    void setDownloadSeedRatio(double ratio);
    int downloadSeedMinutes() const;     // default 60
    void setDownloadSeedMinutes(int minutes);
    quint64 downloadUploadLimitBytes() const; // a torrent's sending rate, per second; 0 = no limit
    void setDownloadUploadLimitBytes(quint64 bytes);
    void setDownloadLimitBytes(quint64 bytes);
    QList<PendingDownload> pendingDownloads() const;
    void addPendingDownload(const PendingDownload &download);
    void removePendingDownload(const QString &folder);

    void sync() { m_settings.sync(); }
    // The file behind these settings (the Server panel keeps its "server/" keys there too).
    QString fileName() const { return m_settings.fileName(); }

Q_SIGNALS:
    // Emitted after a value changed, with its key, so views can follow.
    void changed(const QString &key);

private:
    QVariant value(const char *key, const QVariant &def) const;
    void set(const char *key, const QVariant &value);

    QSettings m_settings;
};

} // namespace sluice::gui
