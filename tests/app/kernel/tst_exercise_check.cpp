// SPDX-License-Identifier: GPL-3.0-or-later
// The exercise lessons in the window (issue 25, part 7), offscreen, against this build's
// reducescope-cli (the CPU engine; exit 77 when it has no `kernel trace`): each of the four
// exercises opened from the Lessons menu puts its starting source in the kernel editor, with the
// lesson's settings in the fields and the task in the window's language; Check the exercise (F6)
// runs `reducescope-cli kernel trace --json` as a child, then again on the held-back input
// (model::held_back_input), and shows model::check_exercise's verdict, each check as a sentence
// with its numbers. The unchanged starting source fails the named check with its numbers; a
// correct solution (tests/app/kernel/data/exercises/ID.cu) passes every check; a copy of it that
// writes the visible answer as a constant fails the held-back check. A check dropped between its
// two runs shows no verdict. One exercise is checked again in Chinese.
#include "app/common/lessons.h"
#include "app/kernel/exercise_text.h"
#include "app/kernel/kernel_pane.h"
#include "app/kernel/kernel_runner.h"
#include "app/shell/main_window.h"
#include "views/kernel/kernel_editor.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTranslator>

#include <cstdio>

using namespace reducescope;
using app::KernelPane;
using app::KernelRunOutcome;

namespace {

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

/// The Lessons menu's action of lesson `id` (the menu lists app::loadLessons() in order).
QAction* lessonAction(app::MainWindow& w, const QString& id)
{
    const app::LessonsLoad load = app::loadLessons();
    for (int i = 0; i < load.lessons.size(); ++i)
        if (QString::fromStdString(load.lessons[i].lesson.id) == id)
            return i < w.lessonActions().size() ? w.lessonActions()[i] : nullptr;
    return nullptr;
}

/// Presses Check the exercise's shortcut (F6) in the window and waits for the verdict (both runs).
bool checkByKey(app::MainWindow& w, KernelPane* pane)
{
    QSignalSpy spy(pane, &KernelPane::exerciseChecked);
    QTest::keyClick(&w, Qt::Key_F6);
    return spy.wait(120000) && spy.count() == 1;
}

/// Check the exercise through the pane; waits for the verdict (both runs).
bool checkAndWait(KernelPane* pane)
{
    QSignalSpy spy(pane, &KernelPane::exerciseChecked);
    if (!pane->checkExercise())
        return false;
    return spy.wait(120000) && spy.count() == 1;
}

} // namespace

