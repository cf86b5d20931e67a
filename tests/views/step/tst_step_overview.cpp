// SPDX-License-Identifier: GPL-3.0-or-later
// The step view at the sizes where the lessons happen (issue 24): the overview of 256-4096 values
// is one 1920x1080 screen tall; its warp boxes carry the model's counts (simple at 1024 values,
// stride 64, against a hand count), in English and Chinese, with the title on one line and the
// atomics on one row; the bank strip names every bank b0..b31 and word; numbers are exact integers
// where they fit (in a smaller font if need be), compact (exact on hover) where they do not, never
// clipped.
#include "gui_test_main.h"
#include "app/common/language.h"
#include "model/simulate.h"
#include "views/common/model_text.h"
#include "model/predict.h"
#include "views/step/predict_text.h"
#include "views/step/step_layout.h"
#include "views/step/step_table_model.h"
#include "views/step/step_view.h"

#include <QFontMetricsF>
#include <QImage>
#include <QTest>

using namespace reducescope;

namespace {

std::vector<float> iota1(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = float(i + 1);
    return v;
}

std::shared_ptr<const model::Trace> trace(const char* id, int n, int block = 0, int warp = 32)
{
    model::Params p;
    p.block_size = block;
    p.warp_size = warp;
    return std::make_shared<const model::Trace>(model::simulate(id, iota1(n), p));
}

int stepWithStride(const model::Trace& t, int stride)
{
    for (int k = 0; k < int(t.steps.size()); ++k)
        if (t.steps[std::size_t(k)].stride == stride)
            return k;
    return -1;
}

const QSize kProjector(1920, 1080);

using CellTexts = QMap<int, QString>;

QFont bodyFont()
{
    QFont f;
    f.setPixelSize(14);
    return f;
}

} // namespace

class TestStepOverview : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { app::setLanguage(QStringLiteral("en")); }
    void oneScreenAt4096_data();
    void oneScreenAt4096();
    void warpCountsSimple1024Stride64();
    void expandedWarpShowsItsLanes();
    void bankStripLabelsEveryBank();
    void numbersExactOrCompactNeverClipped();
    void tableShowsExactIntegers();
    void verdictsSummarised();
    void warpRowOnly();
    void wasTextIsRight_data();
    void wasTextIsRight();
};

void TestStepOverview::oneScreenAt4096_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<bool>("present");
    QTest::addColumn<QString>("language");
    for (const char* lang : {"en", "zh_CN"})
        for (const bool present : {false, true})
            for (const char* id : {"simple", "convergent", "shared", "interleaved_strided", "coarsened", "atomic_naive", "two_pass", "warp_shuffle"})
                QTest::addRow("%s, %s, %s", id, present ? "presentation" : "desktop", lang)
                    << QString::fromLatin1(id) << present << QString::fromLatin1(lang);
}

