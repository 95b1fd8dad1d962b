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

namespace {
const int kContexts[] = {4096, 8192, 16384, 32768, 65536, 131072, 262144, 1048576};
} // namespace

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
    update();
}

quint64 fullCacheBudget(const MemoryPlan &plan)
{
    if (plan.moeLayers <= 0 || plan.expertsPerLayer <= 0)
        return 0;
    return budgetForCacheSlots(plan, maxCacheSlots(plan)); // the library's slot rule (api/budget.h)
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
    update();
}

void PlannerBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF area = QRectF(rect()).adjusted(1, 18, -1, -22);
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

    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
    p.setFont(small);
    // Floor marker (off the right edge when the trunk streams on a machine that cannot hold it whole).
    const bool offScale = m_floor > m_scale;
    const double fx = offScale ? area.right() : xOf(m_floor);
    p.setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::SolidLine));
    if (!offScale)
        p.drawLine(QPointF(fx, area.top() - 4), QPointF(fx, area.bottom() + 4));
    const QString floorText = m_streaming ? (offScale ? tr("whole trunk in RAM from %1 →") : tr("whole trunk in RAM from %1"))
                                                .arg(formatBytesIn(m_floor, m_unit))
                                          : tr("floor %1").arg(formatBytesIn(m_floor, m_unit));
    // Centred on the marker, but kept inside the widget when the floor sits near an end
    // (a tiny model's floor is a sliver of usable RAM).
    const double tw = QFontMetricsF(small).horizontalAdvance(floorText) + 4;
    const double tx = std::clamp(fx - tw / 2, 0.0, std::max(0.0, double(width()) - tw));
    p.drawText(QRectF(tx, 0, tw, 16), Qt::AlignHCenter | Qt::AlignBottom, floorText);
    if (m_riskFrom > 0 && m_riskFrom < m_scale) {
        const double rx = xOf(m_riskFrom);
        p.setPen(QColor(0xe5, 0x3e, 0x3e));
        const QString riskText = tr("paging risk above 7/8");
        const QRectF tr_(QPointF(rx - 200, area.bottom() + 4), QPointF(area.right(), rect().bottom()));
        p.drawText(tr_, Qt::AlignRight | Qt::AlignTop, riskText);
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRectF(area.left(), area.bottom() + 4, m_scale < m_usable ? area.width() : area.width() / 2, 16), Qt::AlignLeft | Qt::AlignTop,
               m_scale < m_usable ? tr("showing %1 of %2 usable RAM").arg(formatBytesIn(m_scale, m_unit),
                                                                           formatBytesIn(m_usable, m_unit))
                                  : tr("usable RAM %1").arg(formatBytesIn(m_usable, m_unit)));
}

PlannerPanel::PlannerPanel(QWidget *parent)
    : SidePanel(parent)
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

    m_diskJob = new DiskTestJob(this);
    m_estimateJob = new EstimateJob(this);
    m_tracePath = defaultTracePath();
    connect(m_diskTest, &QPushButton::clicked, this, &PlannerPanel::startDiskTest);
    connect(m_cancelJob, &QPushButton::clicked, this, &PlannerPanel::cancelJobs);
    connect(m_diskJob, &DiskTestJob::progress, m_jobProgress, &QProgressBar::setValue);
    connect(m_diskJob, &DiskTestJob::finished, this, &PlannerPanel::diskTestDone);
    connect(m_estimateJob, &EstimateJob::finished, this, [this](const TokRateEstimate &e) {
        m_estimateResult = e;
        m_estimate->setText(estimateLabelText());
        Q_EMIT estimateReady();
    });
    connectControls();
    retranslate();
    clearInputs(QString());
}

