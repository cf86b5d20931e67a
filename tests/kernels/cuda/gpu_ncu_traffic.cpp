// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_ncu_traffic (docs/hardware-counters.md, part 4): the step model's memory traffic
// against Nsight Compute for EVERY modelled strategy at n = 1000, 1024 and 4096 (block 256, coarse
// factor 4): global load and store sectors, shared-memory load and store wavefronts, and the
// sectors of the float atomics that return nothing (RED). ncu runs `reducescope-cli bench` once per
// n with every strategy; the first launch of each kernel (the verification run) is compared with
// model::simulate() of the bench's own input (make_input(n, kDefaultSeed)).
//
// The model counts at source level (one access per source expression, under the kernel's
// guards). Where the hardware differs for a known reason the difference is written below with
// that reason (kExpected), never as a tolerance:
//  - grid_sync: grid.sync() polls its barrier word in global memory, at least once per block;
//  - self_reset: the model records the first acquire load of the wait per block; further polls
//    depend on timing;
//  - RED sectors: model::red_sectors(), one sector per lane that issues atomicAdd(output, x):
//    lanes of one warp adding to the same 4 bytes are NOT merged into one sector (H200, ncu:
//    atomic_naive 1000 / 1024 / 4096 at n = 1000 / 1024 / 4096; check-223f496). One atomic per
//    block or per warp stays one sector per block or per warp.
// Not compared, printed only: the compare-and-swap and 64-bit ticket atomics (op_atom), whose
// number of attempts depends on the order blocks arrive in.
//
// Arguments: REDUCESCOPE_CLI [MARKDOWN_OUT], or --model-only (the model's figures, no GPU). Prints a table per n (markdown, for
// docs/hardware-counters.md) and writes it to MARKDOWN_OUT when given. Exit 0: every figure as
// expected; 1: a difference (the row says which); 77: no GPU, or ncu is not on the PATH.
#include "bench/ncu_counters.h"
#include "bench/reference.h"
#include "model/catalogue.h"
#include "model/simulate.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace reducescope;

namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kCoarse = 4;

