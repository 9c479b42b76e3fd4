// SWI-Prolog bridge of the Futlog engine: converts the course's terms to the
// core's values and back. The predicates land in module futlog_foreign.
//
// State term: futlog(p(X,Y), Turn, W0, W1, W2, W3, W4, W5), where Turn is 1
// or 2 and the Wi are the 64-bit words (non-negative integers) of the set of
// edges marked during play; the 40 border edges are implied.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bridge/pl_support.hpp"
#include "common/rng.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/rules.hpp"
#include "futlog/search.hpp"

namespace tabula::futlog {
namespace {

namespace pl = tabula::pl;

// Written once by install_tabula_futlog, read-only afterwards.
functor_t kStateFunctor, kPointFunctor, kEdgeFunctor, kInfoFunctor, kToMoveFunctor, kWonFunctor,
    kMinusFunctor;

// ---- terms to values -------------------------------------------------------

// A point p(X,Y) with integer coordinates; false (no error) otherwise.
bool get_point(term_t t, Point& p) {
  if (!PL_is_functor(t, kPointFunctor)) return false;
  term_t a = PL_new_term_ref();
  int x, y;
  _PL_get_arg(1, t, a);
  if (!PL_get_integer(a, &x)) return false;
  _PL_get_arg(2, t, a);
  if (!PL_get_integer(a, &y)) return false;
  p = Point{x, y};
  return true;
}

bool get_state(term_t t, State& s) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, kStateFunctor)) return pl::type_error("futlog_state", t);
  if (!PL_is_ground(t)) return pl::instantiation_error(t);
  term_t a = PL_new_term_ref();
  _PL_get_arg(1, t, a);
  Point ball;
  if (!get_point(a, ball)) return pl::type_error("futlog_state", t);
  if (!is_vertex(ball.x, ball.y)) return pl::domain_error("futlog_state", t);
  _PL_get_arg(2, t, a);
  int turn;
  if (!PL_get_integer(a, &turn)) return pl::type_error("futlog_state", t);
  if (turn != 1 && turn != 2) return pl::domain_error("futlog_state", t);
  State r;
  for (int i = 0; i < kWords; ++i) {
    _PL_get_arg(i + 3, t, a);
    if (!PL_is_integer(a)) return pl::type_error("futlog_state", t);
    std::uint64_t w;
    if (!PL_get_uint64(a, &w)) return pl::domain_error("futlog_state", t);
    // Only edges that exist and are not on the border may be played.
    std::uint64_t allowed = ~kGeometry.premarked_mask[i];
    if (i == kWords - 1) allowed &= (std::uint64_t{1} << (kEdges - 64 * (kWords - 1))) - 1;
    if (w & ~allowed) return pl::domain_error("futlog_state", t);
    r.marked[i] |= w;
  }
  r.ball = static_cast<std::uint8_t>(vertex_id(ball.x, ball.y));
  r.turn = static_cast<std::uint8_t>(turn - 1);
  s = r;
  return true;
}

// A proper list of points; false (no error) for anything else.
bool get_points(term_t list, std::vector<Point>& pts) {
  pts.clear();
  return pl::for_each_in_list(list, false, [&](term_t h) {
    Point p;
    if (!get_point(h, p) || pts.size() > 4 * kEdges) return false;
    pts.push_back(p);
    return true;
  });
}

// ---- values to terms -------------------------------------------------------

// Puts p(X,Y) into t (whatever t held before).
bool put_point(term_t t, int v) {
  PL_put_variable(t);
  return PL_unify_term(t, PL_FUNCTOR, kPointFunctor, PL_INT, vertex_x(v), PL_INT, vertex_y(v));
}

bool put_state(term_t t, const State& s) {
  term_t args = PL_new_term_refs(8);
  const EdgeSet played = played_edges(s);
  if (!put_point(args, s.ball) || !PL_put_integer(args + 1, s.turn + 1)) return false;
  for (int i = 0; i < kWords; ++i)
    if (!PL_put_uint64(args + 2 + i, played[i])) return false;
  return PL_cons_functor_v(t, kStateFunctor, args);
}

bool unify_state(term_t t, const State& s) {
  term_t value = PL_new_term_ref();
  return put_state(value, s) && PL_unify(t, value);
}

