// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli compare A.json B.json`: per cell FAST, SLOW or SAME from both files' noise
// (kernels/bench/compare.h states the rule; the benchmark pane shows the same verdicts).
#include "bench/compare.h"
#include "bench/results_file.h"
#include "cli/commands.h"
#include "model/message.h"

#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace reducescope::cli {
namespace {

namespace b = reducescope::bench;

/// The text of a results file: a regular file of at most kMaxResultsFileBytes, else BadInput.
/// Every message of a file, as every reader's: "compare: PATH: why" (docs/reliability.md).
std::string read_file(const std::string& path)
{
    const std::string name = "compare: " + model::echo(path) + ": ";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw BadInput{name + "cannot open (" + std::strerror(errno) + "; A and B: a results file path, .json)"};
    if (!S_ISREG(st.st_mode))
        throw BadInput{name + "not a regular file (A and B: a results file path, .json)"};
    if (static_cast<std::size_t>(st.st_size) > b::kMaxResultsFileBytes)
        throw BadInput{name + "over the limit of " + std::to_string(b::kMaxResultsFileBytes >> 20) + " MiB"};
    // open() itself, so that a file that cannot be read says why (Permission denied, ...).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        throw BadInput{name + "cannot open (" + std::strerror(errno) + ")"};
    std::string text;
    char chunk[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            const int err = errno;
            ::close(fd);
            throw BadInput{name + "cannot read (" + std::strerror(err) + ")"};
        }
        if (got == 0)
            break;
        text.append(chunk, static_cast<std::size_t>(got));
        if (text.size() > b::kMaxResultsFileBytes) {
            ::close(fd);
            throw BadInput{name + "over the limit of " + std::to_string(b::kMaxResultsFileBytes >> 20) + " MiB"};
        }
    }
    ::close(fd);
    return text;
}

b::ResultsFile load(const std::string& path)
{
    const std::string text = read_file(path);
    try {
        return b::read_results(text);
    } catch (const b::SchemaError& e) {
        throw BadInput{"compare: " + model::echo(path) + ": " + e.what()};
    }
}

/// k of --noise-factor: a number in 0..100 (parse_real's syntax). -0 and one too large (1e400)
/// are out of the range; 1e-400 is 0. nullopt when `text` is not such a number.
std::optional<double> noise_factor(const std::string& text)
{
    const std::optional<double> v = parse_real(text);
    if (!v || !(*v >= 0 && *v <= 100) || std::signbit(*v))
        return std::nullopt;
    return v;
}

} // namespace

std::optional<double> parse_real(const std::string& text)
{
    if (text.empty() || text.size() > 64)
        return std::nullopt;
    for (const char c : text)  // from_chars also reads "inf", "nan" and "infinity": not numbers here
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+'))
            return std::nullopt;
    if (text[0] == '+')
        return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (end != text.data() + text.size())
        return std::nullopt;
    if (ec == std::errc::result_out_of_range)
        v = std::strtod(text.c_str(), nullptr);  // the syntax is checked: underflow 0 (or a subnormal), overflow inf
    else if (ec != std::errc{})
        return std::nullopt;
    return v;
}

void register_compare_command(CLI::App& app, int& exit_code)
{
    struct Args {
        std::string a, b, k = "1";
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand("compare", "Compare two results files: FAST, SLOW or SAME per cell, from both files' noise");
    cmd->add_option("A", args->a, "file path of the reference results (.json)")->required();
    cmd->add_option("B", args->b, "file path of the results compared with A (.json)")->required();
    // Checked by CLI11 while parsing (a Validator), so a bad --noise-factor is named even when A
    // or B is missing too.
    cmd->add_option("--noise-factor", args->k,
                    "k of the rule: a change is FAST or SLOW beyond k x (noise A + noise B) (0..100, default 1)")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                if (!noise_factor(text))
                    return "expected a number in 0..100, got " + model::echo(text);
                return {};
            },
            "0..100"));
    cmd->callback([args, &exit_code] {
        const std::optional<double> factor = noise_factor(args->k);
        if (!factor)
            throw BadInput{"--noise-factor must be a number in 0..100 (got " + model::echo(args->k) + ")"};
        const double k = *factor;
        const b::ResultsFile fa = load(args->a);
        const b::ResultsFile fb = load(args->b);
        // The whole path (one_line: control characters escaped), so that two long paths that differ
        // only in the file name stay apart.
        std::cout << "A: " << model::one_line(args->a) << " (" << fa.device.name << ", " << fa.date << ")\n"
                  << "B: " << model::one_line(args->b) << " (" << fb.device.name << ", " << fb.date << ")\n";
        const auto rows = b::compare_results(fa, fb, k);
        for (const b::CompareNote& note : b::compare_note_list(fa, fb, rows, b::is_same_file(args->a, args->b)))
            std::cout << "note: " << b::compare_note_text(note) << '\n';
        std::cout << b::compare_text(rows, k);
        std::cout.flush();
        exit_code = kOk;  // a failed stdout becomes exit 74 in finish_output (main.cpp)
    });
}

} // namespace reducescope::cli
