// SGF syntax (FF[4], "basic structure"): a collection of game trees, each a
// tree of nodes holding properties with text values. Knows nothing of Go:
// sgf.h gives the values their meaning.
//
// A tree is stored flat, nodes in the order of the text, so nothing here
// recurses and no input, however deep, can exhaust the stack:
//
//   (;FF[4] ;B[aa] (;W[bb] ;B[cc]) (;W[dd]))
//     node 0  node 1  node 2  node 3   node 4
//   0.first_child = 1; 1.first_child = 2; 2.next_sibling = 4; 2.first_child = 3
//
// The first child of a node continues the main line; its siblings are the
// variations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::formats {

struct SgfProperty {
  // The identifier: upper-case letters only. Lower-case letters of old FF[1-3]
  // identifiers ("AddBlack") are dropped, as FF[4] asks ("AB").
  std::string id;
  // One entry per [value], with escapes resolved: "\x" is x, a backslash
  // before a line break (a soft line break) is removed with the break, and
  // every line break (LF, CR, CRLF, LFCR) becomes "\n". Nothing else changes:
  // bytes pass through (any CA charset), spaces stay.
  std::vector<std::string> values;

  friend bool operator==(const SgfProperty&, const SgfProperty&) = default;
};

struct SgfNode {
  std::vector<SgfProperty> properties;  // in the order of the text
  int parent = -1;                      // index of the parent node, -1 at the root
  int first_child = -1;                 // the main-line continuation, -1 at a leaf
  int next_sibling = -1;                // the next variation, -1 if none
  uint32_t offset = 0;                  // byte offset of the node's ';'
  uint32_t line = 1;                    // 1-based line of the node's ';'

  // The first property with this identifier, or nullptr.
  const SgfProperty* find(std::string_view id) const;
};

struct SgfTree {
  // nodes[0] is the root; a parent always comes before its children.
  std::vector<SgfNode> nodes;
  uint32_t offset = 0;  // byte offset of the tree's '('
  uint32_t line = 1;

  // Indices of the main line: the root, its first child, that one's first
  // child, ... to a leaf.
  std::vector<int> main_line() const;
};

// Where and what went wrong. Offsets and columns count bytes.
struct SgfError {
  std::string source;  // the name the caller gave (usually the file's path)
  size_t offset = 0;   // byte offset of the problem
  int line = 1;        // 1-based
  int column = 1;      // 1-based, in bytes; 0 when unknown (errors found per node)
  std::string problem;

  // "source:line:column: problem (byte offset)", without ":column" when 0.
  std::string message() const;
};

// Bounds that keep a hostile input from exhausting time or memory. Exceeding
// one is an error, never a crash.
struct SgfLimits {
  size_t max_bytes = size_t(64) << 20;  // of the whole text
  int max_depth = 10000;                // nesting of '('
  size_t max_nodes = 4000000;           // over the whole collection
  size_t max_value_bytes = size_t(1) << 20;
  // Points a game's AB/AW/AE list, compressed rectangles expanded
  // ("AB[aa:yy]" is 625 points in 10 bytes). Checked by read_sgf (sgf.h).
  size_t max_setup_points = 1000000;
};

struct SgfParse {
  std::vector<SgfTree> trees;
  std::optional<SgfError> error;  // when set, trees is empty
  bool ok() const { return !error.has_value(); }
};

// Parses a collection: one or more game trees. Text before the first '(' and
// after the last ')' is ignored (a byte-order mark, mail headers, ...);
// whitespace may appear between any two tokens. An error names the source,
// the byte offset, the line and column, and the problem. Linear time; never
// throws for any input (except std::bad_alloc).
SgfParse parse_sgf(std::string_view text, std::string_view source, const SgfLimits& limits = {});

// A value ready to go between '[' and ']': a backslash before ']' and '\'.
std::string sgf_escape(std::string_view value);

// The tree as SGF text, variations included, with values escaped; a line
// break after the root, before each variation and after every ten nodes.
// parse_sgf of the result gives back the same properties and structure.
std::string write_sgf_tree(const SgfTree& tree);

}  // namespace tengen::formats
