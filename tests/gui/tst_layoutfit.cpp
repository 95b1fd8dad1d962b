// Every screen fits a small display (issue 30): "Plan a model…" at 1024×640
// with its controls inside the dialog or a scroll area and its buttons shown,
// "Get a model…", Settings, Convert and Shortcuts at 800×600 and 1024×640,
// a conversation's header buttons, chat titles and status figures whole or
// elided with a tooltip, the budget bar's labels apart and its field in the
// language's number format,
// the main window at 800×600 in every language with every side-panel tab and
// the composer shown, a saved geometry from a bigger monitor placed back on
// the screen, and the dark and light themes' indicators and disabled text
// readable (WCAG contrast ratios computed on what the style paints).
#include "support/testregistry.h"
#include "guitestutil.h"

#include "app/appearance.h"
#include "app/settingsdialog.h"
#include "app/shortcutsdialog.h"
#include "chat/conversationview.h"
#include "chat/promptedit.h"
#include "common/uihelpers.h"
#include "models/convertdialog.h"
#include "models/getmodeldialog.h"
#include "planner/plannerwidget.h"
#include "planner/planmodeldialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QScrollArea>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace sluice;
using namespace sluice::test;

namespace {

// WCAG 2 relative luminance and contrast ratio.
double fitLuminance(QColor c)
{
    auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double fitContrast(QColor a, QColor b)
{
    const double la = fitLuminance(a), lb = fitLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Whether `w` lies inside a scroll area's viewport below `top` (then it is reached by scrolling).
bool fitInsideScrollArea(const QWidget *w, const QWidget *top)
{
    for (const QWidget *p = w->parentWidget(); p && p != top; p = p->parentWidget())
        if (qobject_cast<const QScrollArea *>(p))
            return true;
    return false;
}

// The visible widgets of `top` that are neither inside `top` nor in a scroll area.
QStringList fitCutOff(QWidget *top)
{
    QStringList out;
    const QRect inside = top->rect();
    for (QWidget *w : top->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(top) || w->isWindow() || fitInsideScrollArea(w, top))
            continue;
        const QRect r(w->mapTo(top, QPoint(0, 0)), w->size());
        if (!inside.contains(r))
            out << QStringLiteral("%1 %2 at %3,%4 %5×%6")
                       .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                       .arg(r.x())
                       .arg(r.y())
                       .arg(r.width())
                       .arg(r.height());
    }
    return out;
}

bool fitFullyShown(QWidget *w, QWidget *top)
{
    return w->isVisibleTo(top) && top->rect().contains(QRect(w->mapTo(top, QPoint(0, 0)), w->size()));
}

// Runs the event loop until nothing under `top` moves or resizes for three
// rounds: one layout change posts the next (rows resized -> the table's
// height -> the page's size -> its scroll bar -> the width the rows get).
void fitSettle(QWidget *top)
{
    auto geometries = [top] {
        QList<QRect> g;
        for (const QWidget *w : top->findChildren<QWidget *>())
            g << QRect(w->pos(), w->size());
        return g;
    };
    QList<QRect> before = geometries();
    for (int round = 0, still = 0; round < 200 && still < 3; ++round) {
        QApplication::processEvents();
        const QList<QRect> now = geometries();
        still = now == before ? still + 1 : 0;
        before = now;
    }
}

// Shown whole once scrolled to, as a user would: inside the scroll area's
// view when it lives in one, else inside `top`.
bool fitShownAfterScrolling(QWidget *w, QWidget *top)
{
    for (QWidget *p = w->parentWidget(); p && p != top; p = p->parentWidget())
        if (auto *area = qobject_cast<QScrollArea *>(p)) {
            area->ensureWidgetVisible(w, 0, 0);
            fitSettle(top);
            return w->isVisibleTo(top) && fitFullyShown(area, top) &&
                   area->viewport()->rect().contains(QRect(w->mapTo(area->viewport(), QPoint(0, 0)), w->size()));
        }
    return fitFullyShown(w, top);
}

// The widgets a layout places, its nested layouts' included.
void fitLaidOut(QLayout *layout, QList<QWidget *> &out)
{
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem *item = layout->itemAt(i);
        if (QWidget *w = item->widget())
            out << w;
        else if (QLayout *inner = item->layout())
            fitLaidOut(inner, out);
    }
}

// What a layout squeezed below its minimum shows: two widgets it placed drawn
// over each other, or a widget given less height than its text needs (a
// wrapped label or button cut). Checked in every widget under `top`.
QStringList fitOverlaps(QWidget *top)
{
    QStringList out;
    auto name = [](const QWidget *w) {
        const QString text = w->property("text").toString().left(24);
        return QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(w->metaObject()->className()), text);
    };
    QList<QWidget *> parents = top->findChildren<QWidget *>();
    parents.prepend(top);
    for (QWidget *p : parents) {
        if (!p->layout() || !p->isVisibleTo(top))
            continue;
        QList<QWidget *> placed;
        fitLaidOut(p->layout(), placed);
        placed.removeIf([top](QWidget *w) { return !w->isVisibleTo(top); });
        for (qsizetype i = 0; i < placed.size(); ++i) {
            QWidget *a = placed[i];
            if (a->hasHeightForWidth() && a->height() < a->heightForWidth(a->width()))
                out << QStringLiteral("%1 cut: %2 of %3 px").arg(name(a)).arg(a->height()).arg(a->heightForWidth(a->width()));
            if (a->height() < a->minimumHeight())
                out << QStringLiteral("%1 below its minimum: %2 of %3 px").arg(name(a)).arg(a->height()).arg(a->minimumHeight());
            const QRect ra(a->mapTo(p, QPoint(0, 0)), a->size());
            for (qsizetype j = i + 1; j < placed.size(); ++j) {
                const QRect rb(placed[j]->mapTo(p, QPoint(0, 0)), placed[j]->size());
                if (ra.intersects(rb))
                    out << QStringLiteral("%1 over %2").arg(name(a), name(placed[j]));
            }
        }
    }
    return out;
}

