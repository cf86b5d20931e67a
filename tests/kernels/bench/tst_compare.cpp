// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing two results files (kernels/bench/compare.h): the rule's verdicts from both
// files' noise (the recorded `noise`, else the min-max spread), cells in one file only, failed
// runs not compared, and `reducescope-cli compare` printing the same verdicts.
#include "bench/compare.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace reducescope::bench;
using nlohmann::json;

namespace {

json fixture()
{
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open the fixture");
    return json::parse(f.readAll().toStdString());
}

/// Sets result i's time (median, spread ±s around it) and optionally its recorded noise, with a
/// bandwidth that agrees with the time.
void setTime(json& j, int i, double median, double spread, std::optional<double> noise)
{
    json& r = j["results"][i];
    r["time_ms"] = {{"median", median}, {"min", median * (1 - spread)}, {"max", median * (1 + spread)}};
    if (!r["bandwidth_gbs"].is_null())
        r["bandwidth_gbs"] = r["bytes_read"].get<double>() / (median * 1e6);
    // What else the file derives from the time would now be stale, which the reader refuses
    // (results_checks.h): left out, as a file without those figures has them.
    for (const char* key : {"pct_peak", "pct_ceiling", "ceiling_ratio", "speedup_vs_cpu", "speedup_vs_cub"})
        if (r.contains(key))
            r[key] = nullptr;
    if (noise)
        r["noise"] = *noise;
}

} // namespace

class TstCompare : public QObject {
    Q_OBJECT
private slots:
    void verdicts_data();
    void verdicts();
    void cellsInOneFileAndFailedRuns();
    void cliPrintsTheSameVerdicts();
    void noiseFactor_data();
    void noiseFactor();
    void notes_data();
    void notes();
    void readerMessages_data();
    void readerMessages();
    void failedRunMessage_data();
    void failedRunMessage();
};

void TstCompare::verdicts_data()
{
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("noiseA");  // recorded noise; < 0: none (the spread 1 % is used)
    QTest::addColumn<double>("noiseB");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<double>("limit");
    // k = 1: limit = max(noise A + noise B, 2 %).
    QTest::addRow("5 %% faster, noise 1 %% + 1 %%") << 0.1 << 0.095 << 0.01 << 0.01 << "FAST" << 0.02;
    QTest::addRow("5 %% slower, noise 1 %% + 1 %%") << 0.1 << 0.105 << 0.01 << 0.01 << "SLOW" << 0.02;
    QTest::addRow("5 %% slower, noise 3 %% + 3 %%") << 0.1 << 0.105 << 0.03 << 0.03 << "SAME" << 0.06;
    QTest::addRow("1.5 %% faster within 2 %%") << 0.1 << 0.0985 << 0.01 << 0.01 << "SAME" << 0.02;
    QTest::addRow("equal times") << 0.1 << 0.1 << 0.0 << 0.0 << "SAME" << 0.02;
    // A/A pairs measured on the H200: 1.66 % apart with MADs 0.08 % and 0.06 % (self_reset).
    QTest::addRow("run-to-run 1.66 %% within the 2 %% floor") << 2.323e-3 << 2.285e-3 << 0.0008 << 0.0006 << "SAME" << 0.02;
    QTest::addRow("2.5 %% beyond the floor, low noise") << 0.1 << 0.1025 << 0.0005 << 0.0005 << "SLOW" << 0.02;
    QTest::addRow("no recorded noise: the spread") << 0.1 << 0.103 << -1.0 << -1.0 << "SLOW" << 0.02;
    QTest::addRow("recorded on one side only") << 0.1 << 0.097 << 0.005 << -1.0 << "FAST" << 0.02;
}

