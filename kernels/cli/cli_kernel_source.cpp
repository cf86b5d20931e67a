// SPDX-License-Identifier: GPL-3.0-or-later
// The source of an own kernel: read, named, a catalogue file made runnable (kernel_source.h).
#include "cli/kernel_source.h"

#include "cli/commands.h"
#include "model/message.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <regex>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace reducescope::cli {
namespace {

std::string trimmed(const std::string& s)
{
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    return a == std::string::npos ? std::string() : s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

} // namespace

std::string catalogue_runnable(const std::string& text, bool instantiate)
{
    std::vector<std::string> lines;
    {
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);)
            lines.push_back(l);
    }
    // math_constants.h: the prelude defines what the catalogue uses of it (CUDART_INF_F).
    static const std::regex include_line(R"(^\s*#\s*include\s*(?:"(launch|reduce_common)\.cuh"|<math_constants\.h>)\s*$)");
    bool common = false;
    for (std::string& l : lines)
        if (std::smatch m; std::regex_match(l, m, include_line)) {
            if (m[1] == "reduce_common")
                common = true;  // kept: the engine is handed the header (catalogue_headers())
            else
                l.clear();
        }
    if (!common)
        return text;
    std::size_t close = lines.size();
    for (std::size_t k = lines.size(); k-- > 0;)
        if (lines[k].rfind("} // namespace", 0) == 0) {
            close = k;
            break;
        }
    for (std::size_t k = 0; k < close; ++k)
        if (lines[k].rfind("// ---- host side", 0) == 0) {
            for (std::size_t j = k; j < close; ++j)
                if (lines[j].find_first_not_of(" \t") == std::string::npos || lines[j][lines[j].find_first_not_of(" \t")] != '#')
                    lines[j].clear();
            break;
        }
    // The text the engine compiles: what stands inside `#ifndef REDUCESCOPE_SIMT` (the toolkit-only
    // kernels and the host side) is left out, so that no instantiation names a kernel the guard
    // removed (reduce_warp.cu's grid_sync_reduce_sum).
    std::string body;
    {
        // `#if 0` (and `#if false`) hides its text from the compilers as the guard does: a template
        // kernel in it must not be instantiated (the instance would name a kernel nobody compiles).
        static const std::regex guard(R"(^\s*#\s*(?:ifndef\s+REDUCESCOPE_SIMT\b|if\s+(?:0|false)\s*(?://.*|/\*.*)?$).*)");
        static const std::regex open_if(R"(^\s*#\s*if.*)");
        static const std::regex else_(R"(^\s*#\s*(else|elif)\b.*)");
        static const std::regex endif(R"(^\s*#\s*endif\b.*)");
        int depth = 0;  // > 0: inside a guard, at this nesting of #if
        bool hidden = false;
        for (const std::string& l : lines) {
            if (depth == 0 && std::regex_match(l, guard)) {
                depth = 1;
                hidden = true;
            } else if (depth > 0 && std::regex_match(l, open_if)) {
                ++depth;
            } else if (depth == 1 && std::regex_match(l, else_)) {
                hidden = false;
            } else if (depth > 0 && std::regex_match(l, endif)) {
                if (--depth == 0)
                    hidden = false;
            } else if (!hidden) {
                body += l;
            }
            body += "\n";
        }
    }
    // The template kernels with every template parameter defaulted, and their parameter lists.
    static const std::regex kernel(
        R"(template\s*<([^<>]*)>\s*__global__\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?void\s+(\w+)\s*\(([^)]*)\))");
    std::string instances;
    for (auto it = std::sregex_iterator(body.begin(), body.end(), kernel); it != std::sregex_iterator(); ++it) {
        const std::string params = (*it)[1];
        // A kernel the source instantiates itself (`template __global__ void NAME<4>(...);`) gets
        // no second instance (Clang's "duplicate explicit instantiation").
        const std::regex own_instance(R"(template\s+(?:__global__\s+)?void\s+(?:\w+::)*)" + (*it)[2].str() + R"(\s*<)");
        if (std::regex_search(body, own_instance))
            continue;
        // A catalogue kernel's COARSE_FACTOR without a default takes the step model's (model::Params,
        // 4), as the launchers' with_coarse_factor does for the default parameters.
        static const std::regex coarse(R"(^\s*unsigned(?:\s+int)?\s+COARSE_FACTOR\s*$)");
        std::string defaulted, explicit_args;
        {
            std::istringstream tp(params);
            bool leading = true;
            for (std::string p; std::getline(tp, p, ',');) {
                const bool c = std::regex_match(p, coarse);
                defaulted += (defaulted.empty() ? "" : ",") + (c ? p + " = 4" : p);
                leading = leading && c;
                if (leading)
                    explicit_args += (explicit_args.empty() ? "" : ", ") + std::string("4");
            }
        }
        const std::size_t count = 1 + static_cast<std::size_t>(std::count(params.begin(), params.end(), ','));
        if (static_cast<std::size_t>(std::count(defaulted.begin(), defaulted.end(), '=')) != count)
            continue;
        std::string args;
        std::istringstream in((*it)[3].str());
        for (std::string a; std::getline(in, a, ',');)
            if (const std::string t = trimmed(a.substr(0, a.find('='))); !t.empty())
                args += (args.empty() ? "" : ", ") + t;
        // Each template parameter's name in the parameter types becomes its default.
        std::istringstream tp(defaulted);
        for (std::string p; std::getline(tp, p, ',');) {
            const std::string name_part = p.substr(0, p.find('='));
            static const std::regex last_word(R"((\w+)\s*$)");
            std::smatch w;
            const std::string deflt = trimmed(p.substr(p.find('=') + 1));
            if (!deflt.empty() && std::regex_search(name_part, w, last_word))
                args = std::regex_replace(args, std::regex("\\b" + w[1].str() + "\\b"), deflt);
        }
        instances += "template __global__ void " + (*it)[2].str() + "<" + explicit_args + ">(" + args + "); ";
    }
    if (!instantiate)
        instances.clear();
    if (close < lines.size())
        lines[close] = instances + lines[close];
    else
        lines.push_back(instances);
    std::string out;
    for (const std::string& l : lines)
        out += l + "\n";
    return out;
}