// The main window shown in `language` (false if either fails).
bool fitShowWindowIn(GuiFixture &f, const QString &language)
{
    if (!f.appearance->applyLanguage(language))
        return false;
    f.window->show();
    return QTest::qWaitForWindowExposed(f.window.get());
}

// Get a model… as the window opens it, once its catalogue is shown: the
// catalogue is planned off the UI thread and fills the table when done, which
// changes the dialog's height — measure what the user then sees (null on a failure).
gui::GetModelDialog *fitOpenGetModel(GuiFixture &f)
{
    f.window->showGetModelDialog();
    gui::GetModelDialog *d = f.window->getModelDialog();
    if (!d)
        return nullptr;
    QSignalSpy shown(d, &gui::GetModelDialog::catalogueShown);
    if (!d->catalogueReady() && !shown.wait(120000))
        return nullptr;
    return d;
}

// Rows of language × screen: the small screens of issue 30 in every language.
void fitAddLanguageScreens()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("screen");
    for (const char *lang : {"en", "fr", "id"}) {
        QTest::addRow("%s 800x600", lang) << QString::fromLatin1(lang) << QSize(800, 600);
        QTest::addRow("%s 1024x640", lang) << QString::fromLatin1(lang) << QSize(1024, 640);
    }
}

// What keeps `dialog` from fitting a screen of `screen` at the size it opens
// with there: a minimum beyond the screen, a widget cut off, a horizontal
// scroll bar, a button of its button box not shown whole.
QStringList fitDialogProblems(QWidget *dialog, QSize screen)
{
    QStringList out;
    const QSize min = dialog->minimumSizeHint().expandedTo(dialog->minimumSize());
    if (min.width() > screen.width() || min.height() > screen.height())
        out << QStringLiteral("minimum %1×%2").arg(min.width()).arg(min.height());
    if (dialog->width() > screen.width() || dialog->height() > screen.height())
        out << QStringLiteral("opens at %1×%2").arg(dialog->width()).arg(dialog->height());
    out << fitCutOff(dialog) << fitOverlaps(dialog);
    for (QAbstractScrollArea *a : dialog->findChildren<QAbstractScrollArea *>())
        if (a->isVisibleTo(dialog) && a->horizontalScrollBar()->isVisible())
            out << QStringLiteral("horizontal scroll bar on %1 %2")
                       .arg(QString::fromLatin1(a->metaObject()->className()), a->accessibleName());
    if (auto *box = dialog->findChild<QDialogButtonBox *>())
        for (QAbstractButton *b : box->buttons())
            if (b->isVisibleTo(dialog) && !fitFullyShown(b, dialog))
                out << QStringLiteral("button %1 not shown whole").arg(b->text());
    return out;
}