void TstCompare::verdicts()
{
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(double, noiseA);
    QFETCH(double, noiseB);
    QFETCH(QString, verdict);
    QFETCH(double, limit);
    json ja = fixture(), jb = fixture();
    setTime(ja, 0, a, 0.01, noiseA >= 0 ? std::optional<double>(noiseA) : std::nullopt);
    setTime(jb, 0, b, 0.01, noiseB >= 0 ? std::optional<double>(noiseB) : std::nullopt);
    const auto rows = compare_results(read_results(ja.dump()), read_results(jb.dump()));
    QCOMPARE(int(rows.size()), int(ja["results"].size()));
    const CompareRow& r = rows[0];
    QCOMPARE(QString::fromStdString(r.cell), QStringLiteral("simple n=1048576 block=256 C=4 graph hot"));
    QCOMPARE(QString::fromUtf8(verdict_name(r.verdict).data()), verdict);
    QVERIFY(r.limit);
    QVERIFY2(std::fabs(*r.limit - limit) < 1e-12, qPrintable(QString::number(*r.limit)));
    QVERIFY(std::fabs(*r.change - (b - a) / a) < 1e-12);
    QCOMPARE(r.a_source, noiseA >= 0 ? NoiseSource::Recorded : NoiseSource::Spread);
    // The other cells are the same file on both sides: SAME (or not compared when not ok).
    for (std::size_t i = 1; i < rows.size(); ++i)
        QVERIFY(rows[i].verdict == Verdict::Same || rows[i].verdict == Verdict::NotCompared);
}

void TstCompare::cellsInOneFileAndFailedRuns()
{
    json ja = fixture(), jb = fixture();
    ja["results"][0]["block_size"] = 512;  // a cell only A has, and B's block-256 cell only in B
    const ResultsFile fa = read_results(ja.dump());
    const ResultsFile fb = read_results(jb.dump());
    const auto rows = compare_results(fa, fb);
    QCOMPARE(rows[0].verdict, Verdict::OnlyInA);
    QCOMPARE(rows.back().verdict, Verdict::OnlyInB);
    QCOMPARE(QString::fromStdString(rows.back().cell), QStringLiteral("simple n=1048576 block=256 C=4 graph hot"));
    int notCompared = 0;
    for (const CompareRow& r : rows)
        if (r.verdict == Verdict::NotCompared) {
            ++notCompared;
            QVERIFY(QString::fromStdString(r.why).startsWith(QStringLiteral("A: ")));
        }
    int notOk = 0;
    for (const Result& r : fa.results)
        notOk += r.status != Status::Ok && r.block_size != 512;
    QCOMPARE(notCompared, notOk);
}

