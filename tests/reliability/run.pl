/*  The long form of the reliability suites, run by scripts/reliability:

        swipl -p foreign=<dir> -p library=prolog tests/reliability/run.pl [options]

    Options (all optional):
        --only=fuzz,threads,determinism,memory,interrupts,http
        --calls=N        fuzz calls per game            (default 1000000)
        --rounds=N       determinism rounds             (default 400)
        --thread-rounds=N  rounds of each of 8 threads  (default 50)
        --moves=N        memory: move calls per game    (default 1000000)
        --searches=N     memory: searches per game      (default 1000)
        --firsts=N       memory: first answers per game (default 100000)
        --repeats=N      interrupts: runs of each case  (default 10)
        --requests=N     HTTP requests                  (default 10000)
        --seed=S         seed of every random choice    (default: new, printed)
        --trace=FILE     fuzz: every call appended to FILE before it is made
        --jobs=N         fuzz: games fuzzed at once     (default 2)

    The figures are printed as Markdown on standard output; progress goes
    to standard error. The exit status is 1 when anything was found.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(main)).
:- use_module(library(thread)).
:- use_module(library(tabula)).
:- use_module(fuzz).
:- use_module(workload).
:- use_module(memory).
:- use_module(interrupts).
:- use_module(http).
:- use_module(positions).

:- discontiguous part/4.

:- initialization(main, main).

main(Argv) :-
    argv_options(Argv, _, Options),
    setting(seed, Options, random, Seed0),
    (   Seed0 == random -> random_between(1, 1000000000, Seed) ; Seed = Seed0 ),
    setting(only, Options, 'fuzz,threads,determinism,memory,interrupts,http', Only0),
    atomic_list_concat(Only, ',', Only0),
    sanitized(Sanitized),
    machine(Machine),
    format("# Reliability figures~n~n"),
    format("Seed ~d (replay: scripts/reliability --seed=~d ...); ~w; ~w build.~n",
           [Seed, Seed, Machine, Sanitized]),
    flush_output,
    foldl(run_part(Options, Seed), Only, 0, Findings),
    format("~nFindings: ~d.~n", [Findings]),
    (   Findings =:= 0 -> halt(0) ; halt(1) ).

setting(Name, Options, Default, Value) :-
    Opt =.. [Name, V],
    (   memberchk(Opt, Options) -> Value = V ; Value = Default ).

sanitized(Build) :-
    (   getenv('TABULA_SANITIZED', V), V \== '0' -> Build = 'ASan + UBSan' ; Build = release ).

machine(Text) :-
    catch(( read_file_to_string('/proc/cpuinfo', Info, []),
            split_string(Info, "\n", "", Lines),
            member(L, Lines), string_concat("model name", Rest, L), !,
            split_string(Rest, ":", " \t", [_, Model|_]) ), _, Model = "?"),
    catch(( read_file_to_string('/proc/loadavg', Load, []),
            split_string(Load, " ", "", [L1|_]) ), _, L1 = "?"),
    current_prolog_flag(cpu_count, Cores),
    format(string(Text), "~w, ~d cores, load average ~w at the start", [Model, Cores, L1]).

progress(Format, Args) :-
    format(user_error, "~N% ", []),
    format(user_error, Format, Args),
    nl(user_error).

run_part(Options, Seed, Part, F0, F) :-
    get_time(T0),
    progress("~w ...", [Part]),
    part(Part, Options, Seed, N),
    get_time(T1),
    Secs is T1 - T0,
    format("~n(~w: ~1f s)~n", [Part, Secs]),
    flush_output,
    F is F0 + N.

                 /*******************************
                 *             FUZZ             *
                 *******************************/