// The context, budget (slider and field) and disk-speed rows.
QFormLayout *PlannerPanel::buildForm()
{
    auto *form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // long translated labels go above their field
    m_context = new QComboBox(m_controls);
    for (int c : kContexts)
        m_context->addItem(QLocale().toString(c), c);
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

void PlannerPanel::diskTestDone(const DiskTestResult &r)
{
    m_jobProgress->hide();
    m_cancelJob->hide();
    m_diskTest->setEnabled(!m_diskTarget.isEmpty());
    if (r.cancelled)
        m_diskError = tr("Disk test cancelled.");
    else
        m_diskError = r.error;
    if (r.error.isEmpty() && !r.cancelled) {
        m_diskTyped = false;
        m_gbps = r.gbPerSecond();
        m_directIo = r.directIo;
        m_updating = true;
        m_diskSpeed->setValue(m_gbps);
        m_updating = false;
    }
    m_diskResult->setText(diskResultText());
    m_diskResult->setVisible(!m_diskResult->text().isEmpty());
    const bool ok = m_diskError.isEmpty();
    Q_EMIT diskTestFinished(ok);
    if (ok)
        refresh();
}

// The controls re-plan as the user moves them; Apply hands the budget to the window.
void PlannerPanel::connectControls()
{
    connect(m_context, &QComboBox::currentIndexChanged, this, [this] { replan(); });
    connect(m_slider, &QSlider::valueChanged, this, [this](int k) {
        if (m_updating || !m_plan)
            return;
        setBudget(budgetAtSlider(k), true);
    });
    connect(m_diskSpeed, &QDoubleSpinBox::valueChanged, this, [this](double gbps) {
        if (m_updating)
            return;
        m_gbps = gbps;
        m_diskTyped = true;
        m_diskError.clear();
        m_diskResult->setText(diskResultText());
        m_diskResult->setVisible(!m_diskResult->text().isEmpty());
        refresh();
    });
    connect(m_field, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_updating)
            return;
        setBudget(quint64(std::llround(value * double(m_unit))), false);
    });
    connect(m_experts, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_updating)
            return;
        m_request.expertsPerToken = value >= m_modelTopK ? 0 : value;
        replan();
    });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (m_sizing && m_plan && m_budget >= lowestBudget())
            Q_EMIT applyRequested(m_budget, chosenContext());
    });
}

void PlannerPanel::setDiskTestTarget(const QString &target, double seconds, quint64 recordBytes)
{
    m_diskTarget = target;
    m_diskSeconds = seconds;
    m_diskRecordBytes = recordBytes;
    m_diskTest->setEnabled(!target.isEmpty() && !m_diskJob->isRunning());
}

void PlannerPanel::startDiskTest()
{
    if (m_diskTarget.isEmpty() || m_diskJob->isRunning())
        return;
    m_diskTest->setEnabled(false);
    m_jobProgress->setValue(0);
    m_jobProgress->show();
    m_cancelJob->show();
    m_diskResult->setText(tr("Measuring disk speed…"));
    m_diskResult->show();
    m_diskJob->start(m_diskTarget, m_diskSeconds, m_diskRecordBytes);
}

void PlannerPanel::cancelJobs()
{
    m_diskJob->cancel();
    m_estimateJob->cancel();
}

bool PlannerPanel::isDiskTestRunning() const { return m_diskJob->isRunning(); }

QString PlannerPanel::diskResultText() const
{
    if (!m_diskError.isEmpty())
        return m_diskError;
    if (m_gbps <= 0)
        return QString();
    if (m_diskTyped)
        return tr("Disk: %1 GB/s (typed)").arg(QLocale().toString(m_gbps, 'f', 2));
    return m_directIo ? tr("Disk: %1 GB/s (O_DIRECT record reads)").arg(QLocale().toString(m_gbps, 'f', 2))
                      : tr("Disk: %1 GB/s (the file system refused O_DIRECT: this may be RAM speed)")
                            .arg(QLocale().toString(m_gbps, 'f', 2));
}

QString PlannerPanel::estimateLabelText() const
{
    if (m_estimateResult)
        return estimateText(*m_estimateResult, m_modelName);
    if (m_tracePath.isEmpty())
        return tr("The tok/s estimate needs a routing trace (*.jsonl); none was found.");
    return tr("Test the disk speed for an estimate of tokens per second.");
}

