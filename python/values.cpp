#include "python/values.h"

#include <chrono>
#include <climits>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "core/values.h"
#include "selfplay/runner.h"

namespace tengen::python {
namespace {

// An int or any integer-like value (NumPy's int64, what np.argwhere gives):
// anything with __index__, bool aside.
bool is_int(py::handle value) {
  // NumPy's bool has __index__ too (deprecated): a truth value is no number.
  const std::string_view type = Py_TYPE(value.ptr())->tp_name;
  if (py::isinstance<py::bool_>(value) || type == "numpy.bool_" || type == "numpy.bool") {
    return false;
  }
  return py::isinstance<py::int_>(value) || PyIndex_Check(value.ptr());
}

// Its decimal text, through __index__ (str of a NumPy integer is its
// number too, but not of every integer-like type).
std::string int_text(py::handle value) {
  const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  return py::str(index).cast<std::string>();
}

// The exception type, created once per process with the module (never freed:
// it lives as long as the interpreter).
py::handle illegal_move_type;

}  // namespace

std::optional<long long> integer(py::handle value) {
  if (!is_int(value)) return std::nullopt;
  const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) return overflow > 0 ? LLONG_MAX : LLONG_MIN;
  if (n == -1 && PyErr_Occurred()) throw py::error_already_set();
  return n;
}

std::pair<int, int> board_size(py::handle board) {
  if (py::isinstance<py::str>(board)) return parse_board_size(board.cast<std::string>());
  if (is_int(board)) return parse_board_size(int_text(board));
  if (py::isinstance<py::tuple>(board) || py::isinstance<py::list>(board)) {
    const py::sequence sides = py::reinterpret_borrow<py::sequence>(board);
    if (sides.size() == 2 && is_int(sides[0]) && is_int(sides[1])) {
      return parse_board_size(int_text(sides[0]) + "x" + int_text(sides[1]));
    }
  }
  throw py::type_error("board: expected N, (width, height) or 'WxH', not " +
                       py::repr(board).cast<std::string>());
}

std::string komi_text(py::handle komi) {
  if (komi.is_none()) return "";
  if (py::isinstance<py::str>(komi)) {
    // "" would read as "not given": None says that; an empty text is a slip.
    std::string text = komi.cast<std::string>();
    if (text.find_first_not_of(" \t\n") == std::string::npos) {
      throw std::invalid_argument(
          "komi: empty text (expected a multiple of 0.5 from -1000 to "
          "1000, or None for the rules' komi)");
    }
    return text;
  }
  if (is_int(komi)) return int_text(komi);
  // repr gives the shortest text that reads back as the same float.
  if (py::isinstance<py::float_>(komi)) return py::repr(komi).cast<std::string>();
  throw py::type_error("komi: expected a number, not " + py::repr(komi).cast<std::string>());
}

Rules rules_of(py::handle rules, py::handle komi) {
  if (py::isinstance<Rules>(rules)) {
    Rules value = rules.cast<Rules>();
    return parse_rules(value.to_string(), komi_text(komi));
  }
  if (!py::isinstance<py::str>(rules)) {
    throw py::type_error("rules: expected tengen.Rules or a rules text, not " +
                         py::repr(rules).cast<std::string>());
  }
  return parse_rules(rules.cast<std::string>(), komi_text(komi));
}

uint64_t whole(py::handle value, const char* name, uint64_t min, uint64_t max) {
  if (!is_int(value)) {
    throw py::type_error(std::string(name) + ": expected an int, not " +
                         py::repr(value).cast<std::string>());
  }
  try {
    return parse_whole(int_text(value), min, max);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(name) + ": " + e.what());
  }
}

int threads_of(py::handle value) {
  constexpr int kMaxThreads = 1024;  // as the command line (tools/options.h)
  const int requested = int(whole(value, "threads", 0, kMaxThreads));
  const int cores = selfplay::default_threads();
  if (requested == 0) return cores;
  if (requested > cores) {
    const std::string note = "threads=" + std::to_string(requested) + " is more than the " +
                             std::to_string(cores) + " cores here; using " + std::to_string(cores);
    if (PyErr_WarnEx(PyExc_RuntimeWarning, note.c_str(), 1) != 0) throw py::error_already_set();
    return cores;
  }
  return requested;
}

void add_illegal_move(py::module_& m) {
  illegal_move_type = py::handle(
      PyErr_NewExceptionWithDoc("tengen._core.IllegalMove",
                                "A move the rules refuse (occupied, suicide, ko, superko, off "
                                "the board, game over); .reason names why. The game is unchanged.",
                                PyExc_ValueError, nullptr));
  if (!illegal_move_type) throw py::error_already_set();
  m.attr("IllegalMove") = py::reinterpret_borrow<py::object>(illegal_move_type);
}

void raise_illegal(MoveError error, const std::string& message) {
  py::object exception = py::reinterpret_borrow<py::object>(illegal_move_type)(message);
  exception.attr("reason") = std::string(to_string(error));
  PyErr_SetObject(illegal_move_type.ptr(), exception.ptr());
  throw py::error_already_set();
}

py::object run_interruptible(
    const std::function<void(const std::atomic<bool>* stop, std::atomic<uint64_t>& done)>& work,
    const py::object& progress, uint64_t total) {
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> done{0};
  std::exception_ptr failure;
  bool finished = false;
  std::mutex mutex;
  std::condition_variable changed;
  py::object raised = py::none();
  uint64_t reported = ~uint64_t(0);
  auto serve = [&] {  // with the GIL
    if (!raised.is_none()) return;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      const uint64_t now = done.load();
      if (!progress.is_none() && now != reported) {
        reported = now;
        progress(now, total);
      }
    } catch (py::error_already_set& e) {
      raised = e.value();
      stop.store(true);
    }
  };
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        work(&stop, done);
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      finished = true;
      changed.notify_all();
    });
    for (;;) {
      {
        std::unique_lock lock(mutex);
        if (changed.wait_for(lock, std::chrono::milliseconds(50), [&] { return finished; })) break;
      }
      py::gil_scoped_acquire acquire;
      serve();
    }
    worker.join();
  }
  if (failure) std::rethrow_exception(failure);
  serve();  // the last count, and a signal that came at the very end
  return raised;
}

}  // namespace tengen::python
