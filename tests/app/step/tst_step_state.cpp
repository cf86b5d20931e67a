// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane's state without widgets (app/step/step_state.h): requests and refusals, one edited field
// at a time, the atomic order, clicks answering predict questions, compare mode,
// step clamping, the trace source (model / recorded / file), the GPU probe and the recorder,
// driven through a fake reducescope-cli (data/fake_cli.sh): recorded, refused, crashed, cancelled,
// no device. No widget is created: the test runs on QCoreApplication.
#include "app/common/language.h"
#include "app/step/step_state.h"
#include "app/common/lessons.h"

#include "model/simulate.h"
#include "model/trace_json.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace reducescope;
using app::RecorderState;
using app::TraceSource;

Q_DECLARE_METATYPE(reducescope::app::RecorderState)

namespace {

const QString kFakeCli = QStringLiteral(REDUCESCOPE_TEST_DATA "/fake_cli.sh");
const QString kRecorded = QStringLiteral(REDUCESCOPE_TEST_DATA "/recorded_shared_seed.json");
const QString kSeed = QStringLiteral("6,2,7,4,5,8,3,1");

app::TraceRequest request(const QString& strategy, const QString& input, int block = 0, int warp = 32)
{
    app::TraceRequest r;
    r.strategy = strategy;
    r.input = input;
    r.params.block_size = block;
    r.params.warp_size = warp;
    return r;
}

// Steps of the step model of `r` (the state must show the same).
int modelSteps(const app::TraceRequest& r)
{
    const model::ParsedInput in = model::parse_input(r.input.toStdString());
    return int(model::simulate(r.strategy.toStdString(), in.values, r.params).steps.size());
}

QStringList readLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestStepState : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void validRequest_data();
    void validRequest();
    void refusedRequestKeepsLastTrace_data();
    void refusedRequestKeepsLastTrace();
    void refusalAtItsField_data();
    void inputNoteAtInput_data();
    void inputNoteAtInput();
    void refusalAtItsField();
    void compareOnOff_data();
    void compareOnOff();
    void stepClamping_data();
    void stepClamping();
    void applyEditTakesOneField_data();
    void applyEditTakesOneField();
    void atomicOrderApplies_data();
    void atomicOrderApplies();
    void sourceSwitches();
    void probe_data();
    void probe();
    void recording_data();
    void recording();
    void cancelRecording();
    void newRequestAbortsRecording();
    void recordingArguments();
    // Classroom mode (docs/classroom.md), through the state alone.
    void predictGradesAgainstTrace_data();
    void predictGradesAgainstTrace();
    void predictRefusesBadAnswers();
    void answerClickTakesTheAskedKind_data();
    void answerClickTakesTheAskedKind();
    void lessonSetsWholeState_data();
    void lessonSetsWholeState();
    void resetToDefaults();

private:
    QTemporaryDir m_dir;
};

void TestStepState::initTestCase()
{
    QVERIFY(app::setLanguage(QStringLiteral("en")));  // as the app starts: English plural forms
    QVERIFY2(QFileInfo(kFakeCli).isExecutable(), qPrintable(kFakeCli));
    QVERIFY(m_dir.isValid());
}

void TestStepState::init()
{
    qunsetenv("FAKE_CLI_MODE");
    qunsetenv("FAKE_CLI_DEVICES");
    qunsetenv("FAKE_CLI_ARGS");
}

void TestStepState::validRequest_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("resolvedBlock");   // 0: the strategy's default resolved by the model
    QTest::addColumn<double>("result");       // float64 sum (or max) of the input
    // PMPP exercise 6 (seed 002): 8 values, block 4 by default (n/2) for the single-block kernels.
    QTest::addRow("convergent PMPP") << "convergent" << kSeed << 0 << 4 << 36.0;
    QTest::addRow("simple PMPP") << "simple" << kSeed << 0 << 4 << 36.0;
    QTest::addRow("shared block 4") << "shared" << kSeed << 4 << 4 << 36.0;
    QTest::addRow("coarsened_max") << "coarsened_max" << kSeed << 0 << 2 << 8.0;  // model::resolve: two blocks of 2 on 8 values
    QTest::addRow("segmented 1..64") << "segmented" << QStringLiteral("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 "
                                                                      "21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 "
                                                                      "47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64")
                                     << 16 << 16 << 2080.0;
}

void TestStepState::validRequest()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, block);
    QFETCH(int, resolvedBlock);
    QFETCH(double, result);
    app::StepState state;
    QSignalSpy changed(&state, &app::StepState::traceChanged);
    const app::TraceRequest r = request(strategy, input, block);
    QVERIFY(state.setRequest(r));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(state.request().strategy, strategy);
    QCOMPARE(state.request().input, input);
    QCOMPARE(QString::fromStdString(state.trace()->strategy), strategy);
    QCOMPARE(state.trace()->params.block_size, resolvedBlock);
    QCOMPARE(state.trace()->reference, result);
    QCOMPARE(double(state.trace()->result), result);
    QCOMPARE(state.stepCount(), modelSteps(r));
    QCOMPARE(state.source(), TraceSource::Model);
    QVERIFY(state.traceBanner().isEmpty());
    for (const QString& field : app::StepState::fields())
        QVERIFY2(state.message(field).isEmpty(), qPrintable(field));
}

