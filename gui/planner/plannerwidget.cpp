#include "planner/plannerwidget.h"

#include "api/budget.h"

#include "common/uihelpers.h"
#include "planner/expertsspinbox.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QTimer>
#include <QFormLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace sluice::gui {

PlannerBar::PlannerBar(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(80);
    setFocusPolicy(Qt::NoFocus);
}

void PlannerBar::clear()
{
    m_segments.clear();
    m_scale = m_floor = m_riskFrom = m_usable = 0;
    updateStacking();
    update();
}

void PlannerBar::setPlan(const MemoryPlan &plan, const std::optional<CacheSizing> &sizing, quint64 unit, quint64 zoomTo,
                         const model::TrunkSplit *split, quint64 residentFloor)
{
    m_segments.clear();
    m_unit = unit;
    m_streaming = split && split->streaming();
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    auto add = [&](const QString &label, quint64 bytes, QColor c) {
        if (dark)
            c = c.lighter(115);
        m_segments.append({label, bytes, c});
    };
    // The budget covers the whole process (issue 15): the app's own memory is a floor term too.
    if (plan.processBytes)
        add(tr("The app itself"), plan.processBytes, QColor(0x4a, 0x55, 0x68));
    if (m_streaming) {
        // Small-RAM mode: the pinned prefix in RAM, the later layers read from
        // disk every token through two staging slots (drawn on their own).
        // lm_head streamed too (in row blocks through the same slots): said on both segments.
        add(split->lmHeadStreamed
                ? tr("Trunk in RAM (%1 of %2 layers; lm_head streamed)").arg(split->residentLayers).arg(split->layers)
                : tr("Trunk in RAM (%1 of %2 layers)").arg(split->residentLayers).arg(split->layers),
            plan.trunkBytes, QColor(0x2b, 0x6c, 0xb0));
        add(split->lmHeadStreamed ? tr("Trunk staging (streamed layers and lm_head)") : tr("Trunk staging (streamed layers)"),
            split->stagingBytes, QColor(0x63, 0xb3, 0xed));
    } else {
        add(tr("Trunk"), plan.trunkBytes, QColor(0x2b, 0x6c, 0xb0));
    }
    add(tr("Attention state / KV"), plan.stateBytes, QColor(0x80, 0x5a, 0xd5));
    add(tr("Scratch"), m_streaming ? plan.scratchBytes - split->stagingBytes : plan.scratchBytes, QColor(0x71, 0x80, 0x96));
    if (plan.visionBytes)
        add(tr("Vision"), plan.visionBytes, QColor(0xd5, 0x3f, 0x8c));
    quint64 budget = plan.floorBytes;
    if (sizing) {
        // The planner's identity: budget = process + trunk + state + scratch + vision + cache index + cache.
        // Once every record of the model fits, more cache is memory nobody reads:
        // the bar draws what the engine allocates and the rest as unused.
        const quint64 full = fullCacheBudget(plan);
        if (full && sizing->budgetBytes > full && sizing->engineBytes < sizing->budgetBytes) {
            add(tr("Expert cache (every expert)"), sizing->slotBufferBytes + sizing->indexBytes, QColor(0xdd, 0x6b, 0x20));
            add(tr("Unused budget"), sizing->budgetBytes - sizing->engineBytes, QColor(0xa0, 0xae, 0xc0));
        } else {
            add(tr("Expert cache"), sizing->cacheBytes + plan.cacheIndexBytes, QColor(0xdd, 0x6b, 0x20));
        }
        budget = sizing->budgetBytes;
    }
    const quint64 usable = plan.usableRamBytes;
    add(tr("Free headroom"), usable > budget ? usable - budget : 0, QColor(0x38, 0xa1, 0x69));
    m_usable = usable;
    m_scale = std::max(usable, budget);
    if (zoomTo > 0 && zoomTo < m_scale)
        m_scale = std::max(zoomTo, budget);
    m_floor = m_streaming && residentFloor ? residentFloor : plan.floorBytes;
    m_riskFrom = plan.capBytes;
    setAccessibleDescription(tr("Budget %1 of %2 usable RAM; floor %3")
                                 .arg(formatBytesIn(budget, m_unit), formatBytesIn(usable, m_unit), formatBytesIn(plan.floorBytes, m_unit)));
    updateStacking();
    update();
}

void PlannerBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF area = barArea();
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRoundedRect(area, 4, 4);
    if (m_scale == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter, tr("No plan"));
        return;
    }
    auto xOf = [&](quint64 bytes) { return area.left() + area.width() * (double(bytes) / double(m_scale)); };

    QPainterPath clip;
    clip.addRoundedRect(area, 4, 4);
    p.save();
    p.setClipPath(clip);
    quint64 at = 0;
    for (const Segment &s : m_segments) {
        const QRectF r(QPointF(xOf(at), area.top()), QPointF(xOf(at + s.bytes), area.bottom()));
        p.fillRect(r, s.color);
        at += s.bytes;
    }
    // Paging-risk zone: above 7/8 of usable RAM the OS starts to evict the page cache we stream from.
    if (m_riskFrom > 0 && m_riskFrom < m_scale) {
        const QRectF risk(QPointF(xOf(m_riskFrom), area.top()), QPointF(area.right(), area.bottom()));
        QColor hatch = QColor(0xe5, 0x3e, 0x3e);
        p.fillRect(risk, QBrush(hatch, Qt::BDiagPattern));
        hatch.setAlpha(50);
        p.fillRect(risk, hatch);
    }
    p.restore();

    p.setFont(labelFont());
    // Floor marker (off the right edge when the trunk streams on a machine that cannot hold it whole).
    if (m_floor <= m_scale) {
        const double fx = xOf(m_floor);
        p.setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::SolidLine));
        p.drawLine(QPointF(fx, area.top() - 4), QPointF(fx, area.bottom() + 4));
    }
    for (const Label &l : labels()) {
        p.setPen(l.color);
        p.drawText(l.rect, Qt::AlignHCenter | Qt::AlignVCenter, l.text);
    }
}

QFont PlannerBar::labelFont() const
{
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
    return small;
}

QString PlannerBar::floorText() const
{
    const bool offScale = m_floor > m_scale;
    return m_streaming ? (offScale ? tr("whole trunk in RAM from %1 →") : tr("whole trunk in RAM from %1"))
                             .arg(formatBytesIn(m_floor, m_unit))
                       : tr("floor %1").arg(formatBytesIn(m_floor, m_unit));
}

QString PlannerBar::usableText() const
{
    return m_scale < m_usable
               ? tr("showing %1 of %2 usable RAM").arg(formatBytesIn(m_scale, m_unit), formatBytesIn(m_usable, m_unit))
               : tr("usable RAM %1").arg(formatBytesIn(m_usable, m_unit));
}

QString PlannerBar::riskText() const { return tr("paging risk above 7/8"); }

// Measured, not guessed: "RAM utilisable 64,00 Gio" and "risque de pagination
// au-delà de 7/8" overlapped in a French side panel 300 px wide.
bool PlannerBar::labelsStacked(int width) const
{
    if (m_scale == 0 || !hasRisk())
        return false;
    const QFontMetricsF fm(labelFont());
    return fm.horizontalAdvance(usableText()) + fm.horizontalAdvance(riskText()) + 12 > width - 2;
}

int PlannerBar::extraLabelHeight() const
{
    return m_stacked ? int(std::ceil(QFontMetricsF(labelFont()).height())) + 2 : 0;
}

void PlannerBar::updateStacking()
{
    const bool stacked = labelsStacked(width());
    if (stacked == m_stacked)
        return;
    m_stacked = stacked;
    updateGeometry(); // one line taller or shorter
}

void PlannerBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateStacking();
}

QRectF PlannerBar::barArea() const { return QRectF(rect()).adjusted(1, 18, -1, -22 - extraLabelHeight()); }

