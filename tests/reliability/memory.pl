:- module(reliability_memory,
          [ memory_workloads/3,       % +Name, +Seed, -Workloads
            memory_run/4,             % +Workload, +Calls, +Batches, -Series
            memory_growth/2,          % +Series, -GrowthKB
            thread_cache_kb/3,        % +Threads, +Name, -PerThreadKB
            thread_cache_kb/6         % +Threads, +Game, +Options, +After, -KeptKB, -LeftKB
          ]).
/** <module> Memory that stays flat

Each workload calls one kind of predicate over and over on real positions
(legal moves, searches, nondeterministic calls cut after their first
answer); the resident set size (VmRSS) is read after each batch of calls,
once Prolog's own stacks are collected and trimmed. After the first batch
(warm-up: tables, atoms, malloc's arenas) it must stay flat.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- meta_predicate thread_cache_kb(+, +, +, 0, -, -).
:- use_module(library(tabula)).
:- use_module(library(tabula/uttt), [makeMove/3]).
:- use_module(library(tabula/futlog), [mover/3]).
:- use_module(library(tabula/fourmation), []).
:- use_module(library(tabula/crosscut), []).
:- use_module(positions).
:- use_module(workload, [rss_kb/1]).

%!  memory_workloads(+Name, +Seed, -Workloads) is det.
%
%   Workloads of game Name: workload(Label, Goals), Goals a list of goals
%   called in turn, each once.
memory_workloads(Name, Seed, [ workload(moves, Moves),
                               workload(searches, Searches),
                               workload(first_answers, Firsts) ]) :-
    ongoing_positions(Name, Seed, 30, Games),
    findall(G-M, ( member(G, Games), tabula_moves(G, Ms), random_member(M, Ms) ), Pairs),
    maplist(move_goal(Name), Pairs, Moves),
    search_budget(Name, Options),
    maplist(search_goal(Options), Games, Searches),
    maplist(first_answer_goal(Name), Games, Firsts).

% A plain predicate, not a lambda: whether library(yall) expands a lambda
% at compile time depends on load order, and so would its variables.
search_goal(Options, G, tabula_search(G, Options, _, _)).

% The course's own move predicate, with a legal move. The table is keyed
% on its first argument alone: with the pair in the head, SWI-Prolog 10's
% clause indexing picks another argument and leaves a choicepoint.
move_goal(Name, game(_, S)-M, Goal) :-
    course_move(Name, S, M, Goal).

course_move(uttt, S, M, makeMove(S, M, _)).
course_move(futlog, S, M, mover(S, M, _)).
course_move(fourmation, S, M, fourmation:move(S, M, _)).
course_move(crosscut, S, M, crosscut:move(S, M, _)).

% The course's move predicates enumerating: a foreign context is made
% and freed when the choicepoint is cut.
first_answer_goal(uttt, game(_, S), once(makeMove(S, _, _))).
first_answer_goal(futlog, game(_, S), once(mover(S, _, _))).
first_answer_goal(fourmation, game(_, S), once(fourmation:move(S, _, _))).
first_answer_goal(crosscut, G, once(tabula_move(G, _, _))).

search_budget(futlog, [nodes(100)]) :- !.
search_budget(uttt, [nodes(2000), seed(1)]) :- !.
search_budget(_, [nodes(2000)]).

%!  memory_run(+Workload, +Calls, +Batches, -Series) is det.
%
%   Makes Calls calls of Workload in Batches batches; Series is the RSS
%   (KB) before the first batch and after each.
memory_run(workload(_, Goals), Calls, Batches, [RSS0|Series]) :-
    settle(RSS0),
    PerBatch is max(1, Calls // Batches),
    length(Series, Batches),
    maplist(batch(Goals, PerBatch), Series).

batch(Goals, N, RSS) :-
    length(Goals, L),
    forall(between(1, N, I),
           ( K is I mod L, nth0(K, Goals, G), ignore(G) )),
    settle(RSS).

% trim_heap/0: the allocator (tcmalloc in Debian's SWI-Prolog) hands what
% was freed back to the system at its own pace; the reading is of memory
% in use, not of memory cached for reuse.
settle(RSS) :-
    garbage_collect,
    trim_stacks,
    trim_heap,
    rss_kb(RSS).

%!  memory_growth(+Series, -GrowthKB) is det.
%
%   Growth of the RSS after the first batch (the warm-up: tables, atoms,
%   malloc's arenas): the last reading less the one after the first batch.
memory_growth([_, Warm|After], Growth) :-
    !,
    (   last(After, Last) -> Growth is Last - Warm ; Growth = 0 ).
memory_growth(_, 0).

%!  thread_cache_kb(+Threads, +Name, -PerThreadKB) is det.
%
%   The memory a thread keeps after one search of game Name: Threads
%   threads each search once and then wait, alive, while the RSS is read.
thread_cache_kb(Threads, Name, PerThread) :-
    tabula_new(Name, [], G),
    search_budget(Name, Options),
    thread_cache_kb(Threads, G, Options, true, PerThread, _).

search_and_wait(G, Options, After, Done) :-
    thread_self(Me),
    ignore(tabula_search(G, Options, _, _)),
    call(After),
    thread_send_message(Done, searched(Me)),
    thread_get_message(exit).

%!  thread_cache_kb(+Threads, +Game, +Options, :After, -KeptKB, -LeftKB) is det.
%
%   As thread_cache_kb/3 on the position Game with the search options Options, each thread
%   calling After once it searched: KeptKB is what a thread holds then,
%   while alive; LeftKB what is left of it once every thread has ended.
thread_cache_kb(Threads, G, Options, After, Kept, Left) :-
    settle(Before),
    message_queue_create(Done),
    length(Ids, Threads),
    maplist(searcher(G, Options, After, Done), Ids),
    forall(member(_, Ids), thread_get_message(Done, searched(_))),
    settle(During),
    forall(member(Id, Ids), thread_send_message(Id, exit)),
    maplist(thread_join, Ids),
    message_queue_destroy(Done),
    settle(Ended),
    Kept is (During - Before) / Threads,
    Left is (Ended - Before) / Threads.

searcher(G, Options, After, Done, Id) :-
    thread_create(search_and_wait(G, Options, After, Done), Id, []).
