"""``python -m bot.text.po extract | update [code…] | check``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.text.catalogue import DEFAULT_LOCALE, LANGUAGES
from bot.text.po.check import Problem, catalog_problems, source_problems
from bot.text.po.convert import extract, update
from bot.text.pofiles import PO_DIR, file_stem, po_path, read_catalog, template_path


def all_problems(directory: Path = PO_DIR, languages: Sequence[str] = LANGUAGES) -> list[Problem]:
    """Every problem of the English source, the template and every language's catalogue."""
    template = read_catalog(template_path(directory))
    problems = source_problems(read_catalog(po_path(DEFAULT_LOCALE, directory)), template)
    listed = {file_stem(code) for code in languages}
    for path in sorted(directory.glob("*.po")):
        if path.stem not in listed:
            problems.append(
                Problem(path.name, "*", "a catalogue the bot does not load: add its code to LANGUAGES")
            )
    for code in languages:
        if code != DEFAULT_LOCALE:
            problems += catalog_problems(code, read_catalog(po_path(code, directory)), template)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.text.po", description=__doc__)
    parser.add_argument(
        "--dir", type=Path, default=PO_DIR, help="the PO files' directory (default: the bot's)"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="write hearts.pot from en.po")
    updating = commands.add_parser("update", help="bring catalogues in line with hearts.pot")
    updating.add_argument("codes", nargs="*", help="language codes (default: every language)")
    commands.add_parser("check", help="every catalogue complete, current, placeholders and markup kept")
    args = parser.parse_args(argv)
    directory: Path = args.dir
    if args.command == "extract":
        template = extract(directory)
        print(f"{template_path(directory)}: {len(template)} messages")
    elif args.command == "update":
        for code in args.codes or [c for c in LANGUAGES if c != DEFAULT_LOCALE]:
            update(code, directory)
            print(f"updated {po_path(code, directory)}")
    else:
        problems = all_problems(directory)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s) in {len(LANGUAGES)} catalogues", file=sys.stderr)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