bool unify_path(term_t list, const std::vector<std::uint8_t>& path) {
  return pl::unify_list(list, path, [](term_t t, std::uint8_t v) { return put_point(t, v); });
}

bool put_edge(term_t t, int e) {
  term_t a = PL_new_term_refs(2);
  return put_point(a, kGeometry.end_a[e]) && put_point(a + 1, kGeometry.end_b[e]) &&
         PL_cons_functor_v(t, kEdgeFunctor, a);
}

// ---- predicates ---------------------------------------------------------------

foreign_t pl_initial(term_t s) {
  return pl::guarded([&]() -> foreign_t { return unify_state(s, State{}); });
}

foreign_t pl_ball(term_t st, term_t p) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    term_t value = PL_new_term_ref();
    return put_point(value, s.ball) && PL_unify(p, value);
  });
}

foreign_t pl_turn(term_t st, term_t n) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    return PL_unify_integer(n, s.turn + 1);
  });
}

foreign_t pl_goal(term_t st, term_t n) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    const int g = goal_for(s);
    return g != 0 && PL_unify_integer(n, g);
  });
}

// to_move(N) or won(N): a goal, or the player to move has no step.
foreign_t pl_status(term_t st, term_t status) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    const int w = winner(s);
    if (w) return PL_unify_term(status, PL_FUNCTOR, kWonFunctor, PL_INT, w);
    return PL_unify_term(status, PL_FUNCTOR, kToMoveFunctor, PL_INT, s.turn + 1);
  });
}

// futlog_move_check(+S, +LP, ?S2): LP is a complete legal move. Fails for
// anything else, junk included.
foreign_t pl_move_check(term_t st, term_t lp, term_t st2) {
  return pl::guarded([&]() -> foreign_t {
    State s, after;
    if (!get_state(st, s)) return FALSE;
    std::vector<Point> pts;
    if (!get_points(lp, pts)) return FALSE;
    if (replay(s, pts, after) != PathStatus::kComplete) return FALSE;
    return unify_state(st2, after);
  });
}

foreign_t pl_prefix(term_t st, term_t lp) {
  return pl::guarded([&]() -> foreign_t {
    State s, after;
    if (!get_state(st, s)) return FALSE;
    std::vector<Point> pts;
    if (!get_points(lp, pts)) return FALSE;
    return replay(s, pts, after) == PathStatus::kPrefix;
  });
}

// The lazy enumeration of mover/3: one path ahead is kept, so the last
// answer leaves no choicepoint.
struct MoveEnum {
  explicit MoveEnum(const State& s) : it(s) { has_next = it.next(path, after); }
  bool advance() { return has_next = it.next(path, after); }
  PathEnumerator it;
  std::vector<std::uint8_t> path;
  State after;
  bool has_next = false;
  pl::SignalPoll poll{10};
};

foreign_t pl_move_gen(term_t st, term_t lp, term_t st2, control_t handle) {
  return pl::guarded([&]() -> foreign_t {
    bool pruned;
    MoveEnum* ctx = pl::nondet_context<MoveEnum>(handle, pruned);
    if (pruned) return TRUE;
    if (!ctx) {
      State s;
      if (!get_state(st, s)) return FALSE;
      ctx = new MoveEnum(s);
    }
    fid_t frame = PL_open_foreign_frame();
    while (ctx->has_next) {
      if (ctx->poll()) {
        PL_close_foreign_frame(frame);
        delete ctx;
        return FALSE;
      }
      const bool ok = unify_path(lp, ctx->path) && unify_state(st2, ctx->after);
      if (!ok && PL_exception(0)) {
        PL_close_foreign_frame(frame);
        delete ctx;
        return FALSE;
      }
      const bool more = ctx->advance();
      if (ok) {
        PL_close_foreign_frame(frame);
        if (!more) {
          delete ctx;
          return TRUE;
        }
        PL_retry_address(ctx);
      }
      PL_rewind_foreign_frame(frame);
    }
    PL_close_foreign_frame(frame);
    delete ctx;
    return FALSE;
  });
}