void TestStepOverview::oneScreenAt4096()
{
    // Every step of 4096 values, laid out 1920 px wide (the presentation text of a 1920x1080
    // projector or the desktop's), is at most 1080 px tall: the class sees the whole step.
    QFETCH(QString, strategy);
    QFETCH(bool, present);
    QFETCH(QString, language);
    QVERIFY(app::setLanguage(language));
    const auto t = trace(strategy.toLatin1().constData(), 4096);
    const views::LayoutOptions o = present ? views::presentationOptions(kProjector) : views::LayoutOptions{};
    for (int k = 0; k < int(t->steps.size()); ++k) {
        const views::StepLayout l = views::layoutStep(*t, k, kProjector.width(), bodyFont(), QString(), o);
        QVERIFY2(l.overview, qPrintable(QStringLiteral("step %1").arg(k + 1)));
        if (l.size.height() > kProjector.height() && !qEnvironmentVariableIsEmpty("REDUCESCOPE_SCREENSHOT_DIR")) {
            views::StepView view;  // what was too tall, for the one who fixes it
            view.setTrace(t);
            view.setStep(k);
            view.setPresentation(present, kProjector);
            view.resize(kProjector.width(), view.heightForWidth(kProjector.width()));
            QImage image(view.size(), QImage::Format_RGB32);
            view.render(&image);
            image.save(qEnvironmentVariable("REDUCESCOPE_SCREENSHOT_DIR")
                       + QStringLiteral("/too_tall_%1_%2_%3_step%4.png").arg(strategy).arg(present).arg(language).arg(k + 1));
        }
        QVERIFY2(l.size.height() <= kProjector.height(),
                 qPrintable(QStringLiteral("step %1: %2 px tall").arg(k + 1).arg(l.size.height())));
        // The title keeps to one line (the last step's "· result …" made it wrap) and is never set
        // below the label's size, which is above the presentation text size.
        const QFontMetricsF title(l.titleFont);
        QVERIFY2(l.titleRect.height() < 2 * title.lineSpacing(),
                 qPrintable(QStringLiteral("step %1: title on %2 px: %3").arg(k + 1).arg(l.titleRect.height()).arg(l.title)));
        QVERIFY(l.titleFont.pixelSize() >= l.labelFont.pixelSize());
        if (present)
            QVERIFY(l.titleFont.pixelSize() >= views::kPresentationTextPx);
        // The atomic chips take one row; what is not drawn is counted after them, inside the width.
        if (!l.atomics.isEmpty()) {
            for (const auto& chip : l.atomics)
                QCOMPARE(chip.rect.top(), l.atomics.front().rect.top());
            QCOMPARE(l.atomics.size() + l.atomicsHidden, qsizetype(t->steps[std::size_t(k)].atomics.size()));
            QCOMPARE(l.atomicsMore.isEmpty(), l.atomicsHidden == 0);
            if (l.atomicsHidden > 0)
                QVERIFY(l.atomicsMoreRect.right() <= kProjector.width() && l.atomicsMoreRect.top() == l.atomics.front().rect.top());
        }
        // Every warp of the step has its box, as in the model.
        QCOMPARE(l.warps.size(), qsizetype(t->steps[std::size_t(k)].warps.size()));
    }
}

void TestStepOverview::warpCountsSimple1024Stride64()
{
    // simple, 1024 values, block 512 = 16 warps of 32. Stride 64: thread t adds when t % 64 == 0,
    // so (by hand) warps 0, 2, ..., 14 have 1 active lane of 32 and diverge; 1, 3, ..., 15 none.
    const auto t = trace("simple", 1024, 512);
    const int k = stepWithStride(*t, 64);
    QVERIFY(k >= 0);
    for (const bool present : {false, true}) {
        const views::LayoutOptions o = present ? views::presentationOptions(kProjector) : views::LayoutOptions{};
        const views::StepLayout l = views::layoutStep(*t, k, kProjector.width(), bodyFont(), QString(), o);
        QVERIFY(l.overview);
        QCOMPARE(l.warps.size(), 16);
        for (int w = 0; w < 16; ++w) {
            const views::StepLayout::Warp& box = l.warps[w];
            QCOMPARE(box.warp, w);
            QCOMPARE(box.activeLanes, w % 2 == 0 ? 1 : 0);
            QCOMPARE(box.divergent, w % 2 == 0);
            QCOMPARE(box.idle, w % 2 == 1);
            QCOMPARE(box.count, w % 2 == 0 ? QStringLiteral("1/32") : QStringLiteral("0/32"));
            QCOMPARE(box.title, QString::number(w));
            QCOMPARE(l.warpAt(box.rect.center()), w);
        }
        QCOMPARE(l.divergentWarpCount(), 8);
        QCOMPARE(l.activeLaneCount(), 8);
        // Warp 2 (thread 64) reads cells 128 and 192 and writes 128; its tooltip says so.
        const QString tip = l.toolTipAt(l.warps[2].rect.center());
        QVERIFY2(tip.contains(QStringLiteral("threads 64–95")) && tip.contains(QStringLiteral("1/32 active"))
                     && tip.contains(QStringLiteral("reads elements 128–192")) && tip.contains(QStringLiteral("writes cell 128")),
                 qPrintable(tip));
        // 1024 values do not fit as numbers in one row: a strip coloured by value, with its scale.
        QVERIFY(l.valueStrip);
        QCOMPARE(l.stripRows.size(), 1);
        const std::vector<float>& v = t->steps[std::size_t(k)].values;
        QCOMPARE(l.stripLo, 2.0);  // cell 1 keeps input[1] = 2: odd cells are never written
        QCOMPARE(l.stripLo, double(*std::min_element(v.begin(), v.end())));
        QCOMPARE(l.stripHi, double(*std::max_element(v.begin(), v.end())));
        QCOMPARE(l.activeRegionRects.size(), 1);
    }
}

