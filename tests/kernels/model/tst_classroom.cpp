// SPDX-License-Identifier: GPL-3.0-or-later
// Model parts of classroom mode (docs/classroom.md):
// - the default block size of multi-block strategies on small inputs shows the strategy;
// - explanations are worded from the step's counted data (the bank-strip bug: interleaved_strided
//   on 64 values said "several lanes hit the same bank" on conflict-free steps);
// - predict mode: questions for every step of every modelled strategy, graded against the trace.
#include "model/catalogue.h"
#include "model/predict.h"
#include "model/simulate.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cmath>
#include <limits>

using namespace reducescope;

namespace {

std::vector<float> iota1(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = float(i + 1);
    return v;
}

std::vector<float> digits(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = float((i * 7) % 10);
    return v;
}

QStringList modelledIds()
{
    QStringList ids;
    for (const model::StrategyInfo& s : model::catalogue())
        if (s.has_model)
            ids << QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
    return ids;
}

} // namespace

class TestClassroomModel : public QObject {
    Q_OBJECT
private slots:
    void defaultBlockSize_data();
    void defaultBlockSize();
    void smallInputsShowTheStrategy_data();
    void smallInputsShowTheStrategy();
    void bankStripBugCase();
    void explanationsFollowCountedData_data();
    void explanationsFollowCountedData();
    void predictQuestionsAndGrades_data();
    void predictQuestionsAndGrades();
    void predictTextbookAnswers();
    void predictNumbers();
};

void TestClassroomModel::defaultBlockSize_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("expected");
    // The old fault (docs/classroom.md, "Default block size"): 8 values of coarsened got block 256
    // (2040 padded cells).
    QTest::addRow("coarsened 8") << "coarsened" << 8 << 32 << 2;
    QTest::addRow("coarsened_max 8") << "coarsened_max" << 8 << 32 << 2;
    QTest::addRow("segmented 8") << "segmented" << 8 << 32 << 2;
    QTest::addRow("atomic_naive 8") << "atomic_naive" << 8 << 32 << 4;
    QTest::addRow("race 8") << "race" << 8 << 32 << 4;
    QTest::addRow("warp_shuffle 8 (a warp)") << "warp_shuffle" << 8 << 32 << 32;
    QTest::addRow("warp_shuffle 8, warp 4") << "warp_shuffle" << 8 << 4 << 4;
    QTest::addRow("block_reduce 8 (two warps)") << "block_reduce" << 8 << 32 << 64;
    QTest::addRow("block_reduce 64, warp 4") << "block_reduce" << 64 << 4 << 8;
    QTest::addRow("vectorized 8 (two warps)") << "vectorized" << 8 << 32 << 64;
    QTest::addRow("segmented 300") << "segmented" << 300 << 32 << 64;
    QTest::addRow("coarsened 1024") << "coarsened" << 1024 << 32 << 64;
    // Large enough for two blocks of 256: 256 as before.
    QTest::addRow("segmented 1024") << "segmented" << 1024 << 32 << 256;
    QTest::addRow("coarsened 4096") << "coarsened" << 4096 << 32 << 256;
    QTest::addRow("atomic_naive 4096") << "atomic_naive" << 4096 << 32 << 256;
    QTest::addRow("two_pass 4096") << "two_pass" << 4096 << 32 << 256;
    // Single-block strategies keep the textbook default (n/2 rounded up, at most 1024).
    QTest::addRow("simple 8") << "simple" << 8 << 32 << 4;
    QTest::addRow("convergent 13") << "convergent" << 13 << 32 << 8;
    QTest::addRow("shared 4096") << "shared" << 4096 << 32 << 1024;
}

void TestClassroomModel::defaultBlockSize()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, warp);
    QFETCH(int, expected);
    model::Params p;
    p.warp_size = warp;
    QCOMPARE(model::resolve(strategy.toStdString(), std::size_t(n), p).block_size, expected);
    const model::Trace t = model::simulate(strategy.toStdString(), iota1(n), p);
    QCOMPARE(t.params.block_size, expected);
    // An explicit block size is kept.
    p.block_size = 128;
    QCOMPARE(model::resolve(strategy.toStdString(), std::size_t(n), p).block_size, 128);
}

void TestClassroomModel::smallInputsShowTheStrategy_data()
{
    QTest::addColumn<QString>("strategy");
    for (const char* id : {"segmented", "coarsened", "coarsened_max", "atomic_naive", "race"})
        QTest::addRow("%s", id) << QString::fromLatin1(id);
}

