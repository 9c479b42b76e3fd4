:- module(check_core,
          [ check_run/4,              % +Game, +Program, +Options, -Report
            check_games/1,            % -Games
            check_game_predicates/2,  % +Name, -PIs
            check_replay/3,           % +Name, +History, -State
            check_prepared/2,         % +Module, -Context
            check_open/4,             % +Game, +Program, +Options, -Session
            check_close/1,            % +Session
            check_play/5,             % +Session, +History, +Player, -Move, -Outcome
            check_child_paths/1       % -SwiplArgs
          ]).
/** <module> The checker's one mechanism: positions, calls, verdicts, shrinking

A check runs a student's program in a sandbox (library(tabula/sandbox))
and asks it, position after position, what the exact engine knows: every
course predicate, in every mode the course uses, compared by
library(tabula/check_compare). Whatever is game-specific comes from the
game's *course profile* (`<game>_check.pl`), a module that registers
itself with

    check_core:profile(Game, Module).

and defines, not exported:

  - check_program(+Path, -Program): Program is
    program(Folder, Loads, Supply): the folder to copy, the goals that
    load the program there (as the course loads it), and files of ours
    copied in when the folder lacks them;
  - check_predicates(-PIs): the course predicates, Name/Arity, in the
    order of the report;
  - check_qualified(+PI, -QPI): the Module:Name/Arity the program must
    define;
  - check_setup(+Position, -S, -Setup, -SetupPI): the goal that builds the
    program's own state S for Position through the program's own
    predicates (SetupPI is the predicate to blame when it cannot);
  - check_cases(+PI, +Position, +S, +Defined, -Cases): the calls of PI at
    Position, each case(Extra, Goal, Template, Expected, Names): Extra
    names the call's varying argument (smallest first when shrinking),
    Goal uses S, Expected is what library(tabula/check_compare) takes,
    Names the variable names to print the call with;
  - check_tags(+Position, -Tags): the hard cases Position shows;
  - check_examples(-Positions): the course statement's worked examples;
  - check_show(+Position, -Text): the position drawn as
    tabula_display/1 draws it, and its setup written out.

These hooks are optional:

  - check_prepare(+Sandbox, +Program, +Defined, +Options, -Context):
    called once the program is loaded, for a profile that must ask the
    program how it speaks (its own state and move terms) before any
    position; the other hooks read Context with check_prepared/2. When
    it raises E the program is not checked (`unchecked(prepare(E))`);
  - check_starts(-OptionLists): the tabula_new/3 options of the games
    positions come from (default `[[]]`); a history from a start other
    than `[]` begins with `start(Options)`;
  - check_player(+Player, +Position, +S, +Defined, -Goal, -Template) and
    check_player_move(+Player, +Position, +Answer, -Move): the program
    as a tournament player (check_play/5): the goal that asks its
    Player predicate for a move in state S, and our move for its
    answer (the instance of Template).

A position is pos(History, State): the moves from the start (course
terms) and the engine's state after them; a worked example is
pos(example(Name, Data), State).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/sandbox)).
:- use_module(library(tabula/check_compare)).

:- multifile profile/2.

% The Context of the latest check_prepare/5 of each profile, kept after
% the run for the report and the regression tests.
:- thread_local prepared/2.

%!  check_prepared(+Module, -Context) is semidet.
%
%   Context is what the course profile Module's check_prepare/5 gave in
%   the latest check run in this thread; fails when there was none.
check_prepared(M, Context) :-
    prepared(M, Context0),
    !,
    Context = Context0.

%!  check_games(-Games) is det.
%
%   Games are the games a course profile is loaded for.
check_games(Games) :-
    findall(G, profile(G, _), Games0),
    sort(Games0, Games).

%!  check_game_predicates(+Name, -PIs) is det.
%
%   PIs are the course predicates of the game Name that a check compares, in the
%   order of the report (`[]` for a game without a course profile).
%   Raises domain_error(check_game, Name) when Name is no game.
check_game_predicates(Game, PIs) :-
    must_be(atom, Game),
    (   profile(Game, M)
    ->  M:check_predicates(PIs)
    ;   tabula_game(Game, _)
    ->  PIs = []
    ;   domain_error(check_game, Game)
    ).

game_profile(Game, M) :-
    must_be(atom, Game),
    (   profile(Game, M0)
    ->  M = M0
    ;   domain_error(check_game, Game)
    ).

%!  check_replay(+Name, +History, -State) is semidet.
%
%   State is the engine's state after the moves of History from the start
%   of Game (History may begin with start(Options), the tabula_new/3
%   options of that start); fails when a move of History is illegal there.
check_replay(Game, History, State) :-
    must_be(atom, Game),
    must_be(list, History),
    (   History = [start(Options)|Moves] -> true ; Options = [], Moves = History ),
    tabula_new(Game, Options, G0),
    foldl(replay_move, Moves, G0, game(_, State)).

replay_move(Move, G0, G) :-
    tabula_move(G0, Move, G1),
    !,
    G = G1.

                 /*******************************
                 *            THE RUN           *
                 *******************************/

