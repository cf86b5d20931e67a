// SPDX-License-Identifier: GPL-3.0-or-later
// Speed (label "benchmark"): goals: a step of a 1024-element trace paints in under 16 ms (one
// frame at 60 Hz), and the window shows its first frame within 1.5 s of start. The figures (CPU
// time, because the machine is shared with other builds; wall time beside) are reported against
// their goals, not checked: a sanitizer build or a loaded CI machine is slower and that is not a
// fault. What is checked: the paint and the first frame happen, and the PNG is written.
#include "gui_test_main.h"

#include "app/shell/main_window.h"
#include "app/step/step_pane.h"
#include "model/simulate.h"
#include "views/step/step_view.h"

#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <ctime>

#include <sys/resource.h>

namespace {
// CPU time of this thread: what painting costs, independent of other processes sharing the
// machine (the build machine runs several compilers at once; wall time is reported too).
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

qint64 processCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// User + system CPU time of the children this process has waited for.
qint64 childrenCpuNs()
{
    rusage ru{};
    getrusage(RUSAGE_CHILDREN, &ru);
    auto ns = [](const timeval& tv) { return qint64(tv.tv_sec) * 1000000000 + qint64(tv.tv_usec) * 1000; };
    return ns(ru.ru_utime) + ns(ru.ru_stime);
}

const char* goal(bool met)
{
    return met ? "met" : "MISSED on this machine and build";
}

double loadAverage()
{
    double load[1] = {0};
    return getloadavg(load, 1) == 1 ? load[0] : 0;
}
} // namespace

using namespace reducescope;

class TestViewsSpeed : public QObject {
    Q_OBJECT
private slots:
    void paintStep_data();
    void paintStep();
    void paintPresentation4096_data();
    void paintPresentation4096();
    void firstFrameInProcess();
    void firstFrameOfTheExecutable();
};

void TestViewsSpeed::paintStep_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("step");
    QTest::addRow("simple 1024, stride 1 (512 arrows)") << "simple" << 0;
    QTest::addRow("simple 1024, stride 16") << "simple" << 4;
    QTest::addRow("convergent 1024, first step") << "convergent" << 0;
    QTest::addRow("interleaved_strided 1024, bank strip") << "interleaved_strided" << 5;
}

void TestViewsSpeed::paintStep()
{
    QFETCH(QString, strategy);
    QFETCH(int, step);
    const auto trace = std::make_shared<const model::Trace>(
        model::simulate(strategy.toStdString(), std::vector<float>(1024, 1.0f)));
    views::StepView view;
    view.setTrace(trace);
    view.setStep(step);
    view.resize(1280, view.heightForWidth(1280));
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    // QBENCHMARK for the figure Qt Test reports; a fixed loop of 15 for the median checked below.
    QBENCHMARK {
        view.setStep(step == 0 ? 1 : 0);
        view.setStep(step);
        view.render(&image);
    }
    QVector<qint64> times, cpuTimes;
    QElapsedTimer timer;
    for (int i = 0; i < 15; ++i) {
        // A step change invalidates the layout, so each timed paint includes laying out the step.
        view.setStep(step == 0 ? 1 : 0);
        view.setStep(step);
        const qint64 cpu0 = threadCpuNs();
        timer.start();
        view.render(&image);
        times.push_back(timer.nsecsElapsed());
        cpuTimes.push_back(threadCpuNs() - cpu0);
    }
    std::sort(times.begin(), times.end());
    std::sort(cpuTimes.begin(), cpuTimes.end());
    const double wallMs = double(times[times.size() / 2]) / 1e6;
    const double medianMs = double(cpuTimes[cpuTimes.size() / 2]) / 1e6;
    qInfo("%s step %d: median paint %.2f ms CPU, %.2f ms wall (15 samples, %d x %d px; goal < 16 ms: %s)",
          qPrintable(strategy), step + 1, medianMs, wallMs, view.width(), view.height(), goal(medianMs < 16.0));
    QVERIFY(!image.isNull() && view.height() > 0);
}

void TestViewsSpeed::paintPresentation4096_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("step");
    QTest::addRow("simple 4096, stride 2 (2048 lanes, 1024 arrows)") << "simple" << 1;
    QTest::addRow("interleaved_strided 4096, stride 16 (bank strip)") << "interleaved_strided" << 5;
    QTest::addRow("coarsened 4096, coarsen step (input row)") << "coarsened" << 0;
    QTest::addRow("atomic_naive 4096, 4096 lanes and atomics") << "atomic_naive" << 1;
}

