// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope-cli: list | trace | bench | devices | selftest
#include "cli/commands.h"
#include "model/message.h"
#include "reducescope/config.h"

#include <algorithm>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    using namespace reducescope::cli;
    CLI::App app{"ReduceScope command line: step traces and benchmarks of CUDA parallel reduction",
                 "reducescope-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("reducescope-cli ") + REDUCESCOPE_VERSION, "Show the version and exit");
    int exit_code = kOk;
    register_model_commands(app, exit_code);
    register_bench_commands(app, exit_code);
    try {
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
            const std::string safe = echo(arg);
            if (arg.empty() || safe == arg)
                continue;
            for (std::size_t at = what.find(arg); at != std::string::npos; at = what.find(arg, at + safe.size()))
                what.replace(at, arg.size(), safe);
        }
        if (const auto nl = what.find('\n'); nl != std::string::npos)
            what.resize(nl);
        std::cerr << "reducescope-cli: " << one_line(what) << " (see --help)\n";
        return kBadInput;
    } catch (const BadInput& e) {
        std::cerr << "reducescope-cli: " << one_line(e.message) << '\n';
        return kBadInput;
    }
    return exit_code;
}
