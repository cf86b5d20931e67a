// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/output.h"

#include "cli/commands.h"
#include "model/message.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace reducescope::cli {
namespace {

std::string errno_text(int err)
{
    return err ? std::string{std::strerror(err)} : std::string{"write error"};
}

/// Writes all of `text` to `fd` (retrying short writes and EINTR). 0 or the errno of the failure.
int write_all(int fd, std::string_view text)
{
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (n == 0)
            return EIO;
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return 0;
}

mode_t new_file_mode()
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

/// Writes `text` into the existing `target` itself (a device such as /dev/null, a FIFO with a
/// reader, or a file in a directory where no temporary file can be made). 0 or an errno.
int write_in_place(const std::string& target, std::string_view text, bool is_fifo)
{
    // O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of blocking.
    const int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | (is_fifo ? O_NONBLOCK : 0));
    if (fd < 0)
        return errno;
    if (is_fifo)
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    int err = write_all(fd, text);
    if (!err && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS)  // devices and FIFOs cannot sync
        err = errno;
    if (::close(fd) != 0 && !err)
        err = errno;
    return err;
}

} // namespace

void guard_standard_streams()
{
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        // The opposite direction: stdin write-only, stdout/stderr read-only, so I/O fails (EBADF).
        const int got = ::open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY));
        if (got >= 0 && got != fd) {
            ::dup2(got, fd);
            ::close(got);
        }
    }
}

std::optional<std::string> stdout_failure()
{
    errno = 0;
    std::cout.flush();
    int err = errno;
    bool failed = !std::cout.good();
    errno = 0;
    if (std::fflush(stdout) != 0) {
        failed = true;
        if (errno)
            err = errno;
    }
    if (std::ferror(stdout))
        failed = true;
    if (!failed)
        return std::nullopt;
    if (!err) {
        // The failing write may have come earlier (a buffer flushed in the middle of the output),
        // its errno long overwritten. A file that reached the file size limit (`ulimit -f`; SIGXFSZ
        // is ignored, main.cpp) is the one case that can be told afterwards.
        struct stat st {};
        struct rlimit lim {};
        if (::fstat(1, &st) == 0 && S_ISREG(st.st_mode) && ::getrlimit(RLIMIT_FSIZE, &lim) == 0 &&
            lim.rlim_cur != RLIM_INFINITY && static_cast<rlim_t>(st.st_size) >= lim.rlim_cur)
            err = EFBIG;
    }
    return errno_text(err);
}

int finish_output(int code)
{
    if (const auto why = stdout_failure()) {
        std::cerr << "reducescope-cli: cannot write stdout: " << *why << '\n';
        std::cerr.flush();
        if (code == kOk)
            return kOutputError;
    }
    return code;
}

void write_output_file(const std::string& path, std::string_view text)
{
    namespace fs = std::filesystem;
    const auto fail = [&path](const std::string& why) {
        throw OutputError("cannot write " + model::echo(path) + ": " + why);
    };
    if (path.empty())
        fail("an empty file name");
    std::string target = path;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec))) {
        const fs::path resolved = fs::canonical(path, ec);
        if (ec)
            fail("a symbolic link whose target cannot be reached (" + ec.message() + ")");
        target = resolved.string();
    }
    struct stat st {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        fail("a directory");
    if (exists && !S_ISREG(st.st_mode)) {
        // A device (/dev/null, /dev/stdout) or a FIFO: never renamed over, written as it is.
        if (const int err = write_in_place(target, text, S_ISFIFO(st.st_mode)))
            fail(err == ENXIO && S_ISFIFO(st.st_mode) ? std::string{"a FIFO with no reader"} : errno_text(err));
        return;
    }
    fs::path dir = fs::path{target}.parent_path();
    const std::string base = fs::path{target}.filename().string();
    std::string tmp = (dir.empty() ? std::string{"."} : dir.string()) + "/." + base + ".XXXXXX";
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) {
        const int err = errno;
        if (exists && (err == EACCES || err == EPERM || err == EROFS)) {
            // The directory takes no new file, the file itself may be writable.
            if (const int e2 = write_in_place(target, text, false))
                fail(errno_text(e2));
            return;
        }
        fail(errno_text(err));
    }
    int err = 0;
    if (::fchmod(fd, exists ? (st.st_mode & 07777) : new_file_mode()) != 0)
        err = errno;
    if (!err)
        err = write_all(fd, text);
    if (!err && ::fsync(fd) != 0)
        err = errno;
    if (::close(fd) != 0 && !err)
        err = errno;
    if (!err && ::rename(tmp.c_str(), target.c_str()) != 0)
        err = errno;
    if (err) {
        ::unlink(tmp.c_str());
        fail(errno_text(err));
    }
}

} // namespace reducescope::cli