%!  check_run(+Game, +Program, +Options, -Report) is det.
%
%   Report is the outcome of checking the program at Program (a file or a
%   folder, as the game's profile reads it) against the engine. Options:
%   seed(N), positions(N), budget(Seconds) (no new position after it),
%   shrink_time(Seconds) (per fault), and the sandbox's limits (time/1,
%   inferences/1, memory/1, ...; library(tabula/sandbox)).
check_run(Game, Program, Options, Report) :-
    game_profile(Game, M),
    option(seed(Seed), Options, 1),
    option(positions(NPos), Options, 300),
    must_be(integer, Seed),
    must_be(nonneg, NPos),
    M:check_program(Program, program(Folder, Loads, Supply)),
    get_time(T0),
    sandbox_options(Options, SbOptions),
    sandbox_start(Folder, SbOptions, Sb),
    call_cleanup(run_in(Game, M, Sb, Loads, Supply, Seed, NPos, [program(Program)|Options], T0, Report0),
                 sandbox_stop(Sb)),
    Report0 = report(Game, Info0, Preds),
    get_time(T1),
    Seconds is T1 - T0,
    Report = report(Game, [program(Program), seconds(Seconds)|Info0], Preds).

sandbox_options(Options, SbOptions) :-
    include(sandbox_option, Options, SbOptions0),
    (   option(time(_), SbOptions0) -> SbOptions = SbOptions0 ; SbOptions = [time(5)|SbOptions0] ).

sandbox_option(O) :-
    functor(O, N, 1),
    memberchk(N, [time, inferences, load_time, cpu, memory, stack, file_size, tmp_size,
                  output, answer_bytes, restarts, isolation, executable, swipl_args]).

run_in(Game, M, Sb, Loads, Supply, Seed, NPos, Options, T0, report(Game, Info, Preds)) :-
    load_program(M, Sb, Loads, Supply, LoadOutcomes, PIs, Defined),
    sandbox_property(Sb, isolation(Isolation)),
    Info0 = [seed(Seed), isolation(Isolation), loads(LoadOutcomes)],
    (   load_failed(LoadOutcomes, Why)
    ->  Info = [status(unchecked(Why))|Info0],
        maplist(not_checked, PIs, Preds)
    ;   Defined == []
    ->  Info = [status(unchecked(no_course_predicate))|Info0],
        maplist(not_checked, PIs, Preds)
    ;   prepare(M, Sb, Defined, Options, Prepared),
        Prepared = failed(Why)
    ->  Info = [status(unchecked(prepare(Why)))|Info0],
        maplist(not_checked, PIs, Preds)
    ;   set_random(seed(Seed)),
        positions(Game, M, NPos, Positions),
        length(Positions, NP),
        option(budget(Budget), Options, 50),
        Deadline is T0 + Budget,
        empty_assoc_tally(Tally0),
        foldl(check_position(M, Sb, PIs, Defined, Deadline), Positions, Tally0, Tally),
        tally_positions(Tally, Checked),
        option(shrink_time(ShrinkTime), Options, 10),
        maplist(pred_result(Game, M, Sb, Defined, Tally, ShrinkTime), PIs, Preds),
        Info = [status(checked), positions(Checked, NP)|Info0]
    ).

