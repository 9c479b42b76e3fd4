#pragma once
// ISO error terms, raised from a predicate body: each returns false so a
// body can `return` it. Convention for states (every game alike):
//   unbound state, or an unbound part of it   instantiation_error
//   not the game's state term (shape, types)  type_error(<game>_state, S)
//   the right shape with values out of range,
//   or parts that contradict each other       domain_error(<game>_state, S)
#include <SWI-Prolog.h>

namespace tabula::pl {

inline bool instantiation_error(term_t culprit) { return PL_instantiation_error(culprit); }
inline bool type_error(const char* expected, term_t culprit) { return PL_type_error(expected, culprit); }
inline bool domain_error(const char* domain, term_t culprit) { return PL_domain_error(domain, culprit); }
inline bool existence_error(const char* kind, term_t culprit) { return PL_existence_error(kind, culprit); }

}  // namespace tabula::pl
