// SPDX-License-Identifier: GPL-3.0-or-later
// The trace views draw what the model says: divergent-warp markers, active lanes, bank-conflict
// counts, highlighted source lines, table rows. Geometry is read through StepLayout, not pixels.
#include "gui_test_main.h"

#include "model/catalogue.h"
#include "model/simulate.h"
#include "model/kernel_sources.h"
#include "views/step/counters_view.h"
#include "views/common/model_text.h"
#include "views/step/source_view.h"
#include "views/step/step_layout.h"
#include "views/step/step_table_model.h"
#include "views/step/step_view.h"
#include "views/step/step_words.h"

#include <QTextLayout>

#include <QTextBlock>
#include <QAbstractItemModelTester>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QTest>

#include <cmath>
#include <limits>

using namespace reducescope;

namespace {

std::vector<float> ones(int n) { return std::vector<float>(std::size_t(n), 1.0f); }
std::vector<float> iota(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = float(i % 10);
    return v;
}

// The trace, or null with the model's error in `why` (every strategy listed here is modelled: an
// error is a failure).
std::shared_ptr<const model::Trace> traceOrError(const QString& id, const std::vector<float>& input, model::Params p,
                                                 QString* why)
{
    try {
        return std::make_shared<const model::Trace>(model::simulate(id.toStdString(), input, p));
    } catch (const std::exception& e) {
        *why = QStringLiteral("%1: %2").arg(id, QString::fromUtf8(e.what()));
        return nullptr;
    }
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace

class TestViews : public QObject {
    Q_OBJECT
private slots:
    void expressionsDoNotWrap();
    void layoutMatchesModel_data();
    void layoutMatchesModel();
    void everyStepPaints_data();
    void everyStepPaints();
    void pmppArrows();
    void teachingWarpSizeLabelled();
    void barrierLabelFromStep_data();
    void barrierLabelFromStep();
    void paletteChangeSwitchesColours();
    void sourceViewHighlights();
    void tableModel();
    void countersShowStepAndTotals();
    void floatTextKeepsSpecialValues_data();
    void floatTextKeepsSpecialValues();
    void negativeZeroSumShown();
};

void TestViews::layoutMatchesModel_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("warpSize");
    QTest::addColumn<int>("blockSize");
    QTest::addRow("simple PMPP 8") << "simple" << 8 << 32 << 0;
    QTest::addRow("simple 1024 (exercise 1)") << "simple" << 1024 << 32 << 0;
    QTest::addRow("convergent 1024 (exercise 2)") << "convergent" << 1024 << 32 << 0;
    QTest::addRow("simple 64, warp 8") << "simple" << 64 << 8 << 0;
    QTest::addRow("convergent 64, warp 4") << "convergent" << 64 << 4 << 0;
    QTest::addRow("convergent_reversed 32") << "convergent_reversed" << 32 << 8 << 0;
    QTest::addRow("interleaved_strided 64") << "interleaved_strided" << 64 << 32 << 0;
    QTest::addRow("interleaved_strided 1024") << "interleaved_strided" << 1024 << 32 << 0;
    QTest::addRow("shared 100 (padding)") << "shared" << 100 << 8 << 0;
    QTest::addRow("segmented 300") << "segmented" << 300 << 32 << 64;
    QTest::addRow("coarsened 256") << "coarsened" << 256 << 8 << 16;
    QTest::addRow("warp_shuffle 64") << "warp_shuffle" << 64 << 8 << 32;
    QTest::addRow("block_reduce 256") << "block_reduce" << 256 << 8 << 64;
    QTest::addRow("atomic_naive 16") << "atomic_naive" << 16 << 4 << 8;
}

void TestViews::layoutMatchesModel()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, warpSize);
    QFETCH(int, blockSize);
    model::Params p;
    p.warp_size = warpSize;
    p.block_size = blockSize;
    QString why;
    const auto trace = traceOrError(strategy, iota(n), p, &why);
    QVERIFY2(trace, qPrintable(why));
    QFont font;
    font.setPixelSize(14);
    for (int k = 0; k < int(trace->steps.size()); ++k) {
        const model::Step& s = trace->steps[std::size_t(k)];
        const views::StepLayout l = views::layoutStep(*trace, k, 1280, font);
        QCOMPARE(l.cells.size(), qsizetype(s.values.size()));
        QCOMPARE(l.activeLaneCount(), s.counters.active_lanes);
        QCOMPARE(l.divergentWarpCount(), s.counters.divergent_warps);
        // Each warp box carries its record's numbers, and the label says so.
        for (const views::StepLayout::Warp& w : l.warps) {
            auto rec = std::find_if(s.warps.begin(), s.warps.end(),
                                    [&](const model::WarpRecord& r) { return r.block == w.block && r.warp == w.warp; });
            QVERIFY2(rec != s.warps.end(), qPrintable(QStringLiteral("step %1: warp %2/%3 drawn but not in the trace").arg(k).arg(w.block).arg(w.warp)));
            QCOMPARE(w.divergent, rec->divergent);
            QCOMPARE(w.activeLanes, int(rec->active_lanes.size()));
            if (w.divergent)
                QCOMPARE(w.caption, QStringLiteral("divergent: %1/%2 active").arg(rec->active_lanes.size()).arg(rec->live_lanes));
            QCOMPARE(w.idle, rec->live_lanes > 0 && rec->active_lanes.empty());
        }
        if (s.shared_accesses.empty()) {
            QVERIFY(l.banks.isEmpty());
        } else {
            QCOMPARE(l.banks.size(), trace->params.banks);
            QCOMPARE(l.bankWays, s.max_conflict_ways);
            QCOMPARE(l.maxBankWays(), s.max_conflict_ways);
        }
        QCOMPARE(l.atomics.size() + l.atomicsHidden, qsizetype(s.atomics.size()));
        QCOMPARE(l.barrierRect.isEmpty(), s.counters.barriers == 0 && !s.warp_barrier);
    }
}