void TestStepState::refusedRequestKeepsLastTrace_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");   // the message contains this
    QTest::addRow("letters") << "convergent" << "6,2,x" << 0 << 32 << "input" << "x";
    QTest::addRow("empty") << "convergent" << "" << 0 << 32 << "input" << "input";
    QTest::addRow("4097 values") << "convergent" << QString(QStringLiteral("1,").repeated(4096) + QStringLiteral("1")) << 0 << 32
                                 << "input" << "input must hold 1..4096 values (got more than 4096)";
    QTest::addRow("longer than the field") << "convergent" << QString(app::StepState::kInputMaxLength + 1, QLatin1Char('1')) << 0
                                           << 32 << "input" << "at most 131072 characters (got 131073; last valid input kept)";
    QTest::addRow("block size 3") << "convergent" << kSeed << 3 << 32 << "block-size" << "power of two in 1..1024 (got 3)";
    QTest::addRow("warp size 7") << "convergent" << kSeed << 0 << 7 << "warp-size" << "32, or 4, 8 or 16";
    QTest::addRow("benchmark-only strategy") << "cub" << kSeed << 0 << 32 << "strategy" << "strategy must be one of";
    QTest::addRow("unknown strategy") << "nope" << kSeed << 0 << 32 << "strategy" << "(got \"nope\")";
}

void TestStepState::refusedRequestKeepsLastTrace()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(QString, field);
    QFETCH(QString, message);
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("simple"), kSeed)));
    state.setStep(2);
    const auto before = state.trace();
    QSignalSpy changed(&state, &app::StepState::traceChanged);
    QSignalSpy messages(&state, &app::StepState::messagesChanged);
    QVERIFY(!state.setRequest(request(strategy, input, block, warp)));
    QCOMPARE(changed.count(), 0);
    QVERIFY(messages.count() > 0);
    QCOMPARE(state.trace(), before);
    QCOMPARE(state.request().strategy, QStringLiteral("simple"));
    QCOMPARE(state.request().input, kSeed);
    QCOMPARE(state.step(), 2);
    QVERIFY2(state.message(field).contains(message), qPrintable(state.message(field)));
    // The next valid request clears the message.
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), kSeed)));
    QVERIFY(state.message(field).isEmpty());
}

// Each editor's refusal is shown at that editor's message line (the sidebar has one per field of
// StepState::fields()), never at the strategy; a field missing from fields() would land there.
void TestStepState::refusalAtItsField_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("value");
    QTest::addColumn<QString>("message");   // exactly
    QTest::addRow("block-size 3") << "block-size" << 3 << "block-size must be a power of two in 1..1024 (got 3)";
    QTest::addRow("coarse-factor 0") << "coarse-factor" << 0 << "";
    QTest::addRow("banks 3") << "banks" << 3 << "";
    QTest::addRow("atomic-order -1") << "atomic-order" << -1
                                     << "atomic-order must be in 0..1000000 (0: by block, warp and lane) (got -1)";
    QTest::addRow("atomic-order 1000001") << "atomic-order" << 1000001
                                          << "atomic-order must be in 0..1000000 (0: by block, warp and lane) (got 1000001)";
}

void TestStepState::refusalAtItsField()
{
    QFETCH(QString, field);
    QFETCH(int, value);
    QFETCH(QString, message);
    QVERIFY(app::StepState::fields().contains(field));
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("segmented"), kSeed)));
    app::TraceRequest controls = state.request();
    if (field == QLatin1String("block-size"))
        controls.params.block_size = value;
    else if (field == QLatin1String("coarse-factor"))
        controls.params.coarse_factor = value;
    else if (field == QLatin1String("banks"))
        controls.params.banks = value;
    else
        controls.params.atomic_order = value;
    QVERIFY(!state.applyEdit(field, controls));
    const QString shown = state.message(field);
    QVERIFY2(!shown.isEmpty(), qPrintable(field));
    if (!message.isEmpty())
        QCOMPARE(shown, message);
    for (const QString& other : app::StepState::fields())
        if (other != field)
            QVERIFY2(state.message(other).isEmpty(), qPrintable(other + QStringLiteral(": ") + state.message(other)));
    // The edited field's next valid value clears it.
    controls = state.request();
    QVERIFY(state.applyEdit(field, controls));
    QVERIFY(state.message(field).isEmpty());
}

// A value float32 reads as ±0 (1e-46) is taken, and the input's message line says so; the trace
// is that of the zeros. The next input without such a value clears it.
void TestStepState::inputNoteAtInput_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("note");
    QTest::addColumn<double>("result");
    const QString tail = QStringLiteral(" in float32 (its magnitude is below half the smallest subnormal, 1.40129846e-45)");
    QTest::addRow("1e-46") << "1,2,1e-46" << "input: value 3 '1e-46' rounds to 0" + tail << 3.0;
    QTest::addRow("two") << "-1e-50,4,1e-99" << "input: value 1 '-1e-50' rounds to -0" + tail +
                                                   " input: value 3 '1e-99' rounds to 0" + tail << 4.0;
    QTest::addRow("subnormal: no note") << "1e-40,1" << "" << 1.0;
}

