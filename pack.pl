name(tabula).
version('0.1.0').
title('Fast board-game engines (C++) with course-compatible Prolog APIs').
keywords([games, uttt, paper_soccer, '4mation', crosscut, alphabeta, mcts]).
author('Tabula developers', 'dev@tabula.invalid').
pack_version(2).
requires(prolog >= '9.0.0').
