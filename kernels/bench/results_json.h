// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON forms of the results schema (docs/results-format.md): the one writer and the one reader
// of each part of a results file as nlohmann::json values. The typed structs and the text
// functions (read_results, write_results, the JSON lines) are in results.h and results_file.h,
// which do not include nlohmann/json.hpp; this header does, for its callers: the readers and
// writers in kernels/bench, the CLI and the tests. The app reads and writes through the text
// functions only. The counters' JSON forms: ncu_counters_json.h.
#pragma once

#include "bench/results.h"
#include "bench/results_file.h"

#include <nlohmann/json.hpp>

#include <string>

namespace reducescope::bench {

/// results-format.md JSON of a result (kernels/bench/results_file.cpp, the one writer).
nlohmann::json to_json(const Result& r);
/// Reads and validates a result object (read_result() with an empty path, the one reader).
/// Throws SchemaError (a std::invalid_argument) naming the first bad field and its allowed range.
Result result_from_json(const nlohmann::json& j);

/// As read_results (results_file.h), from an already parsed JSON value.
ResultsFile read_results_json(const nlohmann::json& root);
/// Reads and validates one result object (a member of "results"); `path` names it in messages.
Result read_result(const nlohmann::json& j, const std::string& path);
/// Reads and validates a device object.
Device read_device(const nlohmann::json& j, const std::string& path);

/// The file as JSON (the one writer; write_results() is its text).
nlohmann::json to_json(const ResultsFile& f);
nlohmann::json to_json(const Device& d);
nlohmann::json to_json(const Params& p);

} // namespace reducescope::bench