void PlannerPanel::runEstimate()
{
    if (m_shapeUsable) {
        // With a shape the prediction is computed with the plan (computeSpeed):
        // the same figures as `sluice-cli plan --disk-gbps`.
        m_estimate->setText(speedText());
        return;
    }
    if (m_gbps <= 0 || !m_plan || !m_sizing)
        return;
    m_estimateJob->start(*m_plan, *m_sizing, m_gbps, m_tracePath);
}

int PlannerPanel::chosenContext() const { return m_context->currentData().toInt(); }

void PlannerPanel::retranslate()
{
    m_title->setText(tr("Memory budget"));
    m_contextLabel->setText(tr("&Context length:"));
    m_context->setAccessibleName(tr("Context length in tokens"));
    m_context->setToolTip(tr("The attention cache is preallocated for this many tokens"));
    m_sliderLabel->setText(tr("&Budget:"));
    m_slider->setAccessibleName(tr("Budget, from the floor up"));
    m_slider->setToolTip(tr("Each step adds room in the expert cache for the experts of %n token(s)", nullptr, m_stepSets));
    const bool mib = m_unit < (1ull << 30);
    m_fieldLabel->setText(mib ? tr("Budget (&MiB):") : tr("Budget (&GiB):"));
    m_field->setAccessibleName(mib ? tr("Precise budget in MiB") : tr("Precise budget in GiB"));
    m_apply->setText(appliesLive() ? tr("&Apply") : tr("&Apply and reopen model"));
    m_apply->setAccessibleName(appliesLive() ? tr("Apply the budget to the open model")
                                             : tr("Apply the budget and reopen the model"));
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
    m_experts->setOwnText(m_modelTopK > 0 ? tr("The model's own (%1)").arg(m_modelTopK) : tr("The model's own"));
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
    refresh();
}

void PlannerPanel::clearInputs(const QString &why)
{
    m_haveInputs = false;
    m_haveOpenTerms = false;
    m_plan.reset();
    m_sizing.reset();
    m_bar->clear();
    m_controls->hide();
    m_empty->setText(why.isEmpty() ? tr("The budget planner shows how the RAM budget splits into trunk, attention "
                                        "state, scratch and expert cache once a model is chosen.")
                                   : why);
    m_empty->show();
}

void PlannerPanel::setInputs(const PlannerInputs &inputs, quint64 usableRamBytes, bool modelOpen)
{
    m_inputs = inputs;
    m_usable = usableRamBytes;
    m_haveInputs = true;
    m_modelOpen = modelOpen;
    m_haveOpenTerms = false; // the open model's terms follow (setOpenModelTerms)
    m_empty->hide();
    m_controls->show();
    m_updating = true;
    const int idx = m_context->findData(inputs.contextLength);
    if (idx >= 0)
        m_context->setCurrentIndex(idx);
    m_updating = false;
    replan();
}

void PlannerPanel::setCurrentBudget(quint64 budgetBytes, int contextLength)
{
    m_appliedBudget = budgetBytes;
    m_appliedContext = contextLength;
    m_updating = true;
    const int idx = m_context->findData(contextLength);
    if (idx >= 0)
        m_context->setCurrentIndex(idx);
    m_updating = false;
    replan();
    if (budgetBytes)
        setBudget(budgetBytes, false);
}

void PlannerPanel::setOpenModelTerms(quint64 decodeFloorBytes, quint64 fixedAtOpenBytes, quint64 liveMaxBytes)
{
    m_openDecodeFloor = decodeFloorBytes;
    m_fixedAtOpen = fixedAtOpenBytes;
    m_liveMax = liveMaxBytes;
    m_haveOpenTerms = true;
    replan();
}