void TestStepState::inputNoteAtInput()
{
    QFETCH(QString, input);
    QFETCH(QString, note);
    QFETCH(double, result);
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), input)));
    QCOMPARE(state.message(QStringLiteral("input")), note);
    QCOMPARE(double(state.trace()->result), result);
    QCOMPARE(state.request().input, input);
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), kSeed)));
    QVERIFY(state.message(QStringLiteral("input")).isEmpty());
}

void TestStepState::compareOnOff_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("message");
    QTest::addRow("simple") << "simple" << true << "";
    QTest::addRow("shared") << "shared" << true << "";
    QTest::addRow("same strategy") << "convergent" << true << "";
    QTest::addRow("benchmark only") << "cub" << false << "compare must be one of simple, ";
    QTest::addRow("unknown") << "nope" << false << "(got \"nope\")";
}

void TestStepState::compareOnOff()
{
    QFETCH(QString, id);
    QFETCH(bool, valid);
    QFETCH(QString, message);
    app::StepState state;
    const app::TraceRequest r = request(QStringLiteral("convergent"), kSeed);
    QVERIFY(state.setRequest(r));
    QCOMPARE(state.setCompareStrategy(id), valid);
    if (!valid) {
        QVERIFY(state.compareStrategy().isEmpty());
        QVERIFY(!state.compareTrace());
        QVERIFY2(state.message(QStringLiteral("compare")).contains(message), qPrintable(state.message(QStringLiteral("compare"))));
        return;
    }
    QCOMPARE(state.compareStrategy(), id);
    QVERIFY(state.compareTrace());
    QCOMPARE(QString::fromStdString(state.compareTrace()->strategy), id);
    app::TraceRequest other = r;
    other.strategy = id;
    QCOMPARE(int(state.compareTrace()->steps.size()), modelSteps(other));
    QCOMPARE(state.stepCount(), std::max(modelSteps(r), modelSteps(other)));
    // A new request rebuilds the compared strategy on its input.
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), QStringLiteral("1,2,3,4"))));
    QCOMPARE(state.compareTrace()->n, 4);
    QCOMPARE(double(state.compareTrace()->result), 10.0);
    // Off.
    QVERIFY(state.setCompareStrategy(QString()));
    QVERIFY(!state.compareTrace());
    QCOMPARE(state.stepCount(), int(state.trace()->steps.size()));
}

void TestStepState::stepClamping_data()
{
    QTest::addColumn<QString>("compare");
    QTest::addColumn<int>("asked");
    QTest::addColumn<int>("expected");   // -1: the last step
    QTest::addColumn<bool>("moved");     // stepChanged emitted
    QTest::addRow("middle") << "" << 1 << 1 << true;
    QTest::addRow("below 0") << "" << -5 << 0 << false;
    QTest::addRow("past the end") << "" << 99 << -1 << true;
    QTest::addRow("compare, past the end") << "coarsened" << 99 << -1 << true;
}

void TestStepState::stepClamping()
{
    QFETCH(QString, compare);
    QFETCH(int, asked);
    QFETCH(int, expected);
    QFETCH(bool, moved);
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), kSeed)));
    if (!compare.isEmpty())
        QVERIFY(state.setCompareStrategy(compare));
    const int mainSteps = int(state.trace()->steps.size());
    const int last = state.stepCount() - 1;
    QSignalSpy stepped(&state, &app::StepState::stepChanged);
    state.setStep(asked);
    const int want = expected < 0 ? last : expected;
    QCOMPARE(state.step(), want);
    QCOMPARE(stepped.count(), moved ? 1 : 0);
    // Each column shows the step clamped to its own trace.
    QCOMPARE(state.stepOf(0), std::min(want, mainSteps - 1));
    if (!compare.isEmpty())
        QCOMPARE(state.stepOf(1), std::min(want, int(state.compareTrace()->steps.size()) - 1));
    // A shorter trace clamps the step without a stepChanged.
    stepped.clear();
    QVERIFY(state.setCompareStrategy(QString()));
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), QStringLiteral("1,2"))));
    QCOMPARE(state.step(), std::min(want, state.stepCount() - 1));
    QCOMPARE(stepped.count(), 0);
}

