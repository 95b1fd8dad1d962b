// Engine and converter errors in the user's language (issue 30): the library
// sends a message template with its arguments (util/status.h), the window
// translates the template in the context "Error" and puts the arguments in
// (gui/common/errortext.h). Real errors are provoked in the French and the
// Indonesian window — a folder without a manifest, a damaged container, a
// manifest that is a FIFO, a budget under the floor, a conversion of a bad
// release — and the text shown must hold the translated template with its
// arguments and none of the English template's words. The .ts files must have
// every message of the context "Error" finished. Also, from the second batch of
// templates: a manifest.json that is not an object, a damaged placement sidecar
// (sluice-placement.json) and a Photoshop file the image input refuses.
#include "support/testregistry.h"
#include "support/synthmodel.h"
#include "guitestutil.h"
#include "testfiles.h"

#include "app/appearance.h"
#include "app/modelcontroller.h"
#include "chat/imagestrip.h"
#include "models/convertdialog.h"
#include "planner/plannerwidget.h"
#include "qt/errortext.h"

#include <QAbstractButton>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTest>
#include <QXmlStreamReader>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>

using namespace sluice;
using namespace sluice::test;

namespace {

// The English template as the library spells it and the arguments it gets here.
struct ShownError {
    QString source;
    QStringList args;
    QString englishWords; // words of the English template that must not be shown
};

// Checks `shown` against the translation of `e` in the current language.
void checkShownInLanguage(const QString &shown, const ShownError &e)
{
    const QString translated = QCoreApplication::translate("Error", e.source.toUtf8().constData());
    QVERIFY2(translated != e.source, qPrintable(QStringLiteral("no translation for: ") + e.source));
    const QString expected = qt::substituteErrorArgs(translated, e.args);
    QVERIFY2(shown.contains(expected), qPrintable(QStringLiteral("shown: %1\nexpected in it: %2").arg(shown, expected)));
    for (const QString &a : e.args)
        QVERIFY2(shown.contains(a), qPrintable(a));
    QVERIFY2(!shown.contains(e.englishWords), qPrintable(QStringLiteral("English in: ") + shown));
}

// The detail of the error box the window opened last.
QString lastErrorBoxDetail(QWidget *window)
{
    const QList<QMessageBox *> boxes = window->findChildren<QMessageBox *>();
    return boxes.isEmpty() ? QString() : boxes.last()->detailedText();
}

void plantFifo(const QString &path)
{
    QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
}

bool openDemoAndWait(gui::MainWindow &window, const QString &path)
{
    QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
    window.openModel(path);
    return opened.wait(60000);
}

} // namespace

class TestErrorText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { m_appearance.applyLanguage(QStringLiteral("en")); }
    void openErrors_data();
    void openErrors();
    void containerErrors_data();
    void containerErrors();
    void imageRefused_data();
    void imageRefused();
    void budgetUnderTheFloor_data();
    void budgetUnderTheFloor();
    void badReleaseConversion_data();
    void badReleaseConversion();
    void errorContextFinished_data();
    void errorContextFinished();

private:
    gui::Appearance m_appearance{qApp};
};

void TestErrorText::openErrors_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("englishWords");
    for (const char *lang : {"fr", "id"}) {
        QTest::addRow("%s no manifest", lang)
            << lang << "empty" << "neither a release folder (config.json and %1) nor a Sluice container (manifest.json)"
            << QStringList{QStringLiteral("model.safetensors.index.json")} << "neither a release folder";
        QTest::addRow("%s damaged container", lang)
            << lang << "notrunk" << "%1 is missing" << QStringList{QStringLiteral("trunk.bin")} << "is missing";
        QTest::addRow("%s manifest is a FIFO", lang)
            << lang << "fifo" << "%1: is a FIFO (named pipe), not a regular file"
            << QStringList{QStringLiteral("manifest.json")} << "not a regular file";
    }
}

