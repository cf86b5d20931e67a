// SPDX-License-Identifier: GPL-3.0-or-later
// validate / resolve / parse_input / simulate: the entry points of the step model (simulate.h).
#include "model/simulate.h"

#include "model/catalogue.h"
#include "model/gpu_float.h"
#include "model/message.h"  // echo(): header-only, the one rule for echoed user text
#include "model/recorder.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cerrno>
#include <cfloat>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

namespace reducescope::model {
namespace {

bool is_pow2_in(int v, int lo, int hi) { return v >= lo && v <= hi && std::has_single_bit(static_cast<unsigned>(v)); }

bool teaching_size(int v) { return v == 4 || v == 8 || v == 16 || v == 32; }

std::string modelled_ids()
{
    std::string ids;
    for (const auto& s : catalogue()) {
        if (!s.has_model)
            continue;
        if (!ids.empty())
            ids += ", ";
        ids += s.id;
    }
    return ids;
}

/// The replay registered for `strategy`, or nullptr.
detail::ReplayFn replay_of(std::string_view strategy)
{
    for (auto table : {detail::tree_replays(), detail::atomic_replays(), detail::warp_replays()})
        for (const detail::Replay& r : table)
            if (r.id == strategy)
                return r.replay;
    return nullptr;
}

} // namespace

// Float64 reference: the sum, or the max by fmaxf's rule (gpu_float::max_num: a NaN operand is
// ignored, -0 < +0; docs/trace-format.md, "Float rules").
double reference_of(Operation op, std::span<const float> input)
{
    if (op == Operation::Sum) {
        // -0 is the identity of IEEE-754 addition (-0 + x = x for every x, +0 included), +0 is
        // not (+0 + -0 = +0): starting at -0 keeps the sign of an all-negative-zero input.
        double s = -0.0;
        for (float x : input)
            s += static_cast<double>(x);
        return s;
    }
    double m = -INFINITY;
    for (float x : input)
        m = gpu_float::max_num(m, static_cast<double>(x));
    return m;
}

void sum_totals(Trace& t)
{
    Totals& tot = t.totals;
    tot = {};
    for (const Step& s : t.steps) {
        const StepCounters& c = s.counters;
        tot.divergent_warp_steps += c.divergent_warps;
        tot.shared_wavefronts += c.shared_wavefronts;
        tot.extra_shared_wavefronts += c.extra_shared_wavefronts;
        tot.global_sectors += c.global_sectors;
        tot.barriers += c.barriers;
        tot.atomics += c.atomics;
        tot.adds += c.adds;
        tot.active_lane_slots += c.active_lanes;
        tot.issued_lane_slots += c.lane_slots;
    }
    tot.lane_utilisation = tot.issued_lane_slots > 0
        ? static_cast<double>(tot.active_lane_slots) / static_cast<double>(tot.issued_lane_slots)
        : 0.0;
}


StepCounters running_totals(const Trace& trace, int k)
{
    StepCounters sum;
    const int last = std::min(k, static_cast<int>(trace.steps.size()) - 1);
    for (int i = 0; i <= last; ++i) {
        const StepCounters& c = trace.steps[static_cast<std::size_t>(i)].counters;
        sum.active_lanes += c.active_lanes;
        sum.lane_slots += c.lane_slots;
        sum.divergent_warps += c.divergent_warps;
        sum.shared_wavefronts += c.shared_wavefronts;
        sum.extra_shared_wavefronts += c.extra_shared_wavefronts;
        sum.global_sectors += c.global_sectors;
        sum.barriers += c.barriers;
        sum.atomics += c.atomics;
        sum.adds += c.adds;
    }
    return sum;
}

long long red_sectors(const Trace& trace, const Step& step)
{
    if (trace.operation != Operation::Sum)
        return 0;  // the max merges by compare-and-swap: ATOM, not RED
    if (const StrategyInfo* info = find_strategy(trace.strategy); info && info->expected_wrong)
        return 0;  // race: `*output += x` is a plain load and store
    long long sectors = 0;
    for (const AtomicOp& a : step.atomics)
        sectors += a.target == "*output";  // one sector per issuing lane, same address or not
    return sectors;
}

long long red_sectors(const Trace& trace)
{
    long long sectors = 0;
    for (const Step& s : trace.steps)
        sectors += red_sectors(trace, s);
    return sectors;
}

std::vector<std::string_view> replay_ids()
{
    std::vector<std::string_view> ids;
    for (auto table : {detail::tree_replays(), detail::atomic_replays(), detail::warp_replays()})
        for (const detail::Replay& r : table)
            ids.push_back(r.id);
    return ids;
}

Operation operation_of(std::string_view strategy)
{
    const StrategyInfo* info = find_strategy(strategy);
    return info && info->operation == Reduction::Max ? Operation::Max : Operation::Sum;
}

namespace {
ParamError refusal(std::string field, Text t)
{
    ParamError e{std::move(field), render_english(t), std::move(t)};
    return e;
}
} // namespace

std::optional<ParamError> validate(std::string_view strategy, std::size_t input_length, const Params& params)
{
    const StrategyInfo* info = find_strategy(strategy);
    if (!info)
        return refusal("strategy", make_text("error.strategy", modelled_ids(), model::echo(strategy)));
    if (!info->has_model)
        return refusal("strategy", make_text("error.strategy.no_model", model::echo(strategy), modelled_ids()));
    if (input_length < 1 || input_length > static_cast<std::size_t>(kMaxInputLength))
        return refusal("input", make_text("error.input.count", kMaxInputLength, input_length));
    if (params.block_size != 0 && !is_pow2_in(params.block_size, 1, 1024))
        return refusal("block-size", make_text("error.block_size", params.block_size));
    if (!teaching_size(params.warp_size))
        return refusal("warp-size", make_text("error.warp_size", params.warp_size));
    if (params.coarse_factor < 1 || params.coarse_factor > 64)
        return refusal("coarse-factor", make_text("error.coarse_factor", params.coarse_factor));
    if (!teaching_size(params.banks))
        return refusal("banks", make_text("error.banks", params.banks));
    if (params.atomic_order < 0 || params.atomic_order > kMaxAtomicOrder)
        return refusal("atomic-order", make_text("error.atomic_order", kMaxAtomicOrder, params.atomic_order));
    return std::nullopt;
}

int elements_per_thread(std::string_view strategy, int coarse_factor)
{
    if (strategy == "segmented" || strategy == "simple" || strategy == "convergent"
        || strategy == "convergent_reversed" || strategy == "interleaved_strided" || strategy == "shared")
        return 2;
    if (strategy == "coarsened" || strategy == "coarsened_max")
        return 2 * coarse_factor;
    if (strategy == "block_reduce" || strategy == "two_pass" || strategy == "grid_sync")
        return coarse_factor;
    if (strategy == "vectorized" || strategy == "self_reset" || strategy == "zero_ahead")
        return 4 * coarse_factor;
    return 1;  // atomic_naive, race, warp_shuffle
}

Params resolve(std::string_view strategy, std::size_t input_length, Params params)
{
    if (params.block_size != 0)
        return params;
    const StrategyInfo* info = find_strategy(strategy);
    const std::size_t n = std::max<std::size_t>(input_length, 1);
    if (info && info->single_block) {
        const auto half = static_cast<unsigned>((n + 1) / 2);
        params.block_size = static_cast<int>(std::min(1024u, std::bit_ceil(half)));
        return params;
    }
    // Many blocks: 256 threads, unless the input is too small for two such blocks. Then the largest
    // power of two that still gives two blocks, so that the per-block merge is on screen and the
    // padding stays under one block's share (8 values of coarsened: block 2, not 256 with 2040
    // padded elements). Floors: two threads for a tree; one warp for warp_shuffle; two warps where a
    // second level reduces the per-warp partials.
    const bool two_level = strategy == "block_reduce" || strategy == "two_pass" || strategy == "grid_sync"
        || strategy == "vectorized" || strategy == "self_reset" || strategy == "zero_ahead";
    const int floor = two_level ? 2 * params.warp_size : strategy == "warp_shuffle" ? params.warp_size : 2;
    const std::size_t per_thread = static_cast<std::size_t>(
        std::max(1, elements_per_thread(strategy, std::clamp(params.coarse_factor, 1, 64))));
    const std::size_t half_share = std::max<std::size_t>(1, n / (2 * per_thread));
    const int fit = static_cast<int>(std::bit_floor(std::min<std::size_t>(half_share, 1024)));
    params.block_size = std::clamp(fit, std::min(floor, kDefaultBlockSize), kDefaultBlockSize);
    return params;
}

namespace {

enum class ValueProblem { None, Syntax, Range };

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool equals_nocase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t k = 0; k < a.size(); ++k) {
        char c = a[k];
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (c != b[k])
            return false;
    }
    return true;
}

