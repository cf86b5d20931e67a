// SPDX-License-Identifier: GPL-3.0-or-later
// Predict mode of classroom mode (docs/classroom.md): before a step is revealed the class answers a
// question about it; the answer is derived from the trace, never computed again. Pure C++ (no Qt):
// the app turns a Question into words (in the chosen language) and lets the class click warps,
// lanes or cells (StepView::warpAt / laneAt / cellAt) or type a number.
//
// Identifiers used in answers (all 0-based, the same as the trace's own indices):
// - a warp: its index into Step::warps (block-major: block b, warp w);
// - a lane: its global thread index (index into Step::lanes);
// - a cell: its index into Step::values.
#pragma once

#include "model/trace.h"

#include <optional>
#include <vector>

namespace reducescope::model {

/// What a question asks about step `Question::step`.
enum class QuestionKind {
    DivergentWarps,    ///< "Which warps diverge in this step?" (a set of warps; may be empty)
    ActiveLanes,       ///< "Which lanes are active?" (a set of lanes; of one warp when the grid is large)
    CellValue,         ///< "What does cell k hold after this step?" (a number)
    WrittenCells,      ///< "Which cells does this step write?" (a set of cells)
    WorstConflictWays, ///< "How many ways has the worst bank conflict?" (a number; 1 = conflict-free)
    OutputValue,       ///< "What does *output hold after this step?" (a number)
};

/// Whether the answer is a set of ids (clicked) or a number (typed).
enum class AnswerForm { Set, Number };

/// One question about one step, with its answer taken from the trace.
struct Question {
    QuestionKind kind = QuestionKind::DivergentWarps;
    AnswerForm form = AnswerForm::Set;
    int step = 0;         ///< index into Trace::steps
    int cell = -1;        ///< CellValue: the cell asked about (index into Step::values)
    int scope_warp = -1;  ///< ActiveLanes: index into Step::warps when the question is about one warp; -1 = every lane
    /// Set answers: the ids that may be clicked (every warp of the step, the lanes in scope, every cell).
    std::vector<int> choices;
    std::vector<int> expected_set;  ///< Set answers: the right ids, ascending
    double expected_number = 0;     ///< Number answers (NaN and infinities as the trace holds them)
};

/// What the class answered: the clicked ids (Set) or the typed number (Number).
struct Answer {
    std::vector<int> set;
    std::optional<double> number;
};

/// The verdict on one answer.
struct Grade {
    bool right = false;
    std::vector<int> missed;   ///< Set: right ids not given (ascending)
    std::vector<int> extra;    ///< Set: ids given that are wrong (ascending; ids outside `choices` too)
    std::optional<double> given;  ///< Number: what was typed (empty: nothing typed)
    double expected = 0;          ///< Number: the right value
};

/// Right / asked over a session.
struct Score {
    int asked = 0;
    int right = 0;
    /// Counts one graded answer.
    void add(const Grade& g);
    /// right / asked, 0 when nothing was asked.
    double fraction() const;
};

/// Largest grid for which ActiveLanes asks about every lane; above it the question is about one
/// warp (the first divergent warp, else the first with an active lane, else warp 0).
inline constexpr int kMaxLanesForWholeGrid = 64;
/// Largest number of written cells for which WrittenCells is asked (more is not clickable).
inline constexpr int kMaxWrittenCellsAsked = 64;

/// Every question that applies to step `step` of `trace` (the order of QuestionKind), or nothing
/// when `step` is out of range. Which apply: DivergentWarps and ActiveLanes when the step has warp
/// and lane records; CellValue and WrittenCells when the step writes cells (WrittenCells only up
/// to kMaxWrittenCellsAsked); WorstConflictWays when it has shared accesses; OutputValue when it
/// changes *output. `pick` chooses which written cell CellValue asks about (pick mod the number
/// of written cells, ascending order; 0 = the lowest written cell).
std::vector<Question> questions_for(const Trace& trace, int step, unsigned pick = 0);

/// Grades `answer`. Set questions: right when the given set equals expected_set (duplicates
/// ignored). Number questions: right when |given - expected| <= 1e-6 * max(1, |expected|), or both
/// are NaN, or both are the same infinity; nothing typed is wrong.
Grade grade(const Question& question, const Answer& answer);

} // namespace reducescope::model
