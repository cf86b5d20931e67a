// SPDX-License-Identifier: GPL-3.0-or-later
// The app's command line: parsed before QApplication exists (so that a missing display can be
// reported instead of Qt aborting), validated with the model's rules.
#pragma once

#include "app/step/trace_request.h"

#include "app/common/lessons.h"

#include "app/common/gpu_host.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace reducescope::app {

class KernelPane;

/// What the command line asks for.
struct CommandLineOptions {
    TraceRequest request;
    bool strategyGiven = false;      ///< --strategy given (else settings may choose)
    bool inputGiven = false;
    bool paramsGiven = false;
    bool blockSizeGiven = false;     ///< --block-size given (request.params.block_size holds it)
    bool warpSizeGiven = false;      ///< --warp-size given
    bool banksGiven = false;         ///< --banks given
    QString compare;                 ///< --compare ID, empty = off
    std::optional<int> step;         ///< --step K (1-based, as the window and reducescope-cli trace number steps)
    QString results;                 ///< --results FILE.json
    QString trace;                   ///< --trace FILE.json: a saved (model or GPU-recorded) trace
    QString counters;                ///< --counters FILE.json: results with hardware counters
    QString kernel;                  ///< --kernel FILE.cu: a source for the kernel editor
    /// --grid, --elements-per-thread, --shared-bytes (only with --kernel): the kernel editor's fields.
    std::optional<int> grid, elementsPerThread, sharedBytes;
    QString screenshot;              ///< --screenshot FILE.png
    QString language;                ///< --lang en|zh_CN; empty: the saved choice, else the system locale's
    bool present = false;            ///< --present: presentation mode
    QString theme;                   ///< --theme system|light|dark (themeNames()); empty: the saved one (none for screenshots)
    QString tab;                     ///< --tab step|table|bench|kernel (tabNames()); empty: what the other options and settings choose
    GpuHost gpuHost;                 ///< --gpu-host, --gpu-host-cli, --srun (gpuHostGiven: for this session)
    bool gpuHostGiven = false;
    QString lesson;                  ///< --lesson ID: a lesson of resources/lessons (app::loadLessons()), empty = none

    /// True when the command line names any of the step pane's state (strategy, input,
    /// parameters, compare, step, trace, counters): then saved step-pane settings are not used, so
    /// the command line wins over them (docs/classroom.md).
    bool namesStepState() const
    {
        return strategyGiven || inputGiven || paramsGiven || !compare.isEmpty() || step.has_value() || !trace.isEmpty()
            || !counters.isEmpty() || !lesson.isEmpty();
    }
};

/// The launch fields of the kernel pane that the command line names, for a kernel opened with
/// --kernel: --input, --block-size, --warp-size and --banks (the options the kernel pane has a
/// field for; --coarse-factor and --atomic-order are the step model's, and the command line has no
/// grid, elements per thread or shared bytes), each only when given. Puts them into `pane`'s
/// fields (KernelPane::setLaunchFields), so its Step runs on them.
void applyKernelLaunch(const CommandLineOptions& options, KernelPane& pane);

/// Outcome of parsing: options, or text to print and an exit code.
struct CommandLineResult {
    CommandLineOptions options;
    int exitCode = -1;               ///< -1: go on; 0: --help/--version printed; 2: bad argument
    QString output;                  ///< stdout text (help, version)
    QString error;                   ///< one line for stderr
    bool version = false;            ///< --version: `output` is its first line; main() adds where things were found
};

/// Parses `arguments` (argv[0] first). Checks numbers, ranges and strategy ids through the model;
/// does not need a QCoreApplication.
CommandLineResult parseCommandLine(const QStringList& arguments);

/// What --theme takes, in views::Theme's order: system, light, dark.
QStringList themeNames();

/// What --tab takes, in the window's tab order: step, table, bench.
QStringList tabNames();

/// The ids of the lessons compiled into the binary, in the Lessons menu's order (what --lesson takes).
QStringList lessonIds();

/// The lesson with id `id` (as --lesson names it), or nullopt when there is none.
std::optional<app::LessonEntry> lessonById(const QString& id);

/// Why `path` cannot take a screenshot, or empty when it can: nothing is there yet, or it is a
/// regular file (or a symbolic link to one), which is replaced. Else "a directory", "a FIFO",
/// "a socket", "a device" or "a symbolic link to nothing".
QString screenshotTargetProblem(const QString& path);

/// One line for stderr when the 1-based --step is out of 1..stepCount, else empty.
QString checkStep(int step, int stepCount);

/// True when Qt can open a window or --screenshot renders offscreen: DISPLAY, WAYLAND_DISPLAY or
/// QT_QPA_PLATFORM is set.
bool haveDisplay();

/// What to print when there is no display (how to run under xvfb-run or render a screenshot).
QString noDisplayMessage(const QString& program);

} // namespace reducescope::app
