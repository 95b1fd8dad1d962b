#include "models/getmodeldialog.h"

#include "api/download.h"
#include "api/inspect.h"
#include "models/downloadview.h"
#include "app/backgroundjobs.h" // defaultTracePath
#include "app/settings.h"
#include "common/errortext.h"
#include "common/fitwidgets.h"
#include "common/uihelpers.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QButtonGroup>
#include <QCheckBox>
#include <QCoreApplication>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QTemporaryFile>
#include <QtConcurrent/QtConcurrentRun>

#include <random>
#include <vector>

namespace sluice::gui {

namespace {

// `text` broken at the space nearest its middle (unchanged without a space).
QString inTwoLines(QString text)
{
    const qsizetype middle = text.size() / 2;
    qsizetype best = -1;
    for (qsizetype i = 0; i < text.size(); ++i)
        if (text.at(i) == QLatin1Char(' ') && (best < 0 || std::abs(i - middle) < std::abs(best - middle)))
            best = i;
    if (best >= 0)
        text[best] = QLatin1Char('\n');
    return text;
}

enum Column { ColModel, ColRoute, ColSize, ColRam, ColSpeed, ColRoom, ColumnCount };
constexpr int kRepoRole = Qt::UserRole;
constexpr int kRouteRole = Qt::UserRole + 1; // "model index:route index"

// The predicted speed of every route (api/catalogue.h routeSpeed): the
// planner's default plan, a routing trace replayed, at the folder's measured
// disk speed or else the library's stated assumption.
void planSpeeds(CatalogueView &v, quint64 usableRam, quint64 processBytes, double measuredGBps)
{
    v.diskMeasured = measuredGBps > 0;
    v.diskGBps = v.diskMeasured ? measuredGBps : kAssumedDiskBytesPerSecond / 1e9;
    const QString tracePath = defaultTracePath();
    if (tracePath.isEmpty()) {
        v.speedError = QCoreApplication::translate("sluice::gui::GetModelDialog", "no routing trace found");
        return;
    }
    auto trace = loadRoutingTrace(tracePath.toStdString());
    if (!trace) {
        v.speedError = QString::fromStdString(trace.status().message());
        return;
    }
    for (const CatalogueModel &m : v.models) {
        auto &speeds = v.speeds.emplace_back();
        for (const CatalogueRoute &r : m.routes) {
            auto s = routeSpeed(m.model, r.format, usableRam, *trace, v.diskGBps * 1e9, processBytes);
            speeds.push_back(s ? std::optional<RouteSpeed>(*s) : std::nullopt);
        }
    }
}

CatalogueView planCatalogue(quint64 usableRam, quint64 processBytes, double measuredGBps)
{
    CatalogueView v;
    auto models = modelCatalogue();
    if (!models) {
        v.error = errorText(models.status());
        return v;
    }
    v.models = std::move(*models);
    planSpeeds(v, usableRam, processBytes, measuredGBps);
    for (const CatalogueModel &m : v.models) {
        auto &fits = v.fits.emplace_back();
        for (const CatalogueRoute &r : m.routes) {
            auto fit = routeFit(m.model, r.format, usableRam, processBytes);
            fits.push_back(fit ? std::optional<RouteFit>(*fit) : std::nullopt);
        }
        auto staged = stagedRouteDisk(m.model);
        v.staged.push_back(staged ? std::optional<StagedRouteDisk>(*staged) : std::nullopt);
    }
    return v;
}

QString defaultEndpoint(const Settings *settings)
{
    // As the hub's own tools: HF_ENDPOINT points every client at a mirror.
    const QString env = qEnvironmentVariable("HF_ENDPOINT").trimmed();
    if (!env.isEmpty())
        return env;
    const QString saved = settings->downloadEndpoint();
    return saved.isEmpty() ? QString::fromLatin1(kDefaultHubEndpoint) : saved;
}

// NVMe drives read several GB/s; a SATA SSD stops near 0.55, a hard disk near 0.2. Streaming a
// model's experts from below this is markedly slower (docs/download.md).
constexpr double kNvmeClassGBps = 1.5;

// Writes 64 MiB beside the folder (its nearest existing ancestor), then reads it back as the
// planner's disk test does: record-sized O_DIRECT reads for a second. The file is removed.
FolderDiskTest measureFolderDisk(const QString &folder)
{
    QDir dir(folder);
    while (!dir.exists() && dir.cdUp()) {
    }
    QTemporaryFile file(dir.filePath(QStringLiteral(".sluice-disk-test-XXXXXX")));
    if (!file.open())
        return {0, QStringLiteral("%1: %2").arg(dir.path(), file.errorString())};
    std::vector<quint64> block((8u << 20) / sizeof(quint64));
    std::mt19937_64 rng(7);
    for (int i = 0; i < 8; ++i) {
        for (quint64 &v : block)
            v = rng();
        if (file.write(reinterpret_cast<const char *>(block.data()), qint64(block.size() * sizeof(quint64))) < 0)
            return {0, QStringLiteral("%1: %2").arg(file.fileName(), file.errorString())};
    }
    file.flush();
    auto bench = measureDiskSpeed(file.fileName().toStdString(), 4u << 20, 1.0);
    if (!bench)
        return {0, errorText(bench.status())};
    return {bench->gbPerSecond(), {}};
}

QString repoName(const QString &repo)
{
    return repo.section(QLatin1Char('/'), -1).trimmed();
}

} // namespace

GetModelDialog::GetModelDialog(Settings *settings, quint64 usableRamBytes, quint64 processBytes, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_ram(usableRamBytes)
    , m_processBytes(processBytes)
    , m_slowBelow(kNvmeClassGBps)
{
    buildForm();
    wireWorker();
    wireTorrent();
    wireSeeding();
    wireDiskTest();
    connect(&m_planning, &QFutureWatcher<CatalogueView>::finished, this, [this] {
        m_view = m_planning.result();
        showCatalogue();
        if ((m_view->diskMeasured ? m_view->diskGBps : 0.0) != m_measuredGBps) // measured meanwhile
            planAgain();
    });
    planAgain();
    retranslate();
    refreshSpace();
    showPending();
    setState(State::Idle);
}

void GetModelDialog::planAgain()
{
    if (m_planning.isRunning()) // its result is shown, then the next disk test plans again
        return;
    m_planning.setFuture(QtConcurrent::run(planCatalogue, m_ram, m_processBytes, m_measuredGBps));
}

GetModelDialog::~GetModelDialog()
{
    m_planning.waitForFinished();
    m_diskWatch.waitForFinished();
}

void GetModelDialog::buildTable()
{
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // Rows as tall as their wrapped text at the columns' current widths, and the
    // table as tall as its rows: a narrower window makes them taller, never cut.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Queued: the header announces a row's new height before it has set them all.
    connect(m_table->verticalHeader(), &QHeaderView::sectionResized, this, &GetModelDialog::fitTableToRows,
            Qt::QueuedConnection);
    // The header's height too: its two-line titles are measured after the labels are set.
    connect(m_table->horizontalHeader(), &QHeaderView::geometriesChanged, this, &GetModelDialog::fitTableToRows,
            Qt::QueuedConnection);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ColRam, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ColRoute, QHeaderView::Stretch); // wraps: the speed column fits
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &GetModelDialog::rowChosen);
}

