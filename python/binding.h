// The parts of the module tengen._core, each adding its classes and functions
// (module.cpp calls them in this order).
#pragma once

#include <pybind11/pybind11.h>

namespace tengen::python {

void add_rules(pybind11::module_& m);
void add_game(pybind11::module_& m);
void add_selfplay(pybind11::module_& m);
void add_records(pybind11::module_& m);

}  // namespace tengen::python
