// sluice-stallscenarios: the three event-loop measurements of issue 30, run
// against the app's own window and dialogs with the app's probe
// (app/stallprobe.h). Not a test (nothing is asserted about time); its
// figures go to docs/gui.md "Measurements". Run under Xvfb:
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/tests/gui/sluice-stallscenarios DEMO [decode|decode-long|save|convert]...
// decode:  the demo model at the app's default sampling, six questions in one chat;
// decode-long: a 2,000-token Markdown reply streamed by the scripted engine (decodeLong());
// save:    a 400-message chat saved 30 times, 100 ms apart, while the window is idle;
// convert: File → Convert model…'s dialog converting a synthetic Kimi-Linear release.
#include "guitestutil.h"

#include "app/stallprobe.h"
#include "models/convertdialog.h"
#include "format/synth.h"

#include <QEventLoop>
#include <QTimer>

#include <cstdio>

using namespace sluice;
using namespace sluice::test;

namespace {

// Runs the event loop until `signal` of `sender` arrives or `ms` pass; false on timeout.
template<typename Sender, typename Signal>
bool waitFor(Sender *sender, Signal signal, int ms)
{
    QEventLoop loop;
    bool arrived = false;
    QObject::connect(sender, signal, &loop, [&] {
        arrived = true;
        loop.quit();
    });
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
    return arrived;
}

void runFor(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

void report(const char *scenario, const gui::StallProbe &probe, const QString &extra)
{
    std::printf("== %s (%s)\n%s\n", scenario, qPrintable(extra), qPrintable(probe.summary()));
    std::fflush(stdout);
}

// At the app's defaults the demo answers in 30-60 tokens (its loop guard
// stops it): six questions in one chat, on the demo through the app's engine.
int decode(const QString &demo)
{
    RealEngineFixture f;
    f.options.demoModelPath = demo;
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    window.resize(1200, 900);
    window.show();
    window.openModel(demo);
    if (!waitFor(&window, &gui::MainWindow::modelOpened, 120000))
        return std::fprintf(stderr, "decode: the demo did not open\n"), 1;
    runFor(500);
    gui::StallProbe probe(QStringLiteral("-"));
    probe.setActivity([&window] { return window.isGenerating() ? QStringLiteral("generating") : QStringLiteral("idle"); });
    const QStringList prompts{QStringLiteral("What does music mean?"), QStringLiteral("What is a tree?"),
                              QStringLiteral("What does river mean?"), QStringLiteral("What is a boat?"),
                              QStringLiteral("What does light mean?"), QStringLiteral("What is a city?")};
    probe.start();
    for (const QString &prompt : prompts) {
        window.promptEdit()->setPlainText(prompt);
        window.sendPrompt();
        if (!waitFor(&window, &gui::MainWindow::generationFinished, 600000))
            return std::fprintf(stderr, "decode: no end of generation\n"), 1;
    }
    probe.stop();
    const gui::Chat *chat = window.chatStore()->chat(window.currentChatId());
    int tokens = 0;
    qsizetype characters = 0;
    for (const gui::Message &m : chat->messages) {
        tokens += m.stats.tokens;
        characters += m.role == QLatin1String("assistant") ? m.content.size() : 0;
    }
    report("decode", probe, QStringLiteral("%1 replies, %2 tokens, %3 characters").arg(prompts.size()).arg(tokens).arg(characters));
    return 0;
}

// The demo will not write a long reply, so the window's side of one comes
// from the scripted engine: 2,000 tokens of Markdown (paragraphs, lists,
// inline and fenced code) at ~500 tok/s, streamed into the same window.
int decodeLong()
{
    EngineScript script = defaultScript();
    const std::vector<std::string> pieces{"The ", "river ", "**carries** ", "boats ", "and ", "`code` ", "past ", "the ",
                                          "tree.", "\n\n", "- a ", "list ", "item\n", "- another\n\n", "```\n", "int x = 1;\n",
                                          "```\n\n"};
    for (int i = 0; i < 2000; ++i)
        script.tokens.push_back(pieces[size_t(i) % pieces.size()]);
    script.layersPerToken = 4;
    script.layerMicros = 500;
    GuiFixture f(script);
    f.window->resize(1200, 900);
    f.window->show();
    if (!openModel(f))
        return std::fprintf(stderr, "decode-long: the scripted model did not open\n"), 1;
    runFor(300);
    gui::StallProbe probe(QStringLiteral("-"));
    gui::MainWindow *window = f.window.get();
    probe.setActivity([window] { return window->isGenerating() ? QStringLiteral("generating") : QStringLiteral("idle"); });
    QElapsedTimer clock;
    clock.start();
    probe.start();
    window->promptEdit()->setPlainText(QStringLiteral("go"));
    window->sendPrompt();
    if (!waitFor(window, &gui::MainWindow::generationFinished, 600000))
        return std::fprintf(stderr, "decode-long: no end of generation\n"), 1;
    probe.stop();
    // SLUICE_STALL_SHOT=file.png: how the streamed reply looks in its settled parts.
    if (const QString shot = qEnvironmentVariable("SLUICE_STALL_SHOT"); !shot.isEmpty()) {
        runFor(300);
        window->grab().save(shot);
    }
    const gui::Chat *chat = window->chatStore()->chat(window->currentChatId());
    report("decode-long", probe, QStringLiteral("scripted engine, %1 tokens, %2 characters, %3 s")
                                     .arg(script.tokens.size()).arg(chat->messages.last().content.size())
                                     .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1));
    return 0;
}

int save()
{
    RealEngineFixture f;
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    window.resize(1200, 900);
    window.show();
    gui::ChatStore *store = window.chatStore();
    const QString id = store->createChat(QStringLiteral("long chat"));
    gui::Chat chat = *store->chat(id);
    for (int i = 0; i < 400; ++i) {
        gui::Message m;
        m.role = i % 2 ? QStringLiteral("assistant") : QStringLiteral("user");
        m.content = QStringLiteral("Message %1 with some **markdown**, `code` and a list:\n\n- one\n- two\n\n").arg(i).repeated(8);
        m.created = QDateTime::currentDateTimeUtc();
        chat.messages.append(m);
    }
    store->update(chat);
    store->waitForWrites();
    runFor(300);
    gui::StallProbe probe(QStringLiteral("-"));
    int saves = 0;
    probe.setActivity([&saves] { return QStringLiteral("after save %1").arg(saves); });
    QTimer saver;
    saver.setInterval(100);
    QObject::connect(&saver, &QTimer::timeout, &saver, [&] {
        store->save(id);
        if (++saves == 30)
            saver.stop();
    });
    probe.start();
    saver.start();
    runFor(3300);
    store->waitForWrites();
    probe.stop();
    QFile file(store->fileFor(id));
    report("save", probe, QStringLiteral("%1 saves of a 400-message chat, %2 bytes each").arg(saves).arg(file.size()));
    return 0;
}

int convert()
{
    QTemporaryDir tmp;
    SynthOptions s;
    s.arch = Architecture::KimiLinear;
    if (!writeSyntheticRelease((tmp.path() + QStringLiteral("/rel")).toStdString(), s).isOk())
        return std::fprintf(stderr, "convert: no synthetic release\n"), 1;
    ConvertDialog dialog;
    dialog.setTestMode(300000, 10); // the dialog's own sample and iterations; only the question at the end is off
    dialog.setSource(tmp.path() + QStringLiteral("/rel"));
    dialog.setDestination(tmp.path() + QStringLiteral("/out"));
    dialog.show();
    gui::StallProbe probe(QStringLiteral("-"));
    probe.setActivity([&dialog] { return dialog.statusText(); });
    QElapsedTimer clock;
    clock.start();
    probe.start();
    dialog.startOrResume();
    if (!waitFor(&dialog, &ConvertDialog::conversionFinished, 600000))
        return std::fprintf(stderr, "convert: did not finish\n"), 1;
    probe.stop();
    report("convert", probe, QStringLiteral("synthetic Kimi-Linear release, %1 s").arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1));
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) {
        std::fprintf(stderr, "usage: sluice-stallscenarios DEMO_FOLDER [decode|decode-long|save|convert]...\n");
        return 2;
    }
    QStringList scenarios = args.mid(1);
    if (scenarios.isEmpty())
        scenarios = {QStringLiteral("decode"), QStringLiteral("decode-long"), QStringLiteral("save"), QStringLiteral("convert")};
    for (const QString &s : scenarios) {
        const int rc = s == QLatin1String("decode")        ? decode(args.first())
                     : s == QLatin1String("decode-long") ? decodeLong()
                     : s == QLatin1String("save")   ? save()
                     : s == QLatin1String("convert") ? convert()
                                                     : (std::fprintf(stderr, "unknown scenario %s\n", qPrintable(s)), 2);
        if (rc != 0)
            return rc;
    }
    return 0;
}
