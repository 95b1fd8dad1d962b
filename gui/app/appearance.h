#pragma once
// Theme (Fusion style with a light or dark QPalette), font size and the
// runtime language switch. Kept apart from the window so tests and main()
// apply exactly the same look.
#include "app/settings.h"

#include <QObject>
#include <QFont>
#include <QPalette>
#include <QTranslator>
#include <memory>

class QApplication;

namespace sluice::gui {

QPalette lightPalette();
QPalette darkPalette();

class Appearance : public QObject
{
    Q_OBJECT
public:
    explicit Appearance(QApplication *app, QObject *parent = nullptr);

    void applyTheme(Settings::Theme theme);
    void applyFontSize(int points);
    // "" = follow the system locale, "en" = the English source strings.
    // Returns false when no translation for the language is built in.
    bool applyLanguage(const QString &code);
    QString currentLanguage() const { return m_language; }
    bool isDark() const { return m_dark; }

    // Languages with a built-in translation, as (code, native name).
    static QList<QPair<QString, QString>> availableLanguages();

private:
    QApplication *m_app;
    std::unique_ptr<QTranslator> m_translator;
    std::unique_ptr<QTranslator> m_qtTranslator;
    QPalette m_systemPalette;
    QFont m_systemFont;
    QString m_language;
    bool m_dark = false;
};

} // namespace sluice::gui
