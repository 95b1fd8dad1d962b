// "Get a model…" (gui/models/getmodeldialog.h, issue 26) driven offscreen: the
// catalogue with sizes and fit verdicts, a download of a small synthetic
// repository from the mock hub on loopback (tests/remote/mockhub.h) with
// progress, pause and resume, "Open" asking for the folder, an unfinished
// download continued by a new dialog (as after a restart), and the window's
// ways in (File menu shortcut, the empty window's button) with a chat running
// while a download goes on.
#include "support/testregistry.h"
#include "models/downloadview.h"
#include "models/getmodeldialog.h"
#include "app/backgroundjobs.h"
#include "app/donenotifier.h"
#include "app/mainwindow.h"
#include "guitestutil.h"
#include "remote/mockhub.h"
#include "remote/torrentseeder.h"
#include "common/uihelpers.h"
#include "api/convert.h"
#include "api/torrent.h"
#include "format/container.h"
#include "support/synthmodel.h"

#include <QAction>
#include <QDirIterator>
#include <QRadioButton>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QDoubleSpinBox>
#include <QCheckBox>
#include <QLabel>
#include <QSpinBox>
#include <QLayout>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace sluice;
using namespace sluice::gui;
using namespace sluicetest;


class TestGetModel : public QObject {
    Q_OBJECT

    MockHub m_hub;

    void verifyFolder(const QString &dir) const
    {
        const QString why = m_hub.differences(dir);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    // The synthetic repository, slowed so a pause lands halfway.
    void aimAtMock(GetModelDialog &d, const QString &parent, double mibPerSecond) const
    {
        d.repoField()->setText(QStringLiteral("org/model"));
        d.parentField()->setText(parent);
        d.endpointField()->setText(m_hub.url());
        d.limitField()->setValue(mibPerSecond);
    }

    // Every container file but the converter's work folder, by relative path.
    static QMap<QString, QByteArray> convertedFiles(const QString &dir)
    {
        QMap<QString, QByteArray> files;
        QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next(), rel = QDir(dir).relativeFilePath(path);
            QFile f(path);
            if (!rel.startsWith(".sluice-convert/") && f.open(QIODevice::ReadOnly))
                files.insert(rel, f.readAll());
        }
        return files;
    }

    // Each route's predicted speed is routeSpeed's (what `plan --json` says, tst_catalogue), at the
    // assumed disk speed before the disk test, for the route's own format.
    static void checkSpeedColumn(QTableWidget *t, const std::vector<CatalogueModel> &catalogue)
    {
        const QString tracePath = defaultTracePath();
        if (tracePath.isEmpty()) {
            QVERIFY(t->item(0, 4)->text().startsWith("No prediction"));
            return;
        }
        auto trace = loadRoutingTrace(tracePath.toStdString());
        QVERIFY(trace);
        int row = 0;
        for (const CatalogueModel &m : catalogue)
            for (const CatalogueRoute &r : m.routes) {
                auto speed = routeSpeed(m.model, r.format, 24ull << 30, *trace, kAssumedDiskBytesPerSecond,
                                        300ull << 20);
                QVERIFY(speed && speed->tokensPerSecondWarm > 0);
                const double tps = speed->tokensPerSecondWarm;
                const QString text = t->item(row++, 4)->text();
                QCOMPARE(text, QLocale().toString(tps, 'f', tps < 10 ? 2 : 1) + " tokens/s");
                QVERIFY(t->item(row - 1, 4)->toolTip().contains(formatBytes(speed->budgetBytes)));
            }
        const QString header = t->horizontalHeaderItem(4)->text();
        QVERIFY2(header.contains("assumed disk 3.00 GB/s"), qPrintable(header));
        QVERIFY(t->item(0, 4)->text() != t->item(1, 4)->text()); // K3 release and container differ
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HF_ENDPOINT", ""); // the field's default is the test's to set
        qputenv("HF_TOKEN", "");
        QVERIFY(m_hub.start());
        m_hub.fillTwoShards(500 * 1024, 300 * 1024 + 3, 21);
    }

