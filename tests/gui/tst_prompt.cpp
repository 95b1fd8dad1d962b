// The prompt: Enter/Shift+Enter, and images arriving by drag-and-drop, paste
// and file — accepted with a thumbnail when the model can see, refused with a
// message when the file is damaged or the model has no vision tower.
#include "support/testregistry.h"
#include "chat/imagestrip.h"
#include "chat/promptedit.h"

#include <QApplication>
#include <QClipboard>
#include <QDropEvent>
#include <QFile>
#include <QImage>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace sluice::gui;

class TestPrompt : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void enterSendsShiftEnterBreaks();
    void dropAddsThumbnail();
    void pasteAddsThumbnail();
    void badFilesRefused_data();
    void badFilesRefused();
    void noVisionRefuses();
    void removeButton();

private:
    QString makePng(QTemporaryDir &dir, const QString &name)
    {
        QImage img(40, 30, QImage::Format_RGB888);
        img.fill(QColor(10, 200, 30));
        const QString path = dir.filePath(name);
        img.save(path);
        return path;
    }
};

void TestPrompt::enterSendsShiftEnterBreaks()
{
    PromptEdit edit;
    QSignalSpy send(&edit, &PromptEdit::sendRequested);
    QTest::keyClicks(&edit, QStringLiteral("line one"));
    QTest::keyClick(&edit, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(&edit, QStringLiteral("line two"));
    QCOMPARE(send.count(), 0);
    QCOMPARE(edit.toPlainText(), QStringLiteral("line one\nline two"));
    QTest::keyClick(&edit, Qt::Key_Return);
    QCOMPARE(send.count(), 1);
    QCOMPARE(edit.toPlainText(), QStringLiteral("line one\nline two")); // the window clears it after sending
}

void TestPrompt::dropAddsThumbnail()
{
    QTemporaryDir dir;
    ImageStrip strip(dir.filePath(QStringLiteral("paste")));
    strip.setVisionAvailable(true, true);
    strip.show();
    QSignalSpy changed(&strip, &ImageStrip::imagesChanged);
    const QString png = makePng(dir, QStringLiteral("a.png"));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(png)});
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&strip, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&strip, &drop);
    QTRY_COMPARE(strip.count(), 1); // checked on a pool thread
    QCOMPARE(strip.images(), QStringList{png});
    QCOMPARE(changed.count(), 1);
    QVERIFY(strip.findChild<QWidget *>()); // a thumbnail cell
}

void TestPrompt::pasteAddsThumbnail()
{
    QTemporaryDir dir;
    ImageStrip strip(dir.filePath(QStringLiteral("paste")));
    strip.setVisionAvailable(true, true);
    PromptEdit edit;
    edit.setImageStrip(&strip);
    QImage img(16, 16, QImage::Format_RGB888);
    img.fill(Qt::red);
    QApplication::clipboard()->setImage(img);
    edit.paste();
    QTRY_COMPARE(strip.count(), 1);
    QVERIFY(strip.images().first().startsWith(dir.filePath(QStringLiteral("paste"))));
    QVERIFY(QFile::exists(strip.images().first()));
    QVERIFY(edit.toPlainText().isEmpty()); // the image did not turn into text
    // Text still pastes as text.
    QApplication::clipboard()->setText(QStringLiteral("plain words"));
    edit.paste();
    QCOMPARE(edit.toPlainText(), QStringLiteral("plain words"));
    QCOMPARE(strip.count(), 1);
}

void TestPrompt::badFilesRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expect");
    QTest::newRow("corrupt-png") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR garbage garbage", 32) << QStringLiteral("cannot be used");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
    QTest::newRow("text") << QByteArray("just some text, not an image at all\n") << QStringLiteral("cannot be used");
}

void TestPrompt::badFilesRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expect);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.png"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    f.close();
    ImageStrip strip(dir.filePath(QStringLiteral("paste")));
    strip.setVisionAvailable(true, true);
    QSignalSpy refused(&strip, &ImageStrip::refused);
    strip.addFile(path);
    QTRY_COMPARE(refused.count(), 1);
    QVERIFY2(refused.first().first().toString().contains(expect), qPrintable(refused.first().first().toString()));
    QCOMPARE(strip.count(), 0);
}

void TestPrompt::noVisionRefuses()
{
    QTemporaryDir dir;
    ImageStrip strip(dir.filePath(QStringLiteral("paste")));
    strip.setVisionAvailable(false, true);
    QSignalSpy refused(&strip, &ImageStrip::refused);
    QVERIFY(!strip.addFile(makePng(dir, QStringLiteral("b.png"))));
    QCOMPARE(refused.count(), 1);
    QVERIFY(refused.first().first().toString().contains(QStringLiteral("no vision tower")));
    QImage img(8, 8, QImage::Format_RGB888);
    img.fill(Qt::blue);
    QVERIFY(!strip.addImage(img));
    QCOMPARE(refused.count(), 2);
    QCOMPARE(strip.count(), 0);
}

void TestPrompt::removeButton()
{
    QTemporaryDir dir;
    ImageStrip strip(dir.filePath(QStringLiteral("paste")));
    strip.setVisionAvailable(true, true);
    strip.addFile(makePng(dir, QStringLiteral("c.png")));
    strip.addFile(makePng(dir, QStringLiteral("d.png")));
    QTRY_COMPARE(strip.count(), 2);
    QToolButton *remove = nullptr;
    for (QToolButton *b : strip.findChildren<QToolButton *>())
        if (b->accessibleName().contains(QStringLiteral("c.png")))
            remove = b;
    QVERIFY(remove);
    remove->click();
    QCOMPARE(strip.count(), 1);
    QVERIFY(strip.images().first().endsWith(QStringLiteral("d.png")));
}

SLUICE_TEST_MAIN(TestPrompt)
#include "tst_prompt.moc"
