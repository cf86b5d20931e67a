// SPDX-License-Identifier: GPL-3.0-or-later
// The exercise lessons in the window (issue 25, part 7), offscreen, against this build's
// reducescope-cli (the CPU engine; exit 77 when it has no `kernel trace`): each of the four
// exercises opened from the Lessons menu puts its starting source in the kernel editor, with the
// lesson's settings in the fields and the task in the window's language; Check the exercise (F6)
// runs `reducescope-cli kernel trace --json` as a child and shows model::check_exercise's verdict,
// each check as a sentence with its numbers. The unchanged starting source fails the named check
// with its numbers; a correct solution (tests/app/kernel/data/exercises/ID.cu) passes every
// check. One exercise is checked again in Chinese.
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

/// Presses Check the exercise's shortcut (F6) in the window and waits for the verdict.
bool checkByKey(app::MainWindow& w, KernelPane* pane)
{
    QSignalSpy spy(pane->exerciseRunner(), &app::KernelRunner::finished);
    QTest::keyClick(&w, Qt::Key_F6);
    return spy.wait(60000);
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
            << QStringList{QStringLiteral("Not yet: 2 of 3 checks hold"),
                           QStringLiteral("✗ Divergent warps in steps 1–5: 16 at step 2 (want 0 in every step)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 524800, exact sum 524800: off by 0 (want 0)")}
            << QStringList{QStringLiteral("Solved: all 3 checks hold"),
                           QStringLiteral("✓ Divergent warps in steps 1–5: 0 in each of the 5 steps (want 0)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 524800, exact sum 524800: off by 0 (want 0)")};
        QTest::newRow("bank conflicts")
            << "exercise_bank_conflicts" << "1,2,3,4," << "1024" << ""
            << "Change the tree so that every shared-memory access"
            << QStringList{QStringLiteral("Not yet: 2 of 4 checks hold"),
                           QStringLiteral("✗ Worst bank conflict (ways): largest 32 in 12 steps (want at most 1)"),
                           QStringLiteral("✗ Extra shared-memory wavefronts (from bank conflicts): 465 in all 12 steps together (want 0)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 2098176, exact sum 2098176: off by 0 (want 0)")}
            << QStringList{QStringLiteral("Solved: all 4 checks hold"),
                           QStringLiteral("✓ Worst bank conflict (ways): largest 1 in 12 steps (want at most 1)"),
                           QStringLiteral("✓ Extra shared-memory wavefronts (from bank conflicts): 0 in all 12 steps together (want 0)"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 2098176, exact sum 2098176: off by 0 (want 0)")};
        QTest::newRow("coarsening")
            << "exercise_coarsening" << "1,2,3,4," << "256" << "2"
            << "The kernel is launched with only 2 blocks"
            << QStringList{QStringLiteral("Not yet: 3 of 4 checks hold"),
                           QStringLiteral("✗ Result 524800, exact sum 8390656: off by 7865856 (want 0)"),
                           QStringLiteral("✓ Blocks launched: 2 (want 2)"),
                           QStringLiteral("✓ Atomic operations: 2 in all 10 steps together (want at most 2)"),
                           QStringLiteral("✓ Faults: none (want 0)")}
            << QStringList{QStringLiteral("Solved: all 4 checks hold"),
                           QStringLiteral("✓ Result 8390656, exact sum 8390656: off by 0 (want 0)"),
                           QStringLiteral("✓ Blocks launched: 2 (want 2)"),
                           QStringLiteral("✓ Atomic operations: 2 in all 10 steps together (want at most 2)"),
                           QStringLiteral("✓ Faults: none (want 0)")};
        QTest::newRow("race")
            << "exercise_race" << "1,2,3,4," << "256" << ""
            << "Change one line so that no data race is left"
            << QStringList{QStringLiteral("Not yet: 1 of 3 checks hold"),
                           QStringLiteral("✗ Faults: 1, the first a data race at line 7 (want 0)"),
                           QStringLiteral("✗ Result 0, exact sum 32896: off by 32896 (want 0)"),
                           QStringLiteral("✓ Lines changed from the starting source: 0 (want at most 1)")}
            << QStringList{QStringLiteral("Solved: all 3 checks hold"),
                           QStringLiteral("✓ Faults: none (want 0)"),
                           QStringLiteral("✓ Result 32896, exact sum 32896: off by 0 (want 0)"),
                           QStringLiteral("✓ Lines changed from the starting source: 1 (want at most 1)")};
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
        QVERIFY(pane->checkExercise());
        QCOMPARE(pane->verdictLines(), QStringList{QStringLiteral("Checking the exercise on the CPU engine…")});
        QSignalSpy spy(pane->exerciseRunner(), &app::KernelRunner::finished);
        QVERIFY(spy.wait(60000));
        QVERIFY(pane->lastVerdict());
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
        QVERIFY(pane->checkExercise());
        QVERIFY(spy.wait(60000));
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
        QSignalSpy spy(pane->exerciseRunner(), &app::KernelRunner::finished);
        QVERIFY(pane->checkExercise());
        QVERIFY(spy.wait(60000));
        const QStringList zh{QStringLiteral("尚未完成：3 项检查中 2 项通过"),
                             QStringLiteral("✗ 发散的线程束（第 1–5 步）：第 2 步为 16（每一步都应为 0）"),
                             QStringLiteral("✓ 故障：无（应为 0）"),
                             QStringLiteral("✓ 结果 524800，精确和 524800：相差 0（应为 0）")};
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
