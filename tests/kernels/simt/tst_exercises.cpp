// SPDX-License-Identifier: GPL-3.0-or-later
// The exercise lessons (resources/lessons/*.json with an "exercise"; kernels/model/lesson.h): each
// starting source, run through the SIMT engine at the lesson's settings, fails its checks with the
// expected message and numbers; the reference solution (tests/kernels/simt/exercises/ID.cu)
// passes every check, on the lesson's input and on the held-back one (model::held_back_input); a
// copy of it that writes the visible input's sum as a constant fails exactly the held-back check.
// Also: changed_lines() and the exercise fields' errors.
#include "model/lesson.h"
#include "model/trace_json.h"

#include <nlohmann/json.hpp>
#include "simt/engine.h"

#include "file_text.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

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
m::Trace run(const m::Lesson& l, const std::string& source, const std::vector<float>& input)
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
    const s::RunResult r = s::run(*c.program, input, o);
    if (r.error)
        qWarning("%s", r.error->message.c_str());
    return r.trace;
}

/// At the lesson's input (what the student sees).
m::Trace run(const m::Lesson& l, const std::string& source) { return run(l, source, l.input); }

/// At the held-back input (the second run of Check the exercise).
m::Trace run_held_back(const m::Lesson& l, const std::string& source) { return run(l, source, m::held_back_input(l)); }

std::string solution_of(const m::Lesson& l)
{
    return file_text(std::string(REDUCESCOPE_SOURCE_DIR "/tests/kernels/simt/exercises/") + l.id + ".cu");
}

} // namespace

class TstExercises : public QObject {
    Q_OBJECT
private slots:
    void starting_source_fails_solution_passes_data();
    void starting_source_fails_solution_passes();
    void constant_answer_fails_held_back_data();
    void constant_answer_fails_held_back();
    void held_back_input();
    void held_back_check_without_second_trace();
    void changed_lines();
    void bad_exercise_fields_data();
    void bad_exercise_fields();
};

void TstExercises::starting_source_fails_solution_passes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("failure");
    QTest::addColumn<int>("checks");
    QTest::addColumn<QString>("heldBack");  // the starting source's held-back check
    QTest::addColumn<bool>("heldBackHolds");
    QTest::newRow("convergent") << "09_exercise_convergent.json"
                                << "simple: divergent_warps at steps 1..5, each == 0: got 16 at step 2" << 4
                                << "result on a second input: got 4100, expected 4100" << true;
    QTest::newRow("bank conflicts") << "10_exercise_bank_conflicts.json"
                                    << "interleaved_strided: max_conflict_ways, max <= 1: got 32 over 12 steps" << 5
                                    << "result on a second input: got 8192, expected 8192" << true;
    QTest::newRow("coarsening") << "11_exercise_coarsening.json" << "segmented: result_error == 0: got 7865856" << 5
                                << "result on a second input: got 4100, expected 16375" << false;
    QTest::newRow("race") << "12_exercise_race.json" << "race: faults == 0: got 1 (data_race at line 7)" << 4
                          << "result on a second input: got 1, expected 1020; fault data_race at line 7" << false;
}