part(fuzz, Options, Seed, Findings) :-
    setting(calls, Options, 1000000, Calls),
    setting(jobs, Options, 2, Jobs),
    (   setting(trace, Options, none, Trace), Trace \== none -> Extra = [trace(Trace)] ; Extra = [] ),
    reliability_games(Games),
    concurrent_maplist_jobs(Jobs, fuzz_one([calls(Calls), seed(Seed)|Extra]), Games, Reports),
    format("~n## Bad input (fuzzer)~n~n"),
    format("`scripts/reliability --only=fuzz --calls=~d` (~d calls per game: every exported predicate of the game's modules and of the shared ones, real values and junk; seed ~d)~n~n",
           [Calls, Calls, Seed]),
    format("| game | calls | success | failure | ISO errors | interrupted (watchdog, long by design) | findings | time |~n"),
    format("|---|---:|---:|---:|---:|---:|---:|---:|~n"),
    forall(member(report(G, C, Counts, Fs, S), Reports),
           ( count_of(success, Counts, Su), count_of(failure, Counts, Fa),
             count_of(interrupted, Counts, In),
             findall(N, ( member(K-N, Counts), atom_concat('error:', _, K) ), Es), sum_list(Es, E),
             length(Fs, NF),
             format("| ~w | ~D | ~D | ~D | ~D | ~D | ~d | ~0f s |~n", [G, C, Su, Fa, E, In, NF, S]) )),
    format("~nISO error kinds: "),
    findall(K-N, ( member(report(_, _, Counts, _, _), Reports), member(K-N, Counts), atom_concat('error:', _, K) ), KNs),
    msort(KNs, Sorted), group_sum(Sorted, Sums),
    forall(member(K-N, Sums), format("~w ~D; ", [K, N])),
    nl,
    findall(F, ( member(report(_, _, _, Fs, _), Reports), member(F, Fs) ), All),
    length(All, Findings),
    forall(member(finding(K, PI, N, example(Class, Call)), All),
           format("~n- finding ~w in ~w (~D calls): ~s~n  `~s`~n", [K, PI, N, Class, Call])).

fuzz_one(Options, Game, Report) :-
    fuzz(Game, Options, Report),
    Report = report(_, C, _, Fs, S),
    length(Fs, NF),
    progress("fuzz ~w: ~D calls, ~d findings, ~0f s", [Game, C, NF, S]).

concurrent_maplist_jobs(Jobs, Goal, List, Results) :-
    maplist([X, R, call(Goal, X, R)]>>true, List, Results, Goals),
    concurrent(Jobs, Goals, []).

count_of(K, Counts, N) :- ( memberchk(K-N, Counts) -> true ; N = 0 ).

group_sum([], []).
group_sum([K-N|T], [K-S|R]) :-
    group_sum_(T, K, N, S, Rest),
    group_sum(Rest, R).
group_sum_([K-N|T], K, S0, S, Rest) :- !, S1 is S0 + N, group_sum_(T, K, S1, S, Rest).
group_sum_(Rest, _, S, S, Rest).

                 /*******************************
                 *     THREADS, DETERMINISM     *
                 *******************************/

part(threads, Options, Seed, Findings) :-
    setting(thread_rounds, Options, 50, Rounds),
    heavy(Heavy),
    findall(T, ( reliability_games(Gs), member(G, Gs),
                 game_tasks(G, Seed, [positions(3), heavy(Heavy)], Ts), member(T, Ts) ), Tasks),
    length(Tasks, NT),
    threads_agree(Tasks, 8, Rounds, Checked, Mismatches),
    length(Mismatches, Findings),
    format("~n## Threads~n~n"),
    format("`scripts/reliability --only=threads --thread-rounds=~d`: 8 threads run ~d tasks of every game at once (perft, move sets, searches bounded by depth or nodes), ~d rounds each in their own order: ~D answers compared with one thread's, ~d differ.~n",
           [Rounds, NT, Rounds, Checked, Findings]),
    print_mismatches(Mismatches).
part(determinism, Options, Seed, Findings) :-
    setting(rounds, Options, 400, Rounds),
    heavy(Heavy),
    format("~n## Determinism~n~n"),
    format("`scripts/reliability --only=determinism --rounds=~d`: each search bounded by depth or nodes repeated ~d times in one thread, in a new order each round.~n~n",
           [Rounds, Rounds]),
    format("| game | searches | answers compared | differ |~n|---|---:|---:|---:|~n"),
    reliability_games(Games),
    foldl(determinism_game(Seed, Rounds, Heavy), Games, 0, Findings).

determinism_game(Seed, Rounds, Heavy, Game, F0, F) :-
    game_tasks(Game, Seed, [positions(6), heavy(Heavy)], Tasks0),
    include([task(K, _)]>>(K = search(_)), Tasks0, Tasks),
    length(Tasks, NT),
    repeats_agree(Tasks, Rounds, Checked, Mismatches),
    length(Mismatches, N),
    format("| ~w | ~d | ~D | ~d |~n", [Game, NT, Checked, N]),
    print_mismatches(Mismatches),
    progress("determinism ~w: ~D compared, ~d differ", [Game, Checked, N]),
    F is F0 + N.

heavy(Heavy) :-
    (   getenv('TABULA_SANITIZED', V), V \== '0' -> Heavy = false ; Heavy = true ).

print_mismatches(Ms) :-
    forall(( member(M, Ms), M = mismatch(task(K, _), E, G) ), format("~n- ~w: ~q, then ~q~n", [K, E, G])).

                 /*******************************
                 *            MEMORY            *
                 *******************************/