void GetModelDialog::buildForm()
{
    // Everything but the buttons scrolls: once the catalogue is planned its
    // rows make the form taller than an 800×600 screen (649–719 px in id/fr).
    auto *outer = new QVBoxLayout(this);
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    m_intro = makeHintLabel(this);
    layout->addWidget(m_intro);
    buildTable();
    layout->addWidget(m_table);

    auto *form = new QFormLayout;
    m_repo = new QLineEdit(this);
    m_parent = new QLineEdit(this);
    m_browse = new QPushButton(this);
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_parent, 1);
    folderRow->addWidget(m_browse);
    folderRow->addWidget(m_diskTest = new QPushButton(this));
    m_space = new QLabel(this);
    m_space->setWordWrap(true);
    m_target = makeHintLabel(this);
    m_repoLabel = new QLabel(this);
    m_parentLabel = new QLabel(this);
    m_repoLabel->setBuddy(m_repo);
    m_parentLabel->setBuddy(m_parent);
    form->addRow(m_repoLabel, m_repo);
    form->addRow(m_parentLabel, folderRow);
    form->addRow(QString(), m_space);
    form->addRow(QString(), m_target);
    m_form = form;
    layout->addLayout(form);
    // The route choice between two forms, not a row of one: Qt's form gave its
    // wrapped lines the height of one (the French route was cut at 800 px);
    // alignFormLabels keeps the three label columns one.
    layout->addLayout(buildRouteChoice());
    layout->addLayout(buildLowerForm());

    QString parentFolder = m_settings->downloadParent();
    if (parentFolder.isEmpty())
        parentFolder = QDir::home().filePath(QStringLiteral("Models"));
    m_parent->setText(QDir::toNativeSeparators(parentFolder));
    connect(m_parent, &QLineEdit::textChanged, this, &GetModelDialog::refreshSpace);
    connect(m_repo, &QLineEdit::textChanged, this, &GetModelDialog::refreshSpace);
    connect(m_browse, &QPushButton::clicked, this, &GetModelDialog::chooseParent);

    auto *pendingRow = new QHBoxLayout;
    m_pending = new QLabel(this);
    m_pending->setWordWrap(true);
    m_continue = new QPushButton(this);
    pendingRow->addWidget(m_pending, 1);
    pendingRow->addWidget(m_continue);
    layout->addLayout(pendingRow);
    connect(m_continue, &QPushButton::clicked, this, &GetModelDialog::continuePending);

    m_progress = new DownloadView(this);
    m_progress->hide(); // until a download starts
    layout->addWidget(m_progress);
    layout->addStretch(1);
    outer->addWidget(makePageScrollArea(content, this), 1);
    outer->addWidget(buildButtons());
}

// The torrent's rows, the hub, the access token and the speed limit.
QLayout *GetModelDialog::buildLowerForm()
{
    m_endpoint = new QLineEdit(defaultEndpoint(m_settings), this);
    m_token = new QLineEdit(this);
    m_token->setEchoMode(QLineEdit::Password); // never shown
    m_limit = new QDoubleSpinBox(this);
    m_limit->setRange(0, 100000);
    m_limit->setDecimals(2);
    m_limit->setValue(double(m_settings->downloadLimitBytes()) / double(1 << 20));
    m_endpointLabel = new QLabel(this);
    m_tokenLabel = new QLabel(this);
    m_limitLabel = new QLabel(this);
    m_endpointLabel->setBuddy(m_endpoint);
    m_tokenLabel->setBuddy(m_token);
    m_limitLabel->setBuddy(m_limit);
    m_lowerForm = new QFormLayout;
    buildTorrentRows();
    m_lowerForm->addRow(m_endpointLabel, m_endpoint);
    m_lowerForm->addRow(m_tokenLabel, m_token);
    m_lowerForm->addRow(m_limitLabel, m_limit);
    return m_lowerForm;
}

QLayout *GetModelDialog::buildRouteChoice()
{
    m_routeLabel = new QLabel(this);
    // Their texts wrap: on one line they made the dialog 840-1008 px wide (issue 30).
    m_plainRoute = new WrappingRadioButton(this);
    m_stagedRoute = new WrappingRadioButton(this);
    m_torrentRoute = new WrappingRadioButton(this);
    auto *group = new QButtonGroup(this);
    auto *routes = new QVBoxLayout;
    routes->setSpacing(m_form->verticalSpacing());
    m_plainRoute->setChecked(true); // before the connections: the rows they show and hide are not made yet
    for (QRadioButton *b : {m_plainRoute, m_stagedRoute, m_torrentRoute}) {
        group->addButton(b);
        routes->addWidget(b);
        connect(b, &QRadioButton::toggled, this, &GetModelDialog::refreshSpace);
    }
    auto *row = new QHBoxLayout;
    row->setSpacing(m_form->horizontalSpacing());
    row->addWidget(m_routeLabel, 0, Qt::AlignTop);
    row->addLayout(routes, 1);
    return row;
}

