// SPDX-License-Identifier: GPL-3.0-or-later
// GPU-recorded traces and hardware counters in the step pane: a GPU-recorded trace (from a file, or
// from a recorder) is marked as such and the model is not; bad trace and counters files name the
// field and change nothing; the "Recorded on the GPU" switch is disabled with the reason where
// there is no CUDA device; the counters panel shows the model beside Nsight Compute's figures for
// the measured configuration.
#include "gui_test_main.h"

#include "app/shell/command_line.h"
#include "app/step/hardware_counters.h"
#include "app/bench/benchmark_pane.h"
#include "app/shell/main_window.h"
#include "app/step/step_pane.h"
#include "model/simulate.h"
#include "model/trace_json.h"
#include "views/step/counters_view.h"
#include "views/step/step_view.h"

#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace reducescope;

namespace {

const QString kRecorded = QStringLiteral(REDUCESCOPE_TEST_DATA "/recorded_shared_seed.json");
const QString kCounters = QStringLiteral(REDUCESCOPE_TEST_DATA "/counters_h200_1024.json");
const QString kFakeCli = QStringLiteral(REDUCESCOPE_TEST_DATA "/fake_cli.sh");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

app::TraceRequest request(const QString& strategy, const QString& input, int block = 0)
{
    app::TraceRequest r;
    r.strategy = strategy;
    r.input = input;
    r.params.block_size = block;
    return r;
}

QString ramp(int n)
{
    QStringList v;
    for (int i = 1; i <= n; ++i)
        v << QString::number(i);
    return v.join(QLatin1Char(','));
}

} // namespace

class TestTruthCheck : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void recordedFileIsMarked();
    void modelFileIsNotMarked();
    void badTraceFileKeepsState_data();
    void badTraceFileKeepsState();
    void noDeviceDisablesSwitch();
    void thisBuildSaysWhy();
    void recorderShowsRecordingAndRefusalKeepsModel();
    void recordingShowsProgressAndCancels();
    void countersModelVsHardware_data();
    void countersModelVsHardware();
    void countersConfigNote();
    void countersOtherStrategy();
    void badCountersFileKeepsState_data();
    void badCountersFileKeepsState();
    void resultsWithCountersReachStepPane();
    void commandLine();
    void screenshotsNotBlank();