void TestClassroomModel::smallInputsShowTheStrategy()
{
    // 8 values: no more padding than values, and the per-block merge is there (several blocks
    // where the strategy covers fewer than 8 elements per block).
    QFETCH(QString, strategy);
    const model::Trace t = model::simulate(strategy.toStdString(), iota1(8));
    QVERIFY2(t.padded_n - t.n <= t.n, qPrintable(QStringLiteral("%1 padded cells for 8 values").arg(t.padded_n - t.n)));
    const int perThread = model::elements_per_thread(strategy.toStdString(), t.params.coarse_factor);
    if (perThread * 2 * 2 <= 8)
        QVERIFY2(t.grid_size >= 2, qPrintable(QStringLiteral("grid %1").arg(t.grid_size)));
    if (!t.expected_wrong)
        QCOMPARE(double(t.result), t.reference);
}

void TestClassroomModel::bankStripBugCase()
{
    // `--strategy interleaved_strided --input <64 values> --step 4`, warp 32, banks 32: the words
    // of stride 4 (0, 8, 16, 24 and 4, 12, 20, 28) lie in different banks. The strip said
    // conflict-free (right); the explanation claimed lanes hit the same bank (wrong).
    const model::Trace t = model::simulate("interleaved_strided", iota1(64));
    const model::Step& s = t.steps[3];
    QCOMPARE(s.stride.value_or(0), 4);
    QCOMPARE(s.max_conflict_ways, 1);
    QCOMPARE(s.counters.extra_shared_wavefronts, 0);
    const QString text = QString::fromStdString(s.explanation);
    QVERIFY2(text.contains(QStringLiteral("conflict-free")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("hit the same bank")) && !text.contains(QStringLiteral("-way")), qPrintable(text));
    // With a block of 1024 the same kernel does conflict, and says by how much.
    const model::Trace big = model::simulate("interleaved_strided", iota1(2048));
    const model::Step& b = big.steps[5];
    QCOMPARE(b.stride.value_or(0), 16);
    QCOMPARE(b.max_conflict_ways, 32);
    QVERIFY2(QString::fromStdString(b.explanation).contains(QStringLiteral("32-way bank conflict")), b.explanation.c_str());
}

void TestClassroomModel::explanationsFollowCountedData_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("banks");
    for (const QString& id : modelledIds()) {
        QTest::addRow("%s 8", qPrintable(id)) << id << 8 << 32 << 32;
        QTest::addRow("%s 64", qPrintable(id)) << id << 64 << 32 << 32;
        QTest::addRow("%s 100, warp 8, 8 banks", qPrintable(id)) << id << 100 << 8 << 8;
        QTest::addRow("%s 2048", qPrintable(id)) << id << 2048 << 32 << 32;
        QTest::addRow("%s 256, warp 32, 4 banks", qPrintable(id)) << id << 256 << 32 << 4;
    }
}

void TestClassroomModel::explanationsFollowCountedData()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, warp);
    QFETCH(int, banks);
    model::Params p;
    p.warp_size = warp;
    p.banks = banks;
    const model::Trace t = model::simulate(strategy.toStdString(), digits(n), p);
    static const QRegularExpression nWay(QStringLiteral("(\\d+)-way bank conflict"));
    static const QRegularExpression nDiverge(QStringLiteral("(\\d+) warps? diverges?"));
    for (int k = 0; k < int(t.steps.size()); ++k) {
        const model::Step& s = t.steps[std::size_t(k)];
        const QString text = QString::fromStdString(s.explanation);
        const QString where = QStringLiteral("step %1: %2").arg(k + 1).arg(text);
        // Never the old unconditional wordings.
        QVERIFY2(!text.contains(QStringLiteral("hit the same bank")), qPrintable(where));
        QVERIFY2(!text.contains(QStringLiteral("the warps diverge")), qPrintable(where));
        QVERIFY2(!text.contains(QStringLiteral("whole warps are either busy or idle.")), qPrintable(where));
        if (const auto m = nWay.match(text); m.hasMatch()) {
            QVERIFY2(s.max_conflict_ways > 1, qPrintable(where));
            QCOMPARE(m.captured(1).toInt(), s.max_conflict_ways);
        }
        if (text.contains(QStringLiteral("conflict-free")))
            QVERIFY2(s.max_conflict_ways <= 1, qPrintable(where));
        if (text.contains(QStringLiteral("bank conflict")))
            QVERIFY2(s.max_conflict_ways > 1, qPrintable(where));
        if (text.contains(QStringLiteral("no warp diverges")))
            QVERIFY2(s.counters.divergent_warps == 0, qPrintable(where));
        if (const auto m = nDiverge.match(text); m.hasMatch())
            QCOMPARE(m.captured(1).toInt(), s.counters.divergent_warps);
    }
}

