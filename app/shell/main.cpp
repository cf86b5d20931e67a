// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope: the desktop app. Parses the command line before Qt starts, so bad arguments and a
// missing display get a plain message instead of an abort.
#include "app/common/gpu_host.h"
#include "app/shell/command_line.h"
#include "app/common/data_paths.h"
#include "app/common/language.h"
#include "app/shell/main_window.h"
#include "app/step/step_pane.h"
#include "app/bench/benchmark_pane.h"
#include "app/kernel/kernel_pane.h"
#include "app/common/file_write.h"
#include "app/common/message_text.h"
#include "app/common/native_path.h"
#include "app/shell/display_check.h"
#include "views/common/view_colors.h"

#include "reducescope/config.h"

#include <QApplication>
#include <QEventLoop>
#include <QBuffer>
#include <QImage>
#include <QImageWriter>
#include <QScreen>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <cstdlib>

using namespace reducescope::app;

namespace {

QtMessageHandler g_previousHandler = nullptr;

// Drops two known-harmless Qt warnings that the offscreen platform prints on every start (they
// would come before our one-line errors on stderr); everything else goes to Qt's handler.
void messageHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg
        && (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))
            || message.contains(QLatin1String("This plugin does not support propagateSizeHints()"))))
        return;
    if (g_previousHandler) {
        g_previousHandler(type, context, message);
        return;
    }
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
    if (type == QtFatalMsg)
        std::abort();
}

int fail(const QString& message)
{
    std::fprintf(stderr, "reducescope: %s\n", qPrintable(message));
    return 2;
}

// Applies the command line on top of what settings restored. Returns an exit code or -1.
int applyOptions(MainWindow& window, const CommandLineOptions& o)
{
    StepPane* pane = window.stepPane();
    if (o.strategyGiven || o.inputGiven || o.paramsGiven) {
        TraceRequest r = pane->request();
        if (o.strategyGiven)
            r.strategy = o.request.strategy;
        if (o.inputGiven)
            r.input = o.request.input;
        if (o.paramsGiven)
            r.params = o.request.params;
        if (!pane->setRequest(r))
            return fail(pane->fieldMessage(QStringLiteral("input")) + pane->fieldMessage(QStringLiteral("strategy"))
                        + pane->fieldMessage(QStringLiteral("block-size")) + pane->fieldMessage(QStringLiteral("warp-size"))
                        + pane->fieldMessage(QStringLiteral("coarse-factor")) + pane->fieldMessage(QStringLiteral("banks")));
    }
    if (!o.lesson.isEmpty()) {
        // parseCommandLine() checked the id against the same lessons.
        const std::optional<reducescope::app::LessonEntry> lesson = lessonById(o.lesson);
        if (!lesson || !pane->applyLesson(*lesson))
            return fail(QStringLiteral("lesson %1 could not be set up: %2")
                            .arg(echoValue(o.lesson), pane->fieldMessage(QStringLiteral("input")) + pane->fieldMessage(QStringLiteral("strategy"))));
    }
    if (!pane->trace())
        return fail(QStringLiteral("strategy %1: %2").arg(echoValue(pane->request().strategy), pane->fieldMessage(QStringLiteral("strategy"))));
    if (!o.compare.isEmpty() && !pane->setCompareStrategy(o.compare))
        return fail(pane->fieldMessage(QStringLiteral("compare")));
    if (!o.trace.isEmpty() && !pane->openTraceFile(o.trace))
        return fail(QStringLiteral("trace: %1").arg(pane->fieldMessage(QStringLiteral("trace"))));
    if (!o.counters.isEmpty() && !pane->loadHardwareCounters(o.counters))
        return fail(QStringLiteral("counters: %1").arg(pane->fieldMessage(QStringLiteral("counters"))));
    if (o.namesStepState())
        window.showStepPane();  // the command line asks for the step pane, whatever tab was saved
    if (o.step) {
        const QString problem = checkStep(*o.step, pane->stepCount());
        if (!problem.isEmpty())
            return fail(problem);
        pane->setStep(*o.step - 1);
    }
    if (!o.lesson.isEmpty() && o.kernel.isEmpty()) {
        // An exercise lesson: its starting source in the kernel editor, in front.
        const std::optional<reducescope::app::LessonEntry> lesson = lessonById(o.lesson);
        if (lesson && lesson->lesson.exercise && window.kernelPane()->openExercise(lesson->lesson))
            window.showKernelPane();
    }
    if (!o.kernel.isEmpty()) {
        // The command line's launch (--input, --block-size, --warp-size, --banks) in the kernel
        // pane's fields first, so that the file's check and its Step (and --tab step's
        // screenshot) run on them.
        applyKernelLaunch(o, *window.kernelPane());
        QString error;
        if (!window.kernelPane()->openFile(o.kernel, &error))
            return fail(QStringLiteral("kernel: %1").arg(error));
        window.showKernelPane();
    }
    if (!o.results.isEmpty()) {
        QString error;
        if (!window.benchmarkPane()->loadResults(o.results, &error))
            return fail(QStringLiteral("results: %1")
                            .arg(error.isEmpty() ? QStringLiteral("%1: could not be loaded").arg(echoPath(o.results)) : error));
        if (!window.loadCountersOf(o.results) && !window.countersProblem().isEmpty())
            // The results are shown; only their counters are not: a warning, not a failure.
            std::fprintf(stderr, "reducescope: results: hardware counters not shown: %s\n",
                         qPrintable(window.countersProblem()));
        // A lesson asked for on the same command line is what the class sees first; the results
        // wait in the Benchmark tab (breaker pass 2026-12-01: the lesson was hidden behind them).
        if (o.lesson.isEmpty())
            window.showBenchmarkPane();
    }
    return -1;
}