// Shows `dialog` at the size `wanted` (its size hint when empty) on a screen of `screen`.
void fitShowOn(QWidget *dialog, QSize screen, QSize wanted = QSize())
{
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    gui::fitWindowToScreen(dialog, QRect(QPoint(0, 0), screen), wanted.isValid() ? wanted : dialog->sizeHint());
    fitSettle(dialog);
}

// The window at `screen` in `language` with a model open and one exchange in a chat with a long title.
bool fitWindowWithChat(GuiFixture &f, const QString &language, QSize screen)
{
    if (!f.appearance->applyLanguage(language))
        return false;
    f.window->show();
    if (!QTest::qWaitForWindowExposed(f.window.get()) || !openModel(f))
        return false;
    if (!sendAndWait(f, QStringLiteral("What does music mean to the people who listen to it every single day?")))
        return false;
    f.window->resize(screen);
    return QTest::qWaitFor([&] { return f.window->size() == screen; });
}

QLabel *fitLabelNamed(QWidget *root, const char *context, const char *name)
{
    const QString wanted = QCoreApplication::translate(context, name);
    for (QLabel *l : root->findChildren<QLabel *>())
        if (l->accessibleName() == wanted)
            return l;
    return nullptr;
}

} // namespace

class TestLayoutFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void planDialogFitsSmallScreens_data();
    void planDialogFitsSmallScreens();
    void mainWindowFits800x600_data();
    void mainWindowFits800x600();
    void savedGeometryClampedOnScreen_data();
    void savedGeometryClampedOnScreen();
    void themeContrast_data();
    void themeContrast();
    void dialogsFitSmallScreens_data();
    void dialogsFitSmallScreens();
    void getModelRoutesWrap_data();
    void getModelRoutesWrap();
    void getModelLaidOutWhenPlanned_data();
    void getModelLaidOutWhenPlanned();
    void conversationFitsSmallWindows_data();
    void conversationFitsSmallWindows();
    void budgetBarLabelsApart_data();
    void budgetBarLabelsApart();
    void budgetFieldUsesLocale_data();
    void budgetFieldUsesLocale();
    void budgetPlaceholderTranslated_data();
    void budgetPlaceholderTranslated();
    void shortcutsOpenAtTableWidth_data();
    void shortcutsOpenAtTableWidth();
};

void TestLayoutFit::planDialogFitsSmallScreens_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("screen");
    for (const char *lang : {"en", "fr", "id"}) {
        QTest::addRow("%s 1024x640", lang) << QString::fromLatin1(lang) << QSize(1024, 640);
        QTest::addRow("%s 1366x768", lang) << QString::fromLatin1(lang) << QSize(1366, 768);
    }
}

// The dialog as the window opens it, sized for a screen of `screen`: nothing
// outside it but what scrolls, the Close button whole and outside the scroll.
void TestLayoutFit::planDialogFitsSmallScreens()
{
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitShowWindowIn(f, language));
    f.window->showPlanModelDialog();
    gui::PlanModelDialog *dialog = f.window->planModelDialog();
    QVERIFY(dialog);
    const QRect available(QPoint(0, 0), screen);
    gui::fitWindowToScreen(dialog, available);
    QApplication::processEvents();
    QVERIFY2(dialog->width() <= screen.width() && dialog->height() <= screen.height(),
        qPrintable(QStringLiteral("%1×%2").arg(dialog->width()).arg(dialog->height())));
    QVERIFY2(dialog->minimumSizeHint().height() <= screen.height(),
        qPrintable(QString::number(dialog->minimumSizeHint().height())));
    const QStringList cut = fitCutOff(dialog);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
    auto *buttons = dialog->findChild<QDialogButtonBox *>();
    QVERIFY(buttons);
    QVERIFY(!fitInsideScrollArea(buttons, dialog));
    for (QAbstractButton *b : buttons->buttons())
        QVERIFY2(fitFullyShown(b, dialog), qPrintable(b->text()));
    if (screen == QSize(1024, 640)) // for a human to look at
        QVERIFY(dialog->grab().save(screenshotDir() + QStringLiteral("/plan-model-1024x640-%1.png").arg(language)));
    dialog->close();
}

