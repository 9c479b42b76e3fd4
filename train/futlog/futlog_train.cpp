// Training of Futlog's learned evaluation (futlog/learned_eval.hpp):
// self-play with the engine, then a logistic fit of the feature weights.
//
//   futlog_train selfplay --out FILE [--games N] [--nodes K] [--random-plies R]
//                         [--sample-plies P] [--temperature T] [--tree K]
//                         [--weights FILE] [--seed S] [--explore C] [--descent 1]
//                         [--group G] [--group-others U] [--group-temperature T]
//       plays N games of the best-first engine against itself at K nodes a
//       move (the first 1..R plies random; in the next P plies the move is
//       drawn among the searched root moves with odds exp(value / T), T in
//       evaluation units, so that games from one opening differ) and
//       appends every position reached, with the search's value and the
//       game's result, to FILE; with --tree K, also up to K positions a
//       move drawn among the nodes the search expanded below the root,
//       each with its backed-up minimax value (and no result); with
//       --descent 1 the searches are Descent's (best-first lines continued
//       to the end of the game: search::BestFirstOptions::descent), so the
//       tree's values rest on ends of games rather than on static values;
//       with --group G, each searched position is followed by sibling
//       records: the G best root moves the search expanded, each with its
//       share of the search's choice (odds exp((value - best) / T), T 50 by
//       default), and up to U (16) drawn among the moves it never expanded,
//       share 0; moves that end the game are left out;
//   futlog_train fit --data FILE[,FILE...] --out FILE [--include FILE]
//                    [--hidden H] [--epochs E] [--lambda L] [--rate A] [--l2 R]
//                    [--batch B] [--decay D] [--seed S] [--init FILE]
//                    [--rank M] [--beta B]
//       fits the network of H (32; 1..128) hidden units (Adam on the
//       cross-entropy; the epoch of least loss on the held-out games is
//       kept, with --rank the value's loss plus M x the choice's; the
//       rate is multiplied by D after each epoch) to the target
//       L * result + (1 - L) * search value, both as a win probability for
//       the side to move (the search value alone for tree positions, which
//       have no result); writes the weights file and, with --include, the
//       C++ initializer embedded in the build (cpp/futlog/eval_weights.inc).
//       With --init FILE (or --init embedded: the build's weights) the fit
//       starts from those weights rather than from random ones; a larger
//       --hidden adds units with random input weights and output weights
//       0 (the same function at the start). With --rank M, a position's
//       sibling records (selfplay --group) add M x the cross-entropy
//       between the search's shares and the evaluation's own choice
//       among them, a softmax of B (4) x their logits for the mover: the
//       fit learns to rank a position's children as the deeper search
//       did, which is what a best-first search asks of it. Without it,
//       sibling records are not fitted.
//   futlog_train relabel --data FILE[,FILE...] --out FILE [--nodes K]
//                        [--every N] [--offset O] [--weights FILE] [--descent 1]
//                        [--explore C] [--resume 1]
//                        [--tree-out FILE2 --tree-visits V]
//       searches again, at K nodes, the records O, O + N, O + 2N, ...
//       that are game positions (tree positions are skipped) and appends
//       each with the new search's value and its game's result: a deeper
//       label for positions already played (the fit then learns what a
//       longer search sees); with --descent 1 by Descent's search, whose
//       value rests on lines played to the end of the game; with --explore C
//       by a search with that exploration bonus (play's is 100; the
//       default 0 is the plain best-first search); with --resume 1,
//       a run that was stopped goes on: the records already in FILE are
//       kept (a partial last one cut off) and their positions skipped;
//       with --tree-out FILE2, every node of each search that was entered
//       at least V times (100 by default) below the root is appended to
//       FILE2 as a tree position with its backed-up value: the positions
//       the deep search looked at hardest, each labelled by its own
//       sizeable subtree (kept apart, so that --resume counts FILE alone;
//       a stopped run may lack the tree positions of its last record);
//   futlog_train siblings --data FILE[,FILE...] --out FILE [--children C]
//                         [--nodes K] [--every N] [--offset O] [--weights FILE]
//                         [--top T] [--seed S] [--explore C] [--descent 1]
//       for the game positions O, O + N, O + 2N, ... draws C of their
//       children (outcomes that do not end the game; with --top, among the
//       T the evaluation rates best for the mover) uniformly, searches
//       each at K nodes and appends it with that search's value and no
//       result: the positions a search evaluates at every expansion, most
//       of them moves no player would choose, which the games alone never
//       show the fit; --explore C and --descent 1 as for relabel;
//   futlog_train traps --data FILE[,FILE...] --out FILE [--depth D]
//                      [--every N] [--offset O] [--max-ms T] [--weights FILE]
//                      [--children C] [--missed M]
//       checks the game positions O, O + N, ... exactly (futlog/traps.hpp)
//       and appends each, its label replaced by the proof where there is
//       one: 1000 when the side to move scores at once or has a move into
//       a position lost within D - 1 moves a side for the opponent (D 2: a
//       trap), -1000 when it has lost within min(D, 2) moves a side (D 2
//       or 3; default 2); the others keep their label. These are the
//       positions a search's value misses most: lines that force a goal
//       near the defender's goal, several plies beyond its horizon. A check
//       that runs over T milliseconds (default 2000) is dropped, and so is
//       its position's proof. With --children C, the C children of each
//       position that the evaluation rates best for the mover are checked
//       instead, and only the proven ones are written, as tree positions
//       (no result): the leaves where a search trusts the evaluation;
//       with --missed M, only those the evaluation rated under M for the
//       winner;
//   futlog_train games --games FILE --out FILE [--first-game N]
//       appends every position of each finished game of a games file
//       (train/futlog/record_games.pl writes one from a tournament record)
//       with that game's result for its side to move and a search value
//       of 0, numbered N (0), N + 1, ... in the file's order: positions of matches
//       between two players, such as one of them given ten times the
//       other's nodes, for relabel to search (fit them only relabelled);
//       a file with an illegal move is an error, and nothing is written;
//   futlog_train export --weights FILE [--include FILE]
//       writes a weights file as the C++ initializer embedded in the build
//       (default cpp/futlog/eval_weights.inc).
//
// train/futlog/train.sh runs the whole pipeline.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "futlog/features.hpp"
#include "futlog/learned_eval.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/protocol.hpp"
#include "futlog/search.hpp"
#include "futlog/traps.hpp"
#include "search/best_first.hpp"