// The floor's label above the bar centred on its marker (kept inside the
// widget), the usable RAM under it at the left, the paging risk at the right
// of that line or, when both do not fit side by side, on the line below.
QList<PlannerBar::Label> PlannerBar::labels() const
{
    QList<Label> out;
    if (m_scale == 0)
        return out;
    const QRectF area = barArea();
    const QFontMetricsF fm(labelFont());
    const double line = fm.height();
    auto fitted = [&](const QString &text) { return fm.elidedText(text, Qt::ElideRight, area.width()); };
    const QColor ink = palette().color(QPalette::WindowText);
    const double fx = m_floor > m_scale ? area.right() : area.left() + area.width() * (double(m_floor) / double(m_scale));
    const QString floor = fitted(floorText());
    const double fw = fm.horizontalAdvance(floor) + 4;
    const double tx = std::clamp(fx - fw / 2, 0.0, std::max(0.0, double(width()) - fw));
    out.append({QRectF(tx, std::max(0.0, 16 - line), fw, line), floor, ink});
    const double below = area.bottom() + 4;
    const QString usable = fitted(usableText());
    out.append({QRectF(area.left(), below, fm.horizontalAdvance(usable), line), usable, ink});
    if (hasRisk()) {
        const QString risk = fitted(riskText());
        const double rw = fm.horizontalAdvance(risk);
        const double y = labelsStacked(width()) ? below + line + 2 : below;
        out.append({QRectF(area.right() - rw, y, rw, line), risk, QColor(0xe5, 0x3e, 0x3e)});
    }
    return out;
}

QList<QRectF> PlannerBar::labelRects() const
{
    QList<QRectF> out;
    for (const Label &l : labels())
        out.append(l.rect);
    return out;
}

PlannerPanel::PlannerPanel(QWidget *parent)
    : SidePanel(parent)
    , m_model(new PlannerModel(this))
{
    auto *layout = new QVBoxLayout(this);
    m_title = makeTitleLabel(this);
    layout->addWidget(m_title);
    m_empty = makeHintLabel(this);
    layout->addWidget(m_empty);

    m_controls = new QWidget(this);
    auto *cl = new QVBoxLayout(m_controls);
    cl->setContentsMargins(0, 0, 0, 0);
    m_bar = new PlannerBar(m_controls);
    cl->addWidget(m_bar);
    m_legend = new QLabel(m_controls);
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    cl->addWidget(m_legend);

    cl->addLayout(buildForm());

    m_figures = new QLabel(m_controls);
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_figures->setFocusPolicy(Qt::StrongFocus);
    cl->addWidget(m_figures);
    buildActions(cl);
    layout->addWidget(m_controls);
    layout->addStretch(1);

    connect(m_diskTest, &QPushButton::clicked, this, &PlannerPanel::startDiskTest);
    connect(m_cancelJob, &QPushButton::clicked, this, &PlannerPanel::cancelJobs);
    connectControls();
    connectModel();
    retranslate();
    clearInputs(QString());
}

// The context, budget (slider and field) and disk-speed rows.
QFormLayout *PlannerPanel::buildForm()
{
    auto *form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // long translated labels go above their field
    m_context = new QComboBox(m_controls);
    for (int c : PlannerModel::contexts())
        m_context->addItem(QLocale().toString(c), c);
    m_context->setCurrentIndex(std::max<int>(0, PlannerModel::contexts().indexOf(m_model->context())));
    m_contextLabel = new QLabel(m_controls);
    m_contextLabel->setBuddy(m_context);
    form->addRow(m_contextLabel, m_context);
    m_slider = new QSlider(Qt::Horizontal, m_controls);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setPageStep(1);
    m_sliderLabel = new QLabel(m_controls);
    m_sliderLabel->setBuddy(m_slider);
    form->addRow(m_sliderLabel, m_slider);
    m_field = new QDoubleSpinBox(m_controls);
    m_field->setDecimals(2);
    m_field->setSingleStep(0.25);
    m_fieldLabel = new QLabel(m_controls);
    m_fieldLabel->setBuddy(m_field);
    form->addRow(m_fieldLabel, m_field);
    // Experts per token beside the budget: both trade memory and disk reads
    // against something (the budget against RAM, this against quality).
    m_experts = new ExpertsSpinBox(m_controls);
    m_experts->setRange(0, 0);
    m_experts->setEnabled(false);
    m_expertsLabel = new QLabel(m_controls);
    m_expertsLabel->setBuddy(m_experts);
    form->addRow(m_expertsLabel, m_experts);
    m_diskSpeed = new QDoubleSpinBox(m_controls);
    m_diskSpeed->setDecimals(2);
    m_diskSpeed->setRange(0.0, 1000.0);
    m_diskSpeed->setSingleStep(0.25);
    m_diskSpeed->setSpecialValueText(QStringLiteral("—")); // 0: not known yet
    m_diskSpeedLabel = new QLabel(m_controls);
    m_diskSpeedLabel->setBuddy(m_diskSpeed);
    form->addRow(m_diskSpeedLabel, m_diskSpeed);
    return form;
}