enum Metric { GlobalLd, GlobalSt, SharedLd, SharedSt, Red, Atom, kMetrics };
const char* const kMetricNames[kMetrics] = {
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",  "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum"};
const char* const kShort[kMetrics] = {"global ld sectors", "global st sectors", "shared ld wavefronts",
                                      "shared st wavefronts", "RED sectors", "ATOM sectors"};

/// A known difference hardware - model for one strategy and metric: at least `at_least_per_block`
/// x grid more on the hardware (the rest of the counters must be equal).
struct Expected {
    const char* strategy;
    Metric metric;
    int at_least_per_block;
    const char* reason;
};
const Expected kExpected[] = {
    {"grid_sync", GlobalLd, 1,
     "grid.sync() polls its barrier word in global memory (thread 0 of each block, at least once); the number of "
     "polls depends on timing"},
    {"self_reset", GlobalLd, 0,
     "the model records the first acquire load of epoch[1] per block; a block that arrives before the launch is "
     "published polls again (timing)"},
};

/// The model's figures for one trace, by metric.
std::vector<long long> model_figures(const model::Trace& t)
{
    std::vector<long long> f(kMetrics, 0);
    for (const model::Step& s : t.steps) {
        for (const model::GlobalAccess& a : s.global_accesses)
            f[a.kind == model::AccessKind::Read ? GlobalLd : GlobalSt] += a.sectors;
        for (const model::SharedAccess& a : s.shared_accesses)
            f[a.kind == model::AccessKind::Read ? SharedLd : SharedSt] += a.wavefronts;
        // One RED sector per lane that atomicAdds to *output (model::red_sectors: same-address
        // lanes of a warp are not merged into one sector).
        f[Red] += model::red_sectors(t, s);
    }
    f[Atom] = -1;  // not modelled as sectors (see the file comment)
    return f;
}

/// Catalogue id of an ncu kernel name such as
/// "void reducescope::cuda::shared_reduce_sum<reducescope::cuda::NoProbe>(const float *, ...)".
std::string strategy_of(const std::string& kernel)
{
    auto has = [&](const std::string& name) {
        for (std::size_t pos = kernel.find(name); pos != std::string::npos; pos = kernel.find(name, pos + 1))
            if (pos == 0 || !(std::isalnum(static_cast<unsigned char>(kernel[pos - 1])) || kernel[pos - 1] == '_'))
                return true;
        return false;
    };
    if (has("two_pass_partials<") || has("two_pass_final<"))
        return "two_pass";
    if (has("coarsened_reduce_max<"))
        return "coarsened_max";
    for (const auto& s : model::catalogue())
        if (s.has_model && has(std::string(s.id) + "_reduce_sum<"))
            return std::string(s.id);
    return {};
}

std::string short_kernel(const std::string& kernel)
{
    std::string k = kernel;
    if (const auto p = k.find('('); p != std::string::npos)
        k.resize(p);
    if (const auto p = k.rfind("::", k.find('<')); p != std::string::npos)
        k = k.substr(p + 2);
    if (const auto p = k.find('<'); p != std::string::npos)
        k.resize(p);
    return k;
}

const unsigned kSizes[] = {1000u, 1024u, 4096u};

/// The model's trace of strategy `id` on the bench's input at one n (block 256, coarse factor 4).
model::Trace model_trace(const std::string& id, const std::vector<float>& input)
{
    model::Params p;
    p.block_size = static_cast<int>(kBlock);
    p.coarse_factor = static_cast<int>(kCoarse);
    return model::simulate(id, input, p);
}

/// --model-only: the model's side alone (no GPU), what docs/hardware-counters.md predicts.
int print_model_only()
{
    std::printf("| n | strategy | grid | global ld sectors | global st sectors | shared ld wavefronts | shared st "
                "wavefronts | RED sectors |\n|---|---|---|---|---|---|---|---|\n");
    for (const unsigned n : kSizes)
        for (const auto& s : model::catalogue()) {
            if (!s.has_model)
                continue;
            const model::Trace t = model_trace(std::string(s.id), bench::make_input(n, bench::kDefaultSeed));
            const std::vector<long long> f = model_figures(t);
            std::printf("| %u | `%s` | %d | %lld | %lld | %lld | %lld | %lld |\n", n, std::string(s.id).c_str(),
                        t.grid_size, f[GlobalLd], f[GlobalSt], f[SharedLd], f[SharedSt], f[Red]);
        }
    return 0;
}

/// What ncu measured at one n: per strategy the figures of the first launch of each of its
/// kernels (the verification run), summed, and the kernels' short names.
struct Profiled {
    std::map<std::string, std::vector<double>> hw;
    std::map<std::string, std::string> kernels;
};

Profiled first_launches(const std::vector<bench::ProfiledLaunch>& launches)
{
    Profiled p;
    std::set<std::string> seen;
    for (const bench::ProfiledLaunch& l : launches) {
        const std::string s = strategy_of(l.kernel);
        if (s.empty() || !seen.insert(short_kernel(l.kernel)).second)
            continue;
        auto& v = p.hw[s];
        v.resize(kMetrics, 0.0);
        for (int m = 0; m < kMetrics; ++m) {
            const auto it = l.metrics.find(kMetricNames[m]);
            v[static_cast<std::size_t>(m)] += it == l.metrics.end() ? std::nan("") : it->second;
        }
        p.kernels[s] += (p.kernels[s].empty() ? "" : " + ") + short_kernel(l.kernel);
    }
    return p;
}

/// The known difference for strategy `id` and metric `m`, or null.
const Expected* expected_for(const std::string& id, int m)
{
    const Expected* e = nullptr;
    for (const Expected& x : kExpected)
        if (id == x.strategy && m == x.metric)
            e = &x;
    return e;
}

/// Strategy `id`'s row of the table at n: ncu's figures against the model's (`t`), each equal or
/// as a known difference says; a FAIL line for each that is not. True when the row is as expected.
bool compare_row(unsigned n, const std::string& id, const model::Trace& t, Profiled& profiled, std::ostream& md)
{
    const std::vector<long long> mf = model_figures(t);
    md << "| `" << id << "` | " << t.grid_size;
    const auto h = profiled.hw.find(id);
    if (h == profiled.hw.end()) {
        std::printf("FAIL: n=%u %s: ncu profiled no kernel of it\n", n, id.c_str());
        md << " | not profiled | | | | | | FAIL |\n";
        return false;
    }
    std::string notes;
    bool ok = true;
    for (int m = 0; m < kMetrics; ++m) {
        const double got = h->second[static_cast<std::size_t>(m)];
        if (m == Atom) {
            md << " | " << got;
            continue;
        }
        const long long want = mf[static_cast<std::size_t>(m)];
        const Expected* e = expected_for(id, m);
        bool fine = got == static_cast<double>(want);
        if (e) {
            fine = got >= static_cast<double>(want + static_cast<long long>(e->at_least_per_block) * t.grid_size);
            notes += std::string(" ") + kShort[m] + ": " + e->reason + ".";
        }
        if (!fine) {
            ok = false;
            std::printf("FAIL: n=%u %s (%s): %s ncu %.0f, model %lld%s\n", n, id.c_str(), profiled.kernels[id].c_str(),
                        kShort[m], got, want,
                        e ? (" (expected at least model + " + std::to_string(e->at_least_per_block) +
                             " per block: " + e->reason + ")").c_str()
                          : "");
        }
        md << " | " << got << " / " << want;
    }
    md << " | " << (ok ? "ok" : "FAIL") << notes << " |\n";
    return ok;
}

/// ncu on `reducescope-cli bench` at n with every modelled strategy (`ids`), and the table of
/// its figures against the model's into `md`. Returns the number of rows that differ, or -1
/// when ncu gave no CSV.
int compare_at(unsigned n, const std::string& ncu, const std::string& cli, const std::string& ids,
               const std::string& metrics, std::ostream& md)
{
    const bench::ProgramRun run = bench::run_program(
        {ncu, "--clock-control", "none", "--csv", "--print-units", "base", "--metrics", metrics, "-k",
         "regex:reduce_(sum|max)|two_pass_", cli, "bench", "--n", std::to_string(n), "--block-size",
         std::to_string(kBlock), "--coarse-factor", std::to_string(kCoarse), "--reps", "1", "--warmup", "0",
         "--mode", "per-launch", "--strategies", ids});
    std::vector<bench::ProfiledLaunch> launches;
    try {
        launches = bench::parse_ncu_csv(run.out);
    } catch (const std::exception& e) {
        std::printf("FAIL: n=%u: ncu exited %d, no CSV (%s); stderr: %s\n", n, run.exit_code, e.what(),
                    run.err.substr(0, 400).c_str());
        return -1;
    }
    Profiled profiled = first_launches(launches);
    const std::vector<float> input = bench::make_input(n, bench::kDefaultSeed);
    md << "\n### n = " << n << ", block " << kBlock << ", coarse factor " << kCoarse << "\n\n"
       << "| strategy | grid | global ld sectors (ncu / model) | global st sectors | shared ld wavefronts | "
          "shared st wavefronts | RED sectors | ATOM sectors (ncu) | |\n|---|---|---|---|---|---|---|---|---|\n";
    int failures = 0;
    for (const auto& s : model::catalogue()) {
        if (!s.has_model)
            continue;
        const std::string id(s.id);
        failures += compare_row(n, id, model_trace(id, input), profiled, md) ? 0 : 1;
    }
    return failures;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: gpu_ncu_traffic REDUCESCOPE_CLI [MARKDOWN_OUT]\n");
        return 2;
    }
    const std::string cli = argv[1];
    if (cli == "--model-only")
        return print_model_only();
    const bench::ProgramRun devices = bench::run_program({cli, "devices"});
    if (devices.exit_code == 77 || devices.exit_code != 0) {
        std::printf("skipped: no GPU (reducescope-cli devices exited %d)\n", devices.exit_code);
        return 77;
    }
    const std::string ncu = bench::find_on_path("ncu");
    if (ncu.empty()) {
        std::printf("skipped: ncu (Nsight Compute) is not on the PATH\n");
        return 77;
    }
    std::string ids, metrics;
    for (const auto& s : model::catalogue())
        if (s.has_model)
            ids += (ids.empty() ? "" : ",") + std::string(s.id);
    for (const char* m : kMetricNames)
        metrics += (metrics.empty() ? "" : ",") + std::string(m);

    std::ostringstream md;
    int failures = 0;
    for (const unsigned n : kSizes) {
        const int differ = compare_at(n, ncu, cli, ids, metrics, md);
        if (differ < 0)
            return 1;
        failures += differ;
    }
    std::printf("%s", md.str().c_str());
    if (argc > 2)
        std::ofstream{argv[2]} << md.str();
    std::printf("%s\n", failures == 0 ? "every strategy's traffic as the model says (known differences as stated)"
                                      : "FAILED");
    return failures == 0 ? 0 : 1;
}