void TstExercises::starting_source_fails_solution_passes()
{
    QFETCH(QString, file);
    QFETCH(QString, failure);
    QFETCH(int, checks);
    QFETCH(QString, heldBack);
    QFETCH(bool, heldBackHolds);
    const m::Lesson l = lesson(file);
    QVERIFY(l.exercise);
    QVERIFY(!l.exercise->task.en.empty() && !l.exercise->task.zh_cn.empty());
    const int last = m::held_back_check_index(*l.exercise);
    QCOMPARE(last, checks - 1);  // the held-back check comes last
    // The starting source, unchanged: it runs, and the first failing check names its numbers.
    const m::Trace start = run(l, l.exercise->source);
    QVERIFY(!start.steps.empty());
    const m::Trace start2 = run_held_back(l, l.exercise->source);
    QVERIFY(!start2.steps.empty());
    const m::ExerciseVerdict v = m::check_exercise(*l.exercise, start, l.exercise->source, &start2);
    QVERIFY(!v.passed);
    QCOMPARE(int(v.checks.size()), checks);
    QCOMPARE(QString::fromStdString(v.first_failure), failure);
    QCOMPARE(QString::fromStdString(v.checks[std::size_t(last)].description), heldBack);
    QCOMPARE(v.checks[std::size_t(last)].holds, heldBackHolds);
    // The editor gets the traces as the JSON of `reducescope-cli kernel trace --json`: the same verdict.
    const m::TraceFileResult back = m::read_trace_file(m::trace_to_json(start).dump());
    QVERIFY2(back.file, back.error.c_str());
    const m::TraceFileResult back2 = m::read_trace_file(m::trace_to_json(start2).dump());
    QVERIFY2(back2.file, back2.error.c_str());
    const m::ExerciseVerdict vb = m::check_exercise(*l.exercise, back.file->trace, l.exercise->source, &back2.file->trace);
    QCOMPARE(QString::fromStdString(vb.first_failure), failure);
    QCOMPARE(QString::fromStdString(vb.checks[std::size_t(last)].description), heldBack);
    // The reference solution passes every check, on both inputs.
    const std::string solution = solution_of(l);
    QVERIFY(!solution.empty());
    const m::Trace done = run(l, solution);
    QVERIFY(!done.steps.empty());
    const m::Trace done2 = run_held_back(l, solution);
    QVERIFY(!done2.steps.empty());
    const m::ExerciseVerdict w = m::check_exercise(*l.exercise, done, solution, &done2);
    QCOMPARE(int(w.checks.size()), checks);
    for (const m::ClaimCheck& c : w.checks)
        QVERIFY2(c.holds, c.description.c_str());
    QVERIFY(w.passed);
    QVERIFY(w.first_failure.empty());
    QCOMPARE(done.result, static_cast<float>(done.reference));
    QCOMPARE(done2.result, static_cast<float>(done2.reference));
    QCOMPARE(w.checks[std::size_t(last)].actual, 0.0);
}

void TstExercises::constant_answer_fails_held_back_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("from");  // a line of the reference solution (the race: of the starting source)
    QTest::addColumn<QString>("to");    // ... that writes the visible input's sum instead
    QTest::addColumn<QString>("failure");
    QTest::newRow("convergent") << "09_exercise_convergent.json" << "*output = input[0];" << "*output = 524800.0f;"
                                << "result on a second input: got 524800, expected 4100";
    QTest::newRow("bank conflicts") << "10_exercise_bank_conflicts.json" << "atomicAdd(output, sdata[0]);"
                                    << "atomicExch(output, 2098176.0f);"
                                    << "result on a second input: got 2098176, expected 8192";
    QTest::newRow("coarsening") << "11_exercise_coarsening.json" << "atomicAdd(output, sdata[0]);"
                                << "atomicExch(output, 8390656.0f);"
                                << "result on a second input: got 8390656, expected 16375";
    // One changed line, as the exercise allows: every thread swaps the answer in, atomically (no race).
    QTest::newRow("race") << "12_exercise_race.json" << "*output += input[i];" << "atomicExch(output, 32896.0f);"
                          << "result on a second input: got 32896, expected 1020";
}

void TstExercises::constant_answer_fails_held_back()
{
    QFETCH(QString, file);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, failure);
    const m::Lesson l = lesson(file);
    std::string cheat = l.id == "exercise_race" ? l.exercise->source : solution_of(l);
    const std::size_t at = cheat.find(from.toStdString());
    QVERIFY(at != std::string::npos);
    cheat.replace(at, std::size_t(from.toUtf8().size()), to.toStdString());
    const m::Trace visible = run(l, cheat);
    const m::Trace second = run_held_back(l, cheat);
    QVERIFY(!visible.steps.empty() && !second.steps.empty());
    const m::ExerciseVerdict v = m::check_exercise(*l.exercise, visible, cheat, &second);
    QVERIFY(!v.passed);
    const int last = m::held_back_check_index(*l.exercise);
    QCOMPARE(int(v.checks.size()), last + 1);
    for (int i = 0; i < last; ++i)  // every check on the visible input holds ...
        QVERIFY2(v.checks[std::size_t(i)].holds, v.checks[std::size_t(i)].description.c_str());
    QVERIFY(!v.checks[std::size_t(last)].holds);  // ... the held-back one does not
    QCOMPARE(QString::fromStdString(v.checks[std::size_t(last)].description), failure);
    QCOMPARE(QString::fromStdString(v.first_failure), failure);
    QCOMPARE(v.checks[std::size_t(last)].actual, std::fabs(double(second.result) - second.reference));
    QVERIFY(v.checks[std::size_t(last)].actual > 0);
    QCOMPARE(visible.result, static_cast<float>(visible.reference));  // the visible answer is right
}

