"""The documents: the rule book linked from the README, covering every table option and every
decision of the requirements' section 2a; links between the documents that resolve; no issue
numbers where players and operators read; every benchmark on the benchmarks page; the README's two
commands as the Makefile has them."""

from __future__ import annotations

import importlib
import importlib.util
import io
import pkgutil
import re
from pathlib import Path
from typing import Any

from discord import app_commands
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
BOOK = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def test_the_readme_links_the_rule_book_and_every_link_resolves() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\((docs/RULES\.md)(?:#([\w-]+))?\)", readme)
    assert targets
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", BOOK, re.M)}
    for _path, anchor in targets:
        assert not anchor or anchor in anchors, anchor
    assert "(`RULES.md`)" not in readme  # the old reference to a file outside the repository


def test_every_option_of_hearts_new_is_in_the_rule_book() -> None:
    options = [p.name for p in _hearts_new().parameters]
    assert len(options) >= 10
    for name in options:
        assert f"`{name}`" in BOOK, name


def test_every_decision_of_section_2a_is_in_the_rule_book_and_has_a_test() -> None:
    """Each decision is numbered in the book, and each number has a test of its behaviour: those of
    tests/engine/test_decisions.py are named by the decision's number (``test_7_...``); decision 9,
    numbers read right, is the text catalogue's (``DECISION_TESTS_ELSEWHERE``)."""
    section = BOOK.split("## 2a.")[1].split("\n## ")[0]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. \*\*", section, re.M)]
    assert numbers == list(range(1, 11))
    engine = (ROOT / "tests" / "engine" / "test_decisions.py").read_text(encoding="utf-8")
    numbered = {int(n) for n in re.findall(r"^def test_(\d+)_\w+\(", engine, re.M)}
    for number, (path, name) in DECISION_TESTS_ELSEWHERE.items():
        assert re.search(rf"^(async )?def {name}\(", (ROOT / path).read_text(encoding="utf-8"), re.M), name
        numbered.add(number)
    assert sorted(numbered) == numbers, "a decision without a test, or a test of no decision"


DECISION_TESTS_ELSEWHERE = {
    9: ("tests/text/test_messages.py", "test_no_message_with_a_number_reads_one_cards")
}


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _hearts_new() -> Any:
    """The ``/hearts new`` command, wherever in ``cogs`` it is defined."""
    import cogs

    for info in pkgutil.walk_packages(cogs.__path__, "cogs."):
        for obj in vars(importlib.import_module(info.name)).values():
            command = getattr(obj, "new", None) if isinstance(obj, type) else None
            if isinstance(command, app_commands.Command) and command.parent is None:
                group = getattr(obj, "__cog_group_name__", None)
                if group == "hearts":
                    return command
    raise AssertionError("no /hearts new command found")


USER_DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_link_between_the_documents_resolves() -> None:
    for document in USER_DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for target, anchor in re.findall(r"\]\(((?!https?:|#)[^)#\s]*)(?:#([\w-]+))?\)", text):
            path = (document.parent / target).resolve()
            assert path.exists(), f"{document.name}: {target}"
            if anchor and path.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
                assert anchor in {_anchor(h) for h in headings}, f"{document.name}: {target}#{anchor}"
        for anchor in re.findall(r"\]\(#([\w-]+)\)", text):
            assert anchor in {_anchor(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}, anchor


def test_no_user_document_speaks_of_issue_numbers() -> None:
    for document in USER_DOCUMENTS:
        found = re.findall(r"\bissues? #?\d+|\(#\d+\)", document.read_text(encoding="utf-8"), re.I)
        assert not found, f"{document.name}: {found}"


def test_the_benchmarks_page_names_every_benchmark_and_only_real_ones() -> None:
    page = (ROOT / "docs" / "BENCHMARKS.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(\w+\.py)\b", page))
    scripts = {p.name for p in (ROOT / "bench").glob("*.py") if "def main(" in p.read_text(encoding="utf-8")}
    assert scripts and scripts <= named, scripts - named
    assert all((ROOT / "bench" / name).exists() for name in named - {"baseline.py", "opponents.py"})


def test_the_readmes_two_commands_are_the_makefiles() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "```sh\nmake run\n```" in readme and "```sh\nmake test\n```" in readme
    assert re.search(r"^run: .*\n\t\$\(BIN\)/python -m bot$", makefile, re.M)
    assert re.search(
        r"^test: .*\n\t\$\(BIN\)/python -m pytest -q -n \$\(TEST_WORKERS\) --dist worksteal$", makefile, re.M
    )


def test_the_pictures_in_the_docs_are_what_the_generators_draw_now() -> None:
    """The README's screenshots (bot.text.screenshots) and the rule book's examples
    (docs/make_examples.py) as stored, pixel for pixel: a change to the drawing shows up here until
    the pictures are made again (``python -m bot.text.screenshots``, ``python docs/make_examples.py``)."""
    from bot.text.screenshots import screenshots

    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "docs" / "make_examples.py")
    assert spec is not None and spec.loader is not None
    make_examples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_examples)
    drawn = {**screenshots(), **make_examples.examples()}
    stored = {p.name for p in (ROOT / "docs" / "images").glob("*.png")}
    activity = set(_activity_screenshots().NAMES)  # not drawn here: see the next test
    assert not activity & set(drawn)
    assert set(drawn) | activity == stored
    stale = [
        name
        for name, png in drawn.items()
        if _pixels(png) != _pixels((ROOT / "docs" / "images" / name).read_bytes())
    ]
    assert not stale, f"out of date: {stale}"


def test_the_activity_screenshots_are_the_generators_and_small() -> None:
    """The Activity's screenshots (docs/make_activity_screenshots.py) are taken in Chromium from a
    random deal played by the real bot, so they are not compared pixel for pixel: every one the
    script names is stored, at one of its screens' sizes, under 200 KB. Rerun the script after
    changing the page (web/activity)."""
    script = _activity_screenshots()
    sizes = {
        (
            round(d["viewport"]["width"] * d.get("device_scale_factor", 1)),
            round(d["viewport"]["height"] * d.get("device_scale_factor", 1)),
        )
        for d in (script.PHONE, script.DESKTOP)
    }
    for name in script.NAMES:
        path = ROOT / "docs" / "images" / name
        assert path.stat().st_size < 200_000, name
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size in sizes, (name, image.size)


def _activity_screenshots() -> Any:
    spec = importlib.util.spec_from_file_location(
        "make_activity_screenshots", ROOT / "docs" / "make_activity_screenshots.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size, image.convert("RGBA").tobytes()