// The torrent's source and peers, in one row shown only for the BitTorrent route.
void GetModelDialog::buildTorrentRows()
{
    m_torrentSourceLabel = new QLabel(this);
    m_torrentPeersLabel = new QLabel(this);
    m_torrentSource = new QLineEdit(this); // the publisher's magnet is not known to Sluice: left empty
    m_torrentPeers = new QLineEdit(this);
    m_torrentBrowse = new QPushButton(this);
    m_torrentSourceRow = new QWidget(this);
    auto *rows = new QVBoxLayout(m_torrentSourceRow); // one form row: shown and hidden together
    rows->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    rows->addLayout(row);
    rows->addLayout(buildSeedRow());
    row->addWidget(m_torrentSource, 2);
    row->addWidget(m_torrentBrowse);
    row->addWidget(m_torrentPeersLabel); // one row: shown and hidden together
    row->addWidget(m_torrentPeers, 1);
    m_torrentSourceLabel->setBuddy(m_torrentSource);
    m_torrentPeersLabel->setBuddy(m_torrentPeers);
    m_lowerForm->addRow(m_torrentSourceLabel, m_torrentSourceRow);
    connect(m_torrentBrowse, &QPushButton::clicked, this, &GetModelDialog::chooseTorrentFile);
}

// Seeding after completion: off by default, a ratio or a time limit (whichever comes first).
QLayout *GetModelDialog::buildSeedRow()
{
    auto *row = new QHBoxLayout;
    m_seed = new QCheckBox(this);
    m_seed->setChecked(m_settings->downloadSeed());
    m_seedRatio = new QDoubleSpinBox(this);
    m_seedRatio->setRange(0, 100);
    m_seedRatio->setDecimals(2);
    m_seedRatio->setSingleStep(0.5);
    m_seedRatio->setValue(m_settings->downloadSeedRatio());
    m_seedMinutes = new QSpinBox(this);
    m_seedMinutes->setRange(0, 7 * 24 * 60);
    m_seedMinutes->setValue(m_settings->downloadSeedMinutes());
    m_seedOr = new QLabel(this);
    row->addWidget(m_seed);
    row->addWidget(m_seedRatio);
    row->addWidget(m_seedOr);
    row->addWidget(m_seedMinutes);
    // Sending counts against the user's own connection: a cap, kept across restarts.
    m_uploadLimitLabel = new QLabel(this);
    m_uploadLimit = new QDoubleSpinBox(this);
    m_uploadLimit->setRange(0, 100000);
    m_uploadLimit->setDecimals(2);
    m_uploadLimit->setValue(double(m_settings->downloadUploadLimitBytes()) / double(1 << 20));
    m_uploadLimitLabel->setBuddy(m_uploadLimit);
    row->addWidget(m_uploadLimitLabel);
    row->addWidget(m_uploadLimit);
    row->addStretch(1);
    connect(m_seed, &QCheckBox::toggled, this, &GetModelDialog::enableSeedLimits);
    return row;
}

void GetModelDialog::enableSeedLimits()
{
    const bool on = m_seed->isChecked() && m_state != State::Running && m_state != State::Paused;
    m_seedRatio->setEnabled(on);
    m_seedMinutes->setEnabled(on);
    // The session is set up when it starts: its sending cap too.
    m_uploadLimit->setEnabled(m_state != State::Running && m_state != State::Paused);
}

void GetModelDialog::wireSeeding()
{
    qt::TorrentWorker *w = m_torrent.worker();
    connect(w, &qt::TorrentWorker::seeding, this, [this](quint64 uploaded, double rate, int peers) {
        const double ratio = m_torrentSize ? double(uploaded) / double(m_torrentSize) : 0.0;
        m_progress->setNote(tr("Seeding: %1 sent (ratio %2), %3/s to %n peer(s). Stop seeding ends it; the "
                               "model can be opened meanwhile.", nullptr, peers)
                                .arg(formatBytes(uploaded), QLocale().toString(ratio, 'f', 2), formatBytes(quint64(rate))));
    });
    connect(w, &qt::TorrentWorker::seedingEnded, this, [this](quint64 uploaded, double seconds, const QString &why) {
        m_seeding = false;
        m_stopSeeding->setVisible(false);
        const QString sent = formatBytes(uploaded);
        const QString minutes = QLocale().toString(seconds / 60.0, 'f', 1);
        m_progress->setNote(why == QLatin1String("ratio")  ? tr("Seeding ended at the ratio: %1 sent in %2 min.").arg(sent, minutes)
                            : why == QLatin1String("time") ? tr("Seeding ended at the time limit: %1 sent in %2 min.").arg(sent, minutes)
                            : why == QLatin1String("stopped") ? tr("Seeding stopped: %1 sent in %2 min.").arg(sent, minutes)
                                                              : tr("Seeding stopped: %1 (%2 sent).").arg(why, sent));
        Q_EMIT seedingEnded(uploaded, why);
    });
    connect(m_stopSeeding, &QPushButton::clicked, this, [this] { m_torrent.pause(); });
}

void GetModelDialog::chooseTorrentFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Torrent file"), m_parent->text(),
                                                      tr("Torrent files (*.torrent)"));
    if (!file.isEmpty())
        m_torrentSource->setText(QDir::toNativeSeparators(file));
}

bool GetModelDialog::torrentChosen() const
{
    return m_torrentRoute->isChecked();
}

const StagedRouteDisk *GetModelDialog::stagedForRepo() const
{
    if (!m_view || !m_view->error.isEmpty())
        return nullptr;
    const QString repo = m_repo->text().trimmed();
    for (size_t m = 0; m < m_view->models.size(); ++m)
        if (QString::fromStdString(m_view->models[m].repo) == repo && m_view->staged[m])
            return &*m_view->staged[m];
    return nullptr;
}

