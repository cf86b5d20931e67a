// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane: stepping moves the source highlight, invalid input keeps the old trace and shows
// the message at its field, compare mode steps both, keys and menus, exports are not blank.
#include "gui_test_main.h"

#include "app/bench/bench_runner.h"
#include "app/bench/bench_settings.h"
#include "app/bench/benchmark_pane.h"
#include "app/shell/main_window.h"
#include "app/step/presets.h"
#include "model/simulate.h"
#include "app/step/step_export.h"
#include "app/step/step_pane.h"
#include "views/step/counters_view.h"
#include "views/step/source_view.h"
#include "views/step/step_view.h"
#include "views/step/transport_bar.h"
#include "views/step/step_layout.h"
#include "views/step/strategy_picker.h"
#include "app/common/language.h"
#include "app/step/step_sidebar.h"
#include "views/common/view_colors.h"

#include <QComboBox>

#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSet>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace reducescope;

namespace {

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

app::TraceRequest request(const QString& strategy, const QString& input, int warp = 32, int block = 0)
{
    app::TraceRequest r;
    r.strategy = strategy;
    r.input = input;
    r.params.warp_size = warp;
    r.params.block_size = block;
    return r;
}

// An own kernel's engine trace of tests/app/step/data (data/README.md) with the origin the kernel
// editor gives it (MainWindow: the kernel's name, its file and its text).
struct OwnTrace {
    std::shared_ptr<const model::Trace> trace;
    app::TraceOrigin origin;
};

OwnTrace ownTrace(const QString& name, const QString& kernel)
{
    const app::OriginTrace r = app::readTraceFile(QStringLiteral(REDUCESCOPE_TEST_DATA "/") + name + QStringLiteral("_trace.json"));
    if (!r.trace)
        qFatal("%s", qPrintable(r.error));
    OwnTrace o{r.trace, {}};
    o.origin.ownKernel = kernel;
    o.origin.file = QStringLiteral("/home/student/") + name + QStringLiteral(".cu");
    o.origin.ownSource = QString::fromStdString(r.trace->own_source);
    return o;
}

} // namespace

class TestStepPane : public QObject {
    Q_OBJECT
private slots:
    void init();
    void steppingMovesSourceLine_data();
    void steppingMovesSourceLine();
    void invalidInputKeepsTrace_data();
    void invalidInputKeepsTrace();
    void typedInputShowsMessageAtField();
    void longInputNotCut_data();
    void longInputNotCut();
    void pastedTextAtLimitKeepsTrace();
    void badCompareShowsMessage_data();
    void badCompareShowsMessage();
    void compareStepsBoth();
    void keysAndMenus();
    void screenshotsNotBlank();
    void exports();
    void benchmarkPaneCanOpenStrategy();
    void settingsPersist();
    void presetsAreValidInputs();
    void atomicOrderSeeds_data();
    void atomicOrderSeeds();
    void raceNewInterleaving();
    void strideCountedApart();
    void ownKernelNamedNotCatalogue();
    void inputPaddedOnlyWhenPadded();
    void faultBannerAtItsStep();

private:
    std::unique_ptr<app::MainWindow> m_window;
};

void TestStepPane::init()
{
    m_window = std::make_unique<app::MainWindow>(false);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestStepPane::steppingMovesSourceLine_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addRow("simple PMPP") << "simple" << "6,2,7,4,5,8,3,1";
    QTest::addRow("convergent PMPP") << "convergent" << "6,2,7,4,5,8,3,1";
    QTest::addRow("shared 16") << "shared" << "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16";
    QTest::addRow("coarsened 64") << "coarsened" << "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1";
}

void TestStepPane::steppingMovesSourceLine()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(strategy, input)));
    const auto trace = pane->trace();
    QVERIFY(trace);
    QCOMPARE(pane->stepCount(), int(trace->steps.size()));
    QSet<int> firstLines;
    for (int k = 0; k < pane->stepCount(); ++k) {
        pane->setStep(k);
        QCOMPARE(pane->step(), k);
        QCOMPARE(pane->stepView()->step(), k);
        const auto& lines = trace->steps[std::size_t(k)].source_lines;
        const QVector<int> expected(lines.begin(), lines.end());
        QCOMPARE(pane->sourceView()->highlightedLines(), expected);
        if (!expected.isEmpty()) {
            QCOMPARE(pane->sourceView()->textCursor().blockNumber() + 1, expected.front());
            firstLines.insert(expected.front());
        }
    }
    // A strategy with several kinds of step moves the highlight to different lines.
    if (trace->steps.size() > 1 && strategy != QLatin1String("simple") && strategy != QLatin1String("convergent"))
        QVERIFY(firstLines.size() > 1);
}

