// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons of classroom mode (docs/classroom.md, "Lessons"): data files (resources/lessons/*.json)
// that set the whole state of the step pane — strategy, compare strategy, input, block, warp size,
// banks, coarse factor, first step — with a title and a short teaching note in English and
// Simplified Chinese, and the claims the note makes, stated as counted data that the step model
// must reproduce (checked by a test and available to the app).
//
// Pure C++ (no Qt). File format (every field other than "comment", "compare", "block_size",
// "coarse_factor" and "claims" is required; unknown fields are refused):
//   {
//     "format": "reducescope-lesson", "version": 1,
//     "id": "divergence_1024",                  // [a-z0-9_]+, unique
//     "order": 2,                               // position in the Lessons menu, 1..999
//     "title": {"en": "...", "zh_CN": "..."},   // non-empty, one line
//     "note":  {"en": "...", "zh_CN": "..."},   // non-empty
//     "strategy": "simple", "compare": "convergent",   // modelled ids; "compare" may be null
//     "input": "1..1024",                       // a list ("6,2,7,4") or a range "A..B" of integers
//     "block_size": 512, "warp_size": 32, "banks": 32, "coarse_factor": 4,   // as model::validate()
//     "step": 2,                                // 1-based step shown first
//     "claims": [ {"trace": "strategy", "measure": "divergent_warps", "strides": [2, 32],
//                  "over": "each", "op": "==", "value": 16} ]
//   }
// A claim selects steps by "steps": [first, last] (1-based, inclusive) or "strides": [lo, hi]
// (steps whose stride or shuffle offset lies in lo..hi), or neither (every step); aggregates a
// per-step measure "over" them (each: every step satisfies; sum, max, min; count: steps where the
// measure is non-zero) and compares with "op" (==, !=, <, <=, >, >=) against "value".
// Per-step measures: divergent_warps, active_lanes, max_conflict_ways, shared_wavefronts,
// extra_shared_wavefronts, global_sectors, barriers, atomics, adds, lost_updates. Trace measures
// (no "steps", "strides" or "over"): step_count, grid_size, block_size, result_error
// (|result − float64 reference|), faults (the SIMT engine's faults in the trace).
//
// An exercise (optional "exercise" object) asks the student to write or fix a kernel in the
// kernel editor (docs/your-own-kernel.md); its checks are claims on the engine's trace of the
// student's kernel, run at the lesson's input, block size, warp size and banks:
//   "exercise": {
//     "task": {"en": "...", "zh_CN": "..."},    // what to do, non-empty
//     "source": ["__global__ void ...", ...],   // the starting source, one string per line
//     "grid": 2,                                // optional: launch this many blocks (--grid), 1..65535
//     "max_changed_lines": 1,                   // optional: at most this many lines may differ from "source"
//     "checks": [ {"measure": "divergent_warps", "steps": [1, 5], "over": "each", "op": "==", "value": 0} ]
//   }
// A check is a claim without "trace" (it is always about the student's trace); at least one.
// Besides its checks every exercise has one more, written nowhere in the file: the student's
// kernel is run a second time, with the same count, block size, grid, warp size and banks, on a
// held-back input (held_back_input(): v[i] = ((37 i + 11) mod 23) − 7, i = 0..n−1) and its result
// must be that input's exact sum, so that writing the visible input's answer as a constant fails.
#pragma once

#include "model/simulate.h"
#include "model/trace.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::model {

/// Version of the lesson format ("version").
inline constexpr int kLessonFormatVersion = 1;

/// A text in both languages of the app.
struct LessonText {
    std::string en;
    std::string zh_cn;
};

/// One checkable statement of a lesson's note.
struct LessonClaim {
    enum class Target { Strategy, Compare };
    enum class Over { Each, Sum, Max, Min, Count };
    enum class Op { Eq, Ne, Lt, Le, Gt, Ge };
    Target target = Target::Strategy;
    std::string measure;             ///< see the file comment
    int first_step = 0, last_step = 0;  ///< 1-based inclusive; 0/0 = every step (or strides below)
    std::optional<int> stride_lo, stride_hi;  ///< select by stride instead
    Over over = Over::Each;
    Op op = Op::Eq;
    double value = 0;
};

/// A lesson's exercise: write or fix a kernel (file comment).
struct LessonExercise {
    LessonText task;
    std::string source;                   ///< the starting source, lines joined with '\n'
    int grid = 0;                         ///< blocks to launch; 0 = the engine's plan
    std::optional<int> max_changed_lines; ///< at most this many lines differ from `source`
    std::vector<LessonClaim> checks;      ///< each targets the student's trace (Target::Strategy)
};

/// A lesson as read from its file.
struct Lesson {
    std::string id;
    int order = 0;
    LessonText title, note;
    std::string strategy;
    std::optional<std::string> compare;
    std::string input_text;      ///< as written in the file ("1..1024")
    std::vector<float> input;    ///< expanded
    Params params;               ///< block_size 0 = the model's default
    int step = 1;                ///< 1-based
    std::vector<LessonClaim> claims;
    std::optional<LessonExercise> exercise;
};

