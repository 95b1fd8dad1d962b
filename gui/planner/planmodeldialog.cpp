#include "planner/planmodeldialog.h"

#include "common/errortext.h"
#include "planner/plannerwidget.h"
#include "app/settings.h"
#include "common/uihelpers.h"

#include <algorithm>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <cmath>
#include <random>
#include <unistd.h>

namespace sluice::gui {

namespace {

constexpr double kGiB = double(1ull << 30);

// A file to read back with O_DIRECT: written once, synced, pseudo-random
// (a virtual disk may compress or skip zeros). Runs on a pool thread.
QString writeTestFile(const QString &path, quint64 bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("sluice::gui::PlanModelDialog", "Cannot write the test file %1: %2")
            .arg(path, f.errorString());
    std::vector<quint64> block((8u << 20) / sizeof(quint64));
    std::mt19937_64 rng(1);
    for (quint64 &v : block)
        v = rng();
    for (quint64 done = 0; done < bytes;) {
        const quint64 n = std::min<quint64>(bytes - done, block.size() * sizeof(quint64));
        if (f.write(reinterpret_cast<const char *>(block.data()), qint64(n)) != qint64(n))
            return QCoreApplication::translate("sluice::gui::PlanModelDialog", "Cannot write the test file %1: %2")
                .arg(path, f.errorString());
        done += n;
    }
    f.flush();
    ::fsync(f.handle()); // the reads must come from the disk, not from pages being written
    return {};
}

} // namespace

PlanModelDialog::PlanModelDialog(Settings *settings, quint64 usableRamBytes, quint64 processBytes, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_machineRam(usableRamBytes)
    , m_processBytes(processBytes)
{
    buildWidgets();
    restoreChoices();
    connectChoices();
    connectMeasure();
    connect(m_panel, &PlannerPanel::planChanged, this, [this] { m_verdict->setText(verdictText()); });

    m_measureFolder = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    retranslate();
    replan();
}

void PlanModelDialog::buildWidgets()
{
    // Everything but Close scrolls (issue 30: 1,251 px tall, cut off on a
    // 1000 px screen); Close stays below the scroll area, always shown.
    auto *outer = new QVBoxLayout(this);
    m_content = new QWidget(this);
    auto *layout = new QVBoxLayout(m_content);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_model = new QComboBox(this);
    m_model->addItem(QString(), QStringLiteral("k3"));
    m_model->addItem(QString(), QStringLiteral("kimi-linear"));
    m_modelLabel = new QLabel(this);
    m_modelLabel->setBuddy(m_model);
    form->addRow(m_modelLabel, m_model);
    m_format = new QComboBox(this);
    m_formatLabel = new QLabel(this);
    m_formatLabel->setBuddy(m_format);
    form->addRow(m_formatLabel, m_format);
    m_ram = new QDoubleSpinBox(this);
    m_ram->setDecimals(2);
    m_ram->setRange(0.25, 1u << 20); // GiB
    m_ram->setSingleStep(1.0);
    m_ramLabel = new QLabel(this);
    m_ramLabel->setBuddy(m_ram);
    form->addRow(m_ramLabel, m_ram);
    layout->addLayout(form);
    m_measure = new QPushButton(this);
    layout->addWidget(m_measure);
    m_measureNote = makeHintLabel(this);
    layout->addWidget(m_measureNote);
    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_verdict->setFocusPolicy(Qt::StrongFocus);
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    layout->addWidget(m_verdict);
    m_panel = new PlannerPanel(this);
    // No model is open: nothing to apply, and the disk test is "Measure this machine".
    m_panel->applyButton()->hide();
    m_panel->diskTestButton()->hide();
    layout->addWidget(m_panel);
    layout->addStretch(1);
    outer->addWidget(makePageScrollArea(m_content, this), 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_buttons = buttons;
    m_close = buttons->button(QDialogButtonBox::Close);
    outer->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void PlanModelDialog::restoreChoices()
{
    m_updating = true;
    m_model->setCurrentIndex(std::max(0, m_model->findData(m_settings->planModel())));
    fillFormats();
    m_format->setCurrentIndex(std::max(0, m_format->findData(m_settings->planFormat())));
    const quint64 ram = m_settings->planRamBytes() ? m_settings->planRamBytes() : m_machineRam;
    m_ram->setValue(double(ram) / kGiB);
    const int ctx = m_panel->contextBox()->findData(m_settings->planContextLength());
    if (ctx >= 0)
        m_panel->contextBox()->setCurrentIndex(ctx);
    m_updating = false;
    if (m_settings->planDiskGBps() > 0)
        m_panel->setDiskSpeed(m_settings->planDiskGBps());
}

// A choice changed: the plan follows (not while the choices are being filled).
void PlanModelDialog::connectChoices()
{
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        m_updating = true;
        const QVariant format = m_format->currentData();
        fillFormats();
        m_format->setCurrentIndex(std::max(0, m_format->findData(format)));
        m_updating = false;
        replan();
    });
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            replan();
    });
    connect(m_ram, &QDoubleSpinBox::valueChanged, this, [this] {
        if (!m_updating)
            replan();
    });
    connect(m_panel->contextBox(), &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            replan();
    });
    connect(m_panel->diskSpeedField(), &QDoubleSpinBox::valueChanged, this, [this] { saveChoices(); });
}