// The two ways to get a release, with the library's disk figures when the repository is a known model.
void GetModelDialog::showRouteChoice()
{
    const bool torrent = torrentChosen();
    m_form->setRowVisible(m_repo, !torrent);
    m_lowerForm->setRowVisible(m_endpoint, !torrent);
    m_lowerForm->setRowVisible(m_token, !torrent);
    m_lowerForm->setRowVisible(m_torrentSourceRow, torrent);
    const StagedRouteDisk *d = stagedForRepo();
    m_plainRoute->setText(d ? tr("Download the release (%1 on disk)").arg(formatBytes(d->releaseBytes))
                            : tr("Download the release"));
    m_stagedRoute->setText(
        d ? tr("Download and convert as it arrives (needs about %1 on disk instead of %2: the container, %3, "
               "plus at most %4 of the release at a time)")
                .arg(formatBytes(d->peakDiskBytes()), formatBytes(d->downloadThenConvertBytes()),
                     formatBytes(d->containerBytes), formatBytes(d->peakStagingBytes))
          : tr("Download and convert as it arrives (needs the container plus one layer's shards at a time, "
               "instead of the release and the container)"));
    if (torrent) {
        m_target->setText(tr("The torrent's folder is made in %1; every piece is checked against the torrent's "
                             "hashes, and Pause keeps what arrived.")
                              .arg(m_parent->text().trimmed()));
        return;
    }
    const QString target = targetFolder();
    if (target.isEmpty())
        return;
    QString text = convertChosen() ? tr("The release is staged in %1; the converted model goes to %2")
                                         .arg(QDir::toNativeSeparators(target),
                                              QDir::toNativeSeparators(containerFolder()))
                                   : tr("The files go to %1").arg(QDir::toNativeSeparators(target));
    if (convertChosen() && d && m_free)
        text += QLatin1Char(' ') + (stagedRouteFitsSpace(*d, *m_free)
                                        ? tr("(the drive has room for it)")
                                        : tr("(the drive needs %1 more)").arg(formatBytes(
                                              d->peakDiskBytes() > *m_free ? d->peakDiskBytes() - *m_free : 0)));
    m_target->setText(text);
}

QWidget *GetModelDialog::buildButtons()
{
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_download = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_pause = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_resume = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_cancel = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_open = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_stopSeeding = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_stopSeeding->setVisible(false);
    m_download->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::hide); // a download goes on
    connect(m_download, &QPushButton::clicked, this, &GetModelDialog::startDownload);
    connect(m_pause, &QPushButton::clicked, this, [this] { m_torrentMode ? m_torrent.pause() : m_thread.pause(); });
    connect(m_resume, &QPushButton::clicked, this, &GetModelDialog::resume);
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_thread.cancel(); });
    connect(m_open, &QPushButton::clicked, this, [this] { Q_EMIT openRequested(m_doneFolder); });
    return m_buttons;
}

void GetModelDialog::wireWorker()
{
    qt::DownloadWorker *w = m_thread.worker();
    connect(w, &qt::DownloadWorker::listed, this, [this](int files, quint64 total) {
        m_progress->setListed(files, total);
    });
    connect(w, &qt::DownloadWorker::progress, this, [this](const qt::DownloadStatus &s) {
        m_progress->setStatus(s);
        if (s.converting)
            Q_EMIT conversionProgressed(s.layersDone, s.layers);
        else
            Q_EMIT downloadProgressed(s.totalDone, s.totalSize);
    });
    connect(w, &qt::DownloadWorker::paused, this, [this] {
        setState(State::Paused);
        m_progress->showStopped();
        m_progress->setNote(tr("Paused. The parts downloaded so far are kept; Resume continues where it stopped."));
        Q_EMIT downloadPaused();
    });
    connect(w, &qt::DownloadWorker::cancelled, this, [this] {
        m_settings->removePendingDownload(m_running.folder);
        setState(State::Idle);
        m_progress->setNote(tr("Cancelled. Partial files were deleted; complete files in %1 stay.")
                                .arg(QDir::toNativeSeparators(m_running.folder)));
        showPending();
    });
    connect(w, &qt::DownloadWorker::finished, this, [this](const QString &folder, quint64 fetched) {
        m_settings->removePendingDownload(m_running.folder); // remembered by its staging folder (both routes)
        m_fetched = fetched;
        m_doneFolder = folder;
        setState(State::Done);
        m_progress->setNote(m_running.convertTo.isEmpty()
                                ? tr("Done: %1 received, every file's size and checksum verified, in %2.")
                                      .arg(formatBytes(fetched), QDir::toNativeSeparators(folder))
                                : tr("Done: %1 received and verified, converted into %2.")
                                      .arg(formatBytes(fetched), QDir::toNativeSeparators(folder)));
        Q_EMIT downloadFinished(folder);
    });
    connect(w, &qt::DownloadWorker::failed, this, [this](const qt::ErrorText &error) {
        const QString message = errorText(error);
        setState(State::Failed);
        m_progress->showStopped();
        // The library's message names the repository or the file; the parts stay for a retry.
        m_progress->setNote(tr("The download stopped: %1. Resume tries again from where it stopped.").arg(message));
        Q_EMIT downloadFailed(message);
    });
}

void GetModelDialog::wireTorrent()
{
    qt::TorrentWorker *w = m_torrent.worker();
    connect(w, &qt::TorrentWorker::progress, this, [this](const qt::DownloadStatus &s) {
        m_torrentSize = s.totalSize;
        m_progress->setStatus(s);
        Q_EMIT downloadProgressed(s.totalDone, s.totalSize);
    });
    connect(w, &qt::TorrentWorker::paused, this, [this] {
        setState(State::Paused);
        m_progress->showStopped();
        m_progress->setNote(tr("Paused. The pieces and the resume data are kept; Resume continues where it stopped."));
        Q_EMIT downloadPaused();
    });
    connect(w, &qt::TorrentWorker::finished, this, [this](const QString &folder, quint64 fetched) {
        m_settings->removePendingDownload(m_torrentRunning.folder);
        m_fetched = fetched;
        m_doneFolder = folder;
        m_seeding = m_torrentRunning.seedRatio > 0 || m_torrentRunning.seedTimeMs > 0;
        setState(State::Done);
        m_progress->setNote(tr("Done: %1 received, every piece checked against the torrent's hashes, in %2.")
                                .arg(formatBytes(fetched), QDir::toNativeSeparators(folder)));
        m_stopSeeding->setVisible(m_seeding);
        Q_EMIT downloadFinished(folder);
        if (m_seeding)
            Q_EMIT seedingStarted();
    });
    connect(w, &qt::TorrentWorker::failed, this, [this](const qt::ErrorText &error) {
        const QString message = errorText(error);
        setState(State::Failed);
        m_progress->showStopped();
        m_progress->setNote(tr("The fetch stopped: %1. Resume tries again from where it stopped.").arg(message));
        Q_EMIT downloadFailed(message);
    });
}

