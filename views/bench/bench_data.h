// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark results as plain data (docs/results-format.md, version 1). The app fills these from a
// results file or from the CLI's JSON lines; the benchmark views only read them.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace reducescope::views {

/// Verification outcome of one kernel run (results-format.md `status`).
enum class BenchStatus {
    Ok,             ///< verified within tolerance: the only status whose speeds are shown
    Wrong,          ///< outside tolerance: a failure, never drawn as a speed
    ExpectedWrong,  ///< `race`: lost updates by design, shown but never drawn as a speed
    Error,          ///< CUDA error or launch failure; `message` says which
    Skipped,        ///< not run (e.g. no cooperative launch); `message` says why
};

/// The JSON spelling of a status ("ok", "wrong", "expected_wrong", "error", "skipped").
QString benchStatusId(BenchStatus s);
/// A short label for people ("OK", "WRONG", "expected wrong", "error", "skipped").
QString benchStatusLabel(BenchStatus s);

/// Kernel time over the timed repetitions, in milliseconds.
struct BenchTime {
    double median_ms = 0;
    double min_ms = 0;
    double max_ms = 0;
};

/// One kernel run: one (strategy, n, block_size, coarse_factor).
struct BenchResult {
    QString strategy;        ///< catalogue id, e.g. "coarsened"
    QString family;          ///< "basics", "shared_memory", "many_blocks", "warp_primitives", "dot_product", "baseline"
    QString kernel;          ///< CUDA kernel name (may be empty for `cpu`)
    QString operation;       ///< "sum" or "max"
    qint64 n = 0;            ///< input length in elements
    int block_size = 0;      ///< threads per block (0 where not applicable)
    int coarse_factor = 0;   ///< COARSE_FACTOR (0 where not applicable)
    qint64 grid_size = 0;    ///< blocks launched (0 where not applicable)
    QString mode;            ///< "per-launch" | "loop" | "graph"
    QString cache;           ///< "hot" | "cold"
    BenchStatus status = BenchStatus::Ok;
    QString message;         ///< why, for error / skipped / wrong
    std::optional<double> result;      ///< value the kernel produced
    std::optional<double> reference;   ///< float64 reference
    std::optional<double> abs_error;   ///< |result - reference|
    std::optional<double> tolerance;   ///< allowed |error|
    std::optional<BenchTime> time;     ///< null unless the kernel ran
    qint64 bytes_read = 0;             ///< bytes the kernel must read (for effective bandwidth)
    std::optional<double> bandwidth_gbs;     ///< effective bandwidth, 10^9 bytes/s; ok only
    std::optional<double> pct_peak;          ///< % of the datasheet peak; ok only
    std::optional<double> pct_ceiling;       ///< % of the measured read ceiling; ok only
    std::optional<double> ceiling_read_gbs;  ///< read ceiling measured at this n, 10^9 bytes/s
    std::optional<double> speedup_vs_cpu;    ///< CPU time / this time; ok only
    std::optional<double> speedup_vs_cub;    ///< CUB time / this time; ok only
    /// Relative noise of the time (bench::result_noise): the recorded relative median
    /// absolute deviation (`noise`) when the file has it, else (max - min) / (2 · median).
    std::optional<double> noise;
    bool noise_recorded = false;  ///< `noise` came from the file (not the min–max spread)
    bool noisy = false;           ///< the file's `noisy`: noise above the run's noise limit
    bool low_clock = false;       ///< the file's `low_clock`: a clock reading below 75 % of its maximum
    int gpus = 0;            ///< multi-GPU runs (optional field): GPUs used; 0 = single-GPU file
    QString combine;         ///< multi-GPU runs: how partials were combined ("nccl_allreduce", "p2p", ...)

