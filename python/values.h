// What the binding's parts share: Python values read as the command line
// reads its options (the same parsers, so the same errors), the IllegalMove
// exception, and running C++ work with the GIL released while Ctrl-C and a
// progress callback are served on the calling thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include <pybind11/pybind11.h>

#include "core/rules.h"
#include "core/types.h"

namespace tengen::python {

namespace py = pybind11;

// An int or integer-like value (NumPy integers: anything with __index__,
// bool aside) as a long long, cut to LLONG_MIN or LLONG_MAX when it does not
// fit (2**63: far off any board); nullopt for anything else.
std::optional<long long> integer(py::handle value);
// 9, (19, 13) or "19x13": each side 1 to 25 (parse_board_size's errors).
std::pair<int, int> board_size(py::handle board);
// A tengen.Rules, or a preset / "key=value,..." text, with an optional komi
// (None: the rules' komi; a number or its text: a multiple of 0.5 from -1000
// to 1000). Throws std::invalid_argument (ValueError) with parse_rules' words.
Rules rules_of(py::handle rules, py::handle komi);
// The text a komi value is read from ("" for None).
std::string komi_text(py::handle komi);
// A Python int from min to max; other values refused naming `name`
// ("games: expected a whole number from 0 to ..., not '-1'").
uint64_t whole(py::handle value, const char* name, uint64_t min, uint64_t max);
// Threads: 0 means all cores; more than the cores are cut to the cores
// with a RuntimeWarning, as the command line does with a note.
int threads_of(py::handle value);

// Registers tengen._core.IllegalMove (a ValueError) on the module.
void add_illegal_move(py::module_& m);
// Raises IllegalMove(message) with .reason set to the MoveError's words.
[[noreturn]] void raise_illegal(MoveError error, const std::string& message);

// Runs work(stop, done) on a thread of its own with the GIL released; every
// 50 ms the calling thread checks for signals (Ctrl-C) and calls
// progress(done, total) when `done` moved on. A signal's exception (or one
// raised by the callback) sets *stop and is returned once the work has
// finished what it had under way; None when nothing was raised. Exceptions
// from the work itself propagate.
py::object run_interruptible(
    const std::function<void(const std::atomic<bool>* stop, std::atomic<uint64_t>& done)>& work,
    const py::object& progress, uint64_t total);

}  // namespace tengen::python