void TestStepOverview::expandedWarpShowsItsLanes()
{
    const auto t = trace("simple", 1024, 512);
    views::LayoutOptions o = views::presentationOptions(kProjector);
    o.expandedWarp = 3;
    const views::StepLayout l = views::layoutStep(*t, 2, kProjector.width(), bodyFont(), QString(), o);
    QCOMPARE(l.expandedWarp, 3);
    int drawn = 0;
    for (const views::StepLayout::Lane& lane : l.lanes) {
        QCOMPARE(!lane.rect.isNull(), lane.warpIndex == 3);
        if (!lane.rect.isNull()) {
            QCOMPARE(l.laneAt(lane.rect.center()), lane.thread);
            QVERIFY(lane.thread >= 96 && lane.thread < 128);
            ++drawn;
        }
    }
    QCOMPARE(drawn, 32);
    QVERIFY(l.showThreadNumbers);
    QVERIFY2(l.expandedCaption.contains(QStringLiteral("threads 96–127")), qPrintable(l.expandedCaption));
    QVERIFY(l.size.height() <= kProjector.height());
    // A small step has no overview: every lane drawn as before.
    const auto small = trace("simple", 8);
    const views::StepLayout s = views::layoutStep(*small, 0, kProjector.width(), bodyFont(), QString(), o);
    QVERIFY(!s.overview);
    for (const views::StepLayout::Lane& lane : s.lanes)
        QVERIFY(!lane.rect.isNull());
}

void TestStepOverview::bankStripLabelsEveryBank()
{
    // interleaved_strided, 2048 values, block 1024, stride 16: lane k reads word 32k, all in
    // bank 0 (a 32-way conflict, the bank lesson).
    const auto t = trace("interleaved_strided", 2048, 1024);
    const int k = stepWithStride(*t, 16);
    QVERIFY(k >= 0);
    for (const bool present : {false, true}) {
        const views::LayoutOptions o = present ? views::presentationOptions(kProjector) : views::LayoutOptions{};
        const views::StepLayout l = views::layoutStep(*t, k, kProjector.width(), bodyFont(), QString(), o);
        QCOMPARE(l.banks.size(), 32);
        QCOMPARE(l.maxBankWays(), 32);
        const QFontMetricsF fm(l.smallFont);
        for (int b = 0; b < 32; ++b) {
            QCOMPARE(l.banks[b].head, QStringLiteral("b%1").arg(b));  // every bank named, none skipped
            QVERIFY(fm.horizontalAdvance(l.banks[b].head) <= l.banks[b].rect.width());
        }
        const views::StepLayout::Bank& b0 = l.banks[0];
        QCOMPARE(b0.words.size(), 32);
        for (int i = 0; i < 32; ++i) {
            QCOMPARE(b0.words[i], 32 * i);
            QVERIFY(!b0.wordLabels[i].contains(QStringLiteral("w%1").arg(32 * i)));  // "word", never "w"
            QCOMPARE(b0.wordLabels[i], QStringLiteral("word %1 in bank 0: lane %2").arg(32 * i).arg(i));
            QCOMPARE(l.toolTipAt(b0.wordRects[i].center()), b0.wordLabels[i]);
        }
        // Desktop: every word's index drawn; presentation (22 px text): every k-th, the strip short.
        int labelled = 0;
        for (int i = 0; i < 32; ++i)
            if (!b0.wordTexts[i].isEmpty()) {
                QCOMPARE(b0.wordTexts[i], QString::number(32 * i));
                ++labelled;
            }
        if (!present)
            QCOMPARE(labelled, 32);
        else
            QVERIFY(labelled >= 8);
        // The 32-way column fits on one screen with room to spare.
        QVERIFY2(b0.rect.height() <= 0.6 * kProjector.height(), qPrintable(QString::number(b0.rect.height())));
        QCOMPARE(l.bankHeadLabel, QStringLiteral("bank"));
        QCOMPARE(l.bankWordLabel, QStringLiteral("word"));
    }
}