void TestLayoutFit::mainWindowFits800x600_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("fr") << QStringLiteral("fr");
    QTest::newRow("id") << QStringLiteral("id");
}

// 800×600 with nothing hidden: the window can be that small, every side-panel
// tab is shown without the tab bar's scroll arrows, the prompt and Send shown.
void TestLayoutFit::mainWindowFits800x600()
{
    QFETCH(QString, language);
    GuiFixture f;
    QVERIFY(f.appearance->applyLanguage(language));
    QApplication::processEvents();
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QApplication::processEvents(); // the first placement (the offscreen screen is 800 px wide, frame included)
    f.window->resize(800, 600);
    QTRY_COMPARE(f.window->size(), QSize(800, 600)); // the empty window (the start page's buttons)
    QVERIFY(openModel(f)); // the budget panel with its figures, not the empty one
    QApplication::processEvents();
    const QSize min = f.window->minimumSizeHint().expandedTo(f.window->minimumSize());
    QVERIFY2(min.width() <= 800 && min.height() <= 600,
        qPrintable(QStringLiteral("minimum %1×%2").arg(min.width()).arg(min.height())));
    f.window->resize(800, 600); // the minimum grew while the model opened (the progress in the status bar)
    QTRY_COMPARE(f.window->size(), QSize(800, 600));

    auto *side = f.window->findChild<QTabWidget *>();
    QVERIFY(side);
    QTabBar *bar = side->tabBar();
    for (QToolButton *arrow : bar->findChildren<QToolButton *>())
        QVERIFY2(!arrow->isVisible(), "the side panel's tabs scroll");
    for (int i = 0; i < bar->count(); ++i)
        QVERIFY2(bar->rect().contains(bar->tabRect(i)), qPrintable(bar->tabText(i)));

    QVERIFY(fitFullyShown(f.window->promptEdit(), f.window.get()));
    QPushButton *send = nullptr;
    for (QPushButton *b : f.window->findChildren<QPushButton *>())
        if (b->accessibleName() == QCoreApplication::translate("sluice::gui::ChatPane", "Send message"))
            send = b;
    QVERIFY(send);
    QVERIFY(fitFullyShown(send, f.window.get()));
    QVERIFY(send->width() >= send->sizeHint().width());
    QVERIFY(f.window->grab().save(screenshotDir() + QStringLiteral("/mainwindow-800x600-%1.png").arg(language)));
}

void TestLayoutFit::savedGeometryClampedOnScreen_data()
{
    QTest::addColumn<QRect>("saved");
    QTest::newRow("bigger monitor, right of this one") << QRect(1900, 300, 2200, 1300);
    QTest::newRow("larger than the screen at the origin") << QRect(0, 0, 3000, 2000);
    QTest::newRow("above and left") << QRect(-2500, -1500, 1000, 700);
}

// A geometry saved on a monitor that is gone (or bigger) opens on this screen, whole.
void TestLayoutFit::savedGeometryClampedOnScreen()
{
    QFETCH(QRect, saved);
    QByteArray bytes;
    {
        GuiFixture first;
        first.window->setGeometry(saved);
        bytes = first.window->saveGeometry();
    }
    QTemporaryDir dir;
    gui::Settings settings(dir.filePath(QStringLiteral("s.ini")));
    settings.setWindowGeometry(bytes);
    gui::Appearance appearance(qApp);
    gui::MainWindowOptions o;
    o.dataDirectory = dir.filePath(QStringLiteral("data"));
    o.usableRamBytes = 64ull << 30;
    setCalmPressure(o);
    gui::MainWindow window(&settings, &appearance, o);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRect screen = window.screen()->availableGeometry();
    QTRY_VERIFY2(screen.contains(window.frameGeometry()),
        qPrintable(QStringLiteral("%1,%2 %3×%4 on %5×%6")
                       .arg(window.x())
                       .arg(window.y())
                       .arg(window.width())
                       .arg(window.height())
                       .arg(screen.width())
                       .arg(screen.height())));
}

