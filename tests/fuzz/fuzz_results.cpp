// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the results reader. Today that is bench::result_from_json() (kernels/bench/
// results.h) for each result, behind the whole-file step below (a JSON document whose "results"
// array holds them, or the CLI's JSON lines with "type": "result"). The app's own whole-file
// reader (app/bench/bench_results.cpp, Qt) is being replaced by one reader in kernels/bench: re-point
// read_results() at it; nothing else here needs to change.
// Properties: the only exceptions are std::invalid_argument (documented) and nlohmann's parse /
// type errors; a result that is read writes back (to_json) and reads again into the same JSON.
#include "bench/results.h"
#include "bench/results_json.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {
namespace b = reducescope::bench;
using nlohmann::json;

void check_result(const json& j)
{
    b::Result r;
    try {
        r = b::result_from_json(j);
    } catch (const std::invalid_argument&) {
        return;
    } catch (const json::exception&) {
        return;
    }
    const json written = b::to_json(r);
    json again;
    try {
        again = b::to_json(b::result_from_json(written));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "a result read back is refused: %s\n", e.what());
        std::abort();
    }
    if (again != written) {
        std::fprintf(stderr, "a result reads back different\n");
        std::abort();
    }
}

/// The whole-file reading path: a results document, else JSON lines. The one place to re-point.
void read_results(std::string_view text)
{
    const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_discarded()) {
        if (doc.is_object() && doc.contains("results") && doc["results"].is_array())
            for (const json& r : doc["results"])
                check_result(r);
        return;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const json line = json::parse(text.substr(start, end - start), nullptr, false);
        if (line.is_object() && line.value("type", json{}) == "result")
            check_result(line);
        start = end + 1;
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    read_results(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
