// tengen.Game: a game under exact rules (core/game.h), moves as GTP vertices
// or (x, y), the board as a live NumPy view, undo, scoring and SGF; and
// tengen._core.reference.Game, the reference model (reference/) for the
// property tests.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "core/coords.h"
#include "core/game.h"
#include "formats/replay.h"
#include "formats/sgf.h"
#include "python/binding.h"
#include "python/values.h"
#include "reference/reference.h"
#include "scoring/dead_stones.h"
#include "search/search.h"

namespace tengen::python {
namespace {

// The game and the position before its first move (fixed handicap stones
// included), which an SGF record needs and Game does not show.
struct PyGame {
  Game game;
  Board start;
};

std::string board_text(const Board& board) {
  return std::to_string(board.width()) + "x" + std::to_string(board.height());
}

// A move: "D4" / "pass" (GTP, any case) or (x, y) with x from the left and
// y from the top, 0-based, each an int or integer-like (np.int64, as
// np.argwhere gives). nullopt: an (x, y) off the board, however far. A text
// that is no vertex of this board is a ValueError.
std::optional<Point> point_of(const Board& board, py::handle move) {
  if (py::isinstance<py::str>(move)) {
    const std::string text = move.cast<std::string>();
    if (const std::optional<Point> p = parse_gtp_vertex(board, text)) return p;
    throw std::invalid_argument("bad vertex '" + text + "' on a " + board_text(board) +
                                " board (expected a GTP vertex such as D4, or pass)");
  }
  if (py::isinstance<py::tuple>(move) || py::isinstance<py::list>(move)) {
    const py::sequence xy = py::reinterpret_borrow<py::sequence>(move);
    if (xy.size() == 2) {
      const std::optional<long long> x = integer(xy[0]), y = integer(xy[1]);
      if (x.has_value() && y.has_value()) {
        const long long column = *x, row = *y;
        if (column < 0 || row < 0 || column >= board.width() || row >= board.height()) {
          return std::nullopt;
        }
        return board.point(int(column), int(row));
      }
    }
  }
  if (py::isinstance<py::array>(move)) {  // a row of np.argwhere(mask) is [y, x]: not guessed
    throw py::type_error("a move is a GTP vertex ('D4', 'pass') or (x, y), not the array " +
                         py::repr(move).cast<std::string>() +
                         " (np.argwhere gives [y, x]: play((x, y)) with x, y = row[1], row[0])");
  }
  throw py::type_error("a move is a GTP vertex ('D4', 'pass') or (x, y), not " +
                       py::repr(move).cast<std::string>());
}

std::string move_name(const Board& board, py::handle move, std::optional<Point> p) {
  return p ? gtp_vertex(board, *p) : py::repr(move).cast<std::string>();
}

void play(PyGame& self, py::handle move) {
  const Board& board = self.game.board();
  const std::optional<Point> p = point_of(board, move);
  const Color c = self.game.to_move();
  const MoveError error = p ? self.game.play(*p) : MoveError::OffBoard;
  if (error != MoveError::None) {
    raise_illegal(error, std::string(to_string(c)) + " " + move_name(board, move, p) + " on " +
                             board_text(board) + " refused: " + std::string(to_string(error)));
  }
}

py::list legal_moves(const PyGame& self) {
  const Board& board = self.game.board();
  py::list out;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      if (self.game.is_legal(board.point(x, y))) out.append(py::make_tuple(x, y));
    }
  }
  return out;
}

py::array_t<bool> legal_mask(const PyGame& self) {
  const Board& board = self.game.board();
  py::array_t<bool> mask({board.height(), board.width()});
  auto view = mask.mutable_unchecked<2>();
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) view(y, x) = self.game.is_legal(board.point(x, y));
  }
  return mask;
}

