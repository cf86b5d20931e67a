# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers for the Qt parts (docs/building.md): Qt Widgets, QCustomPlot and Qt Test are
# most of what every GUI translation unit and test compiles, so each library and each group of tests
# parses them once instead of once per file. A precompiled header that GCC cannot use (different
# flags) falls back to the plain headers with a -Winvalid-pch warning, never a wrong build.
option(REDUCESCOPE_PCH "Precompile the Qt, QCustomPlot and Qt Test headers" ON)

set(REDUCESCOPE_PCH_STD <algorithm> <functional> <map> <memory> <optional> <string> <utility> <vector>)
set(REDUCESCOPE_PCH_GUI ${REDUCESCOPE_PCH_STD} <QtCore/QtCore> <QtGui/QtGui> <QtWidgets/QtWidgets> <qcustomplot.h>)

# reducescope_precompile_qt(TARGET): the GUI headers, precompiled for TARGET (reducescope_views);
# reducescope_precompile_qt(TARGET REUSE_FROM OWNER): TARGET (reducescope_app, which links the same
# Qt modules, so the same flags) uses OWNER's instead of compiling its own.
function(reducescope_precompile_qt target)
  if(NOT REDUCESCOPE_PCH)
    return()
  endif()
  if(ARGC EQUAL 3 AND ARGV1 STREQUAL "REUSE_FROM")
    target_precompile_headers(${target} REUSE_FROM ${ARGV2})
  else()
    target_precompile_headers(${target} PRIVATE ${REDUCESCOPE_PCH_GUI})
  endif()
endfunction()

# reducescope_pch_for_test(TARGET KIND): KIND gui (links the app: Widgets, QCustomPlot, Qt Test) or
# core (Qt Core and Qt Test only). Every test of one kind reuses one precompiled header, built by a
# small library target of that kind with the same link libraries, hence the same flags. Qt Test
# defines QT_TESTCASE_BUILDDIR and QT_TESTCASE_SOURCEDIR as each test's own folders, which would
# make the shared header unusable in every other folder; the tests do not use them (QFINDTESTDATA
# needs them), so they are undefined.
function(reducescope_pch_for_test target kind)
  if(NOT REDUCESCOPE_PCH)
    return()
  endif()
  set(owner reducescope_test_pch_${kind})
  if(NOT TARGET ${owner})
    file(WRITE ${CMAKE_BINARY_DIR}/generated/test_pch_${kind}.cpp "// precompiled header owner (cmake/Precompile.cmake)\n")
    add_library(${owner} STATIC ${CMAKE_BINARY_DIR}/generated/test_pch_${kind}.cpp)
    if(kind STREQUAL "gui")
      target_link_libraries(${owner} PRIVATE reducescope_app Qt6::Test)
      target_precompile_headers(${owner} PRIVATE ${REDUCESCOPE_PCH_GUI} <QtTest/QtTest>)
    else()
      target_link_libraries(${owner} PRIVATE Qt6::Core Qt6::Test)
      target_precompile_headers(${owner} PRIVATE ${REDUCESCOPE_PCH_STD} <QtCore/QtCore> <QtTest/QtTest>)
    endif()
    target_compile_options(${owner} PRIVATE -UQT_TESTCASE_BUILDDIR -UQT_TESTCASE_SOURCEDIR)
  endif()
  target_compile_options(${target} PRIVATE -UQT_TESTCASE_BUILDDIR -UQT_TESTCASE_SOURCEDIR)
  target_precompile_headers(${target} REUSE_FROM ${owner})
endfunction()