void GetModelDialog::wireDiskTest()
{
    connect(m_diskTest, &QPushButton::clicked, this, &GetModelDialog::testDisk);
    connect(m_parent, &QLineEdit::textChanged, this, [this] {
        m_diskNote.clear(); // measured for another folder
        if (m_measuredGBps > 0) {
            m_measuredGBps = 0;
            planAgain();
        }
        refreshSpace();
    });
    connect(&m_diskWatch, &QFutureWatcher<FolderDiskTest>::finished, this, [this] {
        const FolderDiskTest r = m_diskWatch.result();
        m_diskTest->setEnabled(true);
        if (r.error.isEmpty() && r.gbPerSecond > 0) { // the predicted speeds now use this disk
            m_measuredGBps = r.gbPerSecond;
            planAgain();
        }
        const bool slow = r.error.isEmpty() && r.gbPerSecond < m_slowBelow;
        const QString speed = QLocale().toString(r.gbPerSecond, 'f', 2);
        m_diskNote = !r.error.isEmpty() ? tr("The disk test failed: %1").arg(r.error)
                     : slow ? tr("Warning: this disk reads %1 GB/s, slower than an NVMe drive; a model streamed "
                                 "from it answers more slowly.").arg(speed)
                            : tr("This disk reads %1 GB/s (NVMe class).").arg(speed);
        refreshSpace();
        Q_EMIT diskTested(r.error.isEmpty() ? r.gbPerSecond : 0, slow);
    });
}

void GetModelDialog::testDisk()
{
    if (m_diskWatch.isRunning())
        return;
    m_diskTest->setEnabled(false);
    m_diskNote = tr("Testing this disk…");
    refreshSpace();
    m_diskWatch.setFuture(QtConcurrent::run(measureFolderDisk, QDir::fromNativeSeparators(m_parent->text().trimmed())));
}

void GetModelDialog::showCatalogue()
{
    m_table->setRowCount(0);
    if (!m_view->error.isEmpty()) {
        m_intro->setText(tr("The catalogue could not be computed: %1").arg(m_view->error));
        return;
    }
    int row = 0;
    for (size_t m = 0; m < m_view->models.size(); ++m)
        for (size_t r = 0; r < m_view->models[m].routes.size(); ++r) {
            m_table->insertRow(row);
            fillRow(row++, m_view->models[m], r);
        }
    retranslate(); // the intro no longer says "Planning…"; the speed header names the disk it assumes
    fitTableToRows();
    refreshSpace();
    if (m_repo->text().isEmpty())
        m_table->selectRow(0);
    Q_EMIT catalogueShown();
}

// As tall as its rows: the space below is the download's.
void GetModelDialog::fitTableToRows()
{
    const QHeaderView *header = m_table->horizontalHeader();
    int height = std::max(header->sizeHint().height(), header->height()) + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height);
}

void GetModelDialog::fillRow(int row, const CatalogueModel &model, size_t route)
{
    const CatalogueRoute &r = model.routes[route];
    const size_t m = size_t(&model - m_view->models.data());
    const std::optional<RouteFit> &fit = m_view->fits[m][route];
    QString how;
    switch (r.source) {
    case RouteSource::Hub:
        how = tr("As published, from the hub (%1)").arg(QString::fromStdString(model.repo));
        break;
    case RouteSource::BitTorrent:
        how = tr("Converted container, shared over BitTorrent by its publisher (its magnet link or .torrent file)");
        break;
    case RouteSource::ConvertRelease:
        how = tr("Converted container: download the release, then File → Convert model…");
        break;
    }
    QString ram = tr("No plan");
    if (fit) {
        if (fit->ram == RamFit::Fits)
            ram = tr("Fits: default budget %1").arg(formatBytes(fit->budgetBytes));
        else if (fit->ram == RamFit::TrunkStreamed)
            ram = tr("Runs with the trunk streamed from disk (slower): floor %1, the planner's limit is %2")
                      .arg(formatBytes(fit->streamingFloorBytes), formatBytes(fit->capBytes));
        else
            ram = tr("Too big for this RAM: floor %1, the planner's limit is %2")
                      .arg(formatBytes(fit->streamingFloorBytes), formatBytes(fit->capBytes));
    }
    const QStringList cells{QString::fromStdString(model.name), how, formatBytes(r.diskBytes), ram,
                            speedText(m, route), QString()};
    for (int c = 0; c < ColumnCount; ++c) {
        auto *item = new QTableWidgetItem(cells[c]);
        item->setToolTip(c == ColSpeed ? speedTip(m, route) : cells[c]);
        item->setData(kRepoRole, r.source == RouteSource::Hub ? QString::fromStdString(model.repo) : QString());
        item->setData(kRouteRole, QStringLiteral("%1:%2").arg(m).arg(route));
        if (!r.downloadable()) // shown for its size and fit, not offered
            item->setFlags(Qt::ItemIsEnabled);
        m_table->setItem(row, c, item);
    }
}

// The cell is the figure alone (the column stays narrow); the disk it assumes is in the header.
QString GetModelDialog::speedText(size_t model, size_t route) const
{
    const std::optional<RouteSpeed> *s = m_view->speedError.isEmpty() ? &m_view->speeds[model][route] : nullptr;
    if (!s || !*s)
        return tr("No prediction");
    const double tps = (*s)->tokensPerSecondWarm;
    return tps > 0 ? tr("%1 tokens/s").arg(QLocale().toString(tps, 'f', tps < 10 ? 2 : 1))
                   : tr("Not disk-bound once warm");
}