% The program loaded in the sandbox as its course loads it, our files
% supplied where its folder lacks them; Defined: the course predicates
% it defines.
load_program(M, Sb, Loads, Supply, LoadOutcomes, PIs, Defined) :-
    sandbox_property(Sb, scratch(Scratch)),
    forall(member(File, Supply), supply(File, Scratch)),
    maplist(load_goal(Sb), Loads, LoadOutcomes),
    M:check_predicates(PIs),
    maplist(M:check_qualified, PIs, QPIs),
    sandbox_defined(Sb, QPIs, DefinedQ),
    findall(PI, ( nth1(I, PIs, PI), nth1(I, QPIs, Q), memberchk(Q, DefinedQ) ), Defined).

                 /*******************************
                 *      PLAYING A PROGRAM       *
                 *******************************/

%!  check_open(+Game, +Program, +Options, -Session) is det.
%
%   Session is the program at Program (as the game's course profile
%   reads a program) loaded in a sandbox and prepared as for a check,
%   ready for check_play/5; Options are the sandbox's (time/1, ...;
%   swipl_args/1 defaults to check_child_paths/1).
%   Raises check_program(Why) when the program does not load, defines
%   no course predicate, or cannot be made sense of. check_close/1 ends
%   it.
check_open(Game, Program, Options, session(Game, M, Sb, Defined)) :-
    game_profile(Game, M),
    must_be(list, Options),
    M:check_program(Program, program(Folder, Loads, Supply)),
    (   option(swipl_args(_), Options)
    ->  Options1 = Options
    ;   check_child_paths(Paths),
        Options1 = [swipl_args(Paths)|Options]
    ),
    sandbox_options(Options1, SbOptions),
    sandbox_start(Folder, SbOptions, Sb),
    catch(( load_program(M, Sb, Loads, Supply, LoadOutcomes, _, Defined),
            (   load_failed(LoadOutcomes, Why)
            ->  throw(check_program(Why))
            ;   Defined == []
            ->  throw(check_program(no_course_predicate))
            ;   prepare(M, Sb, Defined, [program(Program)|Options], failed(Why))
            ->  throw(check_program(prepare(Why)))
            ;   true
            ) ),
          E,
          ( sandbox_stop(Sb), throw(E) )).

%!  check_child_paths(-SwiplArgs) is det.
%
%   SwiplArgs are the `-p` arguments with which a child `swipl` finds our
%   libraries where this process found them (a pack, or a checkout run
%   with -p), whatever its own search paths.
check_child_paths(Args) :-
    module_property(check_core, file(Self)),
    file_directory_name(Self, TabulaDir),
    file_directory_name(TabulaDir, LibDir),
    format(atom(LibArg), 'library=~w', [LibDir]),
    (   absolute_file_name(foreign(tabula_uttt), F,
                           [file_type(executable), access(read), file_errors(fail)])
    ->  file_directory_name(F, ForeignDir),
        format(atom(ForArg), 'foreign=~w', [ForeignDir]),
        Args = ['-p', LibArg, '-p', ForArg]
    ;   Args = ['-p', LibArg]
    ).

%!  check_close(+Session) is det.
%
%   Ends Session: its sandbox stops.
check_close(session(_, _, Sb, _)) :-
    sandbox_stop(Sb).

