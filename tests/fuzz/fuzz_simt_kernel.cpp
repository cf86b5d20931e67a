// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the SIMT engine's front end and interpreter (kernels/simt) on generated and mutated
// kernel sources (seeds: tests/fuzz/corpus/simt_kernel). Properties: compile() never throws and
// every error has a message; a program's every runnable kernel runs on a small input within small
// limits and ends (done or one fault with a kind, a message and a step of its trace); no crash,
// no hang (libFuzzer's -timeout).
#include "simt/engine.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {
[[noreturn]] void fail(const char* what)
{
    std::fprintf(stderr, "simt: %s\n", what);
    std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace s = reducescope::simt;
    if (size > 20000)
        return 0;
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    const s::CompileResult c = s::compile(source, "kernel.cu", {}, 4);  // REDUCESCOPE_WARP_SIZE = the runs' warp
    for (const s::Diagnostic& d : c.diagnostics)
        if (d.message.empty())
            fail("a diagnostic without a message");
    if (!c.program)
        return 0;
    const float input[16] = {6, 2, 7, 4, 5, 8, 3, 1, -1, 0.5f, 1e-40f, 3, 9, 2, 4, 4};
    for (const s::KernelInfo& k : c.kernels) {
        if (!k.refusal.empty())
            continue;
        s::LaunchOptions o;
        o.kernel = k.symbol;
        o.block_size = 8;
        o.warp_size = 4;
        o.instruction_limit = 20000;
        const s::RunResult r = s::run(*c.program, input, o);
        if (r.error)
            continue;
        for (const auto& f : r.trace.faults)
            if (f.kind.empty() || f.message.empty() || f.step < 0 || f.step >= static_cast<int>(r.trace.steps.size()))
                fail("a fault without kind, message or step");
    }
    return 0;
}
