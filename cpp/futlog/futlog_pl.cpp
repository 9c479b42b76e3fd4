// SWI-Prolog bridge of the Futlog engine: converts the course's terms to the
// core's values and back. The predicates land in module futlog_foreign.
//
// State term: futlog(p(X,Y), Turn, W0, W1, W2, W3, W4, W5), where Turn is 1
// or 2 and the Wi are the 64-bit words (non-negative integers) of the set of
// edges marked during play; the 40 border edges are implied.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bridge/errors.hpp"
#include "bridge/foreign.hpp"
#include "bridge/nondet.hpp"
#include "bridge/search_info.hpp"
#include "bridge/signals.hpp"
#include "bridge/terms.hpp"
#include "common/rng.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/rules.hpp"
#include "futlog/search.hpp"

namespace tabula::futlog {
namespace {

namespace pl = tabula::pl;

// Made once by install_tabula_futlog, read-only afterwards.
functor_t FUNCTOR_futlog8, FUNCTOR_p2, FUNCTOR_e2, FUNCTOR_to_move1, FUNCTOR_won1, FUNCTOR_minus2;

// ---- terms to values -------------------------------------------------------

// A point p(X,Y) with integer coordinates; false (no error) otherwise.
bool get_point(term_t t, Point& p) {
  if (!PL_is_functor(t, FUNCTOR_p2)) return false;
  term_t a = PL_new_term_ref();
  int x, y;
  _PL_get_arg(1, t, a);
  if (!PL_is_integer(a) || !PL_get_integer(a, &x)) return false;
  _PL_get_arg(2, t, a);
  if (!PL_is_integer(a) || !PL_get_integer(a, &y)) return false;
  p = Point{x, y};
  return true;
}

// futlog(p(X,Y), Turn, W0..W5): type_error when a field has the wrong
// type, domain_error when the values are out of range.
bool get_state(term_t t, State& s) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, FUNCTOR_futlog8)) return pl::type_error("futlog_state", t);
  if (!PL_is_ground(t)) return pl::instantiation_error(t);
  term_t a = PL_new_term_ref();
  _PL_get_arg(1, t, a);
  Point ball;
  if (!get_point(a, ball)) return pl::type_error("futlog_state", t);
  if (!is_vertex(ball.x, ball.y)) return pl::domain_error("futlog_state", t);
  _PL_get_arg(2, t, a);
  int turn;
  if (!PL_is_integer(a) || !PL_get_integer(a, &turn)) return pl::type_error("futlog_state", t);
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
  return pl::walk_list(list, [&](term_t h) {
           Point p;
           if (!get_point(h, p) || pts.size() > 4 * kEdges) return false;
           pts.push_back(p);
           return true;
         }) == pl::ListShape::kProper;
}

// ---- values to terms -------------------------------------------------------

// Puts p(X,Y) into t (whatever t held before).
bool put_point(term_t t, int v) {
  PL_put_variable(t);
  return PL_unify_term(t, PL_FUNCTOR, FUNCTOR_p2, PL_INT, vertex_x(v), PL_INT, vertex_y(v));
}

bool put_state(term_t t, const State& s) {
  term_t args = PL_new_term_refs(8);
  const EdgeSet played = played_edges(s);
  if (!put_point(args, s.ball) || !PL_put_integer(args + 1, s.turn + 1)) return false;
  for (int i = 0; i < kWords; ++i)
    if (!pl::put_uint64(args + 2 + i, played[i])) return false;
  return PL_cons_functor_v(t, FUNCTOR_futlog8, args);
}

bool unify_state(term_t t, const State& s) {
  return pl::unify_put(t, [&](term_t value) { return put_state(value, s); });
}

bool unify_path(term_t list, const std::vector<std::uint8_t>& path) {
  return pl::unify_list(list, path, [](term_t t, std::uint8_t v) { return put_point(t, v); });
}

