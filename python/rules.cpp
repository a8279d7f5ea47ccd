// tengen.Rules: the rules as data, read from a preset or "key=value,..." by
// the command line's parser.
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "core/rules.h"
#include "core/values.h"
#include "python/binding.h"
#include "python/values.h"

namespace tengen::python {

void add_rules(py::module_& m) {
  py::class_<Rules>(m, "Rules",
                    "Go rules as data: one field per setting (ko, suicide, scoring, komi, tie,\n"
                    "handicap, bonus, end, seki). Rules('japanese'), Rules('ko=simple'),\n"
                    "Rules('japanese,komi=0'), Rules('chinese', komi=6.5): read exactly as the\n"
                    "command line's --rules and --komi, with the same errors (ValueError).")
      .def(py::init([](py::handle text, py::handle komi) { return rules_of(text, komi); }),
           py::arg("text") = "tromp-taylor", py::arg("komi") = py::none())
      .def_property_readonly("ko", [](const Rules& r) { return std::string(to_string(r.ko)); })
      .def_property_readonly("suicide",
                             [](const Rules& r) { return std::string(to_string(r.suicide)); })
      .def_property_readonly("scoring",
                             [](const Rules& r) { return std::string(to_string(r.scoring)); })
      .def_property_readonly("komi", [](const Rules& r) { return r.komi; })
      .def_property_readonly("tie", [](const Rules& r) { return std::string(to_string(r.tie)); })
      .def_property_readonly("handicap",
                             [](const Rules& r) { return std::string(to_string(r.handicap)); })
      .def_property_readonly(
          "bonus", [](const Rules& r) { return std::string(to_string(r.handicap_bonus)); })
      .def_property_readonly("end", [](const Rules& r) { return std::string(to_string(r.end)); })
      .def_property_readonly("seki", [](const Rules& r) { return std::string(to_string(r.seki)); })
      .def_property_readonly(
          "preset", [](const Rules& r) { return std::string(r.preset_name()); },
          "The preset these rules equal (komi included), or ''.")
      .def_static(
          "presets",
          [] {
            std::vector<std::string> names;
            for (std::string_view name : Rules::preset_names()) names.emplace_back(name);
            return names;
          },
          "The preset names.")
      .def("__str__", &Rules::to_string, "The canonical 'key=value,...' form.")
      .def("__repr__", [](const Rules& r) { return "tengen.Rules('" + r.to_string() + "')"; })
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; })
      .def("__hash__", [](const Rules& r) { return py::hash(py::str(r.to_string())); })
      .def(py::pickle([](const Rules& r) { return r.to_string(); },
                      [](const std::string& text) { return parse_rules(text, ""); }));
}

}  // namespace tengen::python
