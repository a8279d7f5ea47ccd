#!/usr/bin/env python3
"""Checks that every folder includes only the folders its README allows.

Each top-level folder's README.md has a "May depend on" sentence, read up to
its first ';' or the end of its paragraph: the repository folders it names in
backticks (`core/`) are the ones the folder's C++ and CUDA sources may include
("core/board.h"). "every library" allows them all. A folder without a README,
or whose README names no dependencies, fails too: the rule must be written
down before it can be kept.

Usage: check_layers.py [REPOSITORY_ROOT]. Exit 0 when every include is allowed,
1 with one line per offending include (file:line: folder -> folder) otherwise.
"""
import pathlib
import re
import sys

SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cu", ".cuh"}
# Not part of the layering: build trees (any folder with a CMakeCache.txt),
# CMake modules, and the installed
# package's consumer (it includes "core/board.h" from the installed headers,
# which tests/install checks).
SKIPPED = {"build", "cmake", "examples"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_]+)/')
NAMED_FOLDER = re.compile(r"`([A-Za-z0-9_]+)/`")


def allowed_folders(readme: pathlib.Path, folders: set[str]) -> set[str] | None:
    """The folders a README's "May depend on" sentence names; None if it has none."""
    text = readme.read_text(encoding="utf-8")
    start = text.find("May depend on")
    if start < 0:
        return None
    sentence = text[start:]
    ends = [end for end in (sentence.find(";"), sentence.find("\n\n")) if end >= 0]
    sentence = " ".join(sentence[:min(ends, default=len(sentence))].split())
    if "every library" in sentence:
        return set(folders)
    return set(NAMED_FOLDER.findall(sentence))


def check(root: pathlib.Path) -> list[str]:
    # A build tree (build/, build-asan/, ...) holds CMake's generated sources.
    folders = {p.name for p in root.iterdir()
               if p.is_dir() and not p.name.startswith(".") and p.name not in SKIPPED
               and not (p / "CMakeCache.txt").exists()}
    problems = []
    for folder in sorted(folders):
        sources = [p for p in (root / folder).rglob("*")
                   if p.suffix in SOURCE_SUFFIXES and p.is_file()]
        if not sources:
            continue
        readme = root / folder / "README.md"
        allowed = allowed_folders(readme, folders) if readme.exists() else None
        if allowed is None:
            problems.append(f"{folder}/: no README.md with a 'May depend on' sentence")
            continue
        allowed.add(folder)
        for source in sorted(sources):
            lines = source.read_text(encoding="utf-8", errors="replace").splitlines()
            for number, line in enumerate(lines, 1):
                match = INCLUDE.match(line)
                if match and match.group(1) in folders and match.group(1) not in allowed:
                    problems.append(f"{source.relative_to(root)}:{number}: {folder}/ -> "
                                    f"{match.group(1)}/, which {folder}/README.md does not allow")
    return problems


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} include(s) break the layering their README states")
        return 1
    print("every folder includes only what its README allows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