void TestLayoutFit::themeContrast_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// What the style paints: a check box's and a radio button's indicator stand
// out from the window (≥ 3:1, the ring's best pixel), disabled text reads
// (≥ 4.5:1) on the window, the base and the buttons.
void TestLayoutFit::themeContrast()
{
    QFETCH(bool, dark);
    gui::Appearance appearance(qApp);
    appearance.applyTheme(dark ? gui::Settings::Theme::Dark : gui::Settings::Theme::Light);
    const QPalette pal = QApplication::palette();
    const QColor window = pal.color(QPalette::Window);

    QWidget host;
    auto *check = new QCheckBox(QStringLiteral("Check"), &host);
    auto *radio = new QRadioButton(QStringLiteral("Radio"), &host);
    radio->move(0, 40);
    host.resize(200, 80);
    const QImage image = host.grab().toImage();
    for (QAbstractButton *b : {static_cast<QAbstractButton *>(check), static_cast<QAbstractButton *>(radio)}) {
        QStyleOptionButton opt;
        opt.initFrom(b);
        const auto element = b == check ? QStyle::SE_CheckBoxIndicator : QStyle::SE_RadioButtonIndicator;
        const QRect r = b->style()->subElementRect(element, &opt, b).translated(b->pos());
        double best = 1;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                if (y == r.top() || y == r.bottom() || x == r.left() || x == r.right() || y == r.center().y() ||
                    x == r.center().x())
                    best = std::max(best, fitContrast(image.pixelColor(x, y), window));
        QVERIFY2(best >= 3.0, qPrintable(QStringLiteral("%1 indicator %2:1").arg(b->text()).arg(best, 0, 'f', 2)));
    }
    for (auto text : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        const QColor fg = pal.color(QPalette::Disabled, text);
        for (auto back : {QPalette::Window, QPalette::Base, QPalette::Button}) {
            const double ratio = fitContrast(fg, pal.color(QPalette::Disabled, back));
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("disabled text role %1 on %2: %3:1")
                                                  .arg(int(text))
                                                  .arg(int(back))
                                                  .arg(ratio, 0, 'f', 2)));
        }
    }
    appearance.applyTheme(gui::Settings::Theme::Light);
}

void TestLayoutFit::dialogsFitSmallScreens_data()
{
    QTest::addColumn<QString>("dialog");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("screen");
    for (const char *dialog : {"settings", "convert", "shortcuts", "getmodel"})
        for (const char *lang : {"en", "fr", "id"})
            for (QSize screen : {QSize(800, 600), QSize(1024, 640)})
                QTest::addRow("%s %s %dx%d", dialog, lang, screen.width(), screen.height())
                    << QString::fromLatin1(dialog) << QString::fromLatin1(lang) << screen;
}

// Settings, Convert, Shortcuts and Get a model… as the window opens them, on a
// small screen: within it, nothing cut off, no sideways scrolling, buttons whole.
void TestLayoutFit::dialogsFitSmallScreens()
{
    QFETCH(QString, dialog);
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitShowWindowIn(f, language));
    std::unique_ptr<QDialog> owned;
    QDialog *d = nullptr;
    QSize wanted; // what the window asks for (empty: the dialog's size hint)
    if (dialog == QLatin1String("settings"))
        d = (owned = std::make_unique<gui::SettingsDialog>(f.settings.get(), f.window.get())).get();
    else if (dialog == QLatin1String("convert"))
        d = (owned = std::make_unique<ConvertDialog>(f.window.get())).get();
    else if (dialog == QLatin1String("shortcuts"))
        d = (owned = std::make_unique<gui::ShortcutsDialog>(f.window->shortcutActions(), f.window.get())).get();
    else {
        d = fitOpenGetModel(f);
        wanted = QSize(1100, 760);
    }
    QVERIFY(d);
    fitShowOn(d, screen, wanted);
    const QStringList problems = fitDialogProblems(d, screen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    d->close();
}

