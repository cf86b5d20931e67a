// SPDX-License-Identifier: GPL-3.0-or-later
// The checks behind every reader of a results file (results_file.h, and the counters part in
// ncu_counters.h): one place that says what a field must be and words the refusal. A message is
// one line, "PATH: what is wrong", e.g. `results[2].n: expected an integer >= 1, got the string
// "1M"` or `params.mode: expected one of per-launch | loop | graph, got "turbo"`; values from the
// file are quoted through model::echo() (escaped, at most 40 characters). Later checks (reliability
// limits, new fields) go here.
//
// Private to the readers in kernels/bench/*.cpp: no header includes it, so that nlohmann/json.hpp
// stays out of what includes the typed headers (the app). SchemaError: schema_error.h.
#pragma once

#include "bench/json_value.h"
#include "bench/schema_error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {
namespace fields {

/// Whether a member must be there: Required (present, not null), Nullable (present, may be
/// null), Optional (may be absent or null: the format writes null for "no value"), Omittable (may
/// be absent, but never null: a field the format writes as a value whenever it writes it, so a
/// null is refused naming the field and what it allows, not taken for the default).
enum class Need { Required, Nullable, Optional, Omittable };

/// Largest integer a double holds exactly (2^53): the upper end of "no limit" ranges.
inline constexpr long long kNoMax = 9007199254740992LL;

/// Throws SchemaError("PATH: WHAT"); PATH empty: "WHAT".
[[noreturn]] void fail(const std::string& path, const std::string& what);
/// "a.b" ("b" when `path` is empty).
std::string join(const std::string& path, std::string_view key);
/// "a[3]".
std::string at(const std::string& path, std::size_t index);
/// A member name from the file made safe for a path in a message: escaped as model::one_line, at
/// most 100 bytes (never cutting a UTF-8 sequence), then "…".
std::string key_name(std::string_view key);
/// How a value looks in a message: null, true, 3, 10.5, the string "x", an array, an object.
std::string describe(const nlohmann::json& v);

/// The member `key` of the object `o`, or nullptr when it is absent (Optional) or null
/// (Nullable, Optional). Throws for a missing or null member that is needed.
const nlohmann::json* fetch(const nlohmann::json& o, std::string_view key, const std::string& path, Need need,
                            std::string_view expected);

/// A finite number >= min ("a number", or "a number >= 0" when min is 0).
std::optional<double> number(const nlohmann::json& o, std::string_view key, const std::string& path, Need need,
                             double min = -std::numeric_limits<double>::infinity());
/// A whole number in min..max ("an integer >= min" when max is kNoMax). 4.0 is 4; 4.5 is refused.
std::optional<long long> integer(const nlohmann::json& o, std::string_view key, const std::string& path, Need need,
                                 long long min, long long max = kNoMax);
/// A value (an array element, a member already fetched) that must be a whole number in min..max;
/// `path` names it ("params.sweep.values[2]").
long long integer_value(const nlohmann::json& v, const std::string& path, long long min, long long max = kNoMax);
/// A whole number in 0..2^64-1 (seeds).
std::optional<std::uint64_t> unsigned64(const nlohmann::json& o, std::string_view key, const std::string& path,
                                        Need need);
/// A string of at most `max_length` bytes.
std::optional<std::string> string(const nlohmann::json& o, std::string_view key, const std::string& path, Need need,
                                  std::size_t max_length = 1 << 20);
/// One of `allowed` ("expected one of a | b | c, got "x"").
std::optional<std::string> one_of(const nlohmann::json& o, std::string_view key, const std::string& path, Need need,
                                  std::initializer_list<std::string_view> allowed);
/// true or false.
std::optional<bool> boolean(const nlohmann::json& o, std::string_view key, const std::string& path, Need need);
/// An object; nullptr when absent / null and allowed.
const nlohmann::json* object(const nlohmann::json& o, std::string_view key, const std::string& path, Need need);
/// An array of at most `max_size` elements; nullptr when absent / null and allowed.
const nlohmann::json* array(const nlohmann::json& o, std::string_view key, const std::string& path, Need need,
                            std::size_t max_size = 1 << 20);
/// An array of strings.
std::optional<std::vector<std::string>> strings(const nlohmann::json& o, std::string_view key, const std::string& path,
                                                Need need);

/// Throws unless `v` is an object ("PATH: expected an object, got ...").
void expect_object(const nlohmann::json& v, const std::string& path);

/// The members of `o` whose keys are not in `known`, as an object; null when there are none.
/// Readers keep them so that an export writes back what a newer tool wrote.
JsonValue unknown_members(const nlohmann::json& o, std::initializer_list<std::string_view> known);
/// Adds the members of `extra` (an object or null) that `j` does not have yet.
void add_unknown_members(nlohmann::json& j, const JsonValue& extra);

} // namespace fields
} // namespace reducescope::bench
