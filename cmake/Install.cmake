# SPDX-License-Identifier: GPL-3.0-or-later
# `cmake --install build --prefix P` (docs/install.md): everything a desktop needs, under P:
#   bin/reducescope, bin/reducescope-cli
#   share/applications/<app id>.desktop, share/metainfo/<app id>.metainfo.xml (AppStream)
#   share/icons/hicolor/{scalable,16x16..256x256}/apps/<app id>.{svg,png}
#   share/man/man1/reducescope.1.gz, reducescope-cli.1.gz
#   share/reducescope/{results,traces}   (docs/results: H200 recordings; docs/traces: example traces)
#   share/reducescope/translations/*.qm  (whatever .qm files the build made; none is fine)
#   share/doc/reducescope/               (README.md, docs/*.md)
# The app finds share/reducescope and reducescope-cli from its own folder (app/common/data_paths.h).
# Included from the top-level CMakeLists.txt after the targets exist.

# --- programs ---------------------------------------------------------------------------------
install(TARGETS reducescope-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET reducescope)
  install(TARGETS reducescope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# --- shipped data and documentation -----------------------------------------------------------
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/results/ DESTINATION ${REDUCESCOPE_DATADIR}/results)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/traces/ DESTINATION ${REDUCESCOPE_DATADIR}/traces)
file(GLOB _rs_docs ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${_rs_docs} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/reducescope)

# --- man pages: docs/man/*.1.in with the version and date filled in, gzipped (Debian policy) ----
set(_rs_man_programs reducescope-cli)
if(TARGET reducescope)
  list(APPEND _rs_man_programs reducescope)
endif()
foreach(_rs_prog IN LISTS _rs_man_programs)
  set(_rs_page ${CMAKE_BINARY_DIR}/man/${_rs_prog}.1)
  configure_file(${CMAKE_SOURCE_DIR}/docs/man/${_rs_prog}.1.in ${_rs_page} @ONLY)
  file(ARCHIVE_CREATE OUTPUT ${_rs_page}.gz PATHS ${_rs_page} FORMAT raw COMPRESSION GZip)
  install(FILES ${_rs_page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endforeach()

# --- translations: every .qm the build made (qt_add_translations), wherever it put them --------
# Evaluated at install time, so a build without translations installs none and does not fail.
install(CODE "
  file(GLOB_RECURSE _rs_qm LIST_DIRECTORIES false \"${CMAKE_BINARY_DIR}/*.qm\")
  list(FILTER _rs_qm EXCLUDE REGEX \"/(CMakeFiles|_CPack_Packages)/\")
  if(_rs_qm)
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${REDUCESCOPE_DATADIR}/translations\" TYPE FILE FILES \${_rs_qm})
  endif()
")

if(NOT TARGET reducescope)
  return()  # REDUCESCOPE_GUI=OFF: the CLI, its man page and the data only
endif()

# --- menu entry and AppStream metainfo --------------------------------------------------------
set(_rs_desktop ${CMAKE_SOURCE_DIR}/resources/desktop/${REDUCESCOPE_APP_ID}.desktop)
set(_rs_metainfo ${CMAKE_BINARY_DIR}/desktop/${REDUCESCOPE_APP_ID}.metainfo.xml)
configure_file(${CMAKE_SOURCE_DIR}/resources/desktop/${REDUCESCOPE_APP_ID}.metainfo.xml.in ${_rs_metainfo} @ONLY)
install(FILES ${_rs_desktop} DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${_rs_metainfo} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# --- icon: the SVG, and PNGs rendered from it at build time by Qt's SVG renderer ---------------
set(REDUCESCOPE_ICON_SIZES 16 22 24 32 48 64 128 256)
set(_rs_icon_svg ${CMAKE_SOURCE_DIR}/resources/icons/reducescope.svg)
install(FILES ${_rs_icon_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
        RENAME ${REDUCESCOPE_APP_ID}.svg)
set(_rs_pngs)
foreach(_rs_size IN LISTS REDUCESCOPE_ICON_SIZES)
  set(_rs_png ${CMAKE_BINARY_DIR}/icons/${_rs_size}/${REDUCESCOPE_APP_ID}.png)
  add_custom_command(OUTPUT ${_rs_png}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/icons/${_rs_size}
    COMMAND reducescope-render-icon ${_rs_icon_svg} ${_rs_size} ${_rs_png}
    DEPENDS reducescope-render-icon ${_rs_icon_svg}
    COMMENT "Rendering the ${_rs_size}x${_rs_size} icon" VERBATIM)
  list(APPEND _rs_pngs ${_rs_png})
  install(FILES ${_rs_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${_rs_size}x${_rs_size}/apps)
endforeach()
add_custom_target(reducescope_icons ALL DEPENDS ${_rs_pngs})
