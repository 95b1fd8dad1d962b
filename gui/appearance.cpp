#include "appearance.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QStyleFactory>

namespace sluice::gui {

QPalette lightPalette()
{
    QPalette p;
    const QColor window(0xf3, 0xf4, 0xf6), base(Qt::white), text(0x1a, 0x1d, 0x23);
    const QColor accent(0x2b, 0x6c, 0xb0);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0xea, 0xec, 0xf0));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x72, 0x80));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0xe5, 0xe7, 0xeb));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, accent);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, accent);
    p.setColor(QPalette::Mid, QColor(0xc4, 0xc8, 0xcf));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x9c, 0xa3, 0xaf));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x1f, 0x22, 0x28), base(0x16, 0x18, 0x1d), text(0xe6, 0xe8, 0xeb);
    const QColor accent(0x4d, 0x9b, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x2a, 0x31));
    p.setColor(QPalette::ToolTipBase, QColor(0x2d, 0x31, 0x38));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x91, 0x9c));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2d, 0x31, 0x38));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Highlight, accent);
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, accent);
    p.setColor(QPalette::Mid, QColor(0x44, 0x49, 0x52));
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x47));
    p.setColor(QPalette::Dark, QColor(0x12, 0x14, 0x18));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x6b, 0x72, 0x7c));
    return p;
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
    m_app->setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
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
    m_language = QStringLiteral("en");

    bool ok = true;
    if (lang == QLatin1String("en")) {
        // Only the English plural forms ("1 token", "2 tokens").
        auto t = std::make_unique<QTranslator>();
        if (t->load(QStringLiteral(":/i18n/sluice_en.qm"))) {
            m_app->installTranslator(t.get());
            m_translator = std::move(t);
        }
    } else {
        auto t = std::make_unique<QTranslator>();
        // The .qm files are compiled into the binary by qt_add_translations.
        if (t->load(QStringLiteral(":/i18n/sluice_%1.qm").arg(lang))) {
            m_app->installTranslator(t.get());
            m_translator = std::move(t);
            m_language = lang;
            // Qt's own strings (standard dialog buttons), when the system has them.
            auto qt = std::make_unique<QTranslator>();
            if (qt->load(QStringLiteral("qtbase_%1").arg(lang), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
                m_app->installTranslator(qt.get());
                m_qtTranslator = std::move(qt);
            }
        } else {
            ok = code.isEmpty(); // an unknown system language silently falls back to English
        }
    }
    return ok;
}

} // namespace sluice::gui
