// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI-only fields of issue 28's third hostile pass (tests/hostile/round_end.sh covers what a
// command line reaches): hostile text typed into the kernel pane's launch fields, predict mode's
// answer field and the sidebar's spin boxes, and a saved settings file (QSettings, INI) full of
// garbage. Each row states the right answer: refused with a message at the field naming it, or
// taken, and in both cases the last valid state stays (nothing runs, the pane is never empty).
#include "app/bench/bench_settings.h"
#include "app/bench/benchmark_pane.h"
#include "app/kernel/kernel_pane.h"
#include "app/shell/main_window.h"
#include "app/step/step_pane.h"
#include "app/step/step_state.h"

#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace reducescope;

class TestHostileFields : public QObject {
    Q_OBJECT
private slots:
    void kernelFields_data();
    void kernelFields();
    void answerField_data();
    void answerField();
    void spinBoxes_data();
    void spinBoxes();
    void garbageSettings_data();
    void garbageSettings();
};

void TestHostileFields::kernelFields_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("taken");
    // The block size and grid: empty is the engine's plan; a typed 0 is outside 1..1024 and
    // 1..65535, as `kernel trace --block-size 0` is (it was taken for "the engine's plan").
    for (const char* f : {"block-size", "grid"}) {
        const QString field = QLatin1String(f);
        QTest::addRow("%s 0", f) << field << "0" << false;
        QTest::addRow("%s -0", f) << field << "-0" << false;
        QTest::addRow("%s 00", f) << field << "00" << false;
        QTest::addRow("%s -1", f) << field << "-1" << false;
        QTest::addRow("%s 0x40", f) << field << "0x40" << false;
        QTest::addRow("%s 1e2", f) << field << "1e2" << false;
        QTest::addRow("%s 64abc", f) << field << "64abc" << false;
        QTest::addRow("%s arabic 64", f) << field << QString::fromUtf8("\xd9\xa6\xd9\xa4") << false;
        QTest::addRow("%s 99999999999", f) << field << "99999999999" << false;
        QTest::addRow("%s nan", f) << field << "nan" << false;
        QTest::addRow("%s 1,024", f) << field << "1,024" << false;
        QTest::addRow("%s empty (the plan)", f) << field << "" << true;
        QTest::addRow("%s spaces (the plan)", f) << field << "   " << true;
    }
    QTest::addRow("block-size 3") << "block-size" << "3" << false;
    QTest::addRow("block-size 2048") << "block-size" << "2048" << false;
    QTest::addRow("block-size 64") << "block-size" << "64" << true;
    QTest::addRow("grid 65536") << "grid" << "65536" << false;
    QTest::addRow("grid 65535") << "grid" << "65535" << true;
    for (const char* f : {"warp-size", "banks"}) {
        const QString field = QLatin1String(f);
        for (const char* v : {"0", "1", "7", "33", "64", "-32", "x", "3.2e1"})
            QTest::addRow("%s '%s'", f, v) << field << QString::fromLatin1(v) << false;
        QTest::addRow("%s 16", f) << field << "16" << true;
        QTest::addRow("%s empty (32)", f) << field << "" << true;
    }
    QTest::addRow("input ''") << "input" << "" << false;
    QTest::addRow("input 'x'") << "input" << "x" << false;
    QTest::addRow("input 4097 values") << "input" << QString(QStringLiteral("1,")).repeated(4096) + QStringLiteral("1") << false;
    QTest::addRow("input escape bytes") << "input" << QString::fromUtf8("1,\x1b[31m2") << false;
}

void TestHostileFields::kernelFields()
{
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(bool, taken);
    app::KernelPane pane;
    pane.setPersistent(false);
    QLineEdit* edit = field == QLatin1String("input")        ? pane.inputEdit()
                      : field == QLatin1String("block-size") ? pane.blockSizeEdit()
                      : field == QLatin1String("grid")       ? pane.gridEdit()
                      : field == QLatin1String("warp-size")  ? pane.warpSizeEdit()
                                                             : pane.banksEdit();
    edit->setText(text);
    const std::optional<app::KernelRunRequest> r = pane.request(app::KernelRunRequest::Mode::Trace);
    QCOMPARE(bool(r), taken);
    if (taken) {
        QVERIFY(pane.fieldMessage(field).isEmpty());
        return;
    }
    // The message sits at the refused field, is one line, and Step starts nothing.
    const QString message = pane.fieldMessage(field);
    QVERIFY2(!message.isEmpty(), qPrintable(field));
    QVERIFY2(!message.contains(QLatin1Char('\n')) && !message.contains(QChar(0x1b)), qPrintable(message));
    QVERIFY(!pane.step());
    QVERIFY(!pane.runner()->isRunning());
}