// futlog_outcomes(+S, -Moves): one [LP-S2] per distinct outcome.
foreign_t pl_outcomes(term_t st, term_t list) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    OutcomeGenerator gen;
    std::vector<Outcome> outs;
    std::vector<std::vector<std::uint8_t>> paths;
    if (!gen.generate(s, outs, &paths)) return PL_resource_error("futlog_outcome_positions");
    pl::SignalPoll poll(6);
    term_t tail = PL_copy_term_ref(list);
    term_t head = PL_new_term_ref();
    term_t pair = PL_new_term_refs(2);
    term_t item = PL_new_term_ref();
    for (std::size_t i = 0; i < outs.size(); ++i) {
      if (poll()) return FALSE;
      PL_put_variable(pair);
      PL_put_variable(pair + 1);
      if (!unify_path(pair, paths[i]) || !put_state(pair + 1, apply(s, outs[i]))) return FALSE;
      if (!PL_cons_functor(item, kMinusFunctor, pair, pair + 1)) return FALSE;
      if (!PL_unify_list(tail, head, tail) || !PL_unify(head, item)) return FALSE;
    }
    return PL_unify_nil(tail);
  });
}

foreign_t pl_count(term_t st, term_t paths, term_t outcomes) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    OutcomeGenerator gen;
    std::vector<Outcome> outs;
    if (!gen.generate(s, outs)) return PL_resource_error("futlog_outcome_positions");
    PathEnumerator it(s);
    std::vector<std::uint8_t> path;
    State after;
    std::uint64_t n = 0;
    pl::SignalPoll poll(12);
    while (it.next(path, after)) {
      ++n;
      if (poll()) return FALSE;
    }
    return PL_unify_uint64(paths, n) && PL_unify_int64(outcomes, static_cast<int64_t>(outs.size()));
  });
}

foreign_t pl_marked_edges(term_t st, term_t list) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    std::vector<int> edges;
    for_each_edge(s.marked, [&](int e) { edges.push_back(e); });
    return pl::unify_list(list, edges, put_edge);
  });
}

// futlog_make_state(+Ball, +Turn, +Edges, -S): edges e(P,Q) in any order
// and orientation; border edges may be listed or not.
foreign_t pl_make_state(term_t ball, term_t turn, term_t edges, term_t st) {
  return pl::guarded([&]() -> foreign_t {
    Point b;
    if (PL_is_variable(ball)) return pl::instantiation_error(ball);
    if (!get_point(ball, b) || !is_vertex(b.x, b.y)) return pl::domain_error("futlog_vertex", ball);
    int n = 1;
    if (!pl::get_int_in(turn, 1, 2, "futlog_turn", n)) return FALSE;
    State s;
    s.ball = static_cast<std::uint8_t>(vertex_id(b.x, b.y));
    s.turn = static_cast<std::uint8_t>(n - 1);
    term_t a = PL_new_term_ref();
    const bool ok = pl::for_each_in_list(edges, true, [&](term_t e) {
      Point p, q;
      int d = -1;
      if (PL_is_functor(e, kEdgeFunctor)) {
        _PL_get_arg(1, e, a);
        if (get_point(a, p) && is_vertex(p.x, p.y)) {
          _PL_get_arg(2, e, a);
          if (get_point(a, q)) d = direction_to(vertex_id(p.x, p.y), q.x, q.y);
        }
      }
      if (d < 0) return static_cast<bool>(pl::domain_error("futlog_edge", e));
      set_edge(s.marked, kGeometry.edge[vertex_id(p.x, p.y)][d]);
      return true;
    });
    if (!ok) return FALSE;
    return unify_state(st, s);
  });
}

// futlog_random_move(+S, +Seed, -LP, -S2): a uniformly drawn outcome.
foreign_t pl_random_move(term_t st, term_t seed, term_t lp, term_t st2) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    int64_t sd;
    if (!PL_get_int64_ex(seed, &sd)) return FALSE;
    OutcomeGenerator gen;
    std::vector<Outcome> outs;
    std::vector<std::vector<std::uint8_t>> paths;
    gen.generate(s, outs, &paths);  // a cut-short list is still a fair sample for random play
    if (outs.empty()) return FALSE;
    Rng rng(static_cast<std::uint64_t>(sd));
    const std::size_t i = rng.below(static_cast<std::uint32_t>(outs.size()));
    return unify_path(lp, paths[i]) && unify_state(st2, apply(s, outs[i]));
  });
}

