// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson files: strict reader, input generator, claims checked against the step model (lesson.h).
#include "model/lesson.h"

#include "model/catalogue.h"
#include "model/json_text.h"
#include "model/message.h"  // echo(): the one rule for echoed user text

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <stdexcept>

namespace reducescope::model {
namespace {

using nlohmann::json;

struct Fail : std::runtime_error {
    std::string field;
    Fail(std::string f, const std::string& message) : std::runtime_error(message), field(std::move(f)) {}
};

[[noreturn]] void fail(const std::string& field, const std::string& what)
{
    throw Fail(field, field + " " + what);
}

std::string shown(const json& v)
{
    return model::echo(v.dump());
}

const json& required(const json& o, const std::string& key, const std::string& path)
{
    const auto it = o.find(key);
    if (it == o.end())
        fail(path, "is missing");
    return *it;
}

std::string text_field(const json& o, const std::string& key, const std::string& path, bool one_line)
{
    const json& v = required(o, key, path);
    if (!v.is_string() || v.get<std::string>().empty())
        fail(path, "must be a non-empty string (got " + shown(v) + ")");
    std::string s = v.get<std::string>();
    if (s.size() > 2000)
        fail(path, "must be at most 2000 bytes (got " + std::to_string(s.size()) + ")");
    if (one_line && s.find('\n') != std::string::npos)
        fail(path, "must be one line");
    return s;
}

long long int_field(const json& v, const std::string& path, long long lo, long long hi)
{
    // One allowed value is named as such ("version must be 1"), not as the range "1..1".
    const std::string range = lo == hi ? "must be " + std::to_string(lo)
                                       : "must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi);
    if (!v.is_number_integer())
        fail(path, range + " (got " + shown(v) + ")");
    const long long x = v.get<long long>();
    if (x < lo || x > hi)
        fail(path, range + " (got " + std::to_string(x) + ")");
    return x;
}

LessonText both_languages(const json& o, const std::string& key, bool one_line, const std::string& prefix = "")
{
    const std::string path = prefix + key;
    const json& v = required(o, key, path);
    if (!v.is_object())
        fail(path, "must be an object {\"en\": ..., \"zh_CN\": ...} (got " + shown(v) + ")");
    for (auto it = v.begin(); it != v.end(); ++it)
        if (it.key() != "en" && it.key() != "zh_CN")
            fail(path + "." + model::echo(it.key()), "is not a known language (allowed: en, zh_CN)");
    return {text_field(v, "en", path + ".en", one_line), text_field(v, "zh_CN", path + ".zh_CN", one_line)};
}

std::string strategy_field(const json& v, const std::string& path)
{
    if (!v.is_string())
        fail(path, "must be a strategy id (got " + shown(v) + ")");
    const std::string id = v.get<std::string>();
    const StrategyInfo* info = find_strategy(id);
    if (!info || !info->has_model) {
        std::string ids;
        for (const StrategyInfo& s : catalogue())
            if (s.has_model)
                ids += (ids.empty() ? "" : ", ") + std::string(s.id);
        fail(path, "must be a modelled strategy (" + ids + "; got '" + model::echo(id) + "')");
    }
    return id;
}

const std::set<std::string, std::less<>> kStepMeasures{
    "divergent_warps", "active_lanes", "max_conflict_ways", "shared_wavefronts", "extra_shared_wavefronts",
    "global_sectors", "barriers", "atomics", "adds", "lost_updates"};
const std::set<std::string, std::less<>> kTraceMeasures{"step_count", "grid_size", "block_size", "result_error", "faults"};

std::string joined(const std::set<std::string, std::less<>>& names)
{
    std::string s;
    for (const std::string& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

std::pair<int, int> int_pair(const json& v, const std::string& path, int lo, int hi)
{
    if (!v.is_array() || v.size() != 2)
        fail(path, "must be [first, last] (got " + shown(v) + ")");
    const int a = static_cast<int>(int_field(v[0], path + "[0]", lo, hi));
    const int b = static_cast<int>(int_field(v[1], path + "[1]", lo, hi));
    if (a > b)
        fail(path, "must have first <= last (got [" + std::to_string(a) + ", " + std::to_string(b) + "])");
    return {a, b};
}

LessonClaim parse_claim(const json& c, const std::string& path, bool has_compare, bool exercise_check = false)
{
    if (!c.is_object())
        fail(path, "must be an object (got " + shown(c) + ")");
    static const std::set<std::string, std::less<>> known{"trace", "measure", "steps", "strides", "over", "op", "value"};
    for (auto it = c.begin(); it != c.end(); ++it)
        if (!known.count(it.key()) || (exercise_check && it.key() == "trace"))
            fail(path + "." + model::echo(it.key()), exercise_check
                     ? "is not a check field (allowed: measure, steps, strides, over, op, value)"
                     : "is not a claim field (allowed: trace, measure, steps, strides, over, op, value)");
    LessonClaim claim;
    const json& target = exercise_check ? json("strategy") : required(c, "trace", path + ".trace");
    if (target == "strategy")
        claim.target = LessonClaim::Target::Strategy;
    else if (target == "compare" && has_compare)
        claim.target = LessonClaim::Target::Compare;
    else
        fail(path + ".trace", std::string("must be \"strategy\"") + (has_compare ? " or \"compare\"" : " (the lesson has no compare strategy)")
                                  + " (got " + shown(target) + ")");
    const json& measure = required(c, "measure", path + ".measure");
    if (!measure.is_string() || (!kStepMeasures.count(measure.get<std::string>()) && !kTraceMeasures.count(measure.get<std::string>())))
        fail(path + ".measure", "must be one of " + joined(kStepMeasures) + ", " + joined(kTraceMeasures) + " (got " + shown(measure) + ")");
    claim.measure = measure.get<std::string>();
    const bool per_step = kStepMeasures.count(claim.measure) > 0;
    if (!per_step && (c.contains("steps") || c.contains("strides") || c.contains("over")))
        fail(path, "of the trace measure " + claim.measure + " takes no steps, strides or over");
    if (c.contains("steps") && c.contains("strides"))
        fail(path, "selects by steps or by strides, not both");
    if (c.contains("steps")) {
        const auto [a, b] = int_pair(c["steps"], path + ".steps", 1, 100000);
        claim.first_step = a;
        claim.last_step = b;
    }
    if (c.contains("strides")) {
        const auto [a, b] = int_pair(c["strides"], path + ".strides", 1, 1 << 20);
        claim.stride_lo = a;
        claim.stride_hi = b;
    }
    if (per_step) {
        const json& over = required(c, "over", path + ".over");
        if (over == "each") claim.over = LessonClaim::Over::Each;
        else if (over == "sum") claim.over = LessonClaim::Over::Sum;
        else if (over == "max") claim.over = LessonClaim::Over::Max;
        else if (over == "min") claim.over = LessonClaim::Over::Min;
        else if (over == "count") claim.over = LessonClaim::Over::Count;
        else fail(path + ".over", "must be one of each, sum, max, min, count (got " + shown(over) + ")");
    }
    const json& op = required(c, "op", path + ".op");
    if (op == "==") claim.op = LessonClaim::Op::Eq;
    else if (op == "!=") claim.op = LessonClaim::Op::Ne;
    else if (op == "<") claim.op = LessonClaim::Op::Lt;
    else if (op == "<=") claim.op = LessonClaim::Op::Le;
    else if (op == ">") claim.op = LessonClaim::Op::Gt;
    else if (op == ">=") claim.op = LessonClaim::Op::Ge;
    else fail(path + ".op", "must be one of ==, !=, <, <=, >, >= (got " + shown(op) + ")");
    const json& value = required(c, "value", path + ".value");
    if (!value.is_number())
        fail(path + ".value", "must be a number (got " + shown(value) + ")");
    claim.value = value.get<double>();
    return claim;
}

double step_measure(const Step& s, const std::string& m)
{
    const StepCounters& c = s.counters;
    if (m == "divergent_warps") return c.divergent_warps;
    if (m == "active_lanes") return c.active_lanes;
    if (m == "max_conflict_ways") return s.max_conflict_ways;
    if (m == "shared_wavefronts") return c.shared_wavefronts;
    if (m == "extra_shared_wavefronts") return c.extra_shared_wavefronts;
    if (m == "global_sectors") return c.global_sectors;
    if (m == "barriers") return c.barriers;
    if (m == "atomics") return c.atomics;
    if (m == "adds") return c.adds;
    if (m == "lost_updates")
        return static_cast<double>(std::count_if(s.atomics.begin(), s.atomics.end(), [](const AtomicOp& a) { return a.lost; }));
    return 0;
}

bool compare(double a, LessonClaim::Op op, double b)
{
    switch (op) {
    case LessonClaim::Op::Eq: return a == b;
    case LessonClaim::Op::Ne: return a != b;
    case LessonClaim::Op::Lt: return a < b;
    case LessonClaim::Op::Le: return a <= b;
    case LessonClaim::Op::Gt: return a > b;
    case LessonClaim::Op::Ge: return a >= b;
    }
    return false;
}

std::string op_name(LessonClaim::Op op)
{
    switch (op) {
    case LessonClaim::Op::Eq: return "==";
    case LessonClaim::Op::Ne: return "!=";
    case LessonClaim::Op::Lt: return "<";
    case LessonClaim::Op::Le: return "<=";
    case LessonClaim::Op::Gt: return ">";
    case LessonClaim::Op::Ge: return ">=";
    }
    return "?";
}

std::string over_name(LessonClaim::Over o)
{
    switch (o) {
    case LessonClaim::Over::Each: return "each";
    case LessonClaim::Over::Sum: return "sum";
    case LessonClaim::Over::Max: return "max";
    case LessonClaim::Over::Min: return "min";
    case LessonClaim::Over::Count: return "count";
    }
    return "?";
}

std::string number(double v)
{
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    return std::to_string(v);
}

LessonExercise parse_exercise(const json& e)
{
    if (!e.is_object())
        fail("exercise", "must be an object {task, source, checks} (got " + shown(e) + ")");
    static const std::set<std::string, std::less<>> known{"task", "source", "grid", "max_changed_lines", "checks"};
    for (auto it = e.begin(); it != e.end(); ++it)
        if (!known.count(it.key()))
            fail("exercise." + model::echo(it.key()), "is not an exercise field (allowed: " + joined(known) + ")");
    LessonExercise x;
    x.task = both_languages(e, "task", false, "exercise.");
    const json& source = required(e, "source", "exercise.source");
    if (!source.is_array() || source.empty() || source.size() > 500)
        fail("exercise.source", "must be an array of 1..500 lines (got " + shown(source) + ")");
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (!source[i].is_string())
            fail("exercise.source[" + std::to_string(i) + "]", "must be a string (got " + shown(source[i]) + ")");
        x.source += source[i].get<std::string>() + "\n";
    }
    if (e.contains("grid"))
        x.grid = static_cast<int>(int_field(e["grid"], "exercise.grid", 1, 65535));
    if (e.contains("max_changed_lines"))
        x.max_changed_lines = static_cast<int>(int_field(e["max_changed_lines"], "exercise.max_changed_lines", 1, 500));
    const json& checks = required(e, "checks", "exercise.checks");
    if (!checks.is_array() || checks.empty() || checks.size() > 64)
        fail("exercise.checks", "must be an array of 1..64 checks (got " + shown(checks) + ")");
    for (std::size_t i = 0; i < checks.size(); ++i)
        x.checks.push_back(parse_claim(checks[i], "exercise.checks[" + std::to_string(i) + "]", false, true));
    return x;
}

} // namespace

ParsedInput expand_lesson_input(std::string_view text)
{
    const auto dots = text.find("..");
    if (dots == std::string_view::npos)
        return parse_input(text);
    ParsedInput out;
    auto whole = [](std::string_view s, long long& v) {
        while (!s.empty() && s.front() == ' ')
            s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ')
            s.remove_suffix(1);
        if (s.empty())
            return false;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc{} && p == s.data() + s.size();
    };
    long long a = 0, b = 0;
    constexpr long long kExact = 1LL << 24;
    if (!whole(text.substr(0, dots), a) || !whole(text.substr(dots + 2), b) || a > b || std::llabs(a) > kExact
        || std::llabs(b) > kExact || b - a + 1 > kMaxInputLength) {
        out.error = ParamError{"input", "input must be a list of numbers or a range A..B of integers with A <= B, |A|, |B| <= 16777216 and 1.."
                                            + std::to_string(kMaxInputLength) + " values (got '" + model::echo(text) + "')"};
        return out;
    }
    for (long long v = a; v <= b; ++v)
        out.values.push_back(static_cast<float>(v));
    return out;
}

LessonResult parse_lesson(std::string_view text)
{
    LessonResult out;
    if (text.size() > kMaxLessonBytes) {
        out.error = ParamError{"file", "a lesson file must be at most " + std::to_string(kMaxLessonBytes) + " bytes (got "
                                           + std::to_string(text.size()) + ")"};
        return out;
    }
    // The readers' one JSON parser (json_text.h): "not JSON: line L, column C: reason", as the
    // trace and results readers say it.
    json j;
    try {
        j = parse_json(text);
    } catch (const NotJson& e) {
        out.error = ParamError{"file", e.what()};
        return out;
    }
    if (!j.is_object()) {
        out.error = ParamError{"file", "a lesson file must be one JSON object (got " + std::string(j.type_name()) + ")"};
        return out;
    }
    try {
        static const std::set<std::string, std::less<>> known{
            "comment", "format", "version", "id", "order", "title", "note", "strategy", "compare", "input",
            "block_size", "warp_size", "banks", "coarse_factor", "step", "claims", "exercise"};
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!known.count(it.key()))
                fail(model::echo(it.key()), "is not a lesson field (allowed: " + joined(known) + ")");
        if (required(j, "format", "format") != "reducescope-lesson")
            fail("format", "must be \"reducescope-lesson\" (got " + shown(j["format"]) + ")");
        int_field(required(j, "version", "version"), "version", kLessonFormatVersion, kLessonFormatVersion);
        Lesson l;
        l.id = text_field(j, "id", "id", true);
        if (l.id.size() > 64 || !std::all_of(l.id.begin(), l.id.end(), [](char ch) {
                return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
            }))
            fail("id", "must be 1..64 characters of a-z, 0-9 and _ (got '" + model::echo(l.id) + "')");
        l.order = static_cast<int>(int_field(required(j, "order", "order"), "order", 1, 999));
        l.title = both_languages(j, "title", true);
        l.note = both_languages(j, "note", false);
        l.strategy = strategy_field(required(j, "strategy", "strategy"), "strategy");
        if (j.contains("compare") && !j["compare"].is_null())
            l.compare = strategy_field(j["compare"], "compare");
        const json& input = required(j, "input", "input");
        if (!input.is_string())
            fail("input", "must be a string: a list \"6,2,7,4\" or a range \"1..1024\" (got " + shown(input) + ")");
        l.input_text = input.get<std::string>();
        ParsedInput parsed = expand_lesson_input(l.input_text);
        if (parsed.error)
            throw Fail("input", parsed.error->message);  // the model's message names the field
        l.input = std::move(parsed.values);
        if (j.contains("block_size"))
            l.params.block_size = static_cast<int>(int_field(j["block_size"], "block_size", 0, 1024));
        l.params.warp_size = static_cast<int>(int_field(required(j, "warp_size", "warp_size"), "warp_size", 1, 1024));
        l.params.banks = static_cast<int>(int_field(required(j, "banks", "banks"), "banks", 1, 1024));
        if (j.contains("coarse_factor"))
            l.params.coarse_factor = static_cast<int>(int_field(j["coarse_factor"], "coarse_factor", 1, 64));
        for (const std::string& id : {l.strategy, l.compare.value_or(l.strategy)}) {
            if (auto problem = validate(id, l.input.size(), l.params)) {
                // The model names fields as the command line does (block-size); the file spells block_size.
                std::string field = problem->field, message = problem->message;
                std::replace(field.begin(), field.end(), '-', '_');
                if (message.rfind(problem->field, 0) == 0)
                    message.replace(0, problem->field.size(), field);
                throw Fail(field, message + " (" + id + ")");
            }
        }
        l.step = static_cast<int>(int_field(required(j, "step", "step"), "step", 1, 100000));
        if (j.contains("claims")) {
            const json& claims = j["claims"];
            if (!claims.is_array() || claims.size() > 64)
                fail("claims", "must be an array of at most 64 claims (got " + shown(claims) + ")");
            for (std::size_t i = 0; i < claims.size(); ++i)
                l.claims.push_back(parse_claim(claims[i], "claims[" + std::to_string(i) + "]", l.compare.has_value()));
        }
        if (j.contains("exercise"))
            l.exercise = parse_exercise(j["exercise"]);
        out.lesson = std::move(l);
    } catch (const Fail& f) {
        out.error = ParamError{f.field, model::one_line(f.what())};
    }
    return out;
}

LessonTraces build_lesson(const Lesson& lesson)
{
    LessonTraces out;
    try {
        out.strategy = simulate(lesson.strategy, lesson.input, lesson.params);
        if (lesson.compare)
            out.compare = simulate(*lesson.compare, lesson.input, lesson.params);
    } catch (const std::exception& e) {
        out.error = ParamError{"strategy", model::one_line(e.what())};
        return out;
    }
    const int steps = static_cast<int>(out.strategy->steps.size());
    if (lesson.step < 1 || lesson.step > steps) {
        out.error = ParamError{"step", "step must be in 1.." + std::to_string(steps) + " for " + lesson.strategy + " (got "
                                           + std::to_string(lesson.step) + ")"};
        return out;
    }
    for (std::size_t i = 0; i < lesson.claims.size(); ++i) {
        const LessonClaim& c = lesson.claims[i];
        const Trace& t = c.target == LessonClaim::Target::Compare && out.compare ? *out.compare : *out.strategy;
        if (c.last_step > static_cast<int>(t.steps.size())) {
            out.error = ParamError{"claims[" + std::to_string(i) + "].steps",
                                   "claims[" + std::to_string(i) + "].steps must lie in 1.." + std::to_string(t.steps.size())
                                       + " for " + t.strategy + " (got .." + std::to_string(c.last_step) + ")"};
            return out;
        }
    }
    return out;
}

ClaimCheck check_claim(const LessonClaim& claim, const Trace& strategy, const Trace* compare_trace)
{
    ClaimCheck out;
    const Trace* t = claim.target == LessonClaim::Target::Compare ? compare_trace : &strategy;
    if (!t) {
        out.description = claim.measure + ": the claim is about the compare strategy, but there is none";
        return out;
    }
    std::string what = t->strategy + ": " + claim.measure;
    if (kTraceMeasures.count(claim.measure)) {
        if (claim.measure == "step_count") out.actual = static_cast<double>(t->steps.size());
        else if (claim.measure == "grid_size") out.actual = t->grid_size;
        else if (claim.measure == "block_size") out.actual = t->params.block_size;
        else if (claim.measure == "faults") out.actual = static_cast<double>(t->faults.size());
        else out.actual = std::fabs(static_cast<double>(t->result) - t->reference);
        out.holds = compare(out.actual, claim.op, claim.value);
        out.description = what + " " + op_name(claim.op) + " " + number(claim.value) + ": got " + number(out.actual);
        if (claim.measure == "faults" && !t->faults.empty())
            out.description += " (" + t->faults.front().kind + " at line " + std::to_string(t->faults.front().line) + ")";
        return out;
    }
    std::vector<double> values;
    std::vector<int> step_of;  // 1-based step of each value
    for (std::size_t k = 0; k < t->steps.size(); ++k) {
        const Step& s = t->steps[k];
        const int one_based = static_cast<int>(k) + 1;
        if (claim.first_step > 0 && (one_based < claim.first_step || one_based > claim.last_step))
            continue;
        if (claim.stride_lo && (!s.stride || *s.stride < *claim.stride_lo || *s.stride > *claim.stride_hi))
            continue;
        values.push_back(step_measure(s, claim.measure));
        step_of.push_back(one_based);
    }
    if (claim.first_step > 0)
        what += " at steps " + std::to_string(claim.first_step) + ".." + std::to_string(claim.last_step);
    else if (claim.stride_lo)
        what += " at strides " + std::to_string(*claim.stride_lo) + ".." + std::to_string(*claim.stride_hi);
    what += ", " + over_name(claim.over) + " " + op_name(claim.op) + " " + number(claim.value);
    out.selected = static_cast<int>(values.size());
    if (values.empty()) {
        out.description = what + ": no step selected";
        return out;
    }
    switch (claim.over) {
    case LessonClaim::Over::Each:
        out.holds = true;
        for (std::size_t i = 0; i < values.size(); ++i) {
            out.actual = values[i];
            out.step = step_of[i];
            if (!compare(values[i], claim.op, claim.value)) {
                out.holds = false;
                out.description = what + ": got " + number(out.actual) + " at step " + std::to_string(step_of[i]);
                return out;
            }
        }
        break;
    case LessonClaim::Over::Sum:
        out.actual = 0;
        for (double v : values)
            out.actual += v;
        break;
    case LessonClaim::Over::Max: out.actual = *std::max_element(values.begin(), values.end()); break;
    case LessonClaim::Over::Min: out.actual = *std::min_element(values.begin(), values.end()); break;
    case LessonClaim::Over::Count:
        out.actual = static_cast<double>(std::count_if(values.begin(), values.end(), [](double v) { return v != 0; }));
        break;
    }
    if (claim.over != LessonClaim::Over::Each)
        out.holds = compare(out.actual, claim.op, claim.value);
    out.description = what + ": got " + number(out.actual) + " over " + std::to_string(values.size()) + " step"
        + (values.size() == 1 ? "" : "s");
    return out;
}

int changed_lines(std::string_view before, std::string_view after)
{
    auto lines = [](std::string_view text) {
        std::vector<std::string_view> out;
        while (!text.empty()) {
            const std::size_t end = text.find('\n');
            std::string_view line = text.substr(0, end);
            while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
                line.remove_suffix(1);
            out.push_back(line);
            if (end == std::string_view::npos)
                break;
            text.remove_prefix(end + 1);
        }
        return out;
    };
    std::vector<std::string_view> a = lines(before), b = lines(after);
    constexpr std::size_t kMax = 2000;
    int extra = 0;
    if (a.size() > kMax) { extra += static_cast<int>(a.size() - kMax); a.resize(kMax); }
    if (b.size() > kMax) { extra += static_cast<int>(b.size() - kMax); b.resize(kMax); }
    // Longest common subsequence of lines, one row at a time.
    std::vector<int> prev(b.size() + 1, 0), row(b.size() + 1, 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t k = 1; k <= b.size(); ++k)
            row[k] = a[i - 1] == b[k - 1] ? prev[k - 1] + 1 : std::max(prev[k], row[k - 1]);
        std::swap(prev, row);
    }
    const int common = prev[b.size()];
    // A replaced line is one removal and one addition at the same place: count the larger side.
    return std::max(static_cast<int>(a.size()) - common, static_cast<int>(b.size()) - common) + extra;
}