%!  check_play(+Session, +History, +Player, -Move, -Outcome) is det.
%
%   Asks the program of Session for its move after History (our moves
%   from the start, as check_replay/3 takes them), its state built with
%   its own predicates as a check builds it. Player is the program's
%   player predicate as its course profile reads it (e.g. `greedy`,
%   `hacer_jugada`, `choose_move(2)`). Outcome is `ok` with Move our
%   move term for the program's answer (not yet checked for legality),
%   or what the sandbox said instead (failed, error(E), timeout, a
%   crash, ...; Move unbound), or `setup(Outcome)` when its state could
%   not be built.
check_play(session(Game, M, Sb, Defined), History, Player, Move, Outcome) :-
    (   check_replay(Game, History, State)
    ->  true
    ;   domain_error(legal_history, History)
    ),
    Position = pos(History, State),
    M:check_setup(Position, S, Setup, _),
    (   M:check_player(Player, Position, S, Defined, Goal, Template)
    ->  true
    ;   domain_error(course_player, Player)
    ),
    copy_term(S-Setup-Goal-Template, _-Setup1-Goal1-Template1),
    sandbox_run(Sb, Setup1, [g(Goal1, Template1, 1)], SetupOutcome, Outcomes),
    (   SetupOutcome \= answers([_], _)
    ->  Outcome = setup(SetupOutcome)
    ;   Outcomes = [answers([Answer], _)]
    ->  (   M:check_player_move(Player, Position, Answer, Move0)
        ->  Move = Move0, Outcome = ok
        ;   Outcome = unreadable(Answer)
        )
    ;   Outcomes = [answers([], _)]
    ->  Outcome = failed
    ;   Outcomes = [Outcome0]
    ->  Outcome = Outcome0
    ;   Outcome = not_run
    ).

% Prepared is `ok`, or failed(Why) when the profile's check_prepare/5
% cannot make sense of the program.
prepare(M, Sb, Defined, Options, Prepared) :-
    retractall(prepared(M, _)),
    (   current_predicate(M:check_prepare/5)
    ->  option(program(Program), Options, none),
        catch(( M:check_prepare(Sb, Program, Defined, Options, Context)
              ->  assertz(prepared(M, Context)),
                  Prepared = ok
              ;   Prepared = failed(failed)
              ),
              E, Prepared = failed(E))
    ;   Prepared = ok
    ).

supply(File, Scratch) :-
    file_base_name(File, Base),
    directory_file_path(Scratch, Base, Target),
    (   exists_file(Target) -> true ; copy_file(File, Target) ).

load_goal(Sb, Goal, Goal-Outcome) :-
    sandbox_load(Sb, Goal, Outcome).

% A load that did not run to its end (halted, crashed, looping, raising)
% leaves nothing to check. Errors printed while loading (a syntax error
% in one clause) leave the rest of the program, which is checked.
load_failed(LoadOutcomes, Why) :-
    member(Goal-Outcome, LoadOutcomes),
    \+ Outcome = loaded(answers([_], _), _, _),
    !,
    (   Outcome = loaded(O, _, _) -> Why = load(Goal, O) ; Why = load(Goal, Outcome) ).

not_checked(PI, pred(PI, unchecked, 0, [])).

                 /*******************************
                 *           POSITIONS          *
                 *******************************/

