#include "core/types.h"

namespace tengen {

std::string_view to_string(Color c) {
  switch (c) {
    case Color::Empty:
      return "empty";
    case Color::Black:
      return "black";
    case Color::White:
      return "white";
    case Color::Wall:
      return "wall";
  }
  return "?";
}

std::string_view to_string(MoveError e) {
  switch (e) {
    case MoveError::None:
      return "legal";
    case MoveError::OffBoard:
      return "off board";
    case MoveError::Occupied:
      return "occupied";
    case MoveError::Suicide:
      return "suicide";
    case MoveError::Ko:
      return "ko";
    case MoveError::Superko:
      return "superko";
    case MoveError::GameOver:
      return "game over";
  }
  return "?";
}

std::string_view to_string(EndReason r) {
  switch (r) {
    case EndReason::None:
      return "none";
    case EndReason::TwoPasses:
      return "two passes";
    case EndReason::FourPasses:
      return "four passes";
    case EndReason::Agreement:
      return "agreement";
  }
  return "?";
}

std::string_view to_string(Winner w) {
  switch (w) {
    case Winner::Black:
      return "black";
    case Winner::White:
      return "white";
    case Winner::Draw:
      return "draw";
  }
  return "?";
}

}  // namespace tengen