void TestLayoutFit::getModelRoutesWrap_data() { fitAddLanguageScreens(); }

// The route choices wrap instead of widening the dialog: each is shown whole
// (its wrapped height given), reachable by Tab and named for screen readers.
void TestLayoutFit::getModelRoutesWrap()
{
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitShowWindowIn(f, language));
    gui::GetModelDialog *d = fitOpenGetModel(f);
    QVERIFY(d);
    fitShowOn(d, screen, QSize(1100, 760));
    QVERIFY2(d->minimumSizeHint().width() <= screen.width(), qPrintable(QString::number(d->minimumSizeHint().width())));
    for (QRadioButton *b : {d->releaseRouteButton(), d->convertRouteButton(), d->torrentRouteButton()}) {
        QVERIFY(fitShownAfterScrolling(b, d));
        QVERIFY(!b->text().isEmpty());
        QVERIFY(!b->accessibleName().isEmpty() || !b->text().isEmpty());
        QVERIFY(b->focusPolicy() & Qt::TabFocus);
        const int needed = b->hasHeightForWidth() ? b->heightForWidth(b->width()) : b->sizeHint().height();
        QVERIFY2(b->height() >= needed && (b->hasHeightForWidth() || b->width() >= b->sizeHint().width()),
                 qPrintable(QStringLiteral("%1: %2×%3").arg(b->text()).arg(b->width()).arg(b->height())));
    }
    // The whole button is the click target, its wrapped lines included (a QRadioButton's is its one-line text).
    QRadioButton *convert = d->convertRouteButton();
    QTest::mouseClick(convert, Qt::LeftButton, {}, QPoint(convert->width() - 3, convert->height() - 3));
    QVERIFY(convert->isChecked());
    d->close();
}

void TestLayoutFit::getModelLaidOutWhenPlanned_data() { fitAddLanguageScreens(); }

// As the window opens Get a model…: placed on the screen and shown first, its
// catalogue planned after. The rows that arrive make the form taller than the
// screen; it must scroll, never draw the table over the form (seen at 800×600).
void TestLayoutFit::getModelLaidOutWhenPlanned()
{
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitShowWindowIn(f, language));
    f.window->showGetModelDialog();
    gui::GetModelDialog *d = f.window->getModelDialog();
    QVERIFY(d);
    QVERIFY(!d->catalogueReady()); // planned off the UI thread: its rows come after the dialog is shown
    gui::fitWindowToScreen(d, QRect(QPoint(0, 0), screen), QSize(1100, 760));
    QVERIFY(QTest::qWaitForWindowExposed(d));
    QApplication::processEvents();
    QSignalSpy shown(d, &gui::GetModelDialog::catalogueShown);
    QVERIFY(shown.wait(120000));
    fitSettle(d);
    const QStringList problems = fitDialogProblems(d, screen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    for (QRadioButton *b : {d->releaseRouteButton(), d->convertRouteButton(), d->torrentRouteButton()})
        QVERIFY2(fitShownAfterScrolling(b, d), qPrintable(b->text()));
    // Every row as tall as its wrapped text at the widths the columns got (the text is not cut with "…").
    QAbstractItemView *table = d->findChild<QTableWidget *>(); // sizeHintForRow is public here
    QVERIFY(table && table->model()->rowCount() > 0);
    QVERIFY2(!table->verticalScrollBar()->isVisible(), "the catalogue scrolls inside the page: shorter than its rows");
    auto *rows = static_cast<QTableWidget *>(table);
    int rowsHeight = 0;
    for (int r = 0; r < rows->rowCount(); ++r)
        rowsHeight += rows->rowHeight(r);
    QCOMPARE(table->viewport()->height(), rowsHeight); // as tall as its rows: no blank below them
    for (int r = 0; r < rows->rowCount(); ++r)
        QVERIFY2(rows->rowHeight(r) >= table->sizeHintForRow(r),
                 qPrintable(QStringLiteral("row %1: %2 of %3 px").arg(r).arg(rows->rowHeight(r)).arg(table->sizeHintForRow(r))));
    d->close();
}

