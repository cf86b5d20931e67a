// SPDX-License-Identifier: GPL-3.0-or-later
// `--gpu-host`: a GPU command run on the host's reducescope-cli over ssh (remote.h has the wire;
// docs/remote.md the set-up). The local side (run_remote) and the host side (serve) are here.
#include "cli/remote.h"

#include "bench/results_file.h"
#include "cli/commands.h"
#include "cli/kernel_source.h"
#include "model/message.h"
#include "reducescope/config.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace reducescope::cli::remote {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
}

struct FileOption {
    std::string subcommand, option;
    FileKind kind;
};

std::vector<FileOption>& file_options()
{
    // "kernel bench": a nested subcommand is named by both words. Its source travels inside the
    // request (never a path on the host); the host writes it into the run's private folder.
    static std::vector<FileOption> table{{"bench", "--json", FileKind::Output},
                                         {"kernel bench", "--source", FileKind::Input},
                                         {"kernel bench", "--json", FileKind::Output}};
    return table;
}

/// Writes all of `s` to `fd` (blocking); false on an error (EPIPE: the other side went away).
bool write_all(int fd, std::string_view s)
{
    while (!s.empty()) {
        const ssize_t n = ::write(fd, s.data(), s.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        s.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

/// Reads what is there on `fd` into `buf`; false at the end or on an error.
bool read_some(int fd, std::string& buf)
{
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf.append(chunk, static_cast<std::size_t>(n));
        return true;
    }
}

std::string read_whole_file(const std::string& path, bool& ok)
{
    std::ifstream in(path, std::ios::binary);
    ok = static_cast<bool>(in);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string this_user()
{
    if (const passwd* pw = ::getpwuid(::getuid()); pw && pw->pw_name)
        return pw->pw_name;
    const char* u = std::getenv("USER");
    return u && *u ? u : "uid " + std::to_string(::getuid());
}

std::string this_hostname()
{
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0)
        return "unknown";
    return name;
}

/// The last line of `text` that is not empty, trimmed.
std::string last_line(const std::string& text)
{
    std::istringstream in(text);
    std::string line, last;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (!line.empty())
            last = line;
    }
    return last;
}

bool contains(const std::string& text, std::string_view what)
{
    return text.find(what) != std::string::npos;
}

// ---- the local side ------------------------------------------------------------------------------

/// A started ssh with its three pipes.
struct Ssh {
    pid_t pid = -1;
    int in = -1, out = -1, err = -1;
};

/// Starts argv with pipes on stdin, stdout and stderr; the child dies with this process
/// (PR_SET_PDEATHSIG), so a killed reducescope-cli closes its connection and the host stops.
Ssh spawn(const std::vector<std::string>& argv)
{
    int in[2], out[2], err[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string{"pipe: "} + std::strerror(errno));
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0)
        throw std::runtime_error(std::string{"fork: "} + std::strerror(errno));
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent)
            ::_exit(127);
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        std::vector<char*> a;
        for (const auto& s : argv)
            a.push_back(const_cast<char*>(s.c_str()));
        a.push_back(nullptr);
        ::signal(SIGPIPE, SIG_DFL);
        ::execvp(a[0], a.data());
        const std::string msg = "cannot start " + argv[0] + ": " + std::strerror(errno) + "\n";
        (void)!::write(2, msg.data(), msg.size());
        ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    return {pid, in[1], out[0], err[0]};
}