int takeScreenshot(MainWindow& window, const QString& path)
{
    window.show();
    // The offscreen platform's screen (800×600) is no real screen: screenshots are rendered at
    // 1600×1000, and presentation mode at a 1920×1080 projector's.
    // Without a window manager (a bare X server) full screen is not granted either: the
    // presentation screenshot takes the screen's size itself.
    const bool offscreen = QGuiApplication::platformName() == QLatin1String("offscreen");
    if (window.presentation()) {
        const QRect screen = offscreen || !window.screen() ? QRect(0, 0, 1920, 1080) : window.screen()->geometry();
        window.setGeometry(screen);
        window.setPresentation(true, screen.size());
    } else if (offscreen) {
        window.resize(1600, 1000);
    } else if (window.screen()) {
        // A real screen (Xvfb at 1920×1080 for docs/screenshots/make.sh): the window takes it
        // whole, as a maximised window would; a bare X server has no window manager to do it.
        window.setGeometry(window.screen()->availableGeometry());
    }
    // Two rounds of events: layout, then the first paint of every pane.
    QApplication::processEvents();
    QApplication::processEvents();
    // An absurd device pixel ratio (QT_SCREEN_SCALE_FACTORS, a screen's own) is refused before the
    // image is drawn: 1600×1000 at 1000 would be 1.6·10^12 pixels.
    if (const QString problem = screenshotSizeProblem(window.width(), window.height(), window.devicePixelRatioF());
        !problem.isEmpty())
        return fail(problem);
    const QImage image = window.grab().toImage();
    // The PNG is made in memory (libpng never meets a full disk, so its own lines never reach
    // stderr), then written to a temporary file renamed over the old one: a failed write never
    // leaves a broken or empty PNG, and is lost output (exit 74), as the CLI's.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image))
        return fail(QStringLiteral("screenshot: could not encode %1 as PNG: %2").arg(echoPath(path), writer.errorString()));
    if (const QString why = writeFileAtomically(path, png); !why.isEmpty()) {
        std::fprintf(stderr, "reducescope: screenshot: could not write %s: %s\n", qPrintable(echoPath(path)), qPrintable(why));
        return 74;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    // A file size limit (`ulimit -f`) would kill the app with SIGXFSZ in the middle of a write;
    // ignored, the write fails (EFBIG) and is reported (exit 74, the old file kept).
    std::signal(SIGXFSZ, SIG_IGN);
    // File names stay the bytes the system gave (native_path.h): a name that is not UTF-8 is not
    // replaced by another on the way to open() and rename().
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << decodeNativePath(QByteArray(argv[i]));
    const CommandLineResult parsed = parseCommandLine(arguments);
    if (parsed.exitCode == 0) {
        QString output = parsed.output;
        if (parsed.version) {
            // The folders are found from the executable's own path, which needs an application object.
            QCoreApplication core(argc, argv);
            output += locationReport();
        }
        // --help, --version: output that did not arrive (stdout closed, disk full) is an error.
        std::fputs(qPrintable(output), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::fprintf(stderr, "reducescope: cannot write stdout: %s\n", std::strerror(errno ? errno : EIO));
            return 74;
        }
        return 0;
    }
    if (parsed.exitCode > 0)
        return fail(parsed.error);
    const CommandLineOptions& options = parsed.options;
    const bool screenshot = !options.screenshot.isEmpty();
    // Checked before QApplication exists, which aborts when its platform plugin cannot start.
    if (const QString problem = scaleProblem(); !problem.isEmpty())
        return fail(problem);
    const DisplayDecision display = decideDisplay(screenshot);
    if (display.action == DisplayDecision::Action::Refuse) {
        std::fputs(qPrintable(display.message), stderr);
        return display.exitCode;
    }
    if (!display.platformEntry.isEmpty())
        qputenv("QT_QPA_PLATFORM", display.platformEntry.toLocal8Bit());
    if (display.action == DisplayDecision::Action::Offscreen) {
        std::fputs(qPrintable(display.message), stderr);
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    g_previousHandler = qInstallMessageHandler(messageHandler);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ReduceScope"));
    QApplication::setApplicationName(QStringLiteral("reducescope"));
    QApplication::setApplicationVersion(QStringLiteral(REDUCESCOPE_VERSION));
    // Wayland and the desktop's task list match the window to the installed menu entry by this name.
    QGuiApplication::setDesktopFileName(QStringLiteral(REDUCESCOPE_APP_ID));
    // --lang, else the saved choice (not for screenshots, which read no settings), else the system's.
    setLanguage(startupLanguage(options.language, /*readSettings=*/!screenshot));
    // Where GPU work goes: --gpu-host for this session, else the saved choice (none for screenshots).
    reducescope::app::setCurrentGpuHost(options.gpuHostGiven ? options.gpuHost
                                        : screenshot         ? reducescope::app::GpuHost{}
                                                             : reducescope::app::savedGpuHost());
    MainWindow window(/*persistent=*/!screenshot);
    window.restoreSettings(/*stepState=*/!options.namesStepState());
    if (const int code = applyOptions(window, options); code >= 0)
        return code;
    if (!options.theme.isEmpty())
        window.setTheme(reducescope::views::Theme(themeNames().indexOf(options.theme)));  // in views::Theme's order
    if (options.present)
        window.setPresentation(true);
    // After presentation mode, which brings the step pane to the front: a --kernel start (or an
    // exercise lesson's) shows the kernel unless --tab says otherwise.
    const bool kernelStart = !options.kernel.isEmpty() ||
                             (!options.lesson.isEmpty() && window.kernelPane()->exercise().has_value());
    if (options.tab.isEmpty() && kernelStart)
        window.showKernelPane();
    else if (options.tab == QLatin1String("step"))
        window.showStepPane();
    else if (options.tab == QLatin1String("table"))
        window.showTable();
    else if (options.tab == QLatin1String("bench"))
        window.showBenchmarkPane();
    else if (options.tab == QLatin1String("kernel"))
        window.showKernelPane();
    if (screenshot && window.kernelPane()->checker()->isRunning()) {
        // The kernel's check runs in a child: its diagnostics belong in the picture (at most 20 s).
        QEventLoop wait;
        QObject::connect(window.kernelPane()->checker(), &reducescope::app::KernelRunner::finished, &wait, &QEventLoop::quit);
        QTimer::singleShot(20000, &wait, &QEventLoop::quit);
        wait.exec();
    }
    if (screenshot && !options.kernel.isEmpty() && options.tab == QLatin1String("step") && window.kernelPane()->step()) {
        // --kernel with --tab step: the picture is the kernel's Step, its engine trace in the step
        // pane (at most 20 s).
        QEventLoop wait;
        QObject::connect(window.kernelPane()->runner(), &reducescope::app::KernelRunner::finished, &wait, &QEventLoop::quit);
        QTimer::singleShot(20000, &wait, &QEventLoop::quit);
        wait.exec();
        // A Step that made no trace (refused, crashed, timed out) says so: the kernel editor with
        // its message and marks, not the catalogue's model in the step pane.
        if (!window.kernelPane()->lastOutcome().trace) {
            const QString said = window.kernelPane()->lastOutcome().message;
            std::fprintf(stderr, "%s\n",
                         qPrintable(QStringLiteral("kernel: Step made no trace: %1")
                                        .arg(said.isEmpty() ? QStringLiteral("the engine did not answer in 20 s") : said)));
            window.showKernelPane();
        } else if (options.step && *options.step >= 1 && *options.step <= window.stepPane()->stepCount()) {
            window.stepPane()->setStep(*options.step - 1);  // --step: of the kernel's trace (else its fault's step)
        }
    }
    if (screenshot)
        return takeScreenshot(window, options.screenshot);
    if (!options.present)
        window.show();
    return app.exec();
}