// Apply, the disk test with its progress and Cancel, and the result lines.
void PlannerPanel::buildActions(QVBoxLayout *cl)
{
    m_apply = new QPushButton(m_controls);
    cl->addWidget(m_apply);
    auto *jobRow = new QHBoxLayout;
    m_diskTest = new QPushButton(m_controls);
    m_diskTest->setEnabled(false); // until there is something to read
    jobRow->addWidget(m_diskTest);
    m_jobProgress = new QProgressBar(m_controls);
    m_jobProgress->setRange(0, 100);
    m_jobProgress->hide();
    jobRow->addWidget(m_jobProgress, 1);
    m_cancelJob = new QPushButton(m_controls);
    m_cancelJob->hide();
    jobRow->addWidget(m_cancelJob);
    cl->addLayout(jobRow);
    m_diskResult = new QLabel(m_controls);
    m_diskResult->setWordWrap(true);
    m_diskResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cl->addWidget(m_diskResult);
    m_estimate = makeHintLabel(m_controls);
    cl->addWidget(m_estimate);
}

// The controls hand what the user chose to the model; Apply hands the budget to the window.
void PlannerPanel::connectControls()
{
    connect(m_context, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            m_model->setContext(m_context->currentData().toInt());
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int k) {
        if (m_updating || !m_model->plan())
            return;
        m_fromSlider = true;
        m_model->setChosenBudget(m_model->budgetAtStep(k));
        m_fromSlider = false;
    });
    connect(m_diskSpeed, &QDoubleSpinBox::valueChanged, this, [this](double gbps) {
        if (!m_updating)
            m_model->setDiskSpeed(gbps);
    });
    connect(m_field, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (!m_updating)
            m_model->setChosenBudget(quint64(std::llround(value * double(m_model->unitBytes()))));
    });
    connect(m_experts, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_updating)
            m_model->setChosenExpertsPerToken(value);
    });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (m_model->sizing() && m_model->plan() && m_model->chosenBudget() >= m_model->lowestBudget())
            Q_EMIT applyRequested(m_model->chosenBudget(), m_model->context());
    });
}

// The model's changes onto the widgets.
void PlannerPanel::connectModel()
{
    connect(m_model, &PlannerModel::planChanged, this, &PlannerPanel::syncRanges);
    connect(m_model, &PlannerModel::budgetChanged, this, &PlannerPanel::syncBudget);
    connect(m_model, &PlannerModel::figuresChanged, this, &PlannerPanel::refresh);
    connect(m_model, &PlannerModel::contextChanged, this, [this](int ctx) {
        const int idx = m_context->findData(ctx);
        if (idx < 0)
            return;
        m_updating = true;
        m_context->setCurrentIndex(idx);
        m_updating = false;
    });
    connect(m_model, &PlannerModel::diskSpeedChanged, this, [this](double gbps) {
        m_updating = true;
        m_diskSpeed->setValue(gbps);
        m_updating = false;
        m_diskResult->setText(diskResultText());
        m_diskResult->setVisible(!m_diskResult->text().isEmpty());
    });
    connect(m_model, &PlannerModel::diskTestProgress, m_jobProgress, &QProgressBar::setValue);
    connect(m_model, &PlannerModel::diskTestFinished, this, [this](bool ok) {
        updateJobControls();
        m_diskResult->setText(diskResultText());
        m_diskResult->setVisible(!m_diskResult->text().isEmpty());
        Q_EMIT diskTestFinished(ok);
    });
    connect(m_model, &PlannerModel::estimateReady, this, [this] {
        m_estimate->setText(estimateLabelText());
        Q_EMIT estimateReady();
    });
}

void PlannerPanel::updateJobControls()
{
    const bool running = m_model->isDiskTestRunning();
    m_jobProgress->setVisible(running);
    m_cancelJob->setVisible(running);
    m_diskTest->setEnabled(m_model->hasDiskTestTarget() && !running);
}

void PlannerPanel::setDiskTestTarget(const QString &target, double seconds, quint64 recordBytes)
{
    m_model->setDiskTestTarget(target, seconds, recordBytes);
    m_diskTest->setEnabled(!target.isEmpty() && !m_model->isDiskTestRunning());
}

void PlannerPanel::startDiskTest()
{
    if (!m_model->startDiskTest())
        return;
    m_jobProgress->setValue(0);
    updateJobControls();
    m_diskResult->setText(tr("Measuring disk speed…"));
    m_diskResult->show();
}

