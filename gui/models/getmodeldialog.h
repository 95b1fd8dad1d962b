#pragma once
// "Get a model…" (issue 26): the published models with each route's size on
// disk, whether it fits this machine's RAM (the planner's default plan,
// api/catalogue.h) and the chosen folder's free space; then the download of
// a hub repository with progress per file and overall, pause, resume,
// cancel, and "Open" at the end. The download runs on its own thread
// (qt/downloadworker.h), so chats go on meanwhile; closing the dialog only
// hides it. Unfinished downloads are remembered (Settings) and offered again
// after a restart. The access token is used for this run only: never stored,
// shown or logged.
#include "api/catalogue.h"
#include "qt/downloadworker.h"
#include "qt/torrentworker.h"

#include <QDialog>
#include <QFutureWatcher>

#include <optional>
#include <vector>

class QDialogButtonBox;
class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableWidget;

namespace sluice::gui {

class DownloadView;
class Settings;

// The catalogue with the planner's verdicts, computed off the UI thread.
struct CatalogueView {
    std::vector<CatalogueModel> models;
    std::vector<std::vector<std::optional<RouteFit>>> fits; // [model][route]
    std::vector<std::optional<StagedRouteDisk>> staged;     // [model]: convert while downloading
    std::vector<std::vector<std::optional<RouteSpeed>>> speeds; // [model][route]
    QString speedError;  // why there is no predicted speed (no routing trace), else empty
    double diskGBps = 0; // the disk speed the figures assume
    bool diskMeasured = false; // the folder's disk test ran; else kAssumedDiskBytesPerSecond
    QString error;
};

// The chosen folder's disk, read as the planner's disk test reads (api/inspect.h measureDiskSpeed).
struct FolderDiskTest {
    double gbPerSecond = 0;
    QString error;
};

class GetModelDialog : public QDialog
{
    Q_OBJECT
public:
    enum class State { Idle, Running, Paused, Done, Failed };

    // `usableRamBytes`: this machine's; `processBytes`: the app's memory term (0 = estimate).
    GetModelDialog(Settings *settings, quint64 usableRamBytes, quint64 processBytes, QWidget *parent = nullptr);
    ~GetModelDialog() override;

    State state() const { return m_state; }
    bool isDownloading() const { return m_state == State::Running; }
    QString targetFolder() const; // the parent folder + the repository's name
    // Convert while downloading: the release is staged in targetFolder(), the container goes here.
    QString containerFolder() const;
    bool convertChosen() const;
    // Tests: a smaller k-means sample for the conversion (0 = the converter's defaults).
    void setConvertTuning(int sampleVectors, int iterations)
    {
        m_sampleVectors = sampleVectors;
        m_iterations = iterations;
    }