% The worked examples, then positions of random games chosen so that
% every hard case (tag) the games show is among them (up to three of each,
% the shortest first), then random positions of those games.
positions(Game, M, N, Positions) :-
    (   catch(M:check_examples(Examples), _, fail) -> true ; Examples = [] ),
    Games is max(4, N // 8),
    (   catch(M:check_starts(Starts), _, fail) -> true ; Starts = [[]] ),
    random_games(Game, Starts, Games, Walks),
    append(Walks, Candidates0),
    sort(Candidates0, Candidates),
    findall(Tag-P, ( member(P, Candidates), M:check_tags(P, Tags), member(Tag, Tags) ), TagPairs),
    keysort(TagPairs, Sorted),
    group_pairs_by_key(Sorted, ByTag),
    findall(P, ( member(_-Ps, ByTag), shortest_first(Ps, Short), first_n(3, Short, Some), member(P, Some) ), Hard0),
    list_to_set(Hard0, Hard),
    subtract(Candidates, Hard, Rest),
    random_permutation(Rest, Shuffled),
    append(Examples, Hard, Chosen0),
    length(Chosen0, NC),
    Fill is max(0, N - NC),
    first_n(Fill, Shuffled, Fillers),
    append(Chosen0, Fillers, Positions).

shortest_first(Ps, Sorted) :-
    map_list_to_pairs(history_length, Ps, Keyed),
    keysort(Keyed, SortedPairs),
    pairs_values(SortedPairs, Sorted).

history_length(pos(H, _), L) :-
    (   is_list(H) -> length(H, L) ; L = 0 ).

first_n(N, List, Prefix) :-
    length(List, L),
    (   L =< N -> Prefix = List ; length(Prefix, N), append(Prefix, _, List) ).

% The games go round the starts.
random_games(Game, Starts, N, Walks) :-
    length(Starts, NS),
    findall(Walk, ( between(1, N, I), J is (I - 1) mod NS, nth0(J, Starts, Start),
                    random_game(Game, Start, Walk) ), Walks).

random_game(Game, Start, Positions) :-
    tabula_new(Game, Start, G0),
    (   Start == [] -> Rev0 = [] ; Rev0 = [start(Start)] ),
    walk(G0, Rev0, 400, Positions).

walk(game(Name, State), RevHistory, Left, [pos(History, State)|Rest]) :-
    reverse(RevHistory, History),
    (   Left > 0,
        tabula_moves(game(Name, State), Moves),
        Moves \== []
    ->  random_member(Move, Moves),
        once(tabula_move(game(Name, State), Move, G1)),
        Left1 is Left - 1,
        walk(G1, [Move|RevHistory], Left1, Rest)
    ;   Rest = []
    ).

                 /*******************************
                 *        ONE POSITION          *
                 *******************************/

% The tally: per predicate, the calls made and the faults seen (kind,
% position, case), newest first; the positions checked; and per
% predicate the costly faults so far (PI-Count), kept apart so that
% choosing the predicates to call does not walk every entry at every
% position.
empty_assoc_tally(tally(0, [], [])).

tally_positions(tally(N, _, _), N).

check_position(M, Sb, PIs, Defined, Deadline, Position, Tally0, Tally) :-
    get_time(Now),
    (   Now > Deadline
    ->  Tally = Tally0
    ;   Tally0 = tally(N0, Entries0, Costly0),
        exclude(suspended(Costly0), Defined, Active),
        position_results(M, Sb, PIs, Active, Position, Results),
        N is N0 + 1,
        append(Results, Entries0, Entries),
        foldl(count_costly, Results, Costly0, Costly),
        Tally = tally(N, Entries, Costly)
    ).

% A predicate that has hung, crashed or halted three times is not called
% again: each such call costs the whole time limit or a restart.
suspended(Costly, PI) :-
    memberchk(PI-N, Costly),
    N >= 3.

count_costly(Result, Costly0, Costly) :-
    (   Result = fault(PI, Kind, _, _, _),
        costly(Kind)
    ->  (   selectchk(PI-N0, Costly0, Rest) -> N is N0 + 1 ; N = 1, Rest = Costly0 ),
        Costly = [PI-N|Rest]
    ;   Costly = Costly0
    ).

costly(Kind) :-
    memberchk(Kind, [timeout, inference_limit, stack_overflow, memory, crashed, halted,
                     output_overflow, not_run]).

%   Results: calls(PI, Count) and fault(PI, Kind, Position, Case, Verdict).
position_results(M, Sb, PIs, Defined, Position, Results) :-
    M:check_setup(Position, S, Setup, SetupPI),
    % the cases share the setup's S (pred_cases/7 keeps it)
    foldl(pred_cases(M, Position, S, Defined), PIs, Pairs, []),
    pairs_values(Pairs, Cases),
    maplist(case_goal, Cases, Goals),
    sandbox_run(Sb, Setup, Goals, SetupOutcome, Outcomes),
    (   SetupOutcome = answers([_], _)
    ->  pair_results(Pairs, Outcomes, Position, Results0),
        counts(Pairs, Counts),
        append(Counts, Results0, Results)
    ;   memberchk(SetupPI, Defined)
    ->  setup_verdict(SetupOutcome, Verdict),
        Results = [ calls(SetupPI, 1),
                    fault(SetupPI, Kind, Position, setup(S, Setup), Verdict) ],
        Verdict = fault(Kind, _)
    ;   Results = []
    ).

% The faults among the outcomes, each case with its own outcome (in
% step: the cases are many, nth1/3 on both lists cost their square).
pair_results([], _, _, []).
pair_results([PI-Case|Pairs], Outcomes0, Position, Results) :-
    (   Outcomes0 = [Outcome|Outcomes]
    ->  (   case_result(PI, Position, Case, Outcome, R0)
        ->  copy_term(R0, R),
            Results = [R|Results1]
        ;   Results = Results1
        ),
        pair_results(Pairs, Outcomes, Position, Results1)
    ;   Results = []
    ).

% Not through findall/3: every case must keep the setup's variable S.
pred_cases(M, Position, S, Defined, PI, Pairs, Tail) :-
    (   memberchk(PI, Defined),
        M:check_cases(PI, Position, S, Defined, Cases)
    ->  true
    ;   Cases = []
    ),
    foldl(pred_case(PI), Cases, Pairs, Tail).

pred_case(PI, Case, [PI-Case|Tail], Tail).

setup_verdict(Outcome, Verdict) :-
    (   Outcome = answers([], _)
    ->  Verdict = fault(failed, no_answer)
    ;   check_verdict(one(true), Outcome, Verdict0),
        (   Verdict0 == agree -> Verdict = fault(failed, no_answer) ; Verdict = Verdict0 )
    ).

counts(Pairs, Counts) :-
    pairs_keys(Pairs, Keys),
    msort(Keys, Sorted),
    clumped_pairs(Sorted, Counts).

clumped_pairs(Sorted, Counts) :-
    clumped(Sorted, Clumps),
    findall(calls(PI, N), member(PI-N, Clumps), Counts).

case_goal(case(_, Goal, Template, Expected, _), g(Goal, Template, Max)) :-
    expected_max(Expected, Max).

expected_max(one(_), 2).
expected_max(none, 1).
expected_max(some, 1).
expected_max(member(_), 1).
expected_max(bag(Vs), Max) :-
    length(Vs, L),
    Max is 2 * L + 10.

case_result(PI, Position, Case, Outcome, fault(PI, Kind, Position, Case, Verdict)) :-
    Case = case(_, _, _, Expected, _),
    check_verdict(Expected, Outcome, Verdict),
    Verdict = fault(Kind, _).

                 /*******************************
                 *     RESULTS, SHRINKING       *
                 *******************************/

pred_result(_, _, _, Defined, _, _, PI, pred(PI, undefined, 0, [])) :-
    \+ memberchk(PI, Defined),
    !.
pred_result(Game, M, Sb, Defined, tally(_, Entries, _), ShrinkTime, PI, pred(PI, Status, Calls, Faults)) :-
    aggregate_all(sum(N), member(calls(PI, N), Entries), Calls),
    findall(Kind-f(Position, Case, Verdict),
            member(fault(PI, Kind, Position, Case, Verdict), Entries), Found0),
    reverse(Found0, Found),
    pairs_keys(Found, Kinds0),
    msort(Kinds0, KindsSorted),
    clumped(KindsSorted, KindCounts),
    findall(fault(Kind, Count, Example),
            ( member(Kind-Count, KindCounts),
              first_of_kind(Kind, Found, First),
              shrink(Game, M, Sb, Defined, PI, Kind, First, ShrinkTime, Example) ),
            Faults),
    status(Calls, Faults, Status).

% A fault seen in a random game can be shrunk; one seen only in a worked
% example is shown there.
first_of_kind(Kind, Found, First) :-
    (   member(Kind-First, Found),
        First = f(pos(History, _), _, _),
        is_list(History)
    ->  true
    ;   memberchk(Kind-First, Found)
    ).

status(Calls, Faults, Status) :-
    (   Faults == []
    ->  (   Calls > 0 -> Status = agreed ; Status = unreached )
    ;   forall(member(fault(K, _, _), Faults), memberchk(K, [timeout, inference_limit]))
    ->  Status = timed_out
    ;   Status = faulty
    ).

%   The shortest history showing the same fault of the same predicate:
%   its shortest prefix that does, then plies removed (pairs, then single
%   ones) as long as the game stays legal and the fault stays, then the
%   smallest argument at the position found.
shrink(Game, M, Sb, Defined, PI, Kind, f(Position, Case, Verdict), ShrinkTime, Example) :-
    get_time(T0),
    Deadline is T0 + ShrinkTime,
    Position = pos(History, _),
    (   is_list(History)
    ->  Probe = probe(Game, M, Sb, Defined, PI, Kind, Deadline),
        shortest_prefix(Probe, History, Found0),
        (   Found0 = found(H1, C1, V1) -> true ; H1 = History, C1 = Case, V1 = Verdict ),
        drop_plies(Probe, H1, C1-V1, H2, C2-V2),
        check_replay(Game, H2, S2),
        Example = example(pos(H2, S2), C2, V2)
    ;   Example = example(Position, Case, Verdict)
    ).

shortest_prefix(Probe, History, Found) :-
    length(History, L),
    (   between(0, L, K),
        length(Prefix, K),
        append(Prefix, _, History),
        (   in_time(Probe) -> true ; !, fail ),
        shows(Probe, Prefix, Case, Verdict)
    ->  Found = found(Prefix, Case, Verdict)
    ;   Found = none
    ).

drop_plies(Probe, H0, CV0, H, CV) :-
    (   in_time(Probe),
        length(H0, L),
        member(Width, [2, 1]),
        between(1, L, I),
        I0 is I - 1,
        length(Before, I0),
        append(Before, After0, H0),
        length(Dropped, Width),
        append(Dropped, After, After0),
        append(Before, After, H1),
        Probe = probe(Game, _, _, _, _, _, _),
        check_replay(Game, H1, _),
        shows(Probe, H1, C1, V1)
    ->  drop_plies(Probe, H1, C1-V1, H, CV)
    ;   H = H0, CV = CV0
    ).

in_time(probe(_, _, _, _, _, _, Deadline)) :-
    get_time(Now),
    Now < Deadline.

% The history shows the fault: one of PI's calls there (the smallest
% argument first) gets a verdict of the same kind.
shows(probe(Game, M, Sb, Defined, PI, Kind, _), History, Case, Verdict) :-
    check_replay(Game, History, State),
    Position = pos(History, State),
    M:check_setup(Position, S, Setup, SetupPI),
    (   SetupPI == PI, Kind \== none,
        copy_term(S-Setup, S1-Setup1),
        sandbox_run(Sb, Setup1, [], SetupOutcome, _),
        \+ SetupOutcome = answers([_], _)
    ->  setup_verdict(SetupOutcome, Verdict),
        Verdict = fault(Kind, _),
        Case = setup(S1, Setup1)
    ;   M:check_cases(PI, Position, S, Defined, Cases0),
        Cases0 \== [],
        sort(1, @=<, Cases0, Cases),
        copy_term(S-Setup-Cases, _-Setup2-Cases1),
        maplist(case_goal, Cases1, Goals),
        sandbox_run(Sb, Setup2, Goals, SetupOutcome2, Outcomes),
        SetupOutcome2 = answers([_], _),
        nth1(I, Cases1, Case),
        nth1(I, Outcomes, Outcome),
        Case = case(_, _, _, Expected, _),
        check_verdict(Expected, Outcome, Verdict),
        Verdict = fault(Kind, _)
    ->  true
    ).
