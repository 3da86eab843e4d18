#!/usr/bin/env python3
"""Test peer: the README's CLI section against what `line-login --help` says, so the two never drift.

Checks that every command and subcommand `--help` lists appears in the README's synopsis and the reverse,
that every `--option` the synopsis names is one the command's own `--help` knows, and that the README's
exit-code table is exactly the one `line-login --help` prints.

Standalone: `LINE_LOGIN=/path/to/line-login python test_cli_docs.py`. Prints `ok - …` / `not ok - …` per
check and exits 1 if any failed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402
from peerkit import PACKAGE_ROOT, check  # noqa: E402


def help_text(binary: str, path: list[str]) -> str:
    out = subprocess.run([binary, *path, "--help"], capture_output=True, text=True, timeout=30)
    return out.stdout


def subcommands(text: str) -> list[str]:
    """The names under SUBCOMMANDS: in a help text."""
    names, inside = [], False
    for line in text.splitlines():
        if line.startswith("SUBCOMMANDS:"):
            inside = True
            continue
        if inside:
            if not line.strip():
                continue
            if not line.startswith(" "):
                break
            match = re.match(r"^  (\S+)", line)
            if match and not line.startswith("   ") and not match.group(1).startswith("See"):
                names.append(match.group(1))
    return names


def all_commands(binary: str) -> dict[tuple[str, ...], str]:
    """Every command path (e.g. ("oauth", "token", "print")) with its help text."""
    found: dict[tuple[str, ...], str] = {}
    pending: list[list[str]] = [[]]
    while pending:
        path = pending.pop()
        text = help_text(binary, path)
        found[tuple(path)] = text
        pending.extend(path + [name] for name in subcommands(text) if name != "help")
    return found


def readme_section(readme: str) -> tuple[str, list[str]]:
    section = readme.split("\n## The CLI\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```text\n(.*?)```", section, re.S)
    return blocks[0], blocks[1].strip("\n").splitlines() if len(blocks) > 1 else []


def main() -> int:
    binary = peerkit.line_login_binary(timeout=120)
    with open(os.path.join(PACKAGE_ROOT, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    synopsis, readme_exit_codes = readme_section(readme)
    commands = all_commands(binary)

    # Commands: each leaf and group --help lists is named in the synopsis; each synopsis word after
    # `line-login` that looks like a command exists.
    words = set(re.findall(r"(?<![-\w])([a-z][a-z-]*[a-z])(?![-\w])", synopsis))
    for path in commands:
        if not path:
            continue
        check(path[-1] in words, f"README synopsis names `{' '.join(path)}`")
    known = {name for path in commands for name in path}
    for line in synopsis.splitlines():
        match = re.match(r"^line-login ([a-z-]+)", line)
        if match:
            check(match.group(1) in known, f"`line-login {match.group(1)}` in the README exists")

    # Options: every --option in the synopsis is known to some command's --help.
    all_help = "\n".join(commands.values())
    for option in sorted(set(re.findall(r"--[a-z][a-z-]*", synopsis))):
        check(re.search(rf"{re.escape(option)}\b", all_help) is not None, f"README option {option} is in --help")

    # Exit codes: the README's table is the one --help prints.
    top = commands[()]
    help_codes = top.split("Exit codes:\n", 1)[1].split("\n\n", 1)[0]
    help_lines = [re.sub(r"\s+", " ", line.strip()) for line in help_codes.splitlines()]
    # --help may wrap a long row; join continuation lines (not starting with a digit) to their row.
    rows: list[str] = []
    for line in help_lines:
        if rows and not re.match(r"^\d ", line):
            rows[-1] += " " + line
        else:
            rows.append(line)
    readme_rows = [re.sub(r"\s+", " ", line.strip()) for line in readme_exit_codes]
    check(rows == readme_rows and len(rows) == 6, "the README's exit-code table is --help's",
          f"help {rows} vs README {readme_rows}")
    # Prose reads as prose: no run of spaces after a sentence's punctuation in the middle of a line (a
    # multi-line string literal that lost its line-continuation backslashes prints such runs). The option
    # columns' padding follows a word or `>`, never `.`, `,`, `;` or `)`.
    for path, text in commands.items():
        runs = [line.strip() for line in text.splitlines() if re.search(r"[.,;)]\s{3,}\S", line.strip())]
        check(not runs, f"`line-login {' '.join(path)} --help` has no run of spaces mid-sentence", f"{runs[:2]}")
    # Shell completion, as the README documents it.
    for shell in ("bash", "zsh", "fish"):
        out = subprocess.run([binary, "--generate-completion-script", shell], capture_output=True, text=True, timeout=30)
        check(out.returncode == 0 and "verify-id-token" in out.stdout and "logins" in out.stdout,
              f"--generate-completion-script {shell}: a script that knows the subcommands", f"exit {out.returncode}")
    check("--generate-completion-script" in readme, "the README documents shell completion")
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, overall_timeout=300)
