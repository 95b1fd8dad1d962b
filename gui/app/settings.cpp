#include "app/settings.h"

#include <QCryptographicHash>
#include <QDir>

#include <algorithm>

namespace sluice::gui {

namespace {
constexpr int kMaxRecent = 8;
}

Settings::Settings(QObject *parent)
    : QObject(parent)
{
}

Settings::Settings(const QString &iniFile, QObject *parent)
    : QObject(parent)
    , m_settings(iniFile, QSettings::IniFormat)
{
}

QVariant Settings::value(const char *key, const QVariant &def) const
{
    return m_settings.value(QLatin1String(key), def);
}

void Settings::set(const char *key, const QVariant &value)
{
    const QString k = QLatin1String(key);
    if (m_settings.contains(k) && m_settings.value(k) == value)
        return;
    m_settings.setValue(k, value);
    Q_EMIT changed(k);
}

// The pressure monitor's thresholds, each kept in a sane range.
bool Settings::adaptBudget() const { return value("memory/adaptBudget", true).toBool(); }
void Settings::setAdaptBudget(bool on) { set("memory/adaptBudget", on); }
quint64 Settings::adaptMinBudgetBytes() const { return value("memory/adaptMinBudgetBytes", 0).toULongLong(); }
void Settings::setAdaptMinBudgetBytes(quint64 bytes) { set("memory/adaptMinBudgetBytes", bytes); }
quint64 Settings::adaptLowAvailableBytes() const
{
    return std::max<quint64>(64ull << 20, value("memory/lowAvailableBytes", 1ull << 30).toULongLong());
}
void Settings::setAdaptLowAvailableBytes(quint64 bytes) { set("memory/lowAvailableBytes", bytes); }
quint64 Settings::adaptHighAvailableBytes() const
{
    return std::max(adaptLowAvailableBytes(), quint64(value("memory/highAvailableBytes", 2ull << 30).toULongLong()));
}
void Settings::setAdaptHighAvailableBytes(quint64 bytes) { set("memory/highAvailableBytes", bytes); }
double Settings::adaptPsiPercent() const { return std::clamp(value("memory/psiSomePercent", 10.0).toDouble(), 0.0, 100.0); }
void Settings::setAdaptPsiPercent(double percent) { set("memory/psiSomePercent", percent); }
double Settings::adaptCalmSeconds() const { return std::clamp(value("memory/calmSeconds", 30.0).toDouble(), 0.0, 86400.0); }
void Settings::setAdaptCalmSeconds(double seconds) { set("memory/calmSeconds", seconds); }
double Settings::adaptHoldSeconds() const { return std::clamp(value("memory/holdSeconds", 2.0).toDouble(), 0.0, 3600.0); }
void Settings::setAdaptHoldSeconds(double seconds) { set("memory/holdSeconds", seconds); }
double Settings::adaptIntervalSeconds() const
{
    return std::clamp(value("memory/intervalSeconds", 1.0).toDouble(), 0.01, 3600.0);
}
void Settings::setAdaptIntervalSeconds(double seconds) { set("memory/intervalSeconds", seconds); }
AdaptSettings Settings::adaptSettings() const
{
    AdaptSettings a;
    a.minBudgetBytes = adaptMinBudgetBytes();
    a.lowAvailableBytes = adaptLowAvailableBytes();
    a.highAvailableBytes = adaptHighAvailableBytes();
    a.psiSomePercent = adaptPsiPercent();
    a.calmSeconds = adaptCalmSeconds();
    a.holdSeconds = adaptHoldSeconds();
    a.intervalSeconds = adaptIntervalSeconds();
    return a;
}

int Settings::threads() const { return std::max(0, value("engine/threads", 0).toInt()); }
void Settings::setThreads(int threads) { set("engine/threads", std::max(0, threads)); }

Settings::BudgetMode Settings::budgetMode() const
{
    return value("engine/budgetMode", QStringLiteral("auto")).toString() == QLatin1String("fixed") ? BudgetMode::Fixed
                                                                                                    : BudgetMode::Auto;
}
void Settings::setBudgetMode(BudgetMode mode)
{
    set("engine/budgetMode", mode == BudgetMode::Fixed ? QStringLiteral("fixed") : QStringLiteral("auto"));
}

quint64 Settings::fixedBudgetBytes() const { return value("engine/budgetBytes", 0).toULongLong(); }
void Settings::setFixedBudgetBytes(quint64 bytes) { set("engine/budgetBytes", bytes); }

int Settings::contextLength() const { return std::clamp(value("engine/contextLength", 4096).toInt(), 256, 1 << 20); }
void Settings::setContextLength(int tokens) { set("engine/contextLength", std::clamp(tokens, 256, 1 << 20)); }
namespace {
// One key per model folder; a hash keeps path separators out of the key.
QByteArray expertsKey(const QString &modelPath)
{
    const QByteArray path = QDir::cleanPath(modelPath).toUtf8();
    return "engine/expertsPerToken/" + QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex().left(16);
}
} // namespace

int Settings::expertsPerToken(const QString &modelPath) const
{
    return std::clamp(value(expertsKey(modelPath).constData(), 0).toInt(), 0, 64);
}
void Settings::setExpertsPerToken(const QString &modelPath, int experts)
{
    set(expertsKey(modelPath).constData(), std::clamp(experts, 0, 64));
}

QString Settings::planModel() const
{
    const QString m = value("planner/model", QStringLiteral("k3")).toString();
    return m == QLatin1String("kimi-linear") ? m : QStringLiteral("k3");
}
void Settings::setPlanModel(const QString &model) { set("planner/model", model); }
QString Settings::planFormat() const
{
    const QString f = value("planner/format", QStringLiteral("vq3r")).toString();
    return f == QLatin1String("release") ? f : QStringLiteral("vq3r");
}
void Settings::setPlanFormat(const QString &format) { set("planner/format", format); }
quint64 Settings::planRamBytes() const { return std::min<quint64>(value("planner/ramBytes", 0).toULongLong(), 1ull << 50); }
void Settings::setPlanRamBytes(quint64 bytes) { set("planner/ramBytes", qulonglong(std::min<quint64>(bytes, 1ull << 50))); }
double Settings::planDiskGBps() const { return std::clamp(value("planner/diskGBps", 0.0).toDouble(), 0.0, 1000.0); }
void Settings::setPlanDiskGBps(double gbps) { set("planner/diskGBps", std::clamp(gbps, 0.0, 1000.0)); }
int Settings::planContextLength() const { return std::clamp(value("planner/contextLength", 4096).toInt(), 256, 1 << 20); }
void Settings::setPlanContextLength(int tokens) { set("planner/contextLength", std::clamp(tokens, 256, 1 << 20)); }

double Settings::temperature() const { return std::clamp(value("sampling/temperature", 1.0).toDouble(), 0.0, 4.0); }
void Settings::setTemperature(double t) { set("sampling/temperature", std::clamp(t, 0.0, 4.0)); }
double Settings::topP() const { return std::clamp(value("sampling/topP", 0.95).toDouble(), 0.0, 1.0); }
void Settings::setTopP(double p) { set("sampling/topP", std::clamp(p, 0.0, 1.0)); }
int Settings::topK() const { return std::max(0, value("sampling/topK", 0).toInt()); }
void Settings::setTopK(int k) { set("sampling/topK", std::max(0, k)); }
int Settings::maxTokens() const { return std::clamp(value("sampling/maxTokens", 1024).toInt(), 1, 1 << 20); }
void Settings::setMaxTokens(int n) { set("sampling/maxTokens", std::clamp(n, 1, 1 << 20)); }
double Settings::repeatPenalty() const { return std::clamp(value("sampling/repeatPenalty", 1.0).toDouble(), 0.01, 10.0); }
void Settings::setRepeatPenalty(double p) { set("sampling/repeatPenalty", std::clamp(p, 0.01, 10.0)); }

bool Settings::samplingChosen(const char *field) const
{
    return m_settings.contains(QLatin1String("sampling/") + QLatin1String(field));
}

SamplingParams Settings::sampling(const RecommendedSampling &recommended) const
{
    SamplingParams s;
    s.temperature = float(temperature());
    s.topP = float(topP());
    s.topK = topK();
    s.maxTokens = maxTokens();
    s.repeatPenalty = float(repeatPenalty());
    SamplingParams model = s;
    recommended.applyTo(model);
    // What the model recommends and the user never set; the loop stop and the
    // penalty window have no setting, so the model's always apply.
    if (!samplingChosen("temperature"))
        s.temperature = model.temperature;
    if (!samplingChosen("topP"))
        s.topP = model.topP;
    if (!samplingChosen("topK"))
        s.topK = model.topK;
    if (!samplingChosen("maxTokens"))
        s.maxTokens = model.maxTokens;
    if (!samplingChosen("repeatPenalty"))
        s.repeatPenalty = model.repeatPenalty;
    s.presencePenalty = model.presencePenalty;
    s.frequencyPenalty = model.frequencyPenalty;
    s.penaltyWindow = model.penaltyWindow;
    s.loopStop = model.loopStop;
    return s;
}

QString Settings::systemPrompt() const { return value("chat/systemPrompt", QString()).toString(); }
void Settings::setSystemPrompt(const QString &prompt) { set("chat/systemPrompt", prompt); }
bool Settings::thinking() const { return value("chat/thinking", true).toBool(); }
void Settings::setThinking(bool on) { set("chat/thinking", on); }

QString Settings::thinkingEffort() const
{
    const QString e = value("chat/thinkingEffort", QString()).toString();
    // Only the efforts the chat format accepts (spec 6.5); anything else means "model default".
    return (e == QLatin1String("low") || e == QLatin1String("high") || e == QLatin1String("max")) ? e : QString();
}
void Settings::setThinkingEffort(const QString &effort) { set("chat/thinkingEffort", effort); }

Settings::Theme Settings::theme() const
{
    const QString t = value("ui/theme", QStringLiteral("system")).toString();
    if (t == QLatin1String("light"))
        return Theme::Light;
    if (t == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}
void Settings::setTheme(Theme theme)
{
    static const char *names[] = {"system", "light", "dark"};
    set("ui/theme", QLatin1String(names[static_cast<int>(theme)]));
}

int Settings::fontSize() const { return std::clamp(value("ui/fontSize", 0).toInt(), 0, 48); }
void Settings::setFontSize(int points) { set("ui/fontSize", std::clamp(points, 0, 48)); }
QString Settings::language() const { return value("ui/language", QString()).toString(); }
void Settings::setLanguage(const QString &code) { set("ui/language", code); }

QStringList Settings::recentModels() const { return value("models/recent", QStringList()).toStringList(); }
void Settings::addRecentModel(const QString &path)
{
    QStringList list = recentModels();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent)
        list.removeLast();
    set("models/recent", list);
}
void Settings::clearRecentModels() { set("models/recent", QStringList()); }
quint64 Settings::sessionDiskLimitBytes() const
{
    return value("chats/sessionDiskLimitBytes", QVariant::fromValue<quint64>(4ull << 30)).toULongLong();
}
void Settings::setSessionDiskLimitBytes(quint64 bytes) { set("chats/sessionDiskLimitBytes", QVariant::fromValue(bytes)); }

QString Settings::probeStalls() const
{
    const QString v = value("debug/probeStalls", QString()).toString();
    return v.isEmpty() ? QString() : v;
}

bool Settings::demoOffered() const { return value("models/demoOffered", false).toBool(); }
void Settings::setDemoOffered(bool shown) { set("models/demoOffered", shown); }

QByteArray Settings::windowGeometry() const { return value("ui/geometry", QByteArray()).toByteArray(); }
void Settings::setWindowGeometry(const QByteArray &geometry) { set("ui/geometry", geometry); }
QByteArray Settings::windowState() const { return value("ui/state", QByteArray()).toByteArray(); }
void Settings::setWindowState(const QByteArray &state) { set("ui/state", state); }

QString Settings::downloadParent() const { return value("download/parent", QString()).toString(); }
void Settings::setDownloadParent(const QString &folder) { set("download/parent", folder); }
QString Settings::downloadEndpoint() const { return value("download/endpoint", QString()).toString(); }
void Settings::setDownloadEndpoint(const QString &url) { set("download/endpoint", url); }
quint64 Settings::downloadLimitBytes() const { return value("download/limitBytes", 0).toULongLong(); }
bool Settings::downloadSeed() const { return value("download/seed", false).toBool(); }
void Settings::setDownloadSeed(bool seed) { set("download/seed", seed); }
double Settings::downloadSeedRatio() const { return value("download/seedRatio", 1.0).toDouble(); }
void Settings::setDownloadSeedRatio(double ratio) { set("download/seedRatio", ratio); }
int Settings::downloadSeedMinutes() const { return value("download/seedMinutes", 60).toInt(); }
void Settings::setDownloadSeedMinutes(int minutes) { set("download/seedMinutes", minutes); }
quint64 Settings::downloadUploadLimitBytes() const { return value("download/uploadLimit", 0).toULongLong(); }
void Settings::setDownloadUploadLimitBytes(quint64 bytes) { set("download/uploadLimit", bytes); }
void Settings::setDownloadLimitBytes(quint64 bytes) { set("download/limitBytes", bytes); }

// One map per download, keyed by its folder (one download per folder).
QList<Settings::PendingDownload> Settings::pendingDownloads() const
{
    QList<PendingDownload> out;
    for (const QVariant &v : value("download/pending", QVariantList()).toList()) {
        const QVariantMap m = v.toMap();
        PendingDownload d{m.value(QStringLiteral("repo")).toString(), m.value(QStringLiteral("endpoint")).toString(),
                          m.value(QStringLiteral("revision")).toString(), m.value(QStringLiteral("folder")).toString(),
                          m.value(QStringLiteral("convertTo")).toString(),
                          m.value(QStringLiteral("torrent")).toString(), m.value(QStringLiteral("peers")).toStringList()};
        if ((!d.repo.isEmpty() || !d.torrentSource.isEmpty()) && !d.folder.isEmpty())
            out.append(d);
    }
    return out;
}

void Settings::addPendingDownload(const PendingDownload &download)
{
    removePendingDownload(download.folder);
    QVariantList list = value("download/pending", QVariantList()).toList();
    list.append(QVariantMap{{QStringLiteral("repo"), download.repo},
                            {QStringLiteral("endpoint"), download.endpoint},
                            {QStringLiteral("revision"), download.revision},
                            {QStringLiteral("folder"), download.folder},
                            {QStringLiteral("convertTo"), download.convertTo},
                            {QStringLiteral("torrent"), download.torrentSource},
                            {QStringLiteral("peers"), download.peers}});
    set("download/pending", list);
}

void Settings::removePendingDownload(const QString &folder)
{
    QVariantList list = value("download/pending", QVariantList()).toList();
    const auto gone = std::remove_if(list.begin(), list.end(), [&](const QVariant &v) {
        return v.toMap().value(QStringLiteral("folder")).toString() == folder;
    });
    if (gone == list.end())
        return;
    list.erase(gone, list.end());
    set("download/pending", list);
}

} // namespace sluice::gui