using namespace tabula;
using namespace tabula::futlog;

namespace {

// One position of a self-play game, as written to the data file.
struct Record {
  std::uint64_t marked[kWords];
  std::uint32_t game;
  std::int16_t search_value;  // the search's value for the side to move, -1000..1000
  std::uint8_t ball;
  std::uint8_t turn;
  std::int8_t result;  // +1 the side to move won the game, -1 lost, 0 none (a tree position)
  // kPosition, or kSibling: a child of the nearest kPosition record before
  // it, whose search_value is then its share (permille) of that position's
  // search choice (selfplay --group).
  std::uint8_t kind;
  std::uint8_t pad[6];
};
constexpr std::uint8_t kPosition = 0, kSibling = 1;
static_assert(sizeof(Record) == 64);

using Args = std::map<std::string, std::string>;

Args parse(int argc, char** argv, int from) {
  Args a;
  for (int i = from; i + 1 < argc; i += 2) a[argv[i]] = argv[i + 1];
  return a;
}
std::string get(const Args& a, const std::string& k, const std::string& def) {
  const auto it = a.find(k);
  return it == a.end() ? def : it->second;
}
// An option's value as a number of type T: the whole value, in T's range
// (no sign for an unsigned T), or an error that names the option.
template <class T>
T number(const Args& a, const std::string& k, const std::string& def) {
  const std::string v = get(a, k, def);
  std::size_t used = 0;
  try {
    if constexpr (std::is_floating_point_v<T>) {
      const double x = std::stod(v, &used);
      if (used == v.size()) return static_cast<T>(x);
    } else if constexpr (std::is_signed_v<T>) {
      const long long x = std::stoll(v, &used);
      if (used == v.size() && x >= std::numeric_limits<T>::min() && x <= std::numeric_limits<T>::max())
        return static_cast<T>(x);
    } else if (v.find('-') == std::string::npos) {
      const unsigned long long x = std::stoull(v, &used);
      if (used == v.size() && x <= std::numeric_limits<T>::max()) return static_cast<T>(x);
    }
  } catch (const std::logic_error&) {
    // not a number, or out of range: said below with the option's name
  }
  throw std::runtime_error(k + " needs a number" + (std::is_unsigned_v<T> ? " of at least 0" : "") +
                           ", not '" + v + "'");
}

// A position with its value (clamped to the evaluation's range) and no
// result yet.
Record record_of(const State& s, int value, std::uint32_t game) {
  Record rec{};
  for (int i = 0; i < kWords; ++i) rec.marked[i] = s.marked[i];
  rec.game = game;
  rec.search_value = static_cast<std::int16_t>(std::clamp(value, -1000, 1000));
  rec.ball = s.ball;
  rec.turn = s.turn;
  return rec;
}

// The weights of --weights, or the embedded ones.
LearnedEval weights_of(const Args& args) {
  return args.count("--weights") ? LearnedEval::from_file(args.at("--weights")) : LearnedEval();
}

// The search options of the commands that search: --explore C (0, the
// plain best-first search, unless given) and --descent 1.
search::BestFirstOptions search_options(const Args& args) {
  search::BestFirstOptions options;
  options.exploration = number<double>(args, "--explore", "0");
  options.descent = get(args, "--descent", "0") == "1";
  return options;
}

// The budget of a search of s at `nodes` nodes plus s's outcomes, so that
// the root is never starved (a position with more outcomes than the budget
// would otherwise get no search at all).
search::Limits budget_of(OutcomeGenerator& generator, std::vector<Outcome>& outs, const State& s,
                         std::uint64_t nodes) {
  generator.generate(s, outs);
  search::Limits limits;
  limits.max_nodes = nodes + outs.size();
  limits.poll_every = 1;
  return limits;
}

// The value of a best-first search of s at that budget.
int searched_value(LearnedGame& engine, OutcomeGenerator& generator, std::vector<Outcome>& outs,
                   const State& s, std::uint64_t nodes, const search::BestFirstOptions& options = {}) {
  return search::best_first(engine, s, budget_of(generator, outs, s, nodes), {}, options).score;
}

// A root move drawn with odds exp((value - best) / temperature) among the
// first group of the ranking (it ranks the expanded moves by value, then
// the unexpanded ones: a value above its predecessor's starts the next
// group); moves more than five temperatures below the best are never drawn.
Outcome sample(const std::vector<std::pair<Outcome, int>>& ranking, double temperature,
               std::mt19937_64& rng) {
  const int best = ranking.front().second;
  std::vector<double> odds;
  int previous = best;
  for (const auto& [move, value] : ranking) {
    const double gap = (best - value) / temperature;
    if (gap > 5 || value > previous) break;
    odds.push_back(std::exp(-gap));
    previous = value;
  }
  std::discrete_distribution<std::size_t> draw(odds.begin(), odds.end());
  return ranking[draw(rng)].first;
}

// The children of s as sibling records after it (selfplay --group): the
// `expanded` best of those the search expanded, each with its share of the
// search's choice, odds exp((value - best) / temperature), and up to
// `others` drawn among the ones it never expanded, share 0: what a fit
// needs to rank s's children as a deeper search does. Children that end
// the game are left out (a search proves them exactly).
template <class Children>
void append_siblings(const State& s, const Children& children, std::size_t expanded, std::size_t others,
                     double temperature, std::uint32_t game_id, std::mt19937_64& rng,
                     std::vector<Record>& out) {
  std::vector<std::pair<State, int>> searched;
  std::vector<State> unsearched;
  for (const auto& c : children) {
    const State t = apply(s, c.move);
    if (game_over(t)) continue;
    if (c.expanded && searched.size() < expanded)
      searched.emplace_back(t, c.value);
    else if (!c.expanded)
      unsearched.push_back(t);
  }
  if (searched.size() + unsearched.size() < 2 || searched.empty()) return;
  int best = searched.front().second;
  for (const auto& [t, value] : searched) best = std::max(best, value);
  std::vector<double> odds;
  double total = 0;
  for (const auto& [t, value] : searched) total += odds.emplace_back(std::exp((value - best) / temperature));
  for (std::size_t j = 0; j < searched.size(); ++j) {
    Record rec = record_of(searched[j].first, static_cast<int>(std::lround(1000 * odds[j] / total)), game_id);
    rec.kind = kSibling;
    out.push_back(rec);
  }
  for (std::size_t k = 0; k < others && !unsearched.empty(); ++k) {
    const std::size_t j = rng() % unsearched.size();
    Record rec = record_of(unsearched[j], 0, game_id);
    rec.kind = kSibling;
    out.push_back(rec);
    unsearched[j] = unsearched.back();
    unsearched.pop_back();
  }
}

int selfplay(const Args& args) {
  const std::string out_path = get(args, "--out", "");
  if (out_path.empty()) throw std::runtime_error("selfplay needs --out");
  const int games = number<int>(args, "--games", "100");
  const std::uint64_t nodes = number<unsigned long long>(args, "--nodes", "5000");
  const int random_plies = number<int>(args, "--random-plies", "4");
  const int sample_plies = number<int>(args, "--sample-plies", "0");
  const std::size_t tree = number<unsigned long>(args, "--tree", "0");
  const double temperature = number<double>(args, "--temperature", "40");
  const std::size_t group = number<unsigned long>(args, "--group", "0");
  const std::size_t group_others = number<unsigned long>(args, "--group-others", "16");
  const double group_temperature = number<double>(args, "--group-temperature", "50");
  const std::uint64_t seed = number<unsigned long long>(args, "--seed", "1");
  const LearnedEval eval = weights_of(args);
  const search::BestFirstOptions options = search_options(args);
  LearnedGame engine(eval);
  std::ofstream out(out_path, std::ios::binary | std::ios::app);
  std::mt19937_64 rng(seed);
  OutcomeGenerator generator;
  std::vector<Outcome> outs;
  long positions = 0;
  int wins[2] = {0, 0};
  for (int g = 0; g < games; ++g) {
    State s;
    std::vector<Record> game, tree_records;
    const int randoms = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(1, random_plies)));
    for (int ply = 0; !game_over(s); ++ply) {
      if (ply < randoms) {
        generator.generate(s, outs);
        std::vector<std::size_t> quiet;
        for (std::size_t j = 0; j < outs.size(); ++j)
          if (!game_over(apply(s, outs[j]))) quiet.push_back(j);
        if (!quiet.empty()) {
          s = apply(s, outs[quiet[rng() % quiet.size()]]);
          continue;
        }
      }
      search::BestFirst<LearnedGame> search(engine, options);
      const SearchResult r = search.run(s, budget_of(generator, outs, s, nodes), {});
      Outcome chosen = *r.move;
      if (ply < randoms + sample_plies && temperature > 0 && r.proven == search::Proven::kUnknown)
        if (const auto ranking = search.ranking(); !ranking.empty())
          chosen = sample(ranking, temperature, rng);
      const auto game_id = static_cast<std::uint32_t>(seed * 1000003u + static_cast<std::uint64_t>(g));
      game.push_back(record_of(s, r.score, game_id));
      if (group > 0 && r.proven == search::Proven::kUnknown)
        append_siblings(s, search.root_children(), group, group_others, group_temperature, game_id, rng,
                        game);
      if (tree > 0) {
        std::vector<Record> expanded;
        search.for_each_expanded(s, [&](const State& t, int value, std::uint32_t) {
          expanded.push_back(record_of(t, value, game_id));
        });
        for (std::size_t k = 0; k < tree && !expanded.empty(); ++k) {
          const std::size_t j = rng() % expanded.size();
          tree_records.push_back(expanded[j]);
          expanded[j] = expanded.back();
          expanded.pop_back();
        }
      }
      s = apply(s, chosen);
    }
    const int w = winner(s);
    ++wins[w - 1];
    for (Record& rec : game)
      if (rec.kind == kPosition) rec.result = static_cast<std::int8_t>(rec.turn + 1 == w ? 1 : -1);
    game.insert(game.end(), tree_records.begin(), tree_records.end());
    out.write(reinterpret_cast<const char*>(game.data()),
              static_cast<std::streamsize>(game.size() * sizeof(Record)));
    out.flush();
    positions += static_cast<long>(game.size());
    if ((g + 1) % 20 == 0)
      std::cerr << "selfplay " << g + 1 << "/" << games << " games, " << positions << " positions, wins "
                << wins[0] << "-" << wins[1] << '\n';
  }
  return 0;
}

