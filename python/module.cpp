// tengen._core: the C++ side of the Python package `tengen` (python/tengen/
// wraps it; README.md here lists the files).
#include <pybind11/pybind11.h>

#include "python/binding.h"
#include "python/values.h"
#include "tengen/version.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "Tengen's rules, games and self-play statistics (the C++ binding).";
  m.attr("__version__") = TENGEN_VERSION;
  tengen::python::add_illegal_move(m);
  tengen::python::add_rules(m);
  tengen::python::add_game(m);
  tengen::python::add_selfplay(m);
  tengen::python::add_records(m);
}
