// A small streaming JSON writer for the check reports: objects, arrays,
// strings (escaped per RFC 8259), integers, booleans, one line per value at
// the top level. Commas are placed for the caller. Misuse (a value where a key
// is due) is the caller's bug; no checks.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::check {

class JsonWriter {
 public:
  JsonWriter& begin_object() {
    open('{');
    return *this;
  }
  JsonWriter& end_object() {
    close('}');
    return *this;
  }
  JsonWriter& begin_array() {
    open('[');
    return *this;
  }
  JsonWriter& end_array() {
    close(']');
    return *this;
  }
  JsonWriter& key(std::string_view k) {
    comma();
    string(k);
    out_ += ": ";
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(std::string_view s) {
    comma();
    string(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) {
    comma();
    out_ += b ? "true" : "false";
    return *this;
  }
  JsonWriter& value(uint64_t n) {
    comma();
    out_ += std::to_string(n);
    return *this;
  }
  JsonWriter& value(int64_t n) {
    comma();
    out_ += std::to_string(n);
    return *this;
  }
  JsonWriter& value(double d) {
    comma();
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", d);
    out_ += buffer;
    return *this;
  }

  const std::string& str() const { return out_; }

 private:
  void comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ += ", ";
      first_.back() = false;
    }
  }
  void open(char c) {
    comma();
    out_ += c;
    first_.push_back(true);
  }
  void close(char c) {
    first_.pop_back();
    out_ += c;
  }
  void string(std::string_view s) {
    out_ += '"';
    for (unsigned char c : s) {
      switch (c) {
        case '"':
          out_ += "\\\"";
          break;
        case '\\':
          out_ += "\\\\";
          break;
        case '\n':
          out_ += "\\n";
          break;
        case '\r':
          out_ += "\\r";
          break;
        case '\t':
          out_ += "\\t";
          break;
        default:
          if (c < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out_ += buffer;
          } else {
            out_ += char(c);
          }
      }
    }
    out_ += '"';
  }

  std::string out_;
  std::vector<bool> first_;  // per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace tengen::check
