# SPDX-License-Identifier: GPL-3.0-or-later
# Runs lupdate over app/, views/ and kernels/model/ into the translation sources (English and
# Simplified Chinese):
#   cmake -DLUPDATE=... -DSOURCE_DIR=... -DTS_DIR=... [-DCHECK=1] -P UpdateTranslations.cmake
# reducescope_zh_CN.ts gets every string; reducescope_en.ts only those with plural forms
# (-pluralonly: English needs "1 warp" / "2 warps", the rest is its own source text). No line
# numbers (-locations none), so the files change only when the strings do.
# kernels/model holds the model's words (strategy summaries, seeds, family names, the messages of
# the step model), written once and marked with the Qt-free macros of kernels/model/words.h; the
# -tr-function-alias option below tells lupdate that those macros are Qt's translation marks.
# CHECK=1 (the ctest `tst_translations_complete`): runs on copies in a temporary folder and fails when
# lupdate leaves an unfinished, vanished or obsolete entry, i.e. a string of the code without its
# translation or a translation without its string.
cmake_minimum_required(VERSION 3.25)
foreach(v LUPDATE SOURCE_DIR TS_DIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "UpdateTranslations.cmake: -D${v}=... is required")
  endif()
endforeach()

set(_ts_dir "${TS_DIR}")
if(CHECK)
  # A folder of our own for the copies (WORK_DIR, else the system's temporary folder).
  if(NOT DEFINED WORK_DIR)
    set(WORK_DIR "$ENV{TMPDIR}")
    if(NOT WORK_DIR)
      set(WORK_DIR "/tmp")
    endif()
  endif()
  string(RANDOM LENGTH 8 _tag)
  set(_ts_dir "${WORK_DIR}/reducescope-translations-check-${_tag}")
  file(REMOVE_RECURSE "${_ts_dir}")
  file(MAKE_DIRECTORY "${_ts_dir}")
  file(COPY "${TS_DIR}/reducescope_zh_CN.ts" "${TS_DIR}/reducescope_en.ts" DESTINATION "${_ts_dir}")
endif()

set(_failed "")
foreach(lang zh_CN en)
  # The include paths let lupdate find each class's namespace (contexts are "reducescope::app::StepPane").
  set(_opts -locations none -extensions cpp,h -silent -I "${SOURCE_DIR}" -I "${SOURCE_DIR}/kernels"
            -tr-function-alias "QT_TRANSLATE_NOOP3+=REDUCESCOPE_WORDS,QT_TRANSLATE_NOOP3+=REDUCESCOPE_MESSAGE,QT_TRANSLATE_N_NOOP3+=REDUCESCOPE_PLURAL_MESSAGE,QT_TRANSLATE_NOOP+=REDUCESCOPE_NAME")
  if(lang STREQUAL "en")
    list(APPEND _opts -pluralonly)
  endif()
  if(NOT CHECK)
    list(APPEND _opts -no-obsolete)
  endif()
  execute_process(
    COMMAND "${LUPDATE}" ${_opts} "${SOURCE_DIR}/app" "${SOURCE_DIR}/views" "${SOURCE_DIR}/kernels/model" -ts "${_ts_dir}/reducescope_${lang}.ts"
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed for ${lang} (${_rc}): ${_out}${_err}")
  endif()
  if(CHECK)
    file(READ "${_ts_dir}/reducescope_${lang}.ts" _ts)
    foreach(kind unfinished vanished obsolete)
      string(REGEX MATCHALL "type=\"${kind}\"" _hits "${_ts}")
      list(LENGTH _hits _count)
      if(_count GREATER 0)
        # Name the first few sources so the failure says what to translate.
        string(REGEX MATCHALL "<source>[^<]*</source>[^<]*<translation type=\"${kind}\"" _which "${_ts}")
        list(SUBLIST _which 0 3 _first)
        string(REPLACE ";" "\n  " _first "${_first}")
        list(APPEND _failed "reducescope_${lang}.ts: ${_count} ${kind} entries, e.g.\n  ${_first}")
      endif()
    endforeach()
  endif()
endforeach()

if(CHECK)
  file(REMOVE_RECURSE "${_ts_dir}")
endif()
if(_failed)
  string(REPLACE ";" "\n" _failed "${_failed}")
  message(FATAL_ERROR "${_failed}\nRun `cmake --build <build> --target update_translations`, translate the new "
                      "entries in resources/translations/ (Qt Linguist, or by hand), and build again.")
endif()
if(CHECK)
  message(STATUS "translations complete: no unfinished, vanished or obsolete entries")
endif()
