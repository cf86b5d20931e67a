// SPDX-License-Identifier: GPL-3.0-or-later
// The model's words (kernels/model/text.h) against the data they describe: over every
// strategy, inputs of 8, 64, 1000 and 1024 values, block sizes 32..1024 and warp
// sizes 4, 8 and 32 (and 8 banks), each step's sentences agree with its counted data — bank
// conflicts are named iff some shared access takes more than one wavefront, the n-way and the
// wavefronts named are the step's, the divergent warps named are the step's — and the English
// agrees in number ("1 block", "2 blocks", "the first thread adds"). Every message id is defined,
// every label and explanation is the English of its messages, and messages survive the JSON.
#include "model/catalogue.h"
#include "model/simulate.h"
#include "model/text.h"
#include "model/trace_json.h"

#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <regex>
#include <set>
#include <string>
#include <vector>

using namespace reducescope::model;

namespace {

std::vector<float> values(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[static_cast<std::size_t>(i)] = static_cast<float>((i * 7) % 13 - 6);
    return v;
}

// Every message of a sentence list, nested ones included.
void collect(const Text& t, std::vector<const Text*>& out)
{
    out.push_back(&t);
    for (const TextArg& a : t.args)
        for (const Text& n : a.nested)
            collect(n, out);
}

const Text* find(const std::vector<Text>& sentences, std::string_view id)
{
    for (const Text& t : sentences)
        if (t.id == id)
            return &t;
    return nullptr;
}

long long count_arg(const Text& t, std::size_t i)
{
    return i < t.args.size() && t.args[i].kind == TextArg::Kind::Count ? t.args[i].count : -1;
}

// Nouns the model counts, singular -> plural.
const std::vector<std::pair<std::string, std::string>> kNouns{
    {"block", "blocks"},     {"thread", "threads"}, {"value", "values"},     {"warp", "warps"},
    {"element", "elements"}, {"atomic", "atomics"}, {"partial", "partials"}, {"word", "words"},
    {"lane", "lanes"},       {"update", "updates"}, {"sum", "sums"},         {"wavefront", "wavefronts"},
    {"addition", "additions"}, {"load", "loads"},
};

// What is wrong with the English number agreement of `s`, empty when nothing.
std::string agreement_problem(const std::string& s)
{
    struct Rule {
        std::regex re;
        std::string what;
    };
    static const std::vector<Rule> rules = [] {
        std::vector<Rule> r;
        for (const auto& [one, many] : kNouns) {
            // "1 blocks", "all 1 blocks" ("1 float4 loads" too); "2 block", "0 block" but not "8 block sums".
            r.push_back({std::regex("(^|[^0-9.])1 (float4 )?" + many + "\\b"), "'1 " + many + "'"});
            r.push_back({std::regex("(^|[^0-9.])([02-9]|[1-9][0-9]+) (float4 )?" + one + "\\b(?!-| sums?\\b)"),
                         "'N " + one + "' with N != 1"});
        }
        // Subject and verb: "the first thread add", "4 threads adds", "1 warp diverge".
        r.push_back({std::regex("\\b(thread|warp|lane) (add|combine|walk|diverge)\\b"), "subject and verb disagree"});
        r.push_back({std::regex("\\b(threads|warps) (adds|combines|walks|diverges)\\b"), "subject and verb disagree"});
        return r;
    }();
    for (const Rule& r : rules)
        if (std::regex_search(s, r.re))
            return r.what;
    return {};
}

} // namespace

class TestModelText : public QObject {
    Q_OBJECT
private slots:
    void catalogueIsWellFormed();
    void sentencesAgreeWithData_data();
    void sentencesAgreeWithData();
    void pluralForms_data();
    void pluralForms();
    void refusalsAreMessages_data();
    void refusalsAreMessages();
    void oldTraceFilesStillLoad();
};

