// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the SIMT engine: pieces of the student's source text shown in traces and messages.
#pragma once

#include <string>
#include <string_view>

namespace reducescope::simt::detail {

/// The source expression of a memory access at (line, column) (1-based), as the step pane names
/// accesses: "sdata[tid + stride]", "*output". Clang places a load at the start of its operand and
/// a store or compound assignment at its operator; for those (`at_operator`) the expression is the
/// one left of the column. Falls back to "line L" when nothing readable is there.
std::string access_expression(std::string_view source, int line, int column, bool at_operator);

/// Whether the condition that starts at (line, column) of `text` (1-based; Clang's place of a
/// conditional branch) is the condition of a conditional expression `c ? a : b`: a `?` follows it
/// before anything closes it (`)` of an `if (...)`, `;` of a `for`, `,`, `{`, `}`).
bool conditional_expression_at(std::string_view text, int line, int column);

/// Line `line` (1-based) of `source`, without its newline; empty past the end.
std::string_view source_line(std::string_view source, int line);

} // namespace reducescope::simt::detail
