// SPDX-License-Identifier: GPL-3.0-or-later
// What `kernel check`, `kernel trace` and `kernel bench` share about a student's source
// (docs/your-own-kernel.md): reading it, the name it is shown under, and a catalogue file made
// runnable with every line where it was. Qt-free, engine-free (plain text work), so that the GPU
// path (NVRTC, kernels/cli/cli_kernel_bench.cpp) compiles exactly the text the engine compiles.
#pragma once

#include <cstddef>
#include <string>

namespace reducescope::cli {

/// "<stdin>" for "-", else the path as given, made one line (model::one_line: a newline, a control
/// byte or a byte that is not UTF-8 escaped), as every message and Clang's diagnostics name it.
std::string display_name(const std::string& path);

/// The most characters of a `kernel bench` row's label (`--label`).
inline constexpr std::size_t kMaxLabelChars = 200;

/// A file name made a label (the row's name when `--label` is not given, here and through
/// `--gpu-host`): one line as display_name() makes it, at most kMaxLabelChars characters (a longer
/// one cut, ending in "…"), "<unnamed>" for an empty one.
std::string label_from_file_name(const std::string& name);

/// The most bytes of source read: the engine refuses more than 1000000 (simt::compile), so one
/// byte past that is enough for its message, and /dev/zero or a 10 GB file is not read to the end.
inline constexpr std::size_t kMostSourceBytes = 1'000'001;

/// The source text: a regular file, or stdin for "-" (at most kMostSourceBytes of either).
/// A directory, FIFO, device or unreadable file: BadInput naming the file and why.
std::string read_source(const std::string& path);

/// A catalogue file (kernels/cuda/*.cu, as the editor's New kernel from strategy copies it) made
/// runnable by the engine and by NVRTC, every line where it was: its `#include "launch.cuh"` and
/// `#include <math_constants.h>` lines are blanked, `#include "reduce_common.cuh"` is kept (the
/// compilers are handed the embedded header, model::kernel_source); the host side (from
/// `// ---- host side` to the closing namespace, the launchers that need the toolkit) is blanked
/// except preprocessor lines; and every template kernel whose template parameters all have
/// defaults (`template <class Probe = NoProbe>`) is explicitly instantiated with them on the
/// closing namespace's line (a template kernel runs once instantiated). A source that does not
/// include reduce_common.cuh is returned unchanged.
/// `instantiate` false: without those instantiations (the text the student wrote, made runnable).
std::string catalogue_runnable(const std::string& text, bool instantiate = true);

/// A whole decimal integer option in lo..hi; BadInput "FIELD must be an integer in lo..hi (got X)"
/// (X as model::echo() quotes it; '' when empty).
int number(const std::string& text, const std::string& field, int lo, int hi);

} // namespace reducescope::cli