void TestStepPane::invalidInputKeepsTrace_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("letters") << "6,2,x" << 0 << 32 << "input" << "x";
    QTest::addRow("empty") << "" << 0 << 32 << "input" << "";
    QTest::addRow("4097 values") << QString(QStringLiteral("1,").repeated(4096) + QStringLiteral("1")) << 0 << 32 << "input" << "4096";
    QTest::addRow("block size 3") << "6,2,7,4,5,8,3,1" << 3 << 32 << "block-size" << "1..1024";
    QTest::addRow("warp size 7") << "6,2,7,4,5,8,3,1" << 0 << 7 << "warp-size" << "32";
}

void TestStepPane::invalidInputKeepsTrace()
{
    QFETCH(QString, input);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(QString, field);
    QFETCH(QString, mentions);
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("convergent"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    pane->setStep(1);
    const auto before = pane->trace();
    QVERIFY(!pane->setRequest(request(QStringLiteral("convergent"), input, warp, block)));
    QCOMPARE(pane->trace(), before);
    QCOMPARE(pane->stepView()->trace(), before);
    QCOMPARE(pane->step(), 1);
    const QString message = pane->fieldMessage(field);
    QVERIFY2(!message.isEmpty(), qPrintable(QStringLiteral("no message at %1").arg(field)));
    QVERIFY2(message.contains(mentions), qPrintable(message));
    // A valid request clears the message.
    QVERIFY(pane->setRequest(request(QStringLiteral("convergent"), QStringLiteral("1,2,3,4"))));
    QVERIFY(pane->fieldMessage(field).isEmpty());
}

void TestStepPane::typedInputShowsMessageAtField()
{
    app::StepPane* pane = m_window->stepPane();
    const auto before = pane->trace();
    QVERIFY(before);
    QLineEdit* edit = pane->inputEdit();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("1,2,oops"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(pane->trace(), before);
    QVERIFY(pane->fieldMessage(QStringLiteral("input")).contains(QStringLiteral("oops")));
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("1,2,3,4"));
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(pane->trace() != before);
    QCOMPARE(pane->trace()->n, 4);
}

// 4096 values written with up to 31 characters each fit the field (QLineEdit's default
// maxLength of 32767 cut them silently); longer text is refused with a message, never cut.
void TestStepPane::longInputNotCut_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("accepted");
    auto values = [](const QString& one, int n) {
        QStringList parts;
        for (int i = 0; i < n; ++i)
            parts << one;
        return parts.join(QLatin1Char(','));
    };
    QTest::addRow("4096 values of 13 chars") << values(QStringLiteral("-1.234567e-05"), 4096) << true;
    QTest::addRow("4096 values of 31 chars") << values(QStringLiteral("0000000000000000000000001.23456"), 4096) << true;
    QTest::addRow("one over the field's limit")
        << QStringLiteral("1") + QString(app::StepPane::kInputMaxLength, QLatin1Char(' ')) << false;
    QTest::addRow("200000 characters") << values(QStringLiteral("1"), 100000) << false;
}

