#include "formats/verify.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <system_error>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "core/coords.h"

namespace tengen::formats {
namespace {

std::string color_letter(Color c) {
  return c == Color::Black ? "B" : "W";
}

std::string move_text(const Board& board, const Move& m) {
  return color_letter(m.color) + "[" + (m.point == kPass ? "" : sgf_point(board, m.point)) + "]";
}

bool has_sgf_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return ext == ".sgf";
}

std::string plural(size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace

std::vector<std::string> collect_sgf_files(const std::vector<std::string>& arguments) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& argument : arguments) {
    std::error_code ec;
    if (!fs::is_directory(argument, ec)) {
      files.push_back(argument);
      continue;
    }
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator
             it(argument, fs::directory_options::skip_permission_denied, ec),
         end;
         !ec && it != end; it.increment(ec)) {
      std::error_code type_ec;
      if (it->is_regular_file(type_ec) && has_sgf_extension(it->path())) {
        found.push_back(it->path().string());
      }
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

GameVerdict verify_record(const GameRecord& record, size_t index) {
  GameVerdict v;
  v.index = index;
  v.line = record.line;
  v.width = record.width;
  v.height = record.height;
  v.ruleset = record.ruleset;
  v.rules = replay_rules(record);
  v.moves = record.moves.size();
  const Replay r = replay(record);
  v.moves_played = r.moves_played;
  v.black_captures = r.black_captures;
  v.white_captures = r.white_captures;
  v.illegal = r.illegal;
  v.setup_error = r.setup_error;
  v.warnings = record.warnings;
  return v;
}

namespace {

FileVerdict verdict_of(std::string_view path, SgfRead read) {
  FileVerdict verdict;
  verdict.path = std::string(path);
  if (!read.ok()) {
    verdict.error = std::move(read.error);
    return verdict;
  }
  for (size_t i = 0; i < read.games.size(); ++i) {
    verdict.games.push_back(verify_record(read.games[i], i));
  }
  return verdict;
}

}  // namespace

FileVerdict verify_text(std::string_view text, std::string_view path,
                        const SgfReadOptions& options) {
  return verdict_of(path, read_sgf(text, path, options));
}

FileVerdict verify_file(const std::string& path, const SgfReadOptions& options) {
  return verdict_of(path, read_sgf_file(path, options));
}

VerifySummary summarize(const std::vector<FileVerdict>& files) {
  VerifySummary s;
  s.files = files.size();
  for (const FileVerdict& f : files) {
    if (f.error) ++s.unreadable_files;
    for (const GameVerdict& g : f.games) {
      ++s.games;
      s.moves += g.moves_played;
      if (g.illegal) ++s.illegal_moves;
      if (!g.setup_error.empty()) ++s.bad_setups;
      s.warnings += g.warnings.size();
    }
  }
  return s;
}

VerifyReport verify_files(const std::vector<std::string>& paths, const VerifyOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  VerifyReport report;
  report.files.resize(paths.size());
  std::vector<char> verified(paths.size(), 0);
  std::mutex progress_mutex;
  size_t done = 0;
  auto work = [&] {
    // Files vary in size; small grains let the pool balance them.
    tbb::parallel_for(tbb::blocked_range<size_t>(0, paths.size(), 4),
                      [&](const tbb::blocked_range<size_t>& range) {
                        for (size_t i = range.begin(); i != range.end(); ++i) {
                          if (options.stop && options.stop->load(std::memory_order_relaxed)) return;
                          report.files[i] = verify_file(paths[i], options.read);
                          verified[i] = 1;
                          if (options.progress) {
                            const std::lock_guard<std::mutex> lock(progress_mutex);
                            options.progress(++done, paths.size());
                          }
                        }
                      });
  };
  if (options.threads > 0) {
    tbb::task_arena arena(options.threads);
    arena.execute(work);
  } else {
    work();
  }
  if (std::find(verified.begin(), verified.end(), 0) != verified.end()) {
    report.interrupted = true;
    std::vector<FileVerdict> kept;
    for (size_t i = 0; i < paths.size(); ++i) {
      if (verified[i]) kept.push_back(std::move(report.files[i]));
    }
    report.files = std::move(kept);
  }
  report.summary = summarize(report.files);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

std::string format_report(const VerifyReport& report, bool with_timing) {
  std::string out;
  for (const FileVerdict& f : report.files) {
    if (f.error) {
      out += f.path + ": unreadable: " + f.error->message() + "\n";
      continue;
    }
    size_t moves = 0;
    bool clean = true;
    for (const GameVerdict& g : f.games) {
      moves += g.moves_played;
      clean = clean && !g.illegal && g.setup_error.empty();
    }
    out += f.path + ": " + plural(f.games.size(), "game", "games") + ", " +
           plural(moves, "move", "moves");
    if (f.games.size() == 1) {
      const GameVerdict& g = f.games.front();
      out += ", captures B " + std::to_string(g.black_captures) + " W " +
             std::to_string(g.white_captures);
    }
    out += clean ? ", ok\n" : "\n";
    for (const GameVerdict& g : f.games) {
      const std::string game = "  game " + std::to_string(g.index + 1) + " (line " +
                               std::to_string(g.line) + ", " + std::to_string(g.width) + "x" +
                               std::to_string(g.height) + ", RU[" + g.ruleset + "])";
      if (f.games.size() > 1) {
        out += game + ": " + plural(g.moves_played, "move", "moves") + ", captures B " +
               std::to_string(g.black_captures) + " W " + std::to_string(g.white_captures) + "\n";
      }
      if (!g.setup_error.empty()) out += game + ": impossible setup: " + g.setup_error + "\n";
      if (g.illegal) {
        const Board board(g.width, g.height);
        const IllegalMove& m = *g.illegal;
        out += game + ": illegal move " + std::to_string(m.number) + " " +
               move_text(board, m.move) + " (" + color_letter(m.move.color) + " " +
               gtp_vertex(board, m.move.point) + ") at line " + std::to_string(m.line) + ": " +
               std::string(to_string(m.reason)) + " under " + g.rules.to_string() + "\n";
      }
      for (const SgfWarning& w : g.warnings) {
        out += "  warning: line " + std::to_string(w.line) + ": " + w.problem + "\n";
      }
    }
  }
  const VerifySummary& s = report.summary;
  out += "Summary: " + plural(s.files, "file", "files") + ", " + plural(s.games, "game", "games") +
         ", " + plural(s.moves, "move", "moves") + ", " +
         plural(s.illegal_moves, "illegal move", "illegal moves") + ", " +
         plural(s.bad_setups, "impossible setup", "impossible setups") + ", " +
         plural(s.unreadable_files, "unreadable file", "unreadable files") + ", " +
         plural(s.warnings, "warning", "warnings") + "\n";
  if (with_timing && report.seconds > 0) {
    out += fmt::format("Time: {:.3f} s, {:.0f} games/s, {:.0f} moves/s\n", report.seconds,
                       double(s.games) / report.seconds, double(s.moves) / report.seconds);
  }
  return out;
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  // A byte that starts no well-formed sequence stands for the Latin-1
  // character of its value (old SGF files are often Latin-1).
  auto latin1 = [&](unsigned char b) {
    out += char(0xC0 | (b >> 6));
    out += char(0x80 | (b & 0x3F));
  };
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += char(c), ++i;
      continue;
    }
    size_t len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (c >= 0xF5) len = 0;
    bool ok = len > 0 && i + len <= text.size();
    for (size_t k = 1; ok && k < len; ++k) {
      ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    }
    if (ok && len == 3) {
      const unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);  // overlong, surrogate
    }
    if (ok && len == 4) {
      const unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
    }
    if (ok) {
      out.append(text.data() + i, len);
      i += len;
    } else {
      latin1(c), ++i;
    }
  }
  return out;
}