// Each id once; a plural argument where a form uses %n; both forms use the same placeholders.
void TestModelText::catalogueIsWellFormed()
{
    std::set<std::string_view> ids;
    for (const MessageDef& m : message_catalogue()) {
        QVERIFY2(ids.insert(m.id).second, m.id.data());
        const bool uses_n = m.one.find("%n") != std::string_view::npos || m.other.find("%n") != std::string_view::npos;
        QVERIFY2(!uses_n || m.plural >= 0, m.id.data());
        if (m.plural < 0)
            QVERIFY2(m.one == m.other, m.id.data());
        for (char d = '1'; d <= '9'; ++d) {
            const std::string ph = std::string("%") + d;
            // A form may leave out what its count makes obvious, never add an argument the other lacks.
            if (m.one.find(ph) != std::string_view::npos)
                QVERIFY2(m.other.find(ph) != std::string_view::npos, m.id.data());
        }
    }
    QCOMPARE(render_english(make_text("count.blocks", 1)), std::string("1 block"));
    QCOMPARE(render_english(make_text("count.blocks", 2)), std::string("2 blocks"));
    QCOMPARE(substitute("%1%% %2 %n %9", std::vector<std::string>{"a%2", "b"}, "7"), std::string("a%2%% b 7 "));
}

void TestModelText::sentencesAgreeWithData_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    for (const StrategyInfo& s : catalogue()) {
        if (!s.has_model)
            continue;
        for (int n : {8, 64, 1000, 1024})
            QTest::addRow("%s/%d", s.id.data(), n) << QString::fromUtf8(s.id.data(), qsizetype(s.id.size())) << n;
    }
}

void TestModelText::sentencesAgreeWithData()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    const std::vector<float> input = values(n);
    struct Shape { int block, warp, banks; };
    std::vector<Shape> shapes;
    for (int block : {0, 32, 64, 256, 1024})
        for (int warp : {32, 8, 4})
            shapes.push_back({block, warp, 32});
    shapes.push_back({64, 32, 8});
    shapes.push_back({256, 32, 8});
    int steps = 0, conflicts = 0, divergent = 0;
    for (const Shape& sh : shapes) {
        Params p;
        p.block_size = sh.block;
        p.warp_size = sh.warp;
        p.banks = sh.banks;
        const Trace t = simulate(strategy.toStdString(), input, p);
        for (std::size_t k = 0; k < t.steps.size(); ++k) {
            const Step& s = t.steps[k];
            const std::string where = strategy.toStdString() + " n=" + std::to_string(n) + " block="
                + std::to_string(t.params.block_size) + " warp=" + std::to_string(sh.warp) + " banks="
                + std::to_string(sh.banks) + " step " + std::to_string(k + 1) + ": " + s.explanation;
            ++steps;
            // The strings are the English of the messages, and every id is defined.
            QVERIFY2(!s.label_text.empty() && !s.explanation_text.empty(), where.c_str());
            QCOMPARE(s.label, render_english(s.label_text));
            QCOMPARE(s.explanation, render_english(s.explanation_text));
            std::vector<const Text*> all;
            collect(s.label_text, all);
            for (const Text& x : s.explanation_text)
                collect(x, all);
            for (const Text* x : all)
                QVERIFY2(find_message(x->id), (where + " unknown id " + x->id).c_str());

            // Bank conflicts: named iff some access takes more than one wavefront, with its numbers.
            int worst = 0;
            for (const SharedAccess& a : s.shared_accesses)
                worst = std::max(worst, a.wavefronts);
            QCOMPARE(worst, s.max_conflict_ways);
            const Text* conflict = find(s.explanation_text, "banks.conflict");
            QVERIFY2((conflict != nullptr) == (worst > 1), where.c_str());
            static const std::regex conflict_words("[Bb]ank conflict|[0-9]+-way");
            QVERIFY2(std::regex_search(s.explanation, conflict_words) == (worst > 1), where.c_str());
            if (conflict) {
                ++conflicts;
                QCOMPARE(count_arg(*conflict, 0), static_cast<long long>(s.max_conflict_ways));
                QCOMPARE(count_arg(*conflict, 1), static_cast<long long>(s.counters.shared_wavefronts));
                QCOMPARE(count_arg(*conflict, 2),
                         static_cast<long long>(s.counters.shared_wavefronts - s.counters.extra_shared_wavefronts));
            }
            if (find(s.explanation_text, "banks.free"))
                QVERIFY2(worst == 1, where.c_str());

            // Divergence: what the sentence says is the step's count.
            if (const Text* d = find(s.explanation_text, "diverge.some")) {
                ++divergent;
                QCOMPARE(count_arg(*d, 0), static_cast<long long>(s.counters.divergent_warps));
                QVERIFY2(s.counters.divergent_warps > 0, where.c_str());
            }
            if (find(s.explanation_text, "diverge.none"))
                QVERIFY2(s.counters.divergent_warps == 0, where.c_str());
            static const std::regex claims_divergence("\\bdiverg");
            if (std::regex_search(s.explanation, claims_divergence))
                QVERIFY2(find(s.explanation_text, "diverge.some") || find(s.explanation_text, "diverge.none"),
                         where.c_str());

            // Figures the labels and sentences name.
            if (s.label_text.id == "atomic.label" || s.label_text.id == "warp_atomic.label"
                || s.label_text.id == "reset.label" || s.label_text.id == "merge.label.add")
                QCOMPARE(count_arg(s.label_text, 0), static_cast<long long>(s.counters.atomics));
            if (const Text* r = find(s.explanation_text, "race"))
                QCOMPARE(count_arg(*r, 0), count_arg(*r, 1) - s.counters.adds);
            if (const Text* w = find(s.explanation_text, "write_partials"))
                QCOMPARE(count_arg(*w, 0), static_cast<long long>(t.grid_size));
            if (const Text* g = find(s.explanation_text, "grid_sync"))
                QCOMPARE(count_arg(*g, 0), static_cast<long long>(s.counters.barriers));

            // English agreement, in the label and every sentence.
            for (const std::string& line : {s.label, s.explanation}) {
                const std::string problem = agreement_problem(line);
                QVERIFY2(problem.empty(), (where + " [" + problem + "] in: " + line).c_str());
            }

            // The messages survive the JSON.
            QCOMPARE(render_english(text_from_json(text_to_json(s.label_text))), s.label);
        }
    }
    QVERIFY(steps > 0);
    if (strategy == QLatin1String("interleaved_strided"))
        QVERIFY(conflicts > 0);
    if (strategy == QLatin1String("simple"))
        QVERIFY(divergent > 0);
}