void TestStepPane::longInputNotCut()
{
    QFETCH(QString, input);
    QFETCH(bool, accepted);
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("convergent"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    const auto before = pane->trace();
    QCOMPARE(pane->setRequest(request(QStringLiteral("convergent"), input)), accepted);
    if (accepted) {
        QCOMPARE(pane->inputEdit()->text(), input);  // not cut
        QCOMPARE(pane->trace()->n, 4096);
        // Re-reading the field (Return) gives the same 4096 values.
        pane->inputEdit()->setFocus();
        QTest::keyClick(pane->inputEdit(), Qt::Key_Return);
        QCOMPARE(pane->trace()->n, 4096);
        return;
    }
    QCOMPARE(pane->trace(), before);
    QCOMPARE(pane->inputEdit()->text(), QStringLiteral("6,2,7,4,5,8,3,1"));
    const QString message = pane->fieldMessage(QStringLiteral("input"));
    QVERIFY2(message.contains(QString::number(app::StepPane::kInputMaxLength)), qPrintable(message));
    QVERIFY(!message.contains(QLatin1Char('\n')));
}

void TestStepPane::pastedTextAtLimitKeepsTrace()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("convergent"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    const auto before = pane->trace();
    QLineEdit* edit = pane->inputEdit();
    QCOMPARE(edit->maxLength(), app::StepPane::kInputMaxLength);
    // As if pasted: QLineEdit cuts at maxLength and reports an edit.
    edit->setText(QString(app::StepPane::kInputMaxLength + 100, QLatin1Char('1')).replace(1, 1, QStringLiteral(",")));
    QCOMPARE(edit->text().size(), app::StepPane::kInputMaxLength);
    emit edit->textEdited(edit->text());
    QTest::keyClick(edit, Qt::Key_Return);
    QTest::qWait(400);  // past the edit timer
    QCOMPARE(pane->trace(), before);
    QVERIFY2(pane->fieldMessage(QStringLiteral("input")).contains(QStringLiteral("may have been cut")),
             qPrintable(pane->fieldMessage(QStringLiteral("input"))));
}

void TestStepPane::badCompareShowsMessage_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<bool>("shown");  // in the shown main window, or a bare pane never shown
    for (bool shown : {true, false}) {
        const char* where = shown ? "window" : "bare pane";
        QTest::addRow("nope, %s", where) << "nope" << "compare must be one of" << shown;
        QTest::addRow("newline, %s", where) << "a\nb" << "(got \"a\\nb\")" << shown;
        QTest::addRow("100000 chars, %s", where) << QString(100000, QLatin1Char('c')) << QString(40, QLatin1Char('c')) + QStringLiteral("…\")") << shown;
    }
}

void TestStepPane::badCompareShowsMessage()
{
    QFETCH(QString, id);
    QFETCH(QString, mentions);
    QFETCH(bool, shown);
    std::unique_ptr<app::StepPane> bare;
    app::StepPane* pane = m_window->stepPane();
    if (!shown) {
        bare = std::make_unique<app::StepPane>();
        pane = bare.get();
    }
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(pane->setCompareStrategy(QStringLiteral("convergent")));
    const auto before = pane->compareTrace();
    QVERIFY(!pane->setCompareStrategy(id));
    QCOMPARE(pane->compareStrategy(), QStringLiteral("convergent"));  // previous valid state stays
    QCOMPARE(pane->compareTrace(), before);
    const QString message = pane->fieldMessage(QStringLiteral("compare"));
    QVERIFY2(message.contains(mentions), qPrintable(message.left(400)));
    QVERIFY(!message.contains(QLatin1Char('\n')));
    QVERIFY(message.size() < 400);
}

void TestStepPane::compareStepsBoth()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(pane->setCompareStrategy(QStringLiteral("convergent")));
    QVERIFY(pane->compareTrace());
    QVERIFY(pane->stepView(1)->isVisible());
    QCOMPARE(pane->stepView(1)->trace(), pane->compareTrace());
    for (int k = 0; k < pane->stepCount(); ++k) {
        pane->setStep(k);
        QCOMPARE(pane->stepView(0)->step(), std::min(k, int(pane->trace()->steps.size()) - 1));
        QCOMPARE(pane->stepView(1)->step(), std::min(k, int(pane->compareTrace()->steps.size()) - 1));
    }
    const QString text = pane->countersView()->plainText();
    QVERIFY(text.contains(QStringLiteral("simple")));
    QVERIFY(text.contains(QStringLiteral("convergent")));
    QVERIFY(text.contains(QStringLiteral("whole trace")));
    // A new input rebuilds both.
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,1,1,1"))));
    QCOMPARE(pane->compareTrace()->n, 4);
    QVERIFY(!pane->setCompareStrategy(QStringLiteral("no_such_strategy")));
    QVERIFY(!pane->fieldMessage(QStringLiteral("compare")).isEmpty());
    QVERIFY(pane->setCompareStrategy(QString()));
    QVERIFY(!pane->compareTrace());
    QVERIFY(!pane->stepView(1)->isVisible());
}

