// The one reader of the JSON files Tengen writes (statistics, partial
// results, self-play summaries): checked access to an object's fields, so
// that every missing or mistyped field becomes one std::invalid_argument
// naming it by its path ("missing field 'ownership.white'", "field 'games' is
// not an integer"). Callers add the file's name.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tengen::selfplay {

class JsonFields {
 public:
  // `object` must outlive this; `path` names it inside the file ("" at the top).
  explicit JsonFields(const nlohmann::json& object, std::string path = "");

  [[noreturn]] void fail(const std::string& problem) const;

  bool has(const std::string& key) const;
  // The field, which must exist.
  const nlohmann::json& field(const std::string& key) const;
  // The field as an object, read with the same checks.
  JsonFields object(const std::string& key) const;
  // "ownership.white" for key "white" inside "ownership".
  std::string name(const std::string& key) const;

  // An integer from lo to hi that fits in 64 bits (a float is refused, not rounded).
  int64_t integer(const std::string& key, int64_t lo = std::numeric_limits<int64_t>::min(),
                  int64_t hi = std::numeric_limits<int64_t>::max()) const;
  // An integer from 0 to 2^64 - 1 (seeds, game counts; a float is refused).
  uint64_t unsigned_integer(const std::string& key) const;
  double number(const std::string& key) const;
  std::string text(const std::string& key) const;
  bool boolean(const std::string& key) const;
  // A list of exactly `size` counts (integers >= 0).
  std::vector<int64_t> counts(const std::string& key, size_t size, const std::string& what) const;

  // The same checks on a value that is not a field (an entry of a list);
  // `name` names it in messages.
  int64_t integer_value(const nlohmann::json& value, const std::string& name,
                        int64_t lo = std::numeric_limits<int64_t>::min(),
                        int64_t hi = std::numeric_limits<int64_t>::max()) const;

 private:
  const nlohmann::json& object_;
  std::string path_;
};

}  // namespace tengen::selfplay
