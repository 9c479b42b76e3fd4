:- module(test_futlog_dropin, []).
/*  The drop-in files examples/dropin/futlog/{juego,inteligencia}.pl in a
    scratch course folder, next to a small stand-in for the course's servers:
    a module that does use_module(juego) and use_module(inteligencia) from
    that folder and talks to them the way the servers do (states as text,
    written with ~w and read back with term_string/2, requests handled in
    several threads, make/0 before each request).
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(test_support).

stand_in_server(Text) :-
    Text = ":- module(servidor, [main/0]).
:- use_module(juego).
:- use_module(inteligencia).
:- use_module(library(thread)).

% One request: the state arrives as text, the answer leaves as text.
request(Text, Answer) :-
    make,
    term_string(E, Text),
    (   hacer_jugada(E, LP, E2)
    ->  format(string(Answer), '~w~n~w', [LP, E2])
    ;   Answer = none
    ).

play(Text, Plies, Result) :-
    term_string(E, Text),
    (   gol(E, N) -> Result = goal(N)
    ;   \\+ mover(E, _, _) -> turno(E, P), Result = stuck(P)
    ;   Plies > 200 -> Result = too_long
    ;   request(Text, Answer),
        split_string(Answer, '\\n', '', [LPText, E2Text]),
        term_string(LP, LPText),
        term_string(E2, E2Text),
        mover(E, LP, E3), E3 == E2,
        LP = [First|_],
        (   LP = [_,_|_] -> append(Prefix, [_], LP), prefijo_movimiento(E, Prefix) ; true ),
        \\+ prefijo_movimiento(E, LP),
        First = p(X, Y), integer(X), integer(Y),
        format(string(Page), '~w', [[E2, LP]]),
        term_string([E2b, _], Page), E2b == E2,
        turno(E2, T), format(string(TT), '~w', [T]), memberchk(TT, [\"1\", \"2\"]),
        P1 is Plies + 1,
        play(E2Text, P1, Result)
    ).

main :-
    set_prolog_flag(futlog_time_limit, 0.05),
    cantidad_casilleros(8, 10),
    nombre(Name), string(Name),
    niveles_minimax(L), integer(L),
    estado_inicial(E0),
    format(string(Text0), '~w', [E0]),
    posicion_pelota(E0, p(0,0)),
    \\+ prefijo_movimiento(E0, [p(9,9)]),
    \\+ prefijo_movimiento(E0, foo),
    findall(LP, mover(E0, LP, _), Moves), length(Moves, 8),
    % Several handler threads at once, as the servers run them. One make/0
    % first: SWI-Prolog 10's first make/0 loads library(check) and
    % library(prolog_clause), and a make/0 in another thread meanwhile
    % reports prolog_clause's public predicates as having no clauses (a
    % race in make/0 itself, whatever the files hold).
    make,
    concurrent_forall(between(1, 4, _), play(Text0, 0, _), [threads(4)]),
    play(Text0, 0, Result),
    format('result ~w~n', [Result]).
".

:- begin_tests(futlog_dropin).

test(course_folder) :-
    scratch_folder(futlog_course, Dir),
    source_file_path('examples/dropin/futlog/juego.pl', Juego),
    source_file_path('examples/dropin/futlog/inteligencia.pl', Inteligencia),
    copy_into(Juego, Dir),
    copy_into(Inteligencia, Dir),
    stand_in_server(Server),
    write_file(Dir, 'servidor.pl', Server),
    run_swipl(Dir, ['-g', main, '-t', halt, 'servidor.pl'], Status, Out, Err),
    (   Status == 0
    ->  true
    ;   format(user_error, "~s~n~s~n", [Out, Err])
    ),
    assertion(Status == 0),
    assertion(( sub_string(Out, _, _, _, "result goal(")
              ; sub_string(Out, _, _, _, "result stuck(") )).

test(exact_exports) :-
    source_file_path('examples/dropin/futlog/juego.pl', Juego),
    source_file_path('examples/dropin/futlog/inteligencia.pl', Inteligencia),
    module_header(Juego, juego, JE),
    assertion(JE == [cantidad_casilleros/2, estado_inicial/1, posicion_pelota/2, mover/3,
                     prefijo_movimiento/2, gol/2, turno/2]),
    module_header(Inteligencia, inteligencia, IE),
    assertion(IE == [nombre/1, niveles_minimax/1, hacer_jugada/3]).

module_header(File, Name, Exports) :-
    setup_call_cleanup(open(File, read, S),
                       read_term(S, (:- module(Name, Exports)), []),
                       close(S)).

:- end_tests(futlog_dropin).