void TestErrorText::openErrors()
{
    QFETCH(QString, language);
    QFETCH(QString, kind);
    QFETCH(QString, source);
    QFETCH(QStringList, args);
    QFETCH(QString, englishWords);
    RealEngineFixture f;
    setCalmPressure(f.options);
    const QString model = f.dir.filePath(QStringLiteral("broken.waste"));
    QVERIFY(QDir().mkpath(model));
    if (kind == QLatin1String("notrunk")) {
        QVERIFY(plantFile(model + QStringLiteral("/manifest.json"), "{}"));
        QVERIFY(plantFile(model + QStringLiteral("/codebooks.bin"), ""));
    } else if (kind == QLatin1String("fifo")) {
        plantFifo(model + QStringLiteral("/manifest.json"));
    }
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    QVERIFY(f.appearance.applyLanguage(language));
    QSignalSpy notice(&window, &gui::MainWindow::noticeShown);
    window.openModel(model);
    QTRY_VERIFY_WITH_TIMEOUT(!lastErrorBoxDetail(&window).isEmpty(), 30000);
    const QString shown = lastErrorBoxDetail(&window);
    checkShownInLanguage(shown, {source, args, englishWords});
    QVERIFY2(shown.contains(model), qPrintable(shown)); // the folder, as the context
    // The box with its details open, to look at (error-open-fr.png, error-open-id.png).
    if (kind == QLatin1String("notrunk")) {
        QMessageBox *box = window.findChildren<QMessageBox *>().last();
        for (QAbstractButton *b : box->buttons()) {
            if (box->buttonRole(b) == QMessageBox::ActionRole)
                b->click();
        }
        box->adjustSize();
        box->grab().save(screenshotDir() + QStringLiteral("/error-open-") + language + QStringLiteral(".png"));
    }
}

void TestErrorText::containerErrors_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("englishWords");
    for (const char *lang : { "fr", "id" }) {
        QTest::addRow("%s manifest not an object", lang) << lang << "manifest"
                                                         << "manifest.json: top level is not an object"
                                                         << "top level";
        QTest::addRow("%s placement sidecar of another format", lang) << lang << "placement"
                                                                      << "\"format\" is not \"sluice-placement\""
                                                                      << "is not";
        QTest::addRow("%s placement sidecar of another version", lang)
            << lang << "version"
            << "\"version\" is missing or not 1 (this build reads version 1)"
            << "this build reads";
    }
}

// Opening a container the format module refuses: the error box's details are
// the folder (a plain context) and the translated template.
void TestErrorText::containerErrors()
{
    QFETCH(QString, language);
    QFETCH(QString, kind);
    QFETCH(QString, source);
    QFETCH(QString, englishWords);
    QTemporaryDir tmp;
    const QString model = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(model);
    if (kind == QLatin1String("manifest")) {
        QVERIFY(plantFile(model + QStringLiteral("/manifest.json"), "[]"));
    } else if (kind == QLatin1String("placement")) {
        QVERIFY(plantFile(model + QStringLiteral("/sluice-placement.json"),
            R"({"format": "another-tool", "version": 1, "banks": {}})"));
    } else {
        QVERIFY(plantFile(model + QStringLiteral("/sluice-placement.json"),
            R"({"format": "sluice-placement", "version": 2, "banks": {}})"));
    }
    RealEngineFixture f;
    setCalmPressure(f.options);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    QVERIFY(f.appearance.applyLanguage(language));
    window.openModel(model);
    QTRY_VERIFY_WITH_TIMEOUT(!lastErrorBoxDetail(&window).isEmpty(), 30000);
    const QString shown = lastErrorBoxDetail(&window);
    checkShownInLanguage(shown, { source, {}, englishWords });
    QVERIFY2(shown.contains(model), qPrintable(shown));
    if (kind != QLatin1String("manifest")) // the sidecar is named as the error's context
        QVERIFY2(shown.contains(QLatin1String("sluice-placement.json")), qPrintable(shown));
    // The box with its details open, to look at (error-placement-fr.png, error-placement-id.png).
    if (kind == QLatin1String("placement")) {
        QMessageBox *box = window.findChildren<QMessageBox *>().last();
        for (QAbstractButton *b : box->buttons()) {
            if (box->buttonRole(b) == QMessageBox::ActionRole)
                b->click();
        }
        box->adjustSize();
        box->grab().save(screenshotDir() + QStringLiteral("/error-placement-") + language + QStringLiteral(".png"));
    }
}

void TestErrorText::imageRefused_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("fr") << "fr";
    QTest::newRow("id") << "id";
}

// An image the vision input refuses, checked where the window checks it (the
// image strip, on a pool thread): the refusal names the file and the reason in
// the window's language.
void TestErrorText::imageRefused()
{
    QFETCH(QString, language);
    QVERIFY(m_appearance.applyLanguage(language));
    QTemporaryDir tmp;
    const QString psd = tmp.filePath(QStringLiteral("layers.psd"));
    QVERIFY(plantFile(psd, QByteArray("8BPS\0\1", 6) + QByteArray(64, '\0')));
    gui::ImageStrip strip(tmp.filePath(QStringLiteral("pasted")));
    strip.setVisionAvailable(true, true);
    QSignalSpy refused(&strip, &gui::ImageStrip::refused);
    QVERIFY(strip.addFile(psd));
    QVERIFY(refused.wait(30000));
    const QString shown = refused.first().first().toString();
    QVERIFY2(shown.contains(QLatin1String("layers.psd")), qPrintable(shown));
    checkShownInLanguage(shown,
        { QStringLiteral("image: Photoshop (PSD) files are not supported; save the image as PNG or JPEG"), {},
            QStringLiteral("not supported") });
}