std::vector<Record> load(const std::string& list) {
  std::vector<Record> all;
  std::stringstream ss(list);
  std::string path;
  while (std::getline(ss, path, ',')) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    Record r;
    while (in.read(reinterpret_cast<char*>(&r), sizeof r)) all.push_back(r);
  }
  return all;
}

// The records of --data and the path of --out, which `command` needs: an
// error names what is missing (an option, or any record in the files).
std::pair<std::vector<Record>, std::string> data_and_out(const Args& args, const std::string& command) {
  const std::string list = get(args, "--data", ""), out_path = get(args, "--out", "");
  if (list.empty() || out_path.empty()) throw std::runtime_error(command + " needs --data and --out");
  std::vector<Record> data = load(list);
  if (data.empty()) throw std::runtime_error(command + ": no position in --data " + list);
  return {std::move(data), out_path};
}

// The number of whole records in the file at `path` (0 when there is
// none); a partial record at its end, left by a run that was stopped, is
// cut off so that appending goes on from a record's boundary.
std::size_t whole_records(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error) return 0;
  const auto whole = size / sizeof(Record);
  if (whole * sizeof(Record) != size) std::filesystem::resize_file(path, whole * sizeof(Record));
  return static_cast<std::size_t>(whole);
}

State state_of(const Record& r) {
  State s;
  for (int i = 0; i < kWords; ++i) s.marked[i] = r.marked[i];
  s.ball = r.ball;
  s.turn = r.turn;
  return s;
}

