#include "count/wide.h"

#include <algorithm>
#include <stdexcept>

namespace tengen::count {

std::string to_string(Wide value) {
  if (value == 0) return "0";
  std::string digits;
  while (value != 0) {
    digits.push_back(char('0' + int(value % 10)));
    value /= 10;
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

Wide checked_add(Wide a, Wide b) {
  const Wide sum = a + b;
  if (sum < a) throw std::overflow_error("count exceeds 128 bits");
  return sum;
}

}  // namespace tengen::count
