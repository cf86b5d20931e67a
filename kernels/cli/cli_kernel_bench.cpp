// SPDX-License-Identifier: GPL-3.0-or-later
// `kernel bench`: the student's own kernel on the GPU (docs/your-own-kernel.md, "On the GPU").
// The same source and contract as `kernel check` / `kernel trace`: the SIMT engine compiles it and
// names the kernel and its signature; NVRTC (loaded at run time, nvrtc_loader.h) compiles the same
// text for the GPU; the benchmark (bench/run.h RunOptions::own) times it with the catalogue's method
// beside the chosen catalogue strategies, CUB and the read ceiling, checks it at the adversarial
// sizes on the random and the exact positive input, and holds the engine's value against the GPU's.
#include "cli/commands.h"
#include "cli/kernel_source.h"
#include "cli/multi_gpu_command.h"
#include "cli/nvrtc_loader.h"
#include "cli/output.h"
#include "cli/remote.h"

#include "bench/plan.h"
#include "bench/reference.h"
#include "bench/results_json.h"
#include "bench/stopping.h"
#include "bench/table.h"
#include "model/kernel_sources.h"
#include "model/message.h"
#include "model/own_launch.h"
#include "reducescope/config.h"

#if REDUCESCOPE_HAVE_ENGINE
#include "simt/engine.h"
#endif
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
#include "bench/run.h"
#include "cli/gpu_errors.h"
#endif

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace reducescope::cli {
namespace {
namespace b = reducescope::bench;

struct KernelBenchArgs {
    std::string source;
    std::string kernel;
    std::string block_text, grid_text, elements_text;
    std::string n_text = "1048576";
    std::string strategies = "cub";
    std::string reps_text;
    std::string mode = "loop";
    std::string cache = "hot";
    std::string seed_text, device_text = "0";
    std::string json_file;
    std::string label;
    bool table = false;
    CLI::Option *block_opt = nullptr, *grid_opt = nullptr, *elements_opt = nullptr, *reps_opt = nullptr, *seed_opt = nullptr,
                *json_opt = nullptr, *label_opt = nullptr, *kernel_opt = nullptr, *shared_opt = nullptr;
    std::string shared_text;
    // resolved
    unsigned int block = 0, grid = 0;
    unsigned int elements_per_thread = model::kDefaultElementsPerThread;
    unsigned int shared_bytes = 0;  ///< --shared-bytes; 0: 4 x block size
    std::size_t n = 0;
    int reps = 0;
    std::uint64_t seed = b::kDefaultSeed;
    int device = 0;
    std::vector<std::string> ids;
};

bool given(const CLI::Option* o) { return o && o->count() > 0; }

/// A value as the refusals quote it: '' when empty, else echo()'s form.
std::string got(const std::string& text) { return text.empty() ? std::string{"''"} : model::echo(text); }

/// The options, checked before the source is read (each refusal names the option and its range).
void resolve(KernelBenchArgs& a)
{
    if (given(a.json_opt))
        check_json_path(a.json_file);
    if (given(a.block_opt)) {
        const auto v = model::parse_decimal_in(a.block_text, 1, 1024);
        if (!v || !b::is_power_of_two(static_cast<unsigned int>(*v)))
            throw BadInput{"--block-size must be a power of two in 1..1024 (got " +
                           (a.block_text.empty() ? std::string{"''"} : model::echo(a.block_text)) + ")"};
        a.block = static_cast<unsigned int>(*v);
    }
    if (given(a.grid_opt)) {
        const auto v = model::parse_decimal_in(a.grid_text, 1, 65535);
        if (!v)
            throw BadInput{"--grid must be an integer in 1..65535 (got " +
                           (a.grid_text.empty() ? std::string{"''"} : model::echo(a.grid_text)) + ")"};
        a.grid = static_cast<unsigned int>(*v);
    }
    if (given(a.elements_opt)) {
        const auto v = model::parse_decimal_in(a.elements_text, 1, model::kMaxElementsPerThread);
        if (!v)
            throw BadInput{"--elements-per-thread must be an integer in 1.." + std::to_string(model::kMaxElementsPerThread) +
                           " (got " + got(a.elements_text) + ")"};
        a.elements_per_thread = static_cast<unsigned int>(*v);
    }
    if (given(a.shared_opt)) {
        const auto v = model::parse_decimal_in(a.shared_text, 1, simt::kMaxSharedBytes);
        if (!v)
            throw BadInput{"--shared-bytes must be an integer in 1.." + std::to_string(simt::kMaxSharedBytes) + " (got " +
                           got(a.shared_text) + ")"};
        a.shared_bytes = static_cast<unsigned int>(*v);
    }
    const auto n = b::parse_size(a.n_text);
    if (!n || *n < 1 || *n > b::kMaxN)
        throw BadInput{"--n must be in 1.." + std::to_string(b::kMaxN) + " (got " +
                       (a.n_text.empty() ? std::string{"''"} : model::echo(a.n_text)) + ")"};
    a.n = *n;
    if (given(a.reps_opt)) {
        const auto v = model::parse_decimal_in(a.reps_text, 1, 100000);
        if (!v)
            throw BadInput{"--reps must be in 1..100000 (got " +
                           (a.reps_text.empty() ? std::string{"''"} : model::echo(a.reps_text)) + ")"};
        a.reps = static_cast<int>(*v);
    }
    if (a.mode != "per-launch" && a.mode != "loop" && a.mode != "graph")
        throw BadInput{"--mode must be per-launch, loop or graph (got " + got(a.mode) + ")"};
    if (a.cache != "hot" && a.cache != "cold")
        throw BadInput{"--cache must be hot or cold (got " + got(a.cache) + ")"};
    // --kernel '' is a mistake to name, as in `kernel trace`, not "the engine's choice".
    if (given(a.kernel_opt) && a.kernel.empty())
        throw BadInput{"--kernel must name a kernel of the source (got '')"};
    if (given(a.seed_opt)) {
        const auto v = model::parse_decimal_in(a.seed_text, 0, std::numeric_limits<std::uint64_t>::max());
        if (!v)
            throw BadInput{"--seed must be in 0..18446744073709551615 (got " +
                           (a.seed_text.empty() ? std::string{"''"} : model::echo(a.seed_text)) + ")"};
        a.seed = *v;
    }
    {
        const auto v = model::parse_decimal_in(a.device_text, 0, 63);
        if (!v)
            throw BadInput{"--device must be in 0..63 (got " +
                           (a.device_text.empty() ? std::string{"''"} : model::echo(a.device_text)) + ")"};
        a.device = static_cast<int>(*v);
    }
    if (a.strategies == "none")
        a.ids.clear();
    else
        a.ids = parse_strategy_ids(a.strategies);
    // Characters, not bytes: 200 Chinese characters are a label; a control character or a byte
    // that is not UTF-8 is not (the results file is UTF-8 JSON).
    if (given(a.label_opt) && !model::printable_name(a.label, kMaxLabelChars))
        throw BadInput{"--label must be a name of 1..200 printable characters (got " + got(a.label) +
                       (model::is_utf8(a.label) ? std::string{} : ", not UTF-8") + ")"};
}

/// The row's label: --label, else the source's file name ("<stdin>" for -) as label_from_file_name()
/// makes it a label.
std::string label_of(const KernelBenchArgs& a)
{
    if (given(a.label_opt))
        return a.label;
    if (a.source == "-")
        return "<stdin>";
    const std::string name = std::filesystem::path(a.source).filename().string();
    return label_from_file_name(name.empty() ? a.source : name);
}

/// The header NVRTC compiles every source with (its `-include`): what the engine's prelude
/// defines beyond CUDA itself (kernels/simt/prelude.cpp), so one text compiles in both.
constexpr const char* kNvrtcPrelude = R"(#define REDUCESCOPE_NVRTC 1
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
#ifndef FLT_MAX
#define FLT_MAX 3.40282347e+38f
#endif
#ifndef CUDART_INF_F
#define CUDART_INF_F __int_as_float(0x7f800000)
#endif
#ifndef REDUCESCOPE_WARP_SIZE
#define REDUCESCOPE_WARP_SIZE 32
#endif
)";

/// The text NVRTC compiles: the engine's runnable text, without a leading UTF-8 byte order mark
/// (Clang skips one; NVRTC takes it for a token). Every line stays where it was.
std::string nvrtc_text(const std::string& runnable)
{
    return runnable.rfind("\xEF\xBB\xBF", 0) == 0 ? runnable.substr(3) : runnable;
}

/// The in-memory headers of an NVRTC compilation: the prelude, reduce_common.cuh as embedded, and
/// the toolkit headers the engine accepts as empty (NVRTC declares their device names itself).
std::vector<nvrtc::Header> nvrtc_headers()
{
    return {{"reducescope_nvrtc_prelude.h", kNvrtcPrelude},
            {"reduce_common.cuh", std::string(model::kernel_source("reduce_common.cuh"))},
            {"cuda_runtime.h", ""},
            {"cuda.h", ""},
            {"device_launch_parameters.h", ""}};
}

/// NVRTC's log as lines "reducescope-cli: NVRTC: ..." (its own "FILE(LINE): error: ..." form).
void print_nvrtc_log(const std::string& log)
{
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            std::cerr << "reducescope-cli: NVRTC: " << model::one_line(line) << '\n';
}

/// Whether NVRTC's PTX holds the entry `symbol` (the engine's name of the kernel).
bool ptx_has_entry(const std::string& ptx, const std::string& symbol)
{
    for (std::size_t at = ptx.find(".entry " + symbol); at != std::string::npos; at = ptx.find(".entry " + symbol, at + 1)) {
        const std::size_t end = at + 7 + symbol.size();
        if (end < ptx.size() && (ptx[end] == '(' || ptx[end] == ' ' || ptx[end] == '\n'))
            return true;
    }
    return false;
}

#if REDUCESCOPE_HAVE_ENGINE

/// The kernel `kernel bench` runs, as the engine chose it (the contract of `kernel trace`).
struct Chosen {
    simt::KernelInfo first;
    std::optional<simt::KernelInfo> second;  ///< a two-pass pair's second kernel
};

bool runnable(const simt::KernelInfo& k) { return k.refusal.empty() && k.signature != simt::Signature::Unsupported; }

/// The kernel named by --kernel (name or symbol), or the only runnable one, or a two-pass pair
/// (docs/your-own-kernel.md). BadInput naming what is missing.
Chosen choose(const std::vector<simt::KernelInfo>& kernels, const std::string& name)
{
    std::vector<const simt::KernelInfo*> run;
    for (const simt::KernelInfo& k : kernels)
        if (runnable(k))
            run.push_back(&k);
    std::string names;
    for (const auto* k : run)
        names += (names.empty() ? "" : ", ") + k->name;
    const simt::KernelInfo* first = nullptr;
    if (!name.empty()) {
        for (const simt::KernelInfo& k : kernels)
            if (k.name == name || k.symbol == name) {
                if (!runnable(k))
                    throw BadInput{"--kernel: kernel `" + k.name + "` cannot run: " + k.refusal};
                first = &k;
                break;
            }
        if (!first)
            throw BadInput{"--kernel must name a kernel of the source, one of " + (names.empty() ? "(none)" : names) +
                           " (got " + model::echo(name) + ")"};
    } else if (run.size() == 1) {
        first = run[0];
    } else {
        int firsts = 0;
        for (const auto* k : run)
            if (k->signature == simt::Signature::TwoPassFirst) {
                first = k;
                ++firsts;
            }
        if (!(firsts == 1 && run.size() == 2)) {
            if (run.empty())
                throw BadInput{"the source has no kernel the engine can run (kernel check lists why)"};
            throw BadInput{"the source has several kernels: name one with --kernel, one of " + names};
        }
    }
    Chosen c{*first, std::nullopt};
    if (first->signature == simt::Signature::TwoPassFirst) {
        for (const auto* k : run)
            if (k != first && k->signature == simt::Signature::InputOutput) {
                if (c.second)
                    throw BadInput{"the two-pass kernel `" + first->name + "` needs exactly one second kernel "
                                   "(const float* partials, float* output, unsigned count) in the source; it has several"};
                c.second = *k;
            }
        if (!c.second)
            throw BadInput{"the two-pass kernel `" + first->name + "` needs a second kernel (const float* partials, "
                           "float* output, unsigned count) in the source; it has none"};
    }
    return c;
}

int run_kernel_bench(const KernelBenchArgs& a)
{
    const std::string name = display_name(a.source);
    const std::string text = read_source(a.source);
    const std::string runnable_text = catalogue_runnable(text);
    const std::vector<simt::Header> headers{
        simt::Header{"reduce_common.cuh", std::string(model::kernel_source("reduce_common.cuh"))}};
    // 1. The engine: the contract (which kernel, its signature), Clang's diagnostics.
    const simt::CompileResult c = simt::compile(runnable_text, name, headers);
    bool error = false;
    for (const simt::Diagnostic& d : c.diagnostics) {
        std::cerr << name << ":" << d.line << ":" << d.column << ": " << d.severity << ": " << d.message << "\n";
        error = error || d.severity == "error";
    }
    if (!c.program || error)
        return kBadInput;
    // NVRTC (13.0, seen here) reads a 0xFF byte as the end of the file: what follows is dropped
    // without a word and the kernel is missing from its output. No UTF-8 text holds that byte.
    if (const std::size_t at = text.find('\xFF'); at != std::string::npos) {
        const std::size_t line_start = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
        std::cerr << name << ":" << 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') << ":"
                  << 1 + at - line_start
                  << ": error: a byte 0xFF, which NVRTC (the GPU's compiler here) reads as the end of the file: remove it "
                     "(a UTF-8 file never holds it)\n";
        return kBadInput;
    }
    const Chosen chosen = choose(c.kernels, a.kernel);
    const std::string signature{simt::to_string(chosen.first.signature)};

    // 2. NVRTC: loaded here, so that its absence is said before anything needs a GPU.
    std::string why;
    const std::unique_ptr<nvrtc::Library> nv = nvrtc::Library::load(why);
    if (!nv) {
        std::cerr << "reducescope-cli: " << why << '\n';
        return nvrtc::kNvrtcMissing;
    }
    const std::vector<int> archs = nv->supported_archs();
    auto compile = [&](const std::string& arch_option, bool cubin) {
        std::vector<std::string> options{arch_option, "-std=c++17", "-lineinfo", "--fmad=true", "-default-device",
                                         "-include=reducescope_nvrtc_prelude.h"};
        for (const std::string& dir : nv->include_dirs())
            options.push_back("-I" + dir);
        const nvrtc::Output out = nv->compile(nvrtc_text(runnable_text), name, nvrtc_headers(), options, cubin);
        if (!out.ok) {
            print_nvrtc_log(out.log);
            std::cerr << "reducescope-cli: NVRTC " << nv->version() << " did not compile " << name
                      << (out.error.empty() ? std::string{} : ": " + out.error) << '\n';
        }
        return out;
    };

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
    namespace g = reducescope::cuda;
    std::vector<g::DeviceInfo> devices;
    try {
        devices = g::list_devices();
    } catch (const g::NoDevice& e) {
        // No GPU: the source still goes through NVRTC (PTX for the lowest architecture it knows),
        // so a source NVRTC refuses is said here too (exit 2); a clean one ends with the reason, 77.
        const int arch = archs.empty() ? 75 : archs.front();
        const nvrtc::Output out = compile("-arch=compute_" + std::to_string(arch), false);
        if (!out.ok)
            return kBadInput;
        for (const std::string* sym : {&chosen.first.symbol, chosen.second ? &chosen.second->symbol : nullptr})
            if (sym && !ptx_has_entry(out.image, *sym)) {
                std::cerr << "reducescope-cli: NVRTC's output has no kernel " << *sym
                          << " (the engine's name of it): the GPU could not launch it\n";
                return kFailure;
            }
        std::cerr << "reducescope-cli: " << e.what() << ": " << name << " compiled with NVRTC " << nv->version()
                  << " (compute_" << arch << ") but kernel bench runs it only on a GPU\n";
        return kNoDevice;
    }
    if (a.device >= static_cast<int>(devices.size()))
        throw BadInput{"--device must be in 0.." + std::to_string(devices.size() - 1) + " (got " +
                       std::to_string(a.device) + ")"};
    const g::DeviceInfo& dev = devices[static_cast<std::size_t>(a.device)];
    const int arch = dev.cc_major * 10 + dev.cc_minor;
    // A real architecture NVRTC knows: a CUBIN; a GPU newer than this NVRTC: its newest PTX (the
    // driver compiles it at load).
    const bool known = std::find(archs.begin(), archs.end(), arch) != archs.end();
    const int use = known || archs.empty() ? arch : archs.back();
    const std::string target = known ? "sm_" + std::to_string(use) : "compute_" + std::to_string(use);
    const nvrtc::Output out = compile("-arch=" + target, known);
    if (!out.ok)
        return kBadInput;

    auto own = std::make_shared<g::OwnKernel>();
    own->image = out.image;
    own->symbol = chosen.first.symbol;
    own->name = chosen.first.name;
    own->signature = chosen.first.signature == simt::Signature::InPlace       ? g::OwnKernel::Signature::InPlace
                     : chosen.first.signature == simt::Signature::TwoPassFirst ? g::OwnKernel::Signature::TwoPass
                                                                               : g::OwnKernel::Signature::InputOutput;
    if (chosen.second)
        own->second_symbol = chosen.second->symbol;
    own->block_size = a.block;
    own->grid = a.grid;
    own->elements_per_thread = a.elements_per_thread;
    own->shared_bytes = a.shared_bytes;
    own->min_block = chosen.first.warp_wide ? 32 : 1;  // whole warps of the GPU for a warp-wide intrinsic

    b::RunOptions o;
    o.strategies = a.ids;
    o.sizes = {a.n};
    o.reps = a.reps > 0 ? a.reps : 100;
    o.adaptive = a.reps == 0;
    o.mode = a.mode;
    o.cache = a.cache;
    o.seed = a.seed;
    o.device = a.device;
    o.json_file = a.json_file;
    o.tool = cli_tool();
    std::string cmd = "reducescope-cli kernel bench --source " + name + " --n " + std::to_string(a.n) +
                      " --strategies " + (a.ids.empty() ? std::string{"none"} : a.strategies) + " --mode " + a.mode +
                      " --cache " + a.cache + " --seed " + std::to_string(a.seed);
    if (!a.kernel.empty())
        cmd += " --kernel " + a.kernel;
    if (a.block)
        cmd += " --block-size " + std::to_string(a.block);
    if (a.grid)
        cmd += " --grid " + std::to_string(a.grid);
    if (given(a.elements_opt))
        cmd += " --elements-per-thread " + std::to_string(a.elements_per_thread);
    if (a.shared_bytes)
        cmd += " --shared-bytes " + std::to_string(a.shared_bytes);
    if (a.reps > 0)
        cmd += " --reps " + std::to_string(a.reps);
    o.command = cmd;
    b::RunOptions::OwnRun run;
    run.kernel = own;
    run.label = label_of(a);
    run.signature = signature;
    run.nvrtc = "NVRTC " + nv->version() + ", " + target;
    const std::shared_ptr<const simt::Program> program = c.program;
    const std::string kernel_name = chosen.first.name;
    const int elements = static_cast<int>(a.elements_per_thread);
    const int shared = static_cast<int>(a.shared_bytes);
    run.engine = [program, kernel_name, elements, shared](std::span<const float> input, unsigned int block, unsigned int grid) {
        b::EngineRun er;
        simt::LaunchOptions lo;
        lo.kernel = kernel_name;
        lo.block_size = static_cast<int>(block);
        lo.grid = static_cast<int>(grid);
        lo.elements_per_thread = elements;  // an in_place kernel's padding
        lo.shared_bytes = shared;           // the launch's extern __shared__ bytes, as on the GPU
        lo.full_detail = false;
        const simt::RunResult r = simt::run(*program, input, lo);
        if (r.error) {
            er.message = r.error->message;
            return er;
        }
        if (!r.trace.faults.empty()) {
            const model::Fault& f = r.trace.faults.front();
            er.fault = true;
            er.message = f.kind + " at line " + std::to_string(f.line) + ": " + f.message;
            return er;
        }
        er.ran = true;
        er.value = r.trace.result;
        er.fixed_order = r.trace.totals.atomics == 0;
        return er;
    };
    o.own = std::move(run);

    b::RunSink sink;
    sink.line = a.table ? std::function<void(const std::string&)>{[](const std::string&) {}}
                        : std::function<void(const std::string&)>{emit_line};
    sink.warning = [](const std::string& m) { std::cerr << "reducescope-cli: " << m << '\n'; };
    int code = kOk;
    try {
        code = map_gpu_errors(
            [&] {
                const b::RunReport report = b::run_benchmark(o, sink);
                if (a.table)
                    std::cout << b::format_table(report.file) << std::flush;
                return report.failures ? int(kFailure) : int(kOk);
            },
            [](const std::string& m) { emit_line(b::error_line(m)); });
    } catch (const std::bad_alloc&) {
        std::cerr << "reducescope-cli: not enough host memory for the input of " << a.n << " floats\n";
        return kBadInput;
    } catch (const std::runtime_error& e) {
        emit_line(b::error_line(e.what()));
        std::cerr << "reducescope-cli: " << e.what() << '\n';
        return kOutputError;
    }
    return code;
#else
    (void)compile;
    (void)chosen;
    (void)signature;
    std::cerr << "reducescope-cli: this build has no CUDA kernels (nvcc was not found when it was configured)\n";
    return kNoDevice;
#endif
}

#endif // REDUCESCOPE_HAVE_ENGINE

} // namespace

