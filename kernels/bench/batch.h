// SPDX-License-Identifier: GPL-3.0-or-later
// How many repetitions one timing sample holds, and what its elapsed time is divided by: the
// batch-size rules of the runner's measure() (kernels/cuda/runner.cu), kept here so that the CPU
// tests hold them. Plain C++ (no CUDA, no Qt).
//
// A sample is the time between a start and a stop event. The rules, per mode:
//  - per-launch: one repetition between the events, whatever the strategy; the sample is
//    divided by 1. The launch multiple does not apply (see below).
//  - loop: `launches` eager repetitions back to back between the events; divided by `launches`.
//  - graph: one replay of a graph that captured `launches` repetitions; divided by `launches`.
// So the divisor is always the number of repetitions between the events.
//
// The launch multiple (BatchRequest::multiple, >= 1) is the least common multiple of the cold
// rotation's copies (a graph captures repetitions 0..launches-1, so a replay restarts the rotation
// at copy 0: a batch of whole rotations never reads the same copy twice in a row) and
// zero_ahead's ring of three outputs (3; 1 for every other strategy: a graph replays the launch
// numbers it captured, so a batch of a multiple of three leaves the runner's next number right
// modulo three after every replay). It is what graph batches need; loop batches are rounded up
// the same way, so that both modes start from the same batch size (eager launches take their
// numbers and rotation turns from the running repetition count, so a loop batch would be right
// at any size).
//
// Per-launch ignores the multiple and times one launch. Eager launches take the next ring number
// one by one (the runner's ring_next grows by one per launch, timed or not), so zero_ahead's ring
// stays right across samples of one launch each. Timing three back-to-back launches and dividing
// by three would not be one launch's time: the second and third launch would be enqueued while the
// first runs, hiding their launch latency, which is what per-launch mode exists to show (it would
// be a short loop batch); and it would not be comparable with every other strategy's per-launch
// figure, each of which is one isolated launch.
#pragma once

#include <optional>

namespace reducescope::bench {

/// The timing modes (reduce_api.h, cuda::Mode, the CLI's --mode).
enum class BatchMode { PerLaunch, Loop, Graph };

/// Most repetitions an automatically sized batch holds (before rounding up to the multiple, so a
/// batch may hold up to kMaxBatch + multiple - 1).
inline constexpr int kMaxBatch = 1000;

/// What measure() knows when it sizes the batches of one cell.
struct BatchRequest {
    BatchMode mode = BatchMode::PerLaunch;
    /// Repetitions per batch asked for by the caller (e.g. the same batch size again, to time the
    /// untimed preparation alone); <= 0: chosen here from reps, batches and the warm-up.
    int per_batch = 0;
    int reps = 100;              ///< Timing::reps (>= 1)
    int batches = 5;             ///< Timing::batches: loop/graph with a fixed count, this many samples
    bool adaptive = false;       ///< Timing::adaptive (the stopping rule instead of a fixed count)
    double warm_ms_per_rep = 0;  ///< GPU time of one eager warm-up repetition, ms; <= 0: unknown
    double min_batch_us = 400;   ///< Timing::min_batch_us: an adaptive batch's least GPU time, µs
    int multiple = 1;            ///< the launch multiple (above); values < 1 count as 1
};

/// The batch of one sample.
struct BatchSize {
    int launches = 1;  ///< repetitions enqueued between one sample's start and stop events (>= 1)
    int divisor = 1;   ///< the sample's elapsed ms is divided by this to give ms per repetition

    bool operator==(const BatchSize&) const = default;
};

/// The batch of every sample of a cell.
///  - per-launch: {1, 1}, whatever `per_batch` and `multiple` say.
///  - loop, graph with per_batch > 0: per_batch, rounded up to a multiple of `multiple`.
///  - loop, graph with per_batch <= 0: reps / min(batches, reps) (at least 1); when adaptive and
///    the warm-up time is known, at least enough repetitions for min_batch_us; at most kMaxBatch;
///    then rounded up to a multiple of `multiple`.
/// In every mode `divisor == launches`.
BatchSize batch_size(const BatchRequest& r);

/// Graph mode, adaptive, batch chosen automatically: the eager warm-up is launch-bound, so its
/// estimate makes graph batches short. After the timed warm-up replay of the captured batch
/// (`captured.launches` repetitions took `replay_us` µs), the batch to capture again, or nullopt to
/// keep this one (the replay took at least min_batch_us, or the batch already holds kMaxBatch or
/// more). The longer batch scales the replay up to min_batch_us (a replay under 1 ns counts as
/// 1 ns), holds at least one repetition more and at most kMaxBatch, and is rounded up to a
/// multiple of `multiple`; its divisor equals its launches.
std::optional<BatchSize> graph_recapture(const BatchSize& captured, double replay_us, double min_batch_us,
                                         int multiple);

/// Graph mode, the difference of two batch sizes (issue 27 part 3): each sample times a replay of
/// a short graph of `short_launches` repetitions and, separately and after the same blocking
/// kernel, one of the long graph of `launches`; the sample is (long ms - short ms) / divisor, ms
/// per repetition. Whatever a replay costs once (entering the graph, the first launch after the
/// blocking kernel, the last event) is in both replays and cancels, so it is not in the sample.
struct GraphDifference {
    int short_launches = 0;  ///< repetitions of the short graph (a multiple of `multiple`, >= 1)
    int divisor = 0;         ///< launches - short_launches (>= 1)

    bool operator==(const GraphDifference&) const = default;
};

/// The short graph for a long one of `launches` repetitions: launches / `part` (a quarter by
/// default; `part` < 2 counts as 2), rounded down to a multiple of `multiple` (values < 1 count as
/// 1), at least one multiple; nullopt when that leaves nothing to subtract from (launches < 2 x
/// multiple), so the plain sample (launches, divided by launches) is used.
std::optional<GraphDifference> graph_difference(int launches, int multiple, int part = 4);

} // namespace reducescope::bench