void PlannerPanel::setReopenProcessBytes(quint64 bytes)
{
    if (bytes == m_reopenProcess)
        return;
    m_reopenProcess = bytes;
    replan();
}

quint64 PlannerPanel::reopenExtraBytes() const
{
    return m_reopenProcess > m_inputs.processBytes ? m_reopenProcess - m_inputs.processBytes : 0;
}

PlanRequest PlannerPanel::reopenRequest() const
{
    PlanRequest r = m_request;
    r.processBytes += reopenExtraBytes();
    return r;
}

quint64 PlannerPanel::reopenFloor() const
{
    if (m_liveTermsInPlan) // the decode floor with every layer resident, measured again
        return m_openDecodeFloor + reopenExtraBytes();
    return lowestBudget();
}

bool PlannerPanel::liveTermsApply(quint64 decodeFloorBytes) const
{
    // Only for the model in force: same context, and inputs that give the
    // engine's own decode floor (else the difference would be misattributed).
    return m_modelOpen && m_haveOpenTerms && m_fixedAtOpen > 0 && chosenContext() == m_appliedContext &&
           decodeFloorBytes == m_openDecodeFloor;
}

void PlannerPanel::setOpenModelSplit(int residentLayers, int layers, bool lmHeadStreamed)
{
    m_openResident = residentLayers;
    m_openLayers = layers;
    m_openLmHeadStreamed = lmHeadStreamed;
    refresh();
}

void PlannerPanel::setExpertsPerToken(int modelTopK, int openExpertsPerToken)
{
    m_modelTopK = std::max(0, modelTopK);
    m_openExperts = openExpertsPerToken >= m_modelTopK ? 0 : std::max(0, openExpertsPerToken);
    m_updating = true;
    m_experts->setRange(std::min(1, m_modelTopK), m_modelTopK); // the top is the model's own
    m_experts->setValue(m_openExperts > 0 ? m_openExperts : m_modelTopK);
    m_experts->setEnabled(m_modelTopK > 1);
    m_updating = false;
    m_request.expertsPerToken = m_openExperts;
    retranslate(); // the special value names the model's own
}

int PlannerPanel::chosenExpertsPerToken() const
{
    const int v = m_experts->value();
    return v >= m_modelTopK ? 0 : v;
}

bool PlannerPanel::appliesLive() const
{
    if (chosenExpertsPerToken() != m_openExperts) // another routing: the model reopens
        return false;
    if (!(m_modelOpen && m_haveOpenTerms && chosenContext() == m_appliedContext && (m_liveMax == 0 || m_budget <= m_liveMax)))
        return false;
    // A live change only resizes the cache: under the open model's live floor,
    // or when this budget's plan needs another trunk split, the model reopens.
    if (m_budget < m_openDecodeFloor + m_fixedAtOpen)
        return false;
    if (m_budgetPlan && m_openResident >= 0) {
        const int open = std::min(m_openResident, m_openLayers);
        if (m_budgetPlan->split.residentLayers != (open < m_openLayers ? open : m_budgetPlan->split.layers))
            return false;
        // lm_head streamed at open but resident in this budget's plan (or the reverse) is another split too.
        if (m_budgetPlan->split.lmHeadStreamed != m_openLmHeadStreamed)
            return false;
    } else if (m_budgetPlan && m_budgetPlan->split.streaming()) {
        return false;
    }
    return true;
}

