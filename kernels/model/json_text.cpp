// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/json_text.h"

#include "model/message.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

namespace reducescope::model {
namespace {

/// nlohmann-json's DOM builder, which also keeps the byte position of a syntax error: the parser
/// reports it to the handler, but an out_of_range error (a number overflow) carries none.
struct PositionedDomParser : nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
    using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;
    using Base::Base;
    std::size_t error_position = 0;

    template <class Exception>
    bool parse_error(std::size_t position, const std::string& last_token, const Exception& ex)
    {
        error_position = position;
        return Base::parse_error(position, last_token, ex);  // throws ex
    }
};

/// nlohmann's message without "[json.exception.parse_error.101] parse error at line 1, column 2: ",
/// "syntax error while parsing value - " and "; last read: '...'".
std::string short_reason(std::string what)
{
    if (const auto tag = what.find("] "); what.rfind("[json.exception.", 0) == 0 && tag != std::string::npos)
        what.erase(0, tag + 2);
    if (what.rfind("parse error", 0) == 0)
        if (const auto colon = what.find(": "); colon != std::string::npos)
            what.erase(0, colon + 2);
    if (const auto dash = what.find(" - "); dash != std::string::npos && what.rfind("syntax error", 0) == 0)
        what.erase(0, dash + 3);
    if (const auto last = what.find("; last read: "); last != std::string::npos) {
        // "...; last read: 'x'; expected ..." keeps what is expected.
        const auto next = what.find("'; ", last);
        what.erase(last, next == std::string::npos ? std::string::npos : next + 1 - last);
    }
    std::string line = model::one_line(what);
    if (line.size() > 160) {
        std::size_t cut = 160;
        while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80)
            --cut;
        line.resize(cut);
        line += "\xE2\x80\xA6";
    }
    return line;
}

} // namespace

nlohmann::json parse_json(std::string_view text)
{
    nlohmann::json out;
    PositionedDomParser sax(out, true);
    try {
        nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
    } catch (const nlohmann::json::exception& e) {
        // The position counts the bytes read, the offending one included.
        const std::size_t at = std::min(sax.error_position > 0 ? sax.error_position - 1 : 0, text.size());
        const std::string_view before = text.substr(0, at);
        const auto line = 1 + std::count(before.begin(), before.end(), '\n');
        const auto newline = before.rfind('\n');
        const std::size_t column = at - (newline == std::string_view::npos ? 0 : newline + 1) + 1;
        NotJson error("not JSON: line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                      short_reason(e.what()));
        error.line = static_cast<int>(line);
        error.column = static_cast<int>(column);
        throw error;
    }
    return out;
}

} // namespace reducescope::model