// The sidebar's editors write one field each into the last valid request (StepState::applyEdit):
// the editors show strategy convergent, input 1,2,3, block 3 (refused), warp 16, coarse 2, banks 16,
// atomic order 5 over the request simple / 6,2,7,4,5,8,3,1 / defaults (block 0, warp 32, coarse 4,
// banks 32, atomic order 0).
void TestStepState::applyEditTakesOneField_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<bool>("withInput");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<int>("banks");
    QTest::addColumn<int>("atomicOrder");
    const QString abc = QStringLiteral("1,2,3");
    QTest::addRow("strategy") << "strategy" << false << true << "convergent" << kSeed << 0 << 32 << 4 << 32 << 0;
    QTest::addRow("input") << "input" << false << true << "simple" << abc << 0 << 32 << 4 << 32 << 0;
    QTest::addRow("block 3 refused") << "block-size" << false << false << "simple" << kSeed << 0 << 32 << 4 << 32 << 0;
    QTest::addRow("warp size") << "warp-size" << false << true << "simple" << kSeed << 0 << 16 << 4 << 32 << 0;
    QTest::addRow("coarse factor") << "coarse-factor" << false << true << "simple" << kSeed << 0 << 32 << 2 << 32 << 0;
    QTest::addRow("banks") << "banks" << false << true << "simple" << kSeed << 0 << 32 << 4 << 16 << 0;
    QTest::addRow("atomic order") << "atomic-order" << false << true << "simple" << kSeed << 0 << 32 << 4 << 32 << 5;
    QTest::addRow("warp size, pending input") << "warp-size" << true << true << "simple" << abc << 0 << 16 << 4 << 32 << 0;
    QTest::addRow("block 3, pending input") << "block-size" << true << false << "simple" << kSeed << 0 << 32 << 4 << 32 << 0;
}

void TestStepState::applyEditTakesOneField()
{
    QFETCH(QString, field);
    QFETCH(bool, withInput);
    QFETCH(bool, ok);
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, coarse);
    QFETCH(int, banks);
    QFETCH(int, atomicOrder);
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("simple"), kSeed)));
    app::TraceRequest controls = request(QStringLiteral("convergent"), QStringLiteral("1,2,3"), 3, 16);
    controls.params.coarse_factor = 2;
    controls.params.banks = 16;
    controls.params.atomic_order = 5;
    QCOMPARE(state.applyEdit(field, controls, withInput), ok);
    const app::TraceRequest& r = state.request();
    QCOMPARE(r.strategy, strategy);
    QCOMPARE(r.input, input);
    QCOMPARE(r.params.block_size, block);
    QCOMPARE(r.params.warp_size, warp);
    QCOMPARE(r.params.coarse_factor, coarse);
    QCOMPARE(r.params.banks, banks);
    QCOMPARE(r.params.atomic_order, atomicOrder);
    QCOMPARE(state.message(field).isEmpty(), ok);
}

// The atomic order seed applies where float atomics on one address merge the partial sums
// (the catalogue's atomic merge, on more than one block for single-block kernels), not to a fixed
// merge; and to `race`, whose warps the seed interleaves (model::race_schedule).
void TestStepState::atomicOrderApplies_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("values");
    QTest::addColumn<bool>("applies");
    QTest::addRow("simple, one block") << "simple" << 8 << false;
    QTest::addRow("two_pass") << "two_pass" << 4096 << false;
    QTest::addRow("atomic_naive") << "atomic_naive" << 8 << true;
    QTest::addRow("segmented, 4 blocks") << "segmented" << 64 << true;
    QTest::addRow("race") << "race" << 8 << true;
}

void TestStepState::atomicOrderApplies()
{
    QFETCH(QString, strategy);
    QFETCH(int, values);
    QFETCH(bool, applies);
    QStringList input;
    for (int i = 1; i <= values; ++i)
        input << QString::number(i);
    app::StepState state;
    QVERIFY2(state.setRequest(request(strategy, input.join(QLatin1Char(',')), strategy == QLatin1String("segmented") ? 16 : 0)),
             qPrintable(state.message(QStringLiteral("strategy")) + state.message(QStringLiteral("input"))));
    QCOMPARE(state.atomicOrderApplies(), applies);
}

void TestStepState::sourceSwitches()
{
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("simple"), QStringLiteral("1,2,3,4,5"))));
    QCOMPARE(state.source(), TraceSource::Model);

    // A recording from a file: marked, and its request becomes the state's.
    QVERIFY2(state.openTraceFile(kRecorded), qPrintable(state.message(QStringLiteral("trace"))));
    QCOMPARE(state.source(), TraceSource::File);
    QVERIFY(state.showsRecordedTrace());
    QCOMPARE(state.origin().records, 8);
    QCOMPARE(state.origin().file, kRecorded);
    QVERIFY(state.traceBanner().startsWith(QStringLiteral("Recorded on the GPU: ")));
    QVERIFY(state.traceBanner().endsWith(QStringLiteral(" · from recorded_shared_seed.json")));
    QCOMPARE(state.request().strategy, QStringLiteral("shared"));
    QCOMPARE(state.request().input, kSeed);
    QCOMPARE(state.request().params.block_size, 4);
    const auto recorded = state.trace();

    // A bad file: the message at "trace", the recording stays.
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\":");
    f.close();
    QVERIFY(!state.openTraceFile(bad));
    QVERIFY(state.message(QStringLiteral("trace")).startsWith(QStringLiteral("bad.json: ")));
    QCOMPARE(state.trace(), recorded);
    QCOMPARE(state.source(), TraceSource::File);

    // Back to the model of the same request.
    state.showModel();
    QCOMPARE(state.source(), TraceSource::Model);
    QVERIFY(!state.showsRecordedTrace());
    QVERIFY(state.traceBanner().isEmpty());
    QVERIFY(state.trace() != recorded);
    QCOMPARE(state.trace()->strategy, std::string("shared"));
    QCOMPARE(state.trace()->result, 36.f);

    // A model trace from a file: from a file, not recorded, no banner.
    const QString path = m_dir.filePath(QStringLiteral("model.json"));
    QFile m(path);
    QVERIFY(m.open(QIODevice::WriteOnly));
    m.write(QByteArray::fromStdString(model::trace_to_json(model::simulate("convergent", std::vector<float>{1, 2, 3, 4})).dump()));
    m.close();
    QVERIFY(state.openTraceFile(path));
    QCOMPARE(state.source(), TraceSource::File);
    QVERIFY(!state.showsRecordedTrace());
    QVERIFY(state.traceBanner().isEmpty());
    QCOMPARE(state.request().input, QStringLiteral("1,2,3,4"));

    // A new request shows the model again.
    QVERIFY(state.setRequest(request(QStringLiteral("simple"), kSeed)));
    QCOMPARE(state.source(), TraceSource::Model);
}

