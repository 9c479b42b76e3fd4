# The SWI-Prolog the foreign libraries are built for: the one that will load
# them. Candidates, first found wins:
#   1. -DSWIPL=<swipl> (what pack_install passes: the Prolog it runs under),
#      or the environment variable SWIPL;
#   2. the swipl on PATH (pack_install puts the running one first there);
#   3. a system-wide SWIPLConfig.cmake, of any version.
# Its home, headers, architecture and version are asked of the executable
# itself, so the headers are always those of the Prolog that loads the
# libraries; a header of another version is an error, never a fallback.
# SWIPLConfig.cmake is not used for more than finding an executable: its
# version file refuses other major versions, and Debian 9.0.4's swipl.cmake
# does not parse (its `elif(`).
#
# Sets SWIPL_FOUND, SWIPL_EXECUTABLE, SWIPL_INCLUDE_DIRS, SWIPL_ARCH,
# SWIPL_VERSION (e.g. 100001), SWIPL_VERSION_STRING (10.0.1) and
# SWIPL_MODULE_SUFFIX (.so, .dylib, .dll: what use_foreign_library looks for)
# and SWIPL_MODULE_LINK (libswipl where modules must link it, else empty).
#
# -DTABULA_PROLOG=OFF builds the C++ cores and their tests only (so does the
# older -DCMAKE_DISABLE_FIND_PACKAGE_SWIPL=ON); otherwise a missing Prolog is
# an error, so that no pack is ever installed without its libraries.

option(TABULA_PROLOG "Build the SWI-Prolog foreign libraries and the plunit suites" ON)
if(CMAKE_DISABLE_FIND_PACKAGE_SWIPL)
  set(TABULA_PROLOG OFF)
endif()

set(SWIPL_FOUND OFF)
if(NOT TABULA_PROLOG)
  message(STATUS "SWI-Prolog not wanted (TABULA_PROLOG=OFF): building the C++ cores and their tests only")
  return()
endif()

set(tabula_swipl "")
if(SWIPL)
  set(tabula_swipl "${SWIPL}")
  set(tabula_swipl_from "-DSWIPL")
elseif(DEFINED ENV{SWIPL} AND NOT "$ENV{SWIPL}" STREQUAL "")
  set(tabula_swipl "$ENV{SWIPL}")
  set(tabula_swipl_from "the environment variable SWIPL")
else()
  find_program(tabula_swipl_on_path swipl NO_CACHE)
  if(tabula_swipl_on_path)
    set(tabula_swipl "${tabula_swipl_on_path}")
    set(tabula_swipl_from "PATH")
  else()
    find_package(SWIPL CONFIG QUIET)
    if(SWIPL_EXECUTABLE)
      set(tabula_swipl "${SWIPL_EXECUTABLE}")
      set(tabula_swipl_from "${SWIPL_DIR}/SWIPLConfig.cmake")
    endif()
  endif()
endif()

if(tabula_swipl STREQUAL "")
  message(FATAL_ERROR
    "SWI-Prolog not found: no -DSWIPL=..., no SWIPL in the environment, no swipl on PATH and "
    "no SWIPLConfig.cmake. Install SWI-Prolog 9 or later (its swipl on PATH), pass "
    "-DSWIPL=/path/to/swipl, or configure with -DTABULA_PROLOG=OFF for the C++ cores only.")
endif()

execute_process(COMMAND "${tabula_swipl}" --dump-runtime-variables
                OUTPUT_VARIABLE tabula_swipl_vars RESULT_VARIABLE tabula_swipl_rc
                ERROR_VARIABLE tabula_swipl_err)
if(NOT tabula_swipl_rc EQUAL 0)
  message(FATAL_ERROR "${tabula_swipl} (from ${tabula_swipl_from}) does not run: ${tabula_swipl_err}")
endif()

# Reads NAME="value"; from swipl --dump-runtime-variables.
function(tabula_swipl_var name out)
  if(tabula_swipl_vars MATCHES "${name}=\"([^\"]*)\"")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()
tabula_swipl_var(PLBASE tabula_swipl_home)
tabula_swipl_var(PLARCH SWIPL_ARCH)
tabula_swipl_var(PLVERSION SWIPL_VERSION)
tabula_swipl_var(PLLIBSWIPL tabula_swipl_libswipl)
tabula_swipl_var(PLSOEXT tabula_swipl_soext)
if(NOT SWIPL_VERSION MATCHES "^[0-9]+$" OR SWIPL_ARCH STREQUAL "")
  message(FATAL_ERROR "${tabula_swipl} did not say its version and architecture:\n${tabula_swipl_vars}")
endif()
math(EXPR tabula_major "${SWIPL_VERSION} / 10000")
math(EXPR tabula_minor "(${SWIPL_VERSION} / 100) % 100")
math(EXPR tabula_patch "${SWIPL_VERSION} % 100")
set(SWIPL_VERSION_STRING "${tabula_major}.${tabula_minor}.${tabula_patch}")
if(SWIPL_VERSION LESS 90000)
  message(FATAL_ERROR "${tabula_swipl} is SWI-Prolog ${SWIPL_VERSION_STRING}; Tabula needs 9.0 or later")
endif()

# The headers of that very Prolog: its home's include folder, else the one
# pack_install names.
set(SWIPL_INCLUDE_DIRS "")
foreach(dir "${tabula_swipl_home}/include" "$ENV{SWIPL_INCLUDE_DIRS}")
  if(NOT dir STREQUAL "" AND EXISTS "${dir}/SWI-Prolog.h")
    set(SWIPL_INCLUDE_DIRS "${dir}")
    break()
  endif()
endforeach()
if(SWIPL_INCLUDE_DIRS STREQUAL "")
  message(FATAL_ERROR "No SWI-Prolog.h for ${tabula_swipl} (looked in ${tabula_swipl_home}/include). "
                      "Install its development files (Debian: swi-prolog-nox ships them).")
endif()
file(STRINGS "${SWIPL_INCLUDE_DIRS}/SWI-Prolog.h" tabula_header_version REGEX "^#define PLVERSION [0-9]+")
string(REGEX REPLACE "^#define PLVERSION ([0-9]+).*" "\\1" tabula_header_version "${tabula_header_version}")
if(NOT tabula_header_version STREQUAL SWIPL_VERSION)
  message(FATAL_ERROR "${SWIPL_INCLUDE_DIRS}/SWI-Prolog.h is version ${tabula_header_version}, but "
                      "${tabula_swipl} is ${SWIPL_VERSION}: refusing to build for one Prolog with "
                      "the headers of another.")
endif()

# ELF systems resolve PL_* against the loading swipl; others (macOS,
# Windows) link the module against libswipl, as SWI-Prolog's own packages do.
set(SWIPL_MODULE_SUFFIX ".${tabula_swipl_soext}")
set(SWIPL_MODULE_LINK "")
if(NOT CMAKE_EXECUTABLE_FORMAT STREQUAL "ELF")
  set(SWIPL_MODULE_LINK "${tabula_swipl_libswipl}")
endif()

set(SWIPL_EXECUTABLE "${tabula_swipl}")
set(SWIPL_FOUND ON)
message(STATUS "SWI-Prolog ${SWIPL_VERSION_STRING} (${SWIPL_ARCH}): ${SWIPL_EXECUTABLE}, from ${tabula_swipl_from}")
