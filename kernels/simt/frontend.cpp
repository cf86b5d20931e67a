// SPDX-License-Identifier: GPL-3.0-or-later
// The front end: Clang 14 as a library compiles the student's source, in memory, for the device
// (nvptx64, sm_80, no CUDA toolkit: the prelude is a virtual file), to LLVM IR with debug lines and
// columns. The only translation unit that includes Clang's headers (build time: docs/building.md).
#include "simt/frontend.h"
#include "simt/program.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/SourceManager.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>

namespace reducescope::simt::detail {
namespace {

constexpr const char* kPreludeFile = "/reducescope/prelude.cuh";

/// Collects Clang's messages at their place in the student's file (a message inside a prelude macro
/// is placed where the macro was used; one inside the prelude itself has no place).
class Collector : public clang::DiagnosticConsumer {
public:
    explicit Collector(std::vector<Diagnostic>& out) : m_out(out) {}

    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override
    {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);
        if (level == clang::DiagnosticsEngine::Ignored || level == clang::DiagnosticsEngine::Remark)
            return;
        Diagnostic d;
        d.severity = level >= clang::DiagnosticsEngine::Error ? "error"
                     : level == clang::DiagnosticsEngine::Warning ? "warning" : "note";
        llvm::SmallString<200> text;
        info.FormatDiagnostic(text);
        d.message = std::string(text.str());
        if (info.hasSourceManager() && info.getLocation().isValid()) {
            const clang::SourceManager& sm = info.getSourceManager();
            const clang::SourceLocation loc = sm.getExpansionLoc(info.getLocation());
            // The file's own lines: a #line directive does not move a message out of the file.
            const clang::PresumedLoc p = sm.getPresumedLoc(loc, false);
            if (p.isValid() && std::string_view(p.getFilename()) == kMainFile) {
                d.line = static_cast<int>(p.getLine());
                d.column = static_cast<int>(p.getColumn());
            } else if (p.isValid()) {
                d.message += " (in the engine's prelude, line " + std::to_string(p.getLine()) + ")";
            }
        }
        if (d.message.find("CUDA version") != std::string::npos)
            return;  // the driver's note about the toolkit: there is none
        // "'__syncthreads' declared here" at the very place of the error before it: a CUDA builtin,
        // declared implicitly where it is first named (the typo itself), says nothing more.
        if (d.severity == "note" && !m_out.empty() && m_out.back().line == d.line && m_out.back().column == d.column &&
            d.message.size() > 14 && d.message.compare(d.message.size() - 14, 14, " declared here") == 0)
            return;
        m_out.push_back(std::move(d));
    }

private:
    std::vector<Diagnostic>& m_out;
};

std::vector<const char*> cc1_arguments()
{
    return {"-triple", "nvptx64-nvidia-cuda", "-aux-triple", "x86_64-pc-linux-gnu", "-fcuda-is-device",
            "-target-cpu", "sm_80", "-emit-llvm", "-O0", "-disable-O0-optnone", "-debug-info-kind=line-tables-only",
            "-dwarf-version=4", "-ffp-contract=fast", "-fdeclspec", "-fgnuc-version=4.2.1", "-std=c++17",
            "-ferror-limit", "20", "-nostdsysteminc", "-nobuiltininc", "-I", "/reducescope",
            "-include", kPreludeFile, "-x", "cuda", kMainFile};
}

} // namespace

std::unique_ptr<llvm::Module> compile_to_ir(const std::string& source, llvm::LLVMContext& context,
                                            std::vector<Diagnostic>& diagnostics, std::span<const Header> headers,
                                            int warp_size)
{
    Collector collector(diagnostics);
    auto invocation = std::make_shared<clang::CompilerInvocation>();
    {
        llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs> ids(new clang::DiagnosticIDs());
        llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> opts(new clang::DiagnosticOptions());
        clang::DiagnosticsEngine parse_diags(ids, opts, &collector, false);
        const std::vector<const char*> args = cc1_arguments();
        if (!clang::CompilerInvocation::CreateFromArgs(*invocation, args, parse_diags))
            return nullptr;
    }
    clang::PreprocessorOptions& pp = invocation->getPreprocessorOpts();
    pp.addMacroDef(std::string(kWarpSizeMacro) + "=" + std::to_string(warp_size));
    pp.addRemappedFile(kMainFile, llvm::MemoryBuffer::getMemBufferCopy(source, kMainFile).release());
    const std::string_view pre = prelude();
    pp.addRemappedFile(kPreludeFile, llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(pre.data(), pre.size()),
                                                                          kPreludeFile).release());
    // The toolkit's headers a kernel file may include are empty here: the prelude declares it all.
    for (const char* h : {"cuda_runtime.h", "cuda.h", "device_launch_parameters.h", "cuda_runtime_api.h",
                          "math_constants.h", "cstdio", "stdio.h"})  // printf: declared by the prelude, refused by name
        pp.addRemappedFile(std::string("/reducescope/") + h, llvm::MemoryBuffer::getMemBufferCopy("", h).release());
    for (const Header& h : headers)
        pp.addRemappedFile("/reducescope/" + h.name, llvm::MemoryBuffer::getMemBufferCopy(h.text, h.name).release());
    pp.RetainRemappedFileBuffers = false;
    invocation->getFrontendOpts().DisableFree = false;
    invocation->getDiagnosticOpts().ShowCarets = false;  // no "N errors generated" line on stderr: they are data

    clang::CompilerInstance ci;
    ci.setInvocation(std::move(invocation));
    ci.createDiagnostics(&collector, false);
    if (!ci.hasDiagnostics())
        return nullptr;
    // Nothing is read from disk: the files are the remapped ones above, in an empty file system, so
    // `#include "/dev/zero"`, a FIFO or /etc/passwd is "file not found" at its line, not a read
    // that never ends or a file's text in the messages.
    ci.createFileManager(llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>());
    clang::EmitLLVMOnlyAction action(&context);
    if (!ci.ExecuteAction(action) || ci.getDiagnostics().hasErrorOccurred())
        return nullptr;
    return action.takeModule();
}

} // namespace reducescope::simt::detail

namespace reducescope::simt {

CompileResult compile(std::string_view source, std::string_view file_name, std::span<const Header> headers,
                      int warp_size)
{
    CompileResult result;
    auto program = std::make_shared<Program>();
    program->source = std::string(source);
    program->file_name = std::string(file_name);
    program->warp_size = warp_size == 4 || warp_size == 8 || warp_size == 16 ? warp_size : 32;
    program->names_warp_size_macro = source.find(kWarpSizeMacro) != std::string_view::npos ||
                                     std::any_of(headers.begin(), headers.end(), [](const Header& h) {
                                         return h.text.find(kWarpSizeMacro) != std::string::npos;
                                     });
    if (source.size() > 1'000'000) {
        result.diagnostics.push_back({0, 0, "error", "the source is longer than 1000000 bytes"});
        return result;
    }
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module = detail::compile_to_ir(program->source, context, result.diagnostics, headers,
                                                                        program->warp_size);
    if (!module) {
        if (result.diagnostics.empty() || std::none_of(result.diagnostics.begin(), result.diagnostics.end(),
                                                       [](const Diagnostic& d) { return d.severity == "error"; }))
            result.diagnostics.push_back({0, 0, "error", "the source did not compile"});
        return result;
    }
    const std::size_t before = result.diagnostics.size();
    detail::decode_module(*module, program->source, *program, result.diagnostics, headers);
    result.kernels = program->kernels;
    (void)before;
    result.program = std::move(program);
    return result;
}

} // namespace reducescope::simt
