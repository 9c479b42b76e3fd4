#pragma once
// Defining foreign predicates: every body runs inside guarded(), which
// keeps C++ exceptions out of Prolog, and define<Body>(name) registers it
// with the arity taken from its C++ signature:
//
//   bool uttt_initial_(term_t state);                              // det or semidet
//   foreign_t uttt_move_(term_t s, term_t m, control_t handle);    // nondeterministic
//   ...
//   pl::define<uttt_initial_>("uttt_initial_");
//
// A body returns true on success and false on failure or after raising an
// error with one of errors.hpp's helpers.
#include <SWI-Prolog.h>

#include <exception>
#include <new>
#include <type_traits>

namespace tabula::pl {

// Runs a predicate body; any C++ exception becomes a Prolog error.
template <class Body>
foreign_t guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return PL_resource_error("memory");
  } catch (const std::exception& e) {
    term_t ex = PL_new_term_ref();
    if (ex && PL_unify_term(ex, PL_FUNCTOR_CHARS, "error", 2, PL_FUNCTOR_CHARS, "cpp_exception", 1,
                            PL_UTF8_CHARS, e.what(), PL_VARIABLE))
      return PL_raise_exception(ex);
    return FALSE;
  } catch (...) {
    return PL_resource_error("cpp_exception");
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

  static foreign_t call(Args... args) noexcept {
    return guarded([&]() -> foreign_t { return static_cast<foreign_t>(Body(args...)); });
  }
};

}  // namespace detail

// Registers Body as name/N in the module that loads the library, N being
// the number of its term_t arguments; a trailing control_t argument makes
// it nondeterministic.
template <auto Body>
void define(const char* name) {
  using T = detail::Thunk<Body>;
  // SWI-Prolog's registration takes every arity through one untyped
  // function pointer type: this is the one cast it needs.
  PL_register_foreign(name, T::kArity, reinterpret_cast<pl_function_t>(&T::call),
                      T::kNondet ? PL_FA_NONDETERMINISTIC : 0);
}

}  // namespace tabula::pl

// The entry point SWI-Prolog calls after loading <library>.so: the one
// symbol a foreign library exports.
#define TABULA_INSTALL(library)                                                    \
  extern "C" __attribute__((visibility("default"))) install_t install_##library(); \
  extern "C" install_t install_##library()