int fit(const Args& args) {
  const auto [data, out_path] = data_and_out(args, "fit");
  const int epochs = number<int>(args, "--epochs", "20");
  const int hidden = number<int>(args, "--hidden", "32");
  // Checked before any work: the evaluation refuses other sizes only when
  // the weights are written, after the whole fit.
  if (hidden < 1 || hidden > LearnedEval::kMaxHidden)
    throw std::runtime_error("fit: --hidden must be 1.." + std::to_string(LearnedEval::kMaxHidden));
  const double lambda = number<double>(args, "--lambda", "0.5");
  double rate = number<double>(args, "--rate", "0.003");
  const double decay = number<double>(args, "--decay", "1");  // the rate's factor after each epoch
  const double l2 = number<double>(args, "--l2", "1e-6");
  const std::size_t batch = number<unsigned long>(args, "--batch", "256");
  // The ranking term's weight, and the sharpness of the evaluation's
  // choice among siblings (its softmax over beta x the logits).
  const double rank = number<double>(args, "--rank", "0");
  const double beta = number<double>(args, "--beta", "4");
  if (rank < 0 || beta <= 0) throw std::runtime_error("fit: --rank must be at least 0 and --beta above 0");
  const int F = features::kCount, H = hidden;
  const std::size_t W1 = 0, B1 = static_cast<std::size_t>(F) * H, W2 = B1 + H, B2 = W2 + H;
  std::vector<float> w(LearnedEval::parameter_count(H));
  std::mt19937_64 rng(number<unsigned long long>(args, "--seed", "12345"));
  {
    std::normal_distribution<float> n1(0.0f, 0.05f), n2(0.0f, 0.3f);
    for (std::size_t i = W1; i < B1; ++i) w[i] = n1(rng);
    for (int j = 0; j < H; ++j) w[B1 + j] = 0.2f, w[W2 + j] = n2(rng);
    w[B2] = 0;
  }
  if (args.count("--init")) {
    // A fine-tuning: the start is a weights file, or the build's own.
    const std::string init = args.at("--init");
    const LearnedEval start = init == "embedded" ? LearnedEval() : LearnedEval::from_file(init);
    const int h0 = start.hidden();
    if (h0 > H)
      throw std::runtime_error("fit: the --init weights have " + std::to_string(h0) +
                               " hidden units, more than --hidden " + std::to_string(H));
    // A wider network keeps the start's units and adds units of random
    // input weights whose output weights are 0: it starts as the same
    // function, and the fit decides what the new units add.
    const std::vector<float>& v = start.parameters();
    const std::size_t v1 = static_cast<std::size_t>(F) * h0, v2 = v1 + h0;
    for (int f = 0; f < F; ++f)
      for (int j = 0; j < h0; ++j)
        w[W1 + static_cast<std::size_t>(f) * H + j] = v[static_cast<std::size_t>(f) * h0 + j];
    for (int j = 0; j < H; ++j) {
      if (j < h0) w[B1 + j] = v[v1 + j];
      w[W2 + j] = j < h0 ? v[v2 + j] : 0.0f;
    }
    w[B2] = v[v2 + h0];
  }

  // Features once; every tenth game is held out for validation.
  std::vector<std::uint16_t> idx;
  std::vector<std::uint32_t> start;
  std::vector<float> target;
  std::vector<std::size_t> train, valid;
  features::Active a;
  for (const Record& r : data) {
    features::extract(state_of(r), a);
    start.push_back(static_cast<std::uint32_t>(idx.size()));
    idx.insert(idx.end(), a.index.begin(), a.index.begin() + a.count);
    const double result = r.result > 0 ? 1.0 : 0.0;
    const double searched = 0.5 + 0.5 * r.search_value / 1000.0;
    target.push_back(static_cast<float>(r.kind == kSibling ? r.search_value / 1000.0
                                        : r.result == 0    ? searched
                                                           : lambda * result + (1 - lambda) * searched));
    if (r.kind != kSibling) (r.game % 10 == 7 ? valid : train).push_back(target.size() - 1);
  }
  start.push_back(static_cast<std::uint32_t>(idx.size()));
  // The siblings of position i are the records i + 1 .. group_end[i] - 1.
  std::vector<std::uint32_t> group_end(data.size());
  for (std::size_t i = data.size(); i-- > 0;)
    group_end[i] = i + 1 < data.size() && data[i + 1].kind == kSibling ? group_end[i + 1]
                                                                       : static_cast<std::uint32_t>(i + 1);
  std::cerr << "fit: " << data.size() << " records, " << train.size() + valid.size() << " positions ("
            << train.size() << " train, " << valid.size() << " validation), "
            << data.size() - train.size() - valid.size() << " siblings, " << w.size() << " parameters\n";

  std::vector<float> acc(static_cast<std::size_t>(H)), h(static_cast<std::size_t>(H)),
      dh(static_cast<std::size_t>(H));
  auto forward = [&](std::size_t i) {
    for (int j = 0; j < H; ++j) acc[j] = w[B1 + j];
    for (std::uint32_t k = start[i]; k < start[i + 1]; ++k) {
      const float* row = &w[W1 + static_cast<std::size_t>(idx[k]) * H];
      for (int j = 0; j < H; ++j) acc[j] += row[j];
    }
    double z = w[B2];
    for (int j = 0; j < H; ++j) {
      h[j] = std::clamp(acc[j], 0.0f, 1.0f);
      z += w[W2 + j] * h[j];
    }
    return z;
  };
  // The evaluation's choice among the siblings of position i: q = softmax
  // of beta x their logits for the mover (the children's negated); returns
  // the cross-entropy against the search's shares, and sets `agreement` to
  // the chance that the evaluation's first choice is the search's (1 / k
  // when the search's is among k children tied first for the evaluation:
  // siblings are written best first, so breaking ties by order would
  // credit an evaluation that cannot tell them apart).
  std::vector<double> q;
  auto choice_of = [&](std::size_t i, double& agreement) {
    q.clear();
    double top = -1e300, loss = 0, total = 0;
    std::size_t theirs = 0;
    for (std::size_t c = i + 1; c < group_end[i]; ++c) {
      q.push_back(-beta * forward(c));
      if (target[c] > target[i + 1 + theirs]) theirs = c - i - 1;
      top = std::max(top, q.back());
    }
    const long tied = std::count(q.begin(), q.end(), top);
    agreement = q[theirs] == top ? 1.0 / static_cast<double>(tied) : 0.0;
    for (double& x : q) total += (x = std::exp(x - top));
    for (std::size_t k = 0; k < q.size(); ++k) {
      q[k] /= total;
      loss -= target[i + 1 + k] * std::log(std::max(q[k], 1e-12));
    }
    return loss;
  };
  // Over `set`: the value's mean cross-entropy; the choice's, over the
  // positions with siblings; the result predicted, over positions of
  // played games; the share of positions with siblings where the
  // evaluation's first choice is the search's. The fit minimizes (and
  // keeps the epoch of least) value + rank x choice.
  struct Measures {
    double value = 0, choice = 0, accuracy = 0, agreement = 0;
  };
  auto measure = [&](const std::vector<std::size_t>& set) {
    Measures m;
    long right = 0, games = 0, groups = 0;
    double agreed = 0;
    for (std::size_t i : set) {
      const double p = std::clamp(1.0 / (1.0 + std::exp(-forward(i))), 1e-7, 1 - 1e-7);
      const double t = target[i];
      m.value -= t * std::log(p) + (1 - t) * std::log(1 - p);
      if (data[i].result != 0) ++games, right += (p > 0.5) == (data[i].result > 0);
      if (group_end[i] > i + 1) {
        double agreement = 0;
        m.choice += choice_of(i, agreement);
        ++groups, agreed += agreement;
      }
    }
    const auto mean = [](double x, long n) { return n == 0 ? 0 : x / static_cast<double>(n); };
    m.value = mean(m.value, static_cast<long>(set.size()));
    m.choice = mean(m.choice, groups);
    m.accuracy = mean(static_cast<double>(right), games);
    m.agreement = mean(agreed, groups);
    return m;
  };
  // Measures the fit on both sets, prints them after `label`, and returns
  // the held-out loss.
  auto report = [&](const std::string& label) {
    const Measures t = measure(train), v = measure(valid);
    std::fprintf(stderr,
                 "%s: train loss %.4f (value %.4f, choice %.4f; result accuracy %.3f, first choice agreed "
                 "%.3f), validation loss %.4f (%.4f, %.4f; %.3f, %.3f)\n",
                 label.c_str(), t.value + rank * t.choice, t.value, t.choice, t.accuracy, t.agreement,
                 v.value + rank * v.choice, v.value, v.choice, v.accuracy, v.agreement);
    return v.value + rank * v.choice;
  };

  std::vector<float> m(w.size(), 0), v(w.size(), 0), grad(w.size(), 0);
  std::vector<int> rows;  // feature rows touched in the batch
  std::vector<char> touched(static_cast<std::size_t>(F), 0);
  const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
  long step = 0;
  std::vector<float> best = w;
  double best_loss = 1e9;
  auto adam = [&](std::size_t i, double c1, double c2) {
    const double g = grad[i] + l2 * w[i];
    m[i] = static_cast<float>(b1 * m[i] + (1 - b1) * g);
    v[i] = static_cast<float>(b2 * v[i] + (1 - b2) * g * g);
    w[i] -= static_cast<float>(rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + eps));
    grad[i] = 0;
  };
  // Adds to grad the gradient of a loss whose derivative by record i's
  // logit is dz; forward(i) must be the last forward pass.
  auto backward = [&](std::size_t i, double dz) {
    grad[B2] += static_cast<float>(dz);
    for (int j = 0; j < H; ++j) {
      grad[W2 + j] += static_cast<float>(dz * h[j]);
      dh[j] = (acc[j] > 0 && acc[j] < 1) ? static_cast<float>(dz * w[W2 + j]) : 0.0f;
      grad[B1 + j] += dh[j];
    }
    for (std::uint32_t k = start[i]; k < start[i + 1]; ++k) {
      const int f = idx[k];
      float* g = &grad[W1 + static_cast<std::size_t>(f) * H];
      for (int j = 0; j < H; ++j) g[j] += dh[j];
      if (!touched[f]) touched[f] = 1, rows.push_back(f);
    }
  };
  report("start");
  for (int e = 0; e < epochs; ++e) {
    std::shuffle(train.begin(), train.end(), rng);
    for (std::size_t bs = 0; bs < train.size(); bs += batch) {
      const std::size_t end = std::min(train.size(), bs + batch);
      const double n = static_cast<double>(end - bs);
      for (std::size_t jj = bs; jj < end; ++jj) {
        const std::size_t i = train[jj];
        const double p = 1.0 / (1.0 + std::exp(-forward(i)));
        backward(i, (p - target[i]) / n);
        if (rank > 0 && group_end[i] > i + 1) {
          // d(choice loss)/d(child logit) = -beta (q - share).
          double agreement = 0;
          choice_of(i, agreement);
          for (std::size_t c = i + 1; c < group_end[i]; ++c) {
            forward(c);
            backward(c, -rank * beta * (q[c - i - 1] - target[c]) / n);
          }
        }
      }
      ++step;
      const double c1 = 1 - std::pow(b1, step), c2 = 1 - std::pow(b2, step);
      for (int f : rows) {
        for (int j = 0; j < H; ++j) adam(W1 + static_cast<std::size_t>(f) * H + j, c1, c2);
        touched[f] = 0;
      }
      rows.clear();
      for (std::size_t i = B1; i < w.size(); ++i) adam(i, c1, c2);
    }
    const double lv = report("epoch " + std::to_string(e + 1));
    if (lv < best_loss || valid.empty()) best_loss = lv, best = w;
    rate *= decay;
  }
  const LearnedEval eval = LearnedEval::from_parameters(H, best);
  std::ofstream(out_path) << eval.to_text();
  if (args.count("--include")) std::ofstream(args.at("--include")) << eval.to_include();
  std::fprintf(stderr, "kept the epoch of validation loss %.4f\n", best_loss);
  return 0;
}