void TestStepPane::keysAndMenus()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    pane->setStep(0);
    pane->stepView()->setFocus();
    QTest::keyClick(m_window.get(), Qt::Key_Right);
    QCOMPARE(pane->step(), 1);
    QTest::keyClick(m_window.get(), Qt::Key_End);
    QCOMPARE(pane->step(), pane->stepCount() - 1);
    QTest::keyClick(m_window.get(), Qt::Key_Left);
    QCOMPARE(pane->step(), pane->stepCount() - 2);
    QTest::keyClick(m_window.get(), Qt::Key_Home);
    QCOMPARE(pane->step(), 0);
    // Space and Backspace step as in slide software (a clicker sends Page Down / Page Up); P plays.
    QTest::keyClick(m_window.get(), Qt::Key_Space);
    QCOMPARE(pane->step(), 1);
    QTest::keyClick(m_window.get(), Qt::Key_Backspace);
    QCOMPARE(pane->step(), 0);
    QTest::keyClick(m_window.get(), Qt::Key_P);
    QVERIFY(pane->isPlaying());
    QTest::keyClick(m_window.get(), Qt::Key_P);
    QVERIFY(!pane->isPlaying());
    for (QAction* a : pane->stepActions())
        QVERIFY2(!a->shortcut().isEmpty(), qPrintable(a->text()));
}

void TestStepPane::screenshotsNotBlank()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(pane->setCompareStrategy(QStringLiteral("convergent")));
    QApplication::processEvents();
    const QImage shot = m_window->grab().toImage();
    QCOMPARE(shot.size(), m_window->size());
    QVERIFY2(distinctColours(shot) > 50, qPrintable(QString::number(distinctColours(shot))));
}

void TestStepPane::exports()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("interleaved_strided"), app::TraceRequest{}.input)));
    pane->setStep(1);
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("step.png"));
    QVERIFY2(app::exportStepPng(*pane, png, &error), qPrintable(error));
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(distinctColours(image) > 20);
    const QString svg = dir.filePath(QStringLiteral("step.svg"));
    QVERIFY2(app::exportStepSvg(*pane, svg, &error), qPrintable(error));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("interleaved_strided"));
    const int n = app::exportStepSeries(*pane, dir.filePath(QStringLiteral("series")), &error);
    QCOMPARE(n, pane->stepCount());
    QCOMPARE(pane->step(), 1);
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("series/interleaved_strided_step_001.png"))));
    QVERIFY(!app::exportStepPng(*pane, dir.filePath(QStringLiteral("no/such/dir/x.png")), &error));
    QVERIFY(!error.isEmpty());
}

void TestStepPane::benchmarkPaneCanOpenStrategy()
{
    QVERIFY(m_window->openStrategy(QStringLiteral("convergent_reversed")));
    QCOMPARE(m_window->stepPane()->trace()->strategy, std::string("convergent_reversed"));
    QVERIFY(!m_window->openStrategy(QStringLiteral("cub")));
    QCOMPARE(m_window->stepPane()->trace()->strategy, std::string("convergent_reversed"));
    QCOMPARE(m_window->tableView()->model()->rowCount(), int(m_window->stepPane()->trace()->steps.size()));
}

void TestStepPane::settingsPersist()
{
    QTemporaryDir dir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    {
        app::MainWindow first(true);
        QVERIFY(first.stepPane()->setRequest(request(QStringLiteral("convergent_reversed"), QStringLiteral("1,2,3,4,5"), 8)));
        QVERIFY(first.stepPane()->setCompareStrategy(QStringLiteral("simple")));
        first.showTable();
        // The benchmark pane's settings too.
        app::BenchRequest b;
        b.n = 4096;
        b.reps = 7;
        b.mode = QStringLiteral("loop");
        b.cache = QStringLiteral("cold");
        b.block_size = 512;
        b.coarse_factor = 16;
        first.benchmarkPane()->settings()->setRequest(b);
        first.benchmarkPane()->settings()->setCheckedStrategies({QStringLiteral("self_reset"), QStringLiteral("cub")});
        first.saveSettings();
    }
    app::MainWindow second(true);
    second.restoreSettings();
    QString benchError;
    const std::optional<app::BenchRequest> b = second.benchmarkPane()->settings()->request(&benchError);
    QVERIFY2(b, qPrintable(benchError));
    QCOMPARE(b->n, qint64(4096));
    QCOMPARE(b->reps, 7);
    QCOMPARE(b->mode, QStringLiteral("loop"));
    QCOMPARE(b->cache, QStringLiteral("cold"));
    QCOMPARE(b->block_size, 512);
    QCOMPARE(b->coarse_factor, 16);
    QCOMPARE(second.benchmarkPane()->settings()->checkedStrategies(), (QStringList{QStringLiteral("self_reset"), QStringLiteral("cub")}));
    {
        // An edited settings file with a bad value: the pane keeps its defaults.
        QSettings bad;
        bad.setValue(QStringLiteral("bench/blockSize"), 3);
    }
    app::MainWindow fourth(true);
    fourth.restoreSettings();
    QCOMPARE(fourth.benchmarkPane()->settings()->request(&benchError)->block_size, 256);
    const app::TraceRequest r = second.stepPane()->request();
    QCOMPARE(r.strategy, QStringLiteral("convergent_reversed"));
    QCOMPARE(r.input, QStringLiteral("1,2,3,4,5"));
    QCOMPARE(r.params.warp_size, 8);
    QCOMPARE(second.stepPane()->compareStrategy(), QStringLiteral("simple"));
    // A window that is not persistent (screenshots, tests) ignores the settings.
    app::MainWindow third(false);
    third.restoreSettings();
    QCOMPARE(third.stepPane()->request().strategy, QStringLiteral("convergent"));
}

