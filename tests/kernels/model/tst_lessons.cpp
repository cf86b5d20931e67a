// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons (docs/classroom.md): every file in resources/lessons is valid, builds its traces with the
// model, and every claim its note makes holds on the counted data; the textbook numbers are
// asserted here as well, independently of the files. The reader is strict: bad files are refused
// with a message that names the field.
#include "model/lesson.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace reducescope;

namespace {

QString lessonsDir()
{
    return QStringLiteral(REDUCESCOPE_LESSONS_DIR);
}

model::Lesson load(const QString& file)
{
    QFile f(lessonsDir() + QLatin1Char('/') + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    const QByteArray bytes = f.readAll();
    const model::LessonResult r = model::parse_lesson(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!r.lesson)
        qFatal("%s: %s", qPrintable(file), r.error->message.c_str());
    return *r.lesson;
}

// A valid lesson as text, with `patch` applied (a JSON fragment replacing one line's value).
QByteArray base()
{
    return R"({
  "format": "reducescope-lesson", "version": 1, "id": "t", "order": 1,
  "title": {"en": "T", "zh_CN": "题"}, "note": {"en": "N", "zh_CN": "注"},
  "strategy": "simple", "compare": "convergent", "input": "1..16",
  "block_size": 8, "warp_size": 4, "banks": 32, "step": 2,
  "claims": [{"trace": "strategy", "measure": "divergent_warps", "strides": [2, 4], "over": "each", "op": "==", "value": 2},
             {"trace": "compare", "measure": "divergent_warps", "strides": [4, 8], "over": "each", "op": "==", "value": 0}]
})";
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void everyLessonHolds_data();
    void everyLessonHolds();
    void theSetIsComplete();
    void textbookNumbers();
    void strictReader_data();
    void strictReader();
    void inputGenerator();
};

void TestLessons::everyLessonHolds_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString& f : files)
        QTest::addRow("%s", qPrintable(f)) << f;
}

void TestLessons::everyLessonHolds()
{
    QFETCH(QString, file);
    const model::Lesson l = load(file);
    const model::LessonTraces traces = model::build_lesson(l);
    QVERIFY2(!traces.error, traces.error ? traces.error->message.c_str() : "");
    QVERIFY(traces.strategy);
    QCOMPARE(traces.compare.has_value(), l.compare.has_value());
    QVERIFY2(!l.claims.empty(), "a lesson's note must be backed by at least one claim");
    for (const model::LessonClaim& c : l.claims) {
        const model::ClaimCheck check = model::check_claim(c, *traces.strategy, traces.compare ? &*traces.compare : nullptr);
        qInfo("%s", check.description.c_str());
        QVERIFY2(check.holds, check.description.c_str());
    }
    const QString note = QString::fromStdString(l.note.en);
    QVERIFY(!note.isEmpty());
    QVERIFY(!QString::fromStdString(l.note.zh_cn).isEmpty());
    // Both languages name the strategies (ids are not translated).
    QVERIFY(QString::fromStdString(l.title.zh_cn).contains(QString::fromStdString(l.strategy)));
    QVERIFY(QString::fromStdString(l.title.en).contains(QString::fromStdString(l.strategy)));
}