QString GetModelDialog::speedTip(size_t model, size_t route) const
{
    if (!m_view->speedError.isEmpty())
        return tr("No prediction: %1").arg(m_view->speedError);
    const std::optional<RouteSpeed> &s = m_view->speeds[model][route];
    if (!s)
        return tr("No prediction");
    return tr("%1 at the default budget (%2), disk-bound: the expert misses of a recorded routing trace%3 read at "
              "%4.")
        .arg(speedText(model, route), formatBytes(s->budgetBytes),
             s->trunkStreamed ? tr(" plus the streamed trunk") : QString(), speedDisk());
}

QString GetModelDialog::speedDisk() const
{
    const QString disk = QLocale().toString(m_view ? m_view->diskGBps : kAssumedDiskBytesPerSecond / 1e9, 'f', 2);
    return m_view && m_view->diskMeasured ? tr("this disk, %1 GB/s").arg(disk) : tr("assumed disk %1 GB/s").arg(disk);
}

void GetModelDialog::refreshSpace()
{
    const QString parentFolder = QDir::fromNativeSeparators(m_parent->text().trimmed());
    auto free = folderFreeBytes(parentFolder.toStdString());
    m_free = free ? std::optional<quint64>(*free) : std::nullopt;
    m_space->setText((free ? tr("%1 free on this folder's drive.").arg(formatBytes(*free))
                           : errorText(free.status())) +
                     (m_diskNote.isEmpty() ? QString() : QLatin1Char(' ') + m_diskNote));
    m_target->clear();
    showRouteChoice();
    if (!m_view || !m_view->error.isEmpty())
        return;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem *item = m_table->item(row, ColRoom);
        const QStringList at = item->data(kRouteRole).toString().split(QLatin1Char(':'));
        const CatalogueRoute &r = m_view->models[at.value(0).toUInt()].routes[at.value(1).toUInt()];
        const QString text = !m_free                        ? tr("Unknown")
                             : routeFitsSpace(r, *m_free) ? tr("Fits")
                                                            : tr("Needs %1 more").arg(formatBytes(
                                                                  r.diskBytes > *m_free ? r.diskBytes - *m_free : 0));
        item->setText(text);
        item->setToolTip(text);
    }
}

QString GetModelDialog::targetFolder() const
{
    const QString name = repoName(m_repo->text());
    if (name.isEmpty() || m_parent->text().trimmed().isEmpty())
        return QString();
    return QDir(QDir::fromNativeSeparators(m_parent->text().trimmed())).filePath(name);
}

QString GetModelDialog::containerFolder() const
{
    const QString target = targetFolder();
    return target.isEmpty() ? QString() : target + QStringLiteral("-sluice");
}

bool GetModelDialog::convertChosen() const
{
    return m_stagedRoute->isChecked();
}

void GetModelDialog::chooseParent()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for models"), m_parent->text());
    if (!folder.isEmpty())
        m_parent->setText(QDir::toNativeSeparators(folder));
}

void GetModelDialog::rowChosen()
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    if (items.isEmpty() || m_state == State::Running)
        return;
    const QString repo = items.first()->data(kRepoRole).toString();
    if (!repo.isEmpty()) {
        m_repo->setText(repo);
        if (torrentChosen())
            m_plainRoute->setChecked(true);
    } else {
        m_torrentRoute->setChecked(true); // the only row without a repository is the BitTorrent one
    }
}

qt::DownloadRequest GetModelDialog::request() const
{
    qt::DownloadRequest r;
    r.endpoint = m_endpoint->text().trimmed();
    r.repo = m_repo->text().trimmed();
    r.token = m_token->text().trimmed();
    if (r.token.isEmpty())
        r.token = qEnvironmentVariable("HF_TOKEN");
    r.folder = targetFolder();
    r.maxBytesPerSecond = quint64(m_limit->value() * double(1 << 20));
    if (convertChosen()) {
        r.convertTo = containerFolder();
        r.sampleVectors = m_sampleVectors;
        r.iterations = m_iterations;
    }
    return r;
}

void GetModelDialog::startTorrent()
{
    qt::TorrentRequest r;
    r.source = QDir::fromNativeSeparators(m_torrentSource->text().trimmed());
    if (r.source.startsWith(QLatin1String("magnet:")))
        r.source = m_torrentSource->text().trimmed();
    r.folder = QDir::fromNativeSeparators(m_parent->text().trimmed());
    r.peers = m_torrentPeers->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    r.localOnly = m_torrentLocalOnly;
    r.maxBytesPerSecond = quint64(m_limit->value() * double(1 << 20)); // the same Limit field as the hub's
    r.maxUploadBytesPerSecond = quint64(m_uploadLimit->value() * double(1 << 20));
    if (m_seed->isChecked()) {
        r.seedRatio = m_seedRatio->value();
        r.seedTimeMs = m_seedTimeMsOverride ? m_seedTimeMsOverride : qint64(m_seedMinutes->value()) * 60000;
    }
    m_settings->setDownloadSeed(m_seed->isChecked());
    m_settings->setDownloadSeedRatio(m_seedRatio->value());
    m_settings->setDownloadSeedMinutes(m_seedMinutes->value());
    m_settings->setDownloadUploadLimitBytes(r.maxUploadBytesPerSecond);
    if (r.source.isEmpty() || r.folder.isEmpty()) {
        m_progress->show();
        m_progress->setNote(tr("Give the publisher's magnet link or a .torrent file, and a folder."));
        return;
    }
    m_settings->setDownloadParent(r.folder);
    // Remembered until it completes: the next start offers to continue from the fast-resume data.
    m_settings->addPendingDownload({QString(), QString(), QString(), r.folder, QString(), r.source, r.peers});
    m_torrentRunning = r;
    m_torrentMode = true;
    m_progress->clear();
    m_progress->show();
    m_progress->setNote(tr("Looking for peers…"));
    setState(State::Running);
    m_torrent.start(r);
    Q_EMIT downloadStarted(r.folder);
}

