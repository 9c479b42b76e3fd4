// futlog_qtpapersoccer_driver: QtPaperSoccer's engine as a player of the
// futlog referee's text protocol (futlog/protocol.hpp), for matches in
// bench/. QtPaperSoccer (github.com/jdermont/QtPaperSoccer) is not part of
// this repository: scripts/build-qtpapersoccer builds this file against a
// local copy of its engine headers, outside CI.
//
//   futlog_qtpapersoccer_driver --net FILE [--time-scale F]
//
// The engine is set up as its GUI sets it up with the defaults of its
// qtpapersoccer.ini (mainwindow.cpp): CpuMctsTTRParallel with a pool of
// 2^24 nodes, moveLimit 750, NetworkDeep(1466, 96, 32) loaded from FILE,
// type 2; one search thread (the GUI's default is 4). A move is chosen as
// the GUI's worker thread does (workerthread.cpp): when
// Pitch::isNextMoveGameover says the side to move may end the game, the
// shortest scoring move (Pitch::shortWinningMoveForPlayer), otherwise
// getBestMove(ms * 1000 * F microseconds). The GUI would crash when the
// first says yes and no move scores (the second then has no goal to walk
// back from); our rules (futlog::immediate) guard that call, and the
// search answers instead.
//
// Every move is played on both boards, QtPaperSoccer's (step by step with
// Game::makeMoveWithPlayer, then Game::confirm, as the GUI plays both
// sides) and ours; a move either rejects, or on which they disagree about
// the end of the game, is answered "illegal" and the referee reports the
// game as disputed.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

// QtPaperSoccer's engine, header only; its global names (Game, Pitch,
// Point, ONE, TWO, ...) stay apart from ours, which live in tabula::futlog.
#include "cpumctstt.h"
#include "futlog/protocol.hpp"
#include "futlog/traps.hpp"

namespace tf = tabula::futlog;

namespace {

// The GUI's defaults (mainwindow.cpp, qtpapersoccer.ini).
constexpr int kPoolSize = 1 << 24;
constexpr int kMoveLimit = 750;
constexpr int kInputs = 1466, kHidden = 96, kHidden2 = 32;

FILE* protocol_out = nullptr;  // the protocol's stdout; fd 1 is sent to stderr

void reply(const std::string& line) {
  std::fputs(line.c_str(), protocol_out);
  std::fputc('\n', protocol_out);
  std::fflush(protocol_out);
}

// QtPaperSoccer's Pitch(8, 10) has its vertex i < 99 at (i / 11, i % 11) and
// the goals' vertices beyond; its player ONE kicks off and scores at its
// y = 11. Ours: x = qx - 4, y = qy - 5, player 1 kicks off and scores at
// y = 6. The maps are built from Pitch::getPosition, not assumed.
class Coordinates {
 public:
  explicit Coordinates(Pitch& pitch) {
    for (auto& column : vertex_)
      for (int& v : column) v = -1;
    for (int i = 0; i < pitch.size; ++i) {
      const ::Point q = pitch.getPosition(i);
      const int x = q.x - 4, y = q.y - 5;
      if (x < -4 || x > 4 || y < -6 || y > 6 || vertex_[x + 4][y + 6] != -1) {
        std::cerr << "futlog_qtpapersoccer_driver: unexpected vertex " << i << " at " << q.x << "," << q.y
                  << '\n';
        std::exit(1);
      }
      vertex_[x + 4][y + 6] = i;
      points_.push_back({x, y});
    }
  }
  // QtPaperSoccer's vertex at our point, or -1.
  int vertex(tf::Point p) const {
    if (p.x < -4 || p.x > 4 || p.y < -6 || p.y > 6) return -1;
    return vertex_[p.x + 4][p.y + 6];
  }
  tf::Point point(int vertex) const { return points_[static_cast<std::size_t>(vertex)]; }

