// Hub downloads (api/download.h): the listing and the file fetches on Qt
// Network, several files at once in one event loop of the calling thread.
#include "api/download.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QRegularExpression>
#include <QStorageInfo>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <chrono>
#include <deque>
#include <memory>
#include <random>

namespace sluice {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// A repository path that stays inside the target folder.
bool safePath(const std::string &path)
{
    if (path.empty() || path.front() == '/' || path.find('\\') != std::string::npos || path.find('\0') != std::string::npos)
        return false;
    for (const QString &part : q(path).split(QLatin1Char('/')))
        if (part.isEmpty() || part == QLatin1String("..") || part == QLatin1String("."))
            return false;
    return true;
}

QString base(const HubOptions &o)
{
    QString e = q(o.endpoint);
    while (e.endsWith(QLatin1Char('/')))
        e.chop(1);
    return e;
}

QUrl treeUrl(const HubOptions &o)
{
    return QUrl(base(o) + QStringLiteral("/api/models/") + q(o.repo) + QStringLiteral("/tree/") +
                QString::fromUtf8(QUrl::toPercentEncoding(q(o.revision))) + QStringLiteral("?recursive=true"));
}

QUrl fileUrl(const HubOptions &o, const std::string &path)
{
    return QUrl(base(o) + QLatin1Char('/') + q(o.repo) + QStringLiteral("/resolve/") +
                QString::fromUtf8(QUrl::toPercentEncoding(q(o.revision))) + QLatin1Char('/') +
                QString::fromUtf8(QUrl::toPercentEncoding(q(path), "/")));
}

QNetworkRequest makeRequest(const HubOptions &o, const QUrl &url)
{
    QNetworkRequest r(url);
    // Files live behind a redirect to a CDN host; https -> http is refused.
    r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    r.setTransferTimeout(std::max(1, o.idleTimeoutMs));
    r.setRawHeader("User-Agent", "sluice");
    if (!o.token.empty())
        r.setRawHeader("Authorization", "Bearer " + QByteArray::fromStdString(o.token));
    return r;
}

int httpStatus(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

// 429, 5xx and connection-level failures are worth another attempt.
bool transient(QNetworkReply *reply)
{
    const int status = httpStatus(reply);
    if (status >= 400) // an answer: only "busy" is worth asking again
        return status == 429 || status >= 500;
    // No status or a good one: the connection broke (a reset, a timeout, a
    // body that ended early) and the rest can be asked for.
    switch (reply->error()) {
    case QNetworkReply::ContentNotFoundError:
    case QNetworkReply::AuthenticationRequiredError:
    case QNetworkReply::ContentAccessDenied:
    case QNetworkReply::ProtocolUnknownError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::InsecureRedirectError:
    case QNetworkReply::TooManyRedirectsError:
        return false;
    default:
        return true;
    }
}

std::string httpProblem(QNetworkReply *reply)
{
    const int status = httpStatus(reply);
    if (status == 401 || status == 403)
        return "HTTP " + std::to_string(status) +
               " (the repository is gated or private: it needs an access token that has access)";
    if (status == 404)
        return "HTTP 404 (no such repository, revision or file)";
    if (status != 0)
        return "HTTP " + std::to_string(status);
    return reply->errorString().toStdString();
}

// Retry-After in seconds (the hub sends seconds); -1 when absent.
int retryAfterMs(QNetworkReply *reply)
{
    bool ok = false;
    const int s = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
    return ok && s >= 0 ? std::min(s, 3600) * 1000 : -1;
}

class Backoff {
public:
    explicit Backoff(const HubOptions &o)
        : m_base(std::max(1, o.backoffBaseMs))
        , m_max(std::max(m_base, o.backoffMaxMs))
        , m_rng(o.jitterSeed ? o.jitterSeed : uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()))
    {
    }
    // Exponential, with full jitter over its upper half, capped.
    int delayMs(int attempt, int retryAfter)
    {
        if (retryAfter >= 0)
            return retryAfter;
        const double ceiling = std::min<double>(m_max, double(m_base) * double(1u << std::min(attempt, 20)));
        return int(ceiling * std::uniform_real_distribution<double>(0.5, 1.0)(m_rng));
    }

private:
    int m_base, m_max;
    std::mt19937_64 m_rng;
};

// One file on its way: its part file, the hash of what the part holds.
struct Fetch {
    const HubFile *file = nullptr;
    QString finalPath, partPath;
    QFile part;
    QCryptographicHash hash{QCryptographicHash::Sha256};
    uint64_t have = 0;
    int attempts = 0;
    bool refetched = false;
    bool writing = false;  // this reply's body is the file's bytes (from `have`)
    bool overlong = false; // the server sent more than the listed size
    bool replyFinished = false; // the reply ended; what it still buffers waits for the rate limit
    QPointer<QNetworkReply> reply;
};

class Fetcher {
public:
    Fetcher(const HubOptions &o, const std::vector<HubFile> &files, const QString &folder,
            const std::function<bool(const DownloadProgress &)> &progress, const std::atomic<bool> *cancel)
        : m_o(o)
        , m_files(files)
        , m_folder(folder)
        , m_progress(progress)
        , m_cancel(cancel)
        , m_backoff(o)
    {
        for (const HubFile &f : files)
            m_report.totalSize += f.size;
        m_throttle.setSingleShot(true);
        QObject::connect(&m_throttle, &QTimer::timeout, [this] { pump(); });
    }