// "Measure this machine": a test file written in the cache folder, then the
// panel's disk test reads it.
void PlanModelDialog::connectMeasure()
{
    connect(m_measure, &QPushButton::clicked, this, &PlanModelDialog::measureMachine);
    connect(&m_writer, &QFutureWatcher<QString>::finished, this, [this] {
        const QString error = m_writer.result();
        if (!error.isEmpty()) {
            m_measureDir.reset();
            m_measure->setEnabled(true);
            m_measureNote->setText(error);
            Q_EMIT measureFinished(false);
            return;
        }
        const QString file = m_measureDir->filePath(QStringLiteral("disk-test.bin"));
        m_panel->setDiskTestTarget(file, 2.0, m_shape ? m_shape->recordBytes : 0);
        m_panel->startDiskTest();
    });
    connect(m_panel, &PlannerPanel::diskTestFinished, this, [this](bool ok) {
        m_measureDir.reset(); // the test file goes with its folder
        m_panel->setDiskTestTarget(QString());
        m_measure->setEnabled(true);
        m_measureNote->setText(ok ? tr("Measured: %1 GB/s reading records of this model's size from the disk of %2.")
                                        .arg(QLocale().toString(m_panel->measuredGBps(), 'f', 2))
                                        .arg(m_measureFolder)
                                  : m_panel->diskResultText());
        if (ok)
            m_panel->setDiskSpeed(m_panel->measuredGBps());
        Q_EMIT measureFinished(ok);
    });
}

// The whole content when the screen has room, else the screen's available
// size: the content scrolls, Close stays shown.
QSize PlanModelDialog::sizeHint() const
{
    // From the content itself: a scroll area's own hint stops at 24 lines.
    const QMargins m = layout()->contentsMargins();
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    const QSize whole = m_content->sizeHint() +
        QSize(m.left() + m.right() + bar, m.top() + m.bottom() + layout()->spacing() + m_buttons->sizeHint().height());
    return whole.expandedTo(QSize(680, 0)).boundedTo(availableGeometryFor(this).size());
}

PlanModelDialog::~PlanModelDialog()
{
    m_writer.waitForFinished();
    m_panel->cancelJobs();
}

void PlanModelDialog::fillFormats()
{
    const bool k3 = m_model->currentData().toString() == QLatin1String("k3");
    m_format->clear();
    m_format->addItem(tr("Converted for Sluice (VQ3R container, 4-bit trunk)"), QStringLiteral("vq3r"));
    m_format->addItem(
        k3 ? tr("As published (MXFP4 experts, bf16 trunk)") : tr("As published (bf16)"), QStringLiteral("release"));
}

void PlanModelDialog::retranslate()
{
    setWindowTitle(tr("Plan a model"));
    m_modelLabel->setText(tr("&Model:"));
    m_model->setItemText(0, tr("Kimi K3"));
    m_model->setItemText(1, tr("Kimi-Linear 48B"));
    m_model->setAccessibleName(tr("Published model to plan"));
    m_formatLabel->setText(tr("&Format:"));
    m_format->setAccessibleName(tr("Format of the model on disk"));
    m_ramLabel->setText(tr("&RAM (GiB):"));
    m_ram->setAccessibleName(tr("RAM of the machine in GiB"));
    m_ram->setToolTip(
        tr("This machine's usable RAM is %1; type another machine's to plan for it").arg(formatBytes(m_machineRam)));
    m_measure->setText(tr("&Measure this machine's disk"));
    m_measure->setAccessibleName(tr("Measure this machine's disk speed"));
    m_measure->setToolTip(tr("Writes a test file to the app's cache folder and reads it back with O_DIRECT for a few "
                             "seconds, in records of this model's size"));
    m_verdict->setAccessibleName(tr("Does the model fit"));
}

void PlanModelDialog::saveChoices()
{
    if (m_updating)
        return;
    m_settings->setPlanModel(m_model->currentData().toString());
    m_settings->setPlanFormat(m_format->currentData().toString());
    const quint64 ram = quint64(std::llround(m_ram->value() * kGiB));
    // The machine's own RAM is not pinned: a move to a bigger machine follows it.
    m_settings->setPlanRamBytes(std::llabs(qint64(ram) - qint64(m_machineRam)) < qint64(kGiB / 100) ? 0 : ram);
    m_settings->setPlanDiskGBps(m_panel->diskSpeedField()->value());
    m_settings->setPlanContextLength(m_panel->chosenContext());
}

