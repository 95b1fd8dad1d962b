// sluice-screenshots: the screenshot matrix of issue 30 (docs/gui.md
// "Screenshot matrix"). Every screen of the window, at 1600×1000 and 800×600,
// light and dark, in English, French and Indonesian, saved as
//   OUTDIR/<screen>-<w>x<h>-<theme>-<language>.png
// Not a test (nothing is asserted; a human looks at the sheets), so CI never
// runs it. tools/screenshots/matrix.sh runs it under Xvfb and builds the
// contact sheets:
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/tests/gui/sluice-screenshots OUTDIR
// The engine is the scripted test double (tests/qt/scriptedengine.h) with the
// planner fed Kimi-K3-like inputs, so the figures are the same on every machine.
#include "guitestutil.h"

#include "app/settingsdialog.h"
#include "app/shortcutsdialog.h"
#include "common/uihelpers.h"
#include "models/convertdialog.h"
#include "models/getmodeldialog.h"
#include "planner/plannerwidget.h"
#include "planner/planmodeldialog.h"

#include <QEventLoop>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <functional>

using namespace sluice;
using namespace sluice::test;

namespace {

// Runs the event loop until `done` holds or `ms` pass; false on timeout.
bool settle(const std::function<bool()> &done, int ms = 3000)
{
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    poll.start(20);
    loop.exec();
    return done();
}

// Lets pending layouts and paints happen (a queued resize, a fade-in).
void idle(int ms = 150)
{
    settle([] { return false; }, ms);
}

struct Shot {
    QString outDir;
    QSize screen;
    bool dark = false;
    QString language;

    QString file(const QString &screenName) const
    {
        return QStringLiteral("%1/%2-%3x%4-%5-%6.png")
            .arg(outDir, screenName)
            .arg(screen.width())
            .arg(screen.height())
            .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"), language);
    }

    bool save(QWidget *w, const QString &screenName) const
    {
        idle();
        const QString path = file(screenName);
        const bool ok = w->grab().save(path);
        std::printf("%s %s (%d×%d)\n", ok ? "saved" : "FAILED", qPrintable(path), w->width(), w->height());
        std::fflush(stdout);
        return ok;
    }
};

// The side panel's tab widget (the one holding the budget page).
QTabWidget *sidePanel(gui::MainWindow *window)
{
    for (QTabWidget *tabs : window->findChildren<QTabWidget *>())
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->widget(i)->isAncestorOf(window->plannerPanel()))
                return tabs;
    return nullptr;
}

// A dialog at the size it opens with on a screen of `shot.screen` (`wanted`
// empty: its size hint), then saved.
bool shootDialog(QWidget *dialog, const Shot &shot, const QString &name, QSize wanted = QSize())
{
    dialog->show();
    idle();
    if (wanted.isEmpty()) {
        dialog->adjustSize();
        wanted = dialog->size();
    }
    gui::fitWindowToScreen(dialog, QRect(QPoint(0, 0), shot.screen), wanted);
    const bool ok = shot.save(dialog, name);
    dialog->hide();
    return ok;
}

// The main window's screens: empty, a conversation, the Budget, Stats and Server tabs.
bool shootWindow(GuiFixture &f, const Shot &shot)
{
    gui::MainWindow *w = f.window.get();
    w->show();
    w->resize(shot.screen);
    if (!settle([&] { return w->isVisible() && w->size() == shot.screen; }))
        std::printf("note: window is %d×%d, not %d×%d\n", w->width(), w->height(), shot.screen.width(),
                    shot.screen.height());
    bool ok = shot.save(w, QStringLiteral("empty"));
    if (!openModel(f) || !sendAndWait(f, QStringLiteral("What does music mean?")))
        return false;
    w->resize(shot.screen); // the minimum may have grown while the model opened
    settle([&] { return w->size() == shot.screen; });
    QTabWidget *side = sidePanel(w);
    if (!side)
        return false;
    // The conversation with the Model tab beside it (the Budget, Stats and Server tabs have sheets of their own).
    side->setCurrentIndex(2);
    ok = shot.save(w, QStringLiteral("conversation")) && ok;
    const char *tabNames[] = {"budget", "stats", nullptr, "server"};
    for (int i = 0; i < side->count() && i < 4; ++i) {
        if (!tabNames[i])
            continue;
        side->setCurrentIndex(i);
        ok = shot.save(w, QString::fromLatin1(tabNames[i])) && ok;
    }
    side->setCurrentIndex(0);
    return ok;
}

// The dialogs, as the window's menus make them.
bool shootDialogs(GuiFixture &f, const Shot &shot)
{
    gui::MainWindow *w = f.window.get();
    w->showPlanModelDialog();
    bool ok = w->planModelDialog() && shootDialog(w->planModelDialog(), shot, QStringLiteral("plan"));
    w->showGetModelDialog();
    // Its catalogue is planned off the UI thread: shoot the rows, not "Planning…".
    if (gui::GetModelDialog *get = w->getModelDialog();
        get && !settle([get] { return get->catalogueReady(); }, 120000))
        std::printf("note: the Get a model… catalogue was not planned in 120 s\n");
    ok = w->getModelDialog() && shootDialog(w->getModelDialog(), shot, QStringLiteral("getmodel"), QSize(1100, 760)) && ok;
    {
        gui::SettingsDialog dialog(f.settings.get(), w, 0, w->modelInfo().recommendedSampling);
        ok = shootDialog(&dialog, shot, QStringLiteral("settings")) && ok;
    }
    {
        ConvertDialog dialog(w);
        ok = shootDialog(&dialog, shot, QStringLiteral("convert")) && ok;
    }
    {
        gui::ShortcutsDialog dialog(w->shortcutActions(), w);
        ok = shootDialog(&dialog, shot, QStringLiteral("shortcuts")) && ok;
    }
    return ok;
}

bool shootAll(const Shot &shot)
{
    EngineScript script = defaultScript();
    script.tokens = {"Music", " is", " sound", " arranged", " in", " time", ":", " **rhythm**", ",", " melody", " and",
                     " harmony", ".", "\n\n", "- It", " moves", " us", "\n", "- It", " is", " shared", "."};
    GuiFixture f(script);
    f.appearance->applyTheme(shot.dark ? gui::Settings::Theme::Dark : gui::Settings::Theme::Light);
    f.settings->setTheme(shot.dark ? gui::Settings::Theme::Dark : gui::Settings::Theme::Light);
    if (!f.appearance->applyLanguage(shot.language))
        return false;
    const bool ok = shootWindow(f, shot) && shootDialogs(f, shot);
    f.window->close();
    f.appearance->applyTheme(gui::Settings::Theme::Light);
    f.appearance->applyLanguage(QStringLiteral("en"));
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // never the user's settings or chats
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: %s OUTDIR [LANGUAGE...]\n", argv[0]);
        return 2;
    }
    const QString outDir = args.at(1);
    QDir().mkpath(outDir);
    const QStringList languages = args.size() > 2 ? args.mid(2) : QStringList{"en", "fr", "id"};
    int failures = 0;
    for (const QString &language : languages)
        for (bool dark : {false, true})
            for (QSize screen : {QSize(1600, 1000), QSize(800, 600)})
                if (!shootAll(Shot{outDir, screen, dark, language})) {
                    ++failures;
                    std::printf("FAILED: %s %s %d×%d\n", qPrintable(language), dark ? "dark" : "light", screen.width(),
                                screen.height());
                }
    return failures == 0 ? 0 : 1;
}
