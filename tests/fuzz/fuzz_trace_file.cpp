// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the trace-file reader, model::read_trace_file() (kernels/model/trace_json.h), on
// any bytes. Property: it never throws; a file it accepts writes back (trace_to_json) and reads
// again into the same JSON.
#include "model/trace_json.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace m = reducescope::model;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const m::TraceFileResult r = m::read_trace_file(text);  // "never throws": an escape aborts the run
    if (!r.file) {
        if (r.error.empty()) {
            std::fprintf(stderr, "read_trace_file: refused without a message\n");
            std::abort();
        }
        return 0;
    }
    const nlohmann::json written = m::trace_to_json(r.file->trace);
    const m::TraceFileResult again = m::read_trace_file(written.dump());
    if (!again.file) {
        std::fprintf(stderr, "read back refused: %s\n", again.error.c_str());
        std::abort();
    }
    if (m::trace_to_json(again.file->trace) != written) {
        std::fprintf(stderr, "read back differs\n");
        std::abort();
    }
    return 0;
}
