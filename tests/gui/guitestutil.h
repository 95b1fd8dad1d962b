#pragma once
// Shared set-up for the GUI tests: an isolated data folder and settings file,
// the scripted test-double engine, and planner inputs shaped like Kimi K3
// (the published hyper-parameters, spec 1.2 / 9) for the planner views.
#include "app/appearance.h"
#include "app/enginefactory.h"
#include "app/mainwindow.h"
#include "chat/promptedit.h"
#include "qt/scriptedengine.h"
#include "app/settings.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <memory>

namespace sluice::test {

inline PlannerInputs k3LikePlannerInputs(int contextLength = 4096)
{
    PlannerInputs in;
    in.trunkBytes = 26ull << 30;
    in.kdaLayers = 69;
    in.kdaHeads = 32;
    in.kdaHeadDim = 128;
    in.convKernel = 4;
    in.mlaLayers = 24;
    in.kvLoraRank = 512;
    in.qkRopeDim = 64;
    in.contextLength = contextLength;
    in.scratch = {{"logits", 163840ull * 4}, {"decode staging", 3ull * 3072 * 7168 * 4}};
    in.topK = 8;
    in.moeLayers = 92;
    in.expertsPerLayer = 512;
    in.recordBytes = 24ull << 20;
    return in;
}

// Budget and floor consistent with k3LikePlannerInputs() on a 64 GiB machine.
inline EngineScript defaultScript()
{
    EngineScript s;
    s.floorBytes = 28966962176ull;
    s.budgetBytes = s.floorBytes + 2 * (17ull << 30);
    return s;
}

inline PressureSample calmSample()
{
    PressureSample s;
    s.haveAvailable = true;
    s.totalBytes = 64ull << 30;
    s.availableBytes = 32ull << 30;
    return s;
}

// A calm machine: the budget monitor must not move budgets under the tests
// because the shared test machine happens to be short of memory.
inline void setCalmPressure(gui::MainWindowOptions &o)
{
    o.pressureSource = [] { return std::make_unique<ScriptedPressureSource>(std::vector<PressureSample>{calmSample()}); };
}

// A window on the real engine (the app's own factory and planner inputs),
// its chats and sessions under `dir`.
inline gui::MainWindowOptions realEngineOptions(const QTemporaryDir &dir)
{
    gui::MainWindowOptions o;
    o.dataDirectory = dir.filePath(QStringLiteral("data"));
    o.engineFactory = gui::defaultEngineFactory();
    o.plannerInputs = gui::defaultPlannerInputs();
    return o;
}

// Settings for a real-engine turn that is quick and repeatable: no thinking,
// greedy, one thread (the machine is shared), at most `maxTokens`.
inline void setQuickGreedy(gui::Settings &settings, int maxTokens)
{
    settings.setThinking(false);
    settings.setMaxTokens(maxTokens);
    settings.setTemperature(0);
    settings.setThreads(1);
}

// The pieces of the app's window on the real engine: its settings file and
// data folder under `dir`, the appearance, and options made for them.
struct RealEngineFixture {
    QTemporaryDir dir;
    gui::Settings settings{dir.filePath(QStringLiteral("s.ini"))};
    gui::Appearance appearance{qApp};
    gui::MainWindowOptions options = realEngineOptions(dir);
};

struct GuiFixture {
    QTemporaryDir dir;
    std::unique_ptr<gui::Settings> settings;
    std::unique_ptr<gui::Appearance> appearance;
    std::unique_ptr<gui::MainWindow> window;
    QString modelDir; // a folder with a manifest.json, for the scripted engine

    explicit GuiFixture(EngineScript script = defaultScript(), bool withPlanner = true, QString demo = QString())
    {
        settings = std::make_unique<gui::Settings>(dir.filePath(QStringLiteral("settings.ini")));
        settings->setTheme(gui::Settings::Theme::Light);
        settings->setThinking(false); // scripted replies are plain content unless a test opts in
        appearance = std::make_unique<gui::Appearance>(qApp);
        appearance->applyTheme(gui::Settings::Theme::Light);
        modelDir = dir.filePath(QStringLiteral("test-model.waste"));
        QDir().mkpath(modelDir);
        QFile manifest(QDir(modelDir).filePath(QStringLiteral("manifest.json")));
        manifest.open(QIODevice::WriteOnly);
        manifest.write("{}");
        manifest.close();
        gui::MainWindowOptions o;
        o.dataDirectory = dir.filePath(QStringLiteral("data"));
        o.demoModelPath = demo;
        o.engineFactory = scriptedFactory(script);
        if (withPlanner)
            o.plannerInputs = [](const QString &, int ctx, int) { return std::optional<PlannerInputs>(k3LikePlannerInputs(ctx)); };
        o.usableRamBytes = 64ull << 30;
        setCalmPressure(o);
        window = std::make_unique<gui::MainWindow>(settings.get(), appearance.get(), o);
        window->resize(1400, 860);
    }
};

// Opens the fixture's scripted model as a user would; true once it is open.
inline bool openModel(GuiFixture &f)
{
    QSignalSpy opened(f.window.get(), &gui::MainWindow::modelOpened);
    f.window->openModel(f.modelDir);
    return opened.wait(5000);
}

// Types `text` into the prompt and sends it; true once the turn finished.
inline bool sendAndWait(GuiFixture &f, const QString &text, int timeoutMs = 10000)
{
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->promptEdit()->setPlainText(text);
    f.window->sendPrompt();
    return done.wait(timeoutMs);
}

inline QString screenshotDir()
{
    const QString d = QStringLiteral(SLUICE_BINARY_DIR "/screenshots");
    QDir().mkpath(d);
    return d;
}

} // namespace sluice::test