void TestStepState::probe_data()
{
    QTest::addColumn<QString>("cli");
    QTest::addColumn<QString>("devices");   // FAKE_CLI_DEVICES
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<bool>("available");
    QTest::addColumn<QString>("text");      // the device when available, else the reason
    QTest::addRow("a GPU") << kFakeCli << "ok" << 5000 << true << "Test GPU (sm_90)";
    QTest::addRow("no GPU (exit 77)") << kFakeCli << "nodevice" << 5000 << false << "no CUDA device: no CUDA driver found";
    QTest::addRow("no answer") << kFakeCli << "hang" << 300 << false
                               << "no usable CUDA device: reducescope-cli devices did not answer within 0.3 s";
    QTest::addRow("crash") << kFakeCli << "crash" << 5000 << false << "no usable CUDA device: reducescope-cli devices crashed";
    QTest::addRow("no CLI there") << QStringLiteral("/nonexistent/reducescope-cli") << "ok" << 5000 << false
                                  << "no usable CUDA device: cannot start /nonexistent/reducescope-cli";
}

void TestStepState::probe()
{
    QFETCH(QString, cli);
    QFETCH(QString, devices);
    QFETCH(int, timeoutMs);
    QFETCH(bool, available);
    QFETCH(QString, text);
    qputenv("FAKE_CLI_DEVICES", devices.toUtf8());
    app::StepState state;
    QElapsedTimer clock;
    clock.start();
    state.probeGpu(cli, timeoutMs);
    // The probe runs beside the event loop: nothing waits for it.
    QVERIFY(clock.elapsed() < 1000);
    if (state.recorderState() == RecorderState::Probing)
        QTRY_VERIFY_WITH_TIMEOUT(state.recorderState() != RecorderState::Probing, 10000);
    QCOMPARE(state.gpuStatus().available, available);
    QCOMPARE(state.recorderState(), available ? RecorderState::Ready : RecorderState::NoDevice);
    const QString got = available ? state.gpuStatus().device : state.gpuStatus().reason;
    QVERIFY2(got.startsWith(text), qPrintable(got));
    // Without a GPU the switch cannot go on, and says why at the field.
    if (!available) {
        QVERIFY(!state.setShowRecorded(true));
        QVERIFY(!state.showRecorded());
        QCOMPARE(state.message(QStringLiteral("trace")), state.gpuStatus().reason);
    }
}

void TestStepState::recording_data()
{
    QTest::addColumn<QString>("mode");      // FAKE_CLI_MODE
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("warp");
    QTest::addColumn<bool>("process");      // a child is started (else refused at once)
    QTest::addColumn<bool>("shown");        // the recording is on screen afterwards
    QTest::addColumn<QString>("message");   // at "trace" (starts with)
    QTest::addColumn<bool>("switchAfter");
    QTest::addColumn<RecorderState>("stateAfter");
    QTest::addRow("recorded") << "ok" << "shared" << 32 << true << true << "" << true << RecorderState::Ready;
    QTest::addRow("CLI refuses the strategy") << "ok" << "vectorized" << 32 << true << false
        << "the recording refused these parameters: strategy 'vectorized' has no GPU recording" << true << RecorderState::Ready;
    QTest::addRow("CLI refuses the parameters") << "refuse" << "shared" << 32 << true << false
        << "the recording refused these parameters: the warp kernels need whole warps" << true << RecorderState::Ready;
    QTest::addRow("crash") << "crash" << "shared" << 32 << true << false
        << "recording failed: reducescope-cli crashed (CUDA error: an illegal memory access was encountered)" << true
        << RecorderState::Ready;
    QTest::addRow("not a trace") << "garbage" << "shared" << 32 << true << false
        << "recording failed: the recording of reducescope-cli: " << true << RecorderState::Ready;
    QTest::addRow("no GPU (exit 77)") << "nodevice" << "shared" << 32 << true << false
        << "no CUDA device: no CUDA driver found" << false << RecorderState::NoDevice;
    QTest::addRow("teaching warp size") << "ok" << "shared" << 8 << false << false
        << "a GPU records warps of 32 lanes and 32 banks (this request has warp size 8, 32 banks)" << true << RecorderState::Ready;
}

