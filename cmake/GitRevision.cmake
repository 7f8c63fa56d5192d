# Writes OUT with the source tree's commit, for --version: at build time, so
# an incremental build names the commit it was built from, and only when the
# commit changed, so nothing rebuilds otherwise. Outside a git checkout (a
# release tarball) the revision is "unknown".
execute_process(
  COMMAND git -C ${SRC} rev-parse --short=12 HEAD
  OUTPUT_VARIABLE REV OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_QUIET RESULT_VARIABLE FAILED)
if(FAILED OR REV STREQUAL "")
  set(REV "unknown")
endif()
execute_process(
  COMMAND git -C ${SRC} status --porcelain --untracked-files=no
  OUTPUT_VARIABLE DIRTY OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT DIRTY STREQUAL "")
  set(REV "${REV}+changes")
endif()
set(TEXT "#define CAL_GIT_REVISION \"${REV}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} OLD)
endif()
if(NOT OLD STREQUAL TEXT)
  file(WRITE ${OUT} "${TEXT}")
endif()
