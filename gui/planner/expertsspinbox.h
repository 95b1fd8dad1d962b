#pragma once
// Experts per token, from 1 up to the model's own: the top value is the
// default and reads as such ("The model's own (8)"), so the box opens at its
// top, Down trades quality for speed, and Up never leaves the default.
// (A QSpinBox's special value text can only name its minimum.)
#include <QSpinBox>

namespace sluice::gui {

class ExpertsSpinBox : public QSpinBox {
public:
    using QSpinBox::QSpinBox;
    // The text shown for the maximum (the model's own value).
    void setOwnText(const QString &text);

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString &text) const override;
    QValidator::State validate(QString &text, int &pos) const override;

private:
    QString m_ownText;
};

} // namespace sluice::gui
