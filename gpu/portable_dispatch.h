// The one list of portable instances, as playout/playout_dispatch.h lists the
// kernel's: side 9, 13 or 19 fixed at compile time where the board is that
// square, any size at run time (side 0) otherwise; every ko x suicide rule.
#pragma once

#include "core/rules.h"
#include "gpu/portable_game.h"

namespace tengen::gpu {

template <class T>
struct PortableTag {
  using type = T;
};

// Calls f(PortableTag<PortableGame<...>>{}) with the instance for a width x
// height board under `rules`.
template <class F>
decltype(auto) dispatch_portable_game(int width, int height, const Rules& rules, F&& f) {
  auto with_suicide = [&]<int kSide, KoRule kKo>() -> decltype(auto) {
    switch (rules.suicide) {
      case SuicideRule::Forbidden:
        return f(PortableTag<PortableGame<kSide, kKo, SuicideRule::Forbidden>>{});
      case SuicideRule::Multi:
        return f(PortableTag<PortableGame<kSide, kKo, SuicideRule::Multi>>{});
      case SuicideRule::Allowed:
        break;
    }
    return f(PortableTag<PortableGame<kSide, kKo, SuicideRule::Allowed>>{});
  };
  auto with_ko = [&]<int kSide>() -> decltype(auto) {
    switch (rules.ko) {
      case KoRule::Simple:
        return with_suicide.template operator()<kSide, KoRule::Simple>();
      case KoRule::Positional:
        return with_suicide.template operator()<kSide, KoRule::Positional>();
      case KoRule::Situational:
        break;
    }
    return with_suicide.template operator()<kSide, KoRule::Situational>();
  };
  if (width == height && width == 9) return with_ko.template operator()<9>();
  if (width == height && width == 13) return with_ko.template operator()<13>();
  if (width == height && width == 19) return with_ko.template operator()<19>();
  return with_ko.template operator()<0>();
}

}  // namespace tengen::gpu