    /// True when speeds may be shown (status ok and a time exists).
    bool hasSpeed() const { return status == BenchStatus::Ok && time.has_value(); }
    /// The label of this run in charts and tables: the strategy id, plus " max" where a
    /// strategy also runs as a max reduction (CUB runs Sum and Max: "cub", "cub max").
    /// Multi-GPU runs add the combine step and the GPU count: "vectorized + p2p ×2".
    QString label() const
    {
        QString l = operation == QLatin1String("max") && !strategy.endsWith(QLatin1String("_max"))
            ? strategy + QStringLiteral(" max") : strategy;
        if (!combine.isEmpty() && combine != strategy && combine != QLatin1String("collective_baseline"))
            l += QStringLiteral(" + ") + combine;
        if (gpus > 0)
            l += QStringLiteral(" ×%1").arg(gpus);
        return l;
    }
};

/// The GPU a results set was recorded on.
struct BenchDevice {
    int index = 0;
    QString name;                 ///< e.g. "NVIDIA H200"
    QString compute_capability;   ///< e.g. "9.0"
    int sms = 0;                  ///< streaming multiprocessors
    qint64 l2_bytes = 0;          ///< L2 cache size in bytes
    qint64 memory_bytes = 0;      ///< device memory in bytes
    double peak_bandwidth_gbs = 0; ///< datasheet-style peak, 10^9 bytes/s
    QString driver_version;
    QString runtime_version;
};

/// Parameters of the run (results-format.md `params`).
struct BenchParams {
    qint64 n = 0;             ///< elements (the default N of the run)
    int reps = 0;             ///< timed repetitions
    int warmup = 0;           ///< untimed warm-up runs
    QString mode;             ///< "per-launch" | "loop" | "graph"
    QString cache;            ///< "hot" | "cold"
    int block_size = 0;
    int coarse_factor = 0;
    qint64 seed = 0;
    QStringList strategies;
    QString sweep_param;      ///< empty (no sweep), "n", "block_size" or "coarse_factor"
    QList<double> sweep_values;
    /// A two-parameter sweep's second parameter (results-format.md `params.sweep.second`):
    /// "coarse_factor" with sweep_param "block_size"; empty for a one-parameter sweep.
    QString sweep_param2;
    QList<double> sweep_values2;
    /// `params.stopping.max_noise`: the noise limit of the run's stopping rule, a
    /// fraction (0.005 = 0.5 %); null in files without a stopping rule.
    std::optional<double> max_noise;
};

/// One multi-GPU result (results-format.md, "Multi-GPU") as the scaling chart draws it: only
/// verified results carry speeds.
struct ScalingPoint {
    int gpus = 1;            ///< K
    QString combine;         ///< "nccl_allreduce" | "nccl_reduce" | "p2p" | "collective_baseline"
    qint64 n = 0;            ///< elements
    bool ok = false;         ///< status "ok" with a time, algbw and busbw (the only results drawn)
    QString status;          ///< the status as written, for the flags
    double median_ms = 0;    ///< median time
    double algbw_gbs = 0;    ///< bytes / time, 10^9 B/s
    double busbw_gbs = 0;    ///< algbw × nccl-tests factor, 10^9 B/s

    bool operator==(const ScalingPoint&) const = default;
};

/// A whole results set: a results file, or a run assembled from the CLI's JSON lines.
struct BenchResults {
    QString source;           ///< where it came from (file path or "run"), for labels
    QString tool_version;
    QString tool_commit;
    QString date;             ///< ISO 8601, as recorded
    QString command;          ///< the command line that produced it
    BenchDevice device;
    BenchParams params;
    std::optional<double> ceiling_read_gbs;  ///< read-only streaming kernel, 10^9 bytes/s
    std::optional<double> ceiling_copy_gbs;  ///< device-to-device copy, 10^9 bytes/s
    QList<BenchResult> results;
    /// The results file's `incomplete`: why the run stopped before its last result ("cancelled
    /// after 5 of 12 results", English as in the file); empty for a finished run.
    QString incomplete;

    /// True for a sweep (results at several n, block sizes or coarse factors).
    bool isSweep() const { return !params.sweep_param.isEmpty(); }
    /// A label for legends: device name plus date.
    QString label() const;
};

} // namespace reducescope::views