    Expected<DownloadReport> run()
    {
        if (!QDir().mkpath(m_folder))
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create the folder"), m_folder.toStdString());
        m_clock.start();
        for (const HubFile &f : m_files)
            m_waiting.push_back(&f);
        QTimer watch; // the cancel flag is another thread's
        QObject::connect(&watch, &QTimer::timeout, [this] {
            if (m_cancel && m_cancel->load())
                fail(makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "download cancelled")));
        });
        watch.start(100);
        startMore();
        if (!finished())
            m_loop.exec();
        for (auto &f : m_active)
            if (f->reply)
                f->reply->abort();
        if (!m_failure)
            return m_failure;
        DownloadReport r;
        r.filesFetched = m_report.filesFetched;
        r.filesPresent = m_report.filesPresent;
        r.bytesFetched = m_report.bytesFetched;
        r.retries = m_report.retries;
        r.refetches = m_report.refetches;
        return r;
    }

private:
    struct Totals {
        int filesFetched = 0, filesPresent = 0, retries = 0, refetches = 0;
        uint64_t bytesFetched = 0, totalSize = 0, totalDone = 0;
    };

    bool finished() const { return !m_failure || (m_waiting.empty() && m_active.empty()); }

    void fail(Status st)
    {
        if (!m_failure)
            return;
        m_failure = std::move(st);
        m_loop.quit();
    }

    void startMore()
    {
        while (m_failure && int(m_active.size()) < std::clamp(m_o.jobs, 1, 16) && !m_waiting.empty()) {
            const HubFile *file = m_waiting.front();
            m_waiting.pop_front();
            startFile(file);
        }
        if (finished())
            m_loop.quit();
    }

    void report(const std::string &file, uint64_t done, uint64_t size)
    {
        if (!m_progress)
            return;
        DownloadProgress p;
        p.file = file;
        p.fileDone = done;
        p.fileSize = size;
        p.totalDone = m_report.totalDone;
        p.totalSize = m_report.totalSize;
        const double s = double(m_clock.nsecsElapsed()) / 1e9;
        p.bytesPerSecond = s > 0 ? double(m_report.bytesFetched) / s : 0;
        if (!m_progress(p))
            fail(makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "download stopped")));
    }

    void startFile(const HubFile *file)
    {
        auto f = std::make_shared<Fetch>();
        f->file = file;
        f->finalPath = QDir(m_folder).filePath(q(file->path));
        f->partPath = f->finalPath + QStringLiteral(".part");
        const QFileInfo done(f->finalPath);
        // Renamed into place only after its checks: present with the listed size = complete.
        if (done.isFile() && uint64_t(done.size()) == file->size) {
            ++m_report.filesPresent;
            m_report.totalDone += file->size;
            report(file->path, file->size, file->size);
            return; // startMore's loop goes on to the next file

        }
        if (!QDir().mkpath(QFileInfo(f->finalPath).absolutePath()))
            return fail(makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create its folder"), file->path));
        f->part.setFileName(f->partPath);
        if (!f->part.open(QIODevice::ReadWrite))
            return fail(makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot write %2"), file->path, f->partPath.toStdString()));
        if (uint64_t(f->part.size()) > file->size)
            f->part.resize(0); // longer than the file can be: not ours to keep
        // What an earlier run left: hashed again so the hash covers the whole file.
        while (!f->part.atEnd()) {
            const QByteArray chunk = f->part.read(4 << 20);
            if (chunk.isEmpty())
                break;
            f->hash.addData(chunk);
        }
        f->have = uint64_t(f->part.size());
        m_report.totalDone += f->have;
        const QStorageInfo disk(m_folder);
        const uint64_t needed = file->size - f->have + m_o.freeSpaceMarginBytes;
        if (disk.isValid() && uint64_t(disk.bytesAvailable()) < needed)
            return fail(makeError(ErrorCode::Io,
                                  SLUICE_ERRT("Error", "%1: not enough free space in %2 (%3 MiB needed, %4 MiB free)"),
                                  file->path, m_folder.toStdString(), (needed + (1 << 20) - 1) >> 20,
                                  uint64_t(disk.bytesAvailable()) >> 20));
        m_active.push_back(f);
        if (f->have == file->size)
            complete(f);
        else
            request(f);
    }

    void request(const std::shared_ptr<Fetch> &f)
    {
        if (!m_failure)
            return;
        QNetworkRequest r = makeRequest(m_o, fileUrl(m_o, f->file->path));
        if (f->have > 0)
            r.setRawHeader("Range", "bytes=" + QByteArray::number(qulonglong(f->have)) + "-");
        f->writing = false;
        QNetworkReply *reply = m_nam.get(r);
        // Under a rate limit the reply buffers one read's worth: the socket is
        // not read further until the limit lets us take the bytes.
        if (m_o.maxBytesPerSecond)
            reply->setReadBufferSize(qint64(hubBurstBytes(m_o)));
        f->reply = reply;
        f->replyFinished = false;
        QObject::connect(reply, &QNetworkReply::metaDataChanged, reply, [this, f, reply] { accept(f, reply); });
        QObject::connect(reply, &QNetworkReply::readyRead, reply, [this, f, reply] { write(f, reply); });
        QObject::connect(reply, &QNetworkReply::finished, reply, [this, f, reply] {
            f->replyFinished = true;
            finish(f, reply);
        });
    }

    // A reply that ended is handled once the limit has let its last bytes in.
    void finish(const std::shared_ptr<Fetch> &f, QNetworkReply *reply)
    {
        write(f, reply);
        if (m_failure && f->writing && reply->bytesAvailable() > 0)
            return; // pump() comes back for the rest
        f->replyFinished = false;
        reply->deleteLater();
        ended(f, reply);
    }

    // Bytes the limit lets in now: maxBytesPerSecond * elapsed + one burst, less what arrived.
    uint64_t allowance() const
    {
        if (!m_o.maxBytesPerSecond)
            return UINT64_MAX;
        const double t = double(m_clock.nsecsElapsed()) / 1e9;
        const double cap = double(m_o.maxBytesPerSecond) * t + double(hubBurstBytes(m_o));
        const double got = double(m_report.bytesFetched);
        return cap > got ? uint64_t(cap - got) : 0;
    }

    // Comes back when about half a burst more is allowed.
    void throttleLater()
    {
        if (m_throttle.isActive())
            return;
        const double ms = 1000.0 * double(hubBurstBytes(m_o)) / 2.0 / double(m_o.maxBytesPerSecond);
        m_throttle.start(std::clamp(int(ms), 5, 250));
    }

    void pump()
    {
        const auto active = m_active; // finishing a file changes the list
        for (const auto &f : active) {
            if (!m_failure)
                return;
            if (QNetworkReply *reply = f->reply) {
                if (f->replyFinished)
                    finish(f, reply);
                else
                    write(f, reply);
            }
        }
    }

    // The status decides what the body is: the rest of the file (206 from
    // where the part ends), the whole file (200: start the part over), or an error.
    void accept(const std::shared_ptr<Fetch> &f, QNetworkReply *reply)
    {
        const int status = httpStatus(reply);
        if (status >= 300 && status < 400)
            return; // a redirect: the next metadata is the target's
        f->writing = false;
        if (status == 206) {
            const QByteArray range = reply->rawHeader("Content-Range"); // "bytes START-END/TOTAL"
            const qsizetype space = range.indexOf(' '), dash = range.indexOf('-');
            const bool fromHave = space > 0 && dash > space &&
                                  range.mid(space + 1, dash - space - 1).toULongLong() == f->have;
            if (!fromHave) {
                reply->abort(); // not where the part ends: ask again from the start
                restart(f);
                return;
            }
            f->writing = true;
        } else if (status == 200) {
            if (f->have > 0)
                restart(f);
            f->writing = true;
        }
    }

    void restart(const std::shared_ptr<Fetch> &f)
    {
        m_report.totalDone -= f->have;
        f->have = 0;
        f->part.resize(0);
        f->part.seek(0);
        f->hash.reset();
    }

    void write(const std::shared_ptr<Fetch> &f, QNetworkReply *reply)
    {
        if (!f->writing) {
            reply->readAll(); // a redirect's or an error's body
            return;
        }
        qint64 n = reply->bytesAvailable();
        if (const uint64_t allowed = allowance(); uint64_t(n) > allowed) {
            n = qint64(allowed);
            throttleLater();
        }
        if (n <= 0)
            return;
        const QByteArray data = reply->read(n);
        if (data.isEmpty())
            return;
        if (f->have + uint64_t(data.size()) > f->file->size) {
            reply->abort(); // more than the listing says: a mismatch when it ends
            f->writing = false;
            f->overlong = true;
            return;
        }
        if (f->part.write(data) != data.size())
            return fail(makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), f->file->path,
                                  f->part.errorString().toStdString()));
        f->hash.addData(data);
        f->have += uint64_t(data.size());
        m_report.bytesFetched += uint64_t(data.size());
        m_report.totalDone += uint64_t(data.size());
        report(f->file->path, f->have, f->file->size);
    }

    void ended(const std::shared_ptr<Fetch> &f, QNetworkReply *reply)
    {
        if (!m_failure)
            return;
        write(f, reply);
        if (f->overlong) {
            f->overlong = false;
            return mismatch(f, "more bytes than the listed " + std::to_string(f->file->size));
        }
        if (reply->error() == QNetworkReply::NoError && f->have == f->file->size)
            return complete(f);
        // A body cut short with a good status is a transfer that broke: resume it.
        const bool cutShort = reply->error() == QNetworkReply::NoError;
        if (!cutShort && !transient(reply))
            return fail(makeError(ErrorCode::Io, f->file->path + ": " + httpProblem(reply)));
        if (++f->attempts >= std::max(1, m_o.maxAttempts))
            return fail(cutShort ? makeError(ErrorCode::Io,
                                             SLUICE_ERRT("Error", "%1: gave up after %2 attempts (the body ended early)"),
                                             f->file->path, f->attempts)
                                 : makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: gave up after %2 attempts (%3)"),
                                             f->file->path, f->attempts, httpProblem(reply)));
        ++m_report.retries;
        const int wait = m_backoff.delayMs(f->attempts - 1, cutShort ? -1 : retryAfterMs(reply));
        QTimer::singleShot(wait, &m_nam, [this, f] { request(f); }); // dropped with the fetcher
    }

    void mismatch(const std::shared_ptr<Fetch> &f, const std::string &what)
    {
        if (f->refetched)
            return fail(makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 after fetching it twice"), f->file->path, what));
        // Fetched whole once more; its wrong bytes are gone.
        f->refetched = true;
        ++m_report.refetches;
        restart(f);
        request(f);
    }

    void complete(const std::shared_ptr<Fetch> &f)
    {
        const QByteArray got = f->hash.result().toHex();
        if (!f->file->sha256.empty() && got.toStdString() != f->file->sha256)
            return mismatch(f, "SHA-256 " + got.toStdString() + " instead of " + f->file->sha256);
        f->part.flush();
        f->part.close();
        QFile::remove(f->finalPath);
        if (!QFile::rename(f->partPath, f->finalPath))
            return fail(makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot rename the finished part into place"), f->file->path));
        ++m_report.filesFetched;
        m_active.erase(std::remove(m_active.begin(), m_active.end(), f), m_active.end());
        report(f->file->path, f->file->size, f->file->size);
        startMore();
    }

    const HubOptions &m_o;
    const std::vector<HubFile> &m_files;
    QString m_folder;
    const std::function<bool(const DownloadProgress &)> &m_progress;
    const std::atomic<bool> *m_cancel;
    Backoff m_backoff;
    QNetworkAccessManager m_nam;
    QEventLoop m_loop;
    QElapsedTimer m_clock;
    QTimer m_throttle; // the rate limit's next read
    std::deque<const HubFile *> m_waiting;
    std::vector<std::shared_ptr<Fetch>> m_active;
    Status m_failure = Status::ok();
    Totals m_report;
};

// The listing's body, bounded, with the same retries as a file.
Expected<QByteArray> fetchListing(const HubOptions &o)
{
    QNetworkAccessManager nam;
    Backoff backoff(o);
    std::string last;
    for (int attempt = 0; attempt < std::max(1, o.maxAttempts); ++attempt) {
        QNetworkReply *reply = nam.get(makeRequest(o, treeUrl(o)));
        QByteArray body;
        bool tooLong = false;
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::readyRead, [&] {
            body += reply->readAll();
            if (uint64_t(body.size()) > o.maxListingBytes) {
                tooLong = true;
                reply->abort();
            }
        });
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        body += reply->readAll();
        std::unique_ptr<QNetworkReply, void (*)(QNetworkReply *)> owned(reply, [](QNetworkReply *r) { r->deleteLater(); });
        if (tooLong)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: the file listing is over %2 MiB"), o.repo,
                o.maxListingBytes >> 20);
        if (reply->error() == QNetworkReply::NoError)
            return body;
        last = httpProblem(reply);
        if (!transient(reply))
            break;
        QEventLoop wait;
        QTimer::singleShot(backoff.delayMs(attempt, retryAfterMs(reply)), &wait, &QEventLoop::quit);
        wait.exec();
    }
    return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1@%2: cannot list the repository: %3"), o.repo, o.revision,
                     last);
}

