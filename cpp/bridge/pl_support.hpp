#pragma once
// The few helpers every game bridge needs on top of SWI-Prolog's C API:
// a guard that keeps C++ exceptions out of Prolog, ISO error shortcuts,
// signal polling for long loops, list conversion, and the context of
// nondeterministic predicates.
//
// gmp.h first: it enables the GMP parts of SWI-Prolog.h.
#include <SWI-Prolog.h>
#include <gmp.h>

#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

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

// ISO error shortcuts; all return FALSE so a body can `return` them.
inline foreign_t type_error(const char* expected, term_t culprit) { return PL_type_error(expected, culprit); }
inline foreign_t domain_error(const char* domain, term_t culprit) { return PL_domain_error(domain, culprit); }
inline foreign_t instantiation_error(term_t culprit) { return PL_instantiation_error(culprit); }

// Polls Prolog's signals (time limits, Ctrl-C, thread_signal) from a long
// loop. Calling it is cheap; the actual poll happens every `period` calls.
class SignalPoll {
 public:
  explicit SignalPoll(std::uint32_t period_log2 = 12) : mask_((1u << period_log2) - 1) {}
  // true when Prolog wants the computation to stop (an exception is pending).
  bool operator()() {
    if (raised_) return true;
    if ((++count_ & mask_) != 0) return false;
    return poll_now();
  }
  bool poll_now() {
    if (PL_handle_signals() < 0) raised_ = true;
    return raised_;
  }
  bool raised() const { return raised_; }

 private:
  std::uint32_t mask_;
  std::uint32_t count_ = 0;
  bool raised_ = false;
};

// An integer in [lo, hi]: instantiation/type errors from the API, a
// domain_error(Domain, T) when out of range.
inline bool get_int_in(term_t t, long lo, long hi, const char* domain, int& out) {
  int64_t v;
  if (!PL_get_int64_ex(t, &v)) return false;
  if (v < lo || v > hi) return PL_domain_error(domain, t);
  out = static_cast<int>(v);
  return true;
}

// Index of atom `t` in `atoms`, or -1 when it is another atom or not an atom.
inline int atom_index(term_t t, const atom_t* atoms, int n) {
  atom_t a;
  if (!PL_get_atom(t, &a)) return -1;
  for (int i = 0; i < n; ++i)
    if (atoms[i] == a) return i;
  return -1;
}

// Unifies `list` with the items, each put by put(term_t, const T&) -> bool.
template <class Items, class Put>
bool unify_list(term_t list, const Items& items, Put put) {
  term_t tail = PL_copy_term_ref(list);
  term_t head = PL_new_term_ref();
  term_t value = PL_new_term_ref();
  for (const auto& item : items) {
    if (!PL_unify_list(tail, head, tail)) return false;
    if (!put(value, item) || !PL_unify(head, value)) return false;
  }
  return PL_unify_nil(tail);
}

// Walks a proper list, calling each(term_t element) -> bool. Fails (without
// error) on partial or improper lists when `strict` is false; raises
// type_error(list, L) when it is true.
template <class Each>
bool for_each_in_list(term_t list, bool strict, Each each) {
  term_t tail = PL_copy_term_ref(list);
  term_t head = PL_new_term_ref();
  while (PL_get_list(tail, head, tail))
    if (!each(head)) return false;
  if (PL_get_nil(tail)) return true;
  if (!strict) return false;
  if (PL_is_variable(tail)) return PL_instantiation_error(list);
  return PL_type_error("list", list);
}

// Owns the state of a nondeterministic predicate across redos.
//   Ctx* ctx = nondet_context<Ctx>(handle, pruned);
//   if (pruned) return TRUE;            // already freed
//   if (!ctx) ctx = new Ctx(...);       // first call
//   ... return nondet_yield(ctx) / nondet_last(ctx, result)
template <class Ctx>
Ctx* nondet_context(control_t handle, bool& pruned) {
  pruned = false;
  switch (PL_foreign_control(handle)) {
    case PL_FIRST_CALL:
      return nullptr;
    case PL_REDO:
      return static_cast<Ctx*>(PL_foreign_context_address(handle));
    case PL_PRUNED:
    default:
      delete static_cast<Ctx*>(PL_foreign_context_address(handle));
      pruned = true;
      return nullptr;
  }
}

}  // namespace tabula::pl
