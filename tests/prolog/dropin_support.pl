:- module(dropin_support,
          [ scratch_folder/2,         % +Prefix, -Dir
            write_file/3,             % +Dir, +Name, +Text
            copy_into/2,              % +File, +Dir
            run_swipl/5,              % +Dir, +Args, -Status, -Out, -Err
            source_file_path/2        % +Relative, -Absolute
          ]).
/** <module> Support for tests that load files the way a course folder does

A drop-in test builds a scratch folder holding the course's stand-in files
and our drop-in file, then runs a separate `swipl` in it, with the checkout's
libraries on the search path (from the environment CTest sets), and reads
its exit status and output.
*/

:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(filesex)).

%!  scratch_folder(+Prefix, -Dir) is det.
%
%   Dir is a new empty folder under the system's temporary directory.
scratch_folder(Prefix, Dir) :-
    tmp_file(Prefix, Dir),
    make_directory_path(Dir).

%!  write_file(+Dir, +Name, +Text) is det.
write_file(Dir, Name, Text) :-
    directory_file_path(Dir, Name, Path),
    setup_call_cleanup(open(Path, write, S, [encoding(utf8)]),
                       write(S, Text),
                       close(S)).

%!  copy_into(+File, +Dir) is det.
copy_into(File, Dir) :-
    file_base_name(File, Base),
    directory_file_path(Dir, Base, Target),
    copy_file(File, Target).

%!  source_file_path(+Relative, -Absolute) is det.
%
%   Absolute is Relative to the root of the source checkout.
source_file_path(Relative, Absolute) :-
    (   getenv('TABULA_SOURCE_DIR', Root)
    ->  true
    ;   module_property(dropin_support, file(F)),
        file_directory_name(F, Tests0), file_directory_name(Tests0, Tests),
        file_directory_name(Tests, Root)
    ),
    directory_file_path(Root, Relative, Absolute).

%!  run_swipl(+Dir, +Args, -Status, -Out, -Err) is det.
%
%   Runs swipl with Args in Dir. The checkout's foreign and library folders
%   are put on the search paths (no installed pack is used), and load
%   warnings or errors make the exit status non-zero.
run_swipl(Dir, Args, Status, Out, Err) :-
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs', '--on-warning=status', '--on-error=status'],
             PathArgs, Args ], AllArgs),
    process_create(Exe, AllArgs,
                   [ cwd(Dir), stdin(null),
                     stdout(pipe(OutS)), stderr(pipe(ErrS)),
                     process(Pid)
                   ]),
    read_string(OutS, _, Out), close(OutS),
    read_string(ErrS, _, Err), close(ErrS),
    process_wait(Pid, exit(Status)).

swipl_executable(Exe) :-
    (   getenv('TABULA_SWIPL', Exe)
    ->  true
    ;   current_prolog_flag(executable, Exe)
    ).

search_path_args(['-p', ForeignArg, '-p', LibraryArg]) :-
    path_for('TABULA_FOREIGN_DIR', foreign, Foreign),
    path_for('TABULA_LIBRARY_DIR', library, Library),
    format(atom(ForeignArg), 'foreign=~w', [Foreign]),
    format(atom(LibraryArg), 'library=~w', [Library]).

% From CTest's environment, else the folders this process was given with
% -p (the first plain directory on the alias).
path_for(Var, _, Dir) :-
    getenv(Var, Dir),
    !.
path_for(_, Alias, Abs) :-
    user:file_search_path(Alias, Dir),
    atom(Dir),
    exists_directory(Dir),
    !,
    absolute_file_name(Dir, Abs).