void TestStepState::recording()
{
    QFETCH(QString, mode);
    QFETCH(QString, strategy);
    QFETCH(int, warp);
    QFETCH(bool, process);
    QFETCH(bool, shown);
    QFETCH(QString, message);
    QFETCH(bool, switchAfter);
    QFETCH(RecorderState, stateAfter);
    qputenv("FAKE_CLI_MODE", mode.toUtf8());
    const QString args = m_dir.filePath(QStringLiteral("args_%1.txt").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    qputenv("FAKE_CLI_ARGS", args.toUtf8());
    app::StepState state;
    state.setCliPath(kFakeCli);
    state.setGpuStatus(app::GpuStatus{true, QStringLiteral("Test GPU (sm_90)"), QString()});
    QCOMPARE(state.recorderState(), RecorderState::Ready);
    QVERIFY(state.setRequest(request(strategy, kSeed, 0, warp)));
    QSignalSpy finished(&state, &app::StepState::recordingFinished);

    QElapsedTimer clock;
    clock.start();
    QCOMPARE(state.setShowRecorded(true), process);
    QVERIFY(clock.elapsed() < 1000);  // the GUI thread never waits for the GPU
    const auto model = state.trace();  // the model of the request, on screen meanwhile
    QCOMPARE(model->strategy, strategy.toStdString());
    QCOMPARE(state.source(), TraceSource::Model);
    if (process) {
        QCOMPARE(state.recorderState(), RecorderState::Recording);
        QVERIFY(finished.wait(10000));
    }
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), shown);
    QCOMPARE(QFileInfo::exists(args), process);
    QCOMPARE(state.recorderState(), stateAfter);
    QCOMPARE(state.showRecorded(), switchAfter);
    if (shown) {
        QCOMPARE(state.source(), TraceSource::RecordedHere);
        QCOMPARE(state.traceBanner(), QStringLiteral("Recorded on the GPU: Test GPU (sm_90) — 8 probe records"));
        QCOMPARE(state.origin().records, 8);
        QVERIFY(state.origin().file.isEmpty());
        QCOMPARE(state.trace()->result, 36.f);
        QVERIFY(state.message(QStringLiteral("trace")).isEmpty());
        return;
    }
    QCOMPARE(state.trace(), model);
    QCOMPARE(state.source(), TraceSource::Model);
    QVERIFY(state.traceBanner().isEmpty());
    QVERIFY2(state.message(QStringLiteral("trace")).startsWith(message), qPrintable(state.message(QStringLiteral("trace"))));
    if (stateAfter == RecorderState::NoDevice) {
        QVERIFY(!state.gpuStatus().available);
        QCOMPARE(state.gpuStatus().reason, state.message(QStringLiteral("trace")));
    }
}

void TestStepState::cancelRecording()
{
    qputenv("FAKE_CLI_MODE", "sleep");
    app::StepState state;
    state.setCliPath(kFakeCli);
    state.setGpuStatus(app::GpuStatus{true, QStringLiteral("Test GPU (sm_90)"), QString()});
    QVERIFY(state.setRequest(request(QStringLiteral("shared"), kSeed)));
    QSignalSpy finished(&state, &app::StepState::recordingFinished);
    QVERIFY(state.setShowRecorded(true));
    const auto model = state.trace();
    QCOMPARE(state.recorderState(), RecorderState::Recording);
    QTest::qWait(50);
    QElapsedTimer clock;
    clock.start();
    state.cancelRecording();
    QVERIFY(finished.wait(5000));
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(state.recorderState(), RecorderState::Ready);
    QVERIFY(!state.showRecorded());
    QCOMPARE(state.message(QStringLiteral("trace")), QStringLiteral("recording cancelled: the step model is shown"));
    QCOMPARE(state.trace(), model);
    QCOMPARE(state.source(), TraceSource::Model);
}

void TestStepState::newRequestAbortsRecording()
{
    qputenv("FAKE_CLI_MODE", "sleep");
    app::StepState state;
    state.setCliPath(kFakeCli);
    state.setGpuStatus(app::GpuStatus{true, QStringLiteral("Test GPU (sm_90)"), QString()});
    QVERIFY(state.setRequest(request(QStringLiteral("shared"), kSeed)));
    QSignalSpy finished(&state, &app::StepState::recordingFinished);
    QVERIFY(state.setShowRecorded(true));
    // A new request: the old recording is not wanted any more; the new one starts.
    QVERIFY(state.setRequest(request(QStringLiteral("shared"), QStringLiteral("1,2,3,4"))));
    QCOMPARE(state.recorderState(), RecorderState::Recording);
    QCOMPARE(state.trace()->n, 4);
    // The switch off: back to the model, no recording, no message.
    QVERIFY(state.setShowRecorded(false));
    QCOMPARE(state.recorderState(), RecorderState::Ready);
    QTest::qWait(100);
    QCOMPARE(finished.count(), 0);
    QVERIFY(state.message(QStringLiteral("trace")).isEmpty());
    QCOMPARE(state.source(), TraceSource::Model);
}