void TestViewsSpeed::paintPresentation4096()
{
    // One step in presentation mode (text >= 22 px at 1920x1080) at 4096 values, goal
    // < 16 ms. Reported, not failed: the figure depends on the machine (README "Measured"). What a
    // paint event costs on a 1920x1080 screen is measured on the busiest screenful (the one that
    // starts at the lanes); the whole picture (several screens tall, what an export paints) beside.
    QFETCH(QString, strategy);
    QFETCH(int, step);
    std::vector<float> input(4096);
    for (int i = 0; i < 4096; ++i)
        input[std::size_t(i)] = float(i % 10);
    const auto trace = std::make_shared<const model::Trace>(model::simulate(strategy.toStdString(), input));
    views::StepView view;
    view.setPresentation(true, QSize(1920, 1080));
    view.setTrace(trace);
    view.setStep(step);
    view.resize(1920, view.heightForWidth(1920));
    const views::StepLayout& l = view.currentLayout();
    const int top = std::clamp(int(l.lanesCaptionRect.top()), 0, std::max(0, view.height() - 1080));
    const QRegion screen(0, top, 1920, std::min(1080, view.height()));
    QImage screenImage(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    QImage whole(view.size(), QImage::Format_ARGB32_Premultiplied);
    QBENCHMARK {
        view.setStep(step == 0 ? 1 : 0);
        view.setStep(step);
        view.render(&screenImage, QPoint(), screen);
    }
    auto median = [&](QImage& target, const QRegion& region) {
        QVector<qint64> cpu, wall;
        QElapsedTimer timer;
        for (int i = 0; i < 15; ++i) {
            // A step change invalidates the layout, so each timed paint includes laying out the step.
            view.setStep(step == 0 ? 1 : 0);
            view.setStep(step);
            const qint64 cpu0 = threadCpuNs();
            timer.start();
            view.render(&target, QPoint(), region);
            wall.push_back(timer.nsecsElapsed());
            cpu.push_back(threadCpuNs() - cpu0);
        }
        std::sort(cpu.begin(), cpu.end());
        std::sort(wall.begin(), wall.end());
        return std::pair{double(cpu[cpu.size() / 2]) / 1e6, double(wall[wall.size() / 2]) / 1e6};
    };
    const auto [screenCpu, screenWall] = median(screenImage, screen);
    const auto [wholeCpu, wholeWall] = median(whole, QRegion(view.rect()));
    qInfo("presentation, %s step %d at 4096 values: one 1920x1080 screen (from y = %d) %.2f ms CPU, %.2f ms wall "
          "(goal < 16 ms%s); whole picture %d x %d px %.2f ms CPU, %.2f ms wall (medians of 15)",
          qPrintable(strategy), step + 1, top, screenCpu, screenWall, screenCpu < 16.0 ? ", met" : ", NOT MET",
          view.width(), view.height(), wholeCpu, wholeWall);
}

void TestViewsSpeed::firstFrameInProcess()
{
    // Checked on CPU time (the build machine is shared); wall time is reported beside it.
    QElapsedTimer timer;
    timer.start();
    const qint64 cpu0 = processCpuNs();
    app::MainWindow window(false);
    QSignalSpy painted(window.stepPane()->stepView(0), &views::StepView::painted);
    window.show();
    QVERIFY(painted.wait(60000));  // a hang guard, not a speed check
    const qint64 ms = timer.elapsed();
    const double cpuMs = double(processCpuNs() - cpu0) / 1e6;
    qInfo("main window constructed, shown and step view painted: %.0f ms CPU, %lld ms wall (load average %.1f; "
          "goal < 1500 ms CPU: %s)",
          cpuMs, qlonglong(ms), loadAverage(), goal(cpuMs < 1500));
}

void TestViewsSpeed::firstFrameOfTheExecutable()
{
#ifdef REDUCESCOPE_APP_BINARY
    // Process start to a rendered frame on disk: an upper bound of time to first frame.
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("first.png"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    QElapsedTimer timer;
    const qint64 cpu0 = childrenCpuNs();
    timer.start();
    process.start(QStringLiteral(REDUCESCOPE_APP_BINARY), {QStringLiteral("--screenshot"), png});
    QVERIFY(process.waitForFinished(120000));  // a hang guard, not a speed check
    const qint64 ms = timer.elapsed();
    const double cpuMs = double(childrenCpuNs() - cpu0) / 1e6;
    QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
             qPrintable(QStringLiteral("exit status %1, code %2: %3")
                            .arg(int(process.exitStatus()))
                            .arg(process.exitCode())
                            .arg(QString::fromLocal8Bit(process.readAllStandardError()))));
    QVERIFY(QFileInfo(png).size() > 0);
    qInfo("reducescope --screenshot: process start to PNG written: %.0f ms CPU, %lld ms wall (load average %.1f; "
          "goal < 1500 ms CPU: %s)",
          cpuMs, qlonglong(ms), loadAverage(), goal(cpuMs < 1500));
#else
    QSKIP("the reducescope executable is not part of this build");
#endif
}

REDUCESCOPE_GUI_TEST_MAIN(TestViewsSpeed)
#include "bench_views_speed.moc"