void TestStepPane::presetsAreValidInputs()
{
    const QVector<app::Preset> presets = app::loadPresets();
    QVERIFY(presets.size() >= 10);
    QCOMPARE(presets.front().text, QStringLiteral("6,2,7,4,5,8,3,1"));
    for (const app::Preset& p : presets) {
        const model::ParsedInput parsed = model::parse_input(p.text.toStdString());
        QVERIFY2(!parsed.error, qPrintable(p.name));
        QVERIFY2(!p.name.isEmpty(), qPrintable(p.text));
    }
    // "random": integers 0..9 from a generator seeded with the preset's seed, so a seed names one
    // input. The text for seed 7 as written down once (std::mt19937 with libstdc++'s
    // uniform_int_distribution): a change of generator or distribution shows here.
    const QString random7 = app::presetText(QStringLiteral("random"), 16, 7);
    QCOMPARE(random7, QStringLiteral("0,2,7,3,4,9,7,4,9,3,5,2,5,0,0,4"));
    QCOMPARE(app::presetText(QStringLiteral("random"), 16, 7), random7);  // the same seed, the same text
    QVERIFY(app::presetText(QStringLiteral("random"), 16, 8) != random7);  // the seed chooses the text
    QCOMPARE(app::presetText(QStringLiteral("iota"), 4), QStringLiteral("1,2,3,4"));
}

void TestStepPane::atomicOrderSeeds_data()
{
    // The "atomic order seed" replays the float atomics on one address in other orders.
    // Inputs of the [1e8, 1, -1e8, 1] kind: whichever order adds 1 to 1e8 first loses it (a float
    // near 1e8 has an ulp of 8), so the float sum depends on the order; the exact sum does not.
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("block");
    QTest::addColumn<bool>("atomic");  // the catalogue's traits say atomics: the seed is enabled
    QTest::addColumn<double>("exact");
    QTest::addRow("atomic_naive: one atomic per element") << "atomic_naive" << "1e8,1,-1e8,1,1e8,1,-1e8,1" << 32 << 0
                                                          << true << 4.0;
    QTest::addRow("segmented: one atomic per block") << "segmented" << "1e8,0,1,0,-1e8,0,1,0,1e8,0,1,0,-1e8,0,1,0" << 32
                                                     << 1 << true << 4.0;
    QTest::addRow("warp_shuffle: one atomic per warp")
        << "warp_shuffle" << "1e8,0,0,0,1,0,0,0,-1e8,0,0,0,1,0,0,0,1e8,0,0,0,1,0,0,0,-1e8,0,0,0,1,0,0,0" << 4 << 0 << true
        << 4.0;
    QTest::addRow("two_pass: fixed tree order") << "two_pass" << "1e8,1,-1e8,1,1e8,1,-1e8,1" << 32 << 0 << false << 4.0;
    QTest::addRow("simple, one block: stores") << "simple" << "1e8,1,-1e8,1" << 32 << 0 << false << 2.0;
}

void TestStepPane::atomicOrderSeeds()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, warp);
    QFETCH(int, block);
    QFETCH(bool, atomic);
    QFETCH(double, exact);
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(strategy, input, warp, block)));
    QCOMPARE(pane->atomicOrderEdit()->isEnabled(), atomic);
    QSet<float> sums;
    for (int seed = 0; seed <= 24; ++seed) {
        pane->atomicOrderEdit()->setValue(seed);  // as the user turns the spin box
        const auto trace = pane->state()->trace();
        QVERIFY(trace);
        QCOMPARE(trace->params.atomic_order, seed);
        QCOMPARE(trace->reference, exact);  // the exact sum never changes
        sums.insert(trace->result);
        const QString line = pane->atomicSumLabel()->text();
        QVERIFY2(line.contains(QString::number(double(trace->result), 'g', 9)) && line.contains(QString::number(exact, 'g', 17)),
                 qPrintable(line));
        QCOMPARE(line.contains(QStringLiteral("atomic order")), atomic);
    }
    if (atomic)
        QVERIFY2(sums.size() >= 2, "at least two seeds give different float sums");
    else
        QCOMPARE(sums.size(), 1);
}

