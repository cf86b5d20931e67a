// SPDX-License-Identifier: GPL-3.0-or-later
// A whole file's bytes as a string, for the tests that read the repository's own files (kernels,
// lessons, solutions: tests/kernels/simt/tst_exercises.cpp, tst_simt_catalogue.cpp). Plain C++.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace reducescope::testing {

/// The bytes of the file at `path`, unchanged (binary mode); empty when it cannot be read.
inline std::string file_text(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream o;
    o << f.rdbuf();
    return o.str();
}

} // namespace reducescope::testing