// Bytes [from, from + length) of a file: a Range request (a 206 must start at
// `from`; a server that answers 200 sends the file from its start, which is
// read up to the end of the range and dropped), with the same retries.
// Waits `ms` in an event loop, or less when the cancel flag rises (another
// thread's): false when cancelled.
bool waitUnlessCancelled(int ms, const std::atomic<bool> *cancel)
{
    if (cancel && cancel->load())
        return false;
    QEventLoop wait;
    QTimer done, watch;
    done.setSingleShot(true);
    QObject::connect(&done, &QTimer::timeout, &wait, &QEventLoop::quit);
    QObject::connect(&watch, &QTimer::timeout, &wait, [&] {
        if (cancel && cancel->load())
            wait.quit();
    });
    done.start(ms);
    watch.start(50);
    wait.exec();
    return !(cancel && cancel->load());
}

// One Range request of streamRange: delivers body bytes at `at` onward to the
// sink until `remaining` are delivered, the connection ends, the sink fails or
// the cancel flag rises (polled every 50 ms: the flag is another thread's).
struct RangeAttempt {
    uint64_t delivered = 0; // bytes given to the sink by this attempt
    bool rangeOk = true;    // a 206 answered the range asked for
    bool cancelled = false;
    Status sinkStatus = Status::ok();
};

