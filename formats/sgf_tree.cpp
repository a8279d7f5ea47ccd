#include "formats/sgf_tree.h"

#include <array>

namespace tengen::formats {

const SgfProperty* SgfNode::find(std::string_view id) const {
  for (const SgfProperty& p : properties) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

std::vector<int> SgfTree::main_line() const {
  std::vector<int> line;
  for (int i = nodes.empty() ? -1 : 0; i != -1; i = nodes[size_t(i)].first_child) line.push_back(i);
  return line;
}

std::string SgfError::message() const {
  std::string s = source + ":" + std::to_string(line);
  if (column > 0) s += ":" + std::to_string(column);
  s += ": " + problem + " (byte " + std::to_string(offset) + ")";
  return s;
}

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}

// A character as an error message shows it.
std::string shown(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7F) return std::string("'") + c + "'";
  static const char kHex[] = "0123456789ABCDEF";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

// Identifiers of one or two letters ("B", "AB") as 0 .. kShortIds-1; -1 for
// longer ones.
constexpr int kShortIds = 26 + 26 * 26;
int short_id_key(const std::string& id) {
  if (id.size() == 1) return id[0] - 'A';
  if (id.size() == 2) return 26 + (id[0] - 'A') * 26 + (id[1] - 'A');
  return -1;
}
constexpr int kMaxLongIds = 64;

// One pass over the text with an explicit stack for the parentheses, so the
// depth of the input never reaches the call stack. Each open '(' has a frame:
//
//   parent  the node the paren's first node hangs under (-1 for a game tree)
//   tail    the last node of the paren's own sequence (-1 before its first)
//   after_variation  a sub-tree has been read: no more nodes may follow
class Parser {
 public:
  Parser(std::string_view text, std::string_view source, const SgfLimits& limits)
      : text_(text), source_(source), limits_(limits) {}

  SgfParse run() {
    SgfParse result;
    if (text_.size() > limits_.max_bytes) {
      fail(0, "input of " + std::to_string(text_.size()) + " bytes is over the limit of " +
                  std::to_string(limits_.max_bytes));
    }
    while (!error_ && skip_to_tree()) {
      SgfTree tree;
      parse_tree(tree);
      if (!error_) result.trees.push_back(std::move(tree));
    }
    if (!error_ && result.trees.empty()) fail(0, "no game tree: no '(' in the input");
    if (error_) {
      result.trees.clear();
      result.error = std::move(error_);
    }
    return result;
  }

 private:
  struct Frame {
    int parent;
    int tail;
    bool after_variation;
    size_t open;  // offset of the '(', its line and the line's start
    int open_line;
    size_t open_line_start;
  };

  // Moves past a line break at pos_ (LF, CR, CRLF or LFCR), counting it.
  void take_line_break() {
    const char c = text_[pos_++];
    if (pos_ < text_.size() && (text_[pos_] == '\r' || text_[pos_] == '\n') && text_[pos_] != c) {
      ++pos_;
    }
    ++line_;
    line_start_ = pos_;
  }

  void skip_space() {
    while (pos_ < text_.size() && is_space(text_[pos_])) {
      if (text_[pos_] == '\n' || text_[pos_] == '\r') {
        take_line_break();
      } else {
        ++pos_;
      }
    }
  }

  // Outside game trees anything goes; finds the next '('.
  bool skip_to_tree() {
    while (pos_ < text_.size() && text_[pos_] != '(') {
      if (text_[pos_] == '\n' || text_[pos_] == '\r') {
        take_line_break();
      } else {
        ++pos_;
      }
    }
    return pos_ < text_.size();
  }

  void fail(size_t offset, std::string problem) {
    if (error_) return;
    SgfError e;
    e.source = std::string(source_);
    e.offset = offset;
    e.line = line_;
    // Columns are known for the current line only.
    e.column = offset >= line_start_ ? int(offset - line_start_ + 1) : 0;
    e.problem = std::move(problem);
    error_ = std::move(e);
  }
  // For a problem found later than where it lies (an unclosed '[' or '('):
  // the place is given with its line and the offset of that line's start.
  void fail_at(size_t offset, int line, size_t line_start, std::string problem) {
    fail(offset, std::move(problem));
    error_->line = line;
    error_->column = int(offset - line_start + 1);
  }