void TestStepState::recordingArguments()
{
    // The GPU runs what the model shows: the resolved block size and the model's own values.
    qputenv("FAKE_CLI_MODE", "ok");
    const QString args = m_dir.filePath(QStringLiteral("args.txt"));
    qputenv("FAKE_CLI_ARGS", args.toUtf8());
    app::StepState state;
    state.setCliPath(kFakeCli);
    state.setGpuStatus(app::GpuStatus{true, QStringLiteral("Test GPU (sm_90)"), QString()});
    app::TraceRequest r = request(QStringLiteral("shared"), QStringLiteral(" -6  2,7.25 4 5 8e0 3 1 "));
    r.params.coarse_factor = 2;
    QVERIFY(state.setRequest(r));
    QSignalSpy finished(&state, &app::StepState::recordingFinished);
    QVERIFY(state.setShowRecorded(true));
    QVERIFY(finished.wait(10000));
    QCOMPARE(readLines(args), (QStringList{"trace", "--on-gpu", "--json", "--strategy", "shared",
                                          "--input=-6,2,7.25,4,5,8,3,1", "--block-size", "4", "--coarse-factor", "2"}));
}

// Every modelled strategy on several inputs: at every step, the state asks a question, the answer
// read from the trace is graded right, an altered one wrong, and the score counts both.
void TestStepState::predictGradesAgainstTrace_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("warp");
    const QStringList inputs{kSeed, QStringLiteral("1,2,3"), QStringLiteral("3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4,6,2,6,4,3,3,8,3,2,7,9,5,0,2,8,8,4,1,9,7")};
    for (const QString& id : app::modelStrategyIds())
        for (int i = 0; i < inputs.size(); ++i)
            QTest::addRow("%s input %d", qPrintable(id), i) << id << inputs[i] << (i == 2 ? 4 : 32);
}

void TestStepState::predictGradesAgainstTrace()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, warp);
    app::StepState state;
    QVERIFY(state.setRequest(request(strategy, input, 0, warp)));
    QSignalSpy changed(&state, &app::StepState::predictChanged);
    state.setPredictMode(true);
    QVERIFY(changed.count() >= 1);
    int right = 0, asked = 0;
    for (int k = 0; k < state.stepCount(); ++k) {
        state.setStep(k);
        // Every kind that applies to this step, in turn.
        const std::size_t kinds = model::questions_for(*state.trace(), k).size();
        for (std::size_t n = 0; n < std::max<std::size_t>(kinds, 1); ++n, state.nextQuestion()) {
            const model::Question* q = state.question();
            if (!q) {
                QCOMPARE(kinds, std::size_t(0));
                continue;
            }
            QCOMPARE(q->step, k);
            QVERIFY(state.covered());
            const bool wrongFirst = (n % 2) == 1;
            if (q->form == model::AnswerForm::Set) {
                if (wrongFirst) {
                    // One id too many or one missing: wrong.
                    for (int id : q->expected_set)
                        QVERIFY(state.toggleAnswer(id));
                    if (!q->expected_set.empty())
                        QVERIFY(!state.toggleAnswer(q->expected_set.front()));
                    else if (!q->choices.empty())
                        QVERIFY(state.toggleAnswer(q->choices.front()));
                    else
                        continue;  // nothing to click at all
                } else {
                    for (int id : q->expected_set)
                        QVERIFY(state.toggleAnswer(id));
                }
                QVERIFY(!state.toggleAnswer(-7));  // not a choice: ignored
            } else {
                const double v = q->expected_number;
                const double given = wrongFirst ? (std::isfinite(v) ? v + 1 : 0.0) : v;
                QVERIFY(state.setAnswerText(QString::number(given, 'g', 17)));
            }
            const model::Grade* g = state.reveal();
            QVERIFY(g);
            QCOMPARE(g->right, !wrongFirst);
            QVERIFY(!state.covered());
            QVERIFY(state.revealed());
            QVERIFY(!state.reveal());       // once
            QVERIFY(!state.toggleAnswer(0)); // answers are closed once revealed
            ++asked;
            right += g->right ? 1 : 0;
            QCOMPARE(state.score().asked, asked);
            QCOMPARE(state.score().right, right);
        }
    }
    QVERIFY2(asked > 0, "no question asked");
    state.setPredictMode(false);
    QVERIFY(!state.question());
    QVERIFY(!state.covered());
}

void TestStepState::predictRefusesBadAnswers()
{
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("convergent"), kSeed)));
    state.setPredictMode(true);
    for (int i = 0; i < 8 && state.question()->form != model::AnswerForm::Number; ++i)
        state.nextQuestion();
    QCOMPARE(state.question()->form, model::AnswerForm::Number);
    QVERIFY(!state.setAnswerText(QStringLiteral("twelve")));
    QVERIFY(state.message(QStringLiteral("answer")).contains(QStringLiteral("twelve")));
    QVERIFY(!state.answerNumber());
    QVERIFY(state.setAnswerText(QStringLiteral("inf")));
    QVERIFY(state.message(QStringLiteral("answer")).isEmpty());
    QVERIFY(std::isinf(*state.answerNumber()));
    // Nothing typed is an answer too (graded wrong), and the step stays the same step.
    QVERIFY(state.setAnswerText(QString()));
    const model::Grade* g = state.reveal();
    QVERIFY(g && !g->right && !g->given);
    // The same step keeps its revealed question; another step gets a new one.
    const int k = state.step();
    state.setStep(k);
    QVERIFY(state.revealed());
    state.setStep(k + 1);
    QVERIFY(!state.revealed());
}

