// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/json_value.h"

#include <nlohmann/json.hpp>

namespace reducescope::bench {

JsonValue::JsonValue(const nlohmann::json& value)
    : value_(value.is_null() ? nullptr : std::make_shared<const nlohmann::json>(value))
{
}

JsonValue::JsonValue(nlohmann::json&& value)
    : value_(value.is_null() ? nullptr : std::make_shared<const nlohmann::json>(std::move(value)))
{
}

const nlohmann::json& JsonValue::get() const
{
    static const nlohmann::json null;
    return value_ ? *value_ : null;
}

bool JsonValue::contains(std::string_view key) const { return value_ && value_->is_object() && value_->contains(key); }

bool operator==(const JsonValue& a, const JsonValue& b) { return a.get() == b.get(); }

} // namespace reducescope::bench
