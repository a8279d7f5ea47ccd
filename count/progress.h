// How long counts tell how far they have come: `done` of `total` units of
// work (tasks, subtrees). The count calls it from its worker threads, one call
// at a time, after each unit; the caller decides what to print and how often.
#pragma once

#include <cstdint>
#include <functional>

namespace tengen::count {

using Progress = std::function<void(uint64_t done, uint64_t total)>;

}  // namespace tengen::count
