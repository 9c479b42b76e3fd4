// Futlog match referee: plays two player processes against each other
// through the text protocol of futlog/protocol.hpp, by our rules, and
// reports W/D/L and an Elo estimate with its 95% error bar.
//
//   futlog_referee_bench --a "CMD" --b "CMD" [--games N] [--ms T]
//       [--tolerance-ms X] [--random-plies K] [--seed S]
//       [--games-file FILE] [--engine-log FILE] [--sprt ELO0,ELO1]
//
// Each CMD is run by /bin/sh. Game i has A kick off (player 1) when i is
// even, B when it is odd. With --random-plies K the first K plies of each
// pair of games are random legal moves chosen by the referee (the same for
// both games of the pair, colours swapped), for variety between
// deterministic players. Every move is checked with our rules (an illegal
// or incomplete move loses), then sent to both players with `play`; each
// must accept it and agree on whether the game is over and who won. A
// player that rejects the move or disagrees ends the game as disputed: it
// is reported and not counted. Time per move is measured from sending `go`
// to reading the answer; answers later than T + X ms are counted as
// overruns (and, with --strict-time, lose).
//
// The Elo estimate is given twice: per game, and per pair of games on one
// opening (common/match_stats.hpp; the pairs' interval is the sounder one,
// as an opening can favour a colour). --sprt ELO0,ELO1 stops the match
// after a pair as soon as a sequential probability ratio test (alpha =
// beta = 0.05, over the pairs) accepts "A is ELO1 stronger" or "A is at
// most ELO0 stronger"; --games is then the cap.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "common/match_stats.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/protocol.hpp"

using namespace tabula::futlog;
using Clock = std::chrono::steady_clock;
namespace match = tabula::match;

namespace {

class Player {
 public:
  Player(std::string command, std::string log) : command_(std::move(command)), log_(std::move(log)) {
    start();
  }
  ~Player() { stop(); }
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  void start() {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork");
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      const int err = open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (err >= 0) dup2(err, 2);
      close(to_child[1]);
      close(from_child[0]);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    buffer_.clear();
  }
  void stop() {
    if (pid_ <= 0) return;
    send("quit");
    close(in_);
    close(out_);
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        return;
      }
      usleep(20000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  void restart() {
    stop();
    start();
  }
  void send(const std::string& line) {
    const std::string l = line + "\n";
    if (write(in_, l.data(), l.size()) != static_cast<ssize_t>(l.size())) {
      // A dead player shows up as a timeout on the next read.
    }
  }
  // The next line, or nullopt after `timeout_ms` without one.
  std::optional<std::string> read_line(int timeout_ms) {
    const auto end = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      const std::size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char buf[4096];
      const ssize_t n = read(out_, buf, sizeof buf);
      if (n <= 0) return std::nullopt;
      buffer_.append(buf, static_cast<std::size_t>(n));
    }
  }
  std::optional<std::string> ask(const std::string& line, int timeout_ms) {
    send(line);
    return read_line(timeout_ms);
  }

