#include "planner/expertsspinbox.h"

#include <QLineEdit>

namespace sluice::gui {

void ExpertsSpinBox::setOwnText(const QString &text)
{
    m_ownText = text;
    lineEdit()->setText(textFromValue(value())); // a language switch shows at once
}

QString ExpertsSpinBox::textFromValue(int value) const
{
    return value == maximum() && !m_ownText.isEmpty() ? m_ownText : QSpinBox::textFromValue(value);
}

int ExpertsSpinBox::valueFromText(const QString &text) const
{
    return text == m_ownText ? maximum() : QSpinBox::valueFromText(text);
}

QValidator::State ExpertsSpinBox::validate(QString &text, int &pos) const
{
    if (!m_ownText.isEmpty() && text == m_ownText)
        return QValidator::Acceptable;
    if (!m_ownText.isEmpty() && m_ownText.startsWith(text))
        return QValidator::Intermediate; // typing or erasing the own text
    return QSpinBox::validate(text, pos);
}

} // namespace sluice::gui