void TstExercises::held_back_input()
{
    // The formula of lesson.h: v[i] = ((37 i + 11) mod 23) - 7.
    const m::Lesson l = lesson(QStringLiteral("09_exercise_convergent.json"));
    const std::vector<float> v = m::held_back_input(l);
    QCOMPARE(v.size(), std::size_t(1024));
    const std::vector<float> first{4, -5, 9, 0, 14, 5, -4, 10, 1, 15, 6, -3, 11, 2};  // 11 mod 23 - 7, 48 mod 23 - 7, ...
    for (std::size_t i = 0; i < first.size(); ++i)
        QCOMPARE(v[i], first[i]);
    double sum = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        QCOMPARE(v[i], float(static_cast<long long>((i * 37 + 11) % 23) - 7));
        QCOMPARE(m::held_back_value(i), v[i]);
        sum += v[i];
    }
    QCOMPARE(sum, 4100.0);
    QCOMPARE(*std::min_element(v.begin(), v.end()), -7.0f);
    QCOMPARE(*std::max_element(v.begin(), v.end()), 15.0f);
    QCOMPARE(m::held_back_value(1u << 20), float(static_cast<long long>(((1ull << 20) * 37 + 11) % 23) - 7));
    // Every shipped exercise: same count, a different sum, not a permutation of the visible input.
    const char* const files[] = {"09_exercise_convergent.json", "10_exercise_bank_conflicts.json",
                                 "11_exercise_coarsening.json", "12_exercise_race.json"};
    const double sums[] = {4100, 8192, 16375, 1020};
    for (std::size_t k = 0; k < 4; ++k) {
        const m::Lesson e = lesson(QString::fromLatin1(files[k]));
        std::vector<float> held = m::held_back_input(e), shown = e.input;
        QCOMPARE(held.size(), shown.size());
        double h = 0, s = 0;
        for (std::size_t i = 0; i < held.size(); ++i) {
            h += held[i];
            s += shown[i];
        }
        QCOMPARE(h, sums[k]);
        QVERIFY2(h != s, files[k]);
        std::sort(held.begin(), held.end());
        std::sort(shown.begin(), shown.end());
        QVERIFY2(held != shown, files[k]);
    }
}

void TstExercises::held_back_check_without_second_trace()
{
    // The second run missing: the check fails and says so; every other check is as before.
    const m::Lesson l = lesson(QStringLiteral("09_exercise_convergent.json"));
    const std::string solution = solution_of(l);
    const m::ExerciseVerdict v = m::check_exercise(*l.exercise, run(l, solution), solution, nullptr);
    QVERIFY(!v.passed);
    QCOMPARE(int(v.checks.size()), 4);
    QVERIFY(v.checks[0].holds && v.checks[1].holds && v.checks[2].holds);
    QVERIFY(!v.checks[3].holds);
    QCOMPARE(QString::fromStdString(v.first_failure), QStringLiteral("result on a second input: not run"));
    // A rule other than exact is named: the exercise's result_error check, if it has one.
    m::LessonExercise loose = *l.exercise;
    loose.checks[2].op = m::LessonClaim::Op::Le;
    loose.checks[2].value = 0.5;
    QCOMPARE(int(m::held_back_rule(loose).op), int(m::LessonClaim::Op::Le));
    QCOMPARE(m::held_back_rule(loose).value, 0.5);
    m::Trace second = run_held_back(l, solution);
    second.result += 0.25f;  // within the loose rule
    const m::ExerciseVerdict w = m::check_exercise(loose, run(l, solution), solution, &second);
    QVERIFY(w.passed);
    QCOMPARE(QString::fromStdString(w.checks[3].description),
             QStringLiteral("result on a second input: got 4100.250000, expected 4100 (result_error <= 0.500000)"));
    // No result_error check at all: exact.
    loose.checks.erase(loose.checks.begin() + 2);
    QCOMPARE(int(m::held_back_rule(loose).op), int(m::LessonClaim::Op::Eq));
    QCOMPARE(m::held_back_rule(loose).value, 0.0);
    QVERIFY(!m::check_exercise(loose, run(l, solution), solution, &second).passed);
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
    const m::ExerciseVerdict v = m::check_exercise(*l.exercise, run(l, fixed), fixed, nullptr);
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