void PlanModelDialog::replan()
{
    saveChoices();
    const bool k3 = m_model->currentData().toString() == QLatin1String("k3");
    const bool release = m_format->currentData().toString() == QLatin1String("release");
    auto shape = builtinPlannerShape(k3 ? BuiltinModel::KimiK3 : BuiltinModel::KimiLinear,
        release ? BuiltinFormat::Release : BuiltinFormat::Container);
    m_default.reset();
    if (!shape) {
        m_shape.reset();
        m_panel->clearShape();
        m_panel->clearInputs(errorText(shape.status()));
        m_verdict->setText(verdictText());
        return;
    }
    if (!m_processBytes)
        if (auto p = estimateProcessBytes(shape->config))
            m_processBytes = *p;
    const quint64 ram = quint64(std::llround(m_ram->value() * kGiB));
    model::PlannerInputsOptions o;
    o.contextLength = m_panel->chosenContext();
    o.processBytes = m_processBytes;
    auto in = model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, o);
    if (!in) {
        m_shape.reset();
        m_panel->clearInputs(errorText(in.status()));
        m_verdict->setText(verdictText());
        return;
    }
    m_shape = std::move(*shape);
    PlanRequest r;
    r.processBytes = m_processBytes;
    r.contextLength = o.contextLength;
    r.usableRamBytes = ram;
    if (auto d = planBudget(*m_shape, r))
        m_default = std::move(*d);
    // The shape's name is the library's English; the two choices say the same in the UI language.
    m_panel->setModelName(m_model->currentText() + QStringLiteral(" · ") + m_format->currentText());
    m_panel->chooseBudget(0); // a new model, RAM or context starts from its own default
    m_panel->setShape(*m_shape, r);
    m_panel->setInputs(*in, ram, false);
    if (const auto &plan = m_panel->plan(); plan && m_default) {
        if (plan->floorBytes <= plan->capBytes)
            m_panel->chooseBudget(m_default->sizing.budgetBytes); // `plan --model`'s default budget
        else if (m_default->streamingFloorBytes <= plan->capBytes)
            // The trunk streams: start high (more layers resident) but, like
            // every default, under 3/4 of usable RAM (issue 31).
            m_panel->chooseBudget(std::max<quint64>(m_default->streamingFloorBytes, plan->defaultCapBytes));
    }
    m_verdict->setText(verdictText());
    Q_EMIT planned();
}

QString PlanModelDialog::verdictText() const
{
    if (!m_shape || !m_panel->plan())
        return tr("No plan for these choices.");
    const MemoryPlan &p = *m_panel->plan();
    QStringList lines;
    if (p.floorBytes <= p.capBytes && m_default) {
        lines << tr("Fits: default budget %1 (the model's floor plus the experts of %n token(s) in the cache).",
            nullptr, m_default->plan.defaultWorkingSets)
                     .arg(formatBytes(m_default->sizing.budgetBytes));
    } else if (m_default && m_default->streamingFloorBytes <= p.capBytes) {
        lines << tr("The whole trunk does not fit in 7/8 of this RAM (that needs %1 of RAM); with the trunk streamed "
                    "from disk it runs with a budget from %2 to %3.")
                     .arg(formatBytes(p.floorBytes + p.floorBytes / 7), formatBytes(m_default->streamingFloorBytes),
                         formatBytes(p.capBytes));
    } else {
        const quint64 lowest = m_default ? m_default->streamingFloorBytes : p.floorBytes;
        lines << tr(
            "Does not fit: even with the trunk streamed the floor %1 is above 7/8 of this RAM; it needs at least "
            "%2 of RAM.")
                     .arg(formatBytes(lowest), formatBytes(lowest + lowest / 7));
    }
    if (m_shape->diskBytes)
        lines << tr("Download (or converted size): %1.").arg(formatBytes(m_shape->diskBytes));
    return lines.join(QLatin1Char('\n'));
}

void PlanModelDialog::measureMachine()
{
    if (m_writer.isRunning() || m_panel->isDiskTestRunning())
        return;
    m_measureDir = std::make_unique<QTemporaryDir>(m_measureFolder + QStringLiteral("/sluice-disktest-XXXXXX"));
    if (!m_measureDir->isValid()) {
        m_measureNote->setText(tr("Cannot create a test folder in %1.").arg(m_measureFolder));
        m_measureDir.reset();
        Q_EMIT measureFinished(false);
        return;
    }
    m_measure->setEnabled(false);
    m_measureNote->setText(tr("Writing a %1 test file…").arg(formatBytes(m_measureBytes)));
    m_writer.setFuture(
        QtConcurrent::run(writeTestFile, m_measureDir->filePath(QStringLiteral("disk-test.bin")), m_measureBytes));
}

} // namespace sluice::gui
