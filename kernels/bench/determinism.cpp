// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/determinism.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>

namespace reducescope::bench {

SumOrder sum_order(const model::StrategyInfo& info, unsigned int grid_size)
{
    if (info.merge == model::Merge::Store)
        return SumOrder::Fixed;
    if (info.single_block && grid_size <= 1)
        return SumOrder::Fixed;  // one block stores its result (catalogue.h, Merge::Atomic)
    return SumOrder::Atomic;
}

std::string_view sum_order_name(SumOrder o) { return o == SumOrder::Fixed ? "fixed" : "atomic"; }

std::optional<SumOrder> parse_sum_order(std::string_view s)
{
    if (s == "fixed")
        return SumOrder::Fixed;
    if (s == "atomic")
        return SumOrder::Atomic;
    return std::nullopt;
}

std::string float_bits_text(float value, bool written)
{
    if (!written)
        return "unwritten";
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%a", static_cast<double>(value));
    return buf;
}

std::optional<RepeatValue> parse_float_bits(std::string_view t)
{
    if (t == "unwritten")
        return RepeatValue{false, 0};
    if (t == "nan")
        return RepeatValue{true, std::numeric_limits<float>::quiet_NaN()};
    if (t == "inf" || t == "-inf")
        return RepeatValue{true, t[0] == '-' ? -std::numeric_limits<float>::infinity()
                                             : std::numeric_limits<float>::infinity()};
    // Strict shape first: [-]0x H[.H*] p [+-] D+ (strtod alone would take decimal, spaces, "0X").
    std::size_t i = 0;
    if (i < t.size() && t[i] == '-')
        ++i;
    if (t.substr(i, 2) != "0x")
        return std::nullopt;
    i += 2;
    const std::size_t digits = i;
    while (i < t.size() && std::isxdigit(static_cast<unsigned char>(t[i])))
        ++i;
    if (i == digits)
        return std::nullopt;
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && std::isxdigit(static_cast<unsigned char>(t[i])))
            ++i;
    }
    if (i >= t.size() || t[i] != 'p')
        return std::nullopt;
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-'))
        ++i;
    const std::size_t exp = i;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
        ++i;
    if (i == exp || i != t.size() || t.size() > 64)
        return std::nullopt;
    const std::string s{t};
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v))
        return std::nullopt;
    const auto f = static_cast<float>(v);
    if (!std::isfinite(f) || static_cast<double>(f) != v)
        return std::nullopt;  // not a float (between two floats, or beyond float's range)
    return RepeatValue{true, f};
}

double float_ulp(double x)
{
    const double a = std::fabs(x);
    if (!(a >= 0x1p-126) || std::isnan(a))
        return 0x1p-149;
    if (a >= 0x1p128)
        return 0x1p104;
    int e = 0;
    std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1): a in [2^(e-1), 2^e)
    return std::ldexp(1.0, e - 24);
}

std::string_view verdict_name(RepeatVerdict v)
{
    switch (v) {
    case RepeatVerdict::Deterministic: return "deterministic";
    case RepeatVerdict::OrderNotFixed: return "order_not_fixed";
    case RepeatVerdict::VariesWithOrder: return "varies_with_order";
    case RepeatVerdict::VariesFixedOrder: return "varies_fixed_order";
    }
    return "deterministic";
}

RepeatSummary summarize_repeat(const Repeat& r, std::optional<double> reference)
{
    RepeatSummary s;
    s.runs = static_cast<int>(r.values.size());
    std::set<std::uint64_t> keys;  // bits, with one key for every NaN and one for "unwritten"
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const RepeatValue& v : r.values) {
        if (!v.written) {
            ++s.unwritten;
            keys.insert(std::uint64_t{1} << 32);
            continue;
        }
        keys.insert(std::isnan(v.value) ? std::uint64_t{0x7fc00000u} : std::bit_cast<std::uint32_t>(v.value));
        if (std::isfinite(v.value)) {
            lo = std::min(lo, static_cast<double>(v.value));
            hi = std::max(hi, static_cast<double>(v.value));
        }
    }
    s.distinct = static_cast<int>(keys.size());
    if (lo <= hi && reference && std::isfinite(*reference)) {
        const double ulp = float_ulp(*reference);
        s.spread_ulp = (hi - lo) / ulp;
        s.error_ulp_min = (lo - *reference) / ulp;
        s.error_ulp_max = (hi - *reference) / ulp;
    }
    const bool one = s.distinct <= 1;
    s.verdict = r.order == SumOrder::Fixed ? (one ? RepeatVerdict::Deterministic : RepeatVerdict::VariesFixedOrder)
                                           : (one ? RepeatVerdict::OrderNotFixed : RepeatVerdict::VariesWithOrder);
    return s;
}

namespace {
std::string g4(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}
} // namespace

std::string verdict_text(const RepeatSummary& s, std::string_view operation)
{
    const std::string noun = operation == "max" ? "maxima" : operation == "dot" ? "dot products" : "sums";
    const std::string runs = std::to_string(s.runs) + (s.runs == 1 ? " run" : " runs");
    const std::string spread = s.spread_ulp ? ", spread " + g4(*s.spread_ulp) + " ulp" : std::string{};
    switch (s.verdict) {
    case RepeatVerdict::Deterministic:
        return "deterministic (fixed tree order): " + runs + ", 1 distinct";
    case RepeatVerdict::OrderNotFixed:
        return "1 distinct in " + runs + " (order not fixed: atomic order)";
    case RepeatVerdict::VariesWithOrder:
        return runs + ", " + std::to_string(s.distinct) + " distinct " + noun + spread + " (atomic order)";
    case RepeatVerdict::VariesFixedOrder:
        return runs + ", " + std::to_string(s.distinct) + " distinct " + noun + spread +
               " (NOT deterministic although the order is fixed)";
    }
    return {};
}

} // namespace reducescope::bench
