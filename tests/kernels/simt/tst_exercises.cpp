// SPDX-License-Identifier: GPL-3.0-or-later
// The exercise lessons (resources/lessons/*.json with an "exercise"; kernels/model/lesson.h): each
// starting source, run through the SIMT engine at the lesson's settings, fails its checks with the
// expected message and numbers; the reference solution (tests/kernels/simt/exercises/ID.cu)
// passes every check. Also: changed_lines() and the exercise fields' errors.
#include "model/lesson.h"
#include "model/trace_json.h"

#include <nlohmann/json.hpp>
#include "simt/engine.h"

#include "file_text.h"

#include <QtTest/QtTest>

namespace s = reducescope::simt;
namespace m = reducescope::model;

namespace {

using reducescope::testing::file_text;

m::Lesson lesson(const QString& file)
{
    const m::LessonResult r = m::parse_lesson(file_text(std::string(REDUCESCOPE_SOURCE_DIR "/resources/lessons/") + file.toStdString()));
    if (!r.lesson)
        qFatal("%s: %s: %s", qPrintable(file), r.error->field.c_str(), r.error->message.c_str());
    return *r.lesson;
}

/// The engine's trace of `source` at the lesson's settings (what the editor runs through
/// `reducescope-cli kernel trace`).
m::Trace run(const m::Lesson& l, const std::string& source)
{
    const s::CompileResult c = s::compile(source, l.id + ".cu");
    if (!c.program) {
        for (const s::Diagnostic& d : c.diagnostics)
            qWarning("%d:%d: %s", d.line, d.column, d.message.c_str());
        return {};
    }
    s::LaunchOptions o;
    o.block_size = l.params.block_size;
    o.warp_size = l.params.warp_size;
    o.banks = l.params.banks;
    o.grid = l.exercise->grid;
    const s::RunResult r = s::run(*c.program, l.input, o);
    if (r.error)
        qWarning("%s", r.error->message.c_str());
    return r.trace;
}

} // namespace

class TstExercises : public QObject {
    Q_OBJECT
private slots:
    void starting_source_fails_solution_passes_data();
    void starting_source_fails_solution_passes();
    void changed_lines();
    void bad_exercise_fields_data();
    void bad_exercise_fields();
};

void TstExercises::starting_source_fails_solution_passes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("failure");
    QTest::addColumn<int>("checks");
    QTest::newRow("convergent") << "09_exercise_convergent.json"
                                << "simple: divergent_warps at steps 1..5, each == 0: got 16 at step 2" << 3;
    QTest::newRow("bank conflicts") << "10_exercise_bank_conflicts.json"
                                    << "interleaved_strided: max_conflict_ways, max <= 1: got 32 over 12 steps" << 4;
    QTest::newRow("coarsening") << "11_exercise_coarsening.json" << "segmented: result_error == 0: got 7865856" << 4;
    QTest::newRow("race") << "12_exercise_race.json" << "race: faults == 0: got 1 (data_race at line 7)" << 3;
}

void TstExercises::starting_source_fails_solution_passes()
{
    QFETCH(QString, file);
    QFETCH(QString, failure);
    QFETCH(int, checks);
    const m::Lesson l = lesson(file);
    QVERIFY(l.exercise);
    QVERIFY(!l.exercise->task.en.empty() && !l.exercise->task.zh_cn.empty());
    // The starting source, unchanged: it runs, and the first failing check names its numbers.
    const m::Trace start = run(l, l.exercise->source);
    QVERIFY(!start.steps.empty());
    const m::ExerciseVerdict v = m::check_exercise(*l.exercise, start, l.exercise->source);
    QVERIFY(!v.passed);
    QCOMPARE(int(v.checks.size()), checks);
    QCOMPARE(QString::fromStdString(v.first_failure), failure);
    // The editor gets the trace as the JSON of `reducescope-cli kernel trace --json`: the same verdict.
    const m::TraceFileResult back = m::read_trace_file(m::trace_to_json(start).dump());
    QVERIFY2(back.file, back.error.c_str());
    QCOMPARE(QString::fromStdString(m::check_exercise(*l.exercise, back.file->trace, l.exercise->source).first_failure), failure);
    // The reference solution passes every check.
    const std::string solution = file_text(std::string(REDUCESCOPE_SOURCE_DIR "/tests/kernels/simt/exercises/") + l.id + ".cu");
    QVERIFY(!solution.empty());
    const m::Trace done = run(l, solution);
    QVERIFY(!done.steps.empty());
    const m::ExerciseVerdict w = m::check_exercise(*l.exercise, done, solution);
    for (const m::ClaimCheck& c : w.checks)
        QVERIFY2(c.holds, c.description.c_str());
    QVERIFY(w.passed);
    QVERIFY(w.first_failure.empty());
    QCOMPARE(done.result, static_cast<float>(done.reference));
}