// The inputs to plan with: the shape's at the chosen context when the shape
// is the inputs' model (m_shapeUsable), else the inputs at that context.
PlannerInputs PlannerPanel::plannedInputs()
{
    PlannerInputs in = m_inputs;
    in.contextLength = chosenContext();
    m_shapeUsable = false;
    if (m_shape) {
        // The shape is the inputs' model when it gives their decode floor at
        // their own context; then it gives the inputs at any context (their
        // scratch depends on it, which the inputs alone cannot recompute).
        PlanRequest r = m_request;
        r.contextLength = m_inputs.contextLength;
        r.expertsPerToken = 0; // the inputs are the model's own top-k's (the chosen one follows below)
        auto own = shapePlannerInputs(*m_shape, r);
        auto ownPlan = own ? planMemory(*own, m_usable) : Expected<MemoryPlan>(own.status());
        auto given = planMemory(m_inputs, m_usable);
        r.contextLength = chosenContext();
        r.expertsPerToken = m_request.expertsPerToken;
        auto shaped = shapePlannerInputs(*m_shape, r);
        if (ownPlan && given && ownPlan->floorBytes == given->floorBytes && shaped) {
            in = *shaped;
            m_shapeUsable = true;
        }
    }
    return in;
}

// The plan of `in`, with the open model's live terms when they apply
// (m_liveTermsInPlan) or the extra bytes a reopen measures.
Expected<MemoryPlan> PlannerPanel::planWithOpenTerms(PlannerInputs &in)
{
    Expected<MemoryPlan> plan = planMemory(in, m_usable);
    m_liveTermsInPlan = plan && liveTermsApply(plan->floorBytes);
    if (m_liveTermsInPlan) {
        // The engine planned the open model with a prefill chunk and chat
        // checkpoints on top of the decode floor; plan with the same bytes so
        // the budget, the cache and its slots here are the ones in force.
        in.scratch.push_back({"fixed at open (prefill chunk, chat checkpoints)", m_fixedAtOpen});
        plan = planMemory(in, m_usable);
    } else if (plan && reopenExtraBytes()) {
        // Not the open model's live terms: this budget opens the model, which
        // measures the process again (issue 27).
        in.processBytes += reopenExtraBytes();
        plan = planMemory(in, m_usable);
    }
    return plan;
}

// With a shape the trunk can stream: the slider goes on below the floor
// in steps down to the streaming floor.
void PlannerPanel::planStreamingFloor(const MemoryPlan &plan)
{
    m_streamingFloor = 0;
    m_streamSteps = 0;
    if (!m_shapeUsable)
        return;
    PlanRequest r = reopenRequest(); // a budget under the floor reopens
    r.contextLength = chosenContext();
    r.usableRamBytes = m_usable;
    r.budgetBytes = 0;
    auto bp = planBudget(*m_shape, r);
    // The open model's plan adds what it fixed at open; the shape's floors are decode floors.
    const quint64 decodeFloor
        = m_liveTermsInPlan ? plan.floorBytes - m_fixedAtOpen + reopenExtraBytes() : plan.floorBytes;
    if (bp && bp->residentFloorBytes == decodeFloor && bp->streamingFloorBytes < plan.floorBytes) {
        m_streamingFloor = bp->streamingFloorBytes;
        m_streamSteps = std::clamp(bp->split.layers, 1, 10);
    }
}

void PlannerPanel::replan()
{
    if (!m_haveInputs || m_updating)
        return;
    PlannerInputs in = plannedInputs();
    Expected<MemoryPlan> plan = planWithOpenTerms(in);
    if (!plan) {
        m_plan.reset();
        m_sizing.reset();
        m_error = QString::fromStdString(plan.status().message());
        refresh();
        return;
    }
    m_error.clear();
    m_plan = *plan;
    // The top: usable RAM, but never past the point where every expert of the
    // model is cached (a 7 MB model must not draw a 12 GiB cache).
    const quint64 full = fullCacheBudget(*plan);
    quint64 top = std::max<quint64>(m_usable, plan->floorBytes);
    if (full)
        top = std::min(top, std::max<quint64>(full, plan->floorBytes));
    m_maxBudget = top;
    m_unit = unitFor(top);
    const quint64 ws = std::max<quint64>(1, plan->workingSetBytes);
    const quint64 sets = (top - plan->floorBytes + ws - 1) / ws; // whole working sets up to the top
    // About 20 steps at most: a tiny model fits thousands of working sets.
    constexpr quint64 kMaxSteps = 20;
    m_stepSets = int(std::max<quint64>(1, (sets + kMaxSteps - 1) / kMaxSteps));
    const int maxK = int(std::max<quint64>(1, (sets + m_stepSets - 1) / quint64(m_stepSets)));
    planStreamingFloor(*plan);
    m_updating = true;
    m_slider->setRange(-m_streamSteps, maxK);
    m_slider->setTickInterval(std::max(1, maxK / 10));
    const bool mib = m_unit < (1ull << 30);
    m_field->setSuffix(QString());
    m_field->setDecimals(mib ? 1 : 2);
    m_field->setSingleStep(mib ? 1.0 : 0.25);
    m_field->setRange(0.0, double(top) / double(m_unit));
    m_updating = false;
    retranslate();
    // Keep the budget the user had if still meaningful, else the planner's default.
    const quint64 fallback = std::min<quint64>(plan->defaultBudgetBytes, top);
    setBudget(m_budget >= lowestBudget() && m_budget <= top ? m_budget : fallback, false);
}