int relabel(const Args& args) {
  const auto [data, out_path] = data_and_out(args, "relabel");
  const std::uint64_t nodes = number<unsigned long long>(args, "--nodes", "10000");
  const std::size_t every = std::max<std::size_t>(1, number<unsigned long>(args, "--every", "1"));
  const std::size_t offset = number<unsigned long>(args, "--offset", "0");
  const search::BestFirstOptions options = search_options(args);
  // The records a run stopped part way already wrote are kept, a partial
  // last one cut off, and the positions they label are not searched again.
  const std::size_t kept = get(args, "--resume", "0") == "1" ? whole_records(out_path) : 0;
  const std::string tree_path = get(args, "--tree-out", "");
  const std::uint32_t tree_visits =
      static_cast<std::uint32_t>(number<unsigned long>(args, "--tree-visits", "100"));
  // Two names of one file (x.bin, ./x.bin) would interleave the outputs.
  if (!tree_path.empty() &&
      std::filesystem::weakly_canonical(tree_path) == std::filesystem::weakly_canonical(out_path))
    throw std::runtime_error("relabel: --tree-out must differ from --out");
  const LearnedEval eval = weights_of(args);
  LearnedGame engine(eval);
  OutcomeGenerator generator;
  std::vector<Outcome> outs;
  std::ofstream out(out_path, std::ios::binary | std::ios::app);
  std::ofstream tree_out;
  if (!tree_path.empty()) {
    if (kept > 0) whole_records(tree_path);  // a partial last record cut off there too
    tree_out.open(tree_path, std::ios::binary | std::ios::app);
  }
  long done = 0, changed = 0, tree_written = 0;
  std::size_t skipped = 0;
  for (std::size_t i = offset; i < data.size(); i += every) {
    if (data[i].result == 0) continue;
    const State s = state_of(data[i]);
    if (game_over(s)) continue;
    if (skipped < kept) {
      ++skipped;
      continue;
    }
    Record rec = data[i];
    search::BestFirst<LearnedGame> search(engine, options);
    const int searched = search.run(s, budget_of(generator, outs, s, nodes), {}).score;
    rec.search_value = static_cast<std::int16_t>(std::clamp(searched, -1000, 1000));
    changed += std::abs(rec.search_value - data[i].search_value) > 200;
    out.write(reinterpret_cast<const char*>(&rec), sizeof rec);
    if (tree_out.is_open()) {
      std::vector<Record> heavy;
      search.for_each_expanded(s, [&](const State& t, int value, std::uint32_t visits) {
        if (visits >= tree_visits && !game_over(t)) heavy.push_back(record_of(t, value, rec.game));
      });
      tree_out.write(reinterpret_cast<const char*>(heavy.data()),
                     static_cast<std::streamsize>(heavy.size() * sizeof(Record)));
      tree_written += static_cast<long>(heavy.size());
    }
    if (++done % 1000 == 0) {
      out.flush();
      tree_out.flush();
      std::cerr << "relabel " << done << " positions (" << changed << " moved by over 200)";
      if (tree_out.is_open()) std::cerr << ", " << tree_written << " tree positions";
      std::cerr << '\n';
    }
  }
  return 0;
}