void TstExercises::changed_lines()
{
    QCOMPARE(m::changed_lines("a\nb\nc\n", "a\nb\nc\n"), 0);
    QCOMPARE(m::changed_lines("a\nb\nc\n", "a\nB\nc\n"), 1);          // one line replaced
    QCOMPARE(m::changed_lines("a\nb\nc\n", "a\nb\nx\nc\n"), 1);       // one added
    QCOMPARE(m::changed_lines("a\nb\nc\n", "a\nc\n"), 1);             // one removed
    QCOMPARE(m::changed_lines("a\nb\nc\n", "x\nb\ny\n"), 2);
    QCOMPARE(m::changed_lines("a  \r\nb\n", "a\nb"), 0);              // trailing blanks, CR, last newline
    // The race exercise: the atomicAdd is one change; two edits are two.
    const m::Lesson l = lesson(QStringLiteral("12_exercise_race.json"));
    std::string fixed = l.exercise->source;
    fixed.replace(fixed.find("*output += input[i];"), 20, "atomicAdd(output, input[i]);");
    QCOMPARE(m::changed_lines(l.exercise->source, fixed), 1);
    fixed.replace(fixed.find("if (i < n)"), 10, "if (i <= n - 1)");
    const m::ExerciseVerdict v = m::check_exercise(*l.exercise, run(l, fixed), fixed);
    QVERIFY(!v.passed);
    QCOMPARE(QString::fromStdString(v.first_failure), QStringLiteral("changed lines <= 1: got 2"));
}

void TstExercises::bad_exercise_fields_data()
{
    QTest::addColumn<QString>("exercise");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    const QString task = QStringLiteral(R"("task": {"en": "Do it.", "zh_CN": "做。"})");
    const QString checks = QStringLiteral(R"("checks": [{"measure": "faults", "op": "==", "value": 0}])");
    QTest::newRow("not an object") << "3" << "exercise" << "must be an object";
    QTest::newRow("unknown field") << "{" + task + R"(, "source": ["x"], "hint": 1, )" + checks + "}" << "exercise.hint" << "is not an exercise field";
    QTest::newRow("no source") << "{" + task + ", " + checks + "}" << "exercise.source" << "";
    QTest::newRow("empty source") << "{" + task + R"(, "source": [], )" + checks + "}" << "exercise.source" << "1..500 lines";
    QTest::newRow("no checks") << "{" + task + R"(, "source": ["x"], "checks": []})" << "exercise.checks" << "1..64 checks";
    QTest::newRow("a check with trace") << "{" + task + R"(, "source": ["x"], "checks": [{"trace": "strategy", "measure": "faults", "op": "==", "value": 0}]})"
                                        << "exercise.checks[0].trace" << "is not a check field";
    QTest::newRow("grid 0") << "{" + task + R"(, "source": ["x"], "grid": 0, )" + checks + "}" << "exercise.grid" << "1..65535";
    QTest::newRow("task without zh_CN") << R"({"task": {"en": "Do it."}, "source": ["x"], )" + checks + "}" << "exercise.task.zh_CN" << "";
}

void TstExercises::bad_exercise_fields()
{
    QFETCH(QString, exercise);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const QString text = QStringLiteral(R"({"format": "reducescope-lesson", "version": 1, "id": "x", "order": 1,
        "title": {"en": "simple", "zh_CN": "simple"}, "note": {"en": "n", "zh_CN": "n"}, "strategy": "simple",
        "input": "1..8", "warp_size": 32, "banks": 32, "step": 1, "exercise": %1})").arg(exercise);
    const m::LessonResult r = m::parse_lesson(text.toStdString());
    QVERIFY(!r.lesson);
    QVERIFY(r.error);
    QCOMPARE(QString::fromStdString(r.error->field), field);
    QVERIFY2(QString::fromStdString(r.error->message).contains(message), r.error->message.c_str());
}

QTEST_APPLESS_MAIN(TstExercises)
#include "tst_exercises.moc"