int wait_exit(pid_t pid)
{
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/// One line naming the host and what to do, from what ssh (or the host's shell) said before the
/// handshake. `code` is ssh's exit status.
std::string explain_failure(const Options& o, const std::string& said, int code)
{
    const std::string h = o.dest.host;
    const std::string at = o.dest.text();
    // As ssh and ssh-copy-id take it: "-p 2222 alice@gpu1".
    const std::string login = (o.dest.port ? "-p " + std::to_string(*o.dest.port) + " " : std::string{}) +
                              (o.dest.user.empty() ? "" : o.dest.user + "@") + o.dest.host;
    const std::string port = o.dest.port ? std::to_string(*o.dest.port) : std::string{"22"};
    if (contains(said, "Could not resolve hostname") || contains(said, "Name or service not known") ||
        contains(said, "nodename nor servname"))
        return "unknown host " + h + ": check the name in --gpu-host (or its Host entry in ~/.ssh/config)";
    if (contains(said, "Connection refused"))
        return h + " refused the connection on port " + port +
               ": is sshd running there, and is the port right? (--gpu-host " + h + ":PORT)";
    if (contains(said, "REMOTE HOST IDENTIFICATION HAS CHANGED") || contains(said, "Host key for") ||
        contains(said, "host key has changed"))
        return "the host key of " + h + " has changed: ask its admin whether that is expected, then remove the old key with `ssh-keygen -R " + (o.dest.port ? "'[" + h + "]:" + port + "'" : h) + "`";
    if (contains(said, "Host key verification failed") || contains(said, "host key is known for"))
        return "the host key of " + h + " is not known here: connect once with `ssh " + login +
               "` and check and accept its key (a run never accepts one itself)";
    if (contains(said, "Permission denied") || contains(said, "Too many authentication failures"))
        return h + " refused the login" + (o.dest.user.empty() ? std::string{} : " of " + o.dest.user) +
               ": put your public key in ~/.ssh/authorized_keys there (`ssh-copy-id " + login +
               "`); passwords are never asked (BatchMode)";
    if (contains(said, "timed out") || contains(said, "Timeout"))
        return "no answer from " + h + " (port " + port + ") within 10 s: check the name, the network or the VPN";
    if (contains(said, "No route to host") || contains(said, "Network is unreachable"))
        return h + " cannot be reached (" + last_line(said) + "): check the network or the VPN";
    if (code == 127 || contains(said, "not found") || contains(said, "No such file"))
        return h + " has no reducescope-cli at '" + o.host_cli +
               "': install the reducescope package there (docs/remote.md), or give its path with --gpu-host-cli";
    if (code == 126 || contains(said, "Permission denied"))
        return "'" + o.host_cli + "' on " + h + " cannot be run (" + last_line(said) +
               "): give the path of the host's reducescope-cli with --gpu-host-cli";
    if (contains(said, "Connection closed") || contains(said, "closed by remote host") ||
        contains(said, "Connection reset") || contains(said, "Broken pipe"))
        return "the connection to " + h + " was closed before the run started (" + last_line(said) + "): try again";
    const std::string l = last_line(said);
    return "ssh to " + at + " failed" + (l.empty() ? " (exit " + std::to_string(code) + ")" : ": " + l) +
           "; check that `ssh " + login + " true` works without a password";
}

/// The host's version, asked when its CLI does not know `remote-serve` (an older one).
std::string ask_version(const Options& o, const std::string& dir)
{
    const Ssh s = spawn(ssh_argv(o, dir, remote_shell_command(o, "--version")));
    ::close(s.in);
    std::string out, err;
    pollfd fds[2] = {{s.out, POLLIN, 0}, {s.err, POLLIN, 0}};
    int open = 2;
    const auto t0 = Clock::now();
    while (open > 0 && seconds_since(t0) < 15) {
        if (::poll(fds, 2, 500) <= 0)
            continue;
        for (int i = 0; i < 2; ++i)
            if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR))) {
                if (!read_some(fds[i].fd, i == 0 ? out : err)) {
                    ::close(fds[i].fd);
                    fds[i].fd = -1;
                    --open;
                }
            }
    }
    ::kill(s.pid, SIGTERM);
    wait_exit(s.pid);
    for (auto& f : fds)
        if (f.fd >= 0)
            ::close(f.fd);
    std::string v = last_line(out);
    const std::string prefix = "reducescope-cli ";
    if (v.rfind(prefix, 0) == 0)
        v = v.substr(prefix.size());
    return v.empty() ? std::string{"an unknown version"} : v;
}

std::string mismatch_line(const Options& o, const std::string& host_version, const std::string& host_schema)
{
    return o.dest.host + " runs reducescope-cli " + host_version + " (results schema " + host_schema +
           "), this computer " + REDUCESCOPE_VERSION + " (results schema " + std::to_string(bench::kResultsVersion) +
           "): install reducescope " + REDUCESCOPE_VERSION + " on " + o.dest.host +
           " (docs/remote.md), or give a matching one with --gpu-host-cli";
}

/// The names here of the input files of the run going on (kernel bench's --source): the host
/// writes input k as PRIVATE_FOLDER/input-k and its messages name that path.
std::vector<std::string>& input_names()
{
    static std::vector<std::string> names;
    return names;
}

/// `line` with each host path of an input file ("/tmp/reducescope-remote-XXXXXX/input-K") as the
/// file is named here.
std::string local_names(std::string line)
{
    static const std::string folder = "/tmp/reducescope-remote-";
    for (std::size_t at = line.find(folder); at != std::string::npos; at = line.find(folder, at + 1)) {
        std::size_t p = at + folder.size();
        while (p < line.size() && p - at - folder.size() < 6 && std::isalnum(static_cast<unsigned char>(line[p])))
            ++p;
        if (line.compare(p, 7, "/input-") != 0)
            continue;
        std::size_t q = p + 7, k = 0;
        while (q < line.size() && std::isdigit(static_cast<unsigned char>(line[q])) && q - p < 12)
            k = k * 10 + static_cast<std::size_t>(line[q++] - '0');
        if (q == p + 7 || k >= input_names().size())
            continue;
        line.replace(at, q - at, input_names()[k]);
    }
    return line;
}

/// A line of the host's stderr as "reducescope-cli: HOST: ...", made one line (a host may say
/// anything: escape sequences, bytes that are not UTF-8), its private paths named as here.
void print_host_line(const Options& o, const std::string& line)
{
    static const std::string mine = "reducescope-cli: ";
    const std::string text = line.rfind(mine, 0) == 0 ? line.substr(mine.size()) : line;
    std::cerr << "reducescope-cli: " << o.dest.host << ": " << model::one_line(local_names(text)) << '\n';
    std::cerr.flush();
}

/// j[key] when it is a string, else `fallback` (a host's answer is checked, never trusted).
std::string string_of(const json& j, const char* key, const std::string& fallback)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

/// j[key] when it is an integer in lo..hi, else nullopt.
std::optional<long long> integer_of(const json& j, const char* key, long long lo, long long hi)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return std::nullopt;
    const long long v = it->get<long long>();
    return v >= lo && v <= hi ? std::optional<long long>(v) : std::nullopt;
}

} // namespace

// ---- parsing and quoting -------------------------------------------------------------------------

std::string Destination::text() const
{
    std::string s = user.empty() ? host : user + "@" + host;
    if (host.find(':') != std::string::npos)
        s = (user.empty() ? "" : user + "@") + "[" + host + "]";
    if (port)
        s += ":" + std::to_string(*port);
    return s;
}

