// Delta debugging (Zeller and Hildebrandt's ddmin): the smallest sublist of a
// failing list that still fails, found by removing ever smaller chunks. The
// result is 1-minimal: removing any single element makes it pass.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

namespace tengen::differential {

// Precondition: fails(items) is true. `fails` must be deterministic. Calls it
// O(n^2) times at worst, O(n log n) in the usual case.
template <typename T>
std::vector<T> ddmin(std::vector<T> items,
                     const std::function<bool(const std::vector<T>&)>& fails) {
  size_t chunks = 2;
  while (items.size() >= 2) {
    const size_t chunk = (items.size() + chunks - 1) / chunks;
    bool reduced = false;
    // Try removing each chunk (testing its complement).
    for (size_t start = 0; start < items.size(); start += chunk) {
      std::vector<T> rest;
      rest.reserve(items.size());
      rest.insert(rest.end(), items.begin(), items.begin() + std::ptrdiff_t(start));
      rest.insert(rest.end(), items.begin() + std::ptrdiff_t(std::min(items.size(), start + chunk)),
                  items.end());
      if (fails(rest)) {
        items = std::move(rest);
        chunks = std::max<size_t>(chunks - 1, 2);
        reduced = true;
        break;
      }
    }
    if (reduced) continue;
    if (chunk == 1) break;  // every single element is needed
    chunks = std::min(items.size(), chunks * 2);
  }
  if (items.size() == 1 && fails({})) items.clear();
  return items;
}

}  // namespace tengen::differential