void PlannerPanel::cancelJobs() { m_model->cancelJobs(); }

QString PlannerPanel::diskResultText() const
{
    if (m_model->diskTestCancelled())
        return tr("Disk test cancelled.");
    if (!m_model->diskError().isEmpty())
        return m_model->diskError();
    const double gbps = m_model->diskGBps();
    if (gbps <= 0)
        return QString();
    if (m_model->diskSpeedTyped())
        return tr("Disk: %1 GB/s (typed)").arg(QLocale().toString(gbps, 'f', 2));
    return m_model->diskDirectIo() ? tr("Disk: %1 GB/s (O_DIRECT record reads)").arg(QLocale().toString(gbps, 'f', 2))
                                   : tr("Disk: %1 GB/s (the file system refused O_DIRECT: this may be RAM speed)")
                                         .arg(QLocale().toString(gbps, 'f', 2));
}

QString PlannerPanel::estimateLabelText() const
{
    if (m_model->estimate())
        return estimateText(*m_model->estimate(), m_modelName);
    if (m_model->tracePath().isEmpty())
        return tr("The tok/s estimate needs a routing trace (*.jsonl); none was found.");
    return tr("Test the disk speed for an estimate of tokens per second.");
}

void PlannerPanel::retranslate()
{
    m_title->setText(tr("Memory budget"));
    m_contextLabel->setText(tr("&Context length:"));
    // The language switch also changes the number format ("4,096" / "4 096").
    for (int i = 0; i < m_context->count(); ++i)
        m_context->setItemText(i, QLocale().toString(m_context->itemData(i).toInt()));
    m_context->setAccessibleName(tr("Context length in tokens"));
    m_context->setToolTip(tr("The attention cache is preallocated for this many tokens"));
    m_sliderLabel->setText(tr("&Budget:"));
    m_slider->setAccessibleName(tr("Budget, from the floor up"));
    m_slider->setToolTip(tr("Each step adds room in the expert cache for the experts of %n token(s)", nullptr, m_model->stepSets()));
    const bool mib = m_model->unitBytes() < (1ull << 30);
    m_fieldLabel->setText(mib ? tr("Budget (&MiB):") : tr("Budget (&GiB):"));
    m_field->setAccessibleName(mib ? tr("Precise budget in MiB") : tr("Precise budget in GiB"));
    m_diskTest->setText(tr("Test disk speed"));
    m_diskTest->setAccessibleName(tr("Test disk speed"));
    m_diskTest->setToolTip(tr("Reads the model's largest expert bank for a few seconds with O_DIRECT, "
                              "like `sluice-cli diskbench`"));
    m_cancelJob->setText(tr("Cancel"));
    m_cancelJob->setAccessibleName(tr("Cancel the disk test"));
    m_jobProgress->setAccessibleName(tr("Disk test progress"));
    m_diskResult->setAccessibleName(tr("Disk speed"));
    m_expertsLabel->setText(tr("E&xperts per token:"));
    m_experts->setAccessibleName(tr("Experts per token"));
    const int topK = m_model->modelTopK();
    m_experts->setOwnText(topK > 0 ? tr("The model's own (%1)").arg(topK) : tr("The model's own"));
    m_experts->setToolTip(tr("How many routed experts each token uses. Fewer read and compute less per token, so "
                             "tokens come faster and a smaller budget suffices, but the output drifts from the "
                             "full model's (docs/model.md has the measured cost). Changing it reopens the model."));
    m_diskSpeedLabel->setText(tr("Disk &speed (GB/s):"));
    m_diskSpeed->setAccessibleName(tr("Disk read speed in gigabytes per second"));
    m_diskSpeed->setToolTip(tr("Type the disk's read speed, or test it: the predicted speed is computed from it"));
    m_diskResult->setText(diskResultText());
    m_diskResult->setVisible(!m_diskResult->text().isEmpty());
    m_estimate->setAccessibleName(tr("Estimated tokens per second"));
    m_estimate->setText(estimateLabelText());
    m_bar->setAccessibleName(tr("Memory budget bar"));
    m_figures->setAccessibleName(tr("Budget figures"));
    m_empty->setAccessibleName(tr("Budget planner status"));
    m_empty->setText(emptyText()); // clearInputs set it in the language of the time
    refresh();
}

