// SPDX-License-Identifier: GPL-3.0-or-later
// A fake `ncu` for the tests of `reducescope-cli bench --counters` (kernels/bench/ncu_counters.h):
// a shell script named ncu, put first on the PATH by the test, that never runs the program it is
// given. Plain C++ (used by a Qt Test and by a plain CTest program).
//
// What the script does, steered by the environment it inherits:
//   FAKE_NCU_ARGS    file: its arguments are written there, one per line
//   FAKE_NCU_STDOUT  file: copied to its stdout (canned `ncu --csv` output)
//   FAKE_NCU_STDERR  text: printed on its stderr
//   FAKE_NCU_SIGNAL  signal name: it kills itself with that signal
//   FAKE_NCU_EXIT    its exit code (default 0)
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fake_ncu {

/// Writes the script as DIR/ncu (mode 755) and returns its path.
inline std::filesystem::path write_script(const std::filesystem::path& dir)
{
    const std::filesystem::path p = dir / "ncu";
    std::ofstream f{p};
    f << "#!/bin/sh\n"
         "# fake ncu of ReduceScope's tests (tests/support/fake_ncu.h)\n"
         "if [ -n \"$FAKE_NCU_ARGS\" ]; then for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$FAKE_NCU_ARGS\"; fi\n"
         "if [ -n \"$FAKE_NCU_STDOUT\" ]; then cat \"$FAKE_NCU_STDOUT\"; fi\n"
         "if [ -n \"$FAKE_NCU_STDERR\" ]; then printf '%s\\n' \"$FAKE_NCU_STDERR\" >&2; fi\n"
         "if [ -n \"$FAKE_NCU_SIGNAL\" ]; then kill -s \"$FAKE_NCU_SIGNAL\" $$; fi\n"
         "exit \"${FAKE_NCU_EXIT:-0}\"\n";
    f.close();
    std::filesystem::permissions(p, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                        std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                        std::filesystem::perms::others_exec);
    return p;
}

inline std::string read_file(const std::filesystem::path& p)
{
    std::ifstream f{p};
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

/// The store wavefronts given by complete_csv() to each strategy (made up: the H200 capture has
/// none; distinct per strategy so that a value in the wrong place shows).
inline int made_up_st_wavefronts(int launch_id) { return 1000 + (launch_id / 2) * 10; }

/// A launch the H200 capture (docs/results/h200-2026-11-29/ncu_single_block_1024.csv) does not
/// have, because its strategy came later: the kernel, and the four metrics of the capture at the
/// figures the H200 should give. Made up, not measured (gpu_ncu_bank_conflicts measures
/// interleaved_padded's; `reducescope-cli bench --counters` on a GPU gives them all).
struct LaterLaunch {
    const char* kernel;  ///< the kernel's signature as ncu prints it
    const char* divergent_branch_targets;
    const char* ld_conflicts;
    const char* st_conflicts;
    const char* ld_wavefronts;
};
/// In counters order (bench::counter_strategies()), after the capture's five strategies:
/// interleaved_padded (0 divergent targets, no bank conflicts, 41 load wavefronts:
/// docs/design-notes.md) and warp_unrolled (the same accesses as shared: 41 load wavefronts, no
/// conflicts; its last warp runs unguarded, so no divergent branch).
inline constexpr LaterLaunch kLaterLaunches[] = {
    {"interleaved_padded_reduce_sum<NoProbe>(const float *, float *, unsigned int, T1)", "0", "0", "0", "41"},
    {"warp_unrolled_reduce_sum<NoProbe>(const float *, float *, unsigned int, T1)", "0", "0", "0", "41"},
};

/// `capture` with two launches of each kLaterLaunches kernel appended (launch ids 10, 11 for
/// interleaved_padded, 12, 13 for warp_unrolled), in the capture's CSV layout.
inline std::string with_later_launches(const std::string& capture)
{
    std::string out = capture;
    if (!out.empty() && out.back() != '\n')
        out += '\n';
    int id = 10;
    for (const LaterLaunch& l : kLaterLaunches) {
        const char* metrics[][3] = {
            {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "", l.ld_conflicts},
            {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "", l.st_conflicts},
            {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "", l.ld_wavefronts},
            {"smsp__sass_branch_targets_threads_divergent.sum", "branches", l.divergent_branch_targets},
        };
        for (int launch = 0; launch < 2; ++launch, ++id)
            for (const auto& m : metrics)
                out += "\"" + std::to_string(id) + "\",\"5966\",\"reducescope-cli\",\"127.0.0.1\",\"void " + l.kernel +
                       "\",\"1\",\"13\",\"(512, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\",\"Command line profiler metrics\",\"" +
                       m[0] + "\",\"" + m[1] + "\",\"" + m[2] + "\"\n";
    }
    return out;
}

/// with_later_launches(capture) with a made-up row of l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
/// after each launch's ld row, so that every metric of kCounterMetrics is there: simple 1000,
/// convergent 1010, convergent_reversed 1020, interleaved_strided 1030, shared 1040,
/// interleaved_padded 1050, warp_unrolled 1060 (launch ids 0..13, two launches per strategy).
inline std::string complete_csv(const std::string& capture_in)
{
    const std::string capture = with_later_launches(capture_in);
    const std::string ld = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
    std::istringstream in{capture};
    std::string out, line;
    while (std::getline(in, line)) {
        out += line + '\n';
        const auto at = line.find(ld);
        if (line.rfind("\"", 0) != 0 || at == std::string::npos)
            continue;
        const int id = std::stoi(line.substr(1));
        std::string st = line.substr(0, at) + "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum\",\"\",\"" +
                         std::to_string(made_up_st_wavefronts(id)) + "\"";
        out += st + '\n';
    }
    return out;
}

/// The H200 table of docs/hardware-counters.md, section 1, per strategy in counters order
/// (bench::counter_strategies()): ncu's divergent branch targets, ld conflicts, st conflicts, ld
/// wavefronts; the model's divergent warp-steps, ld wavefronts, st wavefronts, extra ld, extra st
/// wavefronts (the canned CSV's figures); the id of the strategy's first launch in the CSV.
/// interleaved_padded's and warp_unrolled's hardware figures are kLaterLaunches' made-up ones.
struct H200Row {
    const char* strategy;
    double hw[4];
    long long model[5];
    int first_launch;
};
inline constexpr H200Row kH200Table[] = {
    {"simple", {95, 0, 0, 0}, {96, 0, 0, 0, 0}, 0},
    {"convergent", {5, 0, 0, 0}, {6, 0, 0, 0, 0}, 2},
    {"convergent_reversed", {5, 0, 0, 0}, {6, 0, 0, 0, 0}, 4},
    {"interleaved_strided", {0, 150, 75, 191}, {6, 191, 111, 150, 75}, 6},
    {"interleaved_padded", {0, 0, 0, 41}, {6, 41, 36, 0, 0}, 10},
    {"shared", {0, 0, 0, 41}, {6, 41, 36, 0, 0}, 8},
    {"warp_unrolled", {0, 0, 0, 41}, {1, 41, 36, 0, 0}, 12},
};

} // namespace fake_ncu
