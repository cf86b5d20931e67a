// SPDX-License-Identifier: GPL-3.0-or-later
// NVRTC through dlopen (nvrtc_loader.h).
#include "cli/nvrtc_loader.h"

#include "model/message.h"

#include <cstdlib>
#include <cstring>

#include <dlfcn.h>
#include <sys/stat.h>

namespace reducescope::cli::nvrtc {
namespace {

// NVRTC's C interface (nvrtc.h): nvrtcResult is an enum (0 = NVRTC_SUCCESS), nvrtcProgram an
// opaque pointer.
using Result = int;
using Program = void*;

} // namespace

struct Library::Api {
    Result (*version)(int*, int*) = nullptr;
    Result (*num_archs)(int*) = nullptr;
    Result (*archs)(int*) = nullptr;
    Result (*create)(Program*, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
    Result (*compile)(Program, int, const char* const*) = nullptr;
    Result (*log_size)(Program, std::size_t*) = nullptr;
    Result (*log)(Program, char*) = nullptr;
    Result (*ptx_size)(Program, std::size_t*) = nullptr;
    Result (*ptx)(Program, char*) = nullptr;
    Result (*cubin_size)(Program, std::size_t*) = nullptr;
    Result (*cubin)(Program, char*) = nullptr;
    Result (*destroy)(Program*) = nullptr;
    const char* (*error_string)(Result) = nullptr;
};

std::vector<std::string> candidate_libraries()
{
    const std::vector<std::string> names{"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
    std::vector<std::string> out = names;
    std::vector<std::string> dirs;
    if (const char* home = std::getenv("CUDA_HOME"); home && *home)
        dirs.push_back(std::string{home} + "/lib64");
    dirs.push_back("/usr/local/cuda/lib64");
    dirs.push_back("/usr/local/cuda/lib");
    for (const std::string& d : dirs)
        for (const std::string& n : names)
            out.push_back(d + "/" + n);
    return out;
}

namespace {

/// Every entry point of `h` into `api`; the first missing one's name, or empty.
std::string bind(void* h, Library::Api& api)
{
    auto get = [h](auto& fn, const char* name) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(::dlsym(h, name));
        return fn != nullptr;
    };
    if (!get(api.version, "nvrtcVersion")) return "nvrtcVersion";
    if (!get(api.num_archs, "nvrtcGetNumSupportedArchs")) return "nvrtcGetNumSupportedArchs";
    if (!get(api.archs, "nvrtcGetSupportedArchs")) return "nvrtcGetSupportedArchs";
    if (!get(api.create, "nvrtcCreateProgram")) return "nvrtcCreateProgram";
    if (!get(api.compile, "nvrtcCompileProgram")) return "nvrtcCompileProgram";
    if (!get(api.log_size, "nvrtcGetProgramLogSize")) return "nvrtcGetProgramLogSize";
    if (!get(api.log, "nvrtcGetProgramLog")) return "nvrtcGetProgramLog";
    if (!get(api.ptx_size, "nvrtcGetPTXSize")) return "nvrtcGetPTXSize";
    if (!get(api.ptx, "nvrtcGetPTX")) return "nvrtcGetPTX";
    if (!get(api.cubin_size, "nvrtcGetCUBINSize")) return "nvrtcGetCUBINSize";
    if (!get(api.cubin, "nvrtcGetCUBIN")) return "nvrtcGetCUBIN";
    if (!get(api.destroy, "nvrtcDestroyProgram")) return "nvrtcDestroyProgram";
    if (!get(api.error_string, "nvrtcGetErrorString")) return "nvrtcGetErrorString";
    return {};
}

} // namespace

std::unique_ptr<Library> Library::load(std::string& why)
{
    std::vector<std::string> tried;
    const char* env = std::getenv("REDUCESCOPE_NVRTC");
    if (env && *env)
        tried.push_back(env);
    else
        tried = candidate_libraries();
    std::string last;
    for (const std::string& path : tried) {
        void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char* e = ::dlerror();
            last = e ? e : "not found";
            continue;
        }
        std::unique_ptr<Library> lib{new Library};
        lib->api_ = std::make_unique<Api>();
        if (const std::string missing = bind(h, *lib->api_); !missing.empty()) {
            last = path + " has no " + missing;
            ::dlclose(h);
            continue;
        }
        lib->handle_ = h;
        lib->path_ = path;
        return lib;
    }
    // The path and dlerror's words (which repeat it) as one line: $REDUCESCOPE_NVRTC may hold a
    // newline, an escape sequence or bytes that are not UTF-8.
    why = "NVRTC (the CUDA toolkit's run-time compiler) is not installed: could not load " +
          (env && *env ? model::echo(env) + " ($REDUCESCOPE_NVRTC)" : std::string{"libnvrtc.so.13, libnvrtc.so.12 or libnvrtc.so"}) +
          " (" + model::one_line(last) + "); install the CUDA toolkit's NVRTC (Debian/Ubuntu: cuda-nvrtc-13-0, or the whole toolkit "
          "cuda-toolkit-13-0) or set REDUCESCOPE_NVRTC to its libnvrtc.so";
    return nullptr;
}

Library::~Library()
{
    // The library stays loaded: NVRTC keeps process-wide state that is not meant to be unloaded.
}

std::vector<std::string> Library::include_dirs() const
{
    std::vector<std::string> candidates;
    Dl_info info{};
    if (::dladdr(reinterpret_cast<void*>(api_->version), &info) != 0 && info.dli_fname && *info.dli_fname) {
        if (char* real = ::realpath(info.dli_fname, nullptr)) {
            std::string dir = real;
            std::free(real);
            dir.resize(dir.find_last_of('/') == std::string::npos ? 0 : dir.find_last_of('/'));
            candidates.push_back(dir + "/../include");
        }
    }
    if (const char* home = std::getenv("CUDA_HOME"); home && *home)
        candidates.push_back(std::string{home} + "/include");
    candidates.push_back("/usr/local/cuda/include");
    for (const std::string& c : candidates) {
        struct stat st{};
        if (::stat((c + "/cooperative_groups.h").c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        std::vector<std::string> out{c};
        if (::stat((c + "/cccl").c_str(), &st) == 0 && S_ISDIR(st.st_mode))
            out.push_back(c + "/cccl");
        return out;
    }
    return {};
}

std::string Library::version() const
{
    int major = 0, minor = 0;
    if (api_->version(&major, &minor) != 0)
        return "unknown";
    return std::to_string(major) + "." + std::to_string(minor);
}

std::vector<int> Library::supported_archs() const
{
    int count = 0;
    if (api_->num_archs(&count) != 0 || count <= 0)
        return {};
    std::vector<int> archs(static_cast<std::size_t>(count));
    if (api_->archs(archs.data()) != 0)
        return {};
    return archs;
}

Output Library::compile(const std::string& source, const std::string& name, const std::vector<Header>& headers,
                        const std::vector<std::string>& options, bool cubin) const
{
    Output out;
    std::vector<const char*> texts, names, opts;
    for (const Header& h : headers) {
        texts.push_back(h.text.c_str());
        names.push_back(h.name.c_str());
    }
    for (const std::string& o : options)
        opts.push_back(o.c_str());
    Program prog = nullptr;
    Result r = api_->create(&prog, source.c_str(), name.c_str(), static_cast<int>(texts.size()), texts.data(),
                            names.data());
    if (r != 0) {
        out.error = std::string{"nvrtcCreateProgram: "} + api_->error_string(r);
        return out;
    }
    const Result compiled = api_->compile(prog, static_cast<int>(opts.size()), opts.data());
    std::size_t log_size = 0;
    if (api_->log_size(prog, &log_size) == 0 && log_size > 1) {
        std::string log(log_size, '\0');
        if (api_->log(prog, log.data()) == 0) {
            log.resize(std::strlen(log.c_str()));
            out.log = log;
        }
    }
    if (compiled == 0) {
        std::size_t size = 0;
        r = cubin ? api_->cubin_size(prog, &size) : api_->ptx_size(prog, &size);
        if (r == 0) {
            out.image.assign(size, '\0');
            r = cubin ? api_->cubin(prog, out.image.data()) : api_->ptx(prog, out.image.data());
        }
        if (r != 0)
            out.error = std::string{cubin ? "nvrtcGetCUBIN: " : "nvrtcGetPTX: "} + api_->error_string(r);
        else
            out.ok = true;
        if (!out.image.empty() && out.image.back() != '\0')
            out.image.push_back('\0');
    }
    api_->destroy(&prog);
    return out;
}

} // namespace reducescope::cli::nvrtc