void TestClassroomModel::predictQuestionsAndGrades_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("warp");
    for (const QString& id : modelledIds()) {
        QTest::addRow("%s PMPP 8", qPrintable(id)) << id << "pmpp" << 32;
        QTest::addRow("%s 100, warp 8", qPrintable(id)) << id << "100" << 8;
        QTest::addRow("%s 1024", qPrintable(id)) << id << "1024" << 32;
        QTest::addRow("%s 37 with NaN and inf", qPrintable(id)) << id << "special" << 4;
    }
}

namespace {

// The input of a predictQuestionsAndGrades row: "pmpp" (PMPP exercise 6), "special" (37 digits
// with a NaN and an infinity), else that many digits.
std::vector<float> predictInput(const QString& input)
{
    std::vector<float> values;
    if (input == QLatin1String("pmpp"))
        values = {6, 2, 7, 4, 5, 8, 3, 1};
    else if (input == QLatin1String("special")) {
        values = digits(37);
        values[5] = std::numeric_limits<float>::quiet_NaN();
        values[20] = std::numeric_limits<float>::infinity();
    } else
        values = digits(input.toInt());
    return values;
}

// The question's expected answer, checked against its step `s` independently (`warp`: the
// trace's warp size).
void checkExpectedAnswer(const model::Step& s, const model::Question& q, int warp, const QString& where)
{
    switch (q.kind) {
    case model::QuestionKind::DivergentWarps:
        QCOMPARE(int(q.expected_set.size()), s.counters.divergent_warps);
        QCOMPARE(int(q.choices.size()), int(s.warps.size()));
        for (int w : q.expected_set)
            QVERIFY(s.warps[std::size_t(w)].divergent);
        break;
    case model::QuestionKind::ActiveLanes:
        if (q.scope_warp < 0) {
            QVERIFY(int(s.lanes.size()) <= model::kMaxLanesForWholeGrid);
            QCOMPARE(int(q.expected_set.size()), s.counters.active_lanes);
        } else {
            QVERIFY(int(s.lanes.size()) > model::kMaxLanesForWholeGrid);
            QCOMPARE(q.expected_set.size(), s.warps[std::size_t(q.scope_warp)].active_lanes.size());
            QVERIFY(int(q.choices.size()) <= warp);
        }
        for (int lane : q.choices) {
            const bool active = s.lanes[std::size_t(lane)].state == model::LaneState::Active;
            QCOMPARE(std::binary_search(q.expected_set.begin(), q.expected_set.end(), lane), active);
        }
        break;
    case model::QuestionKind::CellValue: {
        const double v = double(s.values[std::size_t(q.cell)]);
        QVERIFY((std::isnan(v) && std::isnan(q.expected_number)) || v == q.expected_number);
        bool written = false;
        for (const model::LaneRecord& lane : s.lanes)
            written = written || std::find(lane.writes.begin(), lane.writes.end(), q.cell) != lane.writes.end();
        QVERIFY2(written, qPrintable(where));
        break;
    }
    case model::QuestionKind::WrittenCells:
        for (int c : q.expected_set)
            QVERIFY(c >= 0 && c < int(s.values.size()));
        break;
    case model::QuestionKind::WorstConflictWays:
        QCOMPARE(q.expected_number, double(s.max_conflict_ways));
        QVERIFY(!s.shared_accesses.empty());
        break;
    case model::QuestionKind::OutputValue:
        QVERIFY(s.output.has_value());
        QVERIFY((std::isnan(*s.output) && std::isnan(q.expected_number)) || double(*s.output) == q.expected_number);
        break;
    }
}

// A set answer: the right one (reversed, with duplicates) is right; one element fewer is wrong and
// says which is missed; one choice more is wrong and says which is extra. Each grade goes to `score`.
void checkSetGrades(const model::Question& q, const QString& where, model::Score& score)
{
    model::Answer right{q.expected_set, {}};
    std::reverse(right.set.begin(), right.set.end());
    right.set.insert(right.set.end(), q.expected_set.begin(), q.expected_set.end());  // duplicates ignored
    const model::Grade g = model::grade(q, right);
    QVERIFY2(g.right && g.missed.empty() && g.extra.empty(), qPrintable(where));
    score.add(g);
    if (!q.expected_set.empty()) {
        model::Answer fewer{std::vector<int>(q.expected_set.begin() + 1, q.expected_set.end()), {}};
        const model::Grade gf = model::grade(q, fewer);
        QVERIFY(!gf.right);
        QCOMPARE(gf.missed, std::vector<int>{q.expected_set.front()});
        QVERIFY(gf.extra.empty());
        score.add(gf);
    }
    for (int c : q.choices)
        if (!std::binary_search(q.expected_set.begin(), q.expected_set.end(), c)) {
            model::Answer more{q.expected_set, {}};
            more.set.push_back(c);
            const model::Grade gm = model::grade(q, more);
            QVERIFY(!gm.right);
            QCOMPARE(gm.extra, std::vector<int>{c});
            QVERIFY(gm.missed.empty());
            score.add(gm);
            break;
        }
}

// A number answer: the right one is right, nothing typed is wrong, and (for a finite answer) one
// more is wrong and carries both numbers. Each grade goes to `score`.
void checkNumberGrades(const model::Question& q, const QString& where, model::Score& score)
{
    model::Answer right{{}, q.expected_number};
    QVERIFY2(model::grade(q, right).right, qPrintable(where));
    score.add(model::grade(q, right));
    QVERIFY(!model::grade(q, model::Answer{}).right);  // nothing typed
    if (std::isfinite(q.expected_number)) {
        const model::Grade off = model::grade(q, model::Answer{{}, q.expected_number + 1});
        QVERIFY(!off.right);
        QCOMPARE(*off.given, q.expected_number + 1);
        QCOMPARE(off.expected, q.expected_number);
        score.add(off);
    }
}

// Every strategy gets the lane and warp questions and at least one number to type, and the bank
// question where a step uses shared memory.
void checkKindsAsked(const model::Trace& t, const QSet<int>& kinds)
{
    QVERIFY(kinds.contains(int(model::QuestionKind::DivergentWarps)));
    QVERIFY(kinds.contains(int(model::QuestionKind::ActiveLanes)));
    QVERIFY(kinds.contains(int(model::QuestionKind::CellValue)) || kinds.contains(int(model::QuestionKind::OutputValue)));
    if (std::any_of(t.steps.begin(), t.steps.end(), [](const model::Step& s) { return !s.shared_accesses.empty(); }))
        QVERIFY(kinds.contains(int(model::QuestionKind::WorstConflictWays)));
}

} // namespace

