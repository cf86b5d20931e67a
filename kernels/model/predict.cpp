// SPDX-License-Identifier: GPL-3.0-or-later
// Predict mode: questions about a step, with answers read from the trace (predict.h).
#include "model/predict.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numeric>

namespace reducescope::model {
namespace {

std::vector<int> iota(int n)
{
    std::vector<int> v(static_cast<std::size_t>(std::max(0, n)));
    std::iota(v.begin(), v.end(), 0);
    return v;
}

std::vector<int> sorted_unique(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

// Global thread index of the first lane of warp record `w`: lanes are laid out block by block,
// each block's lanes warp by warp (Step::lanes index = block * block_dim + threadIdx.x).
int first_lane_of(const Step& s, const WarpRecord& w, int warp_size)
{
    const int block_dim = s.block_dim > 0 ? s.block_dim
                                          : (s.grid_dim > 0 ? static_cast<int>(s.lanes.size()) / s.grid_dim : 0);
    return w.block * block_dim + w.warp * warp_size;
}

int lanes_in_warp(const Step& s, const WarpRecord& w, int warp_size)
{
    const int block_dim = s.block_dim > 0 ? s.block_dim
                                          : (s.grid_dim > 0 ? static_cast<int>(s.lanes.size()) / s.grid_dim : 0);
    const int first = w.warp * warp_size;
    return std::max(0, std::min(warp_size, block_dim - first));
}

Question divergent_warps(const Step& s, int step)
{
    Question q;
    q.kind = QuestionKind::DivergentWarps;
    q.form = AnswerForm::Set;
    q.step = step;
    q.choices = iota(static_cast<int>(s.warps.size()));
    for (std::size_t i = 0; i < s.warps.size(); ++i)
        if (s.warps[i].divergent)
            q.expected_set.push_back(static_cast<int>(i));
    return q;
}

Question active_lanes(const Trace& t, const Step& s, int step)
{
    Question q;
    q.kind = QuestionKind::ActiveLanes;
    q.form = AnswerForm::Set;
    q.step = step;
    const int lanes = static_cast<int>(s.lanes.size());
    if (lanes <= kMaxLanesForWholeGrid || s.warps.empty()) {
        q.choices = iota(lanes);
        for (int i = 0; i < lanes; ++i)
            if (s.lanes[static_cast<std::size_t>(i)].state == LaneState::Active)
                q.expected_set.push_back(i);
        return q;
    }
    // A large grid: one warp, the most telling one.
    int scope = -1;
    for (std::size_t i = 0; i < s.warps.size() && scope < 0; ++i)
        if (s.warps[i].divergent)
            scope = static_cast<int>(i);
    for (std::size_t i = 0; i < s.warps.size() && scope < 0; ++i)
        if (!s.warps[i].active_lanes.empty())
            scope = static_cast<int>(i);
    if (scope < 0)
        scope = 0;
    q.scope_warp = scope;
    const WarpRecord& w = s.warps[static_cast<std::size_t>(scope)];
    const int ws = std::max(1, t.params.warp_size);
    const int first = first_lane_of(s, w, ws);
    const int count = lanes_in_warp(s, w, ws);
    for (int i = 0; i < count; ++i)
        q.choices.push_back(first + i);
    for (int lane : w.active_lanes)
        q.expected_set.push_back(first + lane);
    q.expected_set = sorted_unique(std::move(q.expected_set));
    return q;
}

std::vector<int> written_cells(const Step& s)
{
    std::vector<int> cells;
    const int n = static_cast<int>(s.values.size());
    for (const LaneRecord& lane : s.lanes)
        for (int w : lane.writes)
            if (w >= 0 && w < n)
                cells.push_back(w);
    return sorted_unique(std::move(cells));
}

} // namespace

void Score::add(const Grade& g)
{
    ++asked;
    right += g.right ? 1 : 0;
}

double Score::fraction() const
{
    return asked > 0 ? static_cast<double>(right) / asked : 0.0;
}

std::vector<Question> questions_for(const Trace& trace, int step, unsigned pick)
{
    std::vector<Question> out;
    if (step < 0 || step >= static_cast<int>(trace.steps.size()))
        return out;
    const Step& s = trace.steps[static_cast<std::size_t>(step)];
    const bool has_lanes = !s.lanes.empty() && !s.warps.empty();
    if (has_lanes) {
        out.push_back(divergent_warps(s, step));
        out.push_back(active_lanes(trace, s, step));
    }
    const std::vector<int> written = written_cells(s);
    if (!written.empty()) {
        Question q;
        q.kind = QuestionKind::CellValue;
        q.form = AnswerForm::Number;
        q.step = step;
        q.cell = written[pick % written.size()];
        q.expected_number = static_cast<double>(s.values[static_cast<std::size_t>(q.cell)]);
        out.push_back(q);
        if (static_cast<int>(written.size()) <= kMaxWrittenCellsAsked) {
            Question w;
            w.kind = QuestionKind::WrittenCells;
            w.form = AnswerForm::Set;
            w.step = step;
            w.choices = iota(static_cast<int>(s.values.size()));
            w.expected_set = written;
            out.push_back(w);
        }
    }
    if (!s.shared_accesses.empty()) {
        Question q;
        q.kind = QuestionKind::WorstConflictWays;
        q.form = AnswerForm::Number;
        q.step = step;
        q.expected_number = s.max_conflict_ways;
        out.push_back(q);
    }
    const std::optional<float> before = step > 0 ? trace.steps[static_cast<std::size_t>(step - 1)].output
                                                 : std::optional<float>{};
    const bool output_changed = s.output
        && (!before || !(*before == *s.output || (std::isnan(*before) && std::isnan(*s.output))) || !s.atomics.empty());
    if (output_changed) {
        Question q;
        q.kind = QuestionKind::OutputValue;
        q.form = AnswerForm::Number;
        q.step = step;
        q.expected_number = static_cast<double>(*s.output);
        out.push_back(q);
    }
    return out;
}

Grade grade(const Question& question, const Answer& answer)
{
    Grade g;
    if (question.form == AnswerForm::Number) {
        g.expected = question.expected_number;
        g.given = answer.number;
        if (!answer.number)
            return g;
        const double e = question.expected_number, a = *answer.number;
        if (std::isnan(e) || std::isnan(a))
            g.right = std::isnan(e) && std::isnan(a);
        else if (std::isinf(e) || std::isinf(a))
            g.right = e == a;
        else
            g.right = std::fabs(a - e) <= 1e-6 * std::max(1.0, std::fabs(e));
        return g;
    }
    const std::vector<int> given = sorted_unique(answer.set);
    const std::vector<int>& want = question.expected_set;
    std::set_difference(want.begin(), want.end(), given.begin(), given.end(), std::back_inserter(g.missed));
    std::set_difference(given.begin(), given.end(), want.begin(), want.end(), std::back_inserter(g.extra));
    g.right = g.missed.empty() && g.extra.empty();
    return g;
}

} // namespace reducescope::model
