// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: reducescope-cli's whole command line, cli::run_command_line() (kernels/cli/
// commands.h), with argv made of the fuzz bytes split at NUL bytes (at most 64 arguments; the
// first is the program). This build has no CUDA, so bench / devices / selftest check their
// arguments and stop with 77; list and trace run in full (CPU only).
// Properties: it returns one of the documented exit codes; a refusal (2) prints nothing on stdout
// and exactly one line on stderr, starting "reducescope-cli: ".
#include "cli/commands.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace c = reducescope::cli;
    std::vector<std::string> args{"reducescope-cli"};
    std::string current;
    for (std::size_t k = 0; k < size && args.size() < 64; ++k) {
        if (data[k] == 0) {
            args.push_back(current);
            current.clear();
        } else {
            current += static_cast<char>(data[k]);
        }
    }
    if (args.size() < 64 && !current.empty())  // an empty last argument: end with two NULs
        args.push_back(current);
    std::vector<const char*> argv;
    for (const auto& a : args)
        argv.push_back(a.c_str());
    argv.push_back(nullptr);

    std::ostringstream out, err;
    std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
    std::streambuf* old_err = std::cerr.rdbuf(err.rdbuf());
    const int code = c::run_command_line(static_cast<int>(args.size()), argv.data());
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);

    if (code != c::kOk && code != c::kFailure && code != c::kBadInput && code != c::kOutputError &&
        code != c::kNoDevice) {
        std::fprintf(stderr, "undocumented exit code %d\n", code);
        std::abort();
    }
    if (code == c::kBadInput) {
        const std::string e = err.str();
        const bool one_line = e.rfind("reducescope-cli: ", 0) == 0 && !e.empty() && e.back() == '\n' &&
                              e.find('\n') == e.size() - 1;
        if (!out.str().empty() || !one_line) {
            std::fprintf(stderr, "a refusal must be one line on stderr and nothing on stdout; stderr:\n%s", e.c_str());
            std::abort();
        }
    }
    return 0;
}