/// Outcome of parse_lesson(): the lesson, or the first problem: the field ("block_size",
/// "title.zh_CN", "claims[2].op", ...) and one line naming what it allows.
struct LessonResult {
    std::optional<Lesson> lesson;
    std::optional<ParamError> error;
};

/// Largest lesson file accepted (bytes).
inline constexpr std::size_t kMaxLessonBytes = 64 * 1024;

/// Strict reader of one lesson file (format above). Never throws.
LessonResult parse_lesson(std::string_view json_text);

/// Expands a lesson's "input": a range "A..B" (integers, A <= B, at most kMaxInputLength values,
/// |A|, |B| <= 2^24 so every value is an exact float) or a list as model::parse_input() reads it.
ParsedInput expand_lesson_input(std::string_view text);

/// The traces a lesson shows, simulated, or the first problem (e.g. "step must be in 1..12").
struct LessonTraces {
    std::optional<Trace> strategy;
    std::optional<Trace> compare;
    std::optional<ParamError> error;
};
LessonTraces build_lesson(const Lesson& lesson);

/// The verdict on one claim: whether it holds, the value compared (for Each: the first value that
/// fails, else the last one checked), and a one-line description of what was checked, e.g.
/// "simple: divergent_warps at strides 2..32, each == 16: got 16".
struct ClaimCheck {
    bool holds = false;
    double actual = 0;
    std::string description;
    int step = 0;      ///< Each: the 1-based step of `actual` (the first that fails, else the last checked); 0 otherwise
    int selected = 0;  ///< per-step measures: how many steps the claim selected; 0 for trace measures
};

/// Checks `claim` against the lesson's traces (`compare` may be null when the claim does not
/// target it; then the check fails with a description saying so).
ClaimCheck check_claim(const LessonClaim& claim, const Trace& strategy, const Trace* compare);

/// Lines that differ between two sources: the lines of either that are not in a longest common
/// subsequence of lines, counted once per changed position (a line replaced by another counts 1,
/// a line added or removed counts 1). Trailing whitespace and '\r' are ignored. Sources of up to
/// 2000 lines each; beyond that every line past the 2000th counts as changed.
int changed_lines(std::string_view before, std::string_view after);

/// The verdict on an exercise: one ClaimCheck per check of the exercise, in file order, then the
/// changed-lines rule (when the exercise has one), then the held-back input's result check (always;
/// at held_back_check_index()). `passed` when every check holds.
/// `first_failure` is the description of the first check that does not hold (empty when passed),
/// e.g. "own kernel: divergent_warps at steps 1..5, each == 0: got 16 at step 2" or
/// "result on a second input: got 524800, expected 4052".
struct ExerciseVerdict {
    bool passed = false;
    std::vector<ClaimCheck> checks;
    std::string first_failure;
};

/// One value of the held-back input: ((37 i + 11) mod 23) − 7, an integer in −7..15 (i 0-based).
/// Small integers, so every order of float additions gives the exact sum (|sum| <= 15 n < 2^24 for
/// n <= 2^20); some negative, so it is never a permutation of a lesson's "A..B" range of positive
/// values; 23 consecutive values sum to 92, so the sum (about 4 n) differs from the lessons' (tst_exercises).
float held_back_value(std::size_t i);

/// The held-back input of an exercise lesson: lesson.input.size() values held_back_value(0..n−1).
/// The student is not shown it in the editor; the app and the tests run the kernel on it a second
/// time, at the same settings as the visible run (check_exercise's `held_back`).
std::vector<float> held_back_input(const Lesson& lesson);

/// Where the held-back input's check is in ExerciseVerdict::checks: after the exercise's checks
/// and the changed-lines rule (exercise.checks.size() + 1 when it has max_changed_lines, else
/// exercise.checks.size()).
int held_back_check_index(const LessonExercise& exercise);

/// The rule the held-back result is held to: the exercise's first "result_error" check (its op
/// and value), or result_error == 0 (exact) when it has none. Always measure "result_error".
LessonClaim held_back_rule(const LessonExercise& exercise);

/// Checks the student's kernel: `trace` is the engine's trace of `source` run at the lesson's
/// settings (simt::run with input = lesson.input, block_size, warp_size, banks from
/// lesson.params, grid = exercise.grid). A trace with a fault fails the "faults" check when the
/// exercise has one; the description then names the fault's kind and line.
/// `held_back` is the trace of the same source at the same settings on held_back_input(lesson),
/// or null when it was not run. Its check (ClaimCheck::actual = |result − reference|, float64
/// reference, held to held_back_rule()) holds when that error satisfies the rule and the trace has
/// no fault; the description is "result on a second input: got X, expected Y", with
/// "; fault KIND at line L" for a fault, or "result on a second input: not run" for null.
ExerciseVerdict check_exercise(const LessonExercise& exercise, const Trace& trace, std::string_view source,
                               const Trace* held_back);

} // namespace reducescope::model