void TestViews::everyStepPaints_data()
{
    QTest::addColumn<QString>("strategy");
    for (const model::StrategyInfo& s : model::catalogue())  // every strategy with a step model
        if (s.has_model)
            QTest::addRow("%s", s.id.data()) << QString::fromLatin1(s.id.data(), qsizetype(s.id.size()));
}

void TestViews::everyStepPaints()
{
    QFETCH(QString, strategy);
    model::Params p;
    p.warp_size = 8;
    QString why;
    const auto trace = traceOrError(strategy, iota(100), p, &why);
    QVERIFY2(trace, qPrintable(why));
    views::StepView view;
    view.setTrace(trace);
    view.resize(1000, 600);
    for (int k = 0; k < int(trace->steps.size()); ++k) {
        view.setStep(k);
        QCOMPARE(view.step(), k);
        view.resize(1000, view.heightForWidth(1000));
        QImage image(view.size(), QImage::Format_ARGB32);
        view.render(&image);
        QVERIFY2(distinctColours(image) > 8, qPrintable(QStringLiteral("step %1 looks blank").arg(k)));
    }
}

void TestViews::pmppArrows()
{
    // PMPP exercise 6 on simple, first step: lanes 0..3 add cell 2i+1 into 2i.
    const auto trace = std::make_shared<const model::Trace>(model::simulate("simple", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1}));
    QFont font;
    const views::StepLayout l = views::layoutStep(*trace, 0, 1200, font);
    QCOMPARE(l.arrows.size(), 4);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(l.arrows[i].from, 2 * i + 1);
        QCOMPARE(l.arrows[i].to, 2 * i);
        QVERIFY(l.cells[2 * i].written);
        QVERIFY(!l.cells[2 * i + 1].written);
    }
    QCOMPARE(l.cells[0].value, 8.0f);
    QVERIFY(l.cells[0].hasBefore);
    QCOMPARE(l.cells[0].before, 6.0f);
}

