#include "app/appearance.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPainter>
#include <QProxyStyle>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>

namespace sluice::gui {

namespace {
// The roles both themes set, in one place; each theme is a column of colours.
struct ThemeColors {
    QRgb window, windowText, base, alternateBase, toolTipBase, placeholder, button, brightText, accent,
        highlightedText, mid, disabledText;
    QRgb light = 0, dark = 0; // 0: Qt derives them from Button
};

QPalette makePalette(const ThemeColors &c)
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(c.window));
    p.setColor(QPalette::WindowText, QColor(c.windowText));
    p.setColor(QPalette::Base, QColor(c.base));
    p.setColor(QPalette::AlternateBase, QColor(c.alternateBase));
    p.setColor(QPalette::ToolTipBase, QColor(c.toolTipBase));
    p.setColor(QPalette::ToolTipText, QColor(c.windowText));
    p.setColor(QPalette::PlaceholderText, QColor(c.placeholder));
    p.setColor(QPalette::Text, QColor(c.windowText));
    p.setColor(QPalette::Button, QColor(c.button));
    p.setColor(QPalette::ButtonText, QColor(c.windowText));
    p.setColor(QPalette::BrightText, QColor(c.brightText));
    p.setColor(QPalette::Highlight, QColor(c.accent));
    p.setColor(QPalette::HighlightedText, QColor(c.highlightedText));
    p.setColor(QPalette::Link, QColor(c.accent));
    p.setColor(QPalette::Mid, QColor(c.mid));
    if (c.light)
        p.setColor(QPalette::Light, QColor(c.light));
    if (c.dark)
        p.setColor(QPalette::Dark, QColor(c.dark));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(c.disabledText));
    return p;
}

// Fusion draws the ring of a check box or radio button in the window colour
// darkened by 40 %: 1.1:1 against the dark window, 1.7:1 against the light one
// (issue 30: "checkboxes nearly invisible"). The ring is drawn again in the
// text colour mixed 60/40 with the window's (≥ 3:1 in both themes,
// tst_layoutfit themeContrast); Fusion draws everything else.
class ReadableIndicatorStyle : public QProxyStyle
{
public:
    ReadableIndicatorStyle()
        : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
    {
    }

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
        const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton)
            return;
        const QPalette &pal = option->palette;
        const bool keyboardFocus = (option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange);
        const QColor text = pal.color(QPalette::WindowText), window = pal.color(QPalette::Window);
        const QColor ring = keyboardFocus ? pal.color(QPalette::Highlight)
                                          : QColor::fromRgbF(0.6f * text.redF() + 0.4f * window.redF(),
                                              0.6f * text.greenF() + 0.4f * window.greenF(),
                                              0.6f * text.blueF() + 0.4f * window.blueF());
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setPen(QPen(ring, 1));
        painter->setBrush(Qt::NoBrush);
        const QRectF r = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
        if (element == PE_IndicatorCheckBox)
            painter->drawRect(r);
        else
            painter->drawEllipse(r);
        painter->restore();
    }
};
} // namespace

QPalette lightPalette()
{
    // Disabled text ≥ 4.5:1 on the window, base and button colours (tst_layoutfit themeContrast).
    return makePalette({0xf3f4f6, 0x1a1d23, 0xffffff, 0xeaecf0, 0xffffe8, 0x6b7280, 0xe5e7eb, 0xff0000, 0x2b6cb0,
                        0xffffff, 0xc4c8cf, 0x5f6672});
}

QPalette darkPalette()
{
    return makePalette({0x1f2228, 0xe6e8eb, 0x16181d, 0x262a31, 0x2d3138, 0x8a919c, 0x2d3138, 0xff6b6b, 0x4d9be6,
                        0x000000, 0x444952, 0x949ba5, 0x3a3f47, 0x121418});
}

Appearance::Appearance(QApplication *app, QObject *parent)
    : QObject(parent)
    , m_app(app)
    , m_systemPalette(app->palette())
    , m_systemFont(app->font())
{
}

void Appearance::applyTheme(Settings::Theme theme)
{
    // Fusion draws every control from the palette, so light and dark look the
    // same on every platform; "system" keeps the platform's own palette.
    m_app->setStyle(new ReadableIndicatorStyle);
    switch (theme) {
    case Settings::Theme::Light:
        m_app->setPalette(lightPalette());
        m_dark = false;
        break;
    case Settings::Theme::Dark:
        m_app->setPalette(darkPalette());
        m_dark = true;
        break;
    case Settings::Theme::System:
        m_app->setPalette(m_systemPalette);
        m_dark = m_systemPalette.color(QPalette::Window).lightness() < 128;
        break;
    }
}

void Appearance::applyFontSize(int points)
{
    QFont f = m_systemFont;
    if (points > 0)
        f.setPointSize(points);
    m_app->setFont(f);
}

QList<QPair<QString, QString>> Appearance::availableLanguages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("id"), QStringLiteral("Bahasa Indonesia")},
            {QStringLiteral("fr"), QStringLiteral("Français")}};
}

bool Appearance::applyLanguage(const QString &code)
{
    QString lang = code;
    if (lang.isEmpty())
        lang = QLocale::system().name().section(QLatin1Char('_'), 0, 0);

    if (m_translator)
        m_app->removeTranslator(m_translator.get());
    if (m_qtTranslator)
        m_app->removeTranslator(m_qtTranslator.get());
    m_translator.reset();
    m_qtTranslator.reset();

    bool ok = true;
    auto t = std::make_unique<QTranslator>();
    // The .qm files are compiled into the binary by qt_add_translations.
    if (lang != QLatin1String("en") && t->load(QStringLiteral(":/i18n/sluice_%1.qm").arg(lang))) {
        m_language = lang;
    } else {
        // English, or a language without a translation (C.UTF-8, an unknown
        // system language): sluice_en.qm carries the English plural forms
        // ("1 token", "2 tokens"), which Qt does not apply without a translator.
        ok = lang == QLatin1String("en") || code.isEmpty();
        m_language = QStringLiteral("en");
        if (!t->load(QStringLiteral(":/i18n/sluice_en.qm")))
            t.reset();
    }
    // Numbers and dates follow the language shown: the system's own locale when
    // it speaks that language (keeps its country), else the language's default.
    // Set before the translators go in, whose LanguageChange re-renders every view.
    const QLocale system = QLocale::system();
    const QLocale shown(m_language);
    QLocale::setDefault(system.language() == shown.language() ? system : shown);
    // A widget keeps the locale it was made with (spin boxes showed "60.98" in
    // the French window): the windows that exist take the new one, their
    // children follow, and windows made later start with it.
    for (QWidget *w : QApplication::topLevelWidgets())
        w->setLocale(QLocale());
    if (t) {
        m_app->installTranslator(t.get());
        m_translator = std::move(t);
    }
    if (m_language != QLatin1String("en")) {
        // Qt's own strings (standard dialog buttons): the system's when it has them, else ours.
        auto qt = std::make_unique<QTranslator>();
        const QString name = QStringLiteral("qtbase_%1").arg(m_language);
        if (qt->load(name, QLibraryInfo::path(QLibraryInfo::TranslationsPath)) ||
            qt->load(name, QStringLiteral(":/i18n"))) {
            m_app->installTranslator(qt.get());
            m_qtTranslator = std::move(qt);
        }
    }
    return ok;
}

} // namespace sluice::gui