// The board's colours in place: rows of the padded array (board.h), read-only,
// kept alive by the game that owns them.
py::array board_view(py::object self_object) {
  const PyGame& self = self_object.cast<const PyGame&>();
  const Board& board = self.game.board();
  const auto* colours = reinterpret_cast<const uint8_t*>(board.colours());
  const Point first = board.point(0, 0);
  py::array view(py::dtype::of<uint8_t>(), {board.height(), board.width()},
                 {py::ssize_t(board.stride()), py::ssize_t(1)}, colours + first, self_object);
  view.attr("flags").attr("writeable") = false;
  return view;
}

py::dict captures(const Game& game) {
  py::dict out;
  out["black"] = game.prisoners(Color::Black) + game.suicides(Color::White);
  out["white"] = game.prisoners(Color::White) + game.suicides(Color::Black);
  return out;
}

py::dict score_dict(const Score& s) {
  return py::dict(py::arg("black") = s.black, py::arg("white") = s.white,
                  py::arg("neutral") = s.neutral, py::arg("komi") = s.komi,
                  py::arg("handicap_bonus") = s.handicap_bonus, py::arg("margin") = s.margin,
                  py::arg("winner") = std::string(to_string(s.winner)),
                  py::arg("result") = s.result());
}

PyGame make_game(py::handle board, py::handle rules, py::handle komi, py::handle handicap) {
  const auto [width, height] = board_size(board);
  PyGame g{Game(width, height, rules_of(rules, komi)), Board(width, height)};
  const int n = int(whole(handicap, "handicap", 0, uint64_t(kMaxSide * kMaxSide)));
  if (n != 0) g.game.set_handicap(n);
  g.start = g.game.board();
  return g;
}

// Game.from_sgf's argument read: SGF text (a str), or the file a path-like
// (pathlib.Path) names. A str is never taken for a file name: one that holds
// no game tree is refused with a pointer to pathlib.Path.
formats::SgfRead read_sgf_argument(py::handle sgf, std::string* source) {
  const py::module_ os = py::module_::import("os");
  if (py::isinstance(sgf, os.attr("PathLike"))) {
    *source = py::str(os.attr("fspath")(sgf)).cast<std::string>();
    return formats::read_sgf_file(*source);
  }
  if (!py::isinstance<py::str>(sgf)) {
    throw py::type_error("from_sgf: expected SGF text or a pathlib.Path, not " +
                         py::repr(sgf).cast<std::string>());
  }
  *source = "SGF text";
  const std::string text = sgf.cast<std::string>();
  if (text.find('(') == std::string::npos) {
    throw std::invalid_argument("from_sgf: " + py::repr(sgf).cast<std::string>().substr(0, 80) +
                                " is not SGF text (no game tree '(;...)'); for a file, pass a "
                                "path: Game.from_sgf(pathlib.Path(...))");
  }
  return formats::read_sgf(text, *source);
}

PyGame from_sgf(py::handle sgf) {
  std::string source;
  const formats::SgfRead read = read_sgf_argument(sgf, &source);
  if (!read.ok()) throw std::invalid_argument(read.error->message());
  if (read.games.empty()) throw std::invalid_argument(source + ": no game tree");
  const formats::GameRecord& record = read.games.front();
  formats::ReplayOptions options;
  options.keep_start = true;
  options.as_stated = true;
  formats::Replay r = formats::replay(record, options);
  if (!r.setup_error.empty()) throw std::invalid_argument(source + ": " + r.setup_error);
  if (r.illegal) {
    const Board board(record.width, record.height);
    raise_illegal(r.illegal->reason, source + ": move " + std::to_string(r.illegal->number) + " (" +
                                         std::string(to_string(r.illegal->move.color)) + " " +
                                         gtp_vertex(board, r.illegal->move.point) + ", line " +
                                         std::to_string(r.illegal->line) +
                                         ") refused: " + std::string(to_string(r.illegal->reason)));
  }
  if (r.segments > 1) {
    throw std::invalid_argument(
        source +
        ": the record plays on after its game ended, or sets up stones after the first "
        "move; a Game holds one game (tengen.verify replays such records)");
  }
  return PyGame{std::move(*r.game), r.start->board()};
}

