// SPDX-License-Identifier: GPL-3.0-or-later
// The command line of reducescope-cli as a function: parse, run, one-line errors
// (docs/reliability.md: every refusal names the word or the option and what it allows).
#include "cli/commands.h"
#include "cli/remote.h"
#include "model/message.h"
#include "reducescope/config.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace reducescope::cli {
namespace {

/// "a, b, c" of the subcommands' names, in the order they were registered.
std::string subcommand_list(const CLI::App& app)
{
    std::string s;
    for (const CLI::App* sub : app.get_subcommands(std::function<bool(const CLI::App*)>{})) {
        if (sub->get_group().empty())
            continue;  // hidden (remote-serve: what --gpu-host runs on the host)
        s += s.empty() ? "" : ", ";
        s += sub->get_name();
    }
    return s;
}

/// The options of `sub` a user can give, help left out ("--strategy, --input, ...").
std::vector<CLI::Option*> user_options(CLI::App& sub)
{
    std::vector<CLI::Option*> out;
    for (CLI::Option* o : sub.get_options())
        if (o != sub.get_help_ptr() && o != sub.get_help_all_ptr())
            out.push_back(o);
    return out;
}

std::string option_list(CLI::App& sub)
{
    std::string s;
    for (const CLI::Option* o : user_options(sub)) {
        s += s.empty() ? "" : ", ";
        s += o->get_name();
    }
    return s.empty() ? std::string{"none"} : s;
}

/// What an option allows, for error lines: its description (every description names the allowed
/// values or range; tests/kernels/cli/tst_cli_options.cpp holds each option to that).
std::string allowed(const CLI::Option& o)
{
    std::string d = o.get_description();
    if (o.get_expected_min() == 0)
        d += " (a flag: give it alone, without a value)";
    return d;
}

bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/// The option of `sub` whose long name appears as a whole word in `what` (the longest, so that
/// "--block-sizes" is not taken for "--block-size"); nullptr when none does.
CLI::Option* named_option(CLI::App& sub, const std::string& what)
{
    CLI::Option* best = nullptr;
    std::size_t best_len = 0;
    for (CLI::Option* o : user_options(sub)) {
        const std::string name = o->get_name();
        for (std::size_t at = what.find(name); at != std::string::npos; at = what.find(name, at + 1)) {
            const std::size_t end = at + name.size();
            if ((at == 0 || !is_name_char(what[at - 1])) && (end == what.size() || !is_name_char(what[end]))) {
                if (name.size() > best_len) {
                    best = o;
                    best_len = name.size();
                }
                break;
            }
        }
    }
    return best;
}

/// The subcommand argv names: its first argument that does not start with '-' (`app` itself has
/// only --help). `word` gets that argument (nullopt when there is none); nullptr when it names no
/// subcommand.
CLI::App* named_subcommand(CLI::App& app, int argc, const char* const* argv, std::optional<std::string>& word)
{
    for (int i = 1; i < argc; ++i) {
        if (argv[i][0] == '-')
            continue;
        word = argv[i];
        for (CLI::App* sub : app.get_subcommands(std::function<bool(CLI::App*)>{}))
            if (sub->get_name() == word) {
                if (sub->get_subcommands(std::function<bool(CLI::App*)>{}).empty())
                    return sub;
                // `kernel check`: the word after a family names its subcommand; the family itself
                // (with `word` its next word, nullopt when none) when it names none.
                word.reset();
                for (int j = i + 1; j < argc; ++j) {
                    if (argv[j][0] == '-')
                        continue;
                    word = argv[j];
                    for (CLI::App* nested : sub->get_subcommands(std::function<bool(CLI::App*)>{}))
                        if (nested->get_name() == word)
                            return nested;
                    break;
                }
                return sub;
            }
        return nullptr;
    }
    return nullptr;
}

/// "--json=maybe" for a flag: CLI11 would answer "Could not convert" (or take 2 as true).
void refuse_flag_values(CLI::App& sub, int argc, const char* const* argv)
{
    for (int i = 1; i < argc; ++i) {
        const char* eq = std::strchr(argv[i], '=');
        if (std::strncmp(argv[i], "--", 2) != 0 || !eq)
            continue;
        const std::string name(argv[i], eq);
        const CLI::Option* o = sub.get_option_no_throw(name);
        if (o && o->get_expected_min() == 0)
            throw BadInput{name + " is a flag: give it alone, without a value (got " + model::echo(argv[i]) + ")"};
    }
}

/// A subcommand as the user typed it: "trace", or "kernel trace" for one inside a family.
std::string command_words(const CLI::App& sub)
{
    std::string words = sub.get_name();
    for (const CLI::App* p = sub.get_parent(); p && p->get_parent(); p = p->get_parent())
        words = p->get_name() + " " + words;
    return words;
}

/// CLI11's error reworded: which word or option, and what it allows.
std::string explain(CLI::App& app, CLI::App* sub, const std::optional<std::string>& word,
                    const std::optional<std::string>& first_arg, const CLI::ParseError& e, const std::string& what)
{
    // CLI11 lists the extra arguments after the colon (already made safe by echo()).
    const auto colon = what.find(": ");
    const std::string extra = colon == std::string::npos ? what : what.substr(colon + 2);
    const bool extras = dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr;
    const std::string unexpected = what.find("arguments were") != std::string::npos ? "unexpected arguments '"
                                                                                    : "unexpected argument '";
    if (!sub) {
        if (word)
            return "unknown subcommand '" + model::echo(*word) + "': the subcommands are " + subcommand_list(app);
        if (extras)
            return unexpected + extra + "': a subcommand comes first, one of " + subcommand_list(app);
        if (first_arg)  // an option before any subcommand, e.g. `reducescope-cli --fast`
            return "unexpected argument '" + model::echo(*first_arg) + "': a subcommand comes first, one of " +
                   subcommand_list(app);
        return "a subcommand is required: one of " + subcommand_list(app);
    }
    if (!sub->get_subcommands(std::function<bool(CLI::App*)>{}).empty()) {  // `kernel`, `kernel bogus`
        if (word)
            return sub->get_name() + ": unknown subcommand '" + model::echo(*word) + "': its subcommands are " +
                   subcommand_list(*sub);
        return sub->get_name() + " needs a subcommand: one of " + subcommand_list(*sub);
    }
    if (extras)
        return unexpected + extra + "' for " + command_words(*sub) + " (its options: " + option_list(*sub) + ")";
    CLI::Option* o = named_option(*sub, what);
    if (!o)
        return what;
    // "--repeat: At Most 1 required but received 2": an option given twice (given_once() below).
    if (const auto most = what.find(": At Most "); dynamic_cast<const CLI::ArgumentMismatch*>(&e) &&
                                                   most != std::string::npos) {
        const auto received = what.find("received ", most);
        const std::string times = received == std::string::npos ? "more than once"
                                                                : what.substr(received + 9) + " times";
        return o->get_name() + " is given " + times + ": give it once (" + o->get_name() + ": " + allowed(*o) + ")";
    }
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && what.find("missing") != std::string::npos)
        return o->get_name() + " needs a value: " + allowed(*o);
    return what + "; " + o->get_name() + ": " + allowed(*o);
}

