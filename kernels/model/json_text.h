// SPDX-License-Identifier: GPL-3.0-or-later
// The one JSON parser of the project's readers (trace files, results files and the counters they
// carry): JSON text -> nlohmann::json, or one line saying where and why the text is not JSON.
// nlohmann::json is only declared here (json_fwd.hpp): a caller includes <nlohmann/json.hpp>.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <stdexcept>
#include <string_view>

namespace reducescope::model {

/// Text that is not JSON. what() is one line: "not JSON: line L, column C: <short reason>", e.g.
/// "not JSON: line 1, column 12: unexpected end of input; expected '[', '{', or a literal" (for
/// `{"format": `) or "not JSON: line 1, column 16: number overflow parsing '1e999'". L and C are
/// 1-based, C in bytes, at the last byte read (the end of the offending token, as nlohmann-json
/// counts); the reason is nlohmann-json's without its exception tag and its "last read" echo,
/// control characters escaped, at most 160 bytes. Readers put the file's name in front.
struct NotJson : std::runtime_error {
    using std::runtime_error::runtime_error;
    int line = 0;
    int column = 0;
};

/// Parses `text` as one JSON value (RFC 8259, nlohmann-json's parser; numbers beyond double range
/// such as 1e999 are errors). Throws NotJson.
nlohmann::json parse_json(std::string_view text);

} // namespace reducescope::model