void GetModelDialog::startDownload()
{
    if (m_state == State::Running)
        return;
    if (m_seeding) { // the torrent thread serves the last fetch until Stop seeding or its limit
        m_progress->setNote(tr("Still seeding the last torrent: Stop seeding first."));
        return;
    }
    if (torrentChosen()) {
        startTorrent();
        return;
    }
    m_torrentMode = false;
    const qt::DownloadRequest r = request();
    if (r.repo.count(QLatin1Char('/')) != 1 || r.folder.isEmpty()) {
        m_progress->setNote(tr("Choose a model above or type a repository as owner/name, and a folder."));
        return;
    }
    m_settings->setDownloadParent(QDir::fromNativeSeparators(m_parent->text().trimmed()));
    m_settings->setDownloadEndpoint(r.endpoint == QLatin1String(kDefaultHubEndpoint) ? QString() : r.endpoint);
    m_settings->setDownloadLimitBytes(r.maxBytesPerSecond);
    // Either route: the next start continues the parts, the stubs, the ledger and the converter's checkpoints.
    m_settings->addPendingDownload({r.repo, r.endpoint, r.revision, r.folder, r.convertTo, QString(), QStringList()});
    m_running = r;
    m_progress->clear();
    m_progress->show();
    m_progress->setNote(tr("Listing %1…").arg(r.repo));
    setState(State::Running);
    m_thread.start(r);
    Q_EMIT downloadStarted(r.folder);
}

void GetModelDialog::resume()
{
    if (m_state != State::Paused && m_state != State::Failed)
        return;
    m_running.maxBytesPerSecond = quint64(m_limit->value() * double(1 << 20));
    m_progress->setNote(tr("Resuming…"));
    setState(State::Running);
    if (m_torrentMode)
        m_torrent.start(m_torrentRunning);
    else
        m_thread.start(m_running);
}

void GetModelDialog::continuePending()
{
    const QList<Settings::PendingDownload> pending = m_settings->pendingDownloads();
    if (pending.isEmpty() || m_state == State::Running)
        return;
    const Settings::PendingDownload &d = pending.first();
    if (!d.torrentSource.isEmpty()) {
        m_torrentRoute->setChecked(true);
        m_torrentSource->setText(d.torrentSource.startsWith(QLatin1String("magnet:"))
                                     ? d.torrentSource : QDir::toNativeSeparators(d.torrentSource));
        m_torrentPeers->setText(d.peers.join(QStringLiteral(", ")));
        m_parent->setText(QDir::toNativeSeparators(d.folder));
        startDownload();
        return;
    }
    m_repo->setText(d.repo);
    m_parent->setText(QDir::toNativeSeparators(QFileInfo(d.folder).absolutePath()));
    if (!d.endpoint.isEmpty())
        m_endpoint->setText(d.endpoint);
    (d.convertTo.isEmpty() ? m_plainRoute : m_stagedRoute)->setChecked(true);
    // A container folder other than the route's default one cannot be continued by this dialog's route.
    if (!d.convertTo.isEmpty() && QDir::cleanPath(d.convertTo) != QDir::cleanPath(containerFolder())) {
        m_progress->show();
        m_progress->setNote(tr("The interrupted conversion went to %1, not to %2: run it again from the command "
                               "line with --convert.").arg(QDir::toNativeSeparators(d.convertTo),
                                                           QDir::toNativeSeparators(containerFolder())));
        return;
    }
    startDownload();
}

void GetModelDialog::showPending()
{
    const QList<Settings::PendingDownload> pending = m_settings->pendingDownloads();
    const bool offer = !pending.isEmpty() && m_state != State::Running && m_state != State::Paused;
    m_pending->setVisible(offer);
    m_continue->setVisible(offer);
    if (!offer)
        return;
    const Settings::PendingDownload &d = pending.first();
    if (!d.torrentSource.isEmpty())
        m_pending->setText(tr("A torrent fetch did not finish: %1 into %2.")
                               .arg(QFileInfo(d.torrentSource).fileName().left(80), QDir::toNativeSeparators(d.folder)));
    else if (!d.convertTo.isEmpty())
        m_pending->setText(tr("A download and conversion did not finish: %1 into %2.")
                               .arg(d.repo, QDir::toNativeSeparators(d.convertTo)));
    else
        m_pending->setText(tr("A download did not finish: %1 into %2.")
                               .arg(d.repo, QDir::toNativeSeparators(d.folder)));
}

void GetModelDialog::setState(State state)
{
    m_state = state;
    const bool busy = state == State::Running;
    m_download->setEnabled(!busy && state != State::Paused);
    m_pause->setEnabled(busy);
    m_resume->setEnabled(state == State::Paused || state == State::Failed);
    m_cancel->setEnabled(!m_torrentMode && (busy || state == State::Paused || state == State::Failed));
    m_open->setEnabled(state == State::Done);
    for (QWidget *w : std::initializer_list<QWidget *>{m_repo, m_parent, m_browse, m_endpoint, m_token,
                                                        m_plainRoute, m_stagedRoute, m_torrentRoute,
                                                        m_torrentSource, m_torrentBrowse, m_torrentPeers, m_seed})
        w->setEnabled(!busy && state != State::Paused);
    enableSeedLimits();
    if (state == State::Done)
        m_open->setFocus(Qt::OtherFocusReason);
    showPending();
}

void GetModelDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (m_view)
            showCatalogue();
    }
    QDialog::changeEvent(event);
}