  int add_node(SgfTree& tree, Frame& frame) {
    if (++node_count_ > limits_.max_nodes) {
      fail(pos_, "more than " + std::to_string(limits_.max_nodes) + " nodes");
      return -1;
    }
    const int index = int(tree.nodes.size());
    const int parent = frame.tail != -1 ? frame.tail : frame.parent;
    SgfNode node;
    node.parent = parent;
    node.offset = uint32_t(pos_);
    node.line = uint32_t(line_);
    tree.nodes.push_back(std::move(node));
    last_child_.push_back(-1);
    if (parent != -1) {
      if (tree.nodes[size_t(parent)].first_child == -1) {
        tree.nodes[size_t(parent)].first_child = index;
      } else {
        tree.nodes[size_t(last_child_[size_t(parent)])].next_sibling = index;
      }
      last_child_[size_t(parent)] = index;
    }
    frame.tail = index;
    return index;
  }

  // At a '[': reads one value into *out.
  bool read_value(const std::string& id, std::string* out) {
    const size_t open = pos_;
    const int open_line = line_;
    const size_t open_line_start = line_start_;
    ++pos_;
    while (true) {
      const size_t start = pos_;
      // The common case: a run of plain bytes.
      while (pos_ < text_.size()) {
        const char c = text_[pos_];
        if (c == ']' || c == '\\' || c == '\n' || c == '\r') break;
        ++pos_;
      }
      out->append(text_.data() + start, pos_ - start);
      if (out->size() > limits_.max_value_bytes) {
        fail_at(open, open_line, open_line_start,
                "value of " + id + " is over the limit of " +
                    std::to_string(limits_.max_value_bytes) + " bytes");
        return false;
      }
      if (pos_ >= text_.size()) {
        fail_at(open, open_line, open_line_start, "value of " + id + " is not closed by ']'");
        return false;
      }
      const char c = text_[pos_];
      if (c == ']') {
        ++pos_;
        return true;
      }
      if (c == '\\') {
        ++pos_;
        if (pos_ >= text_.size()) continue;  // reported as not closed
        if (text_[pos_] == '\n' || text_[pos_] == '\r') {
          take_line_break();  // a soft line break: removed
        } else {
          out->push_back(text_[pos_++]);
        }
        continue;
      }
      take_line_break();
      out->push_back('\n');
    }
  }

  // At the first letter of a property identifier, inside node `node`.
  void read_property(SgfTree& tree, int node) {
    const size_t start = pos_;
    std::string id;
    while (pos_ < text_.size() && (is_upper(text_[pos_]) || is_lower(text_[pos_]))) {
      if (is_upper(text_[pos_])) id.push_back(text_[pos_]);
      ++pos_;
      if (pos_ - start > 64) {
        fail(start, "property identifier too long");
        return;
      }
    }
    if (id.empty()) {
      fail(start, "property identifier '" + std::string(text_.substr(start, pos_ - start)) +
                      "' has no upper-case letter");
      return;
    }
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != '[') {
      fail(pos_, "property " + id + " has no value ('[' expected)");
      return;
    }
    // FF[4] forbids a property twice in a node; real files do it, so the
    // values are merged. Finding the earlier one must not cost a scan of the
    // node (a hostile node may hold millions of properties): identifiers of
    // one or two letters are looked up in a table stamped per node; longer
    // ones are scanned, and a node may hold only kMaxLongIds of them.
    std::vector<SgfProperty>& props = tree.nodes[size_t(node)].properties;
    int found = -1;
    const int key = short_id_key(id);
    if (key >= 0) {
      if (stamp_[size_t(key)] == node_count_) found = slot_[size_t(key)];
    } else {
      int long_ids = 0;
      for (size_t i = 0; i < props.size(); ++i) {
        if (props[i].id.size() > 2) ++long_ids;
        if (props[i].id == id) found = int(i);
      }
      if (found < 0 && long_ids >= kMaxLongIds) {
        fail(start, "more than " + std::to_string(kMaxLongIds) +
                        " properties with identifiers of three or more letters in a node");
        return;
      }
    }
    if (found < 0) {
      found = int(props.size());
      props.push_back(SgfProperty{id, {}});
      if (key >= 0) {
        stamp_[size_t(key)] = node_count_;
        slot_[size_t(key)] = found;
      }
    }
    SgfProperty* property = &props[size_t(found)];
    while (pos_ < text_.size() && text_[pos_] == '[') {
      std::string value;
      if (!read_value(id, &value)) return;
      property->values.push_back(std::move(value));
      skip_space();
    }
  }

