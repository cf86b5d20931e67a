// SPDX-License-Identifier: GPL-3.0-or-later
// Consistency and range checks of a results file after its fields were read one by one
// (results_file.h's reader calls them; docs/reliability.md): every number within what a real run
// can give, bytes against n, the multi-GPU figures against the time, and the sweep against the
// results. Each failure is one SchemaError line naming the field ("results[3].bytes_read: ...").
#pragma once

#include "bench/results.h"

#include <string>
#include <tuple>

namespace reducescope::bench {

struct ResultsFile;
struct Device;
struct Counters;

/// Largest bandwidth a file may state, 10^9 B/s: 1 PB/s, 200x an H200's HBM peak (an L2-hot run
/// is far below it). Larger values (1.7e308) are refused: they would collapse a chart's axis.
inline constexpr double kMaxBandwidthGbs = 1e6;
/// Longest strategy id a file may name (the catalogue's longest is 20 characters).
inline constexpr std::size_t kMaxStrategyIdLength = 64;
/// Longest time a result may state, in ms: one day.
inline constexpr double kMaxTimeMs = 86400e3;
/// Largest percentage (pct_peak, pct_ceiling) and speed-up a file may state.
inline constexpr double kMaxPercent = 1e4;
inline constexpr double kMaxSpeedup = 1e9;

/// Bytes one element moves for this result: 8 for a dot product (two floats), else 4.
long long bytes_per_element(const Result& r);

/// Checks one result read from `path` ("results[3]"): ranges of every number, the strategy id's
/// form (lowercase letters, digits, '_', at most kMaxStrategyIdLength), block size >= 1 except
/// for library baselines, bytes_read = n × bytes_per_element, bandwidth = bytes / time within
/// 1 % + 0.05 GB/s (the writer rounds to 0.1), and the multi-GPU fields (size_bytes = bytes_read, algbw = size / time and busbw =
/// algbw × nccl-tests' bus factor within 1 % + 0.05, combine known). Throws SchemaError.
void check_result(const Result& r, const std::string& path);
/// Checks a device's numbers (peak bandwidth at most kMaxBandwidthGbs).
void check_device(const Device& d, const std::string& path);
/// What makes a result one cell of a file: strategy, operation, n, block size, coarse factor,
/// mode, cache, and for multi-GPU results the GPU count and combine. A file holds each cell once
/// (check_file); compare.h matches cells of two files by it.
using CellKey = std::tuple<std::string, std::string, std::size_t, int, int, std::string, std::string, int, std::string>;
CellKey cell_key(const Result& r);

/// Largest relative noise a result may record (a fraction: 10 = 1000 %).
inline constexpr double kMaxRelativeNoise = 10.0;

/// Checks the whole file: no two results of the same cell (strategy, operation, n, block size,
/// coarse factor, mode, cache, GPUs, combine); params.sweep against the results, both ways: each
/// listed value once and matched by a result, each result's value listed ("results[4].block_size: 512 is
/// not among params.sweep.values (128, 256)"), and in a two-parameter sweep every (block size,
/// coarse factor) pair held by a result (an incomplete run's file, ResultsFile::incomplete, may
/// lack values and cells: its listing is the plan); a result's gpus does not exceed the file's `gpus`,
/// ceilings within range. Throws SchemaError.
void check_file(const ResultsFile& f);

// ---- What a file derives, recomputed (issue 28: a reader that believes nothing unchecked) -----
// Each check below recomputes one kind of derived figure from the fields it is derived from and
// refuses a file whose figure says otherwise, naming the field. They are separate functions (not
// folded into check_result / check_file) so that a change of the format (version 2) can keep,
// drop or re-point each one; read_result() and read_results_json() call them after the checks
// above.

/// Relative slack of a recomputed figure: the writer rounds nothing (%.17g), an exported or
/// hand-made file may round to about 3 significant digits (docs/results-format.md's example).
inline constexpr double kDerivedSlack = 0.01;

/// The verdict and its error, from what they were decided from (run.cpp classify()): abs_error =
/// |result - reference| (within 10 %: an error shown with 2 digits); status "ok" only
/// with result, reference and tolerance present, |result - reference| <= tolerance and, when the
/// output was read back after the timing (checked_after_timing), result_after_timing within the
/// tolerance too; status "wrong" not with a result within tolerance when nothing else made it
/// wrong (the output read back after the timing out of tolerance, a message that gives another
/// reason than "outside tolerance"). Throws SchemaError naming the field.
void check_verdict(const Result& r, const std::string& path);

/// Speed figures only where a speed was measured (docs/results-format.md: null unless status is
/// "ok"): a result of any other status carries no bandwidth_gbs, pct_peak, pct_ceiling,
/// ceiling_ratio, speedup_vs_cpu, speedup_vs_cub, speedup_vs_cub_single_pass,
/// speedup_vs_best_baseline or best_baseline. Throws SchemaError naming the first such field.
void check_speed_fields_null_unless_ok(const Result& r, const std::string& path);

/// The ceiling figures of one result (set_speeds()): pct_ceiling and ceiling_ratio need
/// ceiling_read_gbs and bandwidth_gbs; ceiling_ratio = bandwidth / ceiling_read_gbs; pct_ceiling =
/// 100 × that ratio (within kDerivedSlack + 0.05, a figure rounded to 0.1), and null when the
/// ratio is above 1 in a file that records ceiling_ratio (older files, without it, wrote ratios
/// above 100 %). Throws SchemaError.
void check_ceiling_figures(const Result& r, const std::string& path);

/// The figures of a result that come from elsewhere in the file: with no `ceilings` (null or
/// absent: a multi-GPU file) no result carries ceiling_read_gbs, pct_ceiling or ceiling_ratio;
/// pct_peak = 100 × bandwidth / device.peak_bandwidth_gbs (multi-GPU: / (gpus × peak), null for
/// the collective baseline); speedup_vs_cpu, speedup_vs_cub and speedup_vs_cub_single_pass =
/// the baseline's median time at the same (n, block size, coarse factor) / this median, where
/// the file holds that baseline's verified result (cub for max results: cub's max; a multi-GPU
/// result has no speed-ups); speedup_vs_best_baseline against the baseline best_baseline names
/// (which one was the faster is decided from the baselines that ran before the result, so it is
/// not recomputed). Each within kDerivedSlack. Throws SchemaError naming the result's field.
void check_derived_across_file(const ResultsFile& f);

/// A counters section (ncu_counters.h) that says status "ok" holds what ok means: every profiled
/// kernel has a number for every metric asked for (`metrics`, else kCounterMetrics), and no
/// message. `path` is "counters". Throws SchemaError naming the kernel's missing metric.
void check_counters_complete(const Counters& c, const std::string& path);

} // namespace reducescope::bench