RangeAttempt requestRange(QNetworkAccessManager &nam, QNetworkReply *&reply, const HubOptions &o,
                          const std::string &path, uint64_t at, uint64_t remaining,
                          const std::function<Status(const char *, size_t)> &sink, const std::atomic<bool> *cancel)
{
    RangeAttempt a;
    QNetworkRequest r = makeRequest(o, fileUrl(o, path));
    r.setRawHeader("Range", "bytes=" + QByteArray::number(qulonglong(at)) + "-" +
                                QByteArray::number(qulonglong(at + remaining - 1)));
    reply = nam.get(r);
    uint64_t skip = 0, seen = 0; // a 200 sends the file from its start: the bytes before `at` are dropped
    auto take = [&] {
        const QByteArray data = reply->readAll();
        qsizetype pos = 0;
        if (seen < skip)
            pos = qsizetype(std::min<uint64_t>(skip - seen, uint64_t(data.size())));
        seen += uint64_t(data.size());
        const uint64_t n = std::min<uint64_t>(uint64_t(data.size() - pos), remaining - a.delivered);
        if (n > 0 && a.sinkStatus.isOk()) {
            a.sinkStatus = sink(data.constData() + pos, size_t(n));
            if (a.sinkStatus.isOk())
                a.delivered += n;
        }
        return a.sinkStatus.isOk() && a.delivered < remaining;
    };
    QEventLoop loop;
    QTimer watch;
    QObject::connect(reply, &QNetworkReply::metaDataChanged, [&] {
        const int status = httpStatus(reply);
        if (status == 200)
            skip = at;
        if (status == 206 && !reply->rawHeader("Content-Range").startsWith(
                                 "bytes " + QByteArray::number(qulonglong(at)) + "-")) {
            a.rangeOk = false;
            reply->abort();
        }
    });
    QObject::connect(reply, &QNetworkReply::readyRead, [&] {
        const int status = httpStatus(reply);
        if (a.rangeOk && (status == 200 || status == 206) && !take())
            reply->abort(); // enough, or the sink failed
    });
    QObject::connect(&watch, &QTimer::timeout, [&] {
        if (cancel && cancel->load()) {
            a.cancelled = true;
            reply->abort();
        }
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    watch.start(50);
    if (!reply->isFinished())
        loop.exec();
    const int status = httpStatus(reply);
    if (!a.cancelled && a.rangeOk && (status == 200 || status == 206) && a.delivered < remaining)
        take();
    return a;
}

// Bytes [from, from + length) of a file to a sink, in order; a dropped
// connection resumes at the first byte not delivered, with the same retries
// as a file (bytes arriving reset the attempt count: a slow cut-prone link
// still finishes).
Status streamRange(const HubOptions &o, const std::string &path, uint64_t from, uint64_t length,
                   const std::function<Status(const char *, size_t)> &sink, const std::atomic<bool> *cancel)
{
    QNetworkAccessManager nam;
    Backoff backoff(o);
    std::string last;
    uint64_t done = 0;
    for (int attempt = 0; attempt < std::max(1, o.maxAttempts); ++attempt) {
        QNetworkReply *raw = nullptr;
        const RangeAttempt a = requestRange(nam, raw, o, path, from + done, length - done, sink, cancel);
        std::unique_ptr<QNetworkReply, void (*)(QNetworkReply *)> reply(raw, [](QNetworkReply *x) { x->deleteLater(); });
        done += a.delivered;
        if (!a.sinkStatus.isOk())
            return a.sinkStatus;
        if (a.cancelled)
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "download cancelled"));
        if (!a.rangeOk)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: the hub answered another range than bytes %2-%3"),
                             path, from + done, from + length - 1);
        if (done == length)
            return Status::ok();
        last = reply->error() == QNetworkReply::NoError ? "the body ended early" : httpProblem(reply.get());
        if (reply->error() != QNetworkReply::NoError && !transient(reply.get()))
            break;
        if (a.delivered > 0)
            attempt = -1;
        if (!waitUnlessCancelled(backoff.delayMs(std::max(attempt, 0), retryAfterMs(reply.get())), cancel))
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "download cancelled"));
    }
    return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot fetch bytes %2-%3: %4"), path, from + done,
                     from + length - 1, last);
}

} // namespace

