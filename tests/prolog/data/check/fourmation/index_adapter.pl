% The adapter of index.pl: our move L-C (0-based line and column on the
% course's 7 x 7 board) is its cell number.
tabula_move(L-C, I) :- I is L * 7 + C + 1.
