# `cmake --install`: the libraries an engine author links (tengen::core,
# tengen::playout, tengen::search, tengen::selfplay, tengen::formats, tengen::scoring), their headers, the package config, and
# the `tengen` tool. Layout under the prefix:
#   bin/tengen
#   include/tengen/{core,playout,search,selfplay,formats,scoring}/*.h
#   include/tengen/version.h                 (generated, see cmake/version.h.in)
#   lib/libtengen_{core,playout,search,selfplay,formats,scoring}.a
#   lib/cmake/tengen/tengenConfig.cmake, tengenConfigVersion.cmake, tengenTargets*.cmake
# The exported targets carry both include/tengen (so "core/board.h" works, the
# repository's own style) and include (so <tengen/core/board.h> and
# "tengen/version.h" work too). tengen_options is not exported.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The public headers, one list per installed library, lowest level first.
# Headers left out are internal or belong to the test oracle (the reference
# model is not installed).
set(tengen_core_headers
  core/types.h
  core/zobrist.h
  core/add_fields.h
  core/rules.h
  core/presets.h
  core/board.h
  core/score.h
  core/scoring.h
  core/benson.h
  core/game.h
  core/coords.h
  core/values.h)
set(tengen_playout_headers
  playout/playout_geometry.h
  playout/playout_chain.h
  playout/playout_start.h
  playout/playout_history.h
  playout/playout_area.h
  playout/playout_board.h
  playout/playout_game.h
  playout/playout_dispatch.h
  playout/rng.h
  playout/light_choice.h
  playout/policy.h
  playout/playout.h
  playout/kernel.h)
set(tengen_search_headers
  search/search.h)
set(tengen_selfplay_headers
  selfplay/digest.h
  selfplay/stats.h
  selfplay/runner.h
  selfplay/run_legs.h
  selfplay/report.h
  selfplay/partial_result.h
  selfplay/game_record.h
  selfplay/signature.h)
set(tengen_scoring_headers
  scoring/conventions.h
  scoring/dead_stones.h
  scoring/record_score.h)
set(tengen_formats_headers
  formats/sgf_tree.h
  formats/sgf_rules.h
  formats/sgf.h
  formats/record_rules.h
  formats/record_result.h
  formats/replay.h
  formats/verify.h)

foreach(library core playout search selfplay formats scoring)
  add_library(tengen::${library} ALIAS tengen_${library})
  set_target_properties(tengen_${library} PROPERTIES EXPORT_NAME ${library})
  install(FILES ${tengen_${library}_headers}
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tengen/${library})
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/generated/tengen/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tengen)

install(TARGETS tengen_core tengen_playout tengen_search tengen_selfplay tengen_formats tengen_scoring EXPORT tengenTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tengen ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS tengen RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(tengen_config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tengen)
install(EXPORT tengenTargets NAMESPACE tengen:: DESTINATION ${tengen_config_dir})
configure_package_config_file(cmake/tengenConfig.cmake.in
  ${PROJECT_BINARY_DIR}/tengenConfig.cmake INSTALL_DESTINATION ${tengen_config_dir})
# 0.x: a minor version may change the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tengenConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tengenConfig.cmake ${PROJECT_BINARY_DIR}/tengenConfigVersion.cmake
  DESTINATION ${tengen_config_dir})