Destination parse_destination(std::string_view dest)
{
    const std::string allowed = "[user@]host[:port]: user and host of letters, digits, '.', '_' and '-', port 1..65535";
    auto bad = [&](const std::string& why) {
        throw BadInput{"--gpu-host: " + why + " (expected " + allowed + "; got " + model::echo(std::string{dest}) + ")"};
    };
    Destination d;
    std::string_view rest = dest;
    if (rest.empty())
        bad("empty");
    if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
        d.user = std::string{rest.substr(0, at)};
        rest.remove_prefix(at + 1);
        if (d.user.empty())
            bad("no user before '@'");
        if (!std::all_of(d.user.begin(), d.user.end(), name_char) || d.user.front() == '-')
            bad("the user '" + model::echo(d.user) + "' holds a character a user name cannot");
    }
    std::string_view port_text;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos)
            bad("'[' without ']'");
        d.host = std::string{rest.substr(1, close - 1)};
        if (d.host.empty() || !std::all_of(d.host.begin(), d.host.end(), [](char c) {
                return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
            }))
            bad("'" + model::echo(d.host) + "' is not an IPv6 address");
        rest.remove_prefix(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':')
                bad("text after ']'");
            port_text = rest.substr(1);
            if (port_text.empty())
                bad("no port after ':'");
        }
    } else {
        const auto colon = rest.find(':');
        d.host = std::string{rest.substr(0, colon)};
        if (colon != std::string_view::npos) {
            port_text = rest.substr(colon + 1);
            if (port_text.empty())
                bad("no port after ':'");
        }
        if (d.host.empty())
            bad("no host");
        if (d.host.front() == '-' || !std::all_of(d.host.begin(), d.host.end(), name_char))
            bad("the host '" + model::echo(d.host) + "' holds a character a host name cannot");
        if (d.host.size() > 253)  // RFC 1035: a name of at most 253 characters
            bad("the host is " + std::to_string(d.host.size()) + " characters long, more than a host name's 253");
    }
    if (!port_text.empty()) {
        if (port_text.size() > 5 || !std::all_of(port_text.begin(), port_text.end(), [](char c) { return c >= '0' && c <= '9'; }))
            bad("the port '" + model::echo(std::string{port_text}) + "' is not a number");
        const int p = std::stoi(std::string{port_text});
        if (p < 1 || p > 65535)
            bad("the port " + std::to_string(p) + " is outside 1..65535");
        d.port = p;
    }
    return d;
}

std::string shell_quote(std::string_view s)
{
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

std::vector<std::string> split_srun(std::string_view options)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : options) {
        if (c == ' ' || c == '\t') {
            if (!cur.empty())
                out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(std::move(cur));
    return out;
}

std::string remote_shell_command(const Options& o, std::string_view subcommand)
{
    std::string c = "exec";
    if (o.srun_given) {
        c += " srun";
        for (const auto& s : o.srun)
            c += " " + shell_quote(s);
    }
    c += " " + shell_quote(o.host_cli) + " " + std::string{subcommand};
    return c;
}

std::vector<std::string> ssh_argv(const Options& o, const std::string& dir, const std::string& command)
{
    const char* prog = std::getenv("REDUCESCOPE_SSH");
    std::vector<std::string> a{prog && *prog ? prog : "ssh", "-T", "-x", "-a", "-o", "BatchMode=yes", "-o",
                               "ConnectTimeout=10", "-o", "ServerAliveInterval=3", "-o", "ServerAliveCountMax=3"};
    if (const char* cfg = std::getenv("REDUCESCOPE_SSH_CONFIG"); cfg && *cfg) {
        a.push_back("-F");
        a.push_back(cfg);
    }
    if (!dir.empty()) {
        a.insert(a.end(), {"-o", "ControlMaster=auto", "-o", "ControlPath=" + dir + "/%C", "-o", "ControlPersist=600"});
    }
    if (o.dest.port) {
        a.push_back("-p");
        a.push_back(std::to_string(*o.dest.port));
    }
    if (!o.dest.user.empty()) {
        a.push_back("-l");
        a.push_back(o.dest.user);
    }
    a.push_back("--");
    a.push_back(o.dest.host);
    a.push_back(command);
    return a;
}

std::string control_dir()
{
    std::string dir;
    if (const char* d = std::getenv("REDUCESCOPE_SSH_CONTROL_DIR"); d && *d)
        dir = d;
    else if (const char* x = std::getenv("XDG_RUNTIME_DIR"); x && *x)
        dir = std::string{x} + "/reducescope-ssh";
    else
        dir = "/tmp/reducescope-ssh-" + std::to_string(::getuid());
    ::mkdir(dir.c_str(), 0700);
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::getuid() || (st.st_mode & 077) != 0)
        return {};
    // A unix socket path holds at most 107 bytes; %C is 40 hex digits.
    if (dir.size() + 42 > 104)
        return {};
    return dir;
}

// ---- the options ---------------------------------------------------------------------------------

void add_remote_options(CLI::App& sub)
{
    sub.add_option("--gpu-host", "Run it on this GPU host over ssh: [user@]host[:port] (user and host of letters, digits, "
                                 "'.', '_', '-'; port 1..65535; an ~/.ssh/config alias works; docs/remote.md)")
        ->type_name("DEST");
    sub.add_option("--gpu-host-cli", "With --gpu-host: the path of reducescope-cli on the host, any text (default: "
                                     "reducescope-cli on the host's PATH)")
        ->type_name("PATH");
    sub.add_option("--srun", "With --gpu-host: run it through Slurm on the host as `srun OPTIONS ...`, OPTIONS split "
                             "on spaces, no shell (e.g. \"--partition gpu --gres gpu:1 --time 10\")")
        ->type_name("OPTIONS");
}