// What an exact check proves of s (not over) for its side to move: +1 it
// scores at once or has a move into a position lost within depth - 1 for
// the opponent (depth 2: a trap), -1 it has lost within `depth` moves a
// side (at most 2), 0 neither, or the check was interrupted.
int proof_of(TrapFinder& finder, const State& s, int depth, bool& interrupted) {
  interrupted = false;
  const Immediate now = immediate(s);
  if (now != Immediate::kOpen) return now == Immediate::kScores ? 1 : -1;
  int proof = finder.lost_within(s, std::min(depth, TrapFinder::kMaxDepth)) ? -1 : 0;
  if (proof == 0 && !finder.interrupted() && finder.losing_reply(s, depth - 1)) proof = 1;
  interrupted = finder.interrupted();
  return interrupted ? 0 : proof;
}

// Counts of a traps run, printed as it goes.
struct ProofCounts {
  long done = 0, won = 0, lost = 0, wrong = 0, misjudged = 0, dropped = 0;
  void print() const {
    std::cerr << "traps " << done << " positions: " << won << " won, " << lost << " lost, " << wrong
              << " of them labelled under 500 for the winner, " << misjudged
              << " evaluated in the loser's favour, " << dropped << " checks dropped\n";
  }
};

int traps(const Args& args) {
  const auto [data, out_path] = data_and_out(args, "traps");
  const int depth = number<int>(args, "--depth", "2");
  if (depth < 2 || depth > TrapFinder::kMaxDepth + 1) throw std::runtime_error("--depth is 2 or 3");
  const std::size_t every = std::max<std::size_t>(1, number<unsigned long>(args, "--every", "1"));
  const std::size_t offset = number<unsigned long>(args, "--offset", "0");
  const std::size_t top = number<unsigned long>(args, "--children", "0");
  // With --children: only the proofs whose label before (the evaluation's)
  // was under this value for the winner.
  const int missed = number<int>(args, "--missed", "1001");
  const auto max_time = std::chrono::milliseconds(number<long>(args, "--max-ms", "2000"));
  const LearnedEval eval = weights_of(args);
  TrapFinder finder;
  std::chrono::steady_clock::time_point deadline;
  finder.set_interrupt([&] { return std::chrono::steady_clock::now() > deadline; });
  OutcomeGenerator generator;
  std::vector<Outcome> outs;
  std::vector<std::pair<int, State>> children;
  std::ofstream out(out_path, std::ios::binary | std::ios::app);
  ProofCounts counts;
  // Checks rec's position, relabels it when proven and writes it when
  // proven or `always`.
  const auto check = [&](Record rec, const State& s, bool always) {
    const int before = rec.search_value;
    deadline = std::chrono::steady_clock::now() + max_time;
    bool interrupted = false;
    const int proof = proof_of(finder, s, depth, interrupted);
    counts.dropped += interrupted;
    if (proof != 0) {
      counts.won += proof > 0;
      counts.lost += proof < 0;
      counts.wrong += proof * before < 500;              // the old label was not near the proof
      counts.misjudged += proof * eval.evaluate(s) < 0;  // the evaluation favours the loser
      rec.search_value = static_cast<std::int16_t>(1000 * proof);
    }
    if ((proof != 0 && proof * before < missed) || always)
      out.write(reinterpret_cast<const char*>(&rec), sizeof rec);
    if (++counts.done % 1000 == 0) {
      out.flush();
      counts.print();
    }
  };
  for (std::size_t i = offset; i < data.size(); i += every) {
    if (data[i].result == 0) continue;
    const State s = state_of(data[i]);
    if (game_over(s)) continue;
    if (top == 0) {
      check(data[i], s, true);
      continue;
    }
    // The children a search would look at first: those the evaluation
    // rates best for the mover (their values are the opponent's). Only
    // the proven ones are written, with no result, as tree positions.
    generator.generate(s, outs);
    children.clear();
    for (const Outcome& o : outs)
      if (const State t = apply(s, o); !game_over(t)) children.emplace_back(eval.evaluate(t), t);
    const std::size_t n = std::min(top, children.size());
    std::partial_sort(children.begin(), children.begin() + static_cast<long>(n), children.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t j = 0; j < n; ++j) {
      // The label of a child before its proof: its evaluation.
      check(record_of(children[j].second, children[j].first, data[i].game), children[j].second, false);
    }
  }
  counts.print();
  return 0;
}

