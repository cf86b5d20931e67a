// SPDX-License-Identifier: GPL-3.0-or-later
// The model's words as data: a step label, a sentence of
// an explanation or a refusal is a message id with typed arguments, not a finished English string.
// The CLI and the JSON files render it in English with render_english(); the app turns the same id
// into the chosen language with Qt's translation tools (views/common/model_text.h), so the words shown in
// the window and the words the CLI prints come from one description of each message.
//
// A message's English has two forms, `one` and `other`, chosen by its plural argument (the count
// that the message's nouns and verbs agree with; -1: no plural, `other` is the text). Placeholders:
// %1..%9 are the arguments by position (1-based), %n is the plural argument. Each message has at
// most one plural argument; a sentence that counts two things nests a message (a Text argument)
// for the second, e.g. "%n block" inside "One element per thread: %1 of %2".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::model {

struct Text;

/// One argument of a message.
struct TextArg {
    enum class Kind : std::uint8_t {
        Count,   ///< an integer (a count, an index, a size): printed in decimal
        Number,  ///< a float value of the reduction: printed by format_number()
        Code,    ///< verbatim text, never translated: source expressions, ids, echoed user input
        Nested,  ///< another message, rendered in the same language
    };
    Kind kind = Kind::Count;
    long long count = 0;
    double number = 0;
    std::string code;
    std::vector<Text> nested;  ///< Nested: exactly one message

    static TextArg of_count(long long v);
    static TextArg of_number(double v);
    static TextArg of_code(std::string s);
    static TextArg of_text(Text t);
};

/// A message: its id (a key of message_catalogue()) and its arguments.
struct Text {
    std::string id;
    std::vector<TextArg> args;

    bool empty() const { return id.empty(); }
};

/// Builds a Text from an id and arguments: integers become Count, float/double Number, strings
/// Code, Texts Nested.
template <typename... A>
Text make_text(std::string_view id, A&&... args);

/// One message as the model defines it: id, English forms, and which argument picks the form.
struct MessageDef {
    std::string_view id;
    std::string_view one;    ///< English when the plural argument is 1 (same as `other` without a plural)
    std::string_view other;  ///< English otherwise; the source text the translations start from
    int plural = -1;         ///< index of the plural argument (0-based), -1 when none

    /// This message with `one_form` as its `one` form and argument `plural_argument` (0-based) as
    /// the count its forms agree with: the rest of a REDUCESCOPE_PLURAL_MESSAGE (model/words.h).
    constexpr MessageDef with_one(std::string_view one_form, int plural_argument) const
    {
        return MessageDef{id, one_form, other, plural_argument};
    }
};

/// Every message the model produces (step labels and explanations, refusals, recordings).
std::span<const MessageDef> message_catalogue();

/// The definition of `id`, or nullptr.
const MessageDef* find_message(std::string_view id);

/// `pattern` with %1..%9 replaced by `args` (already rendered) and %n by `plural`, in one pass
/// (text substituted is never scanned again). A % not followed by n or 1..9 stays as it is.
std::string substitute(std::string_view pattern, std::span<const std::string> args, std::string_view plural);

/// The English text of `t` (nested messages rendered in English). An unknown id renders as the id.
std::string render_english(const Text& t);

/// Sentences joined by single spaces, each in English (Step::explanation from Step::explanation_text).
std::string render_english(std::span<const Text> sentences);

/// A float value as labels print it: integers without ".0", others with up to 7 significant
/// digits, "nan", "inf", "-inf".
std::string format_number(double v);

// --- implementation of the template ---------------------------------------------------------

namespace text_detail {
inline TextArg arg(const Text& t) { return TextArg::of_text(t); }
inline TextArg arg(Text&& t) { return TextArg::of_text(std::move(t)); }
inline TextArg arg(const std::string& s) { return TextArg::of_code(s); }
inline TextArg arg(std::string_view s) { return TextArg::of_code(std::string(s)); }
inline TextArg arg(const char* s) { return TextArg::of_code(s); }
inline TextArg arg(float v) { return TextArg::of_number(v); }
inline TextArg arg(double v) { return TextArg::of_number(v); }
inline TextArg arg(int v) { return TextArg::of_count(v); }
inline TextArg arg(long v) { return TextArg::of_count(v); }
inline TextArg arg(long long v) { return TextArg::of_count(v); }
inline TextArg arg(unsigned v) { return TextArg::of_count(static_cast<long long>(v)); }
inline TextArg arg(unsigned long v) { return TextArg::of_count(static_cast<long long>(v)); }
inline TextArg arg(unsigned long long v) { return TextArg::of_count(static_cast<long long>(v)); }
} // namespace text_detail

template <typename... A>
Text make_text(std::string_view id, A&&... args)
{
    Text t;
    t.id = std::string(id);
    t.args.reserve(sizeof...(A));
    (t.args.push_back(text_detail::arg(std::forward<A>(args))), ...);
    return t;
}

} // namespace reducescope::model
