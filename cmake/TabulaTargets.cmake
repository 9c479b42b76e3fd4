# Helpers shared by every game: warnings, sanitizers, and the shape of a
# foreign library that SWI-Prolog's use_foreign_library/1 can find.

set(TABULA_FOREIGN_DIR ${CMAKE_BINARY_DIR}/foreign)
if(TABULA_PACK_LAYOUT AND SWIPL_FOUND)
  set(TABULA_FOREIGN_DIR ${PROJECT_SOURCE_DIR}/lib/${SWIPL_ARCH})
endif()

# Optimising for this CPU: -march=native where the compiler takes it (GCC,
# Clang on x86), -mcpu=native where that is the spelling (Apple Clang on
# ARM), nothing otherwise.
include(CheckCXXCompilerFlag)
set(TABULA_NATIVE_FLAG "")
if(TABULA_NATIVE)
  check_cxx_compiler_flag(-march=native TABULA_HAS_MARCH_NATIVE)
  check_cxx_compiler_flag(-mcpu=native TABULA_HAS_MCPU_NATIVE)
  if(TABULA_HAS_MARCH_NATIVE)
    set(TABULA_NATIVE_FLAG -march=native)
  elseif(TABULA_HAS_MCPU_NATIVE)
    set(TABULA_NATIVE_FLAG -mcpu=native)
  endif()
endif()

set(TABULA_SANITIZER_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer
                           -fno-sanitize-recover=undefined)

# Compile options for code of ours: warnings are errors.
function(tabula_options target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                         -Wmissing-declarations -Werror)
  if(TABULA_NATIVE_FLAG AND NOT TABULA_SANITIZE)
    target_compile_options(${target} PRIVATE ${TABULA_NATIVE_FLAG})
  endif()
  if(TABULA_SANITIZE)
    target_compile_options(${target} PRIVATE ${TABULA_SANITIZER_FLAGS} -O1 -g)
    target_link_options(${target} PRIVATE ${TABULA_SANITIZER_FLAGS})
  endif()
endfunction()

# tabula_core(<name> SOURCES ...): the Prolog-free engine of one game.
function(tabula_core name)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/cpp)
  tabula_options(${name})
endfunction()

# tabula_foreign(<name> CORE <core> SOURCES ...): the SWI-Prolog foreign
# library <name>.so, when SWI-Prolog is found. On ELF systems it does not
# link libswipl: the loading swipl provides it.
function(tabula_foreign name)
  if(NOT SWIPL_FOUND)
    return()
  endif()
  cmake_parse_arguments(ARG "" "CORE" "SOURCES" ${ARGN})
  add_library(${name} MODULE ${ARG_SOURCES})
  target_include_directories(${name} SYSTEM PRIVATE ${SWIPL_INCLUDE_DIRS})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/cpp)
  target_link_libraries(${name} PRIVATE ${ARG_CORE} ${SWIPL_MODULE_LINK})
  set_target_properties(${name} PROPERTIES PREFIX "" SUFFIX ${SWIPL_MODULE_SUFFIX} CXX_VISIBILITY_PRESET hidden
                        VISIBILITY_INLINES_HIDDEN ON
                        LIBRARY_OUTPUT_DIRECTORY ${TABULA_FOREIGN_DIR})
  tabula_options(${name})
endfunction()