void PlannerPanel::setBudget(quint64 bytes, bool fromSlider)
{
    m_budget = bytes;
    m_budgetPlan.reset();
    // The open model's own terms hold for a live change (a budget at or above
    // its live floor); anything else is a reopen, which the shape plans.
    const bool live = m_liveTermsInPlan && m_plan && bytes >= m_plan->floorBytes;
    if (m_plan && m_shapeUsable && !live) {
        // What Model::open does with this budget (and `sluice-cli plan --budget`).
        PlanRequest r = reopenRequest();
        r.contextLength = chosenContext();
        r.usableRamBytes = m_usable;
        r.budgetBytes = bytes;
        auto bp = planBudget(*m_shape, r);
        if (bp) {
            m_budgetPlan = std::move(*bp);
            m_sizing = m_budgetPlan->sizing;
            m_error.clear();
        } else {
            m_sizing.reset();
            m_error = QString::fromStdString(bp.status().message());
        }
    } else if (m_plan) {
        Expected<CacheSizing> s = sizeCache(*m_plan, bytes);
        if (s) {
            m_sizing = *s;
            m_error.clear();
        } else {
            m_sizing.reset();
            m_error = QString::fromStdString(s.status().message());
        }
    }
    if (m_plan) {
        m_updating = true;
        if (!fromSlider && stepBytes() > 0)
            m_slider->setValue(sliderAt(bytes));
        if (fromSlider || std::llround(m_field->value() * double(m_unit)) != std::llround(double(bytes)))
            m_field->setValue(double(bytes) / double(m_unit));
        m_updating = false;
    }
    refresh();
}

QString PlannerPanel::figuresText() const { return m_figures->text(); }

quint64 PlannerPanel::stepBytes() const { return m_plan ? quint64(m_stepSets) * m_plan->workingSetBytes : 0; }

void PlannerPanel::setModelName(const QString &name)
{
    m_modelName = name;
    refresh();
    m_estimate->setText(estimateLabelText());
}