void TstCompare::cliPrintsTheSameVerdicts()
{
    QTemporaryDir dir;
    json ja = fixture(), jb = fixture();
    setTime(jb, 0, ja["results"][0]["time_ms"]["median"].get<double>() * 1.5, 0.01, 0.01);
    const QString a = dir.filePath(QStringLiteral("a.json")), b = dir.filePath(QStringLiteral("b.json"));
    for (const auto& [path, j] : {std::pair{a, ja}, std::pair{b, jb}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(j.dump()));
    }
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, b});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const auto rows = compare_results(read_results(ja.dump()), read_results(jb.dump()));
    QVERIFY2(out.contains(QString::fromStdString(compare_text(rows))), qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("simple n=1048576 block=256 C=4 .*\\+50\\.00% .* SLOW\\n"))),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("0 FAST, 1 SLOW, ")), qPrintable(out));
    // Notes (breaker pass, 2026-12-01): the same file twice, a file without results, another GPU;
    // "1 cell" in the singular.
    QProcess same;
    same.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, a});
    QVERIFY(same.waitForFinished(30000));
    QVERIFY(QString::fromUtf8(same.readAllStandardOutput()).contains(QStringLiteral("note: A and B are the same file\n")));
    json one = ja, other = ja;
    one["results"] = json::array({ja["results"][0]});
    other["results"] = json::array();
    other["device"]["name"] = "NVIDIA A100";
    const QString c = dir.filePath(QStringLiteral("c.json")), d = dir.filePath(QStringLiteral("d.json"));
    for (const auto& [path, j] : {std::pair{c, one}, std::pair{d, other}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(j.dump()));
    }
    QProcess notes;
    notes.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), c, d});
    QVERIFY(notes.waitForFinished(30000));
    QCOMPARE(notes.exitCode(), 0);
    const QString text = QString::fromUtf8(notes.readAllStandardOutput());
    QVERIFY2(text.contains(QStringLiteral("note: B holds no results: nothing to compare\n")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("note: A ran on NVIDIA H200 (fixture), B on NVIDIA A100: the verdicts compare two GPUs")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral(" of 1 cell\n")), qPrintable(text));
    // stdout that cannot be written: exit 74 (the CLI's output error), not 1.
    QProcess full;
    full.setStandardOutputFile(QStringLiteral("/dev/full"));
    full.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, b});
    QVERIFY(full.waitForFinished(30000));
    QCOMPARE(full.exitCode(), 74);
    // A bad file: exit 2, one line naming the field.
    QProcess bad;
    bad.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, QStringLiteral("/nonexistent.json")});
    QVERIFY(bad.waitForFinished(30000));
    QCOMPARE(bad.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(bad.readAllStandardError()).trimmed(),
             QStringLiteral("reducescope-cli: compare: /nonexistent.json: cannot open (No such file or directory; A and B: a "
                            "results file path, .json)"));
    QProcess k;
    k.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, b, QStringLiteral("--noise-factor"), QStringLiteral("x")});
    QVERIFY(k.waitForFinished(30000));
    QCOMPARE(k.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(k.readAllStandardError()).trimmed(),
             QStringLiteral("reducescope-cli: --noise-factor: expected a number in 0..100, got x; --noise-factor: k of the rule: a change is FAST or SLOW beyond k x (noise A + noise B) (0..100, default 1) (see --help)"));
    // -0 is refused too (it printed "-0.00·(noise A + noise B)"; breaker pass 2026-12-01).
    QProcess minusZero;
    minusZero.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, b, QStringLiteral("--noise-factor"), QStringLiteral("-0")});
    QVERIFY(minusZero.waitForFinished(30000));
    QCOMPARE(minusZero.exitCode(), 2);
    QVERIFY(QString::fromUtf8(minusZero.readAllStandardError()).contains(QStringLiteral("expected a number in 0..100, got -0")));
}

// --noise-factor: a decimal in 0..100. One too small for a double is rounded as any decimal is, to 0
// (it was once refused as "underflow"), as an input value below the smallest
// float becomes 0; -0 (also -1e-400, which rounds to it), one too large, inf and nan are out of the
// compare's reader says what is wrong with a file as every reader does: "compare: PATH: " and then
// the field or the line, or why the file cannot be read (docs/reliability.md).
void TstCompare::readerMessages_data()
{
    QTest::addColumn<QByteArray>("content");  // null: no file; "dir": a folder
    QTest::addColumn<QString>("after");        // the message after "reducescope-cli: compare: PATH: "
    QTest::addRow("not JSON") << QByteArray("{\"format\": ")
                              << "not JSON: line 1, column 12: unexpected end of input; expected '[', '{', or a literal";
    QTest::addRow("a field") << QByteArray(R"({"format": "x"})") << "schema: missing: not a ReduceScope results file";
    QTest::addRow("no such file") << QByteArray() << "cannot open (No such file or directory; A and B: a results file path, .json)";
    QTest::addRow("a folder") << QByteArray("dir") << "not a regular file (A and B: a results file path, .json)";
}

void TstCompare::readerMessages()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, after);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    if (content == "dir") {
        QVERIFY(QDir().mkdir(path));
    } else if (!content.isNull()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"), path});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(err.startsWith(QStringLiteral("reducescope-cli: compare: ") + path + QStringLiteral(": ") + after), qPrintable(err));
}

// range, named in the message.
void TstCompare::noiseFactor_data()
{
    QTest::addColumn<QString>("k");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");  // in stdout (exit 0) or stderr (exit 2)
    QTest::addRow("1e-400: 0") << "1e-400" << 0 << "0.00·(noise A + noise B)";
    QTest::addRow("4.9e-324: the smallest double") << "4.9e-324" << 0 << "0.00·(noise A + noise B)";
    QTest::addRow("100") << "100" << 0 << "100.00·(noise A + noise B)";
    QTest::addRow("2.5e0") << "2.5e0" << 0 << "2.50·(noise A + noise B)";
    QTest::addRow("-1e-400: -0") << "-1e-400" << 2 << "expected a number in 0..100, got -1e-400";
    QTest::addRow("1e400") << "1e400" << 2 << "expected a number in 0..100, got 1e400";
    QTest::addRow("100.001") << "100.001" << 2 << "expected a number in 0..100, got 100.001";
    QTest::addRow("inf") << "inf" << 2 << "expected a number in 0..100, got inf";
    QTest::addRow("nan") << "nan" << 2 << "expected a number in 0..100, got nan";
    QTest::addRow("1e") << "1e" << 2 << "expected a number in 0..100, got 1e";
}