// futlog_search(+S, +Seconds, +MaxDepth, -LP, -S2, -Info): the engine's
// move; Info = info(Depth, Score, Nodes, Seconds). Fails when there is no
// move. The searcher (and its table) is reused per thread.
foreign_t pl_search(term_t st, term_t secs, term_t depth, term_t lp, term_t st2, term_t info) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(st, s)) return FALSE;
    double seconds;
    if (!PL_get_float_ex(secs, &seconds)) return FALSE;
    if (!(seconds >= 0.0 && seconds <= 40.0)) return pl::domain_error("futlog_time_limit", secs);
    int max_depth = 1;
    if (!pl::get_int_in(depth, 1, 200, "futlog_depth", max_depth)) return FALSE;
    thread_local Searcher searcher;
    pl::SignalPoll poll(4);
    std::function<bool()> stop = [&poll] { return poll(); };
    SearchLimits limits;
    limits.seconds = seconds > 0 ? seconds : 1e-6;
    limits.max_depth = max_depth;
    const SearchResult r = searcher.run(s, limits, stop);
    if (r.aborted || poll.raised()) return FALSE;
    if (!r.has_move) return FALSE;
    if (!unify_path(lp, r.path) || !unify_state(st2, apply(s, r.best))) return FALSE;
    return PL_unify_term(info, PL_FUNCTOR, kInfoFunctor, PL_INT, r.depth, PL_INT, r.score, PL_INT64,
                         static_cast<int64_t>(r.nodes), PL_FLOAT, r.seconds);
  });
}

}  // namespace
}  // namespace tabula::futlog

extern "C" __attribute__((visibility("default"))) install_t install_tabula_futlog(void) {
  using namespace tabula::futlog;
  kStateFunctor = PL_new_functor(PL_new_atom("futlog"), 8);
  kPointFunctor = PL_new_functor(PL_new_atom("p"), 2);
  kEdgeFunctor = PL_new_functor(PL_new_atom("e"), 2);
  kInfoFunctor = PL_new_functor(PL_new_atom("info"), 4);
  kToMoveFunctor = PL_new_functor(PL_new_atom("to_move"), 1);
  kWonFunctor = PL_new_functor(PL_new_atom("won"), 1);
  kMinusFunctor = PL_new_functor(PL_new_atom("-"), 2);
  PL_register_foreign("futlog_initial", 1, reinterpret_cast<pl_function_t>(pl_initial), 0);
  PL_register_foreign("futlog_ball", 2, reinterpret_cast<pl_function_t>(pl_ball), 0);
  PL_register_foreign("futlog_turn", 2, reinterpret_cast<pl_function_t>(pl_turn), 0);
  PL_register_foreign("futlog_goal", 2, reinterpret_cast<pl_function_t>(pl_goal), 0);
  PL_register_foreign("futlog_status", 2, reinterpret_cast<pl_function_t>(pl_status), 0);
  PL_register_foreign("futlog_move_check", 3, reinterpret_cast<pl_function_t>(pl_move_check), 0);
  PL_register_foreign("futlog_move_gen", 3, reinterpret_cast<pl_function_t>(pl_move_gen),
                      PL_FA_NONDETERMINISTIC);
  PL_register_foreign("futlog_prefix", 2, reinterpret_cast<pl_function_t>(pl_prefix), 0);
  PL_register_foreign("futlog_outcomes", 2, reinterpret_cast<pl_function_t>(pl_outcomes), 0);
  PL_register_foreign("futlog_count", 3, reinterpret_cast<pl_function_t>(pl_count), 0);
  PL_register_foreign("futlog_marked_edges", 2, reinterpret_cast<pl_function_t>(pl_marked_edges), 0);
  PL_register_foreign("futlog_make_state", 4, reinterpret_cast<pl_function_t>(pl_make_state), 0);
  PL_register_foreign("futlog_random_move", 4, reinterpret_cast<pl_function_t>(pl_random_move), 0);
  PL_register_foreign("futlog_search", 6, reinterpret_cast<pl_function_t>(pl_search), 0);
}
