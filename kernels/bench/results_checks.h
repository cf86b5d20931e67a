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

} // namespace reducescope::bench