class TestExerciseCheck : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qputenv("REDUCESCOPE_REAL_CLI", REDUCESCOPE_BUILD_CLI);
        QVERIFY(QFile::exists(QStringLiteral(REDUCESCOPE_BUILD_CLI)));
    }

    void startFailsSolutionPasses_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("input");      // the start of the input field
        QTest::addColumn<QString>("blockSize");
        QTest::addColumn<QString>("grid");
        QTest::addColumn<QString>("taskStart");  // the start of the English task
        QTest::addColumn<QStringList>("start");  // the starting source's verdict, line by line
        QTest::addColumn<QStringList>("solved");
        QTest::newRow("convergent")
            << "exercise_convergent" << "1,2,3,4," << "512" << ""
            << "Change the kernel so that no warp diverges"
            << QStringList{QStringLiteral("Not yet: 3 of 4 checks hold"),
                           QStringLiteral("✗ Divergent warps in steps 1–5: 16 at step 2 (want 0 in every step)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 524800, exact sum 524800: off by 0 (want 0)"),
                           QStringLiteral("✓ Result on a second input 4100, exact sum 4100: off by 0 (want 0)")}
            << QStringList{QStringLiteral("Solved: all 4 checks hold"),
                           QStringLiteral("✓ Divergent warps in steps 1–5: 0 in each of the 5 steps (want 0)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 524800, exact sum 524800: off by 0 (want 0)"),
                           QStringLiteral("✓ Result on a second input 4100, exact sum 4100: off by 0 (want 0)")};
        QTest::newRow("bank conflicts")
            << "exercise_bank_conflicts" << "1,2,3,4," << "1024" << ""
            << "Change the tree so that every shared-memory access"
            << QStringList{QStringLiteral("Not yet: 3 of 5 checks hold"),
                           QStringLiteral("✗ Worst bank conflict (ways): largest 32 in 12 steps (want at most 1)"),
                           QStringLiteral("✗ Extra shared-memory wavefronts (from bank conflicts): 465 in all 12 steps together (want 0)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 2098176, exact sum 2098176: off by 0 (want 0)"),
                           QStringLiteral("✓ Result on a second input 8192, exact sum 8192: off by 0 (want 0)")}
            << QStringList{QStringLiteral("Solved: all 5 checks hold"),
                           QStringLiteral("✓ Worst bank conflict (ways): largest 1 in 12 steps (want at most 1)"),
                           QStringLiteral("✓ Extra shared-memory wavefronts (from bank conflicts): 0 in all 12 steps together (want 0)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 2098176, exact sum 2098176: off by 0 (want 0)"),
                           QStringLiteral("✓ Result on a second input 8192, exact sum 8192: off by 0 (want 0)")};
        QTest::newRow("coarsening")
            << "exercise_coarsening" << "1,2,3,4," << "256" << "2"
            << "The kernel is launched with only 2 blocks"
            << QStringList{QStringLiteral("Not yet: 3 of 5 checks hold"),
                           QStringLiteral("✗ Result 524800, exact sum 8390656: off by 7865856 (want 0)"),
                           QStringLiteral("✓ Blocks launched: 2 (want 2)"),
                           QStringLiteral("✓ Atomic operations: 2 in all 10 steps together (want at most 2)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✗ Result on a second input 4100, exact sum 16375: off by 12275 (want 0)")}
            << QStringList{QStringLiteral("Solved: all 5 checks hold"),
                           QStringLiteral("✓ Result 8390656, exact sum 8390656: off by 0 (want 0)"),
                           QStringLiteral("✓ Blocks launched: 2 (want 2)"),
                           QStringLiteral("✓ Atomic operations: 2 in all 10 steps together (want at most 2)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result on a second input 16375, exact sum 16375: off by 0 (want 0)")};
        QTest::newRow("race")
            << "exercise_race" << "1,2,3,4," << "256" << ""
            << "Change one line so that no data race is left"
            << QStringList{QStringLiteral("Not yet: 1 of 4 checks hold"),
                           QStringLiteral("✗ Faults: 1, the first a data race at line 7 (want 0)"),
                           QStringLiteral("✗ Result 32, exact sum 32896: off by 32864 (want 0)"),
                           QStringLiteral("✓ Lines changed from the starting source: 0 (want at most 1)"),
                           QStringLiteral("✗ Result on a second input 1, exact sum 1020: off by 1019, with a data race at line 7 (want 0, no fault)")}
            << QStringList{QStringLiteral("Solved: all 4 checks hold"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 32896, exact sum 32896: off by 0 (want 0)"),
                           QStringLiteral("✓ Lines changed from the starting source: 1 (want at most 1)"),
                           QStringLiteral("✓ Result on a second input 1020, exact sum 1020: off by 0 (want 0)")};
    }

    void startFailsSolutionPasses()
    {
        QFETCH(QString, id);
        QFETCH(QString, input);
        QFETCH(QString, blockSize);
        QFETCH(QString, grid);
        QFETCH(QString, taskStart);
        QFETCH(QStringList, start);
        QFETCH(QStringList, solved);
        app::MainWindow w(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        KernelPane* pane = w.kernelPane();
        pane->setCliPath(QStringLiteral(REDUCESCOPE_BUILD_CLI));
        pane->setUnsavedPrompt([] { return KernelPane::Unsaved::Discard; });
        QVERIFY(!pane->checkExercise());  // no exercise open: nothing starts
        QVERIFY(!pane->checkExerciseAction()->isEnabled());

        // Lessons ▸ the exercise: the kernel tab in front with the starting source, unsaved.
        QAction* open = lessonAction(w, id);
        QVERIFY(open);
        open->trigger();
        QVERIFY(pane->exercise());
        QCOMPARE(QString::fromStdString(pane->exercise()->id), id);
        QCOMPARE(w.findChild<QTabWidget*>()->currentWidget(), static_cast<QWidget*>(pane));
        QCOMPARE(pane->editor()->toPlainText(), QString::fromStdString(pane->exercise()->exercise->source));
        QVERIFY(pane->exerciseBox()->isVisible());
        QVERIFY2(pane->exerciseTaskLabel()->text().startsWith(taskStart), qPrintable(pane->exerciseTaskLabel()->text()));
        QVERIFY(pane->exerciseTitleLabel()->text().startsWith(QLatin1String("Exercise: ")));
        QVERIFY(pane->inputEdit()->text().startsWith(input));
        QCOMPARE(pane->blockSizeEdit()->text(), blockSize);
        QCOMPARE(pane->gridEdit()->text(), grid);
        QCOMPARE(pane->warpSizeEdit()->text(), QStringLiteral("32"));
        QVERIFY(pane->checkExerciseAction()->isEnabled());
        QVERIFY(!pane->verdictLabel()->isVisible());  // nothing checked yet

        // The unchanged starting source: the named check fails with its numbers.
        QVERIFY(checkByKey(w, pane));
        QVERIFY(pane->lastVerdict());
        QVERIFY(!pane->lastVerdict()->passed);
        QCOMPARE(pane->verdictLines(), start);
        QVERIFY(pane->verdictLabel()->isVisible());
        QVERIFY(pane->verdictLabel()->text().contains(start[1].toHtmlEscaped()));

        // The check runs at the lesson's settings, not the fields': a field changed does not count.
        pane->blockSizeEdit()->setText(QStringLiteral("64"));
        // A correct solution: every check holds.
        const QString solution = readText(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/kernel/data/exercises/") + id + QStringLiteral(".cu"));
        QVERIFY(!solution.isEmpty());
        pane->editor()->setPlainText(solution);
        QSignalSpy checked(pane, &KernelPane::exerciseChecked);
        QVERIFY(pane->checkExercise());
        QCOMPARE(pane->verdictLines(), QStringList{QStringLiteral("Checking the exercise on the CPU engine…")});
        QSignalSpy spy(pane->exerciseRunner(), &app::KernelRunner::finished);
        QVERIFY(spy.wait(60000));  // the first run, on the lesson's input: the second starts, no verdict yet
        QCOMPARE(checked.count(), 0);
        QVERIFY(!pane->lastVerdict());
        QVERIFY(pane->exerciseRunner()->isRunning());
        QCOMPARE(pane->verdictLines(), QStringList{QStringLiteral("Checking the exercise on a second input…")});
        QVERIFY(checked.wait(60000));
        QCOMPARE(spy.count(), 2);
        QCOMPARE(checked.count(), 1);
        QVERIFY(pane->lastVerdict());
        QVERIFY(pane->heldBackTrace());
        QCOMPARE(pane->heldBackTrace()->input.size(), pane->exercise()->input.size());
        QCOMPARE(pane->heldBackTrace()->input.front(), 4.0f);  // model::held_back_value(0)
        for (const model::ClaimCheck& c : pane->lastVerdict()->checks)
            QVERIFY2(c.holds, c.description.c_str());
        QVERIFY(pane->lastVerdict()->passed);
        QCOMPARE(pane->verdictLines(), solved);

        // Leaving the exercise: the box goes, the kernel stays; F6 does nothing.
        pane->closeExercise();
        QVERIFY(!pane->exerciseBox()->isVisible());
        QVERIFY(!pane->checkExercise());
        QCOMPARE(pane->editor()->toPlainText(), solution);
    }

    void constantAnswerFailsHeldBack()
    {
        app::MainWindow w(false);
        KernelPane* pane = w.kernelPane();
        pane->setCliPath(QStringLiteral(REDUCESCOPE_BUILD_CLI));
        pane->setUnsavedPrompt([] { return KernelPane::Unsaved::Discard; });
        lessonAction(w, QStringLiteral("exercise_convergent"))->trigger();
        // The reference solution, but the answer the student can see written as a constant.
        const QString solution = readText(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/kernel/data/exercises/exercise_convergent.cu"));
        QVERIFY(solution.contains(QLatin1String("*output = input[0];")));
        QString cheat = solution;
        cheat.replace(QLatin1String("*output = input[0];"), QLatin1String("*output = 524800.0f;"));
        pane->editor()->setPlainText(cheat);
        QVERIFY(checkAndWait(pane));
        QVERIFY(pane->lastVerdict());
        QVERIFY(!pane->lastVerdict()->passed);
        QCOMPARE(QString::fromStdString(pane->lastVerdict()->first_failure),
                 QStringLiteral("result on a second input: got 524800, expected 4100"));
        const QStringList en{QStringLiteral("Not yet: 3 of 4 checks hold"),
                             QStringLiteral("✓ Divergent warps in steps 1–5: 0 in each of the 5 steps (want 0)"),
                             QStringLiteral("✓ Faults: none (want 0)"),
                             QStringLiteral("✓ Result 524800, exact sum 524800: off by 0 (want 0)"),
                             QStringLiteral("✗ Result on a second input 524800, exact sum 4100: off by 520700 (want 0)")};
        QCOMPARE(pane->verdictLines(), en);
        QVERIFY(pane->verdictLabel()->text().contains(en[4].toHtmlEscaped()));
        // Without a second trace the check fails and its sentence says it was not run.
        QVERIFY(pane->heldBackTrace());
        const model::ExerciseVerdict unrun =
            model::check_exercise(*pane->exercise()->exercise, *pane->heldBackTrace(), cheat.toStdString(), nullptr);
        QVERIFY(!unrun.passed);
        QCOMPARE(app::ExerciseText::check(*pane->exercise()->exercise, unrun, 3, *pane->heldBackTrace(), nullptr),
                 QStringLiteral("Result on a second input: not run"));
        // In Chinese, the same numbers.
        QVERIFY(w.chooseLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCOMPARE(pane->verdictLines().at(4), QStringLiteral("✗ 第二组输入上的结果 524800，精确和 4100：相差 520700（应为 0）"));
        QVERIFY(w.chooseLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QCOMPARE(pane->verdictLines(), en);
        // The reference solution passes both runs.
        pane->editor()->setPlainText(solution);
        QVERIFY(checkAndWait(pane));
        QVERIFY(pane->lastVerdict());
        QVERIFY(pane->lastVerdict()->passed);
        QCOMPARE(pane->verdictLines().at(4), QStringLiteral("✓ Result on a second input 4100, exact sum 4100: off by 0 (want 0)"));
    }

    void droppedBetweenRunsShowsNoStaleVerdict()
    {
        app::MainWindow w(false);
        KernelPane* pane = w.kernelPane();
        pane->setCliPath(QStringLiteral(REDUCESCOPE_BUILD_CLI));
        pane->setUnsavedPrompt([] { return KernelPane::Unsaved::Discard; });
        lessonAction(w, QStringLiteral("exercise_race"))->trigger();
        const QString start = pane->editor()->toPlainText();
        QSignalSpy runs(pane->exerciseRunner(), &app::KernelRunner::finished);
        QSignalSpy checked(pane, &KernelPane::exerciseChecked);

        // Closing the exercise while the second run goes: nothing more is shown or emitted.
        QVERIFY(pane->checkExercise());
        QVERIFY(runs.wait(60000));
        QVERIFY(pane->exerciseRunner()->isRunning());  // the held-back run
        pane->closeExercise();
        QVERIFY(!pane->exerciseRunner()->isRunning());
        QTest::qWait(1500);
        QCOMPARE(checked.count(), 0);
        QVERIFY(!pane->lastVerdict());
        QVERIFY(pane->verdictLines().isEmpty());
        QVERIFY(!pane->verdictLabel()->isVisible());

        // Checking again while the second run goes: the first check is dropped, the verdict is the
        // new text's (the fixed kernel), its two runs on that text.
        lessonAction(w, QStringLiteral("exercise_race"))->trigger();
        runs.clear();
        QVERIFY(pane->checkExercise());  // the starting source (a race)
        QVERIFY(runs.wait(60000));
        QVERIFY(pane->exerciseRunner()->isRunning());
        const int dropped = pane->exerciseRunner()->dropped();
        QString fixed = start;
        fixed.replace(QLatin1String("*output += input[i];"), QLatin1String("atomicAdd(output, input[i]);"));
        pane->editor()->setPlainText(fixed);
        QVERIFY(checkAndWait(pane));
        QCOMPARE(pane->exerciseRunner()->dropped(), dropped + 1);  // the stale second run
        QCOMPARE(checked.count(), 1);
        QVERIFY(pane->lastVerdict());
        QVERIFY(pane->lastVerdict()->passed);
        QCOMPARE(pane->verdictLines().at(0), QStringLiteral("Solved: all 4 checks hold"));
    }

    void compileErrorIsNotAVerdict()
    {
        app::MainWindow w(false);
        KernelPane* pane = w.kernelPane();
        pane->setCliPath(QStringLiteral(REDUCESCOPE_BUILD_CLI));
        pane->setUnsavedPrompt([] { return KernelPane::Unsaved::Discard; });
        lessonAction(w, QStringLiteral("exercise_race"))->trigger();
        pane->editor()->setPlainText(pane->editor()->toPlainText().replace(QStringLiteral("*output += input[i];"),
                                                                           QStringLiteral("*output += input[i]")));
        QSignalSpy spy(pane->exerciseRunner(), &app::KernelRunner::finished);
        QSignalSpy checked(pane, &KernelPane::exerciseChecked);
        QVERIFY(pane->checkExercise());
        QVERIFY(spy.wait(60000));
        QCOMPARE(checked.count(), 1);  // no second run after a refusal
        QVERIFY(!pane->exerciseRunner()->isRunning());
        QCOMPARE(pane->exerciseRunner()->started(), 1);
        QVERIFY(!pane->lastVerdict());
        QCOMPARE(pane->verdictLines().size(), 1);
        QVERIFY2(pane->verdictLines()[0].startsWith(QLatin1String("Not checked: the engine refused the kernel: line 7")),
                 qPrintable(pane->verdictLines()[0]));
        QVERIFY(!pane->editor()->underlinedLines().isEmpty());  // the error at its line
        QCOMPARE(pane->editor()->underlinedLines().front(), 7);
    }

    void inChinese()
    {
        app::MainWindow w(false);
        KernelPane* pane = w.kernelPane();
        pane->setCliPath(QStringLiteral(REDUCESCOPE_BUILD_CLI));
        pane->setUnsavedPrompt([] { return KernelPane::Unsaved::Discard; });
        QVERIFY(w.chooseLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        lessonAction(w, QStringLiteral("exercise_convergent"))->trigger();
        QVERIFY2(pane->exerciseTaskLabel()->text().startsWith(QStringLiteral("修改这个核函数")), qPrintable(pane->exerciseTaskLabel()->text()));
        QCOMPARE(pane->exerciseTitleLabel()->text(), QStringLiteral("练习：把 simple 改写成收敛式归约"));
        QVERIFY(checkAndWait(pane));
        const QStringList zh{QStringLiteral("尚未完成：4 项检查中 3 项通过"),
                             QStringLiteral("✗ 发散的线程束（第 1–5 步）：第 2 步为 16（每一步都应为 0）"),
                             QStringLiteral("✓ 故障：无（应为 0）"),
                             QStringLiteral("✓ 结果 524800，精确和 524800：相差 0（应为 0）"),
                             QStringLiteral("✓ 第二组输入上的结果 4100，精确和 4100：相差 0（应为 0）")};
        QCOMPARE(pane->verdictLines(), zh);
        // Back to English: the task and the verdict follow at once.
        QVERIFY(w.chooseLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();  // the language change reaches the pane
        QVERIFY(pane->exerciseTaskLabel()->text().startsWith(QLatin1String("Change the kernel")));
        QCOMPARE(pane->verdictLines().at(1), QStringLiteral("✗ Divergent warps in steps 1–5: 16 at step 2 (want 0 in every step)"));
        QVERIFY(w.chooseLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCOMPARE(pane->verdictLines(), zh);
        QVERIFY(w.chooseLanguage(QStringLiteral("en")));
    }
};

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("QT_FONT_DPI"))
        qputenv("QT_FONT_DPI", "96");
    qputenv("QT_SCALE_FACTOR", "1");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ReduceScopeTests"));
    {
        QProcess p;
        p.start(QStringLiteral(REDUCESCOPE_BUILD_CLI), {QStringLiteral("kernel"), QStringLiteral("trace"), QStringLiteral("--help")});
        if (!p.waitForFinished(20000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0 ||
            !p.readAllStandardOutput().contains("--source")) {
            std::printf("skipped: this build's reducescope-cli has no `kernel trace` (built without the CPU engine)\n");
            return 77;
        }
    }
    QTranslator english;
    if (english.load(QStringLiteral(":/translations/reducescope_en.qm")))
        QCoreApplication::installTranslator(&english);
    TestExerciseCheck test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_exercise_check.moc"