void add_file_option(const std::string& subcommand, const std::string& option, FileKind kind)
{
    file_options().push_back({subcommand, option, kind});
}

std::optional<int> run_if_remote(CLI::App& app, int argc, const char* const* argv)
{
    int sub_at = 0;
    CLI::App* sub = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (argv[i][0] == '-')
            continue;
        for (CLI::App* s : app.get_subcommands(std::function<bool(CLI::App*)>{}))
            if (s->get_name() == argv[i])
                sub = s;
        sub_at = i;
        break;
    }
    // A family (`kernel`): the word after it names the subcommand (`kernel bench`).
    std::vector<std::string> args;
    if (sub && !sub->get_subcommands(std::function<bool(CLI::App*)>{}).empty()) {
        CLI::App* nested = nullptr;
        for (int i = sub_at + 1; i < argc && !nested; ++i) {
            if (argv[i][0] == '-')
                continue;
            for (CLI::App* s : sub->get_subcommands(std::function<bool(CLI::App*)>{}))
                if (s->get_name() == argv[i])
                    nested = s;
            if (!nested)
                return std::nullopt;
            args.push_back(argv[sub_at]);
            sub_at = i;
        }
        sub = nested;
    }
    if (!sub || !sub->get_option_no_throw("--gpu-host"))
        return std::nullopt;
    std::optional<std::string> host, cli, srun;
    args.push_back(argv[sub_at]);
    for (int i = sub_at + 1; i < argc; ++i) {
        const std::string a = argv[i];
        bool taken = false;
        for (auto [name, slot] : {std::pair{"--gpu-host", &host}, {"--gpu-host-cli", &cli}, {"--srun", &srun}}) {
            const std::string n = name;
            if (a == n || a.rfind(n + "=", 0) == 0) {
                if (*slot)
                    throw BadInput{n + " is given twice: give it once"};
                if (a == n) {
                    if (i + 1 >= argc)
                        throw BadInput{n + " needs a value"};
                    *slot = argv[++i];
                } else {
                    *slot = a.substr(n.size() + 1);
                }
                taken = true;
                break;
            }
        }
        if (!taken)
            args.push_back(a);
    }
    if (!host) {
        if (cli)
            throw BadInput{"--gpu-host-cli needs --gpu-host: the host whose reducescope-cli it names"};
        if (srun)
            throw BadInput{"--srun needs --gpu-host: the host where Slurm's srun runs"};
        return std::nullopt;
    }
    Options o;
    o.dest = parse_destination(*host);
    if (cli) {
        if (cli->empty())
            throw BadInput{"--gpu-host-cli: expected the path of reducescope-cli on the host, got an empty text"};
        o.host_cli = *cli;
    }
    if (srun) {
        o.srun = split_srun(*srun);
        o.srun_given = true;
    }
    return run_remote(o, std::move(args));
}

std::vector<int> gpus_used(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] == "devices")
        return {};
    auto value = [&](const std::string& name) -> std::optional<std::string> {
        for (std::size_t i = 1; i < args.size(); ++i) {
            if (args[i] == name && i + 1 < args.size())
                return args[i + 1];
            if (args[i].rfind(name + "=", 0) == 0)
                return args[i].substr(name.size() + 1);
        }
        return std::nullopt;
    };
    if (args[0] == "trace" && std::find(args.begin(), args.end(), "--on-gpu") == args.end())
        return {};
    auto number = [](const std::optional<std::string>& s, int fallback) {
        if (!s || s->empty() || s->size() > 3 || !std::all_of(s->begin(), s->end(), ::isdigit))
            return fallback;  // the command itself refuses it, naming the option
        return std::stoi(*s);
    };
    if (const auto g = value("--gpus")) {
        std::vector<int> all;
        for (int i = 0; i < std::min(number(g, 1), 64); ++i)
            all.push_back(i);
        return all;
    }
    return {std::min(number(value("--device"), 0), 63)};
}

// ---- the local side ------------------------------------------------------------------------------

