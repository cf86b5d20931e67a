// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/file_write.h"

#include "app/common/native_path.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace reducescope::app {
namespace {

QString reason(int err) { return QString::fromLocal8Bit(std::strerror(err ? err : EIO)); }

int writeAll(int fd, const char* p, std::size_t left)
{
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return EIO;
        p += n;
        left -= std::size_t(n);
    }
    return 0;
}

} // namespace

QString writeFileAtomically(const QString& path, const QByteArray& data)
{
    std::string target = encodeNativePath(path).toStdString();
    if (target.empty())
        return reason(ENOENT);
    struct stat lst {};
    if (::lstat(target.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
        char* resolved = ::realpath(target.c_str(), nullptr);
        if (!resolved)
            return reason(errno);
        target = resolved;
        std::free(resolved);
    }
    struct stat st {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    const std::size_t slash = target.rfind('/');
    const std::string dir = slash == std::string::npos ? std::string{"."} : slash == 0 ? std::string{"/"} : target.substr(0, slash);
    const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
    std::string temp = dir + "/." + base + ".XXXXXX";
    const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0)
        return reason(errno);
    mode_t mode = 0;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    int err = ::fchmod(fd, mode) == 0 ? 0 : errno;
    if (!err)
        err = writeAll(fd, data.constData(), std::size_t(data.size()));
    if (!err && ::fsync(fd) != 0)
        err = errno;
    if (::close(fd) != 0 && !err)
        err = errno;
    if (!err && ::rename(temp.c_str(), target.c_str()) != 0)
        err = errno;
    if (err) {
        ::unlink(temp.c_str());
        return reason(err);
    }
    return {};
}

} // namespace reducescope::app
