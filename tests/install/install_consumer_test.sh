#!/usr/bin/env bash
# The installed package seen from outside: `cmake --install` of this build into
# a temporary prefix; the installed headers compile through find_package alone
# (nothing from the source or build tree); examples/consumer is configured,
# built and run against the prefix alone, and its output checked.
# Installed targets must not pass Tengen's own flags (-Werror, -march,
# sanitizers) on: a consumer of a sanitizer build asks for the sanitizer itself.
# Usage: install_consumer_test.sh CMAKE BUILD_DIR SOURCE_DIR GENERATOR CXX BUILD_TYPE VERSION [SANITIZE]
set -euo pipefail
cmake=$1 build=$2 source=$3 generator=$4 cxx=$5 build_type=$6 version=$7 sanitize=${8:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
prefix=$dir/prefix
fail() { echo "install_consumer_test: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$prefix" >"$dir/install.log" || { cat "$dir/install.log"; fail "cmake --install failed"; }

# The layout the README promises; the reference model stays out.
for f in include/tengen/version.h include/tengen/core/game.h include/tengen/playout/playout.h \
  include/tengen/formats/sgf.h bin/tengen; do
  [ -e "$prefix/$f" ] || fail "$f not installed"
done
[ -e "$prefix/include/tengen/core/reference.h" ] && fail "the reference model is installed"
[ "$("$prefix/bin/tengen" --version)" = "tengen $version" ] || fail "the installed tengen does not run"
config=$(find "$prefix" -name tengenConfig.cmake)
[ -n "$config" ] || fail "no tengenConfig.cmake"
for lib in core selfplay formats; do
  [ -n "$(find "$prefix" -name "libtengen_$lib.a")" ] || fail "libtengen_$lib.a not installed"
done
if grep -l -E -- '-Werror|-march|-fsanitize|tengen_options|'"$source|$build" "$(dirname "$config")"/*.cmake; then
  fail "the package config passes on build flags or build paths (files above)"
fi

configure() {  # configure SOURCE BINARY [CMAKE ARGS...]: a project against the prefix alone
  "$cmake" -S "$1" -B "$2" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${@:3}" \
    >"$2.log" 2>&1 || { cat "$2.log"; fail "configuring $1 failed"; }
  "$cmake" --build "$2" >>"$2.log" 2>&1 || { cat "$2.log"; fail "building $1 failed"; }
}

# Every installed header compiles through the package alone (one translation
# unit including them all, compiled only: no sanitizer needed), so none
# includes a header that is not installed.
mkdir -p "$dir/headers"
cat >"$dir/headers/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.22)
project(tengen_headers LANGUAGES CXX)
find_package(tengen CONFIG REQUIRED)
file(GLOB_RECURSE headers RELATIVE ${TENGEN_INCLUDE} ${TENGEN_INCLUDE}/*.h)
list(TRANSFORM headers REPLACE "(.+)" "#include \"\\1\"\n")
string(JOIN "" text ${headers})
file(WRITE ${CMAKE_BINARY_DIR}/all_headers.cpp "${text}")
add_library(tengen_headers OBJECT ${CMAKE_BINARY_DIR}/all_headers.cpp)
target_link_libraries(tengen_headers PRIVATE tengen::core tengen::selfplay tengen::formats)
CMAKE
configure "$dir/headers" "$dir/headers-build" "-DTENGEN_INCLUDE=$prefix/include/tengen"

# The consumer, built as the main build was (a sanitizer build's libraries
# need the sanitizer's runtime in the program that links them).
flags=("-DCMAKE_BUILD_TYPE=$build_type")
if [ -n "$sanitize" ]; then
  flags+=("-DCMAKE_CXX_FLAGS=-fsanitize=$sanitize -fno-omit-frame-pointer"
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=$sanitize")
fi
configure "$source/examples/consumer" "$dir/consumer" "${flags[@]}"
if grep -E -- "-I$source|-I$build|-isystem $source|-isystem $build|-Werror|-march" \
  "$dir/consumer/compile_commands.json"; then
  fail "the consumer is compiled with Tengen's build paths or flags (above)"
fi
"$dir/consumer/tengen_consumer" >"$dir/out.txt" || { cat "$dir/out.txt"; fail "tengen_consumer failed"; }

# The capture, exactly; the playout's end, score and record by their form.
cat >"$dir/expected.txt" <<EXPECTED
tengen $version
black prisoners: 1
. . . . . . . . O
. . . . . . . . O
. . . . . . . . .
. . . . X . . . .
. . . X . X . . .
. . . . X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
EXPECTED
diff "$dir/expected.txt" <(head -n 11 "$dir/out.txt") || fail "the opening differs (above)"
expect() { grep -q -E -- "$1" "$dir/out.txt" || { cat "$dir/out.txt"; fail "no line matching '$1'"; }; }
expect '^playout end: two passes$'
expect '^turns: [0-9]+$'
expect '^score: black [0-9]+, white [0-9]+, komi 7.5$'
expect '^result: ([BW]\+[0-9]+(\.5)?|0)$'
# Chinese rules: area scoring, komi 7.5, so the margin is never 0.
read -r black white <<<"$(sed -n 's/^score: black \([0-9]*\), white \([0-9]*\), .*/\1 \2/p' "$dir/out.txt")"
twice=$((2 * (black - white) - 15))
if ((twice > 0)); then want="B+$((twice / 2)).5"; else want="W+$((-twice / 2)).5"; fi
expect "^result: ${want//+/\\+}\$"
# The record, its lines joined: the version, the result and the opening moves.
sgf=$(sed -n '/^(;FF\[4\]/,$p' "$dir/out.txt" | tr -d '\n')
result=$(sed -n 's/^result: //p' "$dir/out.txt")
[[ "$sgf" == "(;FF[4]"*"RE[$result]AP[Tengen:$version]"*";B[de];W[ee];B[ed];W[ia];B[ef];W[ib];B[fe];"*")" ]] ||
  fail "the SGF record is not the game's: $sgf"
echo "installed package: layout, headers and examples/consumer OK"