void add_kernel_bench(CLI::App& kernel, int& exit_code)
{
    auto a = std::make_shared<KernelBenchArgs>();
    CLI::App* s = kernel.add_subcommand(
        "bench", "Time your own kernel on the GPU beside the catalogue, CUB and the read ceiling (NVRTC; JSON lines)");
    s->add_option("--source", a->source, "the .cu file, or - for stdin (a file path)")->required();
    a->kernel_opt = s->add_option("--kernel", a->kernel, "which kernel: a name `kernel check` lists (default: the only one the engine can run)");
    a->block_opt = s->add_option("--block-size", a->block_text,
                                 "threads per block, a power of two in 1..1024 (default: n/E rounded up to a power of two, at "
                                 "most 1024; at least 32 for a kernel with a warp-wide intrinsic)")
                       ->type_name("UINT");
    a->grid_opt = s->add_option("--grid", a->grid_text, "blocks, 1..65535 (default: ceil(n / (E x block size)))")->type_name("UINT");
    a->elements_opt = s->add_option("--elements-per-thread", a->elements_text,
                                    "values one thread reads, E in 1..4096: the default block and grid follow it (default 2)")
                          ->type_name("UINT");
    a->shared_opt = s->add_option("--shared-bytes", a->shared_text,
                                  "bytes of each extern __shared__ array, 1..49152 (default: 4 x block size)")
                        ->type_name("UINT");
    s->add_option("--n", a->n_text, "elements, 1.." + std::to_string(b::kMaxN) + " (1K, 4M, 2^20 accepted; default 1048576)");
    s->add_option("--strategies", a->strategies,
                  "the catalogue's kernels timed beside it: all, none, or a comma list of strategy ids (default cub)");
    a->reps_opt = s->add_option("--reps", a->reps_text, "timed repetitions, 1..100000 (default: bench's stopping rule)")->type_name("UINT");
    s->add_option("--mode", a->mode, "per-launch | loop | graph (default loop)");
    s->add_option("--cache", a->cache, "hot | cold (default hot)");
    a->seed_opt = s->add_option("--seed", a->seed_text, "seed of the random input, 0..18446744073709551615")->type_name("UINT");
    s->add_option("--device", a->device_text, "CUDA device index, 0..63")->type_name("UINT");
    a->json_opt = s->add_option("--json", a->json_file, "write the results file here (a file path; docs/results-format.md)");
    a->label_opt = s->add_option("--label", a->label,
                                 "the row's name, 1..200 printable characters (default: the source's file name)");
    s->add_flag("--table", a->table, "print a text table on stdout instead of JSON lines");
    remote::add_remote_options(*s);
    s->callback([a, &exit_code] {
        resolve(*a);
#if REDUCESCOPE_HAVE_ENGINE
        exit_code = run_kernel_bench(*a);
#else
        throw BadInput{"this build has no SIMT engine (configure with Clang/LLVM 14 dev installed): kernel bench "
                       "takes the kernel's contract from it"};
#endif
    });
}

} // namespace reducescope::cli