void TestLayoutFit::conversationFitsSmallWindows_data() { fitAddLanguageScreens(); }

// A conversation in a small window: the message headers' buttons inside the
// message, no sideways scrolling in the conversation or the chat list (titles
// elided, the whole title in the tooltip), the status bar's figures inside
// the window (elided with the whole text in the tooltip when they must be).
void TestLayoutFit::conversationFitsSmallWindows()
{
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitWindowWithChat(f, language, screen));
    gui::ConversationView *view = f.window->conversation();
    QVERIFY(!view->horizontalScrollBar()->isVisible());
    const auto messages = view->findChildren<gui::MessageWidget *>();
    QVERIFY(messages.size() >= 2);
    for (gui::MessageWidget *m : messages) {
        const QRect r(m->mapTo(view->viewport(), QPoint(0, 0)), m->size());
        QVERIFY2(r.left() >= 0 && r.right() < view->viewport()->width(), // across: the view scrolls down
                 qPrintable(QStringLiteral("message %1 at %2,%3 %4×%5 (minimum %6) in %7×%8")
                                .arg(m->index())
                                .arg(r.x())
                                .arg(r.y())
                                .arg(r.width())
                                .arg(r.height())
                                .arg(m->minimumSizeHint().width())
                                .arg(view->viewport()->width())
                                .arg(view->viewport()->height())));
        for (QToolButton *b : m->findChildren<QToolButton *>())
            if (b->isVisibleTo(m))
                QVERIFY2(fitFullyShown(b, m), qPrintable(b->text()));
    }
    auto *list = f.window->findChild<QListWidget *>();
    QVERIFY(list);
    QVERIFY(list->count() >= 1);
    QVERIFY(!list->horizontalScrollBar()->isVisible());
    for (int i = 0; i < list->count(); ++i) {
        QVERIFY2(list->visualItemRect(list->item(i)).right() < list->viewport()->width(),
                 qPrintable(QStringLiteral("%1: %2 px in %3").arg(list->item(i)->text())
                                .arg(list->visualItemRect(list->item(i)).right())
                                .arg(list->viewport()->width())));
        QCOMPARE(list->item(i)->toolTip(), list->item(i)->text());
    }
    QStatusBar *bar = f.window->statusBar();
    for (QLabel *l : bar->findChildren<QLabel *>()) {
        if (!l->isVisibleTo(bar) || l->text().isEmpty())
            continue;
        QVERIFY2(fitFullyShown(l, f.window.get()), qPrintable(l->text()));
        if (l->fontMetrics().horizontalAdvance(l->text()) > l->contentsRect().width())
            QCOMPARE(l->toolTip(), l->text());
    }
}

void TestLayoutFit::budgetBarLabelsApart_data() { fitAddLanguageScreens(); }

// The budget bar's labels (floor, usable RAM, paging risk) inside the bar and apart.
void TestLayoutFit::budgetBarLabelsApart()
{
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitWindowWithChat(f, language, screen));
    auto *side = f.window->findChild<QTabWidget *>();
    QVERIFY(side);
    side->setCurrentIndex(0);
    QApplication::processEvents();
    auto *bar = f.window->plannerPanel()->findChild<gui::PlannerBar *>();
    QVERIFY(bar && bar->isVisible());
    const QList<QRectF> labels = bar->labelRects();
    QVERIFY(labels.size() >= 2);
    for (qsizetype i = 0; i < labels.size(); ++i) {
        QVERIFY(QRectF(bar->rect()).contains(labels[i]));
        for (qsizetype j = i + 1; j < labels.size(); ++j)
            QVERIFY2(!labels[i].intersects(labels[j]), qPrintable(QStringLiteral("labels %1 and %2").arg(i).arg(j)));
    }
}

void TestLayoutFit::budgetFieldUsesLocale_data()
{
    QTest::addColumn<QString>("language");
    for (const char *lang : {"en", "fr", "id"})
        QTest::newRow(lang) << QString::fromLatin1(lang);
}

