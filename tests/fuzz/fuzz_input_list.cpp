// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the step model's input-list parser, model::parse_input() (kernels/model/simulate.h).
// Properties: it never throws; a refusal has field "input" and a one-line message; an accepted
// list has 1..kMaxInputLength values, and printing them with %.9g (every float exactly) and
// parsing that again gives the same values, bit for bit (NaN: any NaN).
#include "model/simulate.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace {
[[noreturn]] void fail(const char* what)
{
    std::fprintf(stderr, "parse_input: %s\n", what);
    std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace m = reducescope::model;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const m::ParsedInput p = m::parse_input(text);
    if (p.error) {
        if (p.error->field != "input" || p.error->message.empty() || p.error->message.find('\n') != std::string::npos)
            fail("a refusal must be one line about the field input");
        if (!p.values.empty())
            fail("a refusal carries values");
        return 0;
    }
    if (p.values.empty() || p.values.size() > std::size_t(m::kMaxInputLength))
        fail("accepted a list outside 1..4096 values");
    std::string printed;
    for (const float v : p.values) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "%.9g,", static_cast<double>(v));
        printed += buf;
    }
    printed.pop_back();
    const m::ParsedInput q = m::parse_input(printed);
    if (q.error || q.values.size() != p.values.size())
        fail("its own values, printed, are refused");
    for (std::size_t k = 0; k < p.values.size(); ++k) {
        const bool both_nan = std::isnan(p.values[k]) && std::isnan(q.values[k]);
        if (!both_nan && std::memcmp(&p.values[k], &q.values[k], sizeof(float)) != 0)
            fail("a value does not read back the same");
    }
    return 0;
}
