#pragma once
// Handles: a C++ object owned by a Prolog blob, freed by Prolog's atom
// garbage collector once no term refers to it. For engines that keep state
// between calls (a search tree), so that states themselves stay plain
// ground terms.
//
//   pl::HandleType<Engine> ENGINE_TYPE("uttt_engine");   // one per type
//   ENGINE_TYPE.unify(t, std::make_unique<Engine>(...)); // a new handle
//   pl::Lease<Engine> e(ENGINE_TYPE, t);                 // use it
//   if (!e) return false;                                // an error is raised
//
// A handle serves one call at a time: a Lease holds it exclusively, and a
// second thread asking for it meanwhile gets a permission error rather than
// waiting (a search may run for seconds, and waiting threads would not see
// their own signals).
#include <SWI-Prolog.h>
#include <SWI-Stream.h>

#include <cstddef>
#include <memory>
#include <mutex>

#include "bridge/errors.hpp"

namespace tabula::pl {

template <class T>
class HandleType {
 public:
  // The blob's bytes are the pointer to its box.
  explicit HandleType(const char* name) {
    blob_.magic = PL_BLOB_MAGIC;
    blob_.flags = PL_BLOB_UNIQUE;
    blob_.name = name;
    blob_.release = &release;
    blob_.write = &write;
  }
  HandleType(const HandleType&) = delete;
  HandleType& operator=(const HandleType&) = delete;

  struct Box {
    std::unique_ptr<T> object;
    std::mutex busy;
  };

  // Unifies t with a new handle that owns `object`.
  // The blob atom owns the box from the moment it exists, even when t
  // does not unify with it: atom garbage collection frees it then, so it
  // must never be deleted here (PL_unify_blob would leave that case
  // ambiguous).
  bool unify(term_t t, std::unique_ptr<T> object) {
    Box* box = new Box{std::move(object), {}};
    const term_t handle = PL_new_term_ref();
    PL_put_blob(handle, &box, sizeof(box), &blob_);
    return PL_unify(t, handle);
  }

  // The box behind t; raises an error (and gives null) when t is not a
  // handle of this type.
  Box* get(term_t t) {
    void* data;
    std::size_t len;
    PL_blob_t* type;
    if (PL_is_variable(t)) {
      instantiation_error(t);
      return nullptr;
    }
    if (!PL_get_blob(t, &data, &len, &type) || type != &blob_ || len != sizeof(Box*)) {
      type_error(blob_.name, t);
      return nullptr;
    }
    return *static_cast<Box**>(data);
  }

 private:
  static int release(atom_t a) {
    delete *static_cast<Box**>(PL_blob_data(a, nullptr, nullptr));
    return TRUE;
  }
  static int write(IOSTREAM* s, atom_t a, int) {
    PL_blob_t* type;
    Box* box = *static_cast<Box**>(PL_blob_data(a, nullptr, &type));
    return Sfprintf(s, "<%s>(%p)", type->name, static_cast<void*>(box)) >= 0;
  }

  PL_blob_t blob_{};
};

// Exclusive use of a handle for the span of one call.
template <class T>
class Lease {
 public:
  Lease(HandleType<T>& type, term_t t) : box_(type.get(t)) {
    if (!box_) return;
    if (!box_->busy.try_lock()) {
      PL_permission_error("use", "busy_handle", t);
      box_ = nullptr;
    }
  }
  ~Lease() {
    if (box_) box_->busy.unlock();
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;

  explicit operator bool() const { return box_ != nullptr; }
  T& operator*() const { return *box_->object; }
  T* operator->() const { return box_->object.get(); }

 private:
  typename HandleType<T>::Box* box_;
};

}  // namespace tabula::pl