/// The decimal grammar of parse_input(): digits [. digits*] | . digits, then [e|E [+|-] digits].
/// `body` has no sign.
bool is_decimal(std::string_view body)
{
    std::size_t k = 0;
    std::size_t int_digits = 0, frac_digits = 0;
    while (k < body.size() && is_digit(body[k]))
        ++k, ++int_digits;
    if (k < body.size() && body[k] == '.') {
        ++k;
        while (k < body.size() && is_digit(body[k]))
            ++k, ++frac_digits;
    }
    if (int_digits + frac_digits == 0)
        return false;
    if (k < body.size() && (body[k] == 'e' || body[k] == 'E')) {
        ++k;
        if (k < body.size() && (body[k] == '+' || body[k] == '-'))
            ++k;
        std::size_t exp_digits = 0;
        while (k < body.size() && is_digit(body[k]))
            ++k, ++exp_digits;
        if (exp_digits == 0)
            return false;
    }
    return k == body.size();
}

ValueProblem read_value(std::string_view token, float& out)
{
    if (token.empty())
        return ValueProblem::Syntax;
    if (equals_nocase(token, "nan")) {
        out = std::numeric_limits<float>::quiet_NaN();
        return ValueProblem::None;
    }
    const bool negative = token.front() == '-';
    std::string_view body = token;
    if (token.front() == '+' || token.front() == '-')
        body.remove_prefix(1);  // exactly one sign: the body must start with a digit, '.' or a letter
    if (equals_nocase(body, "inf") || equals_nocase(body, "infinity")) {
        out = negative ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
        return ValueProblem::None;
    }
    if (!is_decimal(body))
        return ValueProblem::Syntax;
    // The grammar is checked; from_chars rounds to nearest (it takes no '+', so parse the body and
    // apply the sign, which keeps -0 and a negative underflow's -0).
    float v = 0;
    const auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), v);
    if (ec == std::errc::result_out_of_range && ptr == body.data() + body.size()) {
        // Outside what from_chars returns: below the smallest float (underflow) becomes the
        // nearest float, 0 or a subnormal, as strtof gives it; above FLT_MAX is refused.
        const std::string copy(body);
#if defined(__GLIBC__)
        static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", locale_t{});
        v = c_locale ? strtof_l(copy.c_str(), nullptr, c_locale) : std::strtof(copy.c_str(), nullptr);
#else
        v = std::strtof(copy.c_str(), nullptr);
#endif
    } else if (ec != std::errc{} || ptr != body.data() + body.size()) {
        return ValueProblem::Syntax;
    }
    if (std::isinf(v) || std::fabs(v) > FLT_MAX)
        return ValueProblem::Range;
    out = negative ? -v : v;
    return ValueProblem::None;
}

