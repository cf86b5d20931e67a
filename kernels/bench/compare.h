// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing two results files cell by cell (docs/benchmarks.md, "Comparing two files"):
// `reducescope-cli compare A.json B.json` and the benchmark pane's "Compare with…" give the same
// verdicts from this one function.
//
// The rule, after nvbench's compare script (nvbench/scripts/nvbench_compare.py, which calls a
// change significant only when it exceeds the measurements' noise): for a cell present and
// verified in both files, with medians tA and tB and relative noises nA and nB,
//     change = (tB - tA) / tA;  limit = max(k · (nA + nB), m)
//     FAST when change < -limit, SLOW when change > +limit, SAME otherwise.
// The floor m (default 2 %) is the run-to-run change that the noise within one run does not show.
// Two A/A pairs of back-to-back graph-mode runs of one build on the H200 (2026-12-01, 24 cells at
// 2^20 each, docs/benchmarks.md) differed by up to 0.71 % and 1.66 % in median (self_reset) while
// their relative MADs were 0.04-0.3 %: k · (nA + nB) alone called 13 of 24 cells of the first pair
// FAST or SLOW. With m = 2 % only coarsened_max (-14 %, a kernel whose time varies between runs,
// flagged NOISY) remained.
#pragma once

#include "bench/results_file.h"

#include <optional>
#include <string>
#include <vector>

namespace reducescope::bench {

/// The default k of the rule above.
inline constexpr double kCompareNoiseFactor = 1.0;
/// The default floor m of the rule above (a fraction: 0.02 = 2 %).
inline constexpr double kCompareMinChange = 0.02;

/// Where a cell's noise figure came from.
enum class NoiseSource { Recorded, Spread, None };

/// The relative noise of a result: `noise` when the file records it (a number >= 0), else
/// (max - min) / (2 · median) of time_ms; nullopt without a time.
std::optional<double> result_noise(const Result& r, NoiseSource* source = nullptr);

/// The benchmark engine's per-result quality fields (docs/results-format.md): the noise as
/// result_noise gives it, and the flags `noisy` (noise above the run's limit) and `low_clock`
/// (a clock below 75 % of its maximum), false when the file lacks them. Reads the result once.
struct EngineFields {
    std::optional<double> noise;
    NoiseSource source = NoiseSource::None;
    bool noisy = false;
    bool low_clock = false;
};
EngineFields engine_fields(const Result& r);

/// FAST, SLOW, SAME; or not compared (a run that is not ok in one of the files, or a cell in one
/// file only).
enum class Verdict { Fast, Slow, Same, NotCompared, OnlyInA, OnlyInB };
/// "FAST", "SLOW", "SAME", "—", "only in A", "only in B".
std::string_view verdict_name(Verdict v);

/// One cell: the same strategy, operation, n, block size, coarse factor, mode, cache (and GPU
/// count and combine for multi-GPU results) in both files.
struct CompareRow {
    std::string cell;                  ///< "coarsened n=1048576 block=256 C=4" (+ mode/cache when they differ)
    std::string strategy;
    std::size_t n = 0;
    int block_size = 0;
    int coarse_factor = 0;
    std::optional<double> a_ms, b_ms;  ///< medians
    std::optional<double> a_noise, b_noise;
    NoiseSource a_source = NoiseSource::None, b_source = NoiseSource::None;
    std::optional<double> change;      ///< (tB - tA) / tA
    std::optional<double> limit;       ///< max(k · (nA + nB), m)
    Verdict verdict = Verdict::NotCompared;
    std::string why;                   ///< for NotCompared: "A: wrong", "B: no time"
    /// For NotCompared, the same reason as data (what the pane words in its language): which file's
    /// run is not ok ('A' or 'B'; '\0' when both ran but a time is missing), its status and the
    /// run's own message (the CUDA error, why it was skipped, ...; empty when the file has none).
    char failed_side = '\0';
    Status failed_status = Status::Ok;
    std::string failed_message;
};

/// Every cell of A (in A's order), then the cells only in B. `k` is the noise factor, `min_change`
/// the floor m (a fraction).
std::vector<CompareRow> compare_results(const ResultsFile& a, const ResultsFile& b, double k = kCompareNoiseFactor,
                                        double min_change = kCompareMinChange);

/// What a note to the verdicts says, as data: the CLI words it in English (compare_note_text), the
/// benchmark pane in the window's language.
enum class CompareNoteKind {
    SameFile,      ///< A and B are one file (same device and inode)
    NoResults,     ///< `side` holds no results: nothing to compare
    NoCommonCell,  ///< no cell is in both files; `a_mode`, `b_mode` name the files' timing modes
    TwoGpus,       ///< the files ran on two GPUs, `a_device` and `b_device`
};

/// One note to the verdicts (the fields its kind uses are set, the others empty).
struct CompareNote {
    CompareNoteKind kind = CompareNoteKind::SameFile;
    char side = '\0';                  ///< NoResults: 'A' or 'B'
    std::string a_mode, b_mode;         ///< NoCommonCell: params.mode of A and B ("" when unset)
    std::string a_device, b_device;     ///< TwoGpus: device.name of A and B

    bool operator==(const CompareNote&) const = default;
};

/// True when paths a and b name one existing file (POSIX stat: same device and inode).
bool is_same_file(const std::string& a, const std::string& b);

/// The notes a reader of the verdicts needs, in this order: A and B are the same file (when
/// `same_file`), a file with no results (else: no cell in both files, e.g. graph against loop mode),
/// different GPUs. Empty when none.
std::vector<CompareNote> compare_note_list(const ResultsFile& a, const ResultsFile& b, const std::vector<CompareRow>& rows,
                                           bool same_file = false);

/// A note in English, as `reducescope-cli compare` prints it after "note: ".
std::string compare_note_text(const CompareNote& note);

/// compare_note_list(a, b, rows) worded by compare_note_text, one line each (the same-file note is
/// not among them: it needs the paths).
std::vector<std::string> compare_notes(const ResultsFile& a, const ResultsFile& b, const std::vector<CompareRow>& rows);

/// The comparison as a plain-text table (what `reducescope-cli compare` prints), with a line
/// stating the rule and the counts of FAST, SLOW and SAME.
std::string compare_text(const std::vector<CompareRow>& rows, double k = kCompareNoiseFactor,
                         double min_change = kCompareMinChange);

} // namespace reducescope::bench
