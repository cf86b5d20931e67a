# SPDX-License-Identifier: GPL-3.0-or-later
# The rules of the house (docs/architecture.md, "Rules of the house") on the sources' #include lines:
#   cmake -DSOURCE_DIR=<repository> -P check_includes.cmake
# Fails with one line per include that breaks a rule: Qt or CUDA in the core, a pane including
# another pane (step, bench, kernel), a view including the app, views/step, views/bench and
# views/kernel including each other.
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "check_includes.cmake: -DSOURCE_DIR=... is required")
endif()

# room -> regular expressions of includes it must not have
set(_rules
  "kernels/model|^<Q|^<cuda|^<clang/|^<llvm/|^\"simt/|^\"bench/|^\"cuda/|^\"cli/|^\"app/|^\"views/"
  "kernels/simt|^<Q|^<cuda|^\"bench/|^\"cuda/|^\"cli/|^\"app/|^\"views/"
  "kernels/bench|^<Q|^<cuda|^<clang/|^<llvm/|^\"simt/|^\"cli/|^\"app/|^\"views/"
  "kernels/cli|^<Q|^<cuda|^<clang/|^<llvm/|^\"app/|^\"views/"
  "kernels/cuda|^<Q|^\"app/|^\"views/|^\"cli/"
  "views|^\"simt/|^<clang/|^<llvm/"
  "app|^\"simt/|^<clang/|^<llvm/"
  "views/common|^\"app/|^\"views/step/|^\"views/bench/|^\"views/kernel/|^<QProcess|^<QFile>"
  "views/step|^\"app/|^\"views/bench/|^\"views/kernel/|^<QProcess|^<QFile>"
  "views/bench|^\"app/|^\"views/step/|^\"views/kernel/|^<QProcess|^<QFile>"
  "views/kernel|^\"app/|^\"views/step/|^\"views/bench/|^<QProcess|^<QFile>"
  "app/common|^\"app/step/|^\"app/bench/|^\"app/kernel/|^\"app/shell/"
  "app/step|^\"app/bench/|^\"app/kernel/|^\"app/shell/|^\"views/bench/|^\"views/kernel/"
  "app/bench|^\"app/step/|^\"app/kernel/|^\"app/shell/|^\"views/step/|^\"views/kernel/"
  "app/kernel|^\"app/step/|^\"app/bench/|^\"app/shell/|^\"views/step/|^\"views/bench/")
set(_broken 0)
set(_checked 0)
foreach(rule IN LISTS _rules)
  string(REPLACE "|" ";" _parts "${rule}")
  list(POP_FRONT _parts room)
  file(GLOB_RECURSE _files "${SOURCE_DIR}/${room}/*.h" "${SOURCE_DIR}/${room}/*.cpp" "${SOURCE_DIR}/${room}/*.cuh")
  foreach(f IN LISTS _files)
    # CUDA headers are allowed in the kernels' .cu files only (a .cpp or .h of kernels/cuda has none).
    file(STRINGS "${f}" _lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    math(EXPR _checked "${_checked} + 1")
    foreach(line IN LISTS _lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*" "" inc "${line}")
      foreach(bad IN LISTS _parts)
        if(inc MATCHES "${bad}")
          file(RELATIVE_PATH _rel "${SOURCE_DIR}" "${f}")
          message("${_rel}: ${inc} breaks the rule for ${room}/ (docs/architecture.md)")
          math(EXPR _broken "${_broken} + 1")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()
if(NOT DEFINED MIN_FILES)
  set(MIN_FILES 100)
endif()
if(_checked LESS MIN_FILES)
  message(FATAL_ERROR "check_includes.cmake: only ${_checked} files found under ${SOURCE_DIR}: wrong SOURCE_DIR?")
endif()
if(_broken GREATER 0)
  message(FATAL_ERROR "${_broken} include(s) break the rules of the house (${_checked} files checked)")
endif()
message(STATUS "house rules: ${_checked} files, no include breaks a rule")