// The empty tab's text: the reason given, else what the tab is for (in the language shown now).
QString PlannerPanel::emptyText() const
{
    return m_emptyReason.isEmpty() ? tr("The budget planner shows how the RAM budget splits into trunk, attention "
                                        "state, scratch and expert cache once a model is chosen.")
                                   : m_emptyReason;
}

void PlannerPanel::clearInputs(const QString &why)
{
    m_model->clearInputs();
    m_bar->clear();
    m_controls->hide();
    m_emptyReason = why;
    m_empty->setText(emptyText());
    m_empty->show();
}

void PlannerPanel::setInputs(const PlannerInputs &inputs, quint64 usableRamBytes, bool modelOpen)
{
    m_empty->hide();
    m_controls->show();
    m_model->setInputs(inputs, usableRamBytes, modelOpen);
}

void PlannerPanel::setShape(const PlannerShape &shape, const PlanRequest &request) { m_model->setShape(shape, request); }

void PlannerPanel::clearShape() { m_model->clearShape(); }

void PlannerPanel::setCurrentBudget(quint64 budgetBytes, int contextLength)
{
    m_model->setCurrentBudget(budgetBytes, contextLength);
}

void PlannerPanel::setOpenModelTerms(quint64 decodeFloorBytes, quint64 fixedAtOpenBytes, quint64 liveMaxBytes)
{
    m_model->setOpenModelTerms(decodeFloorBytes, fixedAtOpenBytes, liveMaxBytes);
}

void PlannerPanel::setReopenProcessBytes(quint64 bytes) { m_model->setReopenProcessBytes(bytes); }

void PlannerPanel::setOpenModelSplit(int residentLayers, int layers, bool lmHeadStreamed)
{
    m_model->setOpenModelSplit(residentLayers, layers, lmHeadStreamed);
}

void PlannerPanel::setExpertsPerToken(int modelTopK, int openExpertsPerToken)
{
    m_model->setExpertsPerToken(modelTopK, openExpertsPerToken);
    const int topK = m_model->modelTopK();
    const int open = m_model->openExpertsPerToken();
    m_updating = true;
    m_experts->setRange(std::min(1, topK), topK); // the top is the model's own
    m_experts->setValue(open > 0 ? open : topK);
    m_experts->setEnabled(topK > 1);
    m_updating = false;
    retranslate(); // the special value names the model's own
}

// A new plan: the slider's steps and the field's unit and range follow it.
void PlannerPanel::syncRanges()
{
    if (!m_model->plan())
        return;
    const quint64 unit = m_model->unitBytes();
    const int maxK = m_model->maxSteps();
    m_updating = true;
    m_slider->setRange(-m_model->streamSteps(), maxK);
    m_slider->setTickInterval(std::max(1, maxK / 10));
    const bool mib = unit < (1ull << 30);
    m_field->setSuffix(QString());
    m_field->setDecimals(mib ? 1 : 2);
    m_field->setSingleStep(mib ? 1.0 : 0.25);
    m_field->setRange(0.0, double(m_model->maxBudget()) / double(unit));
    m_updating = false;
    retranslate();
}

// The chosen budget on the slider (unless the slider chose it) and the field.
void PlannerPanel::syncBudget()
{
    if (!m_model->plan())
        return;
    const quint64 bytes = m_model->chosenBudget();
    const double unit = double(m_model->unitBytes());
    m_updating = true;
    if (!m_fromSlider && m_model->stepBytes() > 0)
        m_slider->setValue(m_model->stepAt(bytes));
    if (m_fromSlider || std::llround(m_field->value() * unit) != std::llround(double(bytes)))
        m_field->setValue(double(bytes) / unit);
    m_updating = false;
}

QString PlannerPanel::figuresText() const { return m_figures->text(); }

void PlannerPanel::setModelName(const QString &name)
{
    m_modelName = name;
    refresh();
    m_estimate->setText(estimateLabelText());
}

void PlannerPanel::setDiskSpeed(double gbps)
{
    m_diskSpeed->setValue(gbps); // valueChanged hands it to the model
}

void PlannerPanel::chooseBudget(quint64 bytes) { m_model->chooseBudget(bytes); }

