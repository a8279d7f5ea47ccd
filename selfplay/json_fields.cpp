#include "selfplay/json_fields.h"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace tengen::selfplay {

using nlohmann::json;

JsonFields::JsonFields(const json& object, std::string path)
    : object_(object), path_(std::move(path)) {
  if (!object_.is_object()) {
    fail(path_.empty() ? "not a JSON object" : fmt::format("field '{}' is not an object", path_));
  }
}

void JsonFields::fail(const std::string& problem) const {
  throw std::invalid_argument(problem);
}

std::string JsonFields::name(const std::string& key) const {
  return path_.empty() ? key : path_ + "." + key;
}

bool JsonFields::has(const std::string& key) const {
  return object_.contains(key);
}

const json& JsonFields::field(const std::string& key) const {
  const auto it = object_.find(key);
  if (it == object_.end()) fail(fmt::format("missing field '{}'", name(key)));
  return *it;
}

JsonFields JsonFields::object(const std::string& key) const {
  return JsonFields(field(key), name(key));
}

int64_t JsonFields::integer_value(const json& value, const std::string& name, int64_t lo,
                                  int64_t hi) const {
  // An unsigned value above INT64_MAX does not fit; get<int64_t> would wrap it.
  if (!value.is_number_integer() ||
      (value.is_number_unsigned() && value.get<uint64_t>() > uint64_t(INT64_MAX))) {
    fail(fmt::format("field '{}' is not an integer", name));
  }
  const int64_t v = value.get<int64_t>();
  if (v < lo) fail(fmt::format("field '{}' is {}, below {}", name, v, lo));
  if (v > hi) fail(fmt::format("field '{}' is {}, above {}", name, v, hi));
  return v;
}

int64_t JsonFields::integer(const std::string& key, int64_t lo, int64_t hi) const {
  return integer_value(field(key), name(key), lo, hi);
}

uint64_t JsonFields::unsigned_integer(const std::string& key) const {
  const json& value = field(key);
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<int64_t>() >= 0)) {
    fail(fmt::format("field '{}' is not a non-negative integer", name(key)));
  }
  return value.get<uint64_t>();
}

double JsonFields::number(const std::string& key) const {
  const json& value = field(key);
  if (!value.is_number()) fail(fmt::format("field '{}' is not a number", name(key)));
  return value.get<double>();
}

std::string JsonFields::text(const std::string& key) const {
  const json& value = field(key);
  if (!value.is_string()) fail(fmt::format("field '{}' is not a string", name(key)));
  return value.get<std::string>();
}

bool JsonFields::boolean(const std::string& key) const {
  const json& value = field(key);
  if (!value.is_boolean()) fail(fmt::format("field '{}' is not true or false", name(key)));
  return value.get<bool>();
}

std::vector<int64_t> JsonFields::counts(const std::string& key, size_t size,
                                        const std::string& what) const {
  const json& list = field(key);
  if (!list.is_array() || list.size() != size) {
    fail(fmt::format("field '{}' is not a list of {} counts, {}", name(key), size, what));
  }
  std::vector<int64_t> out;
  out.reserve(size);
  for (const json& v : list) out.push_back(integer_value(v, name(key), 0));
  return out;
}

}  // namespace tengen::selfplay
