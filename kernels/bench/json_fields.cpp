// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/json_fields.h"

#include "model/message.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace reducescope::bench::fields {
namespace {

using nlohmann::json;

std::string in_quotes(std::string_view s)
{
    std::string out(1, '"');
    out += model::echo(s);
    out += '"';
    return out;
}

[[noreturn]] void wrong(const std::string& where, std::string_view expected, const json& v)
{
    fail(where, "expected " + std::string{expected} + ", got " + describe(v));
}

std::string range_text(long long min, long long max)
{
    if (min == max)  // one allowed value: "expected 1", not "an integer in 1..1"
        return std::to_string(min);
    return max >= kNoMax ? "an integer >= " + std::to_string(min)
                         : "an integer in " + std::to_string(min) + ".." + std::to_string(max);
}

} // namespace

void fail(const std::string& path, const std::string& what) { throw SchemaError(path.empty() ? what : path + ": " + what); }

std::string join(const std::string& path, std::string_view key)
{
    return path.empty() ? std::string{key} : path + "." + std::string{key};
}

std::string at(const std::string& path, std::size_t index) { return path + "[" + std::to_string(index) + "]"; }

std::string key_name(std::string_view key)
{
    std::string name = model::one_line(key);
    constexpr std::size_t kMax = 100;
    if (name.size() <= kMax)
        return name;
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
        --cut;
    name.resize(cut);
    return name + "\xE2\x80\xA6";
}

std::string describe(const json& v)
{
    switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case json::value_t::number_integer: return std::to_string(v.get<long long>());
    case json::value_t::number_unsigned: return std::to_string(v.get<unsigned long long>());
    case json::value_t::number_float: {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.10g", v.get<double>());
        return buf;
    }
    case json::value_t::string: return "the string " + in_quotes(v.get_ref<const std::string&>());
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: break;
    }
    return "nothing";
}

const json* fetch(const json& o, std::string_view key, const std::string& path, Need need, std::string_view expected)
{
    const auto it = o.find(key);
    if (it == o.end()) {
        if (need == Need::Optional || need == Need::Omittable)
            return nullptr;
        fail(join(path, key), "missing (expected " + std::string{expected} + ")");
    }
    if (it->is_null()) {
        if (need == Need::Nullable || need == Need::Optional)
            return nullptr;
        fail(join(path, key), "null (expected " + std::string{expected} +
                                  (need == Need::Omittable ? ", or the field left out" : "") + ")");
    }
    return &*it;
}

std::optional<double> number(const json& o, std::string_view key, const std::string& path, Need need, double min)
{
    const std::string expected = std::isinf(min) ? "a number"
                                 : min == 0      ? "a number >= 0"
                                                 : "a number >= " + describe(json(min));
    const json* v = fetch(o, key, path, need, expected);
    if (!v)
        return std::nullopt;
    if (!v->is_number())
        wrong(join(path, key), expected, *v);
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < min)
        wrong(join(path, key), expected, *v);
    return d;
}

long long integer_value(const json& v, const std::string& path, long long min, long long max)
{
    const std::string expected = range_text(min, max);
    long long value = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<unsigned long long>();
        if (u > static_cast<unsigned long long>(kNoMax))
            wrong(path, expected, v);
        value = static_cast<long long>(u);
    } else if (v.is_number_integer()) {
        value = v.get<long long>();
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > static_cast<double>(kNoMax))
            wrong(path, expected, v);
        value = static_cast<long long>(d);
    } else {
        wrong(path, expected, v);
    }
    if (value < min || value > max)
        wrong(path, expected, v);
    return value;
}

std::optional<long long> integer(const json& o, std::string_view key, const std::string& path, Need need,
                                 long long min, long long max)
{
    const json* v = fetch(o, key, path, need, range_text(min, max));
    if (!v)
        return std::nullopt;
    return integer_value(*v, join(path, key), min, max);
}

