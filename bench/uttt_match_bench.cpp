// The UTTT match referee: plays two programs that speak the CodinGame
// protocol (cpp/uttt/protocol.hpp) against each other under the course
// rules (a full big board with no line is a draw), checks every move
// against our legal-move list, times every answer, alternates sides, and
// reports W/D/L by side, the score, an Elo difference with its 95% error
// bar, the likelihood of superiority and each program's simulations/s.
//
//   uttt_match_bench [--games N] [--ms T] [--grace G] [--sprt ELO0,ELO1]
//                    [--opening N] [--seed S] [--log FILE] [--quiet] -- CMD_A -- CMD_B
//
// Each command runs under /bin/sh, one process per game, with "{seed}"
// replaced by a per-game seed. Game g has A as x (first player) when g is
// even. --opening N: games 2k and 2k + 1 start from one opening of N
// uniformly random plies, drawn from the seed and k, so that each program
// plays it once with each side; "{opening}" in a command is replaced by its
// moves ("rc,rc,...", CodinGame's row and column of each ply), which both
// programs must play as their first answers (uttt_player_bench --opening).
// Both programs are deterministic enough at a fixed time that games from
// the start position repeat a few lines (bench/results/uttt.md): drawn
// openings make the games of a match independent samples. T is the time per move the programs are told to use
// (each is configured by its own command line): it is only reported, except that an answer later than T + G
// ms (G: --grace, default 1000) or an illegal or unreadable answer loses the game for its player (a forfeit).
// Answers slower than T + 10 ms are counted and reported per program.
// --sprt stops the match as soon as a sequential probability ratio test of
// H0: elo = ELO0 against H1: elo = ELO1 (alpha = beta = 0.05) decides.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "common/match_stats.hpp"
#include "common/rng.hpp"
#include "uttt/protocol.hpp"
#include "uttt/state.hpp"

using namespace tabula::uttt;
using tabula::Rng;
using Clock = std::chrono::steady_clock;