std::string display_name(const std::string& path) { return path == "-" ? std::string("<stdin>") : model::one_line(path); }

std::string label_from_file_name(const std::string& name)
{
    const std::string shown = model::one_line(name);
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < shown.size(); ++chars) {
        const std::size_t len = model::utf8_sequence(shown, i);
        if (chars == kMaxLabelChars - 1 && i + len < shown.size())
            return out + "\xE2\x80\xA6";
        out.append(shown, i, len);
        i += len;
    }
    return out.empty() ? std::string{"<unnamed>"} : out;
}


std::string read_source(const std::string& path)
{
    int fd = 0;
    if (path != "-") {
        fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            throw BadInput{"source: cannot read " + model::echo(path) + ": " + std::strerror(errno)};
        struct stat st {};
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd);
            throw BadInput{"source: " + model::echo(path) + " is not a regular file (a directory, FIFO or device)"};
        }
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    }
    std::string text;
    char buf[65536];
    while (text.size() < kMostSourceBytes) {
        const ssize_t got = ::read(fd, buf, std::min(sizeof buf, kMostSourceBytes - text.size()));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            const int e = errno;
            if (fd != 0)
                ::close(fd);
            throw BadInput{"source: cannot read " + model::echo(display_name(path)) + ": " + std::strerror(e)};
        }
        if (got == 0)
            break;
        text.append(buf, static_cast<std::size_t>(got));
    }
    if (fd != 0)
        ::close(fd);
    return text;
}

int number(const std::string& text, const std::string& field, int lo, int hi)
{
    std::size_t used = 0;
    long long v = -1;
    try {
        v = std::stoll(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])) || v < lo || v > hi)
        throw BadInput{field + " must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + " (got " +
                       (text.empty() ? std::string{"''"} : model::echo(text)) + ")"};
    return static_cast<int>(v);
}

} // namespace reducescope::cli