/// True when decimal `token` (read_value() gave ±0) has a non-zero digit before its exponent: its
/// value is not zero, it underflows (magnitude below half the smallest subnormal).
bool rounds_to_zero(std::string_view token)
{
    for (const char c : token) {
        if (c == 'e' || c == 'E')
            break;
        if (c >= '1' && c <= '9')
            return true;
    }
    return false;
}

} // namespace

std::optional<float> parse_value(std::string_view token)
{
    float v = 0;
    if (read_value(token, v) != ValueProblem::None)
        return std::nullopt;
    return v;
}

ParsedInput parse_input(std::string_view text)
{
    ParsedInput out;
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    std::size_t pos = 0;
    int index = 0;
    bool expect_value = true; // after a comma a value must follow
    bool any = false;
    auto fail = [&](Text msg) {
        out.values.clear();
        out.notes.clear();
        out.error = refusal("input", std::move(msg));
        return out;
    };
    while (pos < text.size()) {
        if (is_space(text[pos])) {
            ++pos;
            continue;
        }
        if (text[pos] == ',') {
            if (expect_value)
                return fail(make_text("error.input.empty", index + 1));
            expect_value = true;
            ++pos;
            continue;
        }
        std::size_t end = pos;
        while (end < text.size() && text[end] != ',' && !is_space(text[end]))
            ++end;
        const std::string_view token = text.substr(pos, end - pos);
        float v = 0;
        switch (read_value(token, v)) {
        case ValueProblem::None: break;
        case ValueProblem::Range:
            return fail(make_text("error.input.range", index + 1, model::echo(token)));
        case ValueProblem::Syntax:
            return fail(make_text("error.input.syntax", index + 1, model::echo(token), kMaxInputLength));
        }
        if (v == 0 && rounds_to_zero(token))
            out.notes.push_back(make_text("note.input.zero", index + 1, model::echo(token), std::signbit(v) ? "-0" : "0"));
        out.values.push_back(v);
        ++index;
        any = true;
        expect_value = false;
        pos = end;
        if (index > kMaxInputLength)
            break;
    }
    if (!any)
        return fail(make_text("error.input.count", kMaxInputLength, 0));
    if (expect_value)
        return fail(make_text("error.input.trailing_comma"));
    if (out.values.size() > static_cast<std::size_t>(kMaxInputLength))
        return fail(make_text("error.input.too_many", kMaxInputLength));
    return out;
}