// `race` under the atomic-order seed: the "new interleaving" button (shown for race only) picks
// another seed, and the sidebar says the exact count of lost updates of that interleaving. On 1024
// ones every kept store adds one, so the count is 1024 - result.
void TestStepPane::raceNewInterleaving()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,2,3,4"), 32, 0)));
    QVERIFY(pane->newInterleavingButton()->isHidden());
    QVERIFY(!pane->newInterleaving());
    const QString ones = QStringLiteral("1,").repeated(1023) + QStringLiteral("1");
    QVERIFY(pane->setRequest(request(QStringLiteral("race"), ones, 32, 256)));
    QVERIFY(!pane->newInterleavingButton()->isHidden());
    QVERIFY(pane->atomicOrderEdit()->isEnabled());
    QCOMPARE(double(pane->state()->trace()->result), 32.0);
    QVERIFY2(pane->atomicSumLabel()->text().contains(QStringLiteral("992 of 1024 updates lost")),
             qPrintable(pane->atomicSumLabel()->text()));
    QSet<float> results;
    for (int k = 0; k < 6; ++k) {
        const int before = pane->state()->trace()->params.atomic_order;
        pane->newInterleavingButton()->click();
        const auto trace = pane->state()->trace();
        QVERIFY(trace->params.atomic_order != before);
        QCOMPARE(pane->atomicOrderEdit()->value(), trace->params.atomic_order);  // the seed is shown
        const int lost = 1024 - int(trace->result);
        QCOMPARE(model::lost_updates(*trace).lost, lost);
        QVERIFY2(pane->atomicSumLabel()->text().contains(QStringLiteral("%1 of 1024 updates lost").arg(lost)),
                 qPrintable(pane->atomicSumLabel()->text()));
        results.insert(trace->result);
    }
    QVERIFY2(results.size() >= 2, "new interleavings lose different numbers of updates");
}

// The textbook's count: `simple` on 8 values is three strides and then the final write.
void TestStepPane::strideCountedApart()
{
    app::StepPane* pane = m_window->stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("6,2,7,4,5,8,3,1"), 32, 0)));
    QCOMPARE(pane->stepCount(), 4);
    const QStringList want{QStringLiteral("stride 1 of 3 · step 1 / 4"), QStringLiteral("stride 2 of 3 · step 2 / 4"),
                           QStringLiteral("stride 3 of 3 · step 3 / 4"), QStringLiteral("write the result · step 4 / 4")};
    for (int k = 0; k < 4; ++k) {
        pane->setStep(k);
        QCOMPARE(pane->transportBar()->label(), want[k]);
    }
}

