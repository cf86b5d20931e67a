// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace reducescope::model {
namespace {

constexpr double kIntegerLimit = 1e15;  // below it every integer-valued double prints exactly

std::string special(double v, bool& done)
{
    done = true;
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "\xE2\x88\x9E" : "\xE2\x88\x92\xE2\x88\x9E";  // ∞, −∞
    if (v == 0)
        return std::signbit(v) ? "-0" : "0";
    done = false;
    return {};
}

// Fixed notation with `decimals` digits after the point, trailing zeros (and a bare point) dropped.
std::string fixed(double v, int decimals, bool keepOneDecimal)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", std::clamp(decimals, 0, 20), v);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    if (keepOneDecimal && s.find('.') == std::string::npos && v != std::round(v)) {
        std::snprintf(buf, sizeof buf, "%.1f", v);
        s = buf;
    }
    return s;
}

std::string exponent(double v, int significant)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", std::clamp(significant, 1, 17), v);
    return buf;
}

bool isInteger(double v) { return std::abs(v) < kIntegerLimit && v == std::trunc(v); }

// Digits before the point of |v| >= 1 (1 for |v| < 1).
int integerDigits(double v)
{
    const double a = std::abs(v);
    return a < 1 ? 1 : int(std::floor(std::log10(a))) + 1;
}

} // namespace

int text_length(const std::string& utf8)
{
    return int(std::count_if(utf8.begin(), utf8.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string number_text(double v, int significant)
{
    bool done = false;
    if (std::string s = special(v, done); done)
        return s;
    significant = std::clamp(significant, 1, 17);
    if (isInteger(v)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
        return buf;
    }
    const double a = std::abs(v);
    if (a < 1e-4 || a >= kIntegerLimit)
        return exponent(v, significant);
    // Significant digits counted from the first non-zero digit.
    const int lead = a >= 1 ? integerDigits(v) : int(std::floor(std::log10(a))) + 1;  // <= 0 below 1
    return fixed(v, std::max(1, significant - lead), true);
}

std::string compact_number(double v, int max_chars, int significant)
{
    max_chars = std::max(1, max_chars);
    std::string best = number_text(v, significant);
    if (text_length(best) <= max_chars)
        return best;
    bool done = false;
    if (special(v, done); done)
        return best;
    const double a = std::abs(v);
    if (!isInteger(v) && a >= 1 && a < kIntegerLimit) {
        // 123456.7 in 6 characters: the rounded integer is the nearest short form.
        std::string r = fixed(v, 0, false);
        if (text_length(r) <= max_chars)
            return r;
    }
    if (a >= 1000 && a < kIntegerLimit * 1000) {
        static const char* const suffix[] = {"k", "M", "G", "T"};
        int i = 0;
        double scaled = v / 1000;
        while (std::abs(scaled) >= 999.95 && i < 3) {
            scaled /= 1000;
            ++i;
        }
        for (int decimals : {2, 1, 0}) {
            std::string s = fixed(scaled, decimals, false) + suffix[i];
            if (text_length(s) <= max_chars)
                return s;
            best = s;
        }
        return best;
    }
    // Not an integer (or a small one that does not fit): fewer significant digits.
    for (int digits = significant - 1; digits >= 1; --digits) {
        std::string s = number_text(v, digits);
        if (text_length(s) <= max_chars)
            return s;
        best = s;
    }
    return best;
}

bool is_shortened(double v, int max_chars, int significant)
{
    return compact_number(v, max_chars, significant) != number_text(v, significant);
}

} // namespace reducescope::model
