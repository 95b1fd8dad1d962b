#pragma once
// The progress of one hub download (qt/downloadworker.h) as the "Get a
// model" dialog shows it: one bar for the whole repository with the bytes,
// the rate, the time left and the files done, and one row per file in flight.
#include "qt/downloadworker.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QVBoxLayout;

namespace sluice::gui {

class DownloadView : public QWidget
{
    Q_OBJECT
public:
    explicit DownloadView(QWidget *parent = nullptr);

    void clear();
    void setListed(int files, quint64 totalBytes);
    void setStatus(const qt::DownloadStatus &status);
    // Stopped (paused, failed): the bars stay, the rate and time left go.
    void showStopped();
    // A line under the bars: paused, cancelled, done, or the error.
    void setNote(const QString &text);

    QProgressBar *overallBar() const { return m_overall; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *noteLabel() const { return m_note; }
    int visibleFileRows() const;
    // Test hook: the path shown on a file row.
    QString fileRowText(int row) const;

    // "Converting layer 3 of 8" for a converting status.
    static QString convertingText(const qt::DownloadStatus &status);

private:
    struct FileRow {
        QLabel *name;
        QProgressBar *bar;
    };
    FileRow &row(int i);

    QProgressBar *m_overall;
    QLabel *m_summary;
    QVBoxLayout *m_files;
    QList<FileRow> m_rows;
    qt::DownloadStatus m_last;
    QLabel *m_note;
};

// "2 h 5 min", "3 min 20 s", "12 s"; "–" for an unknown (negative) time.
QString formatDuration(double seconds);

} // namespace sluice::gui