int siblings(const Args& args) {
  const auto [data, out_path] = data_and_out(args, "siblings");
  const std::uint64_t nodes = number<unsigned long long>(args, "--nodes", "300");
  const std::size_t children = number<unsigned long>(args, "--children", "4");
  const std::size_t every = std::max<std::size_t>(1, number<unsigned long>(args, "--every", "1"));
  const std::size_t offset = number<unsigned long>(args, "--offset", "0");
  const std::size_t top = number<unsigned long>(args, "--top", "0");
  std::mt19937_64 rng(number<unsigned long long>(args, "--seed", "1"));
  const search::BestFirstOptions options = search_options(args);
  const LearnedEval eval = weights_of(args);
  LearnedGame engine(eval);
  OutcomeGenerator generator;
  std::vector<Outcome> outs, child_outs;
  std::vector<State> open;
  std::ofstream out(out_path, std::ios::binary | std::ios::app);
  long done = 0, lost = 0;
  for (std::size_t i = offset; i < data.size(); i += every) {
    if (data[i].result == 0) continue;
    const State s = state_of(data[i]);
    if (game_over(s)) continue;
    generator.generate(s, outs);
    open.clear();
    for (const Outcome& o : outs)
      if (const State t = apply(s, o); !game_over(t)) open.push_back(t);
    if (top > 0 && open.size() > top) {
      // The children's values are the opponent's: the mover's best first.
      std::vector<std::pair<int, std::size_t>> keyed;
      for (std::size_t j = 0; j < open.size(); ++j) keyed.emplace_back(eval.evaluate(open[j]), j);
      std::partial_sort(keyed.begin(), keyed.begin() + static_cast<long>(top), keyed.end());
      std::vector<State> best;
      for (std::size_t j = 0; j < top; ++j) best.push_back(open[keyed[j].second]);
      open.swap(best);
    }
    for (std::size_t k = 0; k < children && !open.empty(); ++k) {
      const std::size_t j = rng() % open.size();
      const State t = open[j];
      open[j] = open.back();
      open.pop_back();
      const Record rec =
          record_of(t, searched_value(engine, generator, child_outs, t, nodes, options), data[i].game);
      lost += rec.search_value >= 900;  // t's side to move wins: the move drawn threw the game
      out.write(reinterpret_cast<const char*>(&rec), sizeof rec);
      if (++done % 1000 == 0) {
        out.flush();
        std::cerr << "siblings " << done << " positions (" << lost
                  << " valued 900 or more for the opponent)\n";
      }
    }
  }
  return 0;
}