part(memory, Options, Seed, Findings) :-
    (   getenv('TABULA_SANITIZED', V), V \== '0'
    ->  format("~n## Memory~n~nNot measured under the sanitizers (ASan keeps freed memory in quarantine).~n"),
        Findings = 0
    ;   setting(moves, Options, 1000000, Moves),
        setting(searches, Options, 1000, Searches),
        setting(firsts, Options, 100000, Firsts),
        format("~n## Memory~n~n"),
        format("`scripts/reliability --only=memory --moves=~d --searches=~d --firsts=~d`: the RSS (VmRSS, KB) before the first batch, after it (warm-up) and after the tenth; flat means the growth after warm-up stays under 1 MB.~n~n",
               [Moves, Searches, Firsts]),
        format("| game | workload | calls | RSS before | after warm-up | at the end | growth after warm-up |~n|---|---|---:|---:|---:|---:|---:|~n"),
        reliability_games(Games),
        findall(G-W, ( member(G, Games), memory_workloads(G, Seed, Ws), member(W, Ws) ), Work),
        foldl(memory_row(Moves-Searches-Firsts), Work, 0, Findings),
        format("~nKept by a thread that searched once and stays alive (8 threads):"),
        forall(member(G, Games),
               ( thread_cache_kb(8, G, KB), format(" ~w ~1f KB;", [G, KB]) )),
        nl
    ).

memory_row(Moves-Searches-Firsts, Game-W, F0, F) :-
    W = workload(Label, _),
    (   Label == moves -> Calls = Moves ; Label == searches -> Calls = Searches ; Calls = Firsts ),
    memory_run(W, Calls, 10, Series),
    memory_growth(Series, Growth),
    Series = [Before, Warm|_], last(Series, End),
    format("| ~w | ~w | ~D | ~D | ~D | ~D | ~D KB |~n", [Game, Label, Calls, Before, Warm, End, Growth]),
    progress("memory ~w ~w: ~w", [Game, Label, Series]),
    (   Growth >= 1024 -> F is F0 + 1 ; F = F0 ).

                 /*******************************
                 *          INTERRUPTS          *
                 *******************************/

part(interrupts, Options, _, Findings) :-
    setting(repeats, Options, 10, Repeats),
    measure_interrupts(0.2, Repeats, Results),
    format("~n## Interrupts~n~n"),
    format("`scripts/reliability --only=interrupts --repeats=~d`: call_with_time_limit(0.2, Goal) around calls that would run for minutes; how long after the deadline each returned (ms), over ~d runs.~n~n",
           [Repeats, Repeats]),
    format("| game | call | median | max | stopped by the limit |~n|---|---|---:|---:|---|~n"),
    foldl(interrupt_row, Results, 0, Findings).

interrupt_row(result(Game, Label, Overshoots, Caught), F0, F) :-
    msort(Overshoots, Sorted),
    length(Sorted, N), M is N // 2, nth0(M, Sorted, Median),
    last(Sorted, Max),
    Med is round(Median * 1000), Mx is round(Max * 1000),
    (   Caught == [time_limit_exceeded] -> Stopped = yes, F = F0 ; Stopped = Caught, F is F0 + 1 ),
    format("| ~w | ~w | ~d | ~d | ~w |~n", [Game, Label, Med, Mx, Stopped]).

                 /*******************************
                 *             HTTP             *
                 *******************************/

part(http, Options, Seed, Findings) :-
    setting(requests, Options, 10000, N),
    start_server(S),
    get_time(T0),
    call_cleanup(http_storm(S, [requests(N), clients(16), seed(Seed)], Results, RSS),
                 ( http_alive(S, Alive), stop_server(S) )),
    get_time(T1),
    Secs is T1 - T0,
    storm_summary(Results, summary(Total, Counts, Fs)),
    length(Fs, NF),
    (   Alive == true -> Findings = NF ; Findings is NF + 1 ),
    max_list(RSS, Max), RSS = [R0|_], last(RSS, RN),
    format("~n## HTTP~n~n"),
    format("`scripts/reliability --only=http --requests=~d`: ~D requests, 16 at a time, to a server on localhost in a process of its own, in ~1f s. Replies by status: ~w. Bad replies (a 5xx, no JSON error on a 4xx, a refused valid request, a dropped connection): ~d. Still answering afterwards: ~w. Server RSS (KB) every tenth of the requests: ~w (start ~D, end ~D, highest ~D).~n",
           [N, Total, Secs, Counts, NF, Alive, RSS, R0, RN, Max]),
    forall(member(finding(K, V), Fs), format("~n- ~w: ~q~n", [K, V])).

http_alive(server(_, Port, _), Alive) :-
    (   catch(raw_request(Port, "GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 200, _), _, fail)
    ->  Alive = true
    ;   Alive = false
    ).