void TestStepOverview::numbersExactOrCompactNeverClipped()
{
    // two_pass on 4096 values: the second kernel reduces the per-block partial sums (hundreds of
    // thousands). Each cell's number is the exact integer where it fits, else a compact form that
    // fits (its exact value on hover); no number is wider than its cell.
    const auto t = trace("two_pass", 4096, 256);
    bool sawExact = false, sawCompact = false;
    for (const bool present : {false, true}) {
        for (const int width : {1280, 1920}) {
            const views::LayoutOptions o = present ? views::presentationOptions(kProjector) : views::LayoutOptions{};
            for (int k = 0; k < int(t->steps.size()); ++k) {
                const views::StepLayout l = views::layoutStep(*t, k, width, bodyFont(), QString(), o);
                if (!l.showValues)
                    continue;
                const QFontMetricsF fm(l.valueFont);
                for (const views::StepLayout::Cell& c : l.cells) {
                    QVERIFY(!c.text.isEmpty());
                    QVERIFY2(fm.horizontalAdvance(c.text) <= c.rect.width() - 4 + 0.01,
                             qPrintable(QStringLiteral("step %1 cell %2: '%3' in %4 px").arg(k + 1).arg(c.index).arg(c.text).arg(c.rect.width())));
                    const QString exact = views::floatText(c.value);
                    QVERIFY(!exact.contains(QLatin1Char('e')));  // integers: never 2.09818e+06
                    if (c.shortened) {
                        sawCompact = true;
                        QCOMPARE(c.text, views::compactText(double(c.value), int(c.text.size())));
                        QVERIFY(l.toolTipAt(c.rect.center()).contains(views::floatText(c.value, 9)));
                    } else {
                        sawExact = true;
                        QCOMPARE(c.text, exact);
                    }
                }
            }
        }
    }
    QVERIFY(sawExact);
    // A compact form only where no font down to the smallest text size holds the exact one: with
    // the font set smaller first, these partials may all be exact.
    Q_UNUSED(sawCompact);
    // two_pass's four per-block partials (its default block of 256, 4 blocks, a grid-stride loop
    // over 1024 threads) in presentation mode at 1920 px: exact integers (they were 1.7M, 2M,
    // 2.2M, 2.5M), at least the presentation text size. By hand: thread t adds t+1, t+1025,
    // t+2049, t+3073 = 4t + 6148; block b's threads 256b..256b+255 give 262144·b + 1704448.
    {
        const auto t4 = trace("two_pass", 4096);
        int k = -1;
        for (int i = 0; i < int(t4->steps.size()) && k < 0; ++i)
            if (t4->steps[std::size_t(i)].values.size() == 4)
                k = i;
        QVERIFY(k >= 0);
        const views::StepLayout p = views::layoutStep(*t4, k, kProjector.width(), bodyFont(), QString(),
                                                      views::presentationOptions(kProjector));
        QVERIFY(p.showValues);
        QCOMPARE(p.cells.size(), 4);
        for (int b = 0; b < 4; ++b) {
            QCOMPARE(p.cells[b].text, QString::number(262144LL * b + 1704448));
            QVERIFY(!p.cells[b].shortened);
        }
        QVERIFY(p.valueFont.pixelSize() >= views::kPresentationTextPx);
    }
    // The exact text of a cell on hover, at any size.
    const views::StepLayout l = views::layoutStep(*t, int(t->steps.size()) - 1, 1280, bodyFont());
    QCOMPARE(l.toolTipAt(l.cells[0].rect.center()).section(QLatin1Char(' '), 0, 2),
             QStringLiteral("cell 0: %1").arg(views::floatText(t->steps.back().values[0], 9)));
    QCOMPARE(views::floatText(t->steps.back().values[0], 9), QStringLiteral("8390656"));  // 4096·4097/2
}