Expected<std::string> fetchHubRange(const HubOptions &options, const std::string &path, uint64_t from,
                                    uint64_t length, const std::atomic<bool> *cancel)
{
    if (!safePath(path))
        return makeError(ErrorCode::InvalidArgument, path + ": not a file of the repository");
    if (length > (256ull << 20))
        return makeError(ErrorCode::InvalidArgument, path + ": a range over 256 MiB");
    std::string body;
    if (length == 0)
        return body;
    body.reserve(size_t(length));
    SLUICE_TRY(streamRange(options, path, from, length, [&](const char *data, size_t n) {
        body.append(data, n);
        return Status::ok();
    }, cancel));
    return body;
}

Status streamHubRange(const HubOptions &options, const std::string &path, uint64_t from, uint64_t length,
                      const std::function<Status(const char *, size_t)> &sink, const std::atomic<bool> *cancel)
{
    if (!safePath(path))
        return makeError(ErrorCode::InvalidArgument, path + ": not a file of the repository");
    if (length == 0)
        return Status::ok();
    return streamRange(options, path, from, length, sink, cancel);
}

uint64_t hubBurstBytes(const HubOptions &o)
{
    return std::max<uint64_t>(16 << 10, o.maxBytesPerSecond / 8);
}

Expected<std::vector<HubFile>> listHubFiles(const HubOptions &o)
{
    if (o.repo.empty() || o.repo.find('/') == std::string::npos || o.repo.find("..") != std::string::npos)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "'%1' is not a repository name (owner/name)"), o.repo);
    auto body = fetchListing(o);
    if (!body)
        return body.status();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*body, &error);
    if (!doc.isArray())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: the file listing is not a JSON array (%2)"),
            o.repo, error.errorString().toStdString());
    std::vector<HubFile> files;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("type")).toString() == QLatin1String("directory"))
            continue;
        HubFile f;
        f.path = e.value(QStringLiteral("path")).toString().toStdString();
        const QJsonObject lfs = e.value(QStringLiteral("lfs")).toObject();
        const QJsonValue size = lfs.isEmpty() ? e.value(QStringLiteral("size")) : lfs.value(QStringLiteral("size"));
        if (f.path.empty() || !size.isDouble() || size.toDouble() < 0)
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: a listing entry without a path or size"), o.repo);
        if (!safePath(f.path))
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1: the listing names '%2', a path that would leave the target folder"), o.repo,
                f.path);
        f.size = uint64_t(size.toDouble());
        if (!lfs.isEmpty()) {
            QString oid = lfs.value(QStringLiteral("oid")).toString().toLower();
            if (oid.startsWith(QLatin1String("sha256:")))
                oid = oid.mid(7);
            if (oid.size() != 64 || oid.contains(QRegularExpression(QStringLiteral("[^0-9a-f]"))))
                return makeError(ErrorCode::Format,
                    SLUICE_ERRT("Error", "%1: %2: the listing's lfs.oid is not a SHA-256"), o.repo, f.path);
            f.sha256 = oid.toStdString();
        }
        files.push_back(std::move(f));
    }
    return files;
}

Expected<DownloadReport> downloadHubFiles(const HubOptions &options, const std::vector<HubFile> &files,
                                          const std::string &folder,
                                          const std::function<bool(const DownloadProgress &)> &progress,
                                          const std::atomic<bool> *cancel)
{
    for (const HubFile &f : files)
        if (!safePath(f.path))
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "'%1' would leave the target folder"), f.path);
    Fetcher fetcher(options, files, q(folder), progress, cancel);
    return fetcher.run();
}

} // namespace sluice