void PlannerPanel::refresh()
{
    // Planned from the model's shape only (the inputs alone hold the model's own top-k).
    m_experts->setEnabled(m_model->modelTopK() > 1 && m_model->hasShape());
    if (!m_model->hasInputs())
        return;
    if (!m_model->plan()) {
        m_bar->clear();
        m_figures->setText(tr("The planner refused these inputs: %1").arg(m_model->error()));
        m_apply->setEnabled(false);
        return;
    }
    const MemoryPlan &p = *m_model->plan();
    const quint64 unit = m_model->unitBytes();
    const quint64 usable = m_model->usableRamBytes();
    const quint64 maxBudget = m_model->maxBudget();
    // A model that needs a sliver of RAM would be an invisible line on a
    // usable-RAM scale: zoom to a little beyond its largest useful budget.
    const quint64 zoom = maxBudget > 0 && usable > 8 * maxBudget ? maxBudget + maxBudget / 4 : 0;
    if (const auto &bp = m_model->budgetPlan())
        m_bar->setPlan(bp->plan, m_model->sizing(), unit, zoom, &bp->split, bp->residentFloorBytes);
    else
        m_bar->setPlan(p, m_model->sizing(), unit, zoom);
    auto size = [unit](quint64 bytes) { return formatBytesIn(bytes, unit); };
    QString legend;
    for (const PlannerBar::Segment &s : m_bar->segments())
        legend += QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2 %3&nbsp;&nbsp; ")
                      .arg(s.color.name(), s.label.toHtmlEscaped(), size(s.bytes));
    m_legend->setText(legend);

    QStringList lines;
    if (!m_modelName.isEmpty())
        lines << tr("Model: %1").arg(m_modelName);
    appendFloorLines(lines, p);
    lines << tr("Experts one token reads: %1").arg(size(p.workingSetBytes));
    lines << tr("Recommended: %1 · default here: %2").arg(size(p.recommendedBytes), size(p.defaultBudgetBytes));
    const quint64 full = fullCacheBudget(p);
    if (full && full <= maxBudget)
        lines << tr("Every expert of the model fits in the cache from %1 on").arg(size(full));
    appendBudgetLines(lines, p);
    const quint64 streamingFloor = m_model->streamingFloor();
    const bool streams = streamingFloor && streamingFloor <= p.capBytes; // runs, with the trunk streamed
    if (p.defaultWorkingSets == 0 && !(streams && p.floorBytes > p.capBytes)) {
        lines << (p.floorBytes > p.usableRamBytes
                      ? tr("Warning: the floor %1 is more than usable RAM %2; the model will page or be killed.")
                            .arg(size(p.floorBytes), size(p.usableRamBytes))
                      : tr("Warning: the floor and the experts of one token (%1) do not fit in 3/4 of usable RAM "
                           "(%2); expect mostly cache misses.")
                            .arg(size(p.floorBytes + p.workingSetBytes), size(p.defaultCapBytes)));
    }
    m_figures->setText(lines.join(QLatin1Char('\n')));
    updateApplyButton();
    // With a shape the prediction is the model's (the same figures as `sluice-cli plan --disk-gbps`).
    m_estimate->setText(m_model->hasShape() ? speedText() : estimateLabelText());
    Q_EMIT planChanged();
}

// The floor's lines of the figures: which floor, and the experts per token it is for.
void PlannerPanel::appendFloorLines(QStringList &lines, const MemoryPlan &p) const
{
    const quint64 unit = m_model->unitBytes();
    auto size = [unit](quint64 bytes) { return formatBytesIn(bytes, unit); };
    if (m_model->liveTermsInPlan())
        lines << tr("Floor: %1 (the least the open model can run in; reopen it for down to %2)")
                     .arg(size(p.floorBytes), size(m_model->reopenFloor()));
    else if (m_model->streamingFloor())
        lines << tr("Floor: %1 with the whole trunk in RAM; down to %2 with the trunk streamed from disk "
                    "(slower: the streamed layers are read every token)")
                     .arg(size(p.floorBytes), size(m_model->streamingFloor()));
    else
        lines << tr("Floor: %1 (the least the model can run in)").arg(size(p.floorBytes));
    const int experts = m_model->chosenExpertsPerToken();
    if (experts > 0 && m_model->hasShape())
        lines << tr("Experts per token: %1 of the model's %2 (faster, at a quality cost)")
                     .arg(experts)
                     .arg(m_model->modelTopK());
    if (const quint64 openFloor = m_model->reopenFloorAtOpenExperts()) {
        // Issue 30: the floor above is a reopen's (process measured now plus
        // the margin, api/budget.h); the open model's live floor has neither,
        // so comparing the two looked like fewer experts raising the floor.
        const int openK = m_model->openExpertsPerToken() > 0 ? m_model->openExpertsPerToken() : m_model->modelTopK();
        lines << tr("This floor is a reopen's: the app measured again now plus the safety margin a reopen plans "
                    "with; a reopen with the open model's %1 experts per token would need %2. The open model's "
                    "own floor is lower because a live change measures nothing and needs no margin.")
                     .arg(openK)
                     .arg(size(openFloor));
    }
}