private:
    app::StepPane* pane() const { return m_window->stepPane(); }
    std::unique_ptr<app::MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestTruthCheck::init()
{
    m_window = std::make_unique<app::MainWindow>(false);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestTruthCheck::cleanup()
{
    m_window.reset();
}

void TestTruthCheck::recordedFileIsMarked()
{
    QVERIFY2(pane()->openTraceFile(kRecorded), qPrintable(pane()->fieldMessage(QStringLiteral("trace"))));
    QCOMPARE(pane()->source(), app::StepPane::Source::File);
    QVERIFY(pane()->showsRecordedTrace());
    QVERIFY(pane()->traceBanner().startsWith(QStringLiteral("Recorded on the GPU: ")));
    QVERIFY(pane()->traceBanner().contains(QStringLiteral("8 probe records")));
    QCOMPARE(pane()->stepView()->banner(), pane()->traceBanner());
    pane()->setStep(1);
    const views::StepLayout& l = pane()->stepView()->currentLayout();
    QCOMPARE(l.banner, pane()->traceBanner());
    QVERIFY(!l.bannerRect.isEmpty());
    QVERIFY(l.subtitle.startsWith(QStringLiteral("recorded on the GPU")));
    const QString counters = pane()->countersView()->plainText();
    QVERIFY(counters.startsWith(QStringLiteral("Recorded on the GPU: ")));
    QVERIFY(counters.contains(QStringLiteral("not recorded")));
    // Every row a probe cannot see says so in each of the 3 columns: shared wavefronts, extra
    // wavefronts, global sectors, barriers, atomics and adds (a record is a value, not an operation).
    // (+1: the note under the table says it once more.)
    QCOMPARE(counters.count(QStringLiteral("not recorded")), 6 * 3 + 1);
    // The editors hold the file's request; the result is the recording's.
    QCOMPARE(pane()->request().strategy, QStringLiteral("shared"));
    QCOMPARE(pane()->request().input, QStringLiteral("6,2,7,4,5,8,3,1"));
    QCOMPARE(pane()->request().params.block_size, 4);
    QCOMPARE(pane()->trace()->result, 36.f);

    // Back to the model: no mark anywhere.
    pane()->showModel();
    QCOMPARE(pane()->source(), app::StepPane::Source::Model);
    QVERIFY(!pane()->showsRecordedTrace());
    QVERIFY(pane()->traceBanner().isEmpty());
    QVERIFY(pane()->stepView()->banner().isEmpty());
    QVERIFY(pane()->stepView()->currentLayout().banner.isEmpty());
    QVERIFY(!pane()->countersView()->plainText().contains(QStringLiteral("Recorded on the GPU")));
    QVERIFY(!pane()->countersView()->plainText().contains(QStringLiteral("not recorded")));
    QVERIFY(!QString::fromStdString(pane()->trace()->steps.front().label).contains(QStringLiteral("recorded")));
}

void TestTruthCheck::modelFileIsNotMarked()
{
    const QString path = m_dir.filePath(QStringLiteral("model.json"));
    model::Params p;
    const auto t = model::simulate("simple", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1}, p);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(model::trace_to_json(t).dump()));
    f.close();
    QVERIFY(pane()->openTraceFile(path));
    QCOMPARE(pane()->source(), app::StepPane::Source::File);
    QVERIFY(!pane()->showsRecordedTrace());
    QVERIFY(pane()->traceBanner().isEmpty());
    QVERIFY(pane()->stepView()->banner().isEmpty());
    QVERIFY(!pane()->countersView()->plainText().contains(QStringLiteral("Recorded")));
    QCOMPARE(pane()->request().strategy, QStringLiteral("simple"));
}

void TestTruthCheck::badTraceFileKeepsState_data()
{
    QTest::addColumn<QByteArray>("content");  // empty: the path is a directory
    QTest::addColumn<QString>("expected");
    const QByteArray good = readAll(kRecorded);
    QTest::newRow("not json") << QByteArray("{\"format\":") << QStringLiteral("not JSON");
    QTest::newRow("results file") << QByteArray(R"({"schema":"reducescope-results","version":1})")
                                  << QStringLiteral("format is missing");
    QByteArray badWarp = good;
    badWarp.replace("\"warp_size\": 32", "\"warp_size\": 33");
    QTest::newRow("warp size") << badWarp << QStringLiteral("params.warp_size must be an integer in 4..32 (got 33)");
    QByteArray badDevice = good;
    badDevice.replace("\"device\": \"none", "\"devic\": \"none");
    QTest::newRow("no device") << badDevice << QStringLiteral("recording.device is missing");
    QByteArray badBlock = good;
    badBlock.replace("\"block_size\": 4", "\"block_size\": 6");
    QTest::newRow("block size") << badBlock << QStringLiteral("params.block_size must be a power of two in 1..1024 (got 6)");
    QTest::newRow("directory") << QByteArray() << QStringLiteral("not a regular file");
}

void TestTruthCheck::badTraceFileKeepsState()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QVERIFY(pane()->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,2,3,4,5"))));
    const auto before = pane()->trace();
    const app::TraceRequest requestBefore = pane()->request();
    QString path = m_dir.filePath(QStringLiteral("bad.json"));
    if (content.isEmpty()) {
        path = m_dir.path();
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }
    QVERIFY(!pane()->openTraceFile(path));
    const QString message = pane()->fieldMessage(QStringLiteral("trace"));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QCOMPARE(pane()->trace(), before);
    QCOMPARE(pane()->request().strategy, requestBefore.strategy);
    QCOMPARE(pane()->request().input, requestBefore.input);
    QCOMPARE(pane()->source(), app::StepPane::Source::Model);
    QVERIFY(pane()->stepView()->banner().isEmpty());
}