bool put_edge(term_t t, int e) {
  term_t a = PL_new_term_refs(2);
  return put_point(a, kGeometry.end_a[e]) && put_point(a + 1, kGeometry.end_b[e]) &&
         PL_cons_functor_v(t, FUNCTOR_e2, a);
}

// ---- predicates ---------------------------------------------------------------

bool futlog_initial_(term_t s) { return unify_state(s, State{}); }

bool futlog_ball_(term_t st, term_t p) {
  State s;
  if (!get_state(st, s)) return false;
  return pl::unify_put(p, [&](term_t value) { return put_point(value, s.ball); });
}

bool futlog_turn_(term_t st, term_t n) {
  State s;
  if (!get_state(st, s)) return false;
  return PL_unify_integer(n, s.turn + 1);
}

bool futlog_goal_(term_t st, term_t n) {
  State s;
  if (!get_state(st, s)) return false;
  const int g = goal_for(s);
  return g != 0 && PL_unify_integer(n, g);
}

// to_move(N) or won(N): a goal, or the player to move has no step.
bool futlog_status_(term_t st, term_t status) {
  State s;
  if (!get_state(st, s)) return false;
  const int w = winner(s);
  if (w) return PL_unify_term(status, PL_FUNCTOR, FUNCTOR_won1, PL_INT, w);
  return PL_unify_term(status, PL_FUNCTOR, FUNCTOR_to_move1, PL_INT, s.turn + 1);
}

// futlog_move_check(+S, +LP, ?S2): LP is a complete legal move. Fails for
// anything else, junk included.
bool futlog_move_check_(term_t st, term_t lp, term_t st2) {
  State s, after;
  if (!get_state(st, s)) return false;
  std::vector<Point> pts;
  if (!get_points(lp, pts)) return false;
  if (replay(s, pts, after) != PathStatus::kComplete) return false;
  return unify_state(st2, after);
}