void TestErrorText::budgetUnderTheFloor_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("fr") << "fr";
    QTest::newRow("id") << "id";
}

void TestErrorText::budgetUnderTheFloor()
{
    QFETCH(QString, language);
    QTemporaryDir tmp;
    const QString demo = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(demo);
    RealEngineFixture f;
    f.settings.setThreads(1);
    setCalmPressure(f.options);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    QVERIFY(openDemoAndWait(window, demo));
    QVERIFY(f.appearance.applyLanguage(language));
    const quint64 floor = window.modelInfo().liveBudgetMinBytes;
    QVERIFY(floor > 4096);
    // A live budget change, as the planner's Apply asks it when the engine can take it
    // without a reopen: the engine itself refuses it.
    auto *models = window.findChild<gui::ModelController *>();
    QVERIFY(models);
    models->applyBudget(floor - 4096, window.plannerPanel()->chosenContext(), 0, true);
    QTRY_VERIFY_WITH_TIMEOUT(!lastErrorBoxDetail(&window).isEmpty(), 30000);
    const QString shown = lastErrorBoxDetail(&window);
    const QString source = QStringLiteral(
        "RAM budget %1 (%2 B) is below this model's floor of %3 (%4 B) as opened (context %5, prefill chunk %6, %7 "
        "checkpoint(s) per session); reopen the model for a smaller budget");
    const QString translated = QCoreApplication::translate("Error", source.toUtf8().constData());
    QVERIFY(translated != source);
    // The byte figures are the arguments the engine gave; the words are the translation's.
    const QStringList args{QString::number(floor - 4096), QString::number(floor)};
    for (const QString &a : args)
        QVERIFY2(shown.contains(a), qPrintable(shown));
    const QString head = translated.left(translated.indexOf(QLatin1String("%1"))).trimmed();
    QVERIFY2(shown.contains(head), qPrintable(shown));
    QVERIFY2(!shown.contains(QLatin1String("is below this model's floor")), qPrintable(shown));
    QVERIFY2(!shown.contains(QLatin1String("reopen the model")), qPrintable(shown));
}

void TestErrorText::badReleaseConversion_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("fr") << "fr";
    QTest::newRow("id") << "id";
}

void TestErrorText::badReleaseConversion()
{
    QFETCH(QString, language);
    QVERIFY(m_appearance.applyLanguage(language));
    QTemporaryDir tmp;
    // A release folder without its config.json.
    const QString release = tmp.filePath(QStringLiteral("rel"));
    QVERIFY(QDir().mkpath(release));
    ConvertDialog dialog;
    dialog.setSource(release);
    dialog.setDestination(tmp.filePath(QStringLiteral("out")));
    QString shown;
    for (QLabel *l : dialog.findChildren<QLabel *>()) {
        if (l->text().contains(QLatin1String("config.json")))
            shown = l->text();
    }
    QVERIFY2(!shown.isEmpty(), "the dialog names the missing config.json");
    checkShownInLanguage(shown, {QStringLiteral("%1: cannot open (%2)"),
                                 {QStringLiteral("config.json"), QString::fromLocal8Bit(std::strerror(ENOENT))},
                                 QStringLiteral("cannot open")});
}

void TestErrorText::errorContextFinished_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("fr") << "sluice_fr.ts";
    QTest::newRow("id") << "sluice_id.ts";
}

void TestErrorText::errorContextFinished()
{
    QFETCH(QString, file);
    QFile ts(QStringLiteral(SLUICE_SOURCE_DIR "/translations/") + file);
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    int messages = 0;
    QString context, source, translation, type;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                type = xml.attributes().value(QLatin1String("type")).toString();
                translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message") && context == QLatin1String("Error")) {
            ++messages;
            QVERIFY2(type.isEmpty() && !translation.isEmpty(), qPrintable(source));
            // Every argument of the template is in its translation.
            for (int n = 1; n <= 9; ++n) {
                const QString arg = QLatin1Char('%') + QString::number(n);
                QVERIFY2(source.contains(arg) == translation.contains(arg), qPrintable(source));
            }
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    // The library's templates are there at all (lupdate scanned the library).
    QVERIFY2(messages >= 60, qPrintable(QString::number(messages)));
}

SLUICE_TEST_MAIN(TestErrorText)
#include "tst_errortext.moc"