void TestHostileFields::answerField_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("taken");
    for (const char* v : {"twelve", "1,5", "0x10", "1 2", "--1", "1e", "١٢", "12abc", "\x1b[2J"})
        QTest::addRow("'%s'", v) << QString::fromUtf8(v) << false;
    for (const char* v : {"12", " 12 ", "-0", "1e3", "nan", "inf", "-inf", "1e-50", "3.5e38"})
        QTest::addRow("'%s' (a number)", v) << QString::fromUtf8(v) << true;
}

void TestHostileFields::answerField()
{
    QFETCH(QString, text);
    QFETCH(bool, taken);
    app::StepState state;
    app::TraceRequest r;
    r.strategy = QStringLiteral("convergent");
    r.input = QStringLiteral("6,2,7,4,5,8,3,1");
    QVERIFY(state.setRequest(r));
    state.setPredictMode(true);
    for (int i = 0; i < 8 && state.question() && state.question()->form != model::AnswerForm::Number; ++i)
        state.nextQuestion();
    QVERIFY(state.question() && state.question()->form == model::AnswerForm::Number);
    QVERIFY(state.setAnswerText(QStringLiteral("7")));  // the last valid answer
    QCOMPARE(state.setAnswerText(text), taken);
    if (taken) {
        QVERIFY(state.message(QStringLiteral("answer")).isEmpty());
        QVERIFY(state.answerNumber());
    } else {
        QVERIFY(!state.message(QStringLiteral("answer")).isEmpty());
        QVERIFY(!state.message(QStringLiteral("answer")).contains(QChar(0x1b)));
        QCOMPARE(*state.answerNumber(), 7.0);  // the previous answer stays
    }
}

void TestHostileFields::spinBoxes_data()
{
    QTest::addColumn<QString>("typed");
    for (const char* v : {"abc", "-5", "99999999999", "0x10", "1e3", "\x1b", "٦٤"})
        QTest::addRow("'%s'", v) << QString::fromUtf8(v);
}

void TestHostileFields::spinBoxes()
{
    // Typed into the block size and atomic-order boxes: the box's validator takes only its range;
    // the request stays valid and the trace is still shown.
    QFETCH(QString, typed);
    app::StepPane pane;
    app::TraceRequest r;
    r.strategy = QStringLiteral("atomic_naive");
    r.input = QStringLiteral("6,2,7,4,5,8,3,1");
    QVERIFY(pane.setRequest(r));
    for (QSpinBox* box : {pane.blockSizeEdit(), pane.atomicOrderEdit()}) {
        const int before = box->value();
        QLineEdit* line = box->findChild<QLineEdit*>();
        QVERIFY(line);
        box->selectAll();
        for (const QChar c : typed) {  // keyClicks() takes ASCII only: other characters as key events with text
            if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
                QTest::keyClick(line, c.toLatin1());
            else
                QTest::sendKeyEvent(QTest::Click, line, Qt::Key_unknown, QString(c), Qt::NoModifier);
        }
        QTest::keyClick(line, Qt::Key_Return);
        QVERIFY(box->value() >= box->minimum() && box->value() <= box->maximum());
        Q_UNUSED(before);
    }
    QVERIFY(pane.stepCount() > 0);
    QVERIFY(pane.request().params.block_size >= 0 && pane.request().params.block_size <= 1024);
}

