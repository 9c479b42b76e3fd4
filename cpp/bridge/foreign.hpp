#pragma once
// Defining foreign predicates: every body runs inside guarded(), which
// keeps C++ exceptions out of Prolog, and define<Body>(name, user) registers
// it with the arity taken from its C++ signature:
//
//   bool uttt_initial_(term_t state);                              // det or semidet
//   foreign_t uttt_make_move_(term_t s, term_t m, term_t s2, control_t handle);  // nondeterministic
//   ...
//   pl::define<uttt_initial_>("uttt_initial_", "uttt:initialState/1");
//
// A body returns true on success and false on failure or after raising an
// error with one of errors.hpp's helpers (or SWI-Prolog's PL_*_ex getters).
//
// `user` is the public predicate that reaches the foreign one (Module:Name/
// Arity): an error raised while the body runs names it in its context,
// error(Formal, context(uttt:makeMove/3, Message)), not the foreign
// predicate that SWI-Prolog would name (uttt_foreign:uttt_make_move_/3).
#include <SWI-Prolog.h>

#include <exception>
#include <new>
#include <string>
#include <type_traits>

namespace tabula::pl {

namespace detail {

// The functors the thunks need, made once (at the first registration,
// while the library is installed) and read-only afterwards.
struct Functors {
  functor_t error2 = PL_new_functor(PL_new_atom("error"), 2);
  functor_t context2 = PL_new_functor(PL_new_atom("context"), 2);
  functor_t colon2 = PL_new_functor(PL_new_atom(":"), 2);
  functor_t slash2 = PL_new_functor(PL_new_atom("/"), 2);
};
inline const Functors& functors() {
  static const Functors f;
  return f;
}

// A predicate indicator Module:Name/Arity.
struct Indicator {
  atom_t module = 0;
  atom_t name = 0;
  int arity = 0;
};

// Parses "Module:Name/Arity" (the module may be left out).
inline Indicator parse_indicator(const char* text) {
  const std::string s(text);
  const auto slash = s.rfind('/');
  const auto colon = s.find(':');
  Indicator pi;
  const std::size_t name_start = colon == std::string::npos ? 0 : colon + 1;
  if (colon != std::string::npos) pi.module = PL_new_atom(s.substr(0, colon).c_str());
  pi.name = PL_new_atom(s.substr(name_start, slash - name_start).c_str());
  pi.arity = std::stoi(s.substr(slash + 1));
  return pi;
}

// Puts Name/Arity, or Module:Name/Arity, into t.
inline bool put_indicator(term_t t, const Indicator& pi) {
  const Functors& f = functors();
  term_t na = PL_new_term_ref();
  if (!PL_unify_term(na, PL_FUNCTOR, f.slash2, PL_ATOM, pi.name, PL_INT, pi.arity)) return false;
  if (!pi.module) return PL_put_term(t, na);
  PL_put_variable(t);
  return PL_unify_term(t, PL_FUNCTOR, f.colon2, PL_ATOM, pi.module, PL_TERM, na);
}

// True when `pred` is Name/Arity or Module:Name/Arity of the foreign
// predicate itself.
inline bool names_foreign(term_t pred, atom_t name, int arity) {
  const Functors& f = functors();
  term_t p = PL_copy_term_ref(pred);
  if (PL_is_functor(p, f.colon2)) _PL_get_arg(2, p, p);
  if (!PL_is_functor(p, f.slash2)) return false;
  term_t a = PL_new_term_ref();
  atom_t n;
  int k;
  _PL_get_arg(1, p, a);
  if (!PL_get_atom(a, &n) || n != name) return false;
  _PL_get_arg(2, p, a);
  return PL_get_integer(a, &k) && k == arity;
}

// When an error(Formal, Context) is pending whose context is unbound or
// names the foreign predicate, raises it again naming `user` instead.
inline void name_user_predicate(atom_t self, int self_arity, const Indicator& user) {
  term_t ex = PL_exception(0);
  const Functors& f = functors();
  if (!ex || !PL_is_functor(ex, f.error2)) return;
  term_t formal = PL_new_term_ref(), context = PL_new_term_ref(), message = PL_new_term_ref();
  _PL_get_arg(1, ex, formal);
  _PL_get_arg(2, ex, context);
  if (PL_is_functor(context, f.context2)) {
    term_t pred = PL_new_term_ref();
    _PL_get_arg(1, context, pred);
    if (!PL_is_variable(pred) && !names_foreign(pred, self, self_arity)) return;
    _PL_get_arg(2, context, message);
  } else if (!PL_is_variable(context)) {
    return;
  }
  term_t pi = PL_new_term_ref(), renamed = PL_new_term_ref();
  if (!put_indicator(pi, user)) return;
  if (!PL_unify_term(renamed, PL_FUNCTOR, f.error2, PL_TERM, formal, PL_FUNCTOR, f.context2, PL_TERM, pi,
                     PL_TERM, message))
    return;
  PL_raise_exception(renamed);  // same class as the pending one: it replaces it
}

}  // namespace detail

// Runs a predicate body; a C++ exception becomes an ISO error:
// resource_error(memory) for std::bad_alloc, system_error otherwise (its
// text in the context's message).
template <class Body>
foreign_t guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return PL_resource_error("memory");
  } catch (const std::exception& e) {
    term_t ex = PL_new_term_ref();
    if (ex && PL_unify_term(ex, PL_FUNCTOR, detail::functors().error2, PL_CHARS, "system_error", PL_FUNCTOR,
                            detail::functors().context2, PL_VARIABLE, PL_UTF8_CHARS, e.what()))
      return PL_raise_exception(ex);
    return FALSE;
  } catch (...) {
    term_t ex = PL_new_term_ref();
    if (ex && PL_unify_term(ex, PL_FUNCTOR, detail::functors().error2, PL_CHARS, "system_error", PL_VARIABLE))
      return PL_raise_exception(ex);
    return FALSE;
  }
}