void TstCompare::noiseFactor()
{
    QFETCH(QString, k);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.json"));
    {
        QFile f(a);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(fixture().dump()));
    }
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, a, QStringLiteral("--noise-factor"), k});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), exitCode);
    const QString out = QString::fromUtf8(exitCode == 0 ? p.readAllStandardOutput() : p.readAllStandardError());
    QVERIFY2(out.contains(expected), qPrintable(out));
    if (exitCode != 0)
        QCOMPARE(out.count(QLatin1Char('\n')), 1);
}

// The notes as data (the pane words the same notes the CLI prints) and the CLI's lines,
// pinned word for word: "note: " + compare_note_text, in compare_note_list's order.
void TstCompare::notes_data()
{
    QTest::addColumn<QString>("edit");      // how B (and A) differ from the fixture
    QTest::addColumn<bool>("sameFile");     // B is A's path
    QTest::addColumn<QStringList>("kinds");  // the notes' kinds, in order
    QTest::addColumn<QStringList>("lines");  // the CLI's note lines
    const QString twoGpus = QStringLiteral("note: A ran on NVIDIA H200 (fixture), B on NVIDIA A100: the verdicts compare "
                                           "two GPUs, not two versions of the code");
    QTest::addRow("none") << "" << false << QStringList{} << QStringList{};
    QTest::addRow("same file") << "" << true << QStringList{"SameFile"}
                               << QStringList{"note: A and B are the same file"};
    QTest::addRow("B empty") << "b-empty" << false << QStringList{"NoResults B"}
                             << QStringList{"note: B holds no results: nothing to compare"};
    QTest::addRow("A empty") << "a-empty" << false << QStringList{"NoResults A"}
                             << QStringList{"note: A holds no results: nothing to compare"};
    QTest::addRow("loop against graph") << "b-loop" << false << QStringList{"NoCommonCell graph loop"}
        << QStringList{"note: no cell is in both files (a cell is strategy, operation, n, block size, coarse factor, mode "
                       "and cache; A: graph, B: loop)"};
    QTest::addRow("two GPUs") << "b-a100" << false << QStringList{"TwoGpus"} << QStringList{twoGpus};
    QTest::addRow("B empty on another GPU") << "b-empty-a100" << false << QStringList{"NoResults B", "TwoGpus"}
        << QStringList{"note: B holds no results: nothing to compare", twoGpus};
}