void GetModelDialog::retranslate()
{
    setWindowTitle(tr("Get a model"));
    m_intro->setText(tr("Pick a model and a folder. Sizes are what each route leaves on disk; the RAM column is the "
                        "planner's verdict for this machine (%1 usable). Downloads resume where they stopped, "
                        "also after a restart, and every file is checked against the hub's size and SHA-256. The predicted speed "
                        "is the planner's at the default budget, disk-bound (a recorded routing trace replayed); "
                        "Test this disk replaces the assumed disk speed with this folder's.")
                         .arg(formatBytes(m_ram)));
    if (!m_view)
        m_intro->setText(m_intro->text() + QLatin1Char(' ') + tr("Planning…"));
    // The header is two lines tall (the speed's disk): the long titles take both
    // rather than being cut where their columns are narrow (800 px).
    m_table->setHorizontalHeaderLabels(
        {tr("Model"), tr("Route"), tr("On disk"), inTwoLines(tr("This machine's RAM")),
         tr("Predicted speed") + QLatin1Char('\n') + QLatin1Char('(') + speedDisk() + QLatin1Char(')'),
         inTwoLines(tr("Room in the folder"))});
    m_table->setAccessibleName(tr("Models that can be downloaded, with their size and fit"));
    m_repoLabel->setText(tr("&Repository:"));
    m_repo->setAccessibleName(tr("Hub repository, owner/name"));
    m_repo->setPlaceholderText(tr("owner/name"));
    m_parentLabel->setText(tr("&Folder:"));
    m_parent->setAccessibleName(tr("Folder the model's folder is created in"));
    m_browse->setText(tr("&Choose…"));
    m_browse->setAccessibleName(tr("Choose the folder for models"));
    m_diskTest->setText(tr("Test this dis&k"));
    m_diskTest->setAccessibleName(tr("Measure how fast this folder's disk reads"));
    m_space->setAccessibleName(tr("Free space in the folder"));
    m_endpointLabel->setText(tr("&Hub:"));
    m_endpoint->setAccessibleName(tr("Hub address"));
    m_endpoint->setToolTip(tr("The public hub or a mirror; HF_ENDPOINT sets the default"));
    m_tokenLabel->setText(tr("Access &token:"));
    m_token->setAccessibleName(tr("Access token for gated repositories"));
    m_token->setPlaceholderText(tr("only for gated repositories; not stored"));
    m_routeLabel->setText(tr("Ro&ute:"));
    m_routeLabel->setBuddy(m_plainRoute);
    m_plainRoute->setAccessibleName(tr("Download the release as published"));
    m_stagedRoute->setAccessibleName(tr("Download the release and convert it as it arrives"));
    m_torrentRoute->setText(tr("Get the converted container over BitTorrent (its publisher's magnet link or .torrent "
                               "file)"));
    m_torrentRoute->setAccessibleName(tr("Get the converted container over BitTorrent"));
    m_torrentSourceLabel->setText(tr("&Magnet or .torrent:"));
    m_torrentSource->setAccessibleName(tr("Magnet link or torrent file"));
    m_torrentSource->setPlaceholderText(tr("the publisher's magnet link (Sluice does not have it) or a .torrent file"));
    m_torrentBrowse->setText(tr("Tor&rent file…"));
    m_torrentBrowse->setAccessibleName(tr("Choose a torrent file"));
    m_torrentPeersLabel->setText(tr("Peer&s:"));
    m_torrentPeers->setAccessibleName(tr("Peers to connect to directly"));
    m_torrentPeers->setPlaceholderText(tr("optional: host:port, separated by commas"));
    retranslateSeedRow();
    m_stopSeeding->setText(tr("Stop seedin&g"));
    m_stopSeeding->setAccessibleName(tr("Stop sharing the torrent with other peers"));
    showRouteChoice();
    m_limitLabel->setText(tr("&Limit (MiB/s):"));
    m_limit->setAccessibleName(tr("Download rate limit in MiB per second"));
    m_limit->setSpecialValueText(tr("No limit"));
    m_continue->setText(tr("Co&ntinue it"));
    m_continue->setAccessibleName(tr("Continue the unfinished download"));
    m_download->setText(tr("&Download"));
    m_download->setAccessibleName(tr("Start the download"));
    m_pause->setText(tr("&Pause"));
    m_pause->setAccessibleName(tr("Pause the download"));
    m_resume->setText(tr("R&esume"));
    m_resume->setAccessibleName(tr("Resume the download"));
    m_cancel->setText(tr("Cancel do&wnload"));
    m_cancel->setAccessibleName(tr("Cancel the download and delete its partial files"));
    m_open->setText(tr("&Open"));
    m_open->setAccessibleName(tr("Open the downloaded model"));
    showPending();
    alignFormLabels();
}

// The seeding row and the sending cap (buildSeedRow).
void GetModelDialog::retranslateSeedRow()
{
    m_seed->setText(tr("See&d after it completes, until a ratio of"));
    m_seed->setAccessibleName(tr("Share the torrent with other peers after it completes"));
    m_seed->setToolTip(tr("Off by default. Seeding sends the pieces to other peers until the bytes sent reach the "
                          "ratio times the torrent's size, or the time passes, whichever comes first."));
    m_seedRatio->setAccessibleName(tr("Seed until this ratio of bytes sent to the torrent's size"));
    m_seedRatio->setSpecialValueText(tr("no ratio limit"));
    m_seedOr->setText(tr("or for"));
    m_seedMinutes->setAccessibleName(tr("Seed for at most this many minutes"));
    m_seedMinutes->setSuffix(tr(" min"));
    m_seedMinutes->setSpecialValueText(tr("no time limit"));
    m_uploadLimitLabel->setText(tr("Send &at most (MiB/s):"));
    m_uploadLimit->setAccessibleName(tr("Upload rate limit in MiB per second, while downloading and seeding"));
    m_uploadLimit->setToolTip(tr("Caps what the torrent sends to other peers, while it downloads and while it "
                                 "seeds, so sharing never fills your connection. 0: no limit."));
    m_uploadLimit->setSpecialValueText(tr("no limit"));
    // QAbstractSpinBox drops its cached size hint for a new special text
    // but does not tell the layout, which kept "no ratio limit" cut short.
    for (QAbstractSpinBox *box : std::initializer_list<QAbstractSpinBox *>{m_seedRatio, m_seedMinutes, m_uploadLimit})
        box->updateGeometry();
}

// Every label as wide as the widest, shown or hidden: the two forms and the
// route choice between them line their fields up in one column.
void GetModelDialog::alignFormLabels()
{
    const std::initializer_list<QLabel *> labels{m_repoLabel, m_parentLabel, m_routeLabel, m_torrentSourceLabel,
                                                 m_endpointLabel, m_tokenLabel, m_limitLabel};
    int widest = 0;
    for (QLabel *label : labels) {
        label->setMinimumWidth(0);
        widest = std::max(widest, label->sizeHint().width());
    }
    for (QLabel *label : labels)
        label->setMinimumWidth(widest);
}

} // namespace sluice::gui