int run_remote(const Options& o, std::vector<std::string> args)
{
    const std::string h = o.dest.host;
    // The request: files of the file options travel inside it.
    json req = {{"protocol", kProtocol},
                {"version", REDUCESCOPE_VERSION},
                {"schema", bench::kResultsVersion},
                {"stdin", nullptr}};
    json inputs = json::array(), outputs = json::array();
    std::vector<std::string> output_paths;
    // The subcommand as file_options() names it: "bench", or a family's "kernel bench".
    const std::size_t first_option = args.size() > 1 && args[0] == "kernel" ? 2 : 1;
    const std::string subcommand = first_option == 2 ? args[0] + " " + args[1] : args[0];
    std::optional<std::string> source_path;  // kernel bench --source, for the row's label
    for (std::size_t i = first_option; i < args.size(); ++i) {
        for (const FileOption& f : file_options()) {
            if (f.subcommand != subcommand)
                continue;
            std::size_t value_at = 0;
            if (args[i] == f.option && i + 1 < args.size()) {
                value_at = i + 1;
            } else if (args[i].rfind(f.option + "=", 0) == 0) {
                args.insert(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args[i].substr(f.option.size() + 1));
                args[i] = f.option;
                value_at = i + 1;
            }
            if (!value_at)
                continue;
            const std::string path = args[value_at];
            if (f.kind == FileKind::Output) {
                // Checked here, before the host runs: the file is written here at the end, and a
                // run on the host's GPU must not be lost to a folder that is missing here.
                if (f.option == "--json")
                    check_json_path(path);
                outputs.push_back(value_at);
                output_paths.push_back(path);
            } else {
                // As the command reads it here: a regular file or stdin, at most kMostSourceBytes
                // (a folder, FIFO or device refused naming it, /dev/zero not read for ever).
                if (f.option == "--source")
                    source_path = path;
                inputs.push_back({{"arg", value_at}, {"text", read_source(path)}});
                input_names().push_back(display_name(path));
            }
            i = value_at;
            break;
        }
    }
    // kernel bench: the host sees the source as a file of its private folder; the row keeps the
    // name of the file here (its --label), unless one was given.
    if (source_path && std::find(args.begin(), args.end(), "--label") == args.end() &&
        std::none_of(args.begin(), args.end(), [](const std::string& a) { return a.rfind("--label=", 0) == 0; })) {
        const std::size_t slash = source_path->find_last_of('/');
        args.push_back("--label");
        args.push_back(*source_path == "-" ? std::string{"<stdin>"}
                                           : label_from_file_name(slash == std::string::npos ? *source_path
                                                                                             : source_path->substr(slash + 1)));
    }
    req["args"] = args;
    req["inputs"] = inputs;
    req["outputs"] = outputs;
    std::string request;
    try {
        request = req.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    } catch (const std::exception& e) {
        throw BadInput{std::string{"the request for "} + h + " cannot be written: " + e.what()};
    }

    ::signal(SIGPIPE, SIG_IGN);
    const std::string dir = control_dir();
    Ssh s;
    try {
        s = spawn(ssh_argv(o, dir, remote_shell_command(o)));
    } catch (const std::exception& e) {
        std::cerr << "reducescope-cli: cannot start ssh for " << h << ": " << e.what() << '\n';
        return kHostError;
    }
    bool stdin_ok = write_all(s.in, request);

    std::string out, err, before;  // before: stderr up to the handshake
    bool hello = false, ended = false;
    int remote_exit = 0, remote_signal = 0;
    json trailer;
    std::optional<std::string> failure;
    pollfd fds[2] = {{s.out, POLLIN, 0}, {s.err, POLLIN, 0}};
    int open = 2;
    const auto t0 = Clock::now();
    auto beat = Clock::now();

    auto handle_out_line = [&](std::string line) {
        if (!hello) {
            json j = json::parse(line, nullptr, false);
            if (j.is_discarded() || !j.is_object() || j.value("type", "") != "remote_hello") {
                failure = h + ": '" + o.host_cli + "' did not answer the handshake (it said " +
                          model::echo(line.substr(0, 200)) + "): is it reducescope-cli? give its path with --gpu-host-cli";
                return;
            }
            hello = true;
            const std::string v = model::echo(string_of(j, "version", "?"));
            const std::string sch = j.contains("schema") ? model::echo(j["schema"].dump(-1, ' ', false, json::error_handler_t::replace)) : "?";
            const auto ok = j.find("ok");
            if (ok == j.end() || !ok->is_boolean() || !ok->get<bool>() || v != REDUCESCOPE_VERSION ||
                integer_of(j, "schema", 0, 1 << 30) != bench::kResultsVersion || integer_of(j, "protocol", 0, 1 << 30) != kProtocol)
                failure = mismatch_line(o, v, sch);
            trailer["hostname"] = string_of(j, "hostname", "");
            return;
        }
        if (line.rfind("{\"type\":\"remote_end\"", 0) == 0) {
            json j = json::parse(line, nullptr, false);
            if (!j.is_discarded() && j.is_object()) {
                ended = true;
                // An exit code is 0..255 and a signal 0..127; the outputs a list of texts, one per
                // output file asked for: anything else is not an answer of reducescope-cli.
                const std::optional<long long> code = integer_of(j, "exit", 0, 255);
                const std::optional<long long> sig = integer_of(j, "signal", 0, 127);
                const auto outs = j.find("outputs");
                const bool outs_ok = outs != j.end() && outs->is_array() &&
                                     (code != 0 || (outs->size() == output_paths.size() &&
                                                    std::all_of(outs->begin(), outs->end(), [](const json& x) { return x.is_string(); })));
                if (!code || !sig || !outs_ok) {
                    failure = h + " ended the run with an answer reducescope-cli does not give (" +
                              model::echo(line.substr(0, 120)) + "): is '" + o.host_cli +
                              "' reducescope-cli? give its path with --gpu-host-cli";
                    return;
                }
                remote_exit = static_cast<int>(*code);
                remote_signal = static_cast<int>(*sig);
                trailer["outputs"] = *outs;
                return;
            }
        }
        // Each line is printed as it comes. A last line the command left without its newline
        // arrives with one (newline_added in the trailer): a line reader sees the same lines.
        std::cout << line << '\n';
        std::cout.flush();
    };

    while (open > 0) {
        const int timeout_ms = 250;
        ::poll(fds, 2, timeout_ms);
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            std::string& buf = i == 0 ? out : err;
            if (!read_some(fds[i].fd, buf)) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
            for (auto nl = buf.find('\n'); nl != std::string::npos; nl = buf.find('\n')) {
                std::string line = buf.substr(0, nl);
                buf.erase(0, nl + 1);
                if (i == 0) {
                    if (!failure)
                        handle_out_line(std::move(line));
                } else if (hello && !failure) {
                    print_host_line(o, line);
                } else {
                    before += line + "\n";
                    if (line.rfind("srun: ", 0) == 0)  // Slurm's queue state while the job waits
                        print_host_line(o, line);
                }
            }
        }
        if (failure)
            break;
        if (seconds_since(beat) >= 1.0) {
            beat = Clock::now();
            if (stdin_ok)
                stdin_ok = write_all(s.in, "\n");
        }
        if (!hello && !o.srun_given && seconds_since(t0) > 20) {
            failure = h + " did not answer within 20 s (" + (last_line(before).empty() ? "nothing said" : last_line(before)) +
                      "): check that `ssh " + o.dest.text() + " " + o.host_cli + " --version` answers";
            break;
        }
    }
    if (!out.empty() && hello && !failure && !ended)
        std::cout << out, std::cout.flush();  // the last, unfinished line of a lost run
    if (!err.empty() && hello && !failure)
        print_host_line(o, err);
    ::close(s.in);
    if (failure || open > 0)
        ::kill(s.pid, SIGTERM);
    for (auto& f : fds)
        if (f.fd >= 0)
            ::close(f.fd);
    const int ssh_code = wait_exit(s.pid);

    if (failure) {
        std::cerr << "reducescope-cli: " << model::one_line(*failure) << '\n';
        return kHostError;
    }
    if (!hello) {
        // An older reducescope-cli answers "unknown subcommand 'remote-serve'" (exit 2).
        if (contains(before, "remote-serve") && (contains(before, "unknown subcommand") || contains(before, "remote-serve")) &&
            ssh_code == 2) {
            std::cerr << "reducescope-cli: " << model::one_line(mismatch_line(o, ask_version(o, dir), "unknown")) << '\n';
            return kHostError;
        }
        std::cerr << "reducescope-cli: " << model::one_line(explain_failure(o, before, ssh_code)) << '\n';
        return kHostError;
    }
    if (!ended) {
        std::cerr << "reducescope-cli: the connection to " << h
                  << " was lost mid-run (the lines received so far were printed; the run is incomplete and the host "
                     "stopped it): check the network and run it again\n";
        return kHostError;
    }
    if (remote_signal != 0) {
        std::cerr << "reducescope-cli: " << h << ": the run ended by signal " << remote_signal << '\n';
        return kFailure;
    }
    // The output files: written here, with the host recorded in a results file.
    const json& outs = trailer["outputs"];
    for (std::size_t k = 0; k < output_paths.size() && k < outs.size(); ++k) {
        if (!outs[k].is_string())
            continue;
        std::string text = outs[k].get<std::string>();
        try {
            bench::ResultsFile f = bench::read_results(text);
            f.gpu_host = o.dest.text();
            if (const std::string hn = string_of(trailer, "hostname", ""); !hn.empty())
                f.gpu_hostname = hn;
            bench::write_results_file(output_paths[k], f);
        } catch (const bench::SchemaError&) {
            std::ofstream f(output_paths[k], std::ios::binary | std::ios::trunc);
            f << text;
            if (!f) {
                std::cerr << "reducescope-cli: cannot write " << output_paths[k] << '\n';
                return kOutputError;
            }
        } catch (const std::runtime_error& e) {
            std::cerr << "reducescope-cli: " << e.what() << '\n';
            return kOutputError;
        }
    }
    return remote_exit;
}