// A click in the main view answers a Set question only with the kind of item it asks about
// (divergent warps: warps, active lanes: lanes, written cells: cells).
void TestStepState::answerClickTakesTheAskedKind_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("warp");
    QTest::addRow("simple warp 4") << "simple" << 4;
    QTest::addRow("interleaved_strided warp 4") << "interleaved_strided" << 4;
    QTest::addRow("convergent warp 4") << "convergent" << 4;
}

void TestStepState::answerClickTakesTheAskedKind()
{
    QFETCH(QString, strategy);
    QFETCH(int, warp);
    using Item = app::StepState::ClickedItem;
    app::StepState state;
    QVERIFY(state.setRequest(request(strategy, QStringLiteral("3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3"), 0, warp)));
    state.setPredictMode(true);
    int sets = 0;
    for (int k = 0; k < state.stepCount(); ++k) {
        state.setStep(k);
        const std::size_t kinds = model::questions_for(*state.trace(), k).size();
        for (std::size_t n = 0; n < kinds; ++n, state.nextQuestion()) {
            const model::Question* q = state.question();
            if (!q || q->form != model::AnswerForm::Set || q->choices.empty())
                continue;
            ++sets;
            const Item asked = q->kind == model::QuestionKind::DivergentWarps ? Item::Warp
                             : q->kind == model::QuestionKind::ActiveLanes    ? Item::Lane
                                                                              : Item::Cell;
            const int id = q->choices.front();
            for (Item other : {Item::Warp, Item::Lane, Item::Cell})
                if (other != asked)
                    state.answerClick(other, id);
            QVERIFY(state.answerSet().empty());
            state.answerClick(asked, id);
            QCOMPARE(state.answerSet(), std::vector<int>{id});
            state.answerClick(asked, id);  // a second click takes it out
            QVERIFY(state.answerSet().empty());
            state.reveal();
            state.answerClick(asked, id);  // revealed: closed
            QVERIFY(state.answerSet().empty());
        }
    }
    QVERIFY2(sets > 0, "no set question asked");
}

void TestStepState::lessonSetsWholeState_data()
{
    QTest::addColumn<int>("index");
    const app::LessonsLoad load = app::loadLessons();
    QVERIFY2(load.errors.isEmpty(), qPrintable(load.errors.join(QLatin1Char('\n'))));
    QVERIFY(load.lessons.size() >= 8);
    for (int i = 0; i < load.lessons.size(); ++i)
        QTest::addRow("%s", load.lessons[i].lesson.id.c_str()) << i;
}

void TestStepState::lessonSetsWholeState()
{
    QFETCH(int, index);
    const model::Lesson l = app::loadLessons().lessons[index].lesson;
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("race"), kSeed, 0, 4)));
    QVERIFY(state.setCompareStrategy(QStringLiteral("shared")));
    state.setStep(3);
    QVERIFY(state.applyLesson(l));
    QCOMPARE(state.request().strategy, QString::fromStdString(l.strategy));
    QCOMPARE(state.request().input, app::lessonInputText(l));
    QCOMPARE(state.request().params.block_size, l.params.block_size);
    QCOMPARE(state.request().params.warp_size, l.params.warp_size);
    QCOMPARE(state.request().params.banks, l.params.banks);
    QCOMPARE(state.request().params.coarse_factor, l.params.coarse_factor);
    QCOMPARE(state.compareStrategy(), l.compare ? QString::fromStdString(*l.compare) : QString());
    QCOMPARE(state.step(), l.step - 1);
    QCOMPARE(state.trace()->n, int(l.input.size()));
    // The traces are the lesson's (its claims are checked on these in tst_lessons).
    const model::LessonTraces built = model::build_lesson(l);
    QVERIFY(built.strategy);
    QCOMPARE(state.trace()->steps.size(), built.strategy->steps.size());
    QCOMPARE(state.trace()->result, built.strategy->result);
    // A lesson that does not build changes nothing.
    model::Lesson bad = l;
    bad.params.block_size = 6;
    const auto before = state.trace();
    QVERIFY(!state.applyLesson(bad));
    QCOMPARE(state.trace(), before);
    QVERIFY(!state.message(QStringLiteral("block-size")).isEmpty());
}

void TestStepState::resetToDefaults()
{
    app::StepState state;
    QVERIFY(state.setRequest(request(QStringLiteral("simple"), QStringLiteral("1,2,3"), 0, 4)));
    QVERIFY(state.setCompareStrategy(QStringLiteral("shared")));
    state.setStep(1);
    state.setPredictMode(true);
    state.resetToDefaults();
    const app::TraceRequest d;
    QCOMPARE(state.request().strategy, d.strategy);
    QCOMPARE(state.request().input, d.input);
    QCOMPARE(state.request().params.warp_size, d.params.warp_size);
    QVERIFY(state.compareStrategy().isEmpty());
    QVERIFY(!state.compareTrace());
    QCOMPARE(state.step(), 0);
    QVERIFY(!state.predictMode());
}

QTEST_GUILESS_MAIN(TestStepState)
#include "tst_step_state.moc"