void TestClassroomModel::predictQuestionsAndGrades()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, warp);
    model::Params p;
    p.warp_size = warp;
    const model::Trace t = model::simulate(strategy.toStdString(), predictInput(input), p);
    QSet<int> kinds;
    model::Score score;
    int graded = 0;
    for (int k = 0; k < int(t.steps.size()); ++k) {
        const model::Step& s = t.steps[std::size_t(k)];
        const std::vector<model::Question> qs = model::questions_for(t, k);
        QVERIFY(!qs.empty());
        for (const model::Question& q : qs) {
            kinds.insert(int(q.kind));
            QCOMPARE(q.step, k);
            const QString where = QStringLiteral("step %1, kind %2").arg(k + 1).arg(int(q.kind));
            checkExpectedAnswer(s, q, warp, where);
            if (QTest::currentTestFailed())
                return;
            // The right answer is right; a changed one is wrong and says what is missed or extra.
            if (q.form == model::AnswerForm::Set)
                checkSetGrades(q, where, score);
            else
                checkNumberGrades(q, where, score);
            if (QTest::currentTestFailed())
                return;
            graded += 1;
        }
    }
    QVERIFY(graded > 0);
    QVERIFY(score.asked > score.right && score.right > 0);
    QVERIFY(score.fraction() > 0 && score.fraction() < 1);
    checkKindsAsked(t, kinds);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(model::questions_for(t, -1).empty());
    QVERIFY(model::questions_for(t, int(t.steps.size())).empty());
}