void TestStepOverview::tableShowsExactIntegers()
{
    // The Table tab printed 2.09818e+06 for an exact partial sum.
    const auto t = trace("two_pass", 4096, 256);
    views::StepTableModel table;
    table.setTrace(t);
    bool any = false;
    for (int r = 0; r < table.rowCount(); ++r)
        for (int c = 0; c < table.columnCount(); ++c) {
            const QString text = table.data(table.index(r, c), Qt::DisplayRole).toString();
            QVERIFY2(!text.contains(QStringLiteral("e+")), qPrintable(text));
            any = any || text.contains(QStringLiteral("8390656"));
        }
    QVERIFY(any);
}

void TestStepOverview::verdictsSummarised()
{
    // Predict mode at 1024 values (simple, block 512: 16 warps): verdicts count, not list.
    const auto t = trace("simple", 1024, 512);
    const auto divergentQuestion = [&](int stride) {
        const int k = stepWithStride(*t, stride);
        const auto qs = model::questions_for(*t, k);
        return *std::find_if(qs.begin(), qs.end(), [](const model::Question& q) { return q.kind == model::QuestionKind::DivergentWarps; });
    };
    // Stride 2: all 16 warps diverge.
    const model::Question all = divergentQuestion(2);
    QCOMPARE(int(all.expected_set.size()), 16);
    QCOMPARE(views::gradeText(all, model::grade(all, {all.expected_set, {}}), *t), QStringLiteral("Right: all 16 warps diverge."));
    // Half of them clicked: the rest named as a run.
    const model::Grade half = model::grade(all, {{8, 9, 10, 11, 12, 13, 14, 15}, {}});
    QCOMPARE(views::gradeText(all, half, *t), QStringLiteral("Not quite (missed warps 0–7): all 16 warps diverge."));
    // Stride 64: the even warps, evenly spaced.
    const model::Question even = divergentQuestion(64);
    QCOMPARE(views::gradeText(even, model::grade(even, {even.expected_set, {}}), *t),
             QStringLiteral("Right: 8 warps: 0, 2, 4, …, 14 (2 apart) diverge."));
    const model::Grade extra = model::grade(even, {{0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14}, {}});
    QCOMPARE(views::gradeText(even, extra, *t).section(QLatin1Char(':'), 0, 1),
             QStringLiteral("Not quite (not among the right answers: warps 1, 3, 5 and 7)"));
    // The question names its kernel, and in compare mode which column it asks about.
    QCOMPARE(views::questionText(all, *t), QStringLiteral("Step 2 of simple: which warps diverge? Click them (no warp is an answer too)."));
    QCOMPARE(views::questionText(all, *t, QStringLiteral("convergent")),
             QStringLiteral("Step 2 of simple (the left column, not convergent): which warps diverge? Click them (no warp is an answer too)."));
}

void TestStepOverview::warpRowOnly()
{
    // "Warp row only": the warps of the bank lesson's step without the array and the bank strip.
    const auto t = trace("interleaved_strided", 2048, 1024);
    const int k = stepWithStride(*t, 16);
    views::LayoutOptions o = views::presentationOptions(kProjector);
    const views::StepLayout full = views::layoutStep(*t, k, kProjector.width(), bodyFont(), QString(), o);
    o.warpRowOnly = true;
    const views::StepLayout row = views::layoutStep(*t, k, kProjector.width(), bodyFont(), QString(), o);
    QVERIFY(row.warpRowOnly);
    QVERIFY(row.cells.isEmpty());
    QVERIFY(row.banks.isEmpty());
    QCOMPARE(row.warps.size(), full.warps.size());
    QCOMPARE(row.warps[0].count, QStringLiteral("32/32"));
    QVERIFY(row.size.height() + full.banks[0].rect.height() + full.stripRows[0].height() <= full.size.height());
    // The widget passes it on.
    views::StepView view;
    view.setTrace(t);
    view.setStep(k);
    view.setWarpRowOnly(true);
    QVERIFY(view.layoutForWidth(1280).cells.isEmpty());
}