namespace detail {

template <auto Body, class F = decltype(Body)>
struct Thunk;

template <auto Body, class R, class... Args>
struct Thunk<Body, R (*)(Args...)> {
  static_assert(std::is_convertible_v<R, foreign_t>, "a predicate body returns bool or foreign_t");
  static constexpr bool kNondet = (std::is_same_v<Args, control_t> || ...);
  static_assert(((std::is_same_v<Args, term_t> || std::is_same_v<Args, control_t>)&&...),
                "a predicate body takes term_t arguments, then a control_t when nondeterministic");
  static constexpr int kArity = static_cast<int>(sizeof...(Args)) - (kNondet ? 1 : 0);

  // Set once by define(), while the library is installed.
  static inline atom_t self = 0;
  static inline Indicator user{};

  static foreign_t call(Args... args) noexcept {
    const foreign_t rc = guarded([&]() -> foreign_t { return static_cast<foreign_t>(Body(args...)); });
    if (!rc) name_user_predicate(self, kArity, user);
    return rc;
  }
};

}  // namespace detail

// Registers Body as name/N in the module that loads the library, N being
// the number of its term_t arguments; a trailing control_t argument makes
// it nondeterministic. Errors it raises name `user`, "Module:Name/Arity".
template <auto Body>
void define(const char* name, const char* user) {
  using T = detail::Thunk<Body>;
  T::self = PL_new_atom(name);
  T::user = detail::parse_indicator(user);
  // SWI-Prolog's registration takes every arity through one untyped
  // function pointer type: this is the one cast it needs.
  PL_register_foreign(name, T::kArity, reinterpret_cast<pl_function_t>(&T::call),
                      T::kNondet ? PL_FA_NONDETERMINISTIC : 0);
}

namespace detail {

// A library built with one SWI-Prolog's headers misreads another's PL_*
// results where their ABI differs (they return bool from 9.3.11 where they
// returned int): it is loaded only into the series it was built for, the
// same major and minor version (a development series, odd minor, only
// into the very version). The check reads PL_query(), whose return type is
// the same in every version.
constexpr bool same_abi(long built, long running) {
  const long series = built / 100;
  if (series != running / 100) return false;
  return series % 2 == 0 || built == running;
}

// Called first by every install function: says whether to register the
// predicates, and tells Prolog through two flags, <library>_built_for (the
// PLVERSION of the headers) and <library>_installed (true or false).
// Prolog's side (library(tabula/foreign)) turns a refusal into an error
// that names the fix. The results of PL_set_prolog_flag() are not read: in
// the very case it guards they would be misread.
inline bool install_allowed(const char* library) {
  const long running = static_cast<long>(PL_query(PL_QUERY_VERSION));
  const bool allowed = same_abi(PLVERSION, running);
  const std::string name(library);
  PL_set_prolog_flag((name + "_built_for").c_str(), PL_INTEGER, static_cast<intptr_t>(PLVERSION));
  PL_set_prolog_flag((name + "_installed").c_str(), PL_BOOL, allowed ? 1 : 0);
  return allowed;
}

}  // namespace detail

}  // namespace tabula::pl

// The entry point SWI-Prolog calls after loading <library>.so: the one
// symbol a foreign library exports. Its body registers the predicates, and
// runs only in the SWI-Prolog series the library was built for.
#define TABULA_INSTALL(library)                                                    \
  static void install_body_##library();                                            \
  extern "C" __attribute__((visibility("default"))) install_t install_##library(); \
  extern "C" install_t install_##library() {                                       \
    if (::tabula::pl::detail::install_allowed(#library)) install_body_##library(); \
  }                                                                                \
  static void install_body_##library()