// One and other: the English forms the counts pick.
void TestModelText::pluralForms_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QVector<float>>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("step");  // 1-based
    QTest::addColumn<QString>("expected");  // a part of the label or explanation
    const QVector<float> one{5};
    const QVector<float> eight{6, 2, 7, 4, 5, 8, 3, 1};
    QTest::addRow("convergent first thread") << "convergent" << eight << 0 << 3
                                             << "The first thread adds the element stride places to its right";
    QTest::addRow("convergent first 4 threads") << "convergent" << eight << 0 << 1
                                                << "The first 4 threads add the element stride places to their right";
    QTest::addRow("merge 1 block") << "segmented" << eight << 4 << 4 << "per block (1 block)";
    QTest::addRow("merge 2 blocks") << "segmented" << eight << 2 << 3 << "per block (2 blocks)";
    QTest::addRow("grid_sync one block") << "grid_sync" << eight << 0 << 15
                                         << "A barrier across the grid's only block";
    QTest::addRow("warp atomic 1") << "warp_shuffle" << eight << 32 << 7 << "(1 atomic)";
    QTest::addRow("atomic load 1 block") << "atomic_naive" << one << 0 << 1 << "1 block of 2 threads";
    QTest::addRow("atomic load 1 thread") << "atomic_naive" << eight << 1 << 1 << "8 blocks of 1 thread;";
    QTest::addRow("race 1 lost") << "race" << QVector<float>{1, 2} << 0 << 2 << "here 1 update out of 2 is lost";
    QTest::addRow("shared 1 partial") << "shared" << QVector<float>{1, 2} << 0 << 1 << "from 1 partial sum per block";
    QTest::addRow("one diverging warp") << "simple" << eight << 0 << 2 << "1 warp diverges: some of its live lanes";
}

