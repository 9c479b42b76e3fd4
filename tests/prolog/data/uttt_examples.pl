% Positions shared by the UTTT suites.

% The statement's figure: last move in cell w, x to move.
uttt_statement_boards([[0, '', x, x, '', x, '', '', x],
                       [x, '', '', 0, '', 0, '', 0, ''],
                       [0, '', 0, '', '', '', '', '', x],
                       [0, '', '', '', '', '', '', '', ''],
                       [x, x, x, '', '', '', '', '', 0],
                       [0, x, '', '', '', '', '', '', ''],
                       ['', '', '', '', '', '', '', '', 0],
                       ['', x, '', '', 0, '', '', x, ''],
                       ['', 0, '', '', 0, '', x, 0, x]]).