float held_back_value(std::size_t i)
{
    return static_cast<float>(static_cast<long long>((37 * (i % 23) + 11) % 23) - 7);
}

std::vector<float> held_back_input(const Lesson& lesson)
{
    std::vector<float> out(lesson.input.size());
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = held_back_value(i);
    return out;
}

int held_back_check_index(const LessonExercise& exercise)
{
    return static_cast<int>(exercise.checks.size()) + (exercise.max_changed_lines ? 1 : 0);
}

LessonClaim held_back_rule(const LessonExercise& exercise)
{
    for (const LessonClaim& c : exercise.checks)
        if (c.measure == "result_error")
            return c;
    LessonClaim exact;
    exact.measure = "result_error";
    exact.op = LessonClaim::Op::Eq;
    exact.value = 0;
    return exact;
}

ExerciseVerdict check_exercise(const LessonExercise& exercise, const Trace& trace, std::string_view source,
                               const Trace* held_back)
{
    ExerciseVerdict out;
    out.passed = true;
    for (const LessonClaim& c : exercise.checks) {
        ClaimCheck check = check_claim(c, trace, nullptr);
        out.passed = out.passed && check.holds;
        if (!check.holds && out.first_failure.empty())
            out.first_failure = check.description;
        out.checks.push_back(std::move(check));
    }
    if (exercise.max_changed_lines) {
        ClaimCheck check;
        check.actual = changed_lines(exercise.source, source);
        check.holds = check.actual <= *exercise.max_changed_lines;
        check.description = "changed lines <= " + std::to_string(*exercise.max_changed_lines) + ": got "
            + number(check.actual);
        out.passed = out.passed && check.holds;
        if (!check.holds && out.first_failure.empty())
            out.first_failure = check.description;
        out.checks.push_back(std::move(check));
    }
    {
        ClaimCheck check;
        const std::string what = "result on a second input: ";
        if (!held_back) {
            check.description = what + "not run";
        } else {
            const LessonClaim rule = held_back_rule(exercise);
            check.actual = std::fabs(static_cast<double>(held_back->result) - held_back->reference);
            check.holds = compare(check.actual, rule.op, rule.value) && held_back->faults.empty();
            check.description = what + "got " + number(held_back->result) + ", expected " + number(held_back->reference);
            if (rule.op != LessonClaim::Op::Eq || rule.value != 0)
                check.description += " (result_error " + op_name(rule.op) + " " + number(rule.value) + ")";
            if (!held_back->faults.empty())
                check.description += "; fault " + held_back->faults.front().kind + " at line "
                    + std::to_string(held_back->faults.front().line);
        }
        out.passed = out.passed && check.holds;
        if (!check.holds && out.first_failure.empty())
            out.first_failure = check.description;
        out.checks.push_back(std::move(check));
    }
    return out;
}

} // namespace reducescope::model
