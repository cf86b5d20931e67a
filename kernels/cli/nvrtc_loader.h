// SPDX-License-Identifier: GPL-3.0-or-later
// NVRTC, the CUDA toolkit's run-time compiler, loaded with dlopen when `kernel bench` needs it
// (CUDA 13 ships libnvrtc as a shared library only; reducescope-cli does not link it, so a machine
// without it runs every other command). Plain C++: the few NVRTC entry points are declared here by
// their C types (no CUDA header outside kernels/cuda/*.cu, docs/architecture.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace reducescope::cli::nvrtc {

/// Exit code of `kernel bench` when NVRTC cannot be loaded (sysexits.h EX_OSFILE: a file the
/// program needs is missing); the one line on stderr names the library and what to install.
inline constexpr int kNvrtcMissing = 72;

/// The libraries tried, in order, when $REDUCESCOPE_NVRTC is not set: libnvrtc.so.13,
/// libnvrtc.so.12, libnvrtc.so (the loader's search path), then the same under
/// $CUDA_HOME/lib64, /usr/local/cuda/lib64 and /usr/local/cuda/lib.
std::vector<std::string> candidate_libraries();

/// An in-memory header: what `#include "NAME"` (or <NAME>) finds.
struct Header {
    std::string name;
    std::string text;
};

/// What one compilation gave.
struct Output {
    bool ok = false;
    std::string log;    ///< NVRTC's log (errors and warnings, "NAME(LINE): error: ..."), may be empty
    std::string image;  ///< the CUBIN (cubin) or the PTX text, NUL-terminated for the loader
    std::string error;  ///< an NVRTC call that failed outside the compilation itself
};

/// A loaded NVRTC. Thread-compatible; the library stays loaded for the process.
class Library {
public:
    /// Loads $REDUCESCOPE_NVRTC (a path: only that file is tried; tests point it at a file that does
    /// not exist) or the first of candidate_libraries() that loads and has every entry point. Null
    /// and `why` (one line: what was tried, dlerror's reason, what to install) when none does.
    static std::unique_ptr<Library> load(std::string& why);
    ~Library();

    /// The file that was loaded, e.g. "libnvrtc.so.13".
    const std::string& path() const { return path_; }
    /// The toolkit's header folders NVRTC gets as include paths (`-I`), so that a catalogue file's
    /// `#include <cooperative_groups.h>` and `<cuda/atomic>` are found as nvcc finds them: the
    /// `include` folder beside the loaded library's folder (its real path), else $CUDA_HOME/include,
    /// else /usr/local/cuda/include, the first that holds cooperative_groups.h; with its `cccl`
    /// subfolder when there is one (CUDA 13 keeps libcu++ there). Empty when none is found.
    std::vector<std::string> include_dirs() const;
    /// NVRTC's version, "13.0".
    std::string version() const;
    /// The real architectures this NVRTC compiles for (nvrtcGetSupportedArchs: 75, 80, ..., 90, ...).
    std::vector<int> supported_archs() const;

    /// Compiles `source` (shown as `name` in the log) with `headers` and `options` (e.g.
    /// "-arch=sm_90"). cubin: the image is nvrtcGetCUBIN's (a real architecture); else the PTX.
    Output compile(const std::string& source, const std::string& name, const std::vector<Header>& headers,
                   const std::vector<std::string>& options, bool cubin) const;

    struct Api;

private:
    Library() = default;
    void* handle_ = nullptr;
    std::string path_;
    std::unique_ptr<Api> api_;
};

} // namespace reducescope::cli::nvrtc
