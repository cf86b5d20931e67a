// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (reports, does not fail on time): the kernel editor's Step to a painted trace in the
// step pane, for the textbook input (6,2,7,4,5,8,3,1, convergent), issue 25's goal ≤ 300 ms.
// Through this build's reducescope-cli when it has `kernel trace` (the CPU engine), else through
// the contract's stand-in (tests/support/fake_kernel_cli.sh: a shell script and the step model).
// Prints the child's time (start to answer) and the whole path (Step to the step view painted).
#include "app/kernel/kernel_pane.h"
#include "app/shell/main_window.h"
#include "app/step/step_pane.h"
#include "views/step/step_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace reducescope;

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_SCALE_FACTOR", "1");
    qputenv("REDUCESCOPE_REAL_CLI", REDUCESCOPE_BUILD_CLI);
    QApplication app(argc, argv);
    QProcess probe;
    probe.start(QStringLiteral(REDUCESCOPE_BUILD_CLI), {QStringLiteral("kernel"), QStringLiteral("trace"), QStringLiteral("--help")});
    const bool real = probe.waitForFinished(20000) && probe.exitCode() == 0 && probe.readAllStandardOutput().contains("--source");
    const QString cli = real ? QStringLiteral(REDUCESCOPE_BUILD_CLI) : QStringLiteral(REDUCESCOPE_FAKE_KERNEL_CLI);

    app::MainWindow w(false);
    w.resize(1600, 1000);
    w.show();
    app::KernelPane* pane = w.kernelPane();
    pane->setCliPath(cli);
    pane->newFromStrategy(QStringLiteral("convergent"));
    pane->inputEdit()->setText(QStringLiteral("6,2,7,4,5,8,3,1"));
    QApplication::processEvents();
    constexpr int kRuns = 15;
    std::vector<double> whole, child;
    for (int i = 0; i < kRuns; ++i) {
        w.showKernelPane();
        QApplication::processEvents();
        QSignalSpy ready(pane, &app::KernelPane::traceReady);
        QElapsedTimer clock;
        clock.start();
        if (!pane->step() || !ready.wait(20000)) {
            std::printf("bench_kernel_editor_step: run %d gave no trace: %s\n", i, qPrintable(pane->lastOutcome().message));
            return 1;
        }
        w.stepPane()->stepView()->repaint();
        whole.push_back(double(clock.nsecsElapsed()) / 1e6);
        child.push_back(double(pane->lastOutcome().elapsedMs));
        if (w.stepPane()->trace()->n != 8 || w.stepPane()->trace()->result != 36.0f) {
            std::printf("bench_kernel_editor_step: wrong trace (n %d, result %g)\n", w.stepPane()->trace()->n,
                        double(w.stepPane()->trace()->result));
            return 1;
        }
    }
    auto report = [](const char* what, std::vector<double> v) {
        std::sort(v.begin(), v.end());
        std::printf("  %-38s min %6.1f  median %6.1f  max %6.1f ms\n", what, v.front(), v[v.size() / 2], v.back());
    };
    std::printf("bench_kernel_editor_step: %d Steps of convergent on 6,2,7,4,5,8,3,1 through %s\n", kRuns,
                real ? "the CPU engine (reducescope-cli kernel trace)" : "the stand-in (fake_kernel_cli.sh + the step model)");
    report("child (start to answer):", child);
    report("Step to painted trace:", whole);
    std::printf("  goal: Step to painted trace <= 300 ms (issue 25, part 8)\n");
    return 0;
}
