:- module(reliability_workload,
          [ game_tasks/4,             % +Name, +Seed, +Options, -Tasks
            run_task/2,               % +Task, -Result
            run_tasks/2,              % +Tasks, -Results
            threads_agree/5,          % +Tasks, +Threads, +Rounds, -Checked, -Mismatches
            repeats_agree/4,          % +Tasks, +Rounds, -Checked, -Mismatches
            rss_kb/1                  % -KB
          ]).
/** <module> Work whose results must not depend on when, where or how often it runs

A task is a computation of a game with one exact answer: perft, the set of
legal moves, and searches bounded by depth or nodes (never by time), with
the move, score, depth and node count they report. Running a task again,
in the same thread or in another, at the same time as other tasks or not,
must give the same answer.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(thread)).
:- use_module(library(random)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/fourmation_tools), [fourmation_engine_move/3]).
:- use_module(positions).

%!  game_tasks(+Name, +Seed, +Options, -Tasks) is det.
%
%   Tasks of game Name on positions of random games drawn from Seed.
%   Options: positions(N) (default 6), heavy(false) to leave out the
%   searches that cost most (for the sanitizer build).
game_tasks(Name, Seed, Options, Tasks) :-
    (   memberchk(positions(N), Options) -> true ; N = 6 ),
    (   memberchk(heavy(Heavy), Options) -> true ; Heavy = true ),
    ongoing_positions(Name, Seed, N, Games),
    tabula_new(Name, [], Start),
    findall(T, ( member(G, [Start|Games]), game_task(Name, Heavy, G, T) ), Tasks).

game_task(_, _, G, task(perft(2), G)).
game_task(_, _, G, task(moves, G)).
game_task(Name, Heavy, G, task(search(Options), G)) :-
    search_options(Name, Options),
    (   Heavy == false -> \+ heavy_search(Name, Options) ; true ).

% 4Mation's default search weighs the opponent's mistakes with dozens of
% further searches: the sanitizer build runs it forty times slower.
heavy_search(fourmation, Options) :- is_list(Options).

% Searches bounded by what they do, not by the clock: the depths of the
% course engines' usual searches, and node budgets.
search_options(uttt, [nodes(3000), seed(11)]).
search_options(uttt, [nodes(500), seed(3)]).
search_options(futlog, [depth(2)]).
search_options(futlog, [nodes(400)]).
search_options(fourmation, [depth(3)]).
search_options(fourmation, [nodes(5000)]).
search_options(fourmation, fourmation_plain([depth(4), seek_mistakes(false)])).
search_options(crosscut, [depth(3)]).
search_options(crosscut, [nodes(5000)]).

%!  run_task(+Task, -Result) is det.
run_task(task(perft(D), G), perft(N)) :-
    tabula_perft(G, D, N).
run_task(task(moves, G), moves(Ms)) :-
    findall(M, tabula_move(G, M, _), Ms0),
    msort(Ms0, Ms).
run_task(task(search(fourmation_plain(Options)), game(fourmation, S)), Result) :-
    !,
    (   fourmation_engine_move(S, [info(search(Score, Depth, Nodes, _, Proven))|Options], Move)
    ->  Result = search(Move, Score, Depth, Nodes, Proven)
    ;   Result = no_move
    ).
run_task(task(search(Options), G), Result) :-
    (   tabula_search(G, Options, Move, search(Score, Depth, Nodes, _, Proven))
    ->  Result = search(Move, Score, Depth, Nodes, Proven)
    ;   Result = no_move
    ).

%!  run_tasks(+Tasks, -Results) is det.
run_tasks(Tasks, Results) :-
    maplist(run_task, Tasks, Results).

%!  repeats_agree(+Tasks, +Rounds, -Checked, -Mismatches) is det.
%
%   Runs Tasks Rounds times in this thread, in a new random order each
%   round; Mismatches are mismatch(Task, First, Later) for every answer
%   that differs from the first round's.
repeats_agree(Tasks, Rounds, Checked, Mismatches) :-
    run_tasks(Tasks, Reference),
    pairs_keys_values(Pairs, Tasks, Reference),
    round_mismatches(Pairs, Rounds, Checked, Mismatches).

round_mismatches(Pairs, Rounds, Checked, Mismatches) :-
    findall(M,
            ( between(2, Rounds, _),
              random_permutation(Pairs, Shuffled),
              member(Task-Expected, Shuffled),
              run_task(Task, Got),
              Got \== Expected,
              M = mismatch(Task, Expected, Got) ),
            Mismatches),
    length(Pairs, N),
    Checked is N * max(0, Rounds - 1).

%!  threads_agree(+Tasks, +Threads, +Rounds, -Checked, -Mismatches) is det.
%
%   The answers of Tasks in this thread are the reference; then Threads
%   threads run all of them at once, Rounds times each in their own random
%   order. Mismatches as repeats_agree/4, Checked the answers compared.
threads_agree(Tasks, Threads, Rounds, Checked, Mismatches) :-
    run_tasks(Tasks, Reference),
    pairs_keys_values(Pairs, Tasks, Reference),
    length(Ids, Threads),
    numlist(1, Threads, Seeds),
    message_queue_create(Queue),
    maplist([Id, Seed]>>thread_create(thread_rounds(Pairs, Rounds, Seed, Queue), Id, []), Ids, Seeds),
    maplist([Id, Ms]>>thread_get_message(Queue, result(Id, Ms)), Ids, Lists),
    maplist(thread_join, Ids),
    message_queue_destroy(Queue),
    append(Lists, Mismatches),
    length(Pairs, N),
    Checked is N * Rounds * Threads.

thread_rounds(Pairs, Rounds, Seed, Queue) :-
    thread_self(Me),
    catch(( set_random(seed(Seed)),
            R is Rounds + 1,
            round_mismatches(Pairs, R, _, Mismatches) ),
          E,
          Mismatches = [thread_error(E)]),
    thread_send_message(Queue, result(Me, Mismatches)).

%!  rss_kb(-KB) is det.
%
%   The resident set size of this process (VmRSS of /proc/self/status).
rss_kb(KB) :-
    read_file_to_string('/proc/self/status', Text, []),
    split_string(Text, "\n", "", Lines),
    member(Line, Lines),
    string_concat("VmRSS:", Rest, Line),
    !,
    split_string(Rest, " \t", " \t", Parts),
    member(P, Parts), P \== "",
    number_string(KB, P),
    !.