std::optional<std::uint64_t> unsigned64(const json& o, std::string_view key, const std::string& path, Need need)
{
    constexpr std::string_view expected = "an integer in 0..18446744073709551615";
    const json* v = fetch(o, key, path, need, expected);
    if (!v)
        return std::nullopt;
    if (v->is_number_unsigned())
        return v->get<std::uint64_t>();
    if (v->is_number_integer() && v->get<long long>() >= 0)
        return static_cast<std::uint64_t>(v->get<long long>());
    if (v->is_number_float()) {
        const double d = v->get<double>();
        if (std::isfinite(d) && d == std::floor(d) && d >= 0 && d < 18446744073709551616.0)
            return static_cast<std::uint64_t>(d);
    }
    wrong(join(path, key), expected, *v);
}

std::optional<std::string> string(const json& o, std::string_view key, const std::string& path, Need need,
                                  std::size_t max_length)
{
    const json* v = fetch(o, key, path, need, "a string");
    if (!v)
        return std::nullopt;
    if (!v->is_string())
        wrong(join(path, key), "a string", *v);
    const auto& s = v->get_ref<const std::string&>();
    if (s.size() > max_length)
        fail(join(path, key), "a string of " + std::to_string(s.size()) + " bytes, over the limit of " +
                                  std::to_string(max_length));
    return s;
}

std::optional<std::string> one_of(const json& o, std::string_view key, const std::string& path, Need need,
                                  std::initializer_list<std::string_view> allowed)
{
    const auto s = string(o, key, path, need);
    if (!s)
        return std::nullopt;
    if (std::find(allowed.begin(), allowed.end(), *s) != allowed.end())
        return s;
    std::string list;
    for (const std::string_view a : allowed)
        list += (list.empty() ? "" : " | ") + std::string{a};
    fail(join(path, key), "expected one of " + list + ", got " + in_quotes(*s));
}

std::optional<bool> boolean(const json& o, std::string_view key, const std::string& path, Need need)
{
    const json* v = fetch(o, key, path, need, "true or false");
    if (!v)
        return std::nullopt;
    if (!v->is_boolean())
        wrong(join(path, key), "true or false", *v);
    return v->get<bool>();
}

const json* object(const json& o, std::string_view key, const std::string& path, Need need)
{
    const json* v = fetch(o, key, path, need, "an object");
    if (v && !v->is_object())
        wrong(join(path, key), "an object", *v);
    return v;
}

const json* array(const json& o, std::string_view key, const std::string& path, Need need, std::size_t max_size)
{
    const json* v = fetch(o, key, path, need, "an array");
    if (!v)
        return nullptr;
    if (!v->is_array())
        wrong(join(path, key), "an array", *v);
    if (v->size() > max_size)
        fail(join(path, key), std::to_string(v->size()) + " elements, over the limit of " + std::to_string(max_size));
    return v;
}

std::optional<std::vector<std::string>> strings(const json& o, std::string_view key, const std::string& path, Need need)
{
    const json* a = fetch(o, key, path, need, "an array of strings");
    if (!a)
        return std::nullopt;
    if (!a->is_array())
        wrong(join(path, key), "an array of strings", *a);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const json& v = (*a)[i];
        if (!v.is_string())
            wrong(at(join(path, key), i), "a string", v);
        out.push_back(v.get<std::string>());
    }
    return out;
}

void expect_object(const json& v, const std::string& path)
{
    if (!v.is_object())
        wrong(path, "an object", v);
}

JsonValue unknown_members(const json& o, std::initializer_list<std::string_view> known)
{
    json extra;
    for (auto it = o.begin(); it != o.end(); ++it)
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            extra[it.key()] = it.value();
    return JsonValue(std::move(extra));
}

void add_unknown_members(json& j, const JsonValue& kept)
{
    const json& extra = kept.get();
    if (!extra.is_object())
        return;
    for (auto it = extra.begin(); it != extra.end(); ++it)
        if (!j.contains(it.key()))
            j[it.key()] = it.value();
}

} // namespace reducescope::bench::fields