// The dead stones and seki estimated by playouts (scoring/dead_stones.h) on
// the position as it stands, with the score they give, as `tengen score`
// and GTP's final_score count them.
py::dict dead_stones(const PyGame& self, py::handle playouts, py::handle seed, py::handle threads,
                     py::handle dead_percent) {
  scoring::DeadStoneOptions options;
  options.playouts = int(whole(playouts, "playouts", 1, 1000000));
  options.seed = whole(seed, "seed", 0, ~uint64_t(0));
  options.threads = threads_of(threads);
  options.dead_percent = int(whole(dead_percent, "dead_percent", 0, 100));
  const Game game = self.game;  // a copy: the GIL is released while it is read
  scoring::DeadStoneEstimate e;
  {
    py::gil_scoped_release release;
    e = scoring::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options);
  }
  const Board& board = game.board();
  auto points = [&](const std::vector<Point>& stones) {
    py::list out;
    for (Point p : stones) out.append(py::make_tuple(board.column(p), board.row(p)));
    return out;
  };
  auto owned = [&](const std::vector<int32_t>& counts) {
    py::array_t<double> share({board.height(), board.width()});
    auto view = share.mutable_unchecked<2>();
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        view(y, x) = double(counts[size_t(board.point(x, y))]) / e.playouts;
      }
    }
    return share;
  };
  return py::dict(py::arg("dead") = points(e.dead), py::arg("seki") = points(e.seki),
                  py::arg("black_owned") = owned(e.black_owned),
                  py::arg("white_owned") = owned(e.white_owned),
                  py::arg("score") = score_dict(scoring::estimated_score(game, e)),
                  py::arg("playouts") = e.playouts, py::arg("seed") = options.seed);
}

void add_reference(py::module_& m) {
  py::module_ ref =
      m.def_submodule("reference",
                      "The reference model (reference/): the rules written the slow, literal way, "
                      "the oracle of the property tests. Points are y * width + x; -1 is a pass.");
  using reference::Game;
  py::class_<Game>(ref, "Game")
      .def(py::init([](int width, int height, const Rules& rules) {
             return Game(width, height, rules);
           }),
           py::arg("width"), py::arg("height"), py::arg("rules"))
      .def(
          "play", [](Game& g, int p) { return std::string(to_string(g.play(p))); },
          "Plays for the side to move; returns 'legal' or why the move was refused.")
      .def("legal_moves", &Game::legal_moves, "The legal points (no pass), ascending.")
      .def("colouring",
           [](const Game& g) {
             std::vector<int> out;
             for (Color c : g.colouring()) out.push_back(int(c));
             return out;
           })
      .def_property_readonly("to_move", [](const Game& g) { return int(g.to_move()); })
      .def_property_readonly("is_over", &Game::over)
      .def("prisoners", [](const Game& g, int c) { return g.prisoners(Color(c)); })
      .def("suicides", [](const Game& g, int c) { return g.suicides(Color(c)); });
}

// tengen.search(game, ...): the searching player's move for the side to move.
py::dict search_game(const PyGame& self, int64_t playouts, double seconds, int threads,
                     uint64_t seed, int64_t max_nodes) {
  search::SearchOptions o;
  o.playouts = playouts;
  o.seconds = seconds;
  o.threads = threads;
  o.seed = seed;
  o.max_nodes = max_nodes;
  search::check_options(o, self.game.board().width(), self.game.board().height());
  search::SearchResult r;
  {
    py::gil_scoped_release release;
    search::Search searcher(o);
    r = searcher.run(self.game);
  }
  const Board& board = self.game.board();
  py::dict out;
  out["move"] = r.resign ? std::string("resign") : gtp_vertex(board, r.move);
  out["win_rate"] = r.win_rate;
  out["playouts"] = r.playouts;
  py::dict visits;
  py::list candidates;
  for (const search::Candidate& c : r.candidates) {
    visits[py::str(gtp_vertex(board, c.move))] = c.visits;
    py::list pv;
    for (Point p : c.pv) pv.append(gtp_vertex(board, p));
    py::dict d;
    d["move"] = gtp_vertex(board, c.move);
    d["visits"] = c.visits;
    d["win_rate"] = c.win_rate;
    d["pv"] = pv;
    candidates.append(d);
  }
  out["visits"] = visits;
  out["candidates"] = candidates;
  py::array_t<double> ownership({board.height(), board.width()});
  auto view = ownership.mutable_unchecked<2>();
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      view(y, x) = size_t(p) < r.ownership.size() ? r.ownership[p] : 0.0;
    }
  }
  out["ownership"] = ownership;
  return out;
}

}  // namespace