void TestTruthCheck::noDeviceDisablesSwitch()
{
    pane()->state()->setGpuStatus(app::GpuStatus{false, QString(), QStringLiteral("no CUDA device: test machine has none")});
    QCheckBox* sw = pane()->recordedSwitch();
    QVERIFY(!sw->isEnabled());
    QCOMPARE(sw->toolTip(), QStringLiteral("no CUDA device: test machine has none"));
    const auto before = pane()->trace();
    QVERIFY(!pane()->setShowRecorded(true));
    QVERIFY(!sw->isChecked());
    QCOMPARE(pane()->fieldMessage(QStringLiteral("trace")), QStringLiteral("no CUDA device: test machine has none"));
    QCOMPARE(pane()->trace(), before);
    QVERIFY(!pane()->showsRecordedTrace());
}

void TestTruthCheck::thisBuildSaysWhy()
{
    // The real probe of this build and machine: the pane asks `reducescope-cli devices` once, as a
    // child process, at start-up.
    QTRY_VERIFY_WITH_TIMEOUT(pane()->state()->recorderState() != app::RecorderState::Probing, 25000);
    const app::GpuStatus s = pane()->gpuStatus();
    QCOMPARE(pane()->recordedSwitch()->isEnabled(), s.available);
    if (s.available)
        QSKIP("a CUDA device is present: the switch is enabled");
    QVERIFY2(s.reason.startsWith(QStringLiteral("no ")), qPrintable(s.reason));
    QVERIFY2(s.reason.contains(QStringLiteral("CUDA")), qPrintable(s.reason));
    QCOMPARE(pane()->recordedSwitch()->toolTip(), s.reason);
}