void TstCompare::notes()
{
    QFETCH(QString, edit);
    QFETCH(bool, sameFile);
    QFETCH(QStringList, kinds);
    QFETCH(QStringList, lines);
    json ja = fixture(), jb = fixture();
    if (edit.startsWith(QLatin1String("b-empty")))
        jb["results"] = json::array();
    if (edit == QLatin1String("a-empty"))
        ja["results"] = json::array();
    if (edit.endsWith(QLatin1String("a100")))
        jb["device"]["name"] = "NVIDIA A100";
    if (edit == QLatin1String("b-loop")) {
        jb["params"]["mode"] = "loop";
        for (json& r : jb["results"])
            r["mode"] = "loop";
    }
    const ResultsFile fa = read_results(ja.dump()), fb = read_results(jb.dump());
    const auto rows = compare_results(fa, fb);
    const auto notes = compare_note_list(fa, fb, rows, sameFile);
    QStringList got;
    for (const CompareNote& n : notes) {
        switch (n.kind) {
        case CompareNoteKind::SameFile: got << QStringLiteral("SameFile"); break;
        case CompareNoteKind::NoResults: got << QStringLiteral("NoResults %1").arg(QLatin1Char(n.side)); break;
        case CompareNoteKind::NoCommonCell:
            got << QStringLiteral("NoCommonCell %1 %2").arg(QString::fromStdString(n.a_mode), QString::fromStdString(n.b_mode));
            break;
        case CompareNoteKind::TwoGpus:
            QCOMPARE(QString::fromStdString(n.a_device), QStringLiteral("NVIDIA H200 (fixture)"));
            QCOMPARE(QString::fromStdString(n.b_device), QStringLiteral("NVIDIA A100"));
            got << QStringLiteral("TwoGpus");
            break;
        }
    }
    QCOMPARE(got, kinds);
    // compare_notes (no paths, so never the same-file note) words the others alike.
    const auto worded = compare_notes(fa, fb, rows);
    QCOMPARE(int(worded.size()), int(notes.size()) - (sameFile ? 1 : 0));

    // The CLI prints exactly these note lines, between the A:/B: lines and the rule.
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.json")), b = sameFile ? a : dir.filePath(QStringLiteral("b.json"));
    for (const auto& [path, j] : {std::pair{a, ja}, std::pair{b, jb}}) {
        if (sameFile && &j == &jb)
            continue;
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(j.dump()));
    }
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {QStringLiteral("compare"), a, b});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QStringList out = QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'));
    QVERIFY(out.size() > 3);
    QVERIFY(out[0].startsWith(QStringLiteral("A: ") + a + QStringLiteral(" (NVIDIA H200 (fixture), ")));
    QVERIFY(out[1].startsWith(QStringLiteral("B: ") + b));
    QCOMPARE(out.mid(2, int(lines.size())), lines);
    QVERIFY2(out[2 + int(lines.size())].startsWith(QStringLiteral("Rule (after nvbench's compare script)")), qPrintable(out.join('|')));
}

// A cell not compared because a run is not ok: which file, the status and the run's own message.
void TstCompare::failedRunMessage_data()
{
    QTest::addColumn<int>("index");        // the fixture's result
    QTest::addColumn<QString>("failIn");    // "A" or "B": the file whose run is not ok
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("message");
    QTest::addRow("A: wrong") << 7 << "A" << "wrong" << "result 157286.4 outside tolerance 1.1";
    QTest::addRow("A: skipped") << 8 << "A" << "skipped" << "cooperative launch unavailable";
    QTest::addRow("A: expected_wrong") << 6 << "A" << "expected_wrong" << "lost updates: plain += races (expected)";
    QTest::addRow("B: error") << 0 << "B" << "error" << "cudaErrorLaunchOutOfResources: too many resources requested";
}

void TstCompare::failedRunMessage()
{
    QFETCH(int, index);
    QFETCH(QString, failIn);
    QFETCH(QString, status);
    QFETCH(QString, message);
    json ja = fixture(), jb = fixture();
    if (failIn == QLatin1String("B")) {
        json& r = jb["results"][index];
        r["status"] = status.toStdString();
        r["message"] = message.toStdString();
        for (const char* k : {"time_ms", "result", "abs_error", "bandwidth_gbs", "pct_peak", "pct_ceiling", "speedup_vs_cpu",
                              "speedup_vs_cub"})
            r[k] = nullptr;
    }
    const auto rows = compare_results(read_results(ja.dump()), read_results(jb.dump()));
    const CompareRow& r = rows[std::size_t(index)];
    QCOMPARE(r.verdict, Verdict::NotCompared);
    QCOMPARE(QString(QLatin1Char(r.failed_side)), failIn);
    QCOMPARE(QString::fromUtf8(status_name(r.failed_status).data()), status);
    QCOMPARE(QString::fromStdString(r.failed_message), message);
    QCOMPARE(QString::fromStdString(r.why), failIn + QStringLiteral(": ") + status);
    // A cell that both files ran well has no failed side.
    QCOMPARE(rows[1].failed_side, '\0');
    QVERIFY(rows[1].failed_message.empty());
}

QTEST_APPLESS_MAIN(TstCompare)
#include "tst_compare.moc"
