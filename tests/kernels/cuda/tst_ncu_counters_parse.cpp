// SPDX-License-Identifier: GPL-3.0-or-later
// CPU-only check of the hardware-counter table (docs/hardware-counters.md): parses the ncu CSV
// recorded on the H200 and computes the model's side for the same kernels at 1024 elements, and
// holds both to the figures the document states. Plain C++, no GPU. Argument: the CSV file.
#include "bench/ncu_counters.h"
#include "bench/ncu_counters_json.h"
#include "model/simulate.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

using namespace reducescope;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: tst_ncu_counters_parse FILE.csv\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    std::stringstream text;
    text << in.rdbuf();
    const auto launches = bench::parse_ncu_csv(text.str());
    std::map<std::string, model::Trace> traces;
    std::vector<float> x(1024);
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<float>(i + 1);
    for (const std::string_view s : bench::counter_strategies())
        traces[std::string{s}] = model::simulate(s, x, model::Params{});
    const nlohmann::json j = bench::counters_json(launches, traces);
    std::printf("%s\n", j.dump(1).c_str());

    // The figures of docs/hardware-counters.md: ncu (divergent, ld conflicts, st conflicts, ld
    // wavefronts) and model (divergent warp-steps, ld wavefronts, extra ld, extra st).
    const std::map<std::string, std::array<double, 8>> expected{
        {"simple", {95, 0, 0, 0, 96, 0, 0, 0}},
        {"convergent", {5, 0, 0, 0, 6, 0, 0, 0}},
        {"convergent_reversed", {5, 0, 0, 0, 6, 0, 0, 0}},
        {"interleaved_strided", {0, 150, 75, 191, 6, 191, 150, 75}},
        {"shared", {0, 0, 0, 41, 6, 41, 0, 0}},
    };
    int failures = 0;
    if (j.size() != expected.size()) {
        std::printf("FAIL: %zu kernels in the CSV, expected %zu\n", j.size(), expected.size());
        ++failures;
    }
    for (const auto& k : j) {
        const std::string s = k["strategy"];
        const auto& e = expected.at(s);
        const auto& h = k["hardware"];
        const auto& m = k["model"];
        const double got[8] = {h["smsp__sass_branch_targets_threads_divergent.sum"],
                               h["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"],
                               h["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"],
                               h["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"],
                               m["divergent_warp_steps"],
                               m["shared_ld_wavefronts"],
                               m["extra_shared_ld_wavefronts"],
                               m["extra_shared_st_wavefronts"]};
        for (int i = 0; i < 8; ++i)
            if (got[i] != e[static_cast<std::size_t>(i)]) {
                std::printf("FAIL: %s figure %d: %g, expected %g\n", s.c_str(), i, got[i], e[static_cast<std::size_t>(i)]);
                ++failures;
            }
        if (k["launches"] != 2 || !k["hardware_all_launches_equal"].get<bool>()) {
            std::printf("FAIL: %s: launches\n", s.c_str());
            ++failures;
        }
    }
    std::printf("%s\n", failures ? "FAILED" : "all figures as documented");
    return failures ? 1 : 0;
}