void TestViews::teachingWarpSizeLabelled()
{
    model::Params p;
    p.warp_size = 8;
    const auto trace = std::make_shared<const model::Trace>(model::simulate("convergent", ones(64), p));
    const views::StepLayout l = views::layoutStep(*trace, 0, 1200, QFont());
    QVERIFY(l.teachingNote.contains(QStringLiteral("teaching aid: real GPUs use 32")));
    const auto real = std::make_shared<const model::Trace>(model::simulate("convergent", ones(64)));
    QVERIFY(views::layoutStep(*real, 0, 1200, QFont()).teachingNote.isEmpty());
    // An own kernel's note (input no thread read) is boxed at every step, after the teaching aid.
    model::Trace noted = model::simulate("convergent", ones(64), p);
    noted.notes.push_back({"unread_input", "", model::make_text("simt.note.unread_input", 32LL, 64LL, 32LL, 63LL, model::make_text("count.threads", 32LL), 1LL,
                                                                  32LL, 2LL, 32LL), 1, 1});
    for (int k : {0, int(noted.steps.size()) - 1}) {
        const QStringList lines = views::layoutStep(noted, k, 1200, QFont()).teachingNote.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].contains(QStringLiteral("teaching aid")));
        QVERIFY2(lines[1].startsWith(QStringLiteral("⚠ 32 of the 64 input values were never read")), qPrintable(lines[1]));
    }
}

void TestViews::barrierLabelFromStep_data()
{
    // grid_sync over 1..64, block 32 (reducescope-cli trace): steps 7, 13, 21 and 27 end in
    // __syncthreads(), step 15 is the grid.sync() before block 0 sums the partials.
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("step");       // 1-based, as on screen
    QTest::addColumn<bool>("flip");      // flip the step's grid_barrier: the label follows the data
    QTest::addColumn<QString>("label");
    const QString block = QStringLiteral("__syncthreads(): every thread of the block waits here");
    const QString grid = QStringLiteral("grid.sync(): every thread of the grid waits here");
    QTest::addRow("grid_sync warp partials") << "grid_sync" << 7 << false << block;
    QTest::addRow("grid_sync final warp") << "grid_sync" << 13 << false << block;
    QTest::addRow("grid_sync grid.sync") << "grid_sync" << 15 << false << grid;
    QTest::addRow("grid_sync second block reduce") << "grid_sync" << 21 << false << block;
    QTest::addRow("convergent tree") << "convergent" << 1 << false << block;
    QTest::addRow("convergent, grid_barrier set") << "convergent" << 1 << true << grid;
    QTest::addRow("grid_sync grid.sync, grid_barrier cleared") << "grid_sync" << 15 << true << block;
}

void TestViews::barrierLabelFromStep()
{
    QFETCH(QString, strategy);
    QFETCH(int, step);
    QFETCH(bool, flip);
    QFETCH(QString, label);
    std::vector<float> input(64);
    for (int i = 0; i < 64; ++i)
        input[std::size_t(i)] = float(i + 1);
    model::Params p;
    p.block_size = 32;
    model::Trace t = model::simulate(strategy.toStdString(), input, p);
    QVERIFY(step <= int(t.steps.size()));
    model::Step& s = t.steps[std::size_t(step - 1)];
    QVERIFY(s.counters.barriers > 0);
    if (flip)
        s.grid_barrier = !s.grid_barrier;
    const views::StepLayout l = views::layoutStep(t, step - 1, 1200, QFont());
    QVERIFY2(l.barrierLabel.startsWith(label), qPrintable(l.barrierLabel));
}

void TestViews::paletteChangeSwitchesColours()
{
    views::StepView view;
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    view.setPalette(dark);
    QVERIFY(view.colors().dark);
    QCOMPARE(view.colors().background, QColor(0x20, 0x20, 0x20));
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    view.setPalette(light);
    QVERIFY(!view.colors().dark);
}