void TestModelText::pluralForms()
{
    QFETCH(QString, strategy);
    QFETCH(QVector<float>, input);
    QFETCH(int, block);
    QFETCH(int, step);
    QFETCH(QString, expected);
    Params p;
    p.block_size = block;
    const std::vector<float> in(input.begin(), input.end());
    const Trace t = simulate(strategy.toStdString(), in, p);
    QVERIFY(step >= 1 && step <= static_cast<int>(t.steps.size()));
    const Step& s = t.steps[static_cast<std::size_t>(step - 1)];
    const QString both = QString::fromStdString(s.label + " | " + s.explanation);
    QVERIFY2(both.contains(expected), qPrintable(both));
}

// validate() and parse_input() refusals carry their message as data, whose English is `message`.
void TestModelText::refusalsAreMessages_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("english");
    QTest::addRow("unknown strategy") << "nope" << "1" << 0 << 32 << "error.strategy" << "(got 'nope')";
    QTest::addRow("benchmark only") << "cub" << "1" << 0 << 32 << "error.strategy.no_model"
                                    << "strategy 'cub' is benchmark-only";
    QTest::addRow("block size") << "simple" << "1,2" << 3 << 32 << "error.block_size"
                                << "block-size must be a power of two in 1..1024 (got 3)";
    QTest::addRow("warp size") << "simple" << "1,2" << 0 << 5 << "error.warp_size" << "(got 5)";
    QTest::addRow("empty value") << "simple" << "1,,2" << 0 << 32 << "error.input.empty"
                                 << "input: empty value at position 2";
    QTest::addRow("syntax") << "simple" << "1,x" << 0 << 32 << "error.input.syntax" << "value 2 'x' is not a float32";
    QTest::addRow("range") << "simple" << "1e99" << 0 << 32 << "error.input.range" << "out of float32 range";
    QTest::addRow("trailing comma") << "simple" << "1," << 0 << 32 << "error.input.trailing_comma"
                                    << "empty value after the last comma";
}

void TestModelText::refusalsAreMessages()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(QString, id);
    QFETCH(QString, english);
    const ParsedInput parsed = parse_input(input.toStdString());
    std::optional<ParamError> e = parsed.error;
    if (!e) {
        Params p;
        p.block_size = block;
        p.warp_size = warp;
        e = validate(strategy.toStdString(), parsed.values.size(), p);
    }
    QVERIFY(e);
    QCOMPARE(QString::fromStdString(e->text.id), id);
    QCOMPARE(e->message, render_english(e->text));
    QVERIFY2(QString::fromStdString(e->message).contains(english), e->message.c_str());
}

// A trace file written before messages existed has only the English: it loads, with empty messages.
void TestModelText::oldTraceFilesStillLoad()
{
    const Trace t = simulate("convergent", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1});
    nlohmann::json j = trace_to_json(t);
    QVERIFY(j["steps"][0].contains("label_text"));
    for (auto& s : j["steps"]) {
        s.erase("label_text");
        s.erase("explanation_text");
    }
    const TraceFileResult r = read_trace_file(j.dump());
    QVERIFY2(r.file, r.error.c_str());
    QCOMPARE(r.file->trace.steps[0].label, t.steps[0].label);
    QVERIFY(r.file->trace.steps[0].label_text.empty());
    // With messages: they come back, and a bad one is refused naming the field.
    const TraceFileResult with = read_trace_file(trace_to_json(t).dump());
    QVERIFY2(with.file, with.error.c_str());
    QCOMPARE(with.file->trace.steps[1].explanation_text.size(), t.steps[1].explanation_text.size());
    nlohmann::json bad = trace_to_json(t);
    bad["steps"][0]["label_text"]["id"] = "no.such.message";
    const TraceFileResult refused = read_trace_file(bad.dump());
    QVERIFY(!refused.file);
    QVERIFY2(refused.error.find("steps[0].label_text.id") != std::string::npos, refused.error.c_str());
    nlohmann::json short_args = trace_to_json(t);
    short_args["steps"][0]["label_text"]["args"] = nlohmann::json::array({4});
    const TraceFileResult refused2 = read_trace_file(short_args.dump());
    QVERIFY(!refused2.file);
    QVERIFY2(refused2.error.find("label_text.args must hold 3") != std::string::npos, refused2.error.c_str());
}

QTEST_APPLESS_MAIN(TestModelText)
#include "tst_model_text.moc"