// The budget field shows and reads the window's number format ("60,98" in French).
void TestLayoutFit::budgetFieldUsesLocale()
{
    QFETCH(QString, language);
    GuiFixture f;
    QVERIFY(fitShowWindowIn(f, language));
    QVERIFY(openModel(f));
    QDoubleSpinBox *field = nullptr;
    const QString name = QCoreApplication::translate("sluice::gui::PlannerPanel", "Precise budget in GiB");
    for (QDoubleSpinBox *b : f.window->plannerPanel()->findChildren<QDoubleSpinBox *>())
        if (b->accessibleName() == name)
            field = b;
    QVERIFY(field);
    const QLocale shown;
    QVERIFY2(field->text().contains(shown.decimalPoint()), qPrintable(field->text()));
    const double typed = std::floor(field->maximum() / 2) + 0.5;
    QString text = shown.toString(typed, 'f', 2);
    int pos = 0;
    QCOMPARE(field->validate(text, pos), QValidator::Acceptable);
    QCOMPARE(field->valueFromText(text), typed);
}

void TestLayoutFit::budgetPlaceholderTranslated_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("fr") << QStringLiteral("fr");
    QTest::newRow("id") << QStringLiteral("id");
}

// The empty Budget tab's text follows a language switch made after the window.
void TestLayoutFit::budgetPlaceholderTranslated()
{
    QFETCH(QString, language);
    GuiFixture f;
    QVERIFY(f.appearance->applyLanguage(language));
    QApplication::processEvents();
    const char *source = "The budget planner shows how the RAM budget splits into trunk, attention state, scratch "
                         "and expert cache once a model is chosen.";
    const QString translated = QCoreApplication::translate("sluice::gui::PlannerPanel", source);
    QVERIFY(translated != QLatin1String(source)); // the translation exists
    QLabel *empty = fitLabelNamed(f.window->plannerPanel(), "sluice::gui::PlannerPanel", "Budget planner status");
    QVERIFY(empty);
    QCOMPARE(empty->text(), translated);
}

void TestLayoutFit::shortcutsOpenAtTableWidth_data() { fitAddLanguageScreens(); }

// Shortcuts opens at its table's width (capped by the screen): both columns readable, no sideways scrolling.
void TestLayoutFit::shortcutsOpenAtTableWidth()
{
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    GuiFixture f;
    QVERIFY(fitShowWindowIn(f, language));
    gui::ShortcutsDialog dialog(f.window->shortcutActions(), f.window.get());
    auto *table = dialog.findChild<QTableWidget *>();
    QVERIFY(table && table->rowCount() > 5);
    auto contentWidth = [&](int c) { // QTableView::sizeHintForColumn, which is protected
        int w = 0;
        for (int r = 0; r < table->rowCount(); ++r)
            w = std::max(w, table->sizeHintForIndex(table->model()->index(r, c)).width() + (table->showGrid() ? 1 : 0));
        return w;
    };
    auto readable = [&](const char *when) {
        QApplication::processEvents();
        for (int c = 0; c < table->columnCount(); ++c)
            QVERIFY2(table->columnWidth(c) >= contentWidth(c),
                     qPrintable(QStringLiteral("%1: column %2 is %3 px of %4 (dialog %5×%6)")
                                    .arg(QLatin1String(when))
                                    .arg(c)
                                    .arg(table->columnWidth(c))
                                    .arg(contentWidth(c))
                                    .arg(dialog.width())
                                    .arg(dialog.height())));
        QVERIFY2(table->horizontalHeader()->length() <= table->viewport()->width(),
                 qPrintable(QStringLiteral("%1: columns %2 + %3 px in %4 px")
                                .arg(QLatin1String(when))
                                .arg(table->columnWidth(0))
                                .arg(table->columnWidth(1))
                                .arg(table->viewport()->width())));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
    };
    dialog.show(); // as Help → Keyboard shortcuts opens it
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    readable("as opened");
    fitShowOn(&dialog, screen);
    readable("fitted to the screen");
    QVERIFY(dialog.width() <= screen.width() && dialog.height() <= screen.height());
}

SLUICE_TEST_MAIN(TestLayoutFit)
#include "tst_layoutfit.moc"
