#!/usr/bin/env python3
"""Test peer: the CLI's DocC article (`Sources/line-login/line-login.docc/TheCLI.md`, its "Synopsis" section)
against what `line-login --help` says, so the two never drift.

Checks that every command and subcommand `--help` lists appears in the article's synopsis and the reverse,
that every `--option` the synopsis names is one the command's own `--help` knows, that the article's
exit-code table is exactly the one `line-login --help` prints, and that it documents shell completion.

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


# The article the checks read (the README links it; it was the README's "The CLI" section).
ARTICLE = os.path.join("Sources", "line-login", "line-login.docc", "TheCLI.md")


def article_section(article: str) -> tuple[str, list[str]]:
    """The synopsis block and the exit-code rows of the article's "Synopsis" section."""
    section = article.split("\n## Synopsis\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```text\n(.*?)```", section, re.S)
    return blocks[0], blocks[1].strip("\n").splitlines() if len(blocks) > 1 else []


def main() -> int:
    binary = peerkit.line_login_binary(timeout=120)
    with open(os.path.join(PACKAGE_ROOT, ARTICLE), encoding="utf-8") as handle:
        article = handle.read()
    synopsis, article_exit_codes = article_section(article)
    commands = all_commands(binary)

    # Commands: each leaf and group --help lists is named in the synopsis; each synopsis word after
    # `line-login` that looks like a command exists.
    words = set(re.findall(r"(?<![-\w])([a-z][a-z-]*[a-z])(?![-\w])", synopsis))
    for path in commands:
        if not path:
            continue
        check(path[-1] in words, f"the CLI article's synopsis names `{' '.join(path)}`")
    known = {name for path in commands for name in path}
    for line in synopsis.splitlines():
        match = re.match(r"^line-login ([a-z-]+)", line)
        if match:
            check(match.group(1) in known, f"`line-login {match.group(1)}` in the CLI article exists")

    # Options: every --option in the synopsis is known to some command's --help.
    all_help = "\n".join(commands.values())
    for option in sorted(set(re.findall(r"--[a-z][a-z-]*", synopsis))):
        check(re.search(rf"{re.escape(option)}\b", all_help) is not None, f"the CLI article's option {option} is in --help")

    # Exit codes: the article's table is the one --help prints.
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
    article_rows = [re.sub(r"\s+", " ", line.strip()) for line in article_exit_codes]
    check(rows == article_rows and len(rows) == 6, "the CLI article's exit-code table is --help's",
          f"help {rows} vs article {article_rows}")
    # Prose reads as prose: no run of spaces after a sentence's punctuation in the middle of a line (a
    # multi-line string literal that lost its line-continuation backslashes prints such runs). The option
    # columns' padding follows a word or `>`, never `.`, `,`, `;` or `)`.
    for path, text in commands.items():
        runs = [line.strip() for line in text.splitlines() if re.search(r"[.,;)]\s{3,}\S", line.strip())]
        check(not runs, f"`line-login {' '.join(path)} --help` has no run of spaces mid-sentence", f"{runs[:2]}")
    # Shell completion, as the article documents it.
    for shell in ("bash", "zsh", "fish"):
        out = subprocess.run([binary, "--generate-completion-script", shell], capture_output=True, text=True, timeout=30)
        check(out.returncode == 0 and "verify-id-token" in out.stdout and "logins" in out.stdout,
              f"--generate-completion-script {shell}: a script that knows the subcommands", f"exit {out.returncode}")
    check("--generate-completion-script" in article, "the CLI article documents shell completion")
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, overall_timeout=300)
