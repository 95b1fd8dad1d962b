// The Sluice desktop app.
//   sluice [--model PATH] [--new-instance] [--probe-stalls[=FILE]]
// One instance per user and settings file: a second launch hands its
// arguments to the first (which raises its window and opens the model) and
// exits (singleinstance.h).
// SLUICE_SCREENSHOT=file.png: save a screenshot of the window once it is up
// (after the model given with --model opened, or after 5 s) and quit; used to
// check the app under Xvfb.
// --probe-stalls[=FILE] (or the setting debug/probeStalls = "-" or a path):
// measure the GUI thread's event-loop gaps and write a summary on exit
// (stallprobe.h) to stderr or FILE.
#include "app/appearance.h"
#include "app/enginefactory.h"
#include "app/mainwindow.h"
#include "app/settings.h"
#include "app/singleinstance.h"
#include "app/stallprobe.h"

#include "api/runtime.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>

#include <memory>

namespace {

void setApplicationIdentity()
{
    QApplication::setOrganizationName(QStringLiteral("Sluice"));
    QApplication::setApplicationName(QStringLiteral("sluice"));
    QApplication::setApplicationDisplayName(QStringLiteral("Sluice"));
    QApplication::setApplicationVersion(QStringLiteral(SLUICE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("sluice"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/sluice-256.png")));
}

// The demo model: installed next to the binary's prefix (the .deb puts it
// in /usr/share/sluice/demo), else generated into the build tree (so a
// developer build opens its own demo even with the package installed),
// else anywhere in the XDG data dirs. Empty when there is none.
QString findDemoModel()
{
    const QString appDir = QApplication::applicationDirPath();
    const QString demoName = QStringLiteral("sluice/demo/sluice-demo.waste");
    QStringList demoCandidates{QDir(appDir).filePath(QStringLiteral("../share/") + demoName), QStringLiteral(SLUICE_DEMO_MODEL),
                               QDir(appDir).filePath(QStringLiteral("../demo/sluice-demo.waste"))};
    demoCandidates << QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, demoName, QStandardPaths::LocateDirectory);
    for (const QString &candidate : std::as_const(demoCandidates)) {
        if (QFileInfo::exists(QDir(candidate).filePath(QStringLiteral("manifest.json"))))
            return QDir::cleanPath(candidate);
    }
    return QString();
}

// "--probe-stalls=FILE" is taken out of `args` (QCommandLineParser has no
// optional values) and leaves a plain "--probe-stalls" behind; the file, "-"
// for stderr, or `fallback` (the setting) when the option is absent.
QString takeProbeStalls(QStringList &args, const QString &fallback)
{
    const QString flag = QStringLiteral("--probe-stalls");
    for (QString &arg : args) {
        if (arg == flag)
            return QStringLiteral("-");
        if (arg.startsWith(flag + QLatin1Char('='))) {
            const QString file = arg.mid(flag.size() + 1);
            arg = flag;
            return file.isEmpty() ? QStringLiteral("-") : file;
        }
    }
    return fallback;
}

// What the window is doing, for the probe's widest gaps.
QString windowActivity(const sluice::gui::MainWindow &window)
{
    QStringList parts;
    if (window.isGenerating())
        parts << QStringLiteral("generating");
    if (const sluice::gui::Chat *chat = window.chatStore()->chat(window.currentChatId()))
        parts << QStringLiteral("chat of %1 messages").arg(chat->messages.size());
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (w != &window && w->isVisible() && w->isWindow() && !w->windowTitle().isEmpty())
            parts << QStringLiteral("window \"%1\" open").arg(w->windowTitle());
    }
    if (const QString status = window.statusBar()->currentMessage(); !status.isEmpty())
        parts << QStringLiteral("status \"%1\"").arg(status);
    return parts.isEmpty() ? QStringLiteral("idle") : parts.join(QStringLiteral(", "));
}

// Off (a null destination, the default) creates nothing: no timer, no cost.
std::unique_ptr<sluice::gui::StallProbe> startStallProbe(const QString &destination, const sluice::gui::MainWindow &window)
{
    if (destination.isNull())
        return nullptr;
    auto probe = std::make_unique<sluice::gui::StallProbe>(destination);
    probe->setActivity([&window] { return windowActivity(window); });
    sluice::gui::StallProbe *p = probe.get();
    QObject::connect(qApp, &QCoreApplication::aboutToQuit, p, [p] {
        p->stop();
        p->writeSummary();
    });
    probe->start();
    return probe;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    setApplicationIdentity();

    // SLUICE_KERNELS (scalar|avx2|avx512|neon) forces a kernel level for bug
    // reports; the library reads no environment itself.
    if (const QString level = qEnvironmentVariable("SLUICE_KERNELS"); !level.isEmpty()
        && sluice::setKernelLevel(level.toStdString()).empty())
        qWarning("SLUICE_KERNELS=%s is not a kernel level (scalar, avx2, avx512, neon); ignored", qPrintable(level));

    sluice::gui::Settings settings;
    sluice::gui::Appearance appearance(&app);
    appearance.applyTheme(settings.theme());
    appearance.applyFontSize(settings.fontSize());
    appearance.applyLanguage(settings.language());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Chat with large Mixture-of-Experts models."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption modelOption(QStringList{QStringLiteral("m"), QStringLiteral("model")},
                                   QApplication::translate("main", "Open the model folder PATH at start."),
                                   QStringLiteral("PATH"));
    parser.addOption(modelOption);
    QCommandLineOption newInstanceOption(QStringLiteral("new-instance"),
        QApplication::translate("main",
            "Open another window even when Sluice is already running (both then write the same chats and sessions)."));
    parser.addOption(newInstanceOption);
    parser.addOption(QCommandLineOption(QStringLiteral("probe-stalls"), QApplication::translate("main",
        "Measure how long the window's event loop stalls; write a summary on exit to stderr, or to FILE with --probe-stalls=FILE.")));
    QStringList arguments = QApplication::arguments();
    const QString probeDestination = takeProbeStalls(arguments, settings.probeStalls());
    parser.process(arguments);

    // A second launch hands over to the first. Screenshot runs (SLUICE_SCREENSHOT) are always their own.
    const QString shot = qEnvironmentVariable("SLUICE_SCREENSHOT");
    sluice::gui::SingleInstance instance(settings.fileName());
    if (!parser.isSet(newInstanceOption) && shot.isEmpty()) {
        QStringList handed;
        if (parser.isSet(modelOption))
            handed << QStringLiteral("--model") << QFileInfo(parser.value(modelOption)).absoluteFilePath();
        // Lost a race to another launch that is listening now: hand over to it.
        if (instance.handOver(handed) || (!instance.listen() && instance.handOver(handed)))
            return 0;
    }

    sluice::gui::MainWindowOptions options;
    options.dataDirectory = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    options.demoModelPath = findDemoModel();
    options.engineFactory = sluice::gui::defaultEngineFactory();
    options.plannerInputs = sluice::gui::defaultPlannerInputs();
    options.plannerShape = sluice::gui::defaultPlannerShape();

    sluice::gui::MainWindow window(&settings, &appearance, options);
    const std::unique_ptr<sluice::gui::StallProbe> probe = startStallProbe(probeDestination, window);
    window.show();
    QObject::connect(&instance, &sluice::gui::SingleInstance::activated, &window, [&window](const QStringList &args) {
        window.setWindowState((window.windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
        window.raise();
        window.activateWindow();
        const qsizetype model = args.indexOf(QStringLiteral("--model"));
        if (model >= 0 && model + 1 < args.size())
            window.openModel(args.at(model + 1));
    });
    if (parser.isSet(modelOption))
        window.openModel(parser.value(modelOption));
    else
        window.reopenLastModel(); // where the user left off (File → Recent models lists the others)

    if (!shot.isEmpty()) {
        auto save = [&window, shot] {
            window.grab().save(shot);
            QApplication::quit();
        };
        QObject::connect(&window, &sluice::gui::MainWindow::modelOpened, &window, [save] { QTimer::singleShot(300, save); });
        QTimer::singleShot(parser.isSet(modelOption) ? 20000 : 2000, &window, save);
    }
    return app.exec();
}