  // At a top-level '(': reads one game tree.
  void parse_tree(SgfTree& tree) {
    tree.offset = uint32_t(pos_);
    tree.line = uint32_t(line_);
    last_child_.clear();
    std::vector<Frame> stack;
    stack.push_back(Frame{-1, -1, false, pos_, line_, line_start_});
    ++pos_;
    while (!error_) {
      skip_space();
      if (pos_ >= text_.size()) {
        const Frame& open = stack.back();
        fail_at(open.open, open.open_line, open.open_line_start,
                "end of input inside a game tree: " + std::to_string(stack.size()) +
                    " '(' not closed, the last opened here");
        return;
      }
      Frame& frame = stack.back();
      const char c = text_[pos_];
      if (c == ';') {
        if (frame.after_variation) {
          fail(pos_, "node after a variation (a sequence must come before its variations)");
          return;
        }
        if (add_node(tree, frame) < 0) return;
        ++pos_;
      } else if (c == '(') {
        const int parent = frame.tail != -1 ? frame.tail : frame.parent;
        if (parent == -1) {
          fail(pos_, "variation before the game tree's first node");
          return;
        }
        if (int(stack.size()) >= limits_.max_depth) {
          fail(pos_, "variations nested deeper than " + std::to_string(limits_.max_depth));
          return;
        }
        frame.after_variation = true;
        stack.push_back(Frame{parent, -1, false, pos_, line_, line_start_});
        ++pos_;
      } else if (c == ')') {
        if (frame.tail == -1 && !frame.after_variation) {
          fail(pos_, "empty game tree '()'");
          return;
        }
        stack.pop_back();
        ++pos_;
        if (stack.empty()) return;
      } else if (is_upper(c) || is_lower(c)) {
        if (frame.tail == -1 || frame.after_variation) {
          fail(pos_, "property outside a node (';' expected)");
          return;
        }
        read_property(tree, frame.tail);
      } else {
        fail(pos_, "unexpected " + shown(c) + " in a game tree");
        return;
      }
    }
  }

  std::string_view text_;
  std::string_view source_;
  const SgfLimits& limits_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  size_t node_count_ = 0;
  std::vector<int> last_child_;  // per node of the current tree: its last child
  // Per identifier of one or two letters: the node (by node_count_) that
  // last had it, and its index among that node's properties.
  std::array<size_t, kShortIds> stamp_{};
  std::array<int, kShortIds> slot_{};
  std::optional<SgfError> error_;
};

void write_node(const SgfNode& node, std::string& out) {
  out += ';';
  for (const SgfProperty& p : node.properties) {
    out += p.id;
    for (const std::string& v : p.values) {
      out += '[';
      out += sgf_escape(v);
      out += ']';
    }
  }
}

}  // namespace

SgfParse parse_sgf(std::string_view text, std::string_view source, const SgfLimits& limits) {
  return Parser(text, source, limits).run();
}

std::string sgf_escape(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string write_sgf_tree(const SgfTree& tree) {
  std::string out = "(";
  if (tree.nodes.empty()) return "(;)\n";
  // An explicit stack of things to write, so depth costs no recursion:
  // a node (>= 0), an opening '(' (kOpen) or a closing ')' (kClose).
  constexpr int kOpen = -1, kClose = -2;
  std::vector<int> pending = {kClose, 0};
  int on_line = 0;
  while (!pending.empty()) {
    const int item = pending.back();
    pending.pop_back();
    if (item == kOpen) {
      out += "\n(";
      on_line = 0;
      continue;
    }
    if (item == kClose) {
      out += ')';
      continue;
    }
    const SgfNode& node = tree.nodes[size_t(item)];
    if (on_line == 10) {
      out += '\n';
      on_line = 0;
    }
    write_node(node, out);
    ++on_line;
    if (item == 0) {
      out += '\n';
      on_line = 0;
    }
    if (node.first_child == -1) continue;
    if (tree.nodes[size_t(node.first_child)].next_sibling == -1) {
      pending.push_back(node.first_child);
      continue;
    }
    std::vector<int> children;
    for (int c = node.first_child; c != -1; c = tree.nodes[size_t(c)].next_sibling) {
      children.push_back(c);
    }
    for (size_t i = children.size(); i-- > 0;) {
      pending.push_back(kClose);
      pending.push_back(children[i]);
      pending.push_back(kOpen);
    }
  }
  out += '\n';
  return out;
}

}  // namespace tengen::formats