    void catalogueIsShown()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath("s.ini"));
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.parentField()->setText(dir.path());
        d.resize(1100, 760);
        d.show();
        QSignalSpy shown(&d, &GetModelDialog::catalogueShown);
        QVERIFY(d.catalogueReady() || shown.wait(120000));
        QTableWidget *t = d.catalogueTable();
        QCOMPARE(t->rowCount(), 4); // two models, release and container each
        auto catalogue = modelCatalogue();
        QVERIFY(catalogue);
        int row = 0;
        for (const CatalogueModel &m : *catalogue)
            for (const CatalogueRoute &r : m.routes) {
                QCOMPARE(t->item(row, 0)->text(), QString::fromStdString(m.name));
                QCOMPARE(t->item(row, 2)->text(), formatBytes(r.diskBytes));
                QVERIFY(!t->item(row, 3)->text().isEmpty());
                QVERIFY(!t->item(row, 4)->text().isEmpty());
                // The hub and BitTorrent routes are offered; a conversion is shown as information.
                QCOMPARE(bool(t->item(row, 0)->flags() & Qt::ItemIsSelectable), r.downloadable());
                if (r.source == RouteSource::Hub)
                    QVERIFY(t->item(row, 1)->text().contains(QString::fromStdString(m.repo)));
                ++row;
            }
        // K3 at 24 GiB runs only with its trunk streamed; Kimi-Linear fits.
        QVERIFY2(t->item(0, 3)->text().contains("streamed"), qPrintable(t->item(0, 3)->text()));
        QVERIFY2(t->item(2, 3)->text().startsWith("Fits"), qPrintable(t->item(2, 3)->text()));
        // The limit the verdict is measured against is the library's figure, not a fraction the dialog states.
        auto k3Fit = routeFit(BuiltinModel::KimiK3, BuiltinFormat::Release, 24ull << 30, 300ull << 20);
        QVERIFY(k3Fit);
        QVERIFY2(t->item(0, 3)->text().contains(formatBytes(k3Fit->capBytes)), qPrintable(t->item(0, 3)->text()));
        QVERIFY(!t->item(0, 3)->text().contains("7/8") && !t->item(0, 3)->text().contains("3/4"));
        checkSpeedColumn(t, *catalogue);
        QVERIFY(d.spaceLabel()->text().contains("free"));
        t->selectRow(2);
        QCOMPARE(d.repoField()->text(), QStringLiteral("moonshotai/Kimi-Linear-48B-A3B-Instruct"));
        QCOMPARE(d.targetFolder(), QDir(dir.path()).filePath("Kimi-Linear-48B-A3B-Instruct"));
        QCOMPARE(d.tokenField()->echoMode(), QLineEdit::Password);
        QVERIFY(!d.openButton()->isEnabled());
        QVERIFY(!d.pauseButton()->isEnabled());
        for (QWidget *w : std::initializer_list<QWidget *>{d.catalogueTable(), d.repoField(), d.parentField(),
                                                            d.endpointField(), d.tokenField(), d.limitField(),
                                                            d.downloadButton(), d.pauseButton(), d.resumeButton(),
                                                            d.cancelButton(), d.openButton()})
            QVERIFY2(!w->accessibleName().isEmpty(), w->metaObject()->className());
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT"))
            d.grab().save(test::screenshotDir() + "/getmodel-catalogue.png");
    }

    // The staged route's figures are the library's (api/catalogue.h stagedRouteDisk).
    void convertRouteFigures()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath("s.ini"));
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.parentField()->setText(dir.path());
        QSignalSpy shown(&d, &GetModelDialog::catalogueShown);
        QVERIFY(d.catalogueReady() || shown.wait(120000));
        auto k3 = stagedRouteDisk(BuiltinModel::KimiK3);
        QVERIFY(k3);
        d.catalogueTable()->selectRow(0);
        QCOMPARE(d.repoField()->text(), QStringLiteral("moonshotai/Kimi-K3"));
        const QString text = d.convertRouteButton()->text();
        QVERIFY2(text.contains(formatBytes(k3->peakDiskBytes())) &&
                     text.contains(formatBytes(k3->downloadThenConvertBytes())) &&
                     text.contains(formatBytes(k3->peakStagingBytes)),
                 qPrintable(text));
        QVERIFY(d.releaseRouteButton()->text().contains(formatBytes(k3->releaseBytes)));
        QVERIFY(d.releaseRouteButton()->isChecked());
        d.convertRouteButton()->setChecked(true);
        QVERIFY2(d.targetLabel()->text().contains(QDir::toNativeSeparators(d.containerFolder())),
                 qPrintable(d.targetLabel()->text()));
        // A repository outside the catalogue has no projection: the choice stays, without figures.
        d.repoField()->setText("org/model");
        QVERIFY(!d.convertRouteButton()->text().contains(formatBytes(k3->peakDiskBytes())));
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT")) {
            d.repoField()->setText("moonshotai/Kimi-K3");
            d.resize(1100, 800);
            d.show();
            d.layout()->activate(); // the rows just shown get their geometry before the grab
            d.grab().save(test::screenshotDir() + "/get-model-convert.png");
        }
    }

    // A synthetic release laid out as K3's (one shard per MoE layer) converted while it downloads,
    // byte-identical to converting the complete release; Open names the container, which opens.
    void convertWhileDownloading()
    {
        QTemporaryDir dir;
        const QString src = dir.filePath("src"), ref = dir.filePath("ref");
        const QString why = sluice::test::synthesize({"--release", "--by-layer", "--arch", "k3", "--out", src});
        QVERIFY2(why.isEmpty(), qPrintable(why));
        convert::ConvertOptions co;
        co.sampleVectors = 4096;
        co.iterations = 4;
        auto direct = convert::convertRelease(src.toStdString(), ref.toStdString(), co);
        QVERIFY2(direct, direct ? "" : direct.status().message().c_str());
        MockHub hub;
        QVERIFY(hub.start());
        QVERIFY(hub.serveFolder(src) > 3);
        Settings settings(dir.filePath("s.ini"));
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.repoField()->setText(QStringLiteral("org/model"));
        d.parentField()->setText(dir.filePath("models"));
        d.endpointField()->setText(hub.url());
        d.limitField()->setValue(1); // slow enough for a pause mid-way
        d.convertRouteButton()->setChecked(true);
        d.setConvertTuning(4096, 4);
        QSignalSpy progressed(&d, &GetModelDialog::downloadProgressed);
        QSignalSpy paused(&d, &GetModelDialog::downloadPaused);
        QSignalSpy converting(&d, &GetModelDialog::conversionProgressed);
        QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
        QSignalSpy failed(&d, &GetModelDialog::downloadFailed);
        QSignalSpy open(&d, &GetModelDialog::openRequested);
        QTest::mouseClick(d.downloadButton(), Qt::LeftButton);
        QCOMPARE(d.state(), GetModelDialog::State::Running);
        // Pause as the plain download does: the parts and the conversion's state stay, Resume finishes.
        QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty() && progressed.last()[0].toULongLong() > 0, 60000);
        QTest::mouseClick(d.pauseButton(), Qt::LeftButton);
        QVERIFY(paused.wait(30000));
        QCOMPARE(d.state(), GetModelDialog::State::Paused);
        QVERIFY(finished.isEmpty());
        d.limitField()->setValue(0);
        QTest::mouseClick(d.resumeButton(), Qt::LeftButton);
        QVERIFY(finished.wait(240000) || !failed.isEmpty());
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed[0][0].toString()));
        const QString out = dir.filePath("models/model-sluice");
        QCOMPARE(finished[0][0].toString(), out);
        QVERIFY(!converting.isEmpty());
        QVERIFY(converting.last()[1].toInt() > 0); // the MoE layers were counted
        QVERIFY(d.progressView()->noteLabel()->text().contains(QDir::toNativeSeparators(out)));
        const auto mine = convertedFiles(out), theirs = convertedFiles(ref);
        QCOMPARE(mine.keys(), theirs.keys());
        for (auto it = mine.begin(); it != mine.end(); ++it)
            QVERIFY2(theirs.value(it.key()) == it.value(), qPrintable(it.key() + " differs"));
        // The staging folder kept only the small files: every shard was reclaimed.
        QVERIFY(QDir(dir.filePath("models/model")).entryList({"*.safetensors", "*.safetensors.part"}, QDir::Files).isEmpty());
        QVERIFY(settings.pendingDownloads().isEmpty());
        QTest::mouseClick(d.openButton(), Qt::LeftButton);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open[0][0].toString(), out);
        QVERIFY(Container::open(out.toStdString()).isOk());
    }

    // The container over BitTorrent: a .torrent of a synthetic container, its seeder on loopback given as
    // a peer; the fetched folder is byte-identical, Open names it, and the model opens.
    void torrentFetchOpens()
    {
        QTemporaryDir dir;
        const QString container = dir.filePath("k3-synth"), torrent = dir.filePath("k3-synth.torrent");
        SLUICE_SYNTH_DEMO(container);
        TorrentCreateOptions create;
        create.pieceBytes = 64 << 10;
        auto made = createTorrent(container.toStdString(), torrent.toStdString(), create);
        QVERIFY2(made, made ? "" : made.status().message().c_str());
        test::TorrentSeeder seeder;
        QVERIFY(seeder.start(torrent, container));
        Settings settings(dir.filePath("s.ini"));
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.resize(1100, 800);
        d.show();
        QSignalSpy shown(&d, &GetModelDialog::catalogueShown);
        QVERIFY(d.catalogueReady() || shown.wait(120000));
        d.catalogueTable()->selectRow(1); // K3's container: the BitTorrent route
        QVERIFY(d.torrentRouteButton()->isChecked());
        QVERIFY(d.torrentSourceField()->text().isEmpty()); // the publisher's magnet is not known here
        QVERIFY(!d.torrentSourceField()->placeholderText().isEmpty());
        QVERIFY(d.torrentSourceField()->isVisible() && !d.repoField()->isVisible());
        QVERIFY(d.torrentPeersField()->isVisible());
        d.parentField()->setText(dir.filePath("got"));
        d.torrentSourceField()->setText(torrent);
        d.torrentPeersField()->setText(QString::fromStdString(seeder.peer()));
        d.setTorrentLocalOnly(true);
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT")) {
            d.layout()->activate(); // the rows just shown get their geometry before the grab
            d.grab().save(test::screenshotDir() + "/get-model-torrent.png");
        }
        QSignalSpy progressed(&d, &GetModelDialog::downloadProgressed);
        QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
        QSignalSpy failed(&d, &GetModelDialog::downloadFailed);
        QSignalSpy open(&d, &GetModelDialog::openRequested);
        QTest::mouseClick(d.downloadButton(), Qt::LeftButton);
        QCOMPARE(d.state(), GetModelDialog::State::Running);
        QVERIFY(finished.wait(60000) || !failed.isEmpty());
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed[0][0].toString()));
        const QString got = dir.filePath("got/k3-synth");
        QCOMPARE(finished[0][0].toString(), got);
        QVERIFY(!progressed.isEmpty());
        QCOMPARE(progressed.last()[0].toULongLong(), quint64(made->totalBytes));
        QCOMPARE(d.progressView()->overallBar()->value(), 1000);
        for (const QString &name : QDir(container).entryList(QDir::Files)) {
            QFile a(container + "/" + name), b(got + "/" + name);
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QVERIFY2(a.readAll() == b.readAll(), qPrintable(name + " differs"));
        }
        QVERIFY(d.openButton()->isEnabled());
        QVERIFY(!d.cancelButton()->isEnabled()); // a torrent is paused, never deleted
        QTest::mouseClick(d.openButton(), Qt::LeftButton);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open[0][0].toString(), got);
        QVERIFY(Container::open(got.toStdString()).isOk());
    }

    void downloadPauseResumeOpen()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath("s.ini"));
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.resize(1100, 760);
        d.show();
        aimAtMock(d, dir.path(), 0.25);
        const QString folder = QDir(dir.path()).filePath("model");
        QSignalSpy progressed(&d, &GetModelDialog::downloadProgressed);
        QSignalSpy paused(&d, &GetModelDialog::downloadPaused);
        QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
        QSignalSpy open(&d, &GetModelDialog::openRequested);
        QTest::mouseClick(d.downloadButton(), Qt::LeftButton);
        QCOMPARE(d.state(), GetModelDialog::State::Running);
        QCOMPARE(settings.pendingDownloads().size(), 1); // remembered until it ends
        QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty() && progressed.last()[0].toULongLong() > 0, 30000);
        QVERIFY(d.progressView()->overallBar()->value() >= 0);
        QVERIFY(d.progressView()->visibleFileRows() >= 1);
        QVERIFY(d.progressView()->summaryLabel()->text().contains("/s"));
        QVERIFY(d.pauseButton()->isEnabled());
        QTest::mouseClick(d.pauseButton(), Qt::LeftButton);
        QVERIFY(paused.wait(30000));
        QCOMPARE(d.state(), GetModelDialog::State::Paused);
        QVERIFY(d.resumeButton()->isEnabled());
        QVERIFY(!d.openButton()->isEnabled());
        QVERIFY(finished.isEmpty());
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT"))
            d.grab().save(test::screenshotDir() + "/getmodel-paused.png");
        d.limitField()->setValue(0);
        QTest::mouseClick(d.resumeButton(), Qt::LeftButton);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished[0][0].toString(), folder);
        QCOMPARE(d.state(), GetModelDialog::State::Done);
        QCOMPARE(d.progressView()->overallBar()->value(), 1000);
        QVERIFY(settings.pendingDownloads().isEmpty());
        verifyFolder(folder);
        QVERIFY(d.openButton()->isEnabled());
        QTest::mouseClick(d.openButton(), Qt::LeftButton);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open[0][0].toString(), folder);
        // Remembered for the next time; the token never is.
        QCOMPARE(settings.downloadParent(), dir.path());
        QCOMPARE(settings.downloadEndpoint(), m_hub.url());
    }

    // The app quits halfway (the dialog goes with it); the next start offers to continue.
    void continuesAfterRestart()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath("s.ini");
        const QString folder = QDir(dir.path()).filePath("model");
        {
            Settings settings(ini);
            GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
            aimAtMock(d, dir.path(), 0.25);
            d.tokenField()->setText("secret-token-123");
            QSignalSpy progressed(&d, &GetModelDialog::downloadProgressed);
            d.startDownload();
            QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty() && progressed.last()[0].toULongLong() > 0, 30000);
        } // destroyed while running: the worker stops and keeps its parts
        QFile file(ini);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("secret-token-123"));
        Settings settings(ini);
        QCOMPARE(settings.pendingDownloads().size(), 1);
        QCOMPARE(settings.pendingDownloads().first().folder, folder);
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.show();
        QVERIFY(d.continueButton()->isVisible());
        d.limitField()->setValue(0);
        QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
        QTest::mouseClick(d.continueButton(), Qt::LeftButton);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished[0][0].toString(), folder);
        verifyFolder(folder);
        QVERIFY(settings.pendingDownloads().isEmpty());
        QVERIFY(!d.continueButton()->isVisible());
    }

    // The torrent route survives a restart too: the dialog goes halfway (the fast-resume data is kept
    // beside the download), the next one offers Continue and fetches only what was missing; with seeding
    // chosen it then seeds until its time limit and stops.
    void torrentContinuesAfterRestart()
    {
        QTemporaryDir dir;
        const QString container = dir.filePath("k3-synth"), torrent = dir.filePath("k3-synth.torrent");
        SLUICE_SYNTH_DEMO(container);
        TorrentCreateOptions create;
        create.pieceBytes = 64 << 10;
        auto made = createTorrent(container.toStdString(), torrent.toStdString(), create);
        QVERIFY2(made, made ? "" : made.status().message().c_str());
        test::TorrentSeeder seeder;
        QVERIFY(seeder.start(torrent, container));
        const QString ini = dir.filePath("s.ini"), parent = dir.filePath("got");
        quint64 doneAtStop = 0;
        {
            Settings settings(ini);
            GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
            QVERIFY(!d.seedBox()->isChecked()); // seeding is off unless chosen
            d.torrentRouteButton()->setChecked(true);
            d.parentField()->setText(parent);
            d.torrentSourceField()->setText(torrent);
            d.torrentPeersField()->setText(QString::fromStdString(seeder.peer()));
            d.setTorrentLocalOnly(true);
            d.limitField()->setValue(1); // ~7 s for the whole: the restart lands mid-way
            QSignalSpy progressed(&d, &GetModelDialog::downloadProgressed);
            d.startDownload();
            QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty() && progressed.last()[0].toULongLong() > made->totalBytes / 8,
                                     60000);
            doneAtStop = progressed.last()[0].toULongLong();
        } // destroyed mid-fetch: the worker stops and saves the fast-resume data
        QVERIFY(doneAtStop < made->totalBytes);
        QVERIFY(QFile::exists(QString::fromStdString(torrentResumePath(parent.toStdString(), made->infoHash))));
        Settings settings(ini);
        QCOMPARE(settings.pendingDownloads().size(), 1);
        QCOMPARE(settings.pendingDownloads().first().torrentSource, torrent);
        QCOMPARE(settings.pendingDownloads().first().folder, parent);
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.resize(1100, 800);
        d.show();
        QVERIFY(d.continueButton()->isVisible());
        QVERIFY(d.pendingLabel()->text().contains("torrent"));
        d.setTorrentLocalOnly(true);
        d.limitField()->setValue(0);
        d.seedBox()->setChecked(true);
        d.seedRatioField()->setValue(0); // no ratio limit: the time limit ends it
        d.setSeedTimeMs(1000);
        QCOMPARE(d.uploadLimitField()->value(), 0.0); // no cap until one is chosen
        d.uploadLimitField()->setValue(2.5);
        QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
        QSignalSpy failed(&d, &GetModelDialog::downloadFailed);
        QSignalSpy seeding(&d, &GetModelDialog::seedingStarted);
        QSignalSpy seedEnded(&d, &GetModelDialog::seedingEnded);
        QSignalSpy shown(&d, &GetModelDialog::catalogueShown);
        QVERIFY(d.catalogueReady() || shown.wait(120000));
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT")) {
            d.layout()->activate();
            d.grab().save(test::screenshotDir() + "/getmodel-continue-torrent.png");
        }
        QTest::mouseClick(d.continueButton(), Qt::LeftButton);
        QVERIFY(d.torrentRouteButton()->isChecked());
        // The sending cap goes to the session (downloading and seeding), is
        // fixed while it runs and is kept for the next start.
        QCOMPARE(d.torrentRequest().maxUploadBytesPerSecond, quint64(2.5 * double(1 << 20)));
        QVERIFY(!d.uploadLimitField()->isEnabled());
        QCOMPARE(Settings(ini).downloadUploadLimitBytes(), quint64(2.5 * double(1 << 20)));
        QVERIFY(finished.wait(60000) || !failed.isEmpty());
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed[0][0].toString()));
        const QString got = parent + "/k3-synth";
        QCOMPARE(finished[0][0].toString(), got);
        const quint64 fetched = d.lastFetchedBytes();
        qInfo("torrent: %llu verified before the restart, %llu fetched after, size %llu",
              (unsigned long long)doneAtStop, (unsigned long long)fetched, (unsigned long long)made->totalBytes);
        QVERIFY(fetched < made->totalBytes);
        QVERIFY(doneAtStop + fetched <= made->totalBytes * 11 / 10);
        for (const QString &name : QDir(container).entryList(QDir::Files)) {
            QFile a(container + "/" + name), b(got + "/" + name);
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QVERIFY2(a.readAll() == b.readAll(), qPrintable(name + " differs"));
        }
        QVERIFY(settings.pendingDownloads().isEmpty());
        QVERIFY(d.openButton()->isEnabled()); // usable while it seeds
        QCOMPARE(seeding.size(), 1);
        QVERIFY(d.isSeeding() && d.stopSeedingButton()->isVisible());
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT")) {
            d.layout()->activate();
            d.grab().save(test::screenshotDir() + "/getmodel-seeding.png");
        }
        QVERIFY(seedEnded.wait(30000));
        QCOMPARE(seedEnded[0][1].toString(), QStringLiteral("time"));
        QVERIFY(!d.isSeeding() && !d.stopSeedingButton()->isVisible());
        QVERIFY(settings.downloadSeed()); // the choice is remembered
        QVERIFY(d.uploadLimitField()->isEnabled()); // free again once the session has ended
        GetModelDialog again(&settings, 24ull << 30, 300ull << 20); // the next start shows the cap chosen
        QCOMPARE(again.uploadLimitField()->value(), 2.5);
    }

    // Convert while downloading survives a restart: the continued run's container equals an
    // uninterrupted run's, and the mock hub sent at most 1.1 x what the uninterrupted run was sent.
    // Where the run is stopped: a third of the way through its bytes, or
    // halfway through the trunk ranges fetched ahead into a shard's stub (a
    // stop there used to lose the whole fill: the range fetch could not be
    // stopped, and a fill without its marker started over).
    void convertContinuesAfterRestart_data()
    {
        QTest::addColumn<bool>("midRangeFill");
        QTest::newRow("a third of the bytes") << false;
        QTest::newRow("halfway through a trunk range fill") << true;
    }

    void convertContinuesAfterRestart()
    {
        QFETCH(bool, midRangeFill);
        QTemporaryDir dir;
        const QString src = dir.filePath("src");
        const QString why = sluice::test::synthesize({"--release", "--by-layer", "--arch", "k3", "--out", src});
        QVERIFY2(why.isEmpty(), qPrintable(why));
        MockHub hub;
        QVERIFY(hub.start());
        QVERIFY(hub.serveFolder(src) > 3);
        const auto aim = [&](GetModelDialog &d, const QString &parent) {
            d.repoField()->setText(QStringLiteral("org/model"));
            d.parentField()->setText(parent);
            d.endpointField()->setText(hub.url());
            d.limitField()->setValue(0);
            d.convertRouteButton()->setChecked(true);
            d.setConvertTuning(4096, 4);
        };
        qint64 uninterrupted = 0, uninterruptedRanges = 0;
        {
            Settings settings(dir.filePath("ref.ini"));
            GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
            aim(d, dir.filePath("ref"));
            QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
            QSignalSpy failed(&d, &GetModelDialog::downloadFailed);
            d.startDownload();
            QVERIFY(finished.wait(240000) || !failed.isEmpty());
            QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed[0][0].toString()));
            uninterrupted = hub.bytesServed;
            uninterruptedRanges = hub.rangeBytesServed;
        }
        QVERIFY(uninterruptedRanges > 64 * 1024); // K3's trunk shares a shard with experts: fetched ahead
        hub.bytesServed = 0;
        hub.rangeBytesServed = 0;
        hub.trickleBytes = 8192; // what was sent is what arrived: the restart can land mid-file
        hub.trickleMs = 2;
        const QString ini = dir.filePath("s.ini"), out = dir.filePath("models/model-sluice");
        {
            Settings settings(ini);
            GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
            aim(d, dir.filePath("models"));
            d.startDownload();
            if (midRangeFill)
                QTRY_VERIFY_WITH_TIMEOUT(hub.rangeBytesServed > uninterruptedRanges / 2, 120000);
            else
                QTRY_VERIFY_WITH_TIMEOUT(hub.bytesServed > uninterrupted / 3, 120000);
        } // destroyed mid-run: the parts, stubs, fill records, ledger and checkpoints stay
        const qint64 beforeRestart = hub.bytesServed;
        hub.trickleBytes = 0;
        Settings settings(ini);
        QCOMPARE(settings.pendingDownloads().size(), 1);
        QCOMPARE(settings.pendingDownloads().first().convertTo, out);
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.setConvertTuning(4096, 4);
        d.show();
        QVERIFY(d.continueButton()->isVisible());
        QSignalSpy shown(&d, &GetModelDialog::catalogueShown);
        QVERIFY(d.catalogueReady() || shown.wait(120000)); // the catalogue's first row is not chosen over it
        QVERIFY(d.pendingLabel()->text().contains("conversion"));
        if (qEnvironmentVariableIsSet("SLUICE_SCREENSHOT")) {
            d.resize(1100, 800);
            d.layout()->activate();
            d.grab().save(test::screenshotDir() + "/getmodel-continue-convert.png");
        }
        QSignalSpy finished(&d, &GetModelDialog::downloadFinished);
        QSignalSpy failed(&d, &GetModelDialog::downloadFailed);
        QTest::mouseClick(d.continueButton(), Qt::LeftButton);
        QVERIFY(d.convertRouteButton()->isChecked());
        QVERIFY(finished.wait(240000) || !failed.isEmpty());
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed[0][0].toString()));
        QCOMPARE(finished[0][0].toString(), out);
        qInfo("convert: uninterrupted run sent %lld (%lld by range ahead), interrupted %lld + continued %lld "
              "(%lld by range ahead)",
              uninterrupted, uninterruptedRanges, beforeRestart, hub.bytesServed - beforeRestart, hub.rangeBytesServed);
        // What the hub had sent but the stopped run had not yet received is sent again: a few pieces per connection.
        QVERIFY(hub.bytesServed <= uninterrupted * 11 / 10);
        QVERIFY(hub.rangeBytesServed <= uninterruptedRanges * 5 / 4);
        const auto mine = convertedFiles(out), theirs = convertedFiles(dir.filePath("ref/model-sluice"));
        QCOMPARE(mine.keys(), theirs.keys());
        for (auto it = mine.begin(); it != mine.end(); ++it)
            QVERIFY2(theirs.value(it.key()) == it.value(), qPrintable(it.key() + " differs"));
        QVERIFY(settings.pendingDownloads().isEmpty());
    }

    // The desktop notification's choice: nothing beyond the status bar while the app is active, the
    // tray where there is one, else the window's alert.
    void doneNotifierChooses_data()
    {
        QTest::addColumn<bool>("active");
        QTest::addColumn<bool>("tray");
        QTest::addColumn<int>("via");
        QTest::newRow("active") << true << true << int(DoneNotifier::Via::None);
        QTest::newRow("inactive, no tray") << false << false << int(DoneNotifier::Via::Alert);
        QTest::newRow("inactive, tray") << false << true << int(DoneNotifier::Via::Tray);
    }

    void doneNotifierChooses()
    {
        QFETCH(bool, active);
        QFETCH(bool, tray);
        QFETCH(int, via);
        if (tray && active == false && !QSystemTrayIcon::isSystemTrayAvailable())
            QSKIP("no system tray on this desktop (offscreen has none): the tray message cannot be shown");
        QWidget window;
        DoneNotifier n(&window);
        n.setActiveCheck([active] { return active; });
        n.setTrayCheck([tray] { return tray; });
        QSignalSpy notified(&n, &DoneNotifier::notified);
        QCOMPARE(int(n.notify("Sluice", "Download finished: x")), via);
        QCOMPARE(notified.size(), 1);
        QCOMPARE(notified[0][1].toString(), QStringLiteral("Download finished: x"));
    }

    // The folder's disk measured as the planner's disk test reads: the line beside the folder warns below
    // NVMe class. The real disk is what it is, so the bound moves: above any disk, then zero.
    void slowDiskWarning_data()
    {
        QTest::addColumn<double>("slowBelow");
        QTest::addColumn<bool>("slow");
        QTest::newRow("slower than the bound") << 1e9 << true;
        QTest::newRow("no bound") << 0.0 << false;
    }

    void slowDiskWarning()
    {
        QFETCH(double, slowBelow);
        QFETCH(bool, slow);
        QTemporaryDir dir;
        Settings settings(dir.filePath("s.ini"));
        GetModelDialog d(&settings, 24ull << 30, 300ull << 20);
        d.parentField()->setText(dir.filePath("not-made-yet")); // measured where it will be made
        d.setSlowDiskBelow(slowBelow);
        QSignalSpy tested(&d, &GetModelDialog::diskTested);
        QTest::mouseClick(d.diskTestButton(), Qt::LeftButton);
        QVERIFY(!d.diskTestButton()->isEnabled());
        QVERIFY(tested.wait(60000));
        QVERIFY2(tested[0][0].toDouble() > 0, qPrintable(d.spaceLabel()->text()));
        QCOMPARE(tested[0][1].toBool(), slow);
        QCOMPARE(d.spaceLabel()->text().contains("Warning"), slow);
        QVERIFY(d.spaceLabel()->text().contains("GB/s"));
        QVERIFY(d.diskTestButton()->isEnabled());
        QVERIFY(QDir(dir.path()).entryList({".sluice-disk-test*"}, QDir::Files | QDir::Hidden).isEmpty()); // removed
        d.parentField()->setText(dir.path()); // another folder: the verdict goes
        QVERIFY(!d.spaceLabel()->text().contains("GB/s"));
    }

    // From the window: the shortcut and the empty window's button open the
    // page; a chat runs while the download goes on; Open opens the folder.
    void fromTheWindow()
    {
        test::GuiFixture f;
        f.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
        bool found = false;
        for (QPushButton *b : f.window->findChildren<QPushButton *>())
            found |= b->text() == QStringLiteral("Get a model…") && b->isVisible();
        QVERIFY(found);
        QAction *action = nullptr;
        for (QAction *a : f.window->actions())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G))
                action = a;
        QVERIFY(action);
        QMenu *fileMenu = f.window->menuBar()->actions().first()->menu();
        QVERIFY(fileMenu && fileMenu->actions().contains(action)); // File → Get a model…
        f.window->activateWindow();
        if (QTest::qWaitForWindowActive(f.window.get())) // offscreen (ctest) always; bare Xvfb has no window manager
            QTest::keyClick(f.window->promptEdit(), Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
        else
            action->trigger();
        GetModelDialog *d = f.window->getModelDialog();
        QVERIFY(d);
        QTRY_VERIFY(d->isVisible());
        aimAtMock(*d, f.dir.path(), 0.5);
        QVERIFY(test::openModel(f));
        QSignalSpy finished(d, &GetModelDialog::downloadFinished);
        // As if the user were in another app on a desktop without a tray (offscreen has neither).
        DoneNotifier *notifier = f.window->doneNotifier();
        QVERIFY(notifier);
        notifier->setActiveCheck([] { return false; });
        notifier->setTrayCheck([] { return false; });
        QSignalSpy notified(notifier, &DoneNotifier::notified);
        d->startDownload();
        QVERIFY(test::sendAndWait(f, QStringLiteral("hello while downloading")));
        QVERIFY(d->isDownloading() || !finished.isEmpty());
        QVERIFY(finished.isEmpty() ? finished.wait(30000) : true);
        const QString folder = QDir(f.dir.path()).filePath("model");
        QCOMPARE(notified.size(), 1);
        QCOMPARE(notified[0][0].value<DoneNotifier::Via>(), DoneNotifier::Via::Alert);
        QVERIFY(notified[0][1].toString().contains(QDir::toNativeSeparators(folder)));
        QVERIFY(f.window->statusBar()->currentMessage().contains(QDir::toNativeSeparators(folder)));
        verifyFolder(folder);
        QSignalSpy opened(f.window.get(), &MainWindow::modelOpened);
        QTest::mouseClick(d->openButton(), Qt::LeftButton);
        QVERIFY(opened.wait(5000));
        QVERIFY(!d->isVisible());
    }
};

SLUICE_TEST_MAIN(TestGetModel)
#include "tst_getmodel.moc"
