// Field-wise sums of plain tallies (counts merged across threads, games or
// parts of a run): one call that names the fields, instead of a line each.
#pragma once

namespace tengen {

// to.*field += from.*field for each field, in order.
template <typename T, typename... Field>
constexpr void add_fields(T& to, const T& from, Field T::*... fields) {
  ((to.*fields += from.*fields), ...);
}

}  // namespace tengen