 private:
  int vertex_[9][13];
  std::vector<tf::Point> points_;
};

int our_player(player_t p) { return p == ONE ? 1 : 2; }

// Both boards of the game being played.
struct Boards {
  Game qt;
  tf::State ours;
};

struct Verdict {
  bool legal = false;
  std::string why;  // when not legal
};

// Plays `points` (a whole move) on QtPaperSoccer's board as its GUI does:
// one Game::makeMoveWithPlayer a step (it sets `almost` when the turn or
// the game ends), then Game::confirm. Changes `game` only when legal.
Verdict play_on_qt(Game& game, const Coordinates& at, const std::vector<tf::Point>& points) {
  if (points.empty()) return {false, "empty move"};
  Game g = game;
  for (std::size_t k = 0; k < points.size(); ++k) {
    if (g.almost || g.isOver()) return {false, "QtPaperSoccer: the move goes on after its end"};
    const int to = at.vertex(points[k]);
    const int from = g.pitch.ball;
    bool free_neighbour = false;
    for (const int n : g.pitch.matrixNeighbours[from])
      free_neighbour |= n == to && g.pitch.matrix[from * g.pitch.size + n] == 1;
    if (to < 0 || !free_neighbour)
      return {false, "QtPaperSoccer: step " + std::to_string(k + 1) + " is not a free edge"};
    g.makeMoveWithPlayer(g.pitch.getDistanceChar(from, to));
  }
  if (!g.almost) return {false, "QtPaperSoccer: incomplete, the ball bounces and must go on"};
  g.confirm();
  game = g;
  return {true, ""};
}

// Plays a move on both boards, or on neither.
Verdict play(Boards& boards, const Coordinates& at, const std::vector<tf::Point>& points) {
  tf::State after;
  const bool ours_legal =
      !points.empty() && tf::replay(boards.ours, points, after) == tf::PathStatus::kComplete;
  Game qt = boards.qt;
  const Verdict v = play_on_qt(qt, at, points);
  if (v.legal != ours_legal)
    return {false, "the rules disagree: " + std::string(ours_legal ? "legal" : "illegal") + " by ours, " +
                       (v.legal ? "legal" : v.why) + " by QtPaperSoccer's"};
  if (!v.legal) return v;
  const int qt_winner = qt.isOver() ? our_player(qt.getWinner()) : 0;
  if (qt_winner != tf::winner(after))
    return {false, "the rules disagree on the end: winner " + std::to_string(tf::winner(after)) +
                       " by ours, " + std::to_string(qt_winner) + " by QtPaperSoccer's"};
  boards.qt = qt;
  boards.ours = after;
  return {true, ""};
}

// QtPaperSoccer's answer ('0'..'7', a direction a step) as our points,
// walked on a copy of its board; false at a step over no free edge.
bool to_points(const Game& game, const Coordinates& at, const std::string& move,
               std::vector<tf::Point>& out) {
  Game g = game;
  out.clear();
  for (const char c : move) {
    const int n = g.nextNode(c);  // the neighbour that way over a free edge, or -1
    if (n < 0) return false;
    g.pitch.addEdge(g.pitch.ball, n);
    g.pitch.ball = n;
    out.push_back(at.point(n));
  }
  return !out.empty();
}

// A legal move of ours that starts as `points` do for as long as they stay
// legal: repairs an answer of the engine that is not a whole legal move
// (reported on stderr, so it shows in the referee's engine log).
std::vector<tf::Point> repaired(const tf::State& s, std::vector<tf::Point> points) {
  // Drop steps from the end until what is left is a whole move or the
  // start of one.
  tf::State after;
  tf::PathStatus status = tf::PathStatus::kIllegal;
  while (!points.empty() && (status = tf::replay(s, points, after)) == tf::PathStatus::kIllegal)
    points.pop_back();
  if (status == tf::PathStatus::kComplete) return points;
  // Then step on over the first free edge until the move ends.
  tf::State walk = s;
  bool again = true;
  for (const tf::Point p : points) again = tf::step(walk, tf::direction_to(walk.ball, p.x, p.y));
  while (again) {
    int d = 0;
    while (d < 8 && !tf::edge_free(walk, walk.ball, d)) ++d;
    if (d == 8) break;  // (a bounce always has a free edge: step says so)
    again = tf::step(walk, d);
    points.push_back({tf::vertex_x(walk.ball), tf::vertex_y(walk.ball)});
  }
  return points;
}

struct Options {
  std::string net;
  double time_scale = 1.0;
};

bool parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string key = argv[i];
    if (i + 1 >= argc) {
      std::cerr << "missing value for " << key << '\n';
      return false;
    }
    const std::string value = argv[++i];
    if (key == "--net") {
      o.net = value;
    } else if (key == "--time-scale") {
      o.time_scale = std::atof(value.c_str());
    } else {
      std::cerr << "unknown option " << key << '\n';
      return false;
    }
  }
  if (o.net.empty() || o.time_scale <= 0) {
    std::cerr << "usage: futlog_qtpapersoccer_driver --net FILE [--time-scale F]\n";
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) return 2;
  {
    // NetworkDeep::load reads whatever is there; a wrong file would play.
    std::ifstream f(options.net, std::ios::binary | std::ios::ate);
    const long expected =
        (long{kInputs} * kHidden + long{kHidden} * kHidden2 + kHidden2) * long{sizeof(float)};
    if (!f || static_cast<long>(f.tellg()) != expected) {
      std::cerr << "network file " << options.net << " missing or not " << expected << " bytes\n";
      return 1;
    }
  }

  // The protocol keeps the real stdout; what the engine prints (its network
  // loader writes to cout) goes to stderr.
  const int protocol_fd = dup(1);
  dup2(2, 1);
  protocol_out = fdopen(protocol_fd, "w");

  // As its main.cpp and MainWindow's constructor do.
  std::srand(static_cast<unsigned>(std::time(nullptr)) ^ static_cast<unsigned>(getpid()));
  Pitch(8, 10).GENERATE_ALL_EDGES();
  auto* engine = new CpuMctsTTRParallel(kPoolSize);
  engine->moveLimit = kMoveLimit;
  Network* network = new NetworkDeep(kInputs, kHidden, kHidden2);
  network->load(options.net);
  network->type = 2;
  engine->agent = network;

  const Boards fresh;
  Boards boards = fresh;
  Pitch layout = fresh.qt.pitch;
  const Coordinates at(layout);

  std::string line;
  while (std::getline(std::cin, line)) {
    const auto [command, rest] = tf::protocol::split_command(line);
    if (command.empty()) continue;
    if (command == "hello") {
      reply("hello qtpapersoccer");
    } else if (command == "new") {
      boards = fresh;
      reply("ok");
    } else if (command == "play") {
      if (tf::game_over(boards.ours)) {
        reply("illegal the game is over");
        continue;
      }
      std::vector<tf::Point> points;
      if (!tf::protocol::parse_points(rest, points) || points.empty()) {
        reply("illegal malformed path");
        continue;
      }
      const Verdict v = play(boards, at, points);
      reply(v.legal ? "ok " + std::to_string(tf::winner(boards.ours)) : "illegal " + v.why);
    } else if (command == "go") {
      if (tf::game_over(boards.ours)) {
        reply("move");
        continue;
      }
      const long ms = std::atol(std::string(rest).c_str());
      Game copy = boards.qt;
      const player_t me = copy.currentPlayer;
      std::string move;
      if (copy.pitch.isNextMoveGameover(me == ONE ? TWO : ONE) &&
          tf::immediate(boards.ours) == tf::Immediate::kScores) {
        move = copy.pitch.shortWinningMoveForPlayer(me);
        std::cerr << "qtpapersoccer: short winning move " << move << '\n';
      } else {
        engine->ss = std::stringstream();  // as the GUI's worker thread: its log grows otherwise
        engine->setGame(&copy);
        engine->setPlayer(me);
        const auto us = static_cast<long>(static_cast<double>(ms) * 1000.0 * options.time_scale);
        move = engine->getBestMove(us, 1)->move;
        std::cerr << "qtpapersoccer: visits " << engine->games << " nodes " << engine->workers[0]->ccc
                  << " depth " << engine->maxLevel << " move " << move << '\n';
      }
      std::vector<tf::Point> points;
      const bool walked = to_points(boards.qt, at, move, points);
      Boards check = boards;
      if (!walked || !play(check, at, points).legal) {
        std::cerr << "qtpapersoccer: its answer '" << move << "' is not a whole legal move; completed\n";
        points = repaired(boards.ours, walked ? points : std::vector<tf::Point>{});
      }
      reply("move " + tf::protocol::format_points(points));
    } else if (command == "quit") {
      break;
    } else {
      reply("error unknown command");
    }
  }
  return 0;
}