namespace {

bool has_tag(const Step& s, std::string_view tag)
{
    return std::any_of(s.source_markers.begin(), s.source_markers.end(), [tag](const std::string& m) {
        const std::size_t dot = m.rfind('.');
        return dot != std::string::npos && std::string_view(m).substr(dot + 1) == tag;
    });
}

StepKind kind_of(const Step& s)
{
    if (s.stride && (has_tag(s, "tree") || has_tag(s, "shuffle") || has_tag(s, "final_warp")))
        return StepKind::Stride;
    if (has_tag(s, "write"))
        return StepKind::Write;
    if (has_tag(s, "atomic"))
        return StepKind::Merge;
    if (has_tag(s, "load") || has_tag(s, "coarsen"))
        return StepKind::Load;
    return StepKind::Other;
}

} // namespace

StepPhase step_phase(const Trace& trace, int k)
{
    StepPhase out;
    if (k < 0 || k >= static_cast<int>(trace.steps.size()))
        return out;
    const Step& step = trace.steps[static_cast<std::size_t>(k)];
    out.kind = kind_of(step);
    if (out.kind != StepKind::Stride)
        return out;
    const bool second = has_tag(step, "second_pass");
    for (int j = 0; j < static_cast<int>(trace.steps.size()); ++j) {
        const Step& s = trace.steps[static_cast<std::size_t>(j)];
        if (kind_of(s) != StepKind::Stride || has_tag(s, "second_pass") != second)
            continue;
        ++out.count;
        if (j <= k)
            ++out.index;
    }
    return out;
}

DivergentWarpSteps divergent_warp_steps(const Trace& trace)
{
    DivergentWarpSteps out;
    for (const Step& s : trace.steps) {
        const StepKind kind = kind_of(s);
        (kind == StepKind::Stride ? out.strides : kind == StepKind::Write ? out.write : out.other) +=
            s.counters.divergent_warps;
    }
    return out;
}

LostUpdates lost_updates(const Trace& trace)
{
    LostUpdates out;
    for (const Step& s : trace.steps)
        for (const AtomicOp& a : s.atomics)
            if (a.target == "*output") {
                ++out.updates;
                out.lost += a.lost ? 1 : 0;
            }
    return out;
}

Trace simulate(std::string_view strategy, std::span<const float> input, const Params& params)
{
    return simulate(strategy, input, params, Detail::Full);
}

Trace simulate(std::string_view strategy, std::span<const float> input, const Params& params, Detail detail)
{
    struct DetailScope {
        bool saved = detail::g_full_detail;
        ~DetailScope() { detail::g_full_detail = saved; }
    } scope;
    detail::g_full_detail = detail == Detail::Full;
    if (auto err = validate(strategy, input.size(), params))
        throw std::invalid_argument(err->message);
    const StrategyInfo* info = find_strategy(strategy);

    Trace t;
    t.strategy = std::string(strategy);
    t.operation = operation_of(strategy);
    t.params = resolve(strategy, input.size(), params);
    t.source_file = std::string(info->source_file);
    t.expected_wrong = info->expected_wrong;
    t.teaching_warp_size = t.params.warp_size != 32;
    t.reference = reference_of(t.operation, input);

    const detail::ReplayFn replay = replay_of(strategy);
    if (!replay)  // the catalogue claims a model that no replay file registers (tst_catalogue fails)
        throw std::logic_error("no replay registered for strategy '" + std::string(strategy) + "'");
    replay(t, input);

    if (t.expected_wrong)
        t.lost_value = t.reference - static_cast<double>(t.result);
    sum_totals(t);
    return t;
}

} // namespace reducescope::model
