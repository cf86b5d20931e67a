// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the SIMT engine: the two translation units that see Clang's and LLVM's headers.
// frontend.cpp compiles the source to an llvm::Module (Clang as a library); decode.cpp cleans it
// up (inlining, mem2reg) and decodes it into detail::Function (program.h).
#pragma once

#include "simt/engine.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace reducescope::simt::detail {

/// The name Clang gives the main file in messages and debug locations.
inline constexpr const char* kMainFile = "kernel.cu";

/// Compiles `source` with the prelude to device LLVM IR (-O0, debug lines and columns). Errors and
/// warnings land in `diagnostics`; null when an error was found.
/// `headers` are remapped under the include directory, so `#include "NAME"` finds them.
std::unique_ptr<llvm::Module> compile_to_ir(const std::string& source, llvm::LLVMContext& context,
                                            std::vector<Diagnostic>& diagnostics,
                                            std::span<const Header> headers = {}, int warp_size = 32);

/// Inlines every function into the kernels, promotes scalars to registers and decodes each kernel
/// into `program` (its functions and kernel list). A construct the engine cannot run becomes an
/// error diagnostic at its place and the kernel's refusal.
/// `headers` are the texts of the included files (a conditional expression's place may lie in one).
void decode_module(llvm::Module& module, const std::string& source, Program& program,
                   std::vector<Diagnostic>& diagnostics, std::span<const Header> headers = {});

} // namespace reducescope::simt::detail