namespace {

using Json = nlohmann::ordered_json;

Json illegal_json(const GameVerdict& g) {
  if (!g.illegal) return nullptr;
  const Board board(g.width, g.height);
  const IllegalMove& m = *g.illegal;
  return {{"number", m.number},
          {"color", color_letter(m.move.color)},
          {"point", m.move.point == kPass ? "" : sgf_point(board, m.move.point)},
          {"vertex", gtp_vertex(board, m.move.point)},
          {"reason", to_string(m.reason)},
          {"line", m.line},
          {"offset", m.offset}};
}

Json game_json(const GameVerdict& g) {
  Json warnings = Json::array();
  for (const SgfWarning& w : g.warnings) {
    warnings.push_back({{"line", w.line}, {"problem", valid_utf8(w.problem)}});
  }
  return {{"index", g.index},
          {"line", g.line},
          {"width", g.width},
          {"height", g.height},
          {"ruleset", valid_utf8(g.ruleset)},
          {"rules", g.rules.to_string()},
          {"moves", g.moves},
          {"moves_played", g.moves_played},
          {"black_captures", g.black_captures},
          {"white_captures", g.white_captures},
          {"illegal", illegal_json(g)},
          {"setup_error", g.setup_error.empty() ? Json(nullptr) : Json(valid_utf8(g.setup_error))},
          {"warnings", warnings}};
}

Json file_json(const FileVerdict& f) {
  Json j = {{"path", valid_utf8(f.path)}};
  if (f.error) {
    j["error"] = {{"line", f.error->line},
                  {"offset", f.error->offset},
                  {"problem", valid_utf8(f.error->problem)},
                  {"message", valid_utf8(f.error->message())}};
  }
  j["games"] = Json::array();
  for (const GameVerdict& g : f.games) j["games"].push_back(game_json(g));
  return j;
}

}  // namespace

std::string format_report_json(const VerifyReport& report) {
  Json files = Json::array();
  for (const FileVerdict& f : report.files) files.push_back(file_json(f));
  const VerifySummary& s = report.summary;
  Json j = {{"files", files},
            {"summary",
             {{"files", s.files},
              {"games", s.games},
              {"moves", s.moves},
              {"illegal_moves", s.illegal_moves},
              {"bad_setups", s.bad_setups},
              {"unreadable_files", s.unreadable_files},
              {"warnings", s.warnings}}}};
  if (report.interrupted) j["interrupted"] = true;  // `files` holds those verified
  return j.dump(2) + "\n";
}

}  // namespace tengen::formats