// ---- the host side -------------------------------------------------------------------------------

namespace {

/// The lock of one GPU: a file in the lock folder, flock'ed while a run uses that GPU; it holds
/// "USER EPOCH_SECONDS PID HOSTNAME" of the run that has it.
struct GpuLock {
    std::string id;   ///< the GPU as the host knows it (CUDA_VISIBLE_DEVICES mapped)
    std::string path;
    int fd = -1;
};

/// The physical GPU behind index `i` (Slurm and CUDA_VISIBLE_DEVICES renumber them).
std::string physical_gpu(int i)
{
    const char* v = std::getenv("CUDA_VISIBLE_DEVICES");
    if (!v || !*v)
        return std::to_string(i);
    std::vector<std::string> ids;
    std::stringstream ss(v);
    for (std::string id; std::getline(ss, id, ',');)
        ids.push_back(id);
    if (i < 0 || static_cast<std::size_t>(i) >= ids.size())
        return std::to_string(i);
    std::string id = ids[static_cast<std::size_t>(i)];
    for (char& c : id)
        if (!name_char(c))
            c = '_';
    return id;
}

/// Opens (or creates, 0666 so that every user of the host can take it) the lock file. In a
/// sticky /tmp a file of another user cannot be opened with O_CREAT (fs.protected_regular), so
/// it is opened first without.
int open_lock_file(const std::string& path)
{
    int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0 && errno == ENOENT) {
        fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd >= 0)
            ::fchmod(fd, 0666);
        else if (errno == EEXIST)
            fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    }
    return fd;
}

/// "alice since 10:02" from the lock file's text.
std::string holder_text(int fd)
{
    char buf[512] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return "another run";
    std::istringstream in(std::string(buf, static_cast<std::size_t>(n)));
    std::string user;
    long long since = 0;
    in >> user >> since;
    if (user.empty())
        return "another run";
    const std::time_t t = static_cast<std::time_t>(since);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    char hm[16];
    std::strftime(hm, sizeof hm, "%H:%M", &tm);
    return user + " since " + hm;
}