// The positions of a games file: each line "game K ... | MOVE ; MOVE ; ...",
// every move from the start, a move being its path's vertices (only the
// part after " | " is read). Every move is checked again with our rules, so a
// file that does not hold legal games is an error, not a source of data.
int games(const Args& args) {
  const std::string in_path = get(args, "--games", "");
  const std::string out_path = get(args, "--out", "");
  if (in_path.empty() || out_path.empty()) throw std::runtime_error("games needs --games and --out");
  std::ifstream in(in_path);
  if (!in) throw std::runtime_error("cannot read " + in_path);
  const auto first = static_cast<std::uint32_t>(number<unsigned long>(args, "--first-game", "0"));
  std::vector<Record> all;  // written once the whole file is read: a bad file adds nothing
  std::size_t read = 0, kept = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t bar = line.find(" | ");
    if (bar == std::string::npos) continue;
    const auto game = first + static_cast<std::uint32_t>(read++);
    std::vector<Record> records;
    State s;
    const std::string moves = line.substr(bar + 3);
    for (std::size_t pos = 0; pos < moves.size();) {
      const std::size_t end = std::min(moves.find(" ; ", pos), moves.size());
      const std::string move = moves.substr(pos, end - pos);
      pos = end + 3;
      const protocol::Checked checked = protocol::check_move(s, move);
      if (checked.verdict != protocol::Verdict::kLegal)
        throw std::runtime_error(in_path + ": game " + std::to_string(read) + ": not a legal move: " + move);
      records.push_back(record_of(s, 0, game));
      s = checked.after;
    }
    const int w = winner(s);
    if (w == 0) continue;  // a game that did not end: no result to give its positions
    for (Record& r : records) {
      r.result = static_cast<std::int8_t>(w - 1 == r.turn ? 1 : -1);
      all.push_back(r);
    }
    ++kept;
  }
  std::ofstream out(out_path, std::ios::binary | std::ios::app);
  out.write(reinterpret_cast<const char*>(all.data()),
            static_cast<std::streamsize>(all.size() * sizeof(Record)));
  if (!out) throw std::runtime_error("cannot write " + out_path);
  std::fprintf(stderr, "games: %zu of %zu games ended, %zu positions\n", kept, read, all.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: futlog_train selfplay|fit|relabel|siblings|traps|games|export ...\n";
    return 2;
  }
  try {
    const std::string cmd = argv[1];
    const Args args = parse(argc, argv, 2);
    if (cmd == "selfplay") return selfplay(args);
    if (cmd == "fit") return fit(args);
    if (cmd == "relabel") return relabel(args);
    if (cmd == "siblings") return siblings(args);
    if (cmd == "traps") return traps(args);
    if (cmd == "games") return games(args);
    if (cmd == "export") {
      std::ofstream(get(args, "--include", "cpp/futlog/eval_weights.inc"))
          << LearnedEval::from_file(get(args, "--weights", "")).to_include();
      return 0;
    }
    std::cerr << "unknown command " << cmd << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "futlog_train: " << e.what() << '\n';
    return 1;
  }
}