void TestTruthCheck::recorderShowsRecordingAndRefusalKeepsModel()
{
    // The fake CLI records shared (the fixture) and refuses every other strategy, as the CLI does
    // for a strategy without a recording variant.
    qputenv("FAKE_CLI_MODE", "ok");
    app::StepState* state = pane()->state();
    state->setCliPath(kFakeCli);
    state->setGpuStatus(app::GpuStatus{true, QStringLiteral("Test GPU (sm_90)"), QString()});
    QVERIFY(pane()->recordedSwitch()->isEnabled());
    QSignalSpy finished(state, &app::StepState::recordingFinished);
    QVERIFY(pane()->setRequest(request(QStringLiteral("shared"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(pane()->setShowRecorded(true));
    QVERIFY(pane()->recordedSwitch()->isChecked());
    QVERIFY(finished.wait(10000));
    QCOMPARE(pane()->source(), app::StepPane::Source::RecordedHere);
    QVERIFY(pane()->showsRecordedTrace());
    QCOMPARE(pane()->traceBanner(), QStringLiteral("Recorded on the GPU: Test GPU (sm_90) — 8 probe records"));
    QCOMPARE(pane()->stepView()->banner(), pane()->traceBanner());
    QVERIFY(pane()->countersView()->plainText().startsWith(QStringLiteral("Recorded on the GPU: ")));

    // A request the CLI refuses: its message, and the model trace without a mark.
    finished.clear();
    QVERIFY(pane()->setRequest(request(QStringLiteral("vectorized"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(finished.wait(10000));
    QVERIFY2(pane()->fieldMessage(QStringLiteral("trace")).contains(QStringLiteral("strategy 'vectorized' has no GPU recording")),
             qPrintable(pane()->fieldMessage(QStringLiteral("trace"))));
    QCOMPARE(pane()->source(), app::StepPane::Source::Model);
    QVERIFY(pane()->stepView()->banner().isEmpty());
    QCOMPARE(pane()->trace()->strategy, std::string("vectorized"));
    QVERIFY(!QString::fromStdString(pane()->trace()->steps.front().label).contains(QStringLiteral("recorded")));
    QVERIFY(pane()->recordedSwitch()->isChecked());

    // Back to a strategy it records, then the switch off.
    finished.clear();
    QVERIFY(pane()->setRequest(request(QStringLiteral("shared"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(finished.wait(10000));
    QVERIFY(pane()->showsRecordedTrace());
    QVERIFY(pane()->setShowRecorded(false));
    QVERIFY(!pane()->showsRecordedTrace());
    QVERIFY(pane()->stepView()->banner().isEmpty());
    QVERIFY(!pane()->recordedSwitch()->isChecked());
    qunsetenv("FAKE_CLI_MODE");
}

void TestTruthCheck::recordingShowsProgressAndCancels()
{
    // A recording that takes long: a busy bar and Cancel under the switch, the model on screen,
    // the window answering; Cancel kills the child and says so at the field.
    qputenv("FAKE_CLI_MODE", "sleep");
    app::StepState* state = pane()->state();
    state->setCliPath(kFakeCli);
    state->setGpuStatus(app::GpuStatus{true, QStringLiteral("Test GPU (sm_90)"), QString()});
    QVERIFY(pane()->setRequest(request(QStringLiteral("shared"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(!pane()->cancelRecordingButton()->isVisibleTo(pane()));
    QSignalSpy finished(state, &app::StepState::recordingFinished);
    QVERIFY(pane()->setShowRecorded(true));
    QVERIFY(pane()->cancelRecordingButton()->isVisibleTo(pane()));
    QCOMPARE(pane()->source(), app::StepPane::Source::Model);
    pane()->setStep(2);  // the pane answers while the child runs
    QCOMPARE(pane()->stepView()->step(), 2);
    QTest::qWait(50);
    if (const QString dir = qEnvironmentVariable("REDUCESCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(m_window->grab().save(dir + QStringLiteral("/recording_in_progress.png")));
    QTest::mouseClick(pane()->cancelRecordingButton(), Qt::LeftButton);
    QVERIFY(finished.wait(5000));
    QVERIFY(!pane()->cancelRecordingButton()->isVisibleTo(pane()));
    QVERIFY(!pane()->recordedSwitch()->isChecked());
    QCOMPARE(pane()->fieldMessage(QStringLiteral("trace")), QStringLiteral("recording cancelled: the step model is shown"));
    QCOMPARE(pane()->source(), app::StepPane::Source::Model);
    qunsetenv("FAKE_CLI_MODE");
}

void TestTruthCheck::countersModelVsHardware_data()
{
    // docs/hardware-counters.md, "Side by side": model / hardware per row (divergence, ld conflicts,
    // st conflicts, ld wavefronts, st wavefronts; the H200 run did not collect the last).
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QStringList>("model");
    QTest::addColumn<QStringList>("hardware");
    const QString nc = QStringLiteral("not collected");
    QTest::newRow("simple") << QStringLiteral("simple") << QStringList{"96", "0", "0", "0", "0"} << QStringList{"95", "0", "0", "0", nc};
    QTest::newRow("convergent") << QStringLiteral("convergent") << QStringList{"6", "0", "0", "0", "0"} << QStringList{"5", "0", "0", "0", nc};
    QTest::newRow("convergent_reversed") << QStringLiteral("convergent_reversed") << QStringList{"6", "0", "0", "0", "0"} << QStringList{"5", "0", "0", "0", nc};
    QTest::newRow("interleaved_strided") << QStringLiteral("interleaved_strided") << QStringList{"6", "150", "75", "191", "111"} << QStringList{"0", "150", "75", "191", nc};
    QTest::newRow("shared") << QStringLiteral("shared") << QStringList{"6", "0", "0", "41", "36"} << QStringList{"0", "0", "0", "41", nc};
}

void TestTruthCheck::countersModelVsHardware()
{
    QFETCH(QString, strategy);
    QFETCH(QStringList, model);
    QFETCH(QStringList, hardware);
    QVERIFY(pane()->setRequest(request(strategy, ramp(1024))));
    QVERIFY2(pane()->loadHardwareCounters(kCounters), qPrintable(pane()->fieldMessage(QStringLiteral("counters"))));
    QString error;
    const auto counters = app::readHardwareCounters(kCounters, &error);
    QVERIFY2(counters, qPrintable(error));
    QCOMPARE(counters->measured.n, 1024LL);
    const views::HardwareComparison c = app::compareWithModel(*counters, strategy, pane()->trace().get());
    QCOMPARE(c.rows.size(), 5);
    QStringList m, h;
    for (const auto& r : c.rows) {
        m << r.model;
        h << r.hardware;
        QVERIFY(!r.why.isEmpty());
    }
    QCOMPARE(m, model);
    QCOMPARE(h, hardware);
    QVERIFY(c.config.contains(QStringLiteral("n = 1024, block size 512")));
    QVERIFY(c.configNote.isEmpty());  // the trace on screen is the measured configuration
    // The panel shows the same figures, with the explanation per row.
    const QString text = pane()->countersView()->hardwareText();
    QVERIFY(text.contains(QStringLiteral("model vs hardware")));
    QVERIFY(text.contains(QStringLiteral("NVIDIA H200")));
    QVERIFY(text.contains(QStringLiteral("n = 1024, block size 512")));
    for (const auto& r : c.rows) {
        QVERIFY2(text.contains(r.quantity), qPrintable(r.quantity));
        QVERIFY2(text.contains(r.why), qPrintable(r.why));
    }
    QVERIFY2(text.contains(QStringLiteral("divergent branches ≠\n%1\n%2\n").arg(model[0], hardware[0])), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("divergent warp-steps vs smsp__sass_branch_targets_threads_divergent.sum: ")));
    if (strategy == QLatin1String("shared")) {
        QVERIFY(c.rows[0].why.contains(QStringLiteral("predicated")));
        QVERIFY(c.rows[3].agree);
        // 0 conflicts beside 41 load wavefronts: conflict-free, not "no traffic".
        QVERIFY2(c.rows[1].why.contains(QStringLiteral("conflict-free")), qPrintable(c.rows[1].why));
        QVERIFY(!text.contains(QStringLiteral("no shared-memory traffic")));
    }
    if (strategy == QLatin1String("interleaved_strided"))
        QVERIFY2(c.rows[1].why.startsWith(QStringLiteral("Same: the model's bank")), qPrintable(c.rows[1].why));
    if (strategy == QLatin1String("simple"))
        QVERIFY(c.rows[0].why.contains(QStringLiteral("EXIT")));
}

void TestTruthCheck::countersConfigNote()
{
    // The seed array on screen (n = 8, block 4): the model column is still the measured n = 1024.
    QVERIFY(pane()->setRequest(request(QStringLiteral("shared"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(pane()->loadHardwareCounters(kCounters));
    const QString text = pane()->countersView()->hardwareText();
    QVERIFY2(text.contains(QStringLiteral("The trace on screen is n = 8, block size 4; the model column is the step model "
                                          "at the measured n = 1024, block size 512, not the trace on screen.")),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("41")));  // the measured configuration's load wavefronts, not the trace's
    QVERIFY(pane()->trace()->totals.shared_wavefronts != 41);
}

void TestTruthCheck::countersOtherStrategy()
{
    QVERIFY(pane()->setRequest(request(QStringLiteral("coarsened"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(pane()->loadHardwareCounters(kCounters));
    const QString text = pane()->countersView()->hardwareText();
    QVERIFY2(text.contains(QStringLiteral("This file has no hardware counters for coarsened")), qPrintable(text));
    pane()->clearHardwareCounters();
    QVERIFY(pane()->countersView()->hardwareText().isEmpty());
}

void TestTruthCheck::badCountersFileKeepsState_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    const QByteArray good = readAll(kCounters);
    // The file is read by the one results reader (bench::read_results): its words.
    QTest::newRow("not json") << QByteArray("{") << QStringLiteral("not JSON: line 1, column 2: unexpected end of input");
    QTest::newRow("trace file") << readAll(kRecorded) << QStringLiteral("schema: missing");
    const QJsonObject root = QJsonDocument::fromJson(good).object();
    const auto with = [&](const char* key, const QJsonValue& v) {
        QJsonObject o = root;
        if (v.isUndefined())
            o.remove(QLatin1String(key));
        else
            o.insert(QLatin1String(key), v);
        return QJsonDocument(o).toJson();
    };
    QTest::newRow("no counters") << with("counters", QJsonValue::Undefined) << QStringLiteral("counters is missing");
    QTest::newRow("version") << with("version", 3) << QStringLiteral("version: this app reads versions 1..2, the file is version 3");
    QJsonObject skipped = root.value(QStringLiteral("counters")).toObject();
    skipped.insert(QStringLiteral("status"), QStringLiteral("skipped"));
    skipped.insert(QStringLiteral("message"), QStringLiteral("ncu was not found"));
    skipped.insert(QStringLiteral("kernels"), QJsonArray());
    QTest::newRow("skipped") << with("counters", skipped)
                             << QStringLiteral("counters.kernels is empty: the run's counters were skipped (ncu was not found)");
    QByteArray negative = good;
    negative.replace("\"smsp__sass_branch_targets_threads_divergent.sum\": 95.0", "\"smsp__sass_branch_targets_threads_divergent.sum\": -95.0");
    QTest::newRow("negative") << negative
                              << QStringLiteral("counters.kernels[0].hardware.smsp__sass_branch_targets_threads_divergent.sum: expected a whole number in 0..2^53 (a count), got -95");
    for (const char* v : {"95.5", "1e300"}) {
        QByteArray odd = good;
        odd.replace("\"smsp__sass_branch_targets_threads_divergent.sum\": 95.0", QByteArray("\"smsp__sass_branch_targets_threads_divergent.sum\": ") + v);
        QTest::newRow(qPrintable(QStringLiteral("count %1").arg(QLatin1String(v)))) << odd
            << QStringLiteral("counters.kernels[0].hardware.smsp__sass_branch_targets_threads_divergent.sum: expected a whole number in 0..2^53");
    }
    QByteArray block = good;
    block.replace("\"block_size\": \"(512, 1, 1)\"", "\"block_size\": \"(3, 1, 1)\"");
    QTest::newRow("block") << block << QStringLiteral("counters.kernels[0].block_size: expected a power of two in 1..1024");
    // Edits inside counters.kernels only (the results hold the same strategy ids).
    const auto kernelStrategy = [&](int i, const char* id) {
        QJsonObject counters = root.value(QStringLiteral("counters")).toObject();
        QJsonArray kernels = counters.value(QStringLiteral("kernels")).toArray();
        QJsonObject k = kernels.at(i).toObject();
        k.insert(QStringLiteral("strategy"), QLatin1String(id));
        kernels.replace(i, k);
        counters.insert(QStringLiteral("kernels"), kernels);
        return with("counters", counters);
    };
    QTest::newRow("strategy") << kernelStrategy(0, "cub") << QStringLiteral("counters.kernels[0].strategy: expected a strategy id with a step model");
    QByteArray n = good;
    n.replace("\"n\": 1024,\n  \"ncu\"", "\"n\": 0,\n  \"ncu\"");
    QTest::newRow("n") << n << QStringLiteral("counters.n: expected an integer in 1..");
    QTest::newRow("duplicate strategy") << kernelStrategy(1, "simple") << QStringLiteral("counters.kernels[1].strategy: simple is already in entry 0");
    // The older array form: the same checks per entry, named counters[i].
    QJsonArray array = root.value(QStringLiteral("counters")).toObject().value(QStringLiteral("kernels")).toArray();
    QJsonObject first = array.at(0).toObject();
    first.remove(QStringLiteral("hardware"));
    array.replace(0, first);
    QTest::newRow("array form without hardware") << with("counters", array) << QStringLiteral("counters[0].hardware");
}

void TestTruthCheck::badCountersFileKeepsState()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QVERIFY(pane()->setRequest(request(QStringLiteral("shared"), ramp(1024))));
    QVERIFY(pane()->loadHardwareCounters(kCounters));
    const QString before = pane()->countersView()->hardwareText();
    QVERIFY(!before.isEmpty());
    const QString path = m_dir.filePath(QStringLiteral("counters.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    QVERIFY(!pane()->loadHardwareCounters(path));
    const QString message = pane()->fieldMessage(QStringLiteral("counters"));
    QVERIFY2(message.startsWith(QStringLiteral("counters.json: ")), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QCOMPARE(pane()->countersView()->hardwareText(), before);
    QVERIFY(pane()->hasHardwareCounters());
}

void TestTruthCheck::resultsWithCountersReachStepPane()
{
    // The fixture is a whole results file (H200, n = 1048576) with counters at n = 1024: the
    // benchmark pane reads it, and the counters' own n is the one compared.
    QString error;
    QVERIFY2(m_window->benchmarkPane()->loadResults(kCounters, &error), qPrintable(error));
    QVERIFY(!pane()->hasHardwareCounters());
    QVERIFY(m_window->loadCountersOf(kCounters));
    QVERIFY(pane()->hasHardwareCounters());
    QVERIFY(!m_window->loadCountersOf(kRecorded));  // no "counters": nothing happens
    QVERIFY(pane()->hasHardwareCounters());
}

void TestTruthCheck::commandLine()
{
    const auto ok = app::parseCommandLine({QStringLiteral("reducescope"), QStringLiteral("--trace"), kRecorded,
                                           QStringLiteral("--counters"), kCounters, QStringLiteral("--step"), QStringLiteral("2")});
    QCOMPARE(ok.exitCode, -1);
    QCOMPARE(ok.options.trace, kRecorded);
    QCOMPARE(ok.options.counters, kCounters);
    const auto mixed = app::parseCommandLine({QStringLiteral("reducescope"), QStringLiteral("--trace"), kRecorded,
                                              QStringLiteral("--strategy"), QStringLiteral("simple")});
    QCOMPARE(mixed.exitCode, 2);
    QVERIFY(mixed.error.startsWith(QStringLiteral("trace: ")));
    const auto empty = app::parseCommandLine({QStringLiteral("reducescope"), QStringLiteral("--counters="), });
    QCOMPARE(empty.exitCode, 2);
    QVERIFY(empty.error.startsWith(QStringLiteral("counters must be")));
}

void TestTruthCheck::screenshotsNotBlank()
{
    // REDUCESCOPE_SCREENSHOT_DIR=DIR writes the PNGs (docs/screenshots/ were made this way too).
    QVERIFY(pane()->openTraceFile(kRecorded));
    pane()->setStep(1);
    QVERIFY(pane()->loadHardwareCounters(kCounters));
    QTest::qWait(20);
    const QImage image = m_window->grab().toImage();
    QVERIFY(!image.isNull());
    // The banner's band colour is on screen.
    const QColor band = views::ViewColors::fromPalette(pane()->stepView()->palette()).recorded;
    const QImage view = pane()->stepView()->grab().toImage();
    int bandPixels = 0;
    for (int y = 0; y < std::min(view.height(), 120); ++y)
        for (int x = 0; x < view.width(); x += 4)
            bandPixels += QColor(view.pixel(x, y)) == band;
    QVERIFY2(bandPixels > 200, qPrintable(QString::number(bandPixels)));
    if (const QString dir = qEnvironmentVariable("REDUCESCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(image.save(dir + QStringLiteral("/truth_check.png")));
}

REDUCESCOPE_GUI_TEST_MAIN(TestTruthCheck)
#include "tst_truth_check.moc"
