// The one place that lists the playout kernel's instances: geometry x ko
// rule x suicide rule, chosen once per run.
#pragma once

#include "core/rules.h"
#include "playout/playout_game.h"

namespace tengen {

// Names the type of a value for dispatch_playout_game.
template <class T>
struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<PlayoutGame<...>>{}) with the instance for a width x
// height board under `rules`: fixed geometry for 9x9, 13x13 and 19x19, run-time
// geometry otherwise; every ko rule x suicide rule.
template <class F>
decltype(auto) dispatch_playout_game(int width, int height, const Rules& rules, F&& f) {
  auto with_suicide = [&]<class Geo, KoRule kKo>() -> decltype(auto) {
    switch (rules.suicide) {
      case SuicideRule::Forbidden:
        return f(TypeTag<PlayoutGame<Geo, kKo, SuicideRule::Forbidden>>{});
      case SuicideRule::Multi:
        return f(TypeTag<PlayoutGame<Geo, kKo, SuicideRule::Multi>>{});
      case SuicideRule::Allowed:
        break;
    }
    return f(TypeTag<PlayoutGame<Geo, kKo, SuicideRule::Allowed>>{});
  };
  auto with_ko = [&]<class Geo>() -> decltype(auto) {
    switch (rules.ko) {
      case KoRule::Simple:
        return with_suicide.template operator()<Geo, KoRule::Simple>();
      case KoRule::Positional:
        return with_suicide.template operator()<Geo, KoRule::Positional>();
      case KoRule::Situational:
        break;
    }
    return with_suicide.template operator()<Geo, KoRule::Situational>();
  };
  if (width == height && width == 9) return with_ko.template operator()<FixedGeometry<9, 9>>();
  if (width == height && width == 13) return with_ko.template operator()<FixedGeometry<13, 13>>();
  if (width == height && width == 19) return with_ko.template operator()<FixedGeometry<19, 19>>();
  return with_ko.template operator()<DynamicGeometry>();
}

}  // namespace tengen