 private:
  std::string command_, log_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
};

struct Side {
  std::string name;
  int overruns = 0;
  double max_ms = 0, total_ms = 0;
  long moves = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::string cmd_a, cmd_b, games_file, engine_log = "/dev/null";
  int games = 10, random_plies = 0;
  double ms = 1000, tolerance = 50;
  unsigned seed = 1;
  bool strict_time = false;
  std::optional<match::Sprt> sprt;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--strict-time") {
      strict_time = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::cerr << "missing value for " << k << '\n';
      return 2;
    }
    const std::string v = argv[++i];
    if (k == "--a")
      cmd_a = v;
    else if (k == "--b")
      cmd_b = v;
    else if (k == "--games")
      games = std::stoi(v);
    else if (k == "--ms")
      ms = std::stod(v);
    else if (k == "--tolerance-ms")
      tolerance = std::stod(v);
    else if (k == "--random-plies")
      random_plies = std::stoi(v);
    else if (k == "--seed")
      seed = static_cast<unsigned>(std::stoul(v));
    else if (k == "--games-file")
      games_file = v;
    else if (k == "--engine-log")
      engine_log = v;
    else if (k == "--sprt") {
      const auto comma = v.find(',');
      if (comma != std::string::npos)
        sprt = match::Sprt{std::stod(v.substr(0, comma)), std::stod(v.substr(comma + 1))};
      if (!sprt || !(sprt->elo0 < sprt->elo1)) {
        std::cerr << "--sprt takes ELO0,ELO1 with ELO0 < ELO1\n";
        return 2;
      }
    } else {
      std::cerr << "unknown option " << k << '\n';
      return 2;
    }
  }
  if (cmd_a.empty() || cmd_b.empty()) {
    std::cerr << "usage: futlog_referee_bench --a CMD --b CMD [--games N] [--ms T] ...\n";
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  Player pa(cmd_a, engine_log), pb(cmd_b, engine_log);
  Player* players[2] = {&pa, &pb};
  Side sides[2];
  for (int i = 0; i < 2; ++i) {
    const auto hello = players[i]->ask("hello", 60000);
    sides[i].name = hello && hello->rfind("hello ", 0) == 0 ? hello->substr(6) : "?";
  }
  std::ofstream record;
  if (!games_file.empty()) record.open(games_file, std::ios::app);
  std::mt19937_64 rng(seed);
  OutcomeGenerator generator;
  std::vector<Outcome> outs;
  std::vector<std::vector<std::uint8_t>> paths;
  std::vector<std::string> opening;
  int wins = 0, draws = 0, losses = 0, disputes = 0;
  match::Pentanomial pairs{};
  int pair_points = 0, pair_games = 0;  // A's wins so far in the current pair, and its counted games
  match::Verdict verdict = match::Verdict::kContinue;
  int played = 0;
  const int go_timeout = static_cast<int>(ms) + 30000;

  for (int g = 0; g < games && verdict == match::Verdict::kContinue; ++g) {
    ++played;
    const int a_colour = g % 2;  // A is player 1 (turn 0) in even games
    if (g % 2 == 0) {            // a new opening for the pair
      opening.clear();
      State s;
      for (int k = 0; k < random_plies; ++k) {
        generator.generate(s, outs, &paths);
        std::vector<std::size_t> quiet;
        for (std::size_t j = 0; j < outs.size(); ++j)
          if (!game_over(apply(s, outs[j]))) quiet.push_back(j);
        if (quiet.empty()) break;
        const std::size_t j = quiet[rng() % quiet.size()];
        opening.push_back(protocol::format_path(paths[j]));
        s = apply(s, outs[j]);
      }
    }
    for (Player* p : players) {
      const auto r = p->ask("new", 10000);
      if (!r || *r != "ok") p->restart(), p->ask("new", 10000);
    }
    State s;
    std::string reason, moves_text;
    int result_winner = 0;  // 1 or 2 (player numbers)
    bool disputed = false;
    int ply = 0;
    while (true) {
      const int mover_turn = s.turn;
      const int mover = (mover_turn == a_colour) ? 0 : 1;  // index into players
      std::string path;
      if (ply < static_cast<int>(opening.size())) {
        path = opening[static_cast<std::size_t>(ply)];
      } else {
        const auto t0 = Clock::now();
        const auto reply = players[mover]->ask("go " + std::to_string(static_cast<long>(ms)), go_timeout);
        const double used = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        Side& side = sides[mover];
        side.max_ms = std::max(side.max_ms, used);
        side.total_ms += used;
        ++side.moves;
        if (!reply || reply->rfind("move", 0) != 0) {
          reason = "no answer from " + side.name;
          result_winner = 2 - mover_turn;  // the other player
          players[mover]->restart();
          break;
        }
        path = protocol::split_command(*reply).second;
        if (used > ms + tolerance) {
          ++side.overruns;
          if (strict_time) {
            reason = "time overrun by " + side.name;
            result_winner = 2 - mover_turn;
            break;
          }
        }
      }
      const protocol::Checked c = protocol::check_move(s, path);
      moves_text += (moves_text.empty() ? "" : " ; ") + path;
      if (c.verdict != protocol::Verdict::kLegal) {
        reason = std::string(c.verdict == protocol::Verdict::kIncomplete ? "incomplete" : "illegal") +
                 " move by " + sides[mover].name;
        result_winner = 2 - mover_turn;
        break;
      }
      s = c.after;
      ++ply;
      const int w = winner(s);
      for (int i = 0; i < 2 && !disputed; ++i) {
        const auto r = players[i]->ask("play " + path, 10000);
        if (!r || *r != "ok " + std::to_string(w)) {
          disputed = true;
          reason = sides[i].name + " disagrees after ply " + std::to_string(ply) + ": '" +
                   (r ? *r : "no answer") + "', ours: ok " + std::to_string(w);
        }
      }
      if (disputed) break;
      if (w) {
        result_winner = w;
        reason = goal_for(s) ? "goal" : "stuck";
        break;
      }
    }
    const char* outcome;
    if (disputed) {
      ++disputes;
      outcome = "disputed";
    } else {
      const bool a_won = result_winner == a_colour + 1;
      outcome = a_won ? "A wins" : "B wins";
      (a_won ? wins : losses)++;
      pair_points += a_won ? 2 : 0;
      ++pair_games;
    }
    if (g % 2 == 1) {  // a pair is complete: counted when neither game was disputed
      if (pair_games == 2) ++pairs[static_cast<std::size_t>(pair_points)];
      pair_points = pair_games = 0;
      if (sprt) verdict = sprt->verdict(match::llr(pairs, sprt->elo0, sprt->elo1));
    }
    std::cout << "game " << g + 1 << ": A is player " << a_colour + 1 << ", " << outcome << " (" << reason
              << ", " << ply << " plies)  running A " << wins << "-" << draws << "-" << losses << std::endl;
    if (record.is_open())
      record << "game " << g + 1 << " A=" << sides[0].name << " B=" << sides[1].name << " A_player "
             << a_colour + 1 << " " << outcome << " (" << reason << ") plies " << ply << " | " << moves_text
             << '\n';
  }

  const match::EloEstimate by_game = match::elo_estimate(match::game_moments({wins, draws, losses}));
  const match::EloEstimate by_pair = match::elo_estimate(match::pair_moments(pairs));
  std::printf("\nA = %s\nB = %s\n", sides[0].name.c_str(), sides[1].name.c_str());
  std::printf("games %d (disputed %d), A: W %d  D %d  L %d, score %.3f\n", played, disputes, wins, draws,
              losses, by_game.score);
  std::printf("Elo A - B: %+.0f  95%% interval [%+.0f, %+.0f]\n", by_game.elo, by_game.lo, by_game.hi);
  std::printf(
      "pairs by A's points 0 / 1 / 2: %d / %d / %d; Elo by pairs %+.0f  95%% interval [%+.0f, %+.0f]\n",
      pairs[0], pairs[2], pairs[4], by_pair.elo, by_pair.lo, by_pair.hi);
  if (sprt)
    std::printf("SPRT elo0 %.0f elo1 %.0f: LLR %.2f (bounds %.2f, %.2f): %s\n", sprt->elo0, sprt->elo1,
                match::llr(pairs, sprt->elo0, sprt->elo1), sprt->lower(), sprt->upper(),
                verdict == match::Verdict::kAcceptH1   ? "H1 accepted (A is stronger)"
                : verdict == match::Verdict::kAcceptH0 ? "H0 accepted"
                                                       : "undecided");
  for (int i = 0; i < 2; ++i)
    std::printf("%s: moves %ld, mean %.1f ms, max %.1f ms, over %.0f+%.0f ms: %d\n", i == 0 ? "A" : "B",
                sides[i].moves,
                sides[i].moves ? sides[i].total_ms / static_cast<double>(sides[i].moves) : 0.0,
                sides[i].max_ms, ms, tolerance, sides[i].overruns);
  return 0;
}