// The budget's lines of the figures: the cache it buys and the trunk's split.
void PlannerPanel::appendBudgetLines(QStringList &lines, const MemoryPlan &p) const
{
    const quint64 unit = m_model->unitBytes();
    auto size = [unit](quint64 bytes) { return formatBytesIn(bytes, unit); };
    const auto &sizing = m_model->sizing();
    const auto &bp = m_model->budgetPlan();
    if (sizing) {
        lines << tr("Budget: %1 → expert cache %2 (%n slot(s))", nullptr, sizing->slotCount)
                     .arg(size(sizing->budgetBytes), size(sizing->slotBufferBytes));
        if (bp && bp->split.streaming()) {
            const model::TrunkSplit &sp = bp->split;
            lines << tr("Trunk: %1 of %2 layers in RAM (%3); %4 read from disk every token")
                         .arg(sp.residentLayers)
                         .arg(sp.layers)
                         .arg(size(bp->plan.trunkBytes), size(sp.readBytesPerToken));
            if (sp.lmHeadStreamed)
                lines << tr("lm_head: streamed from disk in row blocks (%1 of that every token)").arg(size(sp.lmHeadReadBytes));
        } else if (bp) {
            lines << tr("Trunk: all %1 layers in RAM (%2)").arg(bp->split.layers).arg(size(p.trunkBytes));
        }
        if (sizing->budgetBytes > p.capBytes)
            lines << tr("Warning: the budget is above 7/8 of usable RAM (%1); the system may page out the cache.")
                         .arg(size(p.capBytes));
    } else {
        lines << tr("Not allowed: %1").arg(m_model->error());
    }
}

void PlannerPanel::updateApplyButton()
{
    const bool live = m_model->appliesLive();
    m_apply->setEnabled(m_model->canApply());
    m_apply->setText(live ? tr("&Apply") : tr("&Apply and reopen model"));
    m_apply->setAccessibleName(live ? tr("Apply the budget to the open model") : tr("Apply the budget and reopen the model"));
    m_apply->setToolTip(m_model->sizing() ? QString() : tr("The budget is below the floor; raise it to apply."));
}

QString PlannerPanel::speedText() const
{
    if (m_model->speedNeedsTrace())
        return tr("The predicted speed needs a routing trace (*.jsonl); none was found.");
    if (!m_model->speedError().isEmpty())
        return m_model->speedError();
    const auto &speed = m_model->speed();
    if (!speed)
        return m_model->diskGBps() > 0 ? QString() : tr("Type the disk speed or test it for the predicted speed.");
    const SpeedFigures &f = *speed;
    const double s = f.totalSecondsPerTokenWarm;
    const QString rate = s > 0
        ? tr("%1 s/token (%2 tokens/s)").arg(QLocale().toString(s, 'f', 2), QLocale().toString(1.0 / s, 'f', 2))
        : tr("no disk reads once warm");
    auto gb = [](double bytes) { return QLocale().toString(bytes / 1e9, 'f', 2); }; // the UI language's decimal mark
    QString text = tr("Predicted speed at %1 GB/s if the disk is the limit: %2; %3 GB read per token")
                       .arg(gb(f.diskBytesPerSecond))
                       .arg(rate, gb(f.totalBytesPerTokenWarm));
    if (f.trunkBytesPerToken)
        text += tr(" (%1 GB of expert misses, %2 GB of streamed trunk)").arg(gb(f.experts.bytesPerTokenWarm), gb(double(f.trunkBytesPerToken)));
    text += tr(". Expert hit rate %1% once warm (routing trace %2, another model's, scaled to this one).")
                .arg(QLocale().toString(100.0 * f.experts.warmHitRate, 'f', 1))
                .arg(QString::fromStdString(f.experts.traceName));
    return text;
}

} // namespace sluice::gui