void TestLessons::theSetIsComplete()
{
    // The lessons classroom mode promises (docs/classroom.md), by strategies and settings.
    QMap<QString, model::Lesson> byId;
    for (const QString& f : QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const model::Lesson l = load(f);
        byId.insert(QString::fromStdString(l.id), l);
    }
    QCOMPARE(byId.size(), 12);
    auto pair = [&](const char* id) {
        const model::Lesson& l = byId[QString::fromLatin1(id)];
        return QStringLiteral("%1/%2").arg(QString::fromStdString(l.strategy), QString::fromStdString(l.compare.value_or("")));
    };
    QCOMPARE(pair("pmpp_exercise_6"), QStringLiteral("simple/convergent"));
    QCOMPARE(byId[QStringLiteral("pmpp_exercise_6")].input, (std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1}));
    QCOMPARE(pair("divergence_1024"), QStringLiteral("simple/convergent"));
    QCOMPARE(byId[QStringLiteral("divergence_1024")].input.size(), std::size_t(1024));
    QCOMPARE(byId[QStringLiteral("divergence_1024")].params.block_size, 512);
    QCOMPARE(pair("small_warp"), QStringLiteral("simple/convergent"));
    QCOMPARE(byId[QStringLiteral("small_warp")].input.size(), std::size_t(16));
    QCOMPARE(byId[QStringLiteral("small_warp")].params.warp_size, 4);
    QCOMPARE(pair("bank_conflicts"), QStringLiteral("interleaved_strided/shared"));
    QCOMPARE(byId[QStringLiteral("bank_conflicts")].params.banks, 32);
    QCOMPARE(byId[QStringLiteral("bank_conflicts")].params.warp_size, 32);
    QCOMPARE(pair("atomics_race"), QStringLiteral("atomic_naive/race"));
    QVERIFY(pair("warp_shuffle").startsWith(QStringLiteral("warp_shuffle/")));
    QVERIFY(pair("coarsening").startsWith(QStringLiteral("coarsened/")));
    QCOMPARE(pair("two_pass_grid_sync"), QStringLiteral("two_pass/grid_sync"));
    // The Chinese notes use the course's terms.
    const auto zh = [&](const char* id) { return QString::fromStdString(byId[QString::fromLatin1(id)].note.zh_cn); };
    QVERIFY(zh("divergence_1024").contains(QStringLiteral("线程束")) && zh("divergence_1024").contains(QStringLiteral("分支发散")));
    QVERIFY(zh("bank_conflicts").contains(QStringLiteral("bank 冲突")));
    QVERIFY(zh("pmpp_exercise_6").contains(QStringLiteral("归约")));
    QVERIFY(zh("coarsening").contains(QStringLiteral("线程粗化")));
    QVERIFY(zh("warp_shuffle").contains(QStringLiteral("线程束洗牌")));
}

void TestLessons::textbookNumbers()
{
    // Asserted here from the model, not from the files: 1024 values, block 512.
    const model::Lesson l = load(QStringLiteral("02_divergence_1024.json"));
    const model::LessonTraces t = model::build_lesson(l);
    for (const model::Step& s : t.strategy->steps)
        if (s.stride && *s.stride >= 2 && *s.stride <= 32)
            QCOMPARE(s.counters.divergent_warps, 16);
    for (const model::Step& s : t.compare->steps)
        if (s.stride)
            QCOMPARE(s.counters.divergent_warps, *s.stride >= 32 ? 0 : 1);
    // Bank conflicts at real settings: 32-way at stride 16 for interleaved_strided, none for shared.
    const model::LessonTraces b = model::build_lesson(load(QStringLiteral("04_bank_conflicts.json")));
    int worst = 0;
    for (const model::Step& s : b.strategy->steps)
        worst = std::max(worst, s.max_conflict_ways);
    QCOMPARE(worst, 32);
    QCOMPARE(b.compare->totals.extra_shared_wavefronts, 0);
    // The race loses updates; the atomics do not.
    const model::LessonTraces r = model::build_lesson(load(QStringLiteral("05_atomics_race.json")));
    QCOMPARE(double(r.strategy->result), r.strategy->reference);
    QVERIFY(double(r.compare->result) != r.compare->reference);
}