void TestStepOverview::wasTextIsRight_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QVector<float>>("input");
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("width");
    QTest::addColumn<CellTexts>("expected");  // cell -> its "was" text; no other cell has one
    const QVector<float> pmpp{6, 2, 7, 4, 5, 8, 3, 1};
    QTest::addRow("stride 1") << "en" << pmpp << 0 << 1200
                              << CellTexts{{0, "was 6"}, {2, "was 7"}, {4, "was 5"}, {6, "was 3"}};
    QTest::addRow("stride 2") << "en" << pmpp << 1 << 1200 << CellTexts{{0, "was 8"}, {4, "was 13"}};
    QTest::addRow("stride 4") << "en" << pmpp << 2 << 1200 << CellTexts{{0, "was 19"}};
    QTest::addRow("zh_CN stride 1") << "zh_CN" << pmpp << 0 << 1200
                                    << CellTexts{{0, "原为 6"}, {2, "原为 7"}, {4, "原为 5"}, {6, "原为 3"}};
    // Exact integers with all their digits, never 1e+06.
    QTest::addRow("millions") << "en" << QVector<float>{1000000, 2000000, 3000000, 4000000, 5, 6, 7, 8} << 1 << 1200
                              << CellTexts{{0, "was 3000000"}, {4, "was 11"}};
    // An unchanged written cell (adds 0) shows no old value.
    QTest::addRow("adds zero") << "en" << QVector<float>{6, 0, 7, 4, 5, 8, 3, 1} << 0 << 1200
                               << CellTexts{{2, "was 7"}, {4, "was 5"}, {6, "was 3"}};
    // Narrow cells: the number alone (or its compact form), never cut, never over the next one.
    QTest::addRow("narrow") << "en" << QVector<float>{1000000, 2000000, 3000000, 4000000, 5, 6, 7, 8} << 1 << 420
                            << CellTexts{};
}

// The old value shown under a written cell is the cell's value before the step (the previous
// step's array, or the input), worded "was N" where that fits the cell, the number alone where not,
// in the window's language; the view paints exactly these texts.
void TestStepOverview::wasTextIsRight()
{
    QFETCH(QString, language);
    QFETCH(QVector<float>, input);
    QFETCH(int, step);
    QFETCH(int, width);
    QFETCH(CellTexts, expected);
    QVERIFY(app::setLanguage(language));
    const auto t = std::make_shared<const model::Trace>(model::simulate("simple", std::vector<float>(input.begin(), input.end())));
    const views::StepLayout l = views::layoutStep(*t, step, width, bodyFont());
    QVERIFY(l.showBefore || expected.isEmpty());
    const std::vector<float>& before = step == 0 ? t->input : t->steps[std::size_t(step - 1)].values;
    const QFontMetricsF fm(l.smallFont);
    QStringList drawn;
    for (const views::StepLayout::Cell& c : l.cells) {
        const bool changed = c.written && c.hasBefore && c.before != c.value;
        if (!changed) {
            QVERIFY2(c.beforeText.isEmpty(), qPrintable(QStringLiteral("cell %1: %2").arg(c.index).arg(c.beforeText)));
            continue;
        }
        QCOMPARE(c.before, before[std::size_t(c.index)]);
        if (!expected.isEmpty())
            QCOMPARE(c.beforeText, expected.value(c.index));
        if (c.beforeText.isEmpty())
            continue;
        // What it says: "was N" or N (or N's compact form), N the exact old value.
        const QString number = views::floatText(c.before);
        QVERIFY2(c.beforeText == QCoreApplication::translate("StepLayout", "was %1").arg(number) || c.beforeText == number ||
                     c.beforeText == views::compactText(double(c.before), int(c.beforeText.size())),
                 qPrintable(c.beforeText));
        // Never clipped, never over its neighbours' texts.
        QVERIFY2(fm.horizontalAdvance(c.beforeText) <= c.beforeRect.width() + 0.5, qPrintable(c.beforeText));
        QVERIFY(c.beforeRect.top() >= c.rect.bottom() - 0.5);
        drawn << c.beforeText;
    }
    for (const QString& e : expected)
        QVERIFY(drawn.contains(e));
    if (!expected.isEmpty()) {
        // The view paints exactly these texts under the cells.
        views::StepView view;
        view.setTrace(t);
        view.setStep(step);
        view.resize(width, view.heightForWidth(width));
        const QStringList painted = view.paintedStrings();
        for (const QString& e : expected)
            QVERIFY2(painted.contains(e), qPrintable(painted.join(QLatin1Char('|'))));
    }
}

REDUCESCOPE_GUI_TEST_MAIN(TestStepOverview)
#include "tst_step_overview.moc"