void TestHostileFields::garbageSettings_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QVariant>("value");
    QTest::addRow("step/strategy bogus") << "step/strategy" << QVariant(QStringLiteral("bogus"));
    QTest::addRow("step/strategy escape") << "step/strategy" << QVariant(QString::fromUtf8("\x1b[2J"));
    QTest::addRow("step/input garbage") << "step/input" << QVariant(QStringLiteral("x,y"));
    QTest::addRow("step/input 1 MB") << "step/input" << QVariant(QString(1 << 20, QLatin1Char('1')));
    QTest::addRow("step/blockSize text") << "step/blockSize" << QVariant(QStringLiteral("lots"));
    QTest::addRow("step/blockSize 3") << "step/blockSize" << QVariant(3);
    QTest::addRow("step/blockSize -1") << "step/blockSize" << QVariant(-1);
    QTest::addRow("step/warpSize 7") << "step/warpSize" << QVariant(7);
    QTest::addRow("step/warpSize huge") << "step/warpSize" << QVariant(qlonglong(1) << 40);
    QTest::addRow("step/coarseFactor 0") << "step/coarseFactor" << QVariant(0);
    QTest::addRow("step/banks 33") << "step/banks" << QVariant(33);
    QTest::addRow("step/compare bogus") << "step/compare" << QVariant(QStringLiteral("bogus"));
    QTest::addRow("window/tab 99") << "window/tab" << QVariant(99);
    QTest::addRow("window/tab -5") << "window/tab" << QVariant(-5);
    QTest::addRow("window/geometry garbage") << "window/geometry" << QVariant(QByteArray(64, '\xff'));
    QTest::addRow("window/state garbage") << "window/state" << QVariant(QByteArray("\x00\x01\x02", 3));
    QTest::addRow("step/panes garbage") << "step/panes" << QVariant(QByteArray(1000, 'x'));
    QTest::addRow("view/theme 42") << "view/theme" << QVariant(42);
    QTest::addRow("bench/n -5") << "bench/n" << QVariant(-5);
    QTest::addRow("bench/n text") << "bench/n" << QVariant(QStringLiteral("4M"));
    QTest::addRow("bench/n huge") << "bench/n" << QVariant(qlonglong(1) << 62);
    QTest::addRow("bench/reps -1") << "bench/reps" << QVariant(-1);
    QTest::addRow("bench/mode turbo") << "bench/mode" << QVariant(QStringLiteral("turbo"));
    QTest::addRow("bench/cache warm") << "bench/cache" << QVariant(QStringLiteral("warm"));
    QTest::addRow("bench/blockSize 3") << "bench/blockSize" << QVariant(3);
    QTest::addRow("bench/strategies bogus") << "bench/strategies" << QVariant(QStringList{QStringLiteral("bogus")});
    QTest::addRow("bench/sweep bogus") << "bench/sweep" << QVariant(QStringLiteral("bogus"));
    QTest::addRow("bench/sweepValues garbage") << "bench/sweepValues" << QVariant(QStringLiteral("1,,x"));
    QTest::addRow("kernel/recent an int") << "kernel/recent" << QVariant(5);
    QTest::addRow("kernel/recent missing files") << "kernel/recent"
                                                  << QVariant(QStringList{QStringLiteral("/nonexistent/a.cu"), QString(),
                                                                          QStringLiteral("relative.cu")});
    QTest::addRow("kernel/recent 1000 entries") << "kernel/recent" << QVariant(QStringList(1000, QStringLiteral("/x.cu")));
    QTest::addRow("language bogus") << "language" << QVariant(QStringLiteral("xx_YY"));
}

void TestHostileFields::garbageSettings()
{
    // A settings file edited by hand or left by another version: the window opens, the step pane
    // shows a trace (a bad saved request falls back to the defaults), the benchmark pane's request
    // validates, the kernel pane keeps at most kMaxRecent recent files.
    QFETCH(QString, key);
    QFETCH(QVariant, value);
    QTemporaryDir dir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    {
        QSettings s;
        s.clear();
        s.setValue(QStringLiteral("bench/n"), 4096);  // the benchmark group is read when bench/n is there
        s.setValue(key, value);
    }
    app::MainWindow w(true);
    w.restoreSettings();
    QVERIFY(w.stepPane()->stepCount() > 0);
    QString why;
    QVERIFY2(w.benchmarkPane()->settings()->request(&why).has_value(), qPrintable(why));
    QVERIFY(w.kernelPane()->recentFiles().size() <= app::KernelPane::kMaxRecent);
    w.saveSettings();  // and what it writes back reads again
    app::MainWindow again(true);
    again.restoreSettings();
    QVERIFY(again.stepPane()->stepCount() > 0);
}

QTEST_MAIN(TestHostileFields)
#include "tst_hostile_fields.moc"