void TestViews::sourceViewHighlights()
{
    const auto trace = model::simulate("convergent", ones(16));
    views::SourceView source;
    source.resize(800, 400);
    source.showFile(QString::fromStdString(trace.source_file));
    QVERIFY(source.toPlainText().startsWith(QString::fromUtf8(model::kernel_source(trace.source_file).substr(0, 20).data(), 20)));
    // The instrumented file (hooks and tags shown, quietly); the kernel as printed is
    // tst_presentation's sourceAsStudentReads.
    source.setInstrumentationShown(true);
    const auto& lines = trace.steps[1].source_lines;
    QVERIFY(!lines.empty());
    source.highlightLines(QVector<int>(lines.begin(), lines.end()));
    QCOMPARE(source.highlightedLines(), QVector<int>(lines.begin(), lines.end()));
    // The step's lines carry full-width bands; recording hooks and step tags are drawn quietly.
    QVector<int> banded;
    int quietProbeLines = 0;
    for (const auto& sel : source.extraSelections()) {
        if (sel.format.property(QTextFormat::FullWidthSelection).toBool())
            banded.push_back(sel.cursor.block().blockNumber() + 1);
        else if (sel.format.hasProperty(QTextFormat::ForegroundBrush)
                 && sel.cursor.block().text().trimmed().startsWith(QLatin1String("probe.record")))
            ++quietProbeLines;
    }
    QCOMPARE(banded, QVector<int>(lines.begin(), lines.end()));
    QVERIFY(quietProbeLines > 0);
    QCOMPARE(source.textCursor().blockNumber() + 1, lines.front());
    source.showFile(QStringLiteral("no_such_file.cu"));
    QVERIFY(source.toPlainText().contains(QStringLiteral("not embedded")));
}