void TestLessons::strictReader_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    // The readers' one JSON parser (json_text.h): where and why, as for trace and results files.
    QTest::addRow("not JSON") << "{" << "[" << "file" << "not JSON: line ";
    QTest::addRow("unknown field") << R"("version": 1,)" << R"("version": 1, "colour": 3,)" << "colour" << "is not a lesson field";
    QTest::addRow("wrong format") << R"("reducescope-lesson")" << R"("preset")" << "format" << "must be \"reducescope-lesson\"";
    QTest::addRow("future version") << R"("version": 1)" << R"("version": 2)" << "version" << "must be 1 (got 2)";
    QTest::addRow("bad id") << R"("id": "t")" << R"("id": "T T")" << "id" << "a-z, 0-9 and _";
    QTest::addRow("missing Chinese title") << R"("title": {"en": "T", "zh_CN": "题"})" << R"("title": {"en": "T"})" << "title.zh_CN" << "is missing";
    QTest::addRow("empty English note") << R"("note": {"en": "N")" << R"("note": {"en": "")" << "note.en" << "non-empty string";
    QTest::addRow("unknown language") << R"("zh_CN": "注")" << R"("zh_CN": "注", "fr": "x")" << "note.fr" << "not a known language";
    QTest::addRow("unknown strategy") << R"("strategy": "simple")" << R"("strategy": "fastest")" << "strategy" << "modelled strategy";
    QTest::addRow("benchmark-only compare") << R"("compare": "convergent")" << R"("compare": "cub")" << "compare" << "modelled strategy";
    QTest::addRow("bad input") << R"("input": "1..16")" << R"("input": "16..1")" << "input" << "range A..B";
    QTest::addRow("input too long") << R"("input": "1..16")" << R"("input": "1..5000")" << "input" << "1..4096 values";
    QTest::addRow("input word") << R"("input": "1..16")" << R"("input": "1,2,x")" << "input" << "not a float32 number";
    QTest::addRow("block not a power of two") << R"("block_size": 8)" << R"("block_size": 6)" << "block_size" << "block_size must be a power of two";
    QTest::addRow("warp size 5") << R"("warp_size": 4)" << R"("warp_size": 5)" << "warp_size" << "warp_size must be 32, or 4, 8 or 16";
    QTest::addRow("banks as text") << R"("banks": 32)" << R"("banks": "32")" << "banks" << "must be an integer";
    QTest::addRow("step 0") << R"("step": 2)" << R"("step": 0)" << "step" << "1..100000";
    QTest::addRow("claim measure") << R"("measure": "divergent_warps")" << R"("measure": "speed")" << "claims[0].measure" << "must be one of";
    QTest::addRow("claim op") << R"("op": "==")" << R"("op": "=~")" << "claims[0].op" << "must be one of ==";
    QTest::addRow("claim both selectors") << R"("strides": [2, 4])" << R"("strides": [2, 4], "steps": [1, 2])" << "claims[0]" << "not both";
    QTest::addRow("claim reversed range") << R"("strides": [2, 4])" << R"("strides": [4, 2])" << "claims[0].strides" << "first <= last";
    QTest::addRow("claim on a missing compare") << R"("compare": "convergent")" << R"("compare": null)" << "claims[1].trace" << "no compare strategy";
}

void TestLessons::strictReader()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QString text = QString::fromUtf8(base());
    QVERIFY2(text.contains(from), qPrintable(from));
    text.replace(text.indexOf(from), from.size(), to);
    const QByteArray bytes = text.toUtf8();
    const model::LessonResult r = model::parse_lesson(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY2(!r.lesson, "a bad lesson was accepted");
    QCOMPARE(QString::fromStdString(r.error->field), field);
    const QString m = QString::fromStdString(r.error->message);
    QVERIFY2(m.contains(message), qPrintable(m));
    QVERIFY2(!m.contains(QLatin1Char('\n')), "messages are one line");
    // The unchanged base is valid, and its claim holds.
    const QByteArray good = base();
    const model::LessonResult ok = model::parse_lesson(std::string_view(good.constData(), std::size_t(good.size())));
    QVERIFY(ok.lesson);
    const model::LessonTraces t = model::build_lesson(*ok.lesson);
    QVERIFY(!t.error);
    for (const model::LessonClaim& c : ok.lesson->claims)
        QVERIFY(model::check_claim(c, *t.strategy, &*t.compare).holds);
}

void TestLessons::inputGenerator()
{
    const model::ParsedInput r = model::expand_lesson_input("3..7");
    QCOMPARE(r.values, (std::vector<float>{3, 4, 5, 6, 7}));
    QCOMPARE(model::expand_lesson_input("-2..1").values, (std::vector<float>{-2, -1, 0, 1}));
    QCOMPARE(model::expand_lesson_input("6,2,7").values, (std::vector<float>{6, 2, 7}));
    QCOMPARE(model::expand_lesson_input("1..4096").values.size(), std::size_t(4096));
    QVERIFY(model::expand_lesson_input("1..4097").error);
    QVERIFY(model::expand_lesson_input("1..2.5").error);
    QVERIFY(model::expand_lesson_input("..4").error);
    QVERIFY(model::expand_lesson_input("16777210..16777300").error);  // beyond exact floats
    // A step past the trace is caught when the lesson is built.
    QByteArray text = base();
    text.replace("\"step\": 2", "\"step\": 40");
    const model::LessonResult r2 = model::parse_lesson(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY(r2.lesson);
    const model::LessonTraces t = model::build_lesson(*r2.lesson);
    QVERIFY(t.error);
    QCOMPARE(QString::fromStdString(t.error->field), QStringLiteral("step"));
    QVERIFY(QString::fromStdString(t.error->message).contains(QStringLiteral("step must be in 1..5")));
}

QTEST_APPLESS_MAIN(TestLessons)
#include "tst_lessons.moc"
