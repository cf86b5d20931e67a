// SPDX-License-Identifier: GPL-3.0-or-later
// A child process for the Qt-free tests (they run where the GUI is off, e.g. a GPU server built
// with -DREDUCESCOPE_GUI=OFF): argv run with extra environment variables, stdin given, stdout and
// stderr captured, the exit code (-1 when it died of a signal or could not start). POSIX only.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace reducescope::test {

struct ChildRun {
    int code = -1;
    std::string out, err;
};

inline std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// Runs argv[0] (a path) with `env` added (an empty value unsets nothing: it sets ""), `input` on
/// stdin; waits for it.
inline ChildRun run_child(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env = {},
                          const std::string& input = {})
{
    char dir_template[] = "/tmp/rs-child-XXXXXX";
    const char* dir = ::mkdtemp(dir_template);
    ChildRun r;
    if (!dir)
        return r;
    const std::string in_path = std::string{dir} + "/in", out_path = std::string{dir} + "/out",
                      err_path = std::string{dir} + "/err";
    {
        std::ofstream f(in_path, std::ios::binary);
        f << input;
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
        for (const auto& [k, v] : env)
            ::setenv(k.c_str(), v.c_str(), 1);
        const int in = ::open(in_path.c_str(), O_RDONLY);
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(in, 0);
        ::dup2(out, 1);
        ::dup2(err, 2);
        std::vector<char*> a;
        std::vector<std::string> copy = argv;
        for (auto& s : copy)
            a.push_back(s.data());
        a.push_back(nullptr);
        ::execv(a[0], a.data());
        ::_exit(127);
    }
    int status = 0;
    if (pid > 0)
        ::waitpid(pid, &status, 0);
    r.code = pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    ::unlink(in_path.c_str());
    ::unlink(out_path.c_str());
    ::unlink(err_path.c_str());
    ::rmdir(dir);
    return r;
}

} // namespace reducescope::test