void print_err(const std::string& line)
{
    write_all(2, "reducescope-cli: " + line + "\n");
}

} // namespace

int serve(const std::string& child, const std::string& lock_dir)
{
    ::signal(SIGPIPE, SIG_IGN);
    if (struct stat st {}; lock_dir.empty() || ::stat(lock_dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        print_err("remote-serve: --lock-dir must be an existing folder (got " + model::echo(lock_dir) + ")");
        return kBadInput;
    }
    std::string in;
    const auto t0 = Clock::now();
    std::size_t nl = std::string::npos;
    while ((nl = in.find('\n')) == std::string::npos) {
        pollfd p{0, POLLIN, 0};
        if (seconds_since(t0) > 30) {
            print_err("remote-serve: no request on stdin within 30 s (this command is what `--gpu-host` runs)");
            return kBadInput;
        }
        if (::poll(&p, 1, 500) > 0 && !read_some(0, in)) {  // the other side went away before asking
            print_err("remote-serve: stdin ended before a request (this command is what `--gpu-host` runs)");
            return kBadInput;
        }
        if (in.size() > (std::size_t{256} << 20)) {
            print_err("remote-serve: the request is over 256 MiB");
            return kBadInput;
        }
    }
    json req = json::parse(in.substr(0, nl), nullptr, false);
    in.erase(0, nl + 1);
    const bool ok = req.is_object() && req.value("protocol", -1) == kProtocol &&
                    req.value("version", std::string{}) == REDUCESCOPE_VERSION &&
                    req.value("schema", -1) == bench::kResultsVersion && req.contains("args") && req["args"].is_array();
    json hello = {{"type", "remote_hello"}, {"protocol", kProtocol}, {"version", REDUCESCOPE_VERSION},
                  {"schema", bench::kResultsVersion}, {"hostname", this_hostname()}, {"ok", ok}};
    if (!write_all(1, hello.dump() + "\n") || !ok)
        return ok ? kFailure : kBadInput;

    std::vector<std::string> args;
    for (const auto& a : req["args"])
        args.push_back(a.is_string() ? a.get<std::string>() : a.dump());

    // Files: inputs written into a private folder, outputs pointed there.
    std::string tmp;
    const bool files = (req.contains("inputs") && !req["inputs"].empty()) || (req.contains("outputs") && !req["outputs"].empty());
    if (files) {
        char templ[] = "/tmp/reducescope-remote-XXXXXX";
        if (!::mkdtemp(templ)) {
            print_err("cannot make a folder under /tmp: " + std::string{std::strerror(errno)});
            return kOutputError;
        }
        tmp = templ;
    }
    std::vector<std::string> output_files;
    int file_no = 0;
    for (const auto& i : req.value("inputs", json::array())) {
        const std::size_t at = i.value("arg", std::size_t{0});
        if (at == 0 || at >= args.size())
            continue;
        const std::string path = tmp + "/input-" + std::to_string(file_no++);
        std::ofstream f(path, std::ios::binary);
        f << i.value("text", std::string{});
        args[at] = path;
    }
    for (const auto& i : req.value("outputs", json::array())) {
        const std::size_t at = i.is_number_unsigned() ? i.get<std::size_t>() : 0;
        if (at == 0 || at >= args.size())
            continue;
        args[at] = tmp + "/output-" + std::to_string(file_no++) + ".json";
        output_files.push_back(args[at]);
    }
    auto cleanup = [&] {
        if (tmp.empty())
            return;
        for (const auto& f : output_files)
            ::unlink(f.c_str());
        for (int k = 0; k < file_no; ++k)
            ::unlink((tmp + "/input-" + std::to_string(k)).c_str());
        ::rmdir(tmp.c_str());
    };

    // stdin after the request: heartbeats; its end (or a silence) stops everything.
    auto last_beat = Clock::now();
    bool gone = false;
    auto listen = [&](int wait_ms, pollfd* extra, int n_extra) {
        std::vector<pollfd> p{{0, POLLIN, 0}};
        p.insert(p.end(), extra, extra + n_extra);
        ::poll(p.data(), static_cast<nfds_t>(p.size()), wait_ms);
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            std::string junk;
            if (!read_some(0, junk))
                gone = true;
            else
                last_beat = Clock::now();
        }
        if (seconds_since(last_beat) > kHeartbeatTimeoutS)
            gone = true;
        for (int k = 0; k < n_extra; ++k)
            extra[k].revents = p[static_cast<std::size_t>(k) + 1].revents;
    };

    // The locks, all or none (in order, never holding some while waiting for another).
    std::vector<GpuLock> locks;
    for (int g : gpus_used(args)) {
        GpuLock l;
        l.id = physical_gpu(g);
        l.path = lock_dir + "/reducescope-gpu-" + l.id + ".lock";
        locks.push_back(l);
    }
    std::sort(locks.begin(), locks.end(), [](const GpuLock& a, const GpuLock& b) { return a.id < b.id; });
    std::string last_said;
    for (;;) {
        bool all = true;
        for (GpuLock& l : locks) {
            if (l.fd < 0)
                l.fd = open_lock_file(l.path);
            if (l.fd < 0) {
                print_err("cannot open the GPU lock " + l.path + ": " + std::strerror(errno) +
                          " (the host's admin: make it writable for everyone, docs/remote.md)");
                cleanup();
                return kFailure;
            }
            if (::flock(l.fd, LOCK_EX | LOCK_NB) != 0) {
                const std::string said = "waiting for GPU " + l.id + ", held by " + holder_text(l.fd);
                if (said != last_said)
                    print_err(said);
                last_said = said;
                all = false;
                break;
            }
        }
        if (all)
            break;
        for (GpuLock& l : locks)
            ::flock(l.fd, LOCK_UN);
        listen(250, nullptr, 0);
        if (gone) {
            cleanup();
            return kFailure;
        }
    }
    const std::string holder = this_user() + " " + std::to_string(static_cast<long long>(std::time(nullptr))) + " " +
                               std::to_string(::getpid()) + " " + this_hostname() + "\n";
    for (GpuLock& l : locks) {
        if (::ftruncate(l.fd, 0) == 0)
            (void)!::pwrite(l.fd, holder.data(), holder.size(), 0);
    }

    // The command, in its own process group.
    int cin[2], cout[2], cerr[2];
    if (::pipe2(cin, O_CLOEXEC) != 0 || ::pipe2(cout, O_CLOEXEC) != 0 || ::pipe2(cerr, O_CLOEXEC) != 0) {
        print_err(std::string{"pipe: "} + std::strerror(errno));
        cleanup();
        return kFailure;
    }
    std::string program = child;
    if (program.empty()) {
        char self[4096] = {};
        const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
        program = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : "reducescope-cli";
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        print_err(std::string{"fork: "} + std::strerror(errno));
        cleanup();
        return kFailure;
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        ::dup2(cin[0], 0);
        ::dup2(cout[1], 1);
        ::dup2(cerr[1], 2);
        ::signal(SIGPIPE, SIG_DFL);
        std::vector<std::string> argv_s{program};
        argv_s.insert(argv_s.end(), args.begin(), args.end());
        std::vector<char*> a;
        for (auto& s : argv_s)
            a.push_back(s.data());
        a.push_back(nullptr);
        ::execv(program.c_str(), a.data());
        const std::string msg = "reducescope-cli: cannot start " + program + ": " + std::strerror(errno) + "\n";
        (void)!::write(2, msg.data(), msg.size());
        ::_exit(127);
    }
    ::setpgid(pid, pid);
    ::close(cin[0]);
    ::close(cout[1]);
    ::close(cerr[1]);
    if (req.contains("stdin") && req["stdin"].is_string())
        write_all(cin[1], req["stdin"].get<std::string>());
    ::close(cin[1]);

    pollfd fds[2] = {{cout[0], POLLIN, 0}, {cerr[0], POLLIN, 0}};
    int open = 2;
    bool last_was_newline = true;
    bool lost = false;
    while (open > 0) {
        listen(250, fds, 2);
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            std::string buf;
            if (!read_some(fds[i].fd, buf)) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
                continue;
            }
            if (i == 0)
                last_was_newline = buf.back() == '\n';
            if (!write_all(i == 0 ? 1 : 2, buf) && i == 0)
                lost = true;
        }
        if (gone || lost)
            break;
    }
    int status = 0;
    if (gone || lost) {
        // Cancel or a dropped connection: the whole group goes, TERM then KILL.
        ::kill(-pid, SIGTERM);
        for (int k = 0; k < 20 && ::waitpid(pid, &status, WNOHANG) == 0; ++k)
            ::usleep(50000);
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        for (auto& f : fds)
            if (f.fd >= 0)
                ::close(f.fd);
        cleanup();
        return kFailure;
    }
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    ::kill(-pid, SIGKILL);  // what the command left running in its group
    json end = {{"exit", WIFEXITED(status) ? WEXITSTATUS(status) : 1},
                {"signal", WIFSIGNALED(status) ? WTERMSIG(status) : 0},
                {"newline_added", !last_was_newline}};
    json outs = json::array();
    for (const auto& f : output_files) {
        bool readable = false;
        std::string text = read_whole_file(f, readable);
        outs.push_back(readable ? json(text) : json(nullptr));
    }
    end["outputs"] = outs;
    cleanup();
    // "type" first (nlohmann sorts the members): the local side spots the trailer by its start.
    const std::string rest = end.dump(-1, ' ', false, json::error_handler_t::replace);
    write_all(1, std::string{last_was_newline ? "" : "\n"} + "{\"type\":\"remote_end\"," + rest.substr(1) + "\n");
    return kOk;
}

void register_remote_commands(CLI::App& app, int& exit_code)
{
    for (const char* name : {"bench", "devices", "selftest", "trace"})
        for (CLI::App* sub : app.get_subcommands(std::function<bool(CLI::App*)>{}))
            if (sub->get_name() == name)
                add_remote_options(*sub);
    struct ServeArgs {
        std::string child, lock_dir = "/tmp";
    };
    auto a = std::make_shared<ServeArgs>();
    CLI::App* s = app.add_subcommand("remote-serve", "The host side of --gpu-host: reads one request on stdin "
                                                     "(docs/remote.md); not for typing");
    s->group("");  // hidden from the list of subcommands
    s->add_option("--child", a->child, "The program that runs the request (a path; default: this reducescope-cli)")
        ->type_name("PATH");
    s->add_option("--lock-dir", a->lock_dir, "The folder of the GPU locks, shared by every user of the host (a "
                                             "path of an existing folder; default /tmp)")
        ->type_name("DIR");
    s->callback([a, &exit_code] { exit_code = serve(a->child, a->lock_dir); });
}

} // namespace reducescope::cli::remote
