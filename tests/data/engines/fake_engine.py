#!/usr/bin/env python3
"""A scripted GTP engine for the referee's tests (tengen match, crosscheck).

    fake_engine.py MODE [MOVE ...]

It answers list_commands, name, version, boardsize, clear_board, komi, play
(accepting anything), final_status_list (no stone dead) and quit. genmove
depends on MODE:

    script   plays the MOVEs given, in order, then passes
    illegal  plays C3, then C3 again (an occupied point)
    die      exits at the first genmove
    hang     never answers the first genmove
    garbage  answers the first genmove with a line that is no GTP answer
    nonsense answers the first genmove with "= banana" (GTP, but no move)
    refuse   passes, and refuses every move of the opponent
    analyse  never answers final_status_list (a long dead-stone analysis)
"""
import sys
import time

COMMANDS = ["boardsize", "clear_board", "final_status_list", "genmove", "komi",
            "list_commands", "name", "play", "protocol_version", "quit", "version"]


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "script"
    script = list(sys.argv[2:]) if mode == "script" else (["C3", "C3"] if mode == "illegal" else [])
    out = sys.stdout
    for line in sys.stdin:
        words = line.split("#")[0].split()
        if not words:
            continue
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
        if not words:
            continue
        name, args = words[0], words[1:]

        def answer(text="", ok=True):
            out.write(("=" if ok else "?") + ident + (" " + text if text else "") + "\n\n")
            out.flush()

        if name == "quit":
            answer()
            return
        if name == "list_commands":
            answer("\n".join(COMMANDS))
        elif name == "name":
            answer("Fake " + mode)
        elif name == "version":
            answer("1")
        elif name == "protocol_version":
            answer("2")
        elif name in ("boardsize", "clear_board", "komi"):
            answer()
        elif name == "play":
            if mode == "refuse":
                answer("illegal move", ok=False)
            else:
                answer()
        elif name == "final_status_list":
            if mode == "analyse":
                time.sleep(3600)
            answer("")
        elif name == "genmove":
            if mode == "die":
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "garbage":
                out.write("I would rather not play now\n\n")
                out.flush()
                continue
            if mode == "nonsense":
                answer("banana")
                continue
            answer(script.pop(0) if script else "pass")
        else:
            answer("unknown command", ok=False)


if __name__ == "__main__":
    main()