void PlannerPanel::refresh()
{
    // Planned from the model's shape only (the inputs alone hold the model's own top-k).
    m_experts->setEnabled(m_modelTopK > 1 && m_shapeUsable);
    if (!m_haveInputs)
        return;
    if (!m_plan) {
        m_bar->clear();
        m_figures->setText(tr("The planner refused these inputs: %1").arg(m_error));
        m_apply->setEnabled(false);
        return;
    }
    const MemoryPlan &p = *m_plan;
    // A model that needs a sliver of RAM would be an invisible line on a
    // usable-RAM scale: zoom to a little beyond its largest useful budget.
    const quint64 zoom = m_maxBudget > 0 && m_usable > 8 * m_maxBudget ? m_maxBudget + m_maxBudget / 4 : 0;
    if (m_budgetPlan)
        m_bar->setPlan(m_budgetPlan->plan, m_sizing, m_unit, zoom, &m_budgetPlan->split, m_budgetPlan->residentFloorBytes);
    else
        m_bar->setPlan(p, m_sizing, m_unit, zoom);
    auto size = [this](quint64 bytes) { return formatBytesIn(bytes, m_unit); };
    QString legend;
    for (const PlannerBar::Segment &s : m_bar->segments())
        legend += QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2 %3&nbsp;&nbsp; ")
                      .arg(s.color.name(), s.label.toHtmlEscaped(), size(s.bytes));
    m_legend->setText(legend);

    QStringList lines;
    if (!m_modelName.isEmpty())
        lines << tr("Model: %1").arg(m_modelName);
    if (m_liveTermsInPlan)
        lines << tr("Floor: %1 (the least the open model can run in; reopen it for down to %2)")
                     .arg(size(p.floorBytes), size(reopenFloor()));
    else if (m_streamingFloor)
        lines << tr("Floor: %1 with the whole trunk in RAM; down to %2 with the trunk streamed from disk "
                    "(slower: the streamed layers are read every token)")
                     .arg(size(p.floorBytes), size(m_streamingFloor));
    else
        lines << tr("Floor: %1 (the least the model can run in)").arg(size(p.floorBytes));
    if (m_request.expertsPerToken > 0 && m_shapeUsable)
        lines << tr("Experts per token: %1 of the model's %2 (faster, at a quality cost)")
                     .arg(m_request.expertsPerToken)
                     .arg(m_modelTopK);
    lines << tr("Experts one token reads: %1").arg(size(p.workingSetBytes));
    lines << tr("Recommended: %1 · default here: %2").arg(size(p.recommendedBytes), size(p.defaultBudgetBytes));
    const quint64 full = fullCacheBudget(p);
    if (full && full <= m_maxBudget)
        lines << tr("Every expert of the model fits in the cache from %1 on").arg(size(full));
    appendBudgetLines(lines, p);
    const bool streams = m_streamingFloor && m_streamingFloor <= p.capBytes; // runs, with the trunk streamed
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
    computeSpeed();
    runEstimate();
    Q_EMIT planChanged();
}

// The budget's lines of the figures: the cache it buys and the trunk's split.
void PlannerPanel::appendBudgetLines(QStringList &lines, const MemoryPlan &p) const
{
    auto size = [this](quint64 bytes) { return formatBytesIn(bytes, m_unit); };
    if (m_sizing) {
        lines << tr("Budget: %1 → expert cache %2 (%n slot(s))", nullptr, m_sizing->slotCount)
                     .arg(size(m_sizing->budgetBytes), size(m_sizing->slotBufferBytes));
        if (m_budgetPlan && m_budgetPlan->split.streaming()) {
            const model::TrunkSplit &sp = m_budgetPlan->split;
            lines << tr("Trunk: %1 of %2 layers in RAM (%3); %4 read from disk every token")
                         .arg(sp.residentLayers)
                         .arg(sp.layers)
                         .arg(size(m_budgetPlan->plan.trunkBytes), size(sp.readBytesPerToken));
            if (sp.lmHeadStreamed)
                lines << tr("lm_head: streamed from disk in row blocks (%1 of that every token)").arg(size(sp.lmHeadReadBytes));
        } else if (m_budgetPlan) {
            lines << tr("Trunk: all %1 layers in RAM (%2)").arg(m_budgetPlan->split.layers).arg(size(p.trunkBytes));
        }
        if (m_sizing->budgetBytes > p.capBytes)
            lines << tr("Warning: the budget is above 7/8 of usable RAM (%1); the system may page out the cache.")
                         .arg(size(p.capBytes));
    } else {
        lines << tr("Not allowed: %1").arg(m_error);
    }
}