/// Every option of every subcommand may be given once: a second `--repeat 6` (or `--json`) is
/// refused naming the option, not silently taken over the first (CLI11's default for single values
/// and flags). Options that collect several values keep their policy.
void given_once(CLI::App& app)
{
    for (CLI::App* sub : app.get_subcommands(std::function<bool(CLI::App*)>{})) {
        for (CLI::Option* o : user_options(*sub))
            if (o->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeLast ||
                o->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeFirst)
                o->multi_option_policy(CLI::MultiOptionPolicy::Throw);
        given_once(*sub);  // `kernel trace --grid 2 --grid 4`
    }
}

} // namespace

int run_command_line(int argc, const char* const* argv)
{
    CLI::App app{"ReduceScope command line: step traces and benchmarks of CUDA parallel reduction",
                 "reducescope-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("reducescope-cli ") + REDUCESCOPE_VERSION, "Show the version and exit");
    app.footer("Exit codes: 0 done, 1 a result wrong or a run failed, 2 bad input, 74 the output (stdout or an "
               "output file) could not be written, 69 the --gpu-host could not be reached or runs another version, "
               "72 NVRTC (for kernel bench) cannot be loaded, "
               "77 no GPU or no CUDA kernels.");
    int exit_code = kOk;
    register_model_commands(app, exit_code);
    register_kernel_commands(app, exit_code);
    register_bench_commands(app, exit_code);
    remote::register_remote_commands(app, exit_code);  // after the GPU commands: it adds --gpu-host to them
    given_once(app);
    std::optional<std::string> word;
    CLI::App* sub = named_subcommand(app, argc, argv, word);
    try {
        // --version prints the version and nothing else: a word beside it is a mistake to name
        // (CLI11 would print the version and drop the word).
        if (argc > 2 && std::strcmp(argv[1], "--version") == 0)
            throw BadInput{"--version takes no other arguments (got " + model::echo(argv[2]) + "; see --help)"};
        if (sub)
            refuse_flag_values(*sub, argc, argv);
        // `--gpu-host`: the command runs on the host (kernels/cli/remote.h); the host's CLI,
        // of the same version, checks the other options.
        if (const std::optional<int> code = remote::run_if_remote(app, argc, argv))
            return *code;
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line, naming the field; nothing on stdout. CLI11 quotes the argument it could not
        // use: every argument that would break the line or run long is replaced by its echo()
        // (escaped, capped) before the first line is kept.
        std::string what = e.what();
        std::vector<std::string> quoted(argv + 1, argv + argc);
        std::sort(quoted.begin(), quoted.end(), [](const auto& l, const auto& r) { return l.size() > r.size(); });
        for (const std::string& arg : quoted) {
            const std::string safe = model::echo(arg);
            if (arg.empty() || safe == arg)
                continue;
            for (std::size_t at = what.find(arg); at != std::string::npos; at = what.find(arg, at + safe.size()))
                what.replace(at, arg.size(), safe);
        }
        if (const auto nl = what.find('\n'); nl != std::string::npos)
            what.resize(nl);
        std::cerr << "reducescope-cli: " << model::one_line(explain(app, sub, word, argc > 1 ? std::optional<std::string>{argv[1]} : std::nullopt, e, what)) << " (see --help)\n";
        return kBadInput;
    } catch (const BadInput& e) {
        std::cerr << "reducescope-cli: " << model::one_line(e.message) << '\n';
        return kBadInput;
    }
    return exit_code;
}

} // namespace reducescope::cli
