#pragma once
// Nondeterministic predicates and foreign frames, owned by RAII so that no
// early return and no exception leaks a context or leaves a frame open.
//
//   foreign_t moves_(term_t s, term_t m, control_t handle) {
//     pl::Nondet<Enumeration> call(handle);
//     if (call.pruned()) return TRUE;
//     if (call.first()) { ...check arguments...; call.start(...); }
//     Enumeration& e = *call;
//     pl::Frame frame;
//     while (...) {
//       if (answer unifies) return e.done() ? TRUE : call.more();
//       if (PL_exception(0)) return FALSE;
//       frame.rewind();
//     }
//     return FALSE;   // the context is freed on every exit but more()
//   }
#include <SWI-Prolog.h>

#include <memory>
#include <utility>

namespace tabula::pl {

template <class Ctx>
class Nondet {
 public:
  explicit Nondet(control_t handle) {
    switch (PL_foreign_control(handle)) {
      case PL_FIRST_CALL:
        first_ = true;
        break;
      case PL_REDO:
        ctx_.reset(static_cast<Ctx*>(PL_foreign_context_address(handle)));
        break;
      case PL_PRUNED:
      default:
        ctx_.reset(static_cast<Ctx*>(PL_foreign_context_address(handle)));
        pruned_ = true;
        break;
    }
  }
  Nondet(const Nondet&) = delete;
  Nondet& operator=(const Nondet&) = delete;

  bool first() const { return first_; }
  // The choicepoint was cut: the context is freed when this goes out of scope.
  bool pruned() const { return pruned_; }

  template <class... Args>
  Ctx& start(Args&&... args) {
    ctx_ = std::make_unique<Ctx>(std::forward<Args>(args)...);
    return *ctx_;
  }
  Ctx& operator*() const { return *ctx_; }
  Ctx* operator->() const { return ctx_.get(); }

  // Succeeds leaving a choicepoint; the next redo gets the context back.
  foreign_t more() { return _PL_retry_address(ctx_.release()); }

 private:
  std::unique_ptr<Ctx> ctx_;
  bool first_ = false;
  bool pruned_ = false;
};

// A foreign frame: rewind() undoes the bindings made since it was opened;
// it is closed (keeping the bindings) when it goes out of scope.
class Frame {
 public:
  Frame() : fid_(PL_open_foreign_frame()) {}
  ~Frame() { PL_close_foreign_frame(fid_); }
  Frame(const Frame&) = delete;
  Frame& operator=(const Frame&) = delete;
  void rewind() { PL_rewind_foreign_frame(fid_); }

 private:
  fid_t fid_;
};

}  // namespace tabula::pl