void PlannerPanel::updateApplyButton()
{
    const bool changed = m_budget != m_appliedBudget || chosenContext() != m_appliedContext ||
                         chosenExpertsPerToken() != m_openExperts;
    // Under the floor there is no sizing, so Apply cannot be pressed.
    m_apply->setEnabled(m_modelOpen && m_sizing.has_value() && m_budget >= lowestBudget() && changed);
    m_apply->setText(appliesLive() ? tr("&Apply") : tr("&Apply and reopen model"));
    m_apply->setAccessibleName(appliesLive() ? tr("Apply the budget to the open model")
                                             : tr("Apply the budget and reopen the model"));
    m_apply->setToolTip(m_sizing ? QString() : tr("The budget is below the floor; raise it to apply."));
}

void PlannerPanel::chooseBudget(quint64 bytes)
{
    if (!bytes) {
        m_budget = 0;
        replan(); // the default
        return;
    }
    setBudget(bytes, false);
}

void PlannerPanel::setShape(const PlannerShape &shape, const PlanRequest &request)
{
    m_shape = shape;
    m_request = request;
    m_request.expertsPerToken = chosenExpertsPerToken(); // the panel's control, not the caller's
    m_trace.reset();
    m_traceLoaded.clear();
    replan();
}

void PlannerPanel::clearShape()
{
    m_shape.reset();
    m_budgetPlan.reset();
    m_speed.reset();
    replan();
}

void PlannerPanel::setDiskSpeed(double gbps)
{
    m_diskSpeed->setValue(gbps); // valueChanged recomputes
}

quint64 PlannerPanel::lowestBudget() const
{
    if (!m_plan)
        return 0;
    return m_streamingFloor ? m_streamingFloor : m_plan->floorBytes;
}

quint64 PlannerPanel::budgetAtSlider(int value) const
{
    if (!m_plan)
        return 0;
    const quint64 floor = m_plan->floorBytes;
    if (value >= 0)
        return std::min(m_maxBudget, floor + quint64(value) * stepBytes());
    // Below the floor: equal steps down to the streaming floor (-m_streamSteps).
    const quint64 span = floor - m_streamingFloor;
    const quint64 down = (span * quint64(-value) + quint64(m_streamSteps) - 1) / quint64(std::max(1, m_streamSteps));
    return std::max(m_streamingFloor, floor - std::min(span, down));
}

int PlannerPanel::sliderAt(quint64 budget) const
{
    if (!m_plan || stepBytes() == 0)
        return 0;
    const quint64 floor = m_plan->floorBytes;
    if (budget >= floor || !m_streamSteps)
        return int((budget > floor ? budget - floor : 0) / stepBytes());
    const quint64 span = floor - m_streamingFloor;
    const quint64 below = std::min(span, floor - budget);
    return -int((below * quint64(m_streamSteps) + span - 1) / span);
}

void PlannerPanel::computeSpeed()
{
    m_speed.reset();
    m_speedError.clear();
    if (!m_shapeUsable || !m_budgetPlan || m_gbps <= 0)
        return;
    if (m_tracePath.isEmpty()) {
        m_speedError = tr("The predicted speed needs a routing trace (*.jsonl); none was found.");
        return;
    }
    if (!m_trace || m_traceLoaded != m_tracePath) {
        // A few hundred KB, read once per trace: the replay below is what runs per budget.
        auto trace = loadRoutingTrace(m_tracePath.toStdString());
        m_traceLoaded = m_tracePath;
        m_trace.reset();
        if (!trace) {
            m_speedError = QString::fromStdString(trace.status().message());
            return;
        }
        m_trace = std::move(*trace);
    }
    if (!m_trace)
        return;
    auto f = predictSpeed(*m_budgetPlan, *m_trace, m_gbps * 1e9);
    if (!f) {
        m_speedError = QString::fromStdString(f.status().message());
        return;
    }
    m_speed = *f;
}

QString PlannerPanel::speedText() const
{
    if (!m_speedError.isEmpty())
        return m_speedError;
    if (!m_speed)
        return m_gbps > 0 ? QString() : tr("Type the disk speed or test it for the predicted speed.");
    const SpeedFigures &f = *m_speed;
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
