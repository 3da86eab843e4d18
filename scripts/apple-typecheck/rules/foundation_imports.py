#!/usr/bin/env python3
"""The Foundation-networking import rule of scripts/apple-typecheck.sh.

On Apple platforms URLSession, URLSessionConfiguration, URLRequest, URLResponse, HTTPURLResponse, URLCache,
HTTPCookie, ... are Foundation's; on Linux they are FoundationNetworking's. A public signature that names one
compiles on Linux with `public import FoundationNetworking` and fails on Apple when Foundation is imported
internally ("initializer cannot be declared public because its parameter uses an internal type"). Linux's
Foundation can't be shadowed by a stand-in, so this rule makes the Linux build answer for Apple instead: in
every file,
  1. FoundationNetworking is imported only inside `#if canImport(FoundationNetworking)`,
  2. beside an unconditional import of Foundation,
  3. never more visibly than Foundation (its access level is at most Foundation's).
Then the networking types are at most as visible on Linux as they are on Apple, and anything the Linux
compiler accepts Apple's accepts too. Prints one line per violation; exits 1 if there is any.

    foundation_imports.py FILE.swift ...
"""
import re
import sys

LEVELS = {"private": 0, "fileprivate": 1, "internal": 2, "package": 3, "public": 4}
# With the InternalImportsByDefault upcoming feature (Package.swift), an import without a level is internal.
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]\w*(?:\([^)]*\))?\s+)*(?:(private|fileprivate|internal|package|public)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)"
)
IF = re.compile(r"^\s*#if\b(.*)$")
ELSEIF = re.compile(r"^\s*#elseif\b(.*)$")
ELSE = re.compile(r"^\s*#else\b")
ENDIF = re.compile(r"^\s*#endif\b")


def check(path):
    problems = []
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as error:
        return [f"{path}: cannot be read ({error.strerror})"]
    conditions = []  # the condition text of each open #if branch
    foundation = []  # (line, level, conditional)
    networking = []  # (line, level, conditions)
    in_block_comment = False
    for number, line in enumerate(lines, 1):
        if in_block_comment:
            if "*/" in line:
                in_block_comment = False
            continue
        stripped = line.split("//", 1)[0]
        if "/*" in stripped and "*/" not in stripped:
            in_block_comment = True
            continue
        if match := IF.match(stripped):
            conditions.append(match.group(1).strip())
            continue
        if match := ELSEIF.match(stripped):
            if conditions:
                conditions[-1] = "!(" + conditions[-1] + ") && " + match.group(1).strip()
            continue
        if ELSE.match(stripped):
            if conditions:
                conditions[-1] = "!(" + conditions[-1] + ")"
            continue
        if ENDIF.match(stripped):
            if conditions:
                conditions.pop()
            continue
        match = IMPORT.match(stripped)
        if not match:
            continue
        level = LEVELS[match.group(1) or "internal"]
        module = match.group(2)
        if module == "Foundation":
            foundation.append((number, level, bool(conditions)))
        elif module == "FoundationNetworking":
            networking.append((number, level, list(conditions)))
    for number, level, conds in networking:
        where = f"{path}:{number}"
        if not conds or conds[-1].replace(" ", "") != "canImport(FoundationNetworking)":
            problems.append(f"{where}: import FoundationNetworking only inside `#if canImport(FoundationNetworking)` "
                            "(the module exists only on Linux; on Apple platforms its types are Foundation's)")
        plain = [f for f in foundation if not f[2]]
        if not plain:
            problems.append(f"{where}: FoundationNetworking is imported without an unconditional `import Foundation`: "
                            "on Apple platforms URLSession and the other networking types come only from Foundation")
            continue
        foundation_level = max(f[1] for f in plain)
        if level > foundation_level:
            names = {v: k for k, v in LEVELS.items()}
            problems.append(
                f"{where}: FoundationNetworking is imported `{names[level]}` but Foundation `{names[foundation_level]}`: "
                f"on Apple platforms the networking types are Foundation's, so write `{names[level]} import Foundation` "
                "(a public signature naming URLSessionConfiguration, URLRequest, HTTPURLResponse, ... needs it) "
                f"or lower this import to `{names[foundation_level]}`")
    return problems


def main(paths):
    problems = [problem for path in paths for problem in check(path)]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
