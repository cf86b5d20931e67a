# SPDX-License-Identifier: GPL-3.0-or-later
# The SIMT engine (kernels/simt) compiles a student's CUDA kernel with Clang/LLVM 14 used as a
# library: Debian 12's libclang-cpp14-dev and llvm-14-dev (headers, libclang-cpp.so.14,
# libLLVM-14.so). REDUCESCOPE_ENGINE: AUTO (on where they are found), ON (required), OFF.
# The libraries are found directly, not through LLVMConfig.cmake, which needs the C language
# enabled and probes for libffi, terminfo and libxml2 the engine does not use.
set(REDUCESCOPE_ENGINE AUTO CACHE STRING "Build the SIMT engine for own kernels: AUTO (where Clang 14 dev is found), ON, OFF")
set_property(CACHE REDUCESCOPE_ENGINE PROPERTY STRINGS AUTO ON OFF)
set(REDUCESCOPE_LLVM_ROOT /usr/lib/llvm-14 CACHE PATH "Root of the LLVM/Clang 14 installation the engine uses")
set(REDUCESCOPE_HAVE_ENGINE 0)
if(NOT REDUCESCOPE_ENGINE STREQUAL "OFF")
  find_path(REDUCESCOPE_CLANG_INCLUDE clang/Frontend/CompilerInstance.h HINTS ${REDUCESCOPE_LLVM_ROOT}/include NO_DEFAULT_PATH)
  find_path(REDUCESCOPE_LLVM_INCLUDE llvm/IR/Module.h HINTS ${REDUCESCOPE_LLVM_ROOT}/include NO_DEFAULT_PATH)
  find_library(REDUCESCOPE_CLANG_CPP_LIB NAMES clang-cpp HINTS ${REDUCESCOPE_LLVM_ROOT}/lib NO_DEFAULT_PATH)
  find_library(REDUCESCOPE_LLVM_LIB NAMES LLVM-14 LLVM HINTS ${REDUCESCOPE_LLVM_ROOT}/lib NO_DEFAULT_PATH)
  if(REDUCESCOPE_CLANG_INCLUDE AND REDUCESCOPE_LLVM_INCLUDE AND REDUCESCOPE_CLANG_CPP_LIB AND REDUCESCOPE_LLVM_LIB)
    add_library(reducescope_clang INTERFACE)
    add_library(reducescope::clang ALIAS reducescope_clang)
    target_include_directories(reducescope_clang SYSTEM INTERFACE ${REDUCESCOPE_CLANG_INCLUDE} ${REDUCESCOPE_LLVM_INCLUDE})
    target_compile_definitions(reducescope_clang INTERFACE __STDC_CONSTANT_MACROS __STDC_FORMAT_MACROS __STDC_LIMIT_MACROS)
    target_link_libraries(reducescope_clang INTERFACE ${REDUCESCOPE_CLANG_CPP_LIB} ${REDUCESCOPE_LLVM_LIB})
    set(REDUCESCOPE_HAVE_ENGINE 1)
  elseif(REDUCESCOPE_ENGINE STREQUAL "ON")
    message(FATAL_ERROR "REDUCESCOPE_ENGINE=ON but Clang/LLVM 14 development files were not found under "
                        "${REDUCESCOPE_LLVM_ROOT} (apt install clang-14 llvm-14-dev libclang-14-dev libclang-cpp14-dev)")
  else()
    message(STATUS "ReduceScope: no Clang/LLVM 14 dev files; building without the SIMT engine (own kernels)")
  endif()
endif()
