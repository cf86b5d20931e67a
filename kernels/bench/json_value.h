// SPDX-License-Identifier: GPL-3.0-or-later
// A JSON value that the typed structs of the results schema (results.h, results_file.h,
// ncu_counters.h) carry without their headers including <nlohmann/json.hpp>: the members of an
// object that this version does not know, kept as read so that a writer puts them back. Only
// nlohmann/json_fwd.hpp is included here; code that looks inside the value (get()) includes
// <nlohmann/json.hpp> itself (the readers and writers in kernels/bench/*.cpp do).
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string_view>

namespace reducescope::bench {

/// An immutable JSON value, null by default. Copies share the value (it is never changed in
/// place: assign a new one instead). Two JsonValues are equal when their JSON values are (as
/// nlohmann::json's ==: a null value equals an empty JsonValue).
class JsonValue {
public:
    /// Null.
    JsonValue() = default;
    /// Holds `value`; a JSON null is held as no value (is_null()).
    explicit JsonValue(const nlohmann::json& value);
    explicit JsonValue(nlohmann::json&& value);

    /// The value; a null JSON value when there is none. Valid while this JsonValue (or a copy)
    /// lives.
    const nlohmann::json& get() const;
    /// Whether the value is JSON null (the default).
    bool is_null() const { return !value_; }
    /// Whether the value is an object with a member `key`.
    bool contains(std::string_view key) const;

    friend bool operator==(const JsonValue& a, const JsonValue& b);

private:
    std::shared_ptr<const nlohmann::json> value_;  ///< nullptr: null
};

} // namespace reducescope::bench