bool futlog_prefix_(term_t st, term_t lp) {
  State s, after;
  if (!get_state(st, s)) return false;
  std::vector<Point> pts;
  if (!get_points(lp, pts)) return false;
  return replay(s, pts, after) == PathStatus::kPrefix;
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

foreign_t futlog_move_gen_(term_t st, term_t lp, term_t st2, control_t handle) {
  pl::Nondet<MoveEnum> call(handle);
  if (call.pruned()) return TRUE;
  if (call.first()) {
    State s;
    if (!get_state(st, s)) return FALSE;
    call.start(s);
  }
  MoveEnum& e = *call;
  pl::Frame frame;
  while (e.has_next) {
    if (e.poll()) return FALSE;
    const bool ok = unify_path(lp, e.path) && unify_state(st2, e.after);
    if (!ok && PL_exception(0)) return FALSE;
    const bool more = e.advance();
    if (ok) return more ? call.more() : TRUE;
    frame.rewind();
  }
  return FALSE;
}

// futlog_outcomes(+S, -Moves): one [LP-S2] per distinct outcome.
bool futlog_outcomes_(term_t st, term_t list) {
  State s;
  if (!get_state(st, s)) return false;
  pl::SignalPoll poll(6);
  OutcomeGenerator gen;
  gen.set_interrupt([&] { return poll.poll_now(); });
  std::vector<Outcome> outs;
  std::vector<std::vector<std::uint8_t>> paths;
  if (!gen.generate(s, outs, &paths))
    return gen.interrupted() ? false : PL_resource_error("futlog_outcome_positions");
  term_t tail = PL_copy_term_ref(list);
  term_t head = PL_new_term_ref();
  term_t pair = PL_new_term_refs(2);
  term_t item = PL_new_term_ref();
  for (std::size_t i = 0; i < outs.size(); ++i) {
    if (poll()) return false;
    PL_put_variable(pair);
    PL_put_variable(pair + 1);
    if (!unify_path(pair, paths[i]) || !put_state(pair + 1, apply(s, outs[i]))) return false;
    if (!PL_cons_functor(item, FUNCTOR_minus2, pair, pair + 1)) return false;
    if (!PL_unify_list(tail, head, tail) || !PL_unify(head, item)) return false;
  }
  return PL_unify_nil(tail);
}

bool futlog_count_(term_t st, term_t paths, term_t outcomes) {
  State s;
  if (!get_state(st, s)) return false;
  pl::SignalPoll poll(12);
  OutcomeGenerator gen;
  gen.set_interrupt([&] { return poll.poll_now(); });
  std::vector<Outcome> outs;
  if (!gen.generate(s, outs))
    return gen.interrupted() ? false : PL_resource_error("futlog_outcome_positions");
  PathEnumerator it(s);
  std::vector<std::uint8_t> path;
  State after;
  std::uint64_t n = 0;
  while (it.next(path, after)) {
    ++n;
    if (poll()) return false;
  }
  return pl::unify_uint64(paths, n) && PL_unify_int64(outcomes, static_cast<int64_t>(outs.size()));
}

bool futlog_marked_edges_(term_t st, term_t list) {
  State s;
  if (!get_state(st, s)) return false;
  std::vector<int> edges;
  for_each_edge(s.marked, [&](int e) { edges.push_back(e); });
  return pl::unify_list(list, edges, put_edge);
}

// futlog_make_state(+Ball, +Turn, +Edges, -S): edges e(P,Q) in any order
// and orientation; border edges may be listed or not.
bool futlog_make_state_(term_t ball, term_t turn, term_t edges, term_t st) {
  Point b;
  if (PL_is_variable(ball)) return pl::instantiation_error(ball);
  if (!get_point(ball, b) || !is_vertex(b.x, b.y)) return pl::domain_error("futlog_vertex", ball);
  int n = 1;
  if (!pl::get_int_in(turn, 1, 2, "futlog_turn", n)) return false;
  State s;
  s.ball = static_cast<std::uint8_t>(vertex_id(b.x, b.y));
  s.turn = static_cast<std::uint8_t>(n - 1);
  term_t a = PL_new_term_ref();
  bool raised = false;
  const pl::ListShape shape = pl::walk_list(edges, [&](term_t e) {
    Point p, q;
    int d = -1;
    if (PL_is_functor(e, FUNCTOR_e2)) {
      _PL_get_arg(1, e, a);
      if (get_point(a, p) && is_vertex(p.x, p.y)) {
        _PL_get_arg(2, e, a);
        if (get_point(a, q)) d = direction_to(vertex_id(p.x, p.y), q.x, q.y);
      }
    }
    if (d < 0) {
      raised = true;
      return pl::domain_error("futlog_edge", e);
    }
    set_edge(s.marked, kGeometry.edge[vertex_id(p.x, p.y)][d]);
    return true;
  });
  if (raised) return false;
  if (shape == pl::ListShape::kPartial) return pl::instantiation_error(edges);
  if (shape != pl::ListShape::kProper) return pl::type_error("list", edges);
  return unify_state(st, s);
}

// futlog_random_move(+S, +Seed, -LP, -S2): a uniformly drawn outcome.
bool futlog_random_move_(term_t st, term_t seed, term_t lp, term_t st2) {
  State s;
  if (!get_state(st, s)) return false;
  int64_t sd;
  if (!pl::get_int64(seed, sd)) return false;
  pl::SignalPoll poll;
  OutcomeGenerator gen;
  gen.set_interrupt([&] { return poll.poll_now(); });
  std::vector<Outcome> outs;
  std::vector<std::vector<std::uint8_t>> paths;
  gen.generate(s, outs, &paths);  // a cut-short list is still a fair sample for random play
  if (gen.interrupted() || outs.empty()) return false;
  Rng rng(static_cast<std::uint64_t>(sd));
  const std::size_t i = rng.below(static_cast<std::uint32_t>(outs.size()));
  return unify_path(lp, paths[i]) && unify_state(st2, apply(s, outs[i]));
}

// futlog_search_(+S, +Millis, +MaxDepth, +MaxNodes, -LP, -S2, -Info): the
// engine's move; Info = search(Score, Depth, Nodes, Millis, Proven). Millis
// and MaxNodes 0 mean no bound of that kind. Fails when there is no move.
// The clock is polled at every node (one node may cost milliseconds), and
// with it Prolog's signals.
bool futlog_search_(term_t st, term_t millis, term_t depth, term_t nodes, term_t lp, term_t st2,
                    term_t info) {
  State s;
  if (!get_state(st, s)) return false;
  int ms = 0, max_depth = 1, max_nodes = 0;
  if (!pl::get_int_in(millis, 0, 86'400'000, "futlog_time_millis", ms)) return false;
  if (!pl::get_int_in(depth, 1, 200, "futlog_depth", max_depth)) return false;
  if (!pl::get_int_in(nodes, 0, 2'000'000'000, "futlog_nodes", max_nodes)) return false;
  search::Limits limits = search::Limits::of_time(std::chrono::milliseconds(ms));
  limits.max_depth = max_depth;
  limits.max_nodes = static_cast<std::uint64_t>(max_nodes);
  limits.poll_every = kPollEvery;
  pl::SignalPoll poll;
  const search::Result<Outcome> r = best_move(s, limits, poll.stop_fn());
  if (r.aborted || poll.raised() || !r.move) return false;
  if (!unify_path(lp, path_of(s, *r.move)) || !unify_state(st2, apply(s, *r.move))) return false;
  return pl::unify_search_info(info, r);
}

}  // namespace
}  // namespace tabula::futlog

TABULA_INSTALL(tabula_futlog) {
  using namespace tabula::futlog;
  namespace pl = tabula::pl;
  FUNCTOR_futlog8 = PL_new_functor(PL_new_atom("futlog"), 8);
  FUNCTOR_p2 = PL_new_functor(PL_new_atom("p"), 2);
  FUNCTOR_e2 = PL_new_functor(PL_new_atom("e"), 2);
  FUNCTOR_to_move1 = PL_new_functor(PL_new_atom("to_move"), 1);
  FUNCTOR_won1 = PL_new_functor(PL_new_atom("won"), 1);
  FUNCTOR_minus2 = PL_new_functor(PL_new_atom("-"), 2);

  pl::define<futlog_initial_>("futlog_initial_", "futlog:estado_inicial/1");
  pl::define<futlog_ball_>("futlog_ball_", "futlog:posicion_pelota/2");
  pl::define<futlog_turn_>("futlog_turn_", "futlog:turno/2");
  pl::define<futlog_goal_>("futlog_goal_", "futlog:gol/2");
  pl::define<futlog_status_>("futlog_status_", "tabula_game:tabula_status/2");
  pl::define<futlog_move_check_>("futlog_move_check_", "futlog:mover/3");
  pl::define<futlog_move_gen_>("futlog_move_gen_", "futlog:mover/3");
  pl::define<futlog_prefix_>("futlog_prefix_", "futlog:prefijo_movimiento/2");
  pl::define<futlog_outcomes_>("futlog_outcomes_", "futlog_tools:futlog_outcome_moves/2");
  pl::define<futlog_count_>("futlog_count_", "futlog_tools:futlog_move_counts/3");
  pl::define<futlog_marked_edges_>("futlog_marked_edges_", "futlog_tools:futlog_state_edges/2");
  pl::define<futlog_make_state_>("futlog_make_state_", "futlog_tools:futlog_state/4");
  pl::define<futlog_random_move_>("futlog_random_move_", "futlog_tools:futlog_random_move/3");
  pl::define<futlog_search_>("futlog_search_", "futlog:hacer_jugada/3");
}