    // The widgets, for tests.
    QTableWidget *catalogueTable() const { return m_table; }
    QLineEdit *repoField() const { return m_repo; }
    QLineEdit *parentField() const { return m_parent; }
    QLineEdit *endpointField() const { return m_endpoint; }
    QLineEdit *tokenField() const { return m_token; }
    QDoubleSpinBox *limitField() const { return m_limit; }
    QLabel *spaceLabel() const { return m_space; }
    QLabel *targetLabel() const { return m_target; }
    QRadioButton *releaseRouteButton() const { return m_plainRoute; }
    QRadioButton *convertRouteButton() const { return m_stagedRoute; }
    QRadioButton *torrentRouteButton() const { return m_torrentRoute; }
    QLineEdit *torrentSourceField() const { return m_torrentSource; }
    QLineEdit *torrentPeersField() const { return m_torrentPeers; }
    bool torrentChosen() const;
    // Seeding after a torrent completes (off by default; remembered in the settings).
    QCheckBox *seedBox() const { return m_seed; }
    QDoubleSpinBox *seedRatioField() const { return m_seedRatio; }
    QSpinBox *seedMinutesField() const { return m_seedMinutes; }
    QDoubleSpinBox *uploadLimitField() const { return m_uploadLimit; }
    const qt::TorrentRequest &torrentRequest() const { return m_torrentRunning; } // the last one started
    QPushButton *stopSeedingButton() const { return m_stopSeeding; }
    bool isSeeding() const { return m_seeding; }
    // Tests: a seed time limit below a minute (0 = the minutes field's).
    void setSeedTimeMs(qint64 ms) { m_seedTimeMsOverride = ms; }
    // Tests and LAN-only fetches: listen on loopback, no DHT, LSD, UPnP or NAT-PMP.
    void setTorrentLocalOnly(bool localOnly) { m_torrentLocalOnly = localOnly; }
    QPushButton *diskTestButton() const { return m_diskTest; }
    void testDisk();
    // Below this the folder's disk is not NVMe-class and the folder line warns (tests move it).
    void setSlowDiskBelow(double gbPerSecond) { m_slowBelow = gbPerSecond; }
    QPushButton *downloadButton() const { return m_download; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *resumeButton() const { return m_resume; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *openButton() const { return m_open; }
    QPushButton *continueButton() const { return m_continue; }
    QLabel *pendingLabel() const { return m_pending; }
    DownloadView *progressView() const { return m_progress; }
    bool catalogueReady() const { return m_view.has_value(); }
    // Bytes the last finished run received over the network (this run only, not what was already there).
    quint64 lastFetchedBytes() const { return m_fetched; }

    void startDownload();
    void continuePending();

Q_SIGNALS:
    void catalogueShown();
    void openRequested(const QString &folder);
    void downloadStarted(const QString &folder);
    void downloadProgressed(quint64 done, quint64 total);
    void conversionProgressed(int layersDone, int layers);
    void seedingStarted();
    void seedingEnded(quint64 uploaded, const QString &why); // why: "ratio", "time", "stopped" or an error
    void diskTested(double gbPerSecond, bool slow); // 0, false: the test failed // convert while downloading: the converter works
    void downloadPaused();
    void downloadFinished(const QString &folder);
    void downloadFailed(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildForm();
    void buildTable();
    QLayout *buildRouteChoice();
    QLayout *buildLowerForm();
    void showRouteChoice();
    const StagedRouteDisk *stagedForRepo() const;
    QWidget *buildButtons();
    void wireWorker();
    void wireTorrent();
    void wireDiskTest();
    void buildTorrentRows();
    QLayout *buildSeedRow();
    void retranslateSeedRow();
    void wireSeeding();
    void enableSeedLimits();
    void startTorrent();
    void chooseTorrentFile();
    void planAgain();
    void showCatalogue();
    void alignFormLabels();
    void fitTableToRows();
    void fillRow(int row, const CatalogueModel &model, size_t route);
    QString speedText(size_t model, size_t route) const;
    QString speedTip(size_t model, size_t route) const;
    QString speedDisk() const; // the disk speed the figures assume, for the column's header
    void refreshSpace();
    void chooseParent();
    void rowChosen();
    void setState(State state);
    void resume();
    void showPending();
    void retranslate();
    qt::DownloadRequest request() const;

    Settings *m_settings;
    quint64 m_ram;
    quint64 m_processBytes;
    std::optional<CatalogueView> m_view;
    QFutureWatcher<CatalogueView> m_planning;
    qt::DownloadThread m_thread;
    qt::DownloadRequest m_running; // the download in this dialog (resume repeats it)
    State m_state = State::Idle;
    std::optional<quint64> m_free; // the parent folder's free space

    QLabel *m_intro;
    QTableWidget *m_table;
    QLabel *m_repoLabel, *m_parentLabel, *m_endpointLabel, *m_tokenLabel, *m_limitLabel;
    QLineEdit *m_repo, *m_parent, *m_endpoint, *m_token;
    QPushButton *m_browse;
    QDoubleSpinBox *m_limit;
    QLabel *m_space, *m_target;
    QLabel *m_routeLabel;
    QRadioButton *m_plainRoute, *m_stagedRoute, *m_torrentRoute;
    QFormLayout *m_form = nullptr;      // the repository and the folder
    QFormLayout *m_lowerForm = nullptr; // the torrent, the hub, the token and the limit
    QLabel *m_torrentSourceLabel = nullptr, *m_torrentPeersLabel = nullptr;
    QLineEdit *m_torrentSource = nullptr, *m_torrentPeers = nullptr;
    QPushButton *m_torrentBrowse = nullptr;
    QWidget *m_torrentSourceRow = nullptr;
    QCheckBox *m_seed = nullptr;
    QDoubleSpinBox *m_seedRatio = nullptr;
    QSpinBox *m_seedMinutes = nullptr;
    QLabel *m_seedOr = nullptr;
    QLabel *m_uploadLimitLabel = nullptr;
    QDoubleSpinBox *m_uploadLimit = nullptr; // MiB/s sent to peers, downloading and seeding; 0 = no limit
    QPushButton *m_stopSeeding = nullptr;
    bool m_seeding = false;
    quint64 m_fetched = 0;
    quint64 m_torrentSize = 0; // the torrent's payload (the seeding ratio's denominator)
    qint64 m_seedTimeMsOverride = 0;
    qt::TorrentThread m_torrent;
    qt::TorrentRequest m_torrentRunning;
    bool m_torrentMode = false; // the run in this dialog is a torrent
    bool m_torrentLocalOnly = false;
    QString m_doneFolder;       // what Open opens
    QPushButton *m_diskTest = nullptr;
    QFutureWatcher<FolderDiskTest> m_diskWatch;
    QString m_diskNote;         // the disk test's verdict, on the free-space line
    double m_measuredGBps = 0;  // the folder's disk test (0 = not run): the predicted speeds use it
    double m_slowBelow;
    int m_sampleVectors = 0, m_iterations = 0;
    QLabel *m_pending;
    QPushButton *m_continue;
    DownloadView *m_progress;
    QPushButton *m_download, *m_pause, *m_resume, *m_cancel, *m_open;
    QDialogButtonBox *m_buttons;
};

} // namespace sluice::gui
