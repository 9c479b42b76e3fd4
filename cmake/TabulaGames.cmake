# The list of games lives in one place, prolog/tabula/games.pl, as facts
# tabula_game_name(Name). listed in menu order; the build reads it from there.
file(STRINGS ${PROJECT_SOURCE_DIR}/prolog/tabula/games.pl game_lines
     REGEX "^tabula_game_name\\([a-z_0-9]+\\)\\.")
set(TABULA_ALL_GAMES "")
foreach(line ${game_lines})
  string(REGEX REPLACE "^tabula_game_name\\(([a-z_0-9]+)\\)\\..*" "\\1" game "${line}")
  list(APPEND TABULA_ALL_GAMES ${game})
endforeach()
if(NOT TABULA_ALL_GAMES)
  message(FATAL_ERROR "No game listed in prolog/tabula/games.pl")
endif()