void TestViews::tableModel()
{
    views::StepTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto trace = std::make_shared<const model::Trace>(model::simulate("simple", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1}));
    model.setTrace(trace);
    QCOMPARE(model.rowCount(), int(trace->steps.size()));
    QCOMPARE(model.index(0, views::StepTableModel::Values).data().toString(), QStringLiteral("8, 2, 11, 4, 13, 8, 4, 1"));
    QCOMPARE(model.index(1, views::StepTableModel::DivergentWarps).data().toInt(), trace->steps[1].counters.divergent_warps);
    model.setTrace(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestViews::countersShowStepAndTotals()
{
    const auto a = std::make_shared<const model::Trace>(model::simulate("simple", ones(1024)));
    const auto b = std::make_shared<const model::Trace>(model::simulate("convergent", ones(1024)));
    views::CountersView view;
    const model::StepCounters run = model::running_totals(*a, 4);
    int sum = 0;
    for (int k = 0; k <= 4; ++k)
        sum += a->steps[std::size_t(k)].counters.divergent_warps;
    QCOMPARE(run.divergent_warps, sum);
    view.setTraces({a, 4, run});
    const QString text = view.plainText();
    QVERIFY(text.contains(QString::fromStdString(a->steps[4].label)));
    QVERIFY(text.contains(QStringLiteral("divergent warps")));
    QVERIFY(text.contains(QString::number(a->totals.divergent_warp_steps)));
    // The "steps 1–5" column shows the sums it was given, not sums of its own.
    model::StepCounters marked = run;
    marked.divergent_warps = 987654;
    view.setTraces({a, 4, marked});
    QVERIFY(view.plainText().contains(QStringLiteral("987654")));
    view.setTraces({a, 4, run}, {b, 4, model::running_totals(*b, 4)});
    const QString both = view.plainText();
    QVERIFY(both.contains(QStringLiteral("simple")));
    QVERIFY(both.contains(QStringLiteral("convergent")));
    QVERIFY(both.count(QStringLiteral("step 5")) >= 2);  // one column head per strategy
    // The running total's head: "steps 1–5" at step 5, never "steps 1–1" at the first step.
    view.setTraces({a, 4, run});
    QVERIFY(view.plainText().contains(QStringLiteral("steps 1–5")));
    view.setTraces({a, 0, model::running_totals(*a, 0)});
    QVERIFY(view.plainText().contains(QStringLiteral("so far (step 1)")));
    QVERIFY(!view.plainText().contains(QStringLiteral("steps 1–1")));
    // An own kernel's note (input left unread) under the result line, its sentence from its text.
    model::Trace noted = *a;
    noted.notes.push_back({"unread_input", "", model::make_text("simt.note.unread_input", 512LL, 1024LL, 512LL, 1023LL, model::make_text("count.threads", 512LL),
                                                                  1LL, 512LL, 2LL, 512LL), 1, 1});
    view.setTraces({std::make_shared<const model::Trace>(noted), 4, run});
    QVERIFY2(view.plainText().contains(QStringLiteral("512 of the 1024 input values were never read (first input[512], last "
                                                      "input[1023]): the launch's 512 threads (grid 1 × block 512")),
             qPrintable(view.plainText()));
}

void TestViews::floatTextKeepsSpecialValues_data()
{
    QTest::addColumn<float>("value");
    QTest::addColumn<int>("digits");
    QTest::addColumn<QString>("text");
    QTest::addRow("+0") << 0.0f << 5 << QStringLiteral("0");
    QTest::addRow("-0 keeps its sign") << -0.0f << 5 << QStringLiteral("-0");
    QTest::addRow("-0, 6 digits") << -0.0f << 6 << QStringLiteral("-0");
    QTest::addRow("36") << 36.0f << 5 << QStringLiteral("36");
    QTest::addRow("-1.5") << -1.5f << 5 << QStringLiteral("-1.5");
    // An integer keeps all its digits whatever the significant digits (issue 24: no 2.09818e+06).
    QTest::addRow("integer, 5 significant digits") << 123456.0f << 5 << QStringLiteral("123456");
    QTest::addRow("two-pass partial") << 2098176.0f << 5 << QStringLiteral("2098176");
    QTest::addRow("not an integer, 5 significant digits") << 1234.5678f << 5 << QStringLiteral("1234.6");
    QTest::addRow("6 significant digits") << 123456.0f << 6 << QStringLiteral("123456");
    QTest::addRow("smallest subnormal") << std::numeric_limits<float>::denorm_min() << 5 << QStringLiteral("1.4013e-45");
    QTest::addRow("NaN") << std::numeric_limits<float>::quiet_NaN() << 5 << QStringLiteral("NaN");
    QTest::addRow("+inf") << std::numeric_limits<float>::infinity() << 5 << QStringLiteral("∞");
    QTest::addRow("-inf") << -std::numeric_limits<float>::infinity() << 5 << QStringLiteral("−∞");
}

void TestViews::floatTextKeepsSpecialValues()
{
    QFETCH(float, value);
    QFETCH(int, digits);
    QFETCH(QString, text);
    QCOMPARE(views::floatText(value, digits), text);
}

void TestViews::negativeZeroSumShown()
{
    // -0 + -0 = -0 under round-to-nearest (IEEE 754-2019 §6.3), as on the GPU: the model keeps the
    // sign, and the step view, the table and the output line must show it, not "0".
    const auto trace = std::make_shared<const model::Trace>(model::simulate("simple", std::vector<float>{-0.0f, -0.0f}));
    QVERIFY(std::signbit(trace->result));
    const int last = int(trace->steps.size()) - 1;
    const views::StepLayout l = views::layoutStep(*trace, last, 1200, QFont());
    QVERIFY(std::signbit(l.cells[0].value));
    views::StepTableModel table;
    table.setTrace(trace);
    QCOMPARE(table.index(0, views::StepTableModel::Values).data().toString(), QStringLiteral("-0, -0"));
}

// A label wraps between words, never inside an expression ("input[i +" / "1]" on two lines).
void TestViews::expressionsDoNotWrap()
{
    const QChar nb(0x00A0);
    QCOMPARE(views::keepExpressionsWhole(QStringLiteral("stride 1: tid % 2 == 0 adds input[i + 1]")),
             QStringLiteral("stride 1: tid") + nb + '%' + nb + '2' + nb + QStringLiteral("==") + nb + QStringLiteral("0 adds input[i") + nb + '+' + nb + QStringLiteral("1]"));
    // Prose in parentheses still wraps.
    QCOMPARE(views::keepExpressionsWhole(QStringLiteral("(the model orders them by block)")), QStringLiteral("(the model orders them by block)"));
    // The whole label in a narrow box: no line ends inside the brackets.
    QFont f;
    f.setPixelSize(22);
    const QString label = views::keepExpressionsWhole(QStringLiteral("stride 4: index = 8*tid < 1024 adds sdata[index + 4]"));
    QTextLayout layout(label, f);
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(180);
        lines << label.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    QVERIFY(lines.size() >= 2);
    for (const QString& l : lines)
        QVERIFY2(l.count('[') == l.count(']'), qPrintable(lines.join(" | ")));
}

REDUCESCOPE_GUI_TEST_MAIN(TestViews)
#include "tst_views.moc"
