// SPDX-License-Identifier: GPL-3.0-or-later
// The GPU across the network (docs/remote.md): `--gpu-host [user@]host[:port]` on a GPU command
// runs that command on the host's own reducescope-cli over the OpenSSH client, and prints what it
// prints, line by line, as a local run would. Qt-free, POSIX (fork, exec, poll, flock).
//
// The wire, both ways through one `ssh -o BatchMode=yes ... HOST 'CLI' remote-serve` (the only
// text the host's shell sees is the quoted CLI path and the srun options):
//   stdin  line 1: the request, one JSON object {"protocol":1, "version", "schema", "args":[...],
//          "stdin": text or null, "inputs": [{"arg": i, "text": ...}], "outputs": [i, ...]}; then one
//          newline a second (the heartbeat: a host that hears nothing for kHeartbeatTimeoutS stops
//          the run, so a connection dropped without a FIN leaves nothing behind either);
//   stdout line 1: the handshake {"type":"remote_hello", "protocol", "version", "schema",
//          "hostname", "ok"}; then the command's stdout byte for byte; then one trailer line
//          {"type":"remote_end", "exit", "signal", "newline_added", "outputs":[text, ...]};
//   stderr the host's lines (the command's stderr, "waiting for GPU 0, held by ...").
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::cli::remote {

/// Exit code of a run that never reached the host's command (unknown host, refused, login
/// refused, host key, no or another reducescope-cli there, connection lost): sysexits.h
/// EX_UNAVAILABLE. The command's own codes (0, 1, 2, 74, 77) pass through unchanged.
inline constexpr int kHostError = 69;
/// Version of the wire above; the handshake refuses another.
inline constexpr int kProtocol = 1;
/// The host stops a run that heard no heartbeat for this long, seconds.
inline constexpr double kHeartbeatTimeoutS = 4.0;

/// `--gpu-host` parsed: `[user@]host[:port]`, or `[user@][v6-address][:port]`.
struct Destination {
    std::string user;            ///< empty: ssh's default (~/.ssh/config, then the local user)
    std::string host;            ///< a name, an ~/.ssh/config alias, or an address
    std::optional<int> port;     ///< 1..65535; empty: ssh's default
    /// As the user wrote it, normalised: "alice@gpu1:2222".
    std::string text() const;
};

/// Parses DEST. Throws BadInput ("--gpu-host: ...") naming what is wrong and what is allowed:
/// user of letters, digits, '.', '_', '-'; host the same (not starting with '-') or a bracketed
/// IPv6 address; port 1..65535.
Destination parse_destination(std::string_view dest);

/// `s` quoted for a POSIX shell: '...' with each ' as '\''. The shell expands nothing in it.
std::string shell_quote(std::string_view s);

/// `--srun "OPTIONS"` split on spaces and tabs (no shell: quotes are ordinary characters).
std::vector<std::string> split_srun(std::string_view options);

/// Where and how to run.
struct Options {
    Destination dest;
    std::string host_cli = "reducescope-cli";  ///< `--gpu-host-cli`: the host's CLI (default: on the host's PATH)
    std::vector<std::string> srun;             ///< `--srun`: run it as `srun OPTIONS CLI ...` on the host
    bool srun_given = false;
};

/// The text the host's shell runs: `exec 'CLI' remote-serve`, or `exec srun 'OPT'... 'CLI' remote-serve`.
std::string remote_shell_command(const Options& o, std::string_view subcommand = "remote-serve");

/// ssh's argv (argv[0] = the ssh program, $REDUCESCOPE_SSH or "ssh"): BatchMode, ConnectTimeout,
/// ServerAlive*, connection sharing in `control_dir` (empty: none), `-F $REDUCESCOPE_SSH_CONFIG`
/// when set, port and user, `--`, the host, then `command`.
std::vector<std::string> ssh_argv(const Options& o, const std::string& control_dir, const std::string& command);

/// The private folder of the shared ssh connections: $REDUCESCOPE_SSH_CONTROL_DIR, else
/// $XDG_RUNTIME_DIR/reducescope-ssh, else /tmp/reducescope-ssh-UID; made 0700 and checked to be
/// this user's. Empty when none can be made (then each run opens its own connection).
std::string control_dir();

/// Adds `--gpu-host`, `--gpu-host-cli` and `--srun` to a GPU subcommand (shown in its --help;
/// run_command_line() sees them before parsing, tests/kernels/cli/tst_cli_options.cpp checks their
/// wording). The hook for later GPU commands (`kernel ...`): call it on the subcommand, and name
/// its file options with add_file_option() so their files travel.
void add_remote_options(CLI::App& sub);

/// A file option of a remote-capable subcommand: an input's file (or "-" for stdin) is read here
/// and sent; an output's file is written here from what the host wrote.
enum class FileKind { Input, Output };
void add_file_option(const std::string& subcommand, const std::string& option, FileKind kind);

/// run_command_line()'s hook: when argv's subcommand has remote options and `--gpu-host` is
/// among its arguments, runs it on the host and returns the exit code; nullopt otherwise (the
/// command runs here). `--gpu-host-cli` or `--srun` without `--gpu-host` throws BadInput.
std::optional<int> run_if_remote(CLI::App& app, int argc, const char* const* argv);

/// Runs `args` (the subcommand and its options, without the remote ones) on the host; prints its
/// stdout unchanged and its stderr lines as "reducescope-cli: HOST: ...". Returns its exit code,
/// or kHostError with one line naming the host and what to do.
int run_remote(const Options& o, std::vector<std::string> args);

/// The host side (`reducescope-cli remote-serve`, hidden): reads the request on stdin, answers the
/// handshake, takes the lock of each GPU the command uses (a file `reducescope-gpu-ID.lock` in
/// `lock_dir`, flock, holding user and start time), runs `child` (empty: this program) with the
/// args in its own process group, and kills that group when stdin ends or the heartbeat stops.
int serve(const std::string& child, const std::string& lock_dir);

/// Adds --gpu-host and its two companions to bench, devices, selftest and trace of `app` (call it
/// after they are registered), and the hidden `remote-serve`.
void register_remote_commands(CLI::App& app, int& exit_code);

/// The GPUs a command locks on the host: `--device N` (default 0), `--gpus K` (0..K-1); none for
/// `devices` and for `trace` without `--on-gpu`. Indices as the command sees them.
std::vector<int> gpus_used(const std::vector<std::string>& args);

} // namespace reducescope::cli::remote
