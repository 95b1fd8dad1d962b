// Every screen fits a small display (issue 30): "Plan a model…" at 1024×640
// with its controls inside the dialog or a scroll area and its buttons shown,
// the main window at 800×600 in every language with every side-panel tab and
// the composer shown, a saved geometry from a bigger monitor placed back on
// the screen, and the dark and light themes' indicators and disabled text
// readable (WCAG contrast ratios computed on what the style paints).
#include "support/testregistry.h"
#include "guitestutil.h"

#include "app/appearance.h"
#include "chat/promptedit.h"
#include "common/uihelpers.h"
#include "planner/planmodeldialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
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
    QVERIFY(f.appearance->applyLanguage(language));
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
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

SLUICE_TEST_MAIN(TestLayoutFit)
#include "tst_layoutfit.moc"
