// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope-cli: list | trace | bench | devices | selftest
#include "cli/commands.h"

#include <cstdio>
#include <iostream>

int main(int argc, char** argv)
{
    using namespace reducescope::cli;
    CLI::App app{"ReduceScope command line: step traces and benchmarks of CUDA parallel reduction",
                 "reducescope-cli"};
    app.require_subcommand(1);
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
        // One line, naming the field; nothing on stdout.
        std::string what = e.what();
        if (const auto nl = what.find('\n'); nl != std::string::npos)
            what.resize(nl);
        std::cerr << "reducescope-cli: " << what << " (see --help)\n";
        return kBadInput;
    } catch (const BadInput& e) {
        std::cerr << "reducescope-cli: " << e.message << '\n';
        return kBadInput;
    }
    return exit_code;
}
