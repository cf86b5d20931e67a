// SPDX-License-Identifier: GPL-3.0-or-later
// `kernel check` and `kernel trace`: a student's own CUDA kernel compiled and stepped by the SIMT
// engine (kernels/simt). The contract (signatures, launch, exit codes, JSON) is
// docs/your-own-kernel.md; the editor of the app runs `kernel trace --json` as a child.
#include "cli/commands.h"
#include "cli/kernel_source.h"
#include "cli/output.h"
#include "cli/trace_table.h"
#include "model/kernel_sources.h"
#include "model/message.h"
#include "model/own_launch.h"

#include "model/simulate.h"
#include "model/trace_json.h"
#include "reducescope/config.h"

#if REDUCESCOPE_HAVE_ENGINE
#include "simt/engine.h"
#endif

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <regex>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace reducescope::cli {
namespace {

struct KernelOptions {
    std::string source;
    std::string input;
    std::string kernel;
    std::string block_size = "0";
    std::string grid = "0";
    std::string warp_size = "32";
    std::string banks = "32";
    std::string shared_bytes = "0";
    std::string elements_per_thread = "2";
    std::string output;
    bool json = false;
    CLI::Option* block_option = nullptr;  // given: 1..1024; left out: 0, the default launch
    CLI::Option* grid_option = nullptr;   // given: 1..65535
    CLI::Option* shared_option = nullptr; // given: 1..simt::kMaxSharedBytes
};

bool given(const CLI::Option* o) { return o && o->count() > 0; }

/// JSON as the CLI prints it: one line, and well-formed UTF-8 whatever the source held (a Latin-1
/// comment, a byte that is not UTF-8 in a string literal): such bytes become U+FFFD, so a trace's
/// own_source is the source as UTF-8, as the app reads it.
template <class Json>
std::string json_text(const Json& j)
{
    return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

/// docs/your-own-kernel.md's table of exit codes, word for word (bench: docs/benchmarks.md).
constexpr const char* kExitCodes =
    "Exit codes of check and trace: 0 done, 1 the kernel has a fault, 2 bad input, or a source that does not "
    "compile or uses a construct the engine does not run, 74 the output (stdout or --output) could not be written.";


#if REDUCESCOPE_HAVE_ENGINE
/// The headers a catalogue file includes, handed to the engine in memory: reduce_common.cuh as
/// embedded. Through `#include` (not pasted in front), so every line of the file keeps its number.
std::vector<simt::Header> catalogue_headers()
{
    return {simt::Header{"reduce_common.cuh", std::string(model::kernel_source("reduce_common.cuh"))}};
}
#endif

/// Prints `text` to --output (atomically) or stdout.
void emit(const KernelOptions& o, const std::string& text)
{
    if (o.output.empty())
        std::cout << text;
    else
        write_output_file(o.output, text);
}

#if REDUCESCOPE_HAVE_ENGINE

nlohmann::ordered_json diagnostics_json(const std::vector<simt::Diagnostic>& ds)
{
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (const simt::Diagnostic& d : ds)
        a.push_back({{"line", d.line}, {"column", d.column}, {"severity", d.severity}, {"message", d.message}});
    return a;
}

/// Clang-style lines on stderr: FILE:LINE:COL: SEVERITY: MESSAGE.
void print_diagnostics(const std::string& file, const std::vector<simt::Diagnostic>& ds)
{
    for (const simt::Diagnostic& d : ds)
        std::cerr << file << ":" << d.line << ":" << d.column << ": " << d.severity << ": " << d.message << "\n";
}

bool has_error(const std::vector<simt::Diagnostic>& ds)
{
    return std::any_of(ds.begin(), ds.end(), [](const simt::Diagnostic& d) { return d.severity == "error"; });
}

/// The source compiled as `kernel check` and `kernel trace` compile it (catalogue_runnable()).
/// An error in the instantiations the CLI added (text the student did not write: past the end of
/// the line they stand on) is never shown: the source is compiled again without them, and what
/// that says (its own errors, or the kernels it has) stands.
simt::CompileResult compile_source(const std::string& text, const std::string& file, int warp_size)
{
    const std::string runnable = catalogue_runnable(text);
    simt::CompileResult c = simt::compile(runnable, file, catalogue_headers(), warp_size);
    if (c.program || runnable == text)
        return c;
    std::vector<std::string> written;
    {
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);)
            written.push_back(l);
    }
    const bool in_added_text = std::any_of(c.diagnostics.begin(), c.diagnostics.end(), [&](const simt::Diagnostic& d) {
        return (d.line < 1 || static_cast<std::size_t>(d.line) > written.size() ||
                static_cast<std::size_t>(d.column) > written[static_cast<std::size_t>(d.line - 1)].size() + 1);
    });
    if (!in_added_text)
        return c;
    return simt::compile(catalogue_runnable(text, false), file, catalogue_headers(), warp_size);
}

int refuse(const KernelOptions& o, const std::vector<simt::Diagnostic>& ds)
{
    print_diagnostics(display_name(o.source), ds);
    if (o.json)
        emit(o, json_text(nlohmann::ordered_json{{"diagnostics", diagnostics_json(ds)}}));
    return kBadInput;
}

/// refuse() after the warnings were printed already: only the diagnostics from `first` on.
int refuse_after_warnings(const KernelOptions& o, const std::vector<simt::Diagnostic>& ds, std::size_t first)
{
    print_diagnostics(display_name(o.source),
                      std::vector<simt::Diagnostic>(ds.begin() + static_cast<std::ptrdiff_t>(std::min(first, ds.size())), ds.end()));
    if (o.json)
        emit(o, json_text(nlohmann::ordered_json{{"diagnostics", diagnostics_json(ds)}}));
    return kBadInput;
}


int run_check(const KernelOptions& o)
{
    const std::string text = read_source(o.source);
    const simt::CompileResult c = compile_source(text, display_name(o.source), 32);
    if (!c.program)
        return refuse(o, c.diagnostics);
    if (!o.json)
        print_diagnostics(display_name(o.source), c.diagnostics);
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    std::ostringstream table;
    int runnable = 0;
    for (const simt::KernelInfo& k : c.kernels) {
        nlohmann::ordered_json j{{"name", k.name}, {"line", k.line}, {"signature", simt::to_string(k.signature)}};
        if (!k.refusal.empty())
            j["refusal"] = k.refusal;
        kernels.push_back(std::move(j));
        runnable += k.refusal.empty();
        table << k.name << "  line " << k.line << "  " << simt::to_string(k.signature)
              << (k.refusal.empty() ? std::string("  runs") : "  cannot run: " + k.refusal) << "\n";
    }
    // Exit 2 says why on stderr too (docs/your-own-kernel.md's table), unless Clang's errors did.
    if (runnable == 0 && !has_error(c.diagnostics)) {
        if (c.kernels.empty())
            std::cerr << display_name(o.source) << ":0:0: error: no __global__ kernel in the source\n";
        for (const simt::KernelInfo& k : c.kernels)
            std::cerr << display_name(o.source) << ":" << k.line << ":1: error: " << k.name << ": " << k.refusal << "\n";
    }
    if (o.json)
        emit(o, json_text(nlohmann::ordered_json{{"kernels", kernels}, {"diagnostics", diagnostics_json(c.diagnostics)}}));
    else
        emit(o, table.str().empty() ? std::string("no __global__ kernel in the source\n") : table.str());
    return runnable > 0 ? kOk : kBadInput;
}

/// 4, 8, 16 or 32, else BadInput "RANGE_MESSAGE (got X)" (as `trace` says it).
int teaching_number(const std::string& text, const std::string& range_message)
{
    const bool digits = !text.empty() && text.size() <= 9 &&
                        std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    const int v = digits ? std::stoi(text) : -1;
    if (v != 4 && v != 8 && v != 16 && v != 32)
        throw BadInput{range_message + " (got " + (text.empty() ? std::string{"''"} : model::echo(text)) + ")"};
    return v;
}

int run_trace(const KernelOptions& o)
{
    const model::ParsedInput parsed = model::parse_input(o.input);
    if (parsed.error)
        throw BadInput{parsed.error->message};
    simt::LaunchOptions lo;
    lo.kernel = o.kernel;
    if (const std::size_t comma = o.kernel.find(','); comma != std::string::npos) {
        // --kernel FIRST,SECOND: a two-pass pair, the second named (docs/your-own-kernel.md)
        lo.kernel = o.kernel.substr(0, comma);
        lo.second_kernel = o.kernel.substr(comma + 1);
        if (lo.kernel.empty() || lo.second_kernel.empty() || lo.second_kernel.find(',') != std::string::npos)
            throw BadInput{"kernel must be NAME or FIRST,SECOND (a two-pass pair) (got " + model::echo(o.kernel) + ")"};
    }
    lo.block_size = number(o.block_size, "block-size", given(o.block_option) ? 1 : 0, 1024);
    lo.grid = number(o.grid, "grid", given(o.grid_option) ? 1 : 0, 65535);
    // The same words as `trace --warp-size` / `--banks` for a value out of range.
    lo.warp_size = teaching_number(o.warp_size, "warp-size must be 32, or 4, 8 or 16 as a teaching aid");
    lo.banks = teaching_number(o.banks, "banks must be 32, or 4, 8 or 16");
    lo.shared_bytes = number(o.shared_bytes, "shared-bytes", given(o.shared_option) ? 1 : 0, static_cast<int>(simt::kMaxSharedBytes));
    lo.elements_per_thread = number(o.elements_per_thread, "elements-per-thread", 1, model::kMaxElementsPerThread);
    const std::string text = read_source(o.source);
    // Compiled for the warp size it runs at: a catalogue file's kWarpSize is REDUCESCOPE_WARP_SIZE.
    const simt::CompileResult c =
        compile_source(text, display_name(o.source), lo.warp_size);
    if (!c.program)
        return refuse(o, c.diagnostics);
    // Clang's warnings (exit 0 shows them, as `kernel check` does; in the JSON as "diagnostics").
    print_diagnostics(display_name(o.source), c.diagnostics);
    simt::RunResult r = simt::run(*c.program, parsed.values, lo);
    r.trace.own_source = text;  // the text as written, not the engine's runnable copy
    if (r.error) {
        // A kernel refused at decode time has its place; a bad launch has none.
        std::vector<simt::Diagnostic> ds = c.diagnostics;
        if (!has_error(ds) || r.error->line == 0)
            ds.push_back(*r.error);
        if (r.error->line == 0 && !o.json) {
            // A kernel refused at decode time ("no kernel the engine can run"): its refusal at its
            // line first, as `kernel check` says it (the warnings are printed above).
            const bool none_runs = std::none_of(c.kernels.begin(), c.kernels.end(),
                                                [](const simt::KernelInfo& k) { return k.refusal.empty(); });
            for (const simt::KernelInfo& k : c.kernels)
                if (none_runs && !k.refusal.empty())
                    std::cerr << display_name(o.source) << ":" << k.line << ":" << std::max(1, k.column) << ": error: "
                              << k.name << ": " << k.refusal << "\n";
            std::cerr << "reducescope-cli: " << r.error->message << "\n";
            return kBadInput;
        }
        return refuse_after_warnings(o, ds, c.diagnostics.size());
    }
    for (const model::Fault& f : r.trace.faults)
        std::cerr << display_name(o.source) << ":" << f.line << ":" << f.column << ": fault: " << f.kind << ": "
                  << f.message << " (lanes " << lane_list(f.lanes) << ", step " << f.step + 1 << ")\n";
    for (const model::Note& n : r.trace.notes)  // the run is done (exit 0), but its sum may miss values
        std::cerr << display_name(o.source) << ":" << n.line << ":" << std::max(1, n.column) << ": warning: " << n.message
                  << "\n";
    if (o.json) {
        nlohmann::ordered_json j = model::trace_to_json(r.trace);
        if (!c.diagnostics.empty())
            j["diagnostics"] = diagnostics_json(c.diagnostics);
        emit(o, json_text(j));
    } else {
        emit(o, trace_table(r.trace));
    }
    return r.trace.faults.empty() ? kOk : kFailure;
}

/// Runs a command; an output file that could not be written is exit 74 with its reason.
template <class F>
int guarded(F&& f)
{
    try {
        return f();
    } catch (const OutputError& e) {
        std::cerr << "reducescope-cli: " << e.what() << "\n";
        return kOutputError;
    }
}

#endif

void add_check(CLI::App& kernel, int& exit_code)
{
    auto o = std::make_shared<KernelOptions>();
    CLI::App* c = kernel.add_subcommand("check", "Compile a kernel source and list the kernels the engine can run");
    c->footer(kExitCodes);
    c->add_option("--source", o->source, "the .cu file, or - for stdin")->required();
    c->add_option("--output", o->output, "write to this file instead of stdout");
    c->add_flag("--json", o->json, "print {\"kernels\": [...], \"diagnostics\": [...]} (docs/your-own-kernel.md)");
    c->callback([o, &exit_code] {
#if REDUCESCOPE_HAVE_ENGINE
        exit_code = guarded([&] { return run_check(*o); });
#else
        throw BadInput{"this build has no SIMT engine (configure with Clang/LLVM 14 dev installed)"};
#endif
    });
}

void add_trace(CLI::App& kernel, int& exit_code)
{
    auto o = std::make_shared<KernelOptions>();
    CLI::App* t = kernel.add_subcommand("trace", "Run your own kernel on the CPU, step by step, lane by lane");
    t->footer(kExitCodes);
    t->add_option("--source", o->source, "the .cu file, or - for stdin")->required();
    t->add_option("--input", o->input, "values, e.g. \"6,2,7,4,5,8,3,1\" (as `trace --input`)")->required();
    t->add_option("--kernel", o->kernel, "which kernel (default: the only one the engine can run); FIRST,SECOND: a two-pass pair");
    o->block_option = t->add_option("--block-size", o->block_size, "power of two in 1..1024 (default: n/E rounded up to a power of two, at most 1024; at least the "
                                   "warp size for a kernel with a warp-wide intrinsic)")
        ->type_name("UINT");
    o->grid_option = t->add_option("--grid", o->grid, "blocks, 1..65535 (default: ceil(n / (E x block size)))")->type_name("UINT");
    t->add_option("--elements-per-thread", o->elements_per_thread,
                  "values one thread reads, E in 1..4096: the default block and grid follow it (default 2)")
        ->type_name("UINT");
    t->add_option("--warp-size", o->warp_size, "32, or 4, 8 or 16 as a teaching aid")->type_name("UINT")->capture_default_str();
    t->add_option("--banks", o->banks, "shared-memory banks: 32, or 4, 8 or 16")->type_name("UINT")->capture_default_str();
    o->shared_option = t->add_option("--shared-bytes", o->shared_bytes,
                                     "bytes of each extern __shared__ array, 1..49152 (default: 4 x block size)")
                           ->type_name("UINT");
    t->add_option("--output", o->output, "write to this file instead of stdout");
    t->add_flag("--json", o->json, "print the trace as JSON (docs/trace-format.md)");
    t->callback([o, &exit_code] {
#if REDUCESCOPE_HAVE_ENGINE
        exit_code = guarded([&] { return run_trace(*o); });
#else
        throw BadInput{"this build has no SIMT engine (configure with Clang/LLVM 14 dev installed)"};
#endif
    });
}

} // namespace

void register_kernel_commands(CLI::App& app, int& exit_code)
{
    CLI::App* kernel = app.add_subcommand(
        "kernel", "Your own kernel: compile it (check), step it on the CPU (trace) or time it on the GPU (bench)");
    kernel->require_subcommand(1);
    kernel->footer(kExitCodes);
    add_check(*kernel, exit_code);
    add_trace(*kernel, exit_code);
    add_kernel_bench(*kernel, exit_code);
}

} // namespace reducescope::cli
