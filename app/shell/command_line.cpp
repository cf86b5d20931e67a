// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/shell/command_line.h"

#include "app/common/language.h"
#include "app/common/message_text.h"
#include "app/common/native_path.h"
#include "app/kernel/kernel_pane.h"

#include "model/catalogue.h"
#include "model/message.h"
#include "model/own_launch.h"
#include "model/simulate.h"
#include "model/trace_json.h"
#include "reducescope/config.h"

#include <QCommandLineParser>

#include <climits>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <tuple>

namespace reducescope::app {
namespace {

// Reads an integer option written as plain decimal digits (as reducescope-cli takes them: no sign,
// spaces, hex or exponent) within lo..hi; on failure fills `error` with the field and its range.
bool readInt(const QCommandLineParser& parser, const QString& name, const QString& range, int lo, int hi, int* out,
             QString* error)
{
    if (!parser.isSet(name))
        return true;
    const QString text = parser.value(name);
    const auto v = model::parse_decimal_in(text.toStdString(), std::uint64_t(lo), std::uint64_t(hi));
    if (!v) {
        *error = QStringLiteral("%1 must be %2 (got \"%3\")").arg(name, range, echoValue(text));
        return false;
    }
    *out = int(*v);
    return true;
}

QString strategyError(const QString& field, const QString& id)
{
    return QStringLiteral("%1 must be one of %2 (got \"%3\")").arg(field, modelStrategyIds().join(QStringLiteral(", ")), echoValue(id));
}

// The window's options besides --help and --version, with the help text of each (--help lists
// them in this order).
void addWindowOptions(QCommandLineParser& parser)
{
    parser.addOptions({
        {QStringLiteral("strategy"), QStringLiteral("Strategy id (reducescope-cli list)."), QStringLiteral("ID")},
        {QStringLiteral("input"), QStringLiteral("Input values, commas or spaces (1..4096 values)."), QStringLiteral("LIST")},
        {QStringLiteral("block-size"), QStringLiteral("Block size: power of two in 1..1024 (default: the strategy's)."), QStringLiteral("N")},
        {QStringLiteral("warp-size"), QStringLiteral("Warp size: 32, or 4/8/16 as a teaching aid."), QStringLiteral("W")},
        {QStringLiteral("coarse-factor"), QStringLiteral("COARSE_FACTOR: 1..64 (default 4)."), QStringLiteral("C")},
        {QStringLiteral("banks"), QStringLiteral("Shared-memory banks: 32, or 4/8/16."), QStringLiteral("B")},
        {QStringLiteral("atomic-order"), QStringLiteral("Atomic order seed of atomic_naive and race: 0 (block, warp, lane) "
                                                        "or another interleaving (0..1000000)."), QStringLiteral("SEED")},
        {QStringLiteral("compare"), QStringLiteral("Second strategy shown side by side."), QStringLiteral("ID")},
        {QStringLiteral("step"), QStringLiteral("Step to open on, 1 = first (as reducescope-cli trace numbers them)."), QStringLiteral("K")},
        {QStringLiteral("results"), QStringLiteral("Benchmark results JSON to load and show."), QStringLiteral("FILE.json")},
        {QStringLiteral("trace"), QStringLiteral("Trace JSON to show in the step pane (reducescope-cli trace --json, or a GPU "
                                                 "recording from trace --on-gpu --json)."), QStringLiteral("FILE.json")},
        {QStringLiteral("counters"), QStringLiteral("Results JSON with hardware counters (bench --counters): model vs "
                                                    "hardware in the step pane's counters panel."), QStringLiteral("FILE.json")},
        {QStringLiteral("screenshot"), QStringLiteral("Render the window to FILE.png and exit (works offscreen). An existing "
                                                      "FILE.png is replaced only once the new image is complete (written to a "
                                                      "temporary file, then renamed); a directory, FIFO or device is refused."),
         QStringLiteral("FILE.png")},
        {QStringLiteral("lesson"), QStringLiteral("Open a lesson of the Lessons menu (its strategy, compare, input, parameters, "
                                                  "step, title and note): %1.").arg(lessonIds().join(QStringLiteral(", "))),
         QStringLiteral("ID")},
        {QStringLiteral("present"), QStringLiteral("Start in presentation mode: full screen, text readable from the back row (F11 toggles).")},
        {QStringLiteral("theme"), QStringLiteral("Colour theme: system, light or dark (default: the saved choice; a "
                                                 "screenshot reads no settings and takes system)."), QStringLiteral("NAME")},
        {QStringLiteral("tab"), QStringLiteral("Tab to show: step, table, bench or kernel (default: the one the other "
                                               "options or the saved settings choose; --results shows bench, --kernel "
                                               "kernel)."), QStringLiteral("TAB")},
        {QStringLiteral("kernel"), QStringLiteral("CUDA source to open in the kernel editor; a screenshot waits for its "
                                                  "check (reducescope-cli kernel check), so its diagnostics show; with --tab step it Steps the "
                                                  "kernel (reducescope-cli kernel trace) and shows its trace."),
         QStringLiteral("FILE.cu")},
        {QStringLiteral("grid"), QStringLiteral("With --kernel: blocks, 1..65535 (default: the engine's plan)."), QStringLiteral("N")},
        {QStringLiteral("elements-per-thread"), QStringLiteral("With --kernel: values one thread reads, 1..4096 (default 2; the "
                                                               "engine plans block and grid from it)."), QStringLiteral("E")},
        {QStringLiteral("shared-bytes"), QStringLiteral("With --kernel: bytes of each extern __shared__ array, 1..49152 "
                                                        "(default: 4 x block size)."), QStringLiteral("B")},
        {QStringLiteral("lang"), QStringLiteral("Language of the window: en or zh_CN (default: the saved choice, else the "
                                                "system's)."), QStringLiteral("LANG")},
        {QStringLiteral("gpu-host"), QStringLiteral("Run benchmarks, GPU recordings and counters on this GPU host over ssh: "
                                                    "[user@]host[:port] (for this session; File > GPU host... saves one; "
                                                    "docs/remote.md)."), QStringLiteral("DEST")},
        {QStringLiteral("gpu-host-cli"), QStringLiteral("With --gpu-host: the host's reducescope-cli (default: the one on "
                                                        "its PATH)."), QStringLiteral("PATH")},
        {QStringLiteral("srun"), QStringLiteral("With --gpu-host: run through Slurm as srun OPTIONS (split on spaces)."),
         QStringLiteral("OPTIONS")},
    });
}

// Parses `arguments`, and answers what ends parsing before any option is read: a parse error,
// --help, --version or a positional argument. True when that made `r` complete (its exit code set).
bool finishedEarly(QCommandLineParser& parser, const QStringList& arguments, const QCommandLineOption& help,
                   const QCommandLineOption& version, CommandLineResult& r)
{
    if (!parser.parse(arguments)) {
        r.exitCode = 2;
        const QStringList unknown = parser.unknownOptionNames();
        r.error = unknown.isEmpty()
            ? oneLineMessage(parser.errorText())
            : QStringLiteral("unknown option \"%1\" (see --help)").arg(echoValue(unknown.front()));
        return true;
    }
    if (parser.isSet(help)) {
        r.exitCode = 0;
        // Without a QCoreApplication the parser cannot know the program's name.
        r.output = parser.helpText().replace(QStringLiteral("<executable_name>"), QStringLiteral("reducescope"));
        return true;
    }
    if (parser.isSet(version)) {
        // --version prints the version and nothing else: a word beside it is a mistake to name.
        if (arguments.size() > 2) {
            r.exitCode = 2;
            r.error = QStringLiteral("version takes no other arguments (got \"%1\"; see --help)")
                          .arg(echoValue(arguments.at(arguments.at(1) == QLatin1String("--version") ? 2 : 1)));
            return true;
        }
        r.exitCode = 0;
        r.output = QStringLiteral("reducescope %1\n").arg(QStringLiteral(REDUCESCOPE_VERSION));
        r.version = true;
        return true;
    }
    if (!parser.positionalArguments().isEmpty()) {
        r.exitCode = 2;
        r.error = QStringLiteral("unexpected argument \"%1\" (options start with --; see --help)").arg(echoValue(parser.positionalArguments().front()));
        return true;
    }
    return false;
}

// Each reader below fills its group of options into `o` and returns the first problem as one
// line for stderr, or nullopt when the group is fine.

// Each option at most once: "--strategy a --strategy b" would otherwise quietly take b.
std::optional<QString> repeatedOption(const QCommandLineParser& parser)
{
    for (const QString& name : {QStringLiteral("strategy"), QStringLiteral("input"), QStringLiteral("block-size"),
                                QStringLiteral("warp-size"), QStringLiteral("coarse-factor"), QStringLiteral("banks"),
                                QStringLiteral("atomic-order"), QStringLiteral("compare"), QStringLiteral("step"), QStringLiteral("results"),
                                QStringLiteral("screenshot"), QStringLiteral("trace"), QStringLiteral("counters"),
                                QStringLiteral("lang"), QStringLiteral("lesson"), QStringLiteral("theme"),
                                QStringLiteral("tab"), QStringLiteral("kernel"), QStringLiteral("grid"),
                                QStringLiteral("elements-per-thread"), QStringLiteral("shared-bytes"), QStringLiteral("gpu-host"),
                                QStringLiteral("gpu-host-cli"), QStringLiteral("srun")}) {
        if (const qsizetype n = parser.values(name).size(); n > 1)
            return QStringLiteral("%1 must be given at most once (got it %2 times)").arg(name).arg(n);
    }
    return std::nullopt;
}

// --strategy, --compare and --input.
std::optional<QString> readStrategies(const QCommandLineParser& parser, CommandLineOptions& o)
{
    if (parser.isSet(QStringLiteral("strategy"))) {
        o.request.strategy = parser.value(QStringLiteral("strategy"));
        o.strategyGiven = true;
        if (!modelStrategyIds().contains(o.request.strategy))
            return strategyError(QStringLiteral("strategy"), o.request.strategy);
    }
    if (parser.isSet(QStringLiteral("compare"))) {
        o.compare = parser.value(QStringLiteral("compare"));
        if (!modelStrategyIds().contains(o.compare))
            return strategyError(QStringLiteral("compare"), o.compare);
    }
    if (parser.isSet(QStringLiteral("input"))) {
        o.request.input = parser.value(QStringLiteral("input"));
        o.inputGiven = true;
    }
    return std::nullopt;
}

// The numbers: --block-size, --warp-size, --coarse-factor, --banks and --step.
std::optional<QString> readNumbers(const QCommandLineParser& parser, CommandLineOptions& o)
{
    QString error;
    model::Params& p = o.request.params;
    // The ranges here are the outer bounds; the step model checks the rest (powers of two, the
    // teaching sizes) with the same wording.
    if (!readInt(parser, QStringLiteral("block-size"), QStringLiteral("a power of two in 1..1024"), 1, 1024, &p.block_size, &error)
        || !readInt(parser, QStringLiteral("warp-size"), QStringLiteral("one of 4, 8, 16, 32"), 4, 32, &p.warp_size, &error)
        || !readInt(parser, QStringLiteral("coarse-factor"), QStringLiteral("in 1..64"), 1, 64, &p.coarse_factor, &error)
        || !readInt(parser, QStringLiteral("banks"), QStringLiteral("one of 4, 8, 16, 32"), 4, 32, &p.banks, &error)
        || !readInt(parser, QStringLiteral("atomic-order"), QStringLiteral("in 0..%1").arg(model::kMaxAtomicOrder), 0,
                    model::kMaxAtomicOrder, &p.atomic_order, &error))
        return error;
    o.blockSizeGiven = parser.isSet(QStringLiteral("block-size"));
    o.warpSizeGiven = parser.isSet(QStringLiteral("warp-size"));
    o.banksGiven = parser.isSet(QStringLiteral("banks"));
    o.paramsGiven = parser.isSet(QStringLiteral("block-size")) || parser.isSet(QStringLiteral("warp-size"))
        || parser.isSet(QStringLiteral("coarse-factor")) || parser.isSet(QStringLiteral("banks"))
        || parser.isSet(QStringLiteral("atomic-order"));
    if (parser.isSet(QStringLiteral("step"))) {
        int k = 0;
        // The outer bound: no trace has more steps (checkStep() then holds it to this trace's count).
        if (!readInt(parser, QStringLiteral("step"),
                     QStringLiteral("a step number in 1..%1 (at most the trace's step count)").arg(model::kMaxTraceSteps), 1,
                     model::kMaxTraceSteps, &k, &error))
            return error;
        o.step = k;
    }
    return std::nullopt;
}

// Names from fixed lists: --lang, --theme and --tab, each refused with its list.
std::optional<QString> readNames(const QCommandLineParser& parser, CommandLineOptions& o)
{
    if (parser.isSet(QStringLiteral("lang"))) {
        o.language = parser.value(QStringLiteral("lang"));
        if (!languageCodes().contains(o.language))
            return QStringLiteral("lang must be one of %1 (got \"%2\")")
                .arg(languageCodes().join(QStringLiteral(", ")), echoValue(o.language));
    }
    for (const auto& [name, allowed, out] : {std::tuple{QStringLiteral("theme"), themeNames(), &o.theme},
                                             std::tuple{QStringLiteral("tab"), tabNames(), &o.tab}}) {
        if (!parser.isSet(name))
            continue;
        *out = parser.value(name);
        if (!allowed.contains(*out))
            return QStringLiteral("%1 must be one of %2 (got \"%3\")")
                .arg(name, allowed.join(QStringLiteral(", ")), echoValue(*out));
    }
    return std::nullopt;
}

// --lesson: a lesson of the Lessons menu, which sets the whole request itself.
std::optional<QString> readLesson(const QCommandLineParser& parser, CommandLineOptions& o)
{
    if (!parser.isSet(QStringLiteral("lesson")))
        return std::nullopt;
    o.lesson = parser.value(QStringLiteral("lesson"));
    if (!lessonIds().contains(o.lesson))
        return QStringLiteral("lesson must be one of %1 (got \"%2\")")
            .arg(lessonIds().join(QStringLiteral(", ")), echoValue(o.lesson));
    // A lesson sets the whole request itself; --step may still choose the step.
    if (o.strategyGiven || o.inputGiven || o.paramsGiven || !o.compare.isEmpty() || parser.isSet(QStringLiteral("trace")))
        return QStringLiteral("lesson: the lesson sets strategy, compare, input and parameters (leave out "
                              "--strategy, --compare, --input, --block-size, --warp-size, --coarse-factor, "
                              "--banks and --trace)");
    return std::nullopt;
}

// The files: --trace, --counters, --results, --kernel and --screenshot (and --present, which goes with them).
std::optional<QString> readFiles(const QCommandLineParser& parser, CommandLineOptions& o)
{
    o.trace = parser.value(QStringLiteral("trace"));
    o.counters = parser.value(QStringLiteral("counters"));
    if (parser.isSet(QStringLiteral("trace")) && o.trace.isEmpty())
        return QStringLiteral("trace must be a trace .json file name (got an empty name)");
    if (parser.isSet(QStringLiteral("counters")) && o.counters.isEmpty())
        return QStringLiteral("counters must be a results .json file name (got an empty name)");
    if (!o.trace.isEmpty() && (o.strategyGiven || o.inputGiven || o.paramsGiven))
        return QStringLiteral("trace: the file names its strategy, input and parameters (leave out --strategy, "
                              "--input, --block-size, --warp-size, --coarse-factor and --banks)");
    o.kernel = parser.value(QStringLiteral("kernel"));
    if (parser.isSet(QStringLiteral("kernel")) && o.kernel.isEmpty())
        return QStringLiteral("kernel must be a CUDA source file name (got an empty name)");
    // The kernel editor's other launch fields: only for a --kernel (the step model has no such numbers).
    const std::tuple<QString, int, std::optional<int>*> launch[] = {
        {QStringLiteral("grid"), 65535, &o.grid},
        {QStringLiteral("elements-per-thread"), model::kMaxElementsPerThread, &o.elementsPerThread},
        {QStringLiteral("shared-bytes"), 48 * 1024, &o.sharedBytes}};  // CUDA's dynamic shared memory without opt-in
    for (const auto& [name, hi, out] : launch) {
        if (!parser.isSet(name))
            continue;
        if (o.kernel.isEmpty())
            return QStringLiteral("%1 is a launch field of the kernel editor: give it with --kernel FILE.cu").arg(name);
        int v = 0;
        QString error;
        if (!readInt(parser, name, QStringLiteral("an integer in 1..%1").arg(hi), 1, hi, &v, &error))
            return error;
        *out = v;
    }
    o.results = parser.value(QStringLiteral("results"));
    o.screenshot = parser.value(QStringLiteral("screenshot"));
    o.present = parser.isSet(QStringLiteral("present"));
    if (parser.isSet(QStringLiteral("results")) && o.results.isEmpty())
        return QStringLiteral("results must be a results .json file name (got an empty name)");
    if (parser.isSet(QStringLiteral("screenshot")) && o.screenshot.isEmpty())
        return QStringLiteral("screenshot must be a file name ending in .png (got an empty name)");
    if (!o.screenshot.isEmpty() && !o.screenshot.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        return QStringLiteral("screenshot must be a file name ending in .png (got \"%1\")").arg(echoPath(o.screenshot));
    if (!o.screenshot.isEmpty()) {
        if (const QString what = screenshotTargetProblem(o.screenshot); !what.isEmpty())
            return QStringLiteral("screenshot must be a new .png file or an existing regular one, which is replaced "
                                  "(got \"%1\": %2)").arg(echoPath(o.screenshot), what);
    }
    return std::nullopt;
}

// --gpu-host, --gpu-host-cli, --srun (app/common/gpu_host.h checks the destination as the CLI does).
std::optional<QString> readGpuHost(const QCommandLineParser& parser, CommandLineOptions& o)
{
    const bool host = parser.isSet(QStringLiteral("gpu-host"));
    if (!host && parser.isSet(QStringLiteral("gpu-host-cli")))
        return QStringLiteral("gpu-host-cli needs --gpu-host: the host whose reducescope-cli it names");
    if (!host && parser.isSet(QStringLiteral("srun")))
        return QStringLiteral("srun needs --gpu-host: the host where Slurm's srun runs");
    if (!host)
        return std::nullopt;
    o.gpuHostGiven = true;
    o.gpuHost.destination = parser.value(QStringLiteral("gpu-host"));
    o.gpuHost.hostCli = parser.value(QStringLiteral("gpu-host-cli"));
    o.gpuHost.slurm = parser.isSet(QStringLiteral("srun"));
    o.gpuHost.srunOptions = parser.value(QStringLiteral("srun"));
    if (o.gpuHost.destination.isEmpty())
        return QStringLiteral("gpu-host must be [user@]host[:port] (got an empty text)");
    if (const QString why = o.gpuHost.validate(); !why.isEmpty())
        return oneLineMessage(why);
    return std::nullopt;
}

// The model's own rules for the input and parameters, for each strategy shown.
std::optional<QString> checkWithModel(const CommandLineOptions& o)
{
    const model::ParsedInput parsed = model::parse_input(o.request.input.toStdString());
    if (parsed.error)
        return oneLineMessage(QString::fromStdString(parsed.error->message));
    for (const QString& id : {o.request.strategy, o.compare}) {
        if (id.isEmpty())
            continue;
        if (auto problem = model::validate(id.toStdString(), parsed.values.size(), o.request.params))
            return oneLineMessage(QString::fromStdString(problem->message));
    }
    return std::nullopt;
}

} // namespace

CommandLineResult parseCommandLine(const QStringList& arguments)
{
    CommandLineResult r;
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ReduceScope: watch and measure CUDA parallel reduction."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help and exit."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Show the version, where reducescope-cli and the shipped data were found, and exit."));
    parser.addOption(help);
    parser.addOption(version);
    addWindowOptions(parser);
    if (finishedEarly(parser, arguments, help, version, r))
        return r;

    // The groups in this order; the first problem found is the one reported.
    CommandLineOptions& o = r.options;
    std::optional<QString> error = repeatedOption(parser);
    if (!error)
        error = readStrategies(parser, o);
    if (!error)
        error = readNumbers(parser, o);
    if (!error)
        error = readNames(parser, o);
    if (!error)
        error = readLesson(parser, o);
    if (!error)
        error = readFiles(parser, o);
    if (!error)
        error = readGpuHost(parser, o);
    if (!error)
        error = checkWithModel(o);
    if (error) {
        r.exitCode = 2;
        r.error = *error;
    }
    return r;
}

void applyKernelLaunch(const CommandLineOptions& o, KernelPane& pane)
{
    KernelLaunchFields f;
    if (o.inputGiven)
        f.input = o.request.input;
    if (o.blockSizeGiven)
        f.blockSize = o.request.params.block_size;
    if (o.warpSizeGiven)
        f.warpSize = o.request.params.warp_size;
    if (o.banksGiven)
        f.banks = o.request.params.banks;
    f.grid = o.grid;
    f.elementsPerThread = o.elementsPerThread;
    f.sharedBytes = o.sharedBytes;
    pane.setLaunchFields(f);
}

QStringList themeNames() { return {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")}; }

QStringList tabNames()
{
    return {QStringLiteral("step"), QStringLiteral("table"), QStringLiteral("bench"), QStringLiteral("kernel")};
}

QStringList lessonIds()
{
    QStringList ids;
    for (const app::LessonEntry& e : app::loadLessons().lessons)
        ids << QString::fromStdString(e.lesson.id);
    return ids;
}

std::optional<app::LessonEntry> lessonById(const QString& id)
{
    for (const app::LessonEntry& e : app::loadLessons().lessons)
        if (QString::fromStdString(e.lesson.id) == id)
            return e;
    return std::nullopt;
}

QString screenshotTargetProblem(const QString& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path p(encodeNativePath(path).toStdString());  // the bytes of the name (native_path.h)
    const fs::file_status link = fs::symlink_status(p, ec);
    if (ec || !fs::exists(link))
        return {};  // nothing there: a new file (a missing folder fails when it is written, with the reason)
    const fs::file_status st = fs::status(p, ec);
    if (!fs::exists(st))
        return QStringLiteral("a symbolic link to nothing");
    switch (st.type()) {
    case fs::file_type::regular: return {};
    case fs::file_type::directory: return QStringLiteral("a directory");
    case fs::file_type::fifo: return QStringLiteral("a FIFO");
    case fs::file_type::socket: return QStringLiteral("a socket");
    case fs::file_type::character:
    case fs::file_type::block: return QStringLiteral("a device");
    default: return QStringLiteral("not a regular file");
    }
}

QString checkStep(int step, int stepCount)
{
    if (step >= 1 && step <= stepCount)
        return {};
    return QStringLiteral("step must be in 1..%1 for this trace (got %2)").arg(stepCount).arg(step);
}

bool haveDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

QString noDisplayMessage(const QString& program)
{
    return QStringLiteral(
               "%1: no display (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM are unset).\n"
               "Start it on a virtual display:  xvfb-run -a -s \"-screen 0 1600x1000x24\" %1 [options]\n"
               "or render one screenshot:       QT_QPA_PLATFORM=offscreen %1 --screenshot shot.png [options]\n")
        .arg(program);
}

} // namespace reducescope::app