// An own kernel's trace in the step pane names the kernel, never the catalogue strategy the pane
// showed before (tryout: the sidebar still said "convergent" with its summary): the strategy
// picker shows "your kernel NAME (FILE)" and no catalogue entry, the summary says it is not a
// catalogue strategy, the title and the source view are the kernel's; the same for its trace
// file opened without the editor. An edit goes back to the last catalogue strategy's model.
void TestStepPane::ownKernelNamedNotCatalogue()
{
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();
    app::StepPane pane;
    QVERIFY(pane.setRequest(request(QStringLiteral("convergent"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QCOMPARE(pane.strategyPicker()->currentId(), QStringLiteral("convergent"));
    const OwnTrace own = ownTrace(QStringLiteral("own_io"), QStringLiteral("io_shared"));
    QVERIFY(pane.openTrace(own.trace, own.origin));
    QCOMPARE(pane.strategyPicker()->currentIndex(), -1);
    QCOMPARE(pane.strategyPicker()->currentId(), QString());
    QCOMPARE(pane.strategyPicker()->placeholderText(), QStringLiteral("your kernel io_shared (own_io.cu)"));
    const QLabel* summary = nullptr;
    for (const QLabel* l : pane.sidebar()->findChildren<QLabel*>())
        if (l->text().contains(QStringLiteral("not a catalogue strategy")))
            summary = l;
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(QStringLiteral("io_shared")), qPrintable(summary->text()));
    for (const QLabel* l : pane.sidebar()->findChildren<QLabel*>())
        QVERIFY2(!l->text().contains(QStringLiteral("convergent")), qPrintable(l->text()));
    QVERIFY2(pane.stepView(0)->currentLayout().title.startsWith(QStringLiteral("io_shared · ")), qPrintable(pane.stepView(0)->currentLayout().title));
    QVERIFY(pane.stepView(0)->banner().contains(QStringLiteral("io_shared")));
    QCOMPARE(pane.sourceView(0)->file(), own.origin.file);
    QVERIFY(pane.sourceView(0)->displayedLines().join(QLatin1Char('\n')).contains(QStringLiteral("s[t] = t < n ? input[t] : 0.0f;")));
    // In Chinese too.
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    QCOMPARE(pane.strategyPicker()->placeholderText(), QStringLiteral("你的核函数 io_shared（own_io.cu）"));
    QCOMPARE(pane.strategyPicker()->currentIndex(), -1);
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();
    // The trace file alone (reducescope --trace): named as the trace names it.
    QVERIFY(pane.openTraceFile(QStringLiteral(REDUCESCOPE_TEST_DATA "/own_race_trace.json")));
    QCOMPARE(pane.strategyPicker()->currentIndex(), -1);
    QCOMPARE(pane.strategyPicker()->placeholderText(), QStringLiteral("your kernel racy (own_race.cu)"));
    QVERIFY2(pane.stepView(0)->banner().startsWith(QStringLiteral("Your kernel racy on the CPU engine")),
             qPrintable(pane.stepView(0)->banner()));
    QVERIFY(pane.sourceView(0)->displayedLines().join(QLatin1Char('\n')).contains(QStringLiteral("s[0] += s[t];")));
    // A typed input runs the last catalogue strategy's model again.
    QVERIFY(pane.setRequest(request(QStringLiteral("convergent"), QStringLiteral("1,2,3,4"))));
    QCOMPARE(pane.strategyPicker()->currentId(), QStringLiteral("convergent"));
    QCOMPARE(pane.strategyPicker()->placeholderText(), QString());
    // "Back to the model" after an own kernel's trace: the strategy shown before (convergent), on
    // the kernel's input (own_race's 8 values), not a model of a strategy named like the kernel.
    QVERIFY(pane.openTraceFile(QStringLiteral(REDUCESCOPE_TEST_DATA "/own_race_trace.json")));
    QVERIFY(pane.sidebar()->modelButton()->isVisibleTo(pane.sidebar()));
    QVERIFY(!pane.sidebar()->coarseFactorEdit()->isEnabled());  // the model's coarse factor means nothing to it
    pane.sidebar()->modelButton()->click();
    QVERIFY(pane.trace());
    QCOMPARE(QString::fromStdString(pane.trace()->strategy), QStringLiteral("convergent"));
    QCOMPARE(pane.trace()->n, 8);
    QCOMPARE(double(pane.trace()->result), 36.0);  // 1 + 2 + ... + 8, the kernel's input
    QCOMPARE(pane.strategyPicker()->currentId(), QStringLiteral("convergent"));
    QVERIFY(pane.trace()->own_source.empty());
    QVERIFY(pane.sidebar()->coarseFactorEdit()->isEnabled());
}

// The input header says padding only where the launch padded the input: an input_output kernel's
// input holds its n values (the engine's padded_n is one cell per thread, block 4 on 3 values),
// an in_place kernel's is padded (8 values to 2 × block 8 = 16), a catalogue strategy's as before.
void TestStepPane::inputPaddedOnlyWhenPadded()
{
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();
    app::StepPane pane;
    const OwnTrace io = ownTrace(QStringLiteral("own_io"), QStringLiteral("io_shared"));
    QCOMPARE(io.trace->n, 3);
    QCOMPARE(io.trace->padded_n, 4);
    QVERIFY(pane.openTrace(io.trace, io.origin));
    pane.setStep(0);
    QString caption = pane.stepView(0)->currentLayout().inputCaption;
    QVERIFY2(caption.startsWith(QStringLiteral("global input (3 values), read by this step")), qPrintable(caption));
    QVERIFY(!caption.contains(QStringLiteral("padding")));
    // Its input row: the 3 values, no padding cell.
    QCOMPARE(pane.stepView(0)->currentLayout().inputCells.size(), 3);
    for (const auto& cell : pane.stepView(0)->currentLayout().inputCells)
        QVERIFY(!cell.padding);
    const OwnTrace race = ownTrace(QStringLiteral("own_race"), QStringLiteral("racy"));
    QVERIFY(pane.openTrace(race.trace, race.origin));
    caption = pane.stepView(0)->currentLayout().inputCaption;
    QVERIFY2(caption.startsWith(QStringLiteral("global input (8 values + 8 padding), read by this step")), qPrintable(caption));
    QCOMPARE(pane.stepView(0)->currentLayout().inputCells.size(), 16);
    QVERIFY(pane.stepView(0)->currentLayout().inputCells.back().padding);
    QVERIFY(pane.setRequest(request(QStringLiteral("shared"), QStringLiteral("1,2,3"), 32, 4)));
    const auto model = pane.trace();
    QVERIFY(model->padded_n > model->n);
    caption = pane.stepView(0)->currentLayout().inputCaption;
    QVERIFY2(caption.contains(QStringLiteral("3 values + %1 padding").arg(model->padded_n - 3)), qPrintable(caption));
}

// A fault of an own kernel is a band of its own at the step that holds it: "⚠ FAULT:", its kind
// in words, line:column and the lanes as ranges, then its sentence; in Chinese with the kind's
// words; white on a colour that keeps 4.5:1 in both themes. No band at a step without a fault.
void TestStepPane::faultBannerAtItsStep()
{
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();
    app::StepPane pane;
    OwnTrace race = ownTrace(QStringLiteral("own_race"), QStringLiteral("racy"));
    // Two steps, the fault at the second (a copy of the first step before it).
    auto two = std::make_shared<model::Trace>(*race.trace);
    two->steps.insert(two->steps.begin(), two->steps.front());
    two->faults.front().step = 1;
    // Lanes 0-31 and 40: ranges, not 33 numbers.
    std::vector<int> lanes(32);
    for (int i = 0; i < 32; ++i)
        lanes[std::size_t(i)] = i;
    lanes.push_back(40);
    two->faults.front().lanes = lanes;
    QVERIFY(pane.openTrace(two, race.origin));
    pane.setStep(0);
    QCOMPARE(pane.stepView(0)->currentLayout().faultHead, QString());
    QVERIFY(pane.stepView(0)->currentLayout().faultRect.isEmpty());
    pane.setStep(1);
    const views::StepLayout& l = pane.stepView(0)->currentLayout();
    QCOMPARE(l.faultHead, QStringLiteral("⚠ FAULT: data race at line 6:10, lanes 0–31, 40"));
    QVERIFY2(l.faultBody.startsWith(QStringLiteral("data race on s[0]: thread 1 reads the word that thread 0 wrote at line 5")),
             qPrintable(l.faultBody));
    QVERIFY(l.faultHeadFont.bold());
    QVERIFY(l.faultHeadFont.pixelSize() >= l.labelFont.pixelSize());
    QVERIFY(l.faultRect.contains(l.faultHeadRect) && l.faultRect.contains(l.faultBodyRect));
    QVERIFY(l.faultRect.bottom() <= l.titleRect.top());  // above the title: seen first
    for (views::Theme theme : {views::Theme::Light, views::Theme::Dark}) {
        const views::ViewColors c = views::ViewColors::forTheme(theme);
        QVERIFY(views::contrastRatio(Qt::white, c.fault) >= 4.5);
        QVERIFY(c.fault != c.recorded);
    }
    // The picture has the band's colour where the band is.
    const QImage image = pane.stepView(0)->grab().toImage();
    const views::ViewColors c = views::ViewColors::fromPalette(pane.stepView(0)->palette());
    const QPointF inBand = (l.faultRect.topLeft() + QPointF(4, l.faultRect.height() / 2)) * pane.stepView(0)->zoom();
    QCOMPARE(QColor(image.pixel(inBand.toPoint())).name(), c.fault.name());
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    const views::StepLayout& zh = pane.stepView(0)->currentLayout();
    const QString zhHead = QString(zh.faultHead).replace(QChar(0x00a0), QLatin1Char(' '));  // kept whole: no-break spaces
    QVERIFY2(zhHead.startsWith(QStringLiteral("⚠ 故障：数据竞争（第 6 行第 10 列），lane 0–31, 40")), qPrintable(zhHead));
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();
    // The trace's single step holds the fault as written.
    QVERIFY(pane.openTrace(race.trace, race.origin));
    QCOMPARE(pane.stepView(0)->currentLayout().faultHead, QStringLiteral("⚠ FAULT: data race at line 6:10, lanes 0, 1"));
}

REDUCESCOPE_GUI_TEST_MAIN(TestStepPane)
#include "tst_step_pane.moc"