void add_game(py::module_& m) {
  m.def("search", &search_game, py::arg("game"), py::arg("playouts") = 1000,
        py::arg("seconds") = 0.0, py::arg("threads") = 1, py::arg("seed") = 1,
        py::arg("max_nodes") = search::SearchOptions{}.max_nodes,
        "The searching player's move for the side to move (UCT with RAVE over light\n"
        "playouts, search/): a dict with move ('D4', 'pass' or 'resign'), win_rate (for the\n"
        "side to move), playouts, visits (move -> visits), candidates (most visited first:\n"
        "move, visits, win_rate, pv) and ownership, a (height, width) float array (+1: Black\n"
        "owned the point at the end of every playout, -1: White). Bad budgets raise\n"
        "ValueError. One thread and a seed give the same answer every time.");
  py::class_<PyGame>(m, "Game",
                     "A game of Go under exact rules. Moves are GTP vertices ('D4', 'pass') or\n"
                     "(x, y) with x from the left and y from the top, 0-based; board[y, x] is\n"
                     "the point (x, y).")
      .def(py::init(&make_game), py::arg("board") = 9, py::arg("rules") = "tromp-taylor",
           py::arg("komi") = py::none(), py::arg("handicap") = 0,
           "Game(board=9 or (w, h) or 'WxH', rules=preset or 'key=value,...' or Rules, "
           "komi=None (the rules' komi), handicap=0 (2 or more: as the rules place it)).")
      .def("play", &play, py::arg("move"),
           "Plays a move for the side to move. A bad vertex raises ValueError; a move the\n"
           "rules refuse raises IllegalMove (its .reason says why); the game is then unchanged.")
      .def(
          "pass_move", [](PyGame& g) { play(g, py::str("pass")); },
          "Passes for the side to move (IllegalMove once the game is over).")
      .def(
          "is_legal",
          [](const PyGame& g, py::handle move) {
            const std::optional<Point> p = point_of(g.game.board(), move);
            return p && g.game.is_legal(*p);
          },
          py::arg("move"), "Whether the side to move may play the move now.")
      .def("legal_moves", &legal_moves,
           "The points where the side to move may play, as (x, y), row by row from the top.\n"
           "Passing is legal too while the game goes on.")
      .def("legal_mask", &legal_mask,
           "legal_moves() as a (height, width) NumPy bool array: mask[y, x].")
      .def(
          "undo",
          [](PyGame& g) {
            if (!g.game.can_undo()) throw std::invalid_argument("no move to undo");
            g.game.undo();
          },
          "Takes back the last turn (moves, passes, free handicap stones).")
      .def_property_readonly(
          "to_move", [](const PyGame& g) { return int(g.game.to_move()); },
          "1 (Black) or 2 (White).")
      .def_property_readonly("board", &board_view,
                             "The board as a read-only (height, width) uint8 NumPy array\n"
                             "(0 empty, 1 black, 2 white): a live view of the game's own\n"
                             "array, no copy; .copy() it to keep a position.")
      .def_property_readonly("width", [](const PyGame& g) { return g.game.board().width(); })
      .def_property_readonly("height", [](const PyGame& g) { return g.game.board().height(); })
      .def_property_readonly("rules", [](const PyGame& g) { return g.game.rules(); })
      .def_property_readonly("handicap", [](const PyGame& g) { return g.game.handicap(); })
      .def_property_readonly(
          "captures", [](const PyGame& g) { return captures(g.game); },
          "Prisoners of each side: {'black': n, 'white': n} (stones removed by the\n"
          "opponent's suicide included, as GTP's captures counts them).")
      .def_property_readonly("is_over", [](const PyGame& g) { return g.game.over(); })
      .def_property_readonly(
          "end_reason", [](const PyGame& g) { return std::string(to_string(g.game.end_reason())); })
      .def_property_readonly(
          "moves",
          [](const PyGame& g) {
            py::list out;
            for (const Move& mv : g.game.moves()) {
              out.append(py::make_tuple(int(mv.color), gtp_vertex(g.game.board(), mv.point)));
            }
            return out;
          },
          "The turns played: [(colour, vertex), ...].")
      .def(
          "score", [](const PyGame& g) { return score_dict(g.game.score()); },
          "The score of the position under the rules' scoring (no dead stones):\n"
          "{'black', 'white', 'neutral', 'komi', 'handicap_bonus', 'margin', 'winner',\n"
          "'result'}; margin is Black minus White, komi and bonus included.")
      .def("dead_stones", &dead_stones, py::arg("playouts") = 400, py::arg("seed") = 1,
           py::arg("threads") = 0, py::arg("dead_percent") = 50,
           "The dead stones and seki estimated by playouts on the position as it stands\n"
           "(as `tengen score` and GTP's final_score under rules that remove dead stones):\n"
           "{'dead': [(x, y), ...], 'seki': [(x, y), ...], 'black_owned', 'white_owned'\n"
           "(each point's share of the playouts it ended as that colour's, [y, x] NumPy\n"
           "arrays), 'score' (as score(), the dead stones removed), 'playouts', 'seed'}.\n"
           "Playout i is seeded from (seed, i): the same answer on any number of threads.\n"
           "The GIL is released while the playouts run.")
      .def("copy", [](const PyGame& g) { return PyGame(g); })
      .def("__copy__", [](const PyGame& g) { return PyGame(g); })
      .def("__deepcopy__", [](const PyGame& g, py::handle) { return PyGame(g); })
      .def(
          "to_sgf",
          [](const PyGame& g) {
            return formats::write_sgf(formats::record_from_game(g.game, g.start));
          },
          "The game as an SGF FF[4] record (RU, KM, HA, the moves; RE once it is over).")
      .def_static("from_sgf", &from_sgf, py::arg("sgf"),
                  "The game an SGF record plays (its first game tree), under the rules it\n"
                  "states (RU, KM; HA). sgf is SGF text (a str), or a file as a path-like\n"
                  "(pathlib.Path); a str is never read as a file name. Unreadable text raises\n"
                  "ValueError, a refused move IllegalMove. KM is read as written (KM[100]\n"
                  "is 100), hundredths only where that is implausible (KM[650] on 19x19).")
      .def(py::pickle(
          [](const PyGame& g) {
            return py::make_tuple(formats::write_sgf(formats::record_from_game(g.game, g.start)));
          },
          [](const py::tuple& state) {
            if (state.size() != 1 || !py::isinstance<py::str>(state[0])) {
              throw std::invalid_argument("Game: bad pickled state (expected its SGF text)");
            }
            return from_sgf(state[0]);
          }))
      .def("__str__", [](const PyGame& g) { return pretty_diagram(g.game.board()); })
      .def("__repr__", [](const PyGame& g) {
        return "<tengen.Game " + board_text(g.game.board()) + " " + g.game.rules().to_string() +
               ", " + std::to_string(g.game.moves().size()) + " turns>";
      });
  add_reference(m);
}

}  // namespace tengen::python