void TestClassroomModel::predictTextbookAnswers()
{
    // PMPP exercise 6, simple, step 2 (stride 2): threads 0 and 2 add; cell 0 holds 6+2+7+4 = 19;
    // the one warp diverges.
    const model::Trace t = model::simulate("simple", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1});
    const std::vector<model::Question> qs = model::questions_for(t, 1);
    auto find = [&](model::QuestionKind k) {
        return *std::find_if(qs.begin(), qs.end(), [k](const model::Question& q) { return q.kind == k; });
    };
    QCOMPARE(find(model::QuestionKind::DivergentWarps).expected_set, std::vector<int>{0});
    QCOMPARE(find(model::QuestionKind::ActiveLanes).expected_set, (std::vector<int>{0, 2}));
    const model::Question cell = find(model::QuestionKind::CellValue);
    QCOMPARE(cell.cell, 0);
    QCOMPARE(cell.expected_number, 19.0);
    QCOMPARE(find(model::QuestionKind::WrittenCells).expected_set, (std::vector<int>{0, 4}));
    QCOMPARE(model::questions_for(t, 1, 1)[2].cell, 4);  // pick the second written cell
    QCOMPARE(model::questions_for(t, 1, 1)[2].expected_number, 17.0);  // 5+8+3+1
    // No shared memory in simple: no bank question. interleaved_strided at 2048 values: 32 ways.
    QVERIFY(std::none_of(qs.begin(), qs.end(), [](const model::Question& q) { return q.kind == model::QuestionKind::WorstConflictWays; }));
    const model::Trace big = model::simulate("interleaved_strided", iota1(2048));
    const auto bq = model::questions_for(big, 5);
    const auto ways = std::find_if(bq.begin(), bq.end(), [](const model::Question& q) { return q.kind == model::QuestionKind::WorstConflictWays; });
    QVERIFY(ways != bq.end());
    QCOMPARE(ways->expected_number, 32.0);
    // 1024 lanes: the lane question is about one warp (the first divergent one), by thread index.
    const auto lanes = std::find_if(bq.begin(), bq.end(), [](const model::Question& q) { return q.kind == model::QuestionKind::ActiveLanes; });
    QCOMPARE(lanes->scope_warp, 0);
    QCOMPARE(int(lanes->choices.size()), 32);
    QCOMPARE(lanes->expected_set.size(), std::size_t(32));  // stride 16: index = 32*tid < 1024, all of warp 0
    // Divergence at 1024 values, block 512: simple's 16 warps at stride 2; wrong answers graded.
    model::Params p;
    p.block_size = 512;
    const model::Trace s1024 = model::simulate("simple", iota1(1024), p);
    const auto dq = model::questions_for(s1024, 1)[0];
    QCOMPARE(dq.kind, model::QuestionKind::DivergentWarps);
    QCOMPARE(int(dq.expected_set.size()), 16);
    const model::Grade half = model::grade(dq, model::Answer{{0, 1, 2, 3, 4, 5, 6, 7}, {}});
    QVERIFY(!half.right);
    QCOMPARE(half.missed, (std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15}));
    const model::Grade outside = model::grade(dq, model::Answer{{99}, {}});
    QCOMPARE(outside.extra, std::vector<int>{99});
}

void TestClassroomModel::predictNumbers()
{
    model::Question q;
    q.form = model::AnswerForm::Number;
    q.expected_number = 0.30000001192092896;  // 0.1f + 0.2f as float
    QVERIFY(model::grade(q, {{}, 0.3}).right);
    QVERIFY(!model::grade(q, {{}, 0.31}).right);
    q.expected_number = 1e7;
    QVERIFY(model::grade(q, {{}, 1e7 + 5}).right);   // within 1e-6 relative
    QVERIFY(!model::grade(q, {{}, 1e7 + 50}).right);
    q.expected_number = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(model::grade(q, {{}, std::numeric_limits<double>::quiet_NaN()}).right);
    QVERIFY(!model::grade(q, {{}, 0.0}).right);
    q.expected_number = -std::numeric_limits<double>::infinity();
    QVERIFY(model::grade(q, {{}, -std::numeric_limits<double>::infinity()}).right);
    QVERIFY(!model::grade(q, {{}, std::numeric_limits<double>::infinity()}).right);
    model::Score s;
    QCOMPARE(s.fraction(), 0.0);
    s.add(model::grade(q, {{}, -std::numeric_limits<double>::infinity()}));
    s.add(model::grade(q, {}));
    QCOMPARE(s.asked, 2);
    QCOMPARE(s.right, 1);
    QCOMPARE(s.fraction(), 0.5);
}

QTEST_APPLESS_MAIN(TestClassroomModel)
#include "tst_classroom.moc"