namespace {

class Player {
 public:
  Player(const std::string& command) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[0]);
      close(in[1]);
      close(out[0]);
      close(out[1]);
      execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Player() {
    if (to_ >= 0) close(to_);
    // Give it a moment to leave on end of input, then end it.
    int status;
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        close(from_);
        return;
      }
      usleep(2000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    close(from_);
  }
  bool send(const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = write(to_, text.data() + done, text.size() - done);
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }
  // One line, or nothing by the deadline.
  std::optional<std::string> read_line(Clock::time_point deadline) {
    for (;;) {
      const auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left < 0) return std::nullopt;
      pollfd p{from_, POLLIN, 0};
      const int r = poll(&p, 1, static_cast<int>(left) + 1);
      if (r < 0) continue;
      if (r == 0) continue;
      char chunk[4096];
      const ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

struct Stats {
  std::vector<double> ms;  // time of each answer
  long long simulations = 0;
  double sim_ms = 0;  // time of the answers that reported simulations
  int slow = 0;
};

struct Tally {
  int w = 0, d = 0, l = 0;
};

std::string replace_key(std::string cmd, const std::string& key, const std::string& value) {
  for (auto p = cmd.find(key); p != std::string::npos; p = cmd.find(key)) cmd.replace(p, key.size(), value);
  return cmd;
}

// The opening of games 2k and 2k + 1: `plies` uniformly random moves (none
// ending the game), as "rc,rc,...".
std::string draw_opening(unsigned long long seed, int plies) {
  Rng rng(seed * 0x9E3779B97F4A7C15ull + 0x0BE41);
  State s = initial_state();
  std::string text;
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_moves(s, moves);
    Move m = moves.moves[rng.below(static_cast<std::uint32_t>(moves.size))];
    for (int tries = 0; tries < 100 && applied(s, m).over(); ++tries)
      m = moves.moves[rng.below(static_cast<std::uint32_t>(moves.size))];
    apply(s, m);
    const auto [r, c] = protocol::to_row_col(m);
    if (i > 0) text += ',';
    text += static_cast<char>('0' + r);
    text += static_cast<char>('0' + c);
  }
  return text;
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

// Finite at the extremes, so that a one-sided margin still prints.
double elo_of(double score) { return tabula::match::elo_of_score(std::clamp(score, 1e-6, 1 - 1e-6)); }

// Log-likelihood ratio of the results under elo1 against elo0 (per game:
// the usual normal approximation, common/match_stats.hpp).
double llr(int w, int d, int l, double elo0, double elo1) {
  return tabula::match::llr(tabula::match::Trinomial{w, d, l}, elo0, elo1);
}

}  // namespace

int main(int argc, char** argv) {
  int games = 20, opening_plies = 0;
  double ms = 100, grace = 1000;
  unsigned long long seed = 1;
  std::optional<std::pair<double, double>> sprt;
  std::string log_path;
  bool quiet = false;
  std::vector<std::string> commands;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--games")
      games = std::stoi(next());
    else if (a == "--ms")
      ms = std::stod(next());
    else if (a == "--grace")
      grace = std::stod(next());
    else if (a == "--seed")
      seed = std::stoull(next());
    else if (a == "--opening")
      opening_plies = std::stoi(next());
    else if (a == "--log")
      log_path = next();
    else if (a == "--quiet")
      quiet = true;
    else if (a == "--sprt") {
      const std::string v = next();
      const auto comma = v.find(',');
      sprt = {std::stod(v.substr(0, comma)), std::stod(v.substr(comma + 1))};
    } else if (a == "--") {
      commands.push_back(next());
    } else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  if (commands.size() != 2) {
    std::fprintf(
        stderr,
        "usage: uttt_match_bench [--games N] [--ms T] [--grace G] [--sprt E0,E1] [--opening N] [--seed S]\n"
        "       [--log F] [--quiet] -- CMD_A -- CMD_B\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  std::ofstream log;
  if (!log_path.empty()) log.open(log_path);

  Stats stats[2];
  Tally as_x[2], as_o[2];  // per program, by its side
  int forfeits[2] = {0, 0};
  int played = 0;
  const tabula::match::Sprt bounds;  // alpha = beta = 0.05
  const double lower = bounds.lower(), upper = bounds.upper();
  std::string verdict;

  for (int g = 0; g < games; ++g) {
    const int a_side = g % 2 == 0 ? kX : kO;  // program A's player
    std::optional<Player> players[2];
    const std::string opening = draw_opening(seed + static_cast<unsigned long long>(g / 2), opening_plies);
    for (int p = 0; p < 2; ++p)
      players[p].emplace(replace_key(
          replace_key(commands[p], "{seed}",
                      std::to_string(seed + (p ? 1000003ull : 0ull) + static_cast<unsigned long long>(g))),
          "{opening}", opening));
    State s = initial_state();
    std::optional<Move> last;
    int loser = -1;  // program that forfeited
    std::string moves_text;
    while (!s.over()) {
      const int p = s.side == a_side ? 0 : 1;
      const auto start = Clock::now();
      const auto deadline = start + std::chrono::microseconds(static_cast<long long>((ms + grace) * 1000));
      std::optional<std::string> line;
      if (players[p]->send(protocol::turn_input(s, last))) line = players[p]->read_line(deadline);
      const double took = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      std::optional<protocol::Reply> reply;
      if (line) reply = protocol::parse_reply(*line);
      std::optional<Move> m;
      if (reply) m = protocol::from_row_col(reply->row, reply->col);
      if (!m || !is_legal(s, *m)) {
        loser = p;
        ++forfeits[p];
        std::fprintf(stderr, "game %d: program %c forfeits (%s) after %.1f ms\n", g + 1, "AB"[p],
                     line ? ("answer '" + *line + "'").c_str() : "no answer in time", took);
        break;
      }
      stats[p].ms.push_back(took);
      if (took > ms + 10) ++stats[p].slow;
      if (reply->simulations) {
        stats[p].simulations += *reply->simulations;
        stats[p].sim_ms += took;
      }
      apply(s, *m);
      last = m;
      moves_text += std::to_string(reply->row) + std::to_string(reply->col) + ' ';
    }
    // Result for program A.
    double a_result;
    if (loser >= 0) {
      a_result = loser == 0 ? 0.0 : 1.0;
    } else if (s.outcome == Outcome::kDraw) {
      a_result = 0.5;
    } else {
      const int winner = s.outcome == Outcome::kXWins ? kX : kO;
      a_result = winner == a_side ? 1.0 : 0.0;
    }
    Tally& ta = a_side == kX ? as_x[0] : as_o[0];
    Tally& tb = a_side == kX ? as_o[1] : as_x[1];
    if (a_result == 1.0)
      ++ta.w, ++tb.l;
    else if (a_result == 0.0)
      ++ta.l, ++tb.w;
    else
      ++ta.d, ++tb.d;
    ++played;
    if (log.is_open())
      log << "game " << g + 1 << " A=" << (a_side == kX ? 'x' : 'o') << " result(A)=" << a_result
          << " opening " << (opening.empty() ? "-" : opening) << " moves " << moves_text << '\n';
    const int w = as_x[0].w + as_o[0].w, d = as_x[0].d + as_o[0].d, l = as_x[0].l + as_o[0].l;
    if (!quiet)
      std::fprintf(stderr, "game %d: A as %c %s | A %d-%d-%d (W-D-L)\n", g + 1, a_side == kX ? 'x' : 'o',
                   a_result == 1.0   ? "wins"
                   : a_result == 0.0 ? "loses"
                                     : "draws",
                   w, d, l);
    if (sprt) {
      const double r = llr(w, d, l, sprt->first, sprt->second);
      if (r >= upper) {
        verdict = "SPRT: H1 accepted (A is stronger)";
        break;
      }
      if (r <= lower) {
        verdict = "SPRT: H0 accepted";
        break;
      }
    }
  }

  const int w = as_x[0].w + as_o[0].w, d = as_x[0].d + as_o[0].d, l = as_x[0].l + as_o[0].l;
  const double n = played;
  const double score = (w + 0.5 * d) / n;
  const double var =
      (w * (1 - score) * (1 - score) + d * (0.5 - score) * (0.5 - score) + l * score * score) / n;
  const double margin = 1.959964 * std::sqrt(var / n);
  const double los = w + l > 0 ? 0.5 * (1 + std::erf((w - l) / std::sqrt(2.0 * (w + l)))) : 0.5;
  std::printf("A: %s\nB: %s\n", commands[0].c_str(), commands[1].c_str());
  std::printf("games %d, time per move %.0f ms (forfeit past %.0f ms)\n", played, ms, ms + grace);
  std::printf("A as x: %d W %d D %d L | A as o: %d W %d D %d L | total %d W %d D %d L\n", as_x[0].w,
              as_x[0].d, as_x[0].l, as_o[0].w, as_o[0].d, as_o[0].l, w, d, l);
  std::printf("score of A: %.1f%% (%.1f%% .. %.1f%%)\n", 100 * score, 100 * std::max(0.0, score - margin),
              100 * std::min(1.0, score + margin));
  std::printf("Elo A - B: %+.0f +- %.0f (95%%), LOS %.1f%%\n", elo_of(score),
              (elo_of(std::min(1 - 1e-6, score + margin)) - elo_of(std::max(1e-6, score - margin))) / 2,
              100 * los);
  if (sprt)
    std::printf("SPRT elo0 %.0f elo1 %.0f: LLR %.2f (bounds %.2f, %.2f) %s\n", sprt->first, sprt->second,
                llr(w, d, l, sprt->first, sprt->second), lower, upper,
                verdict.empty() ? "undecided" : verdict.c_str());
  for (int p = 0; p < 2; ++p) {
    const auto& st = stats[p];
    std::printf("%c: %zu moves, ms per move median %.1f p99 %.1f max %.1f, %d over %.0f ms, %d forfeits",
                "AB"[p], st.ms.size(), percentile(st.ms, 0.5), percentile(st.ms, 0.99),
                percentile(st.ms, 1.0), st.slow, ms + 10, forfeits[p]);
    if (st.sim_ms > 0) std::printf(", %.0f k simulations/s", st.simulations / st.sim_ms);
    std::printf("\n");
  }
  return 0;
}
