"""The PO catalogues and their tools: the check passes on the bot's catalogues and names what a
translator broke; ``update`` marks a translation whose English changed as fuzzy (and the bot then
shows English); the converter from the former Python packages keeps only English's keys; the
files ship with the package."""

from __future__ import annotations

import marshal
import shutil
import tomllib
from pathlib import Path

import pytest

from bot.text.catalogue import CATALOGUES, ENGLISH
from bot.text.po.__main__ import all_problems, main
from bot.text.po.check import markup
from bot.text.po.convert import extract, update
from bot.text.pofiles import (
    PO_DIR,
    entries,
    po_path,
    read_catalog,
    read_languages,
    read_messages,
    write_catalog,
)

ROOT = Path(__file__).resolve().parents[2]


def test_every_catalogue_is_complete_current_and_keeps_the_englishs_fields_and_markup() -> None:
    problems = all_problems()
    assert not problems, "python -m bot.text.po check:\n" + "\n".join(map(str, problems))


def test_the_bot_reads_every_translated_entry() -> None:
    for code, messages in CATALOGUES.items():
        if code in {path.stem for path in PO_DIR.glob("*.po")}:
            assert messages.keys() == ENGLISH.keys(), code


@pytest.fixture
def po_dir(tmp_path: Path) -> Path:
    for path in PO_DIR.glob("*.po*"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def edit(directory: Path, code: str, key: str, text: str | None) -> None:
    """Set (or with None remove) one entry's msgstr."""
    catalog = read_catalog(po_path(code, directory))
    message = entries(catalog)[key]
    if text is None:
        catalog.delete(message.id, context=key)
    else:
        message.string = text
    write_catalog(po_path(code, directory), catalog)


def test_the_check_lists_what_a_translator_broke(po_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(po_dir, "de", "refusal.not_your_turn", None)
    edit(po_dir, "de", "refusal.must_follow_suit", "Du musst bedienen ({farbe}).")
    edit(po_dir, "de", "refusal.wrong_pass_count", "Wähle genau {count} {count|Karte} zum Weitergeben.")
    edit(po_dir, "de", "reply.no_table_here", "Hier ist kein Tisch: starte einen mit /hearts new.")
    edit(po_dir, "de", "button.join", "Diesem Tisch beitreten und mitspielen! " * 3)
    edit(po_dir, "de", "command.hearts.new.name", "Neuer Tisch")
    shutil.copy(po_path("de", po_dir), po_path("eo", po_dir))  # a file whose code LANGUAGES lacks
    catalog = read_catalog(po_path("ja", po_dir))
    catalog.add("Old words", "古い言葉", context="removed.key")
    old = entries(catalog)["refusal.game_over"]  # translated from an earlier English, not marked
    catalog.delete(old.id, context=old.context)
    catalog.add("This game was over.", old.string, context=old.context)
    write_catalog(po_path("ja", po_dir), catalog)

    assert main(["--dir", str(po_dir), "check"]) == 1
    shown = capsys.readouterr().out.splitlines()
    assert 'de: refusal.not_your_turn: untranslated: "It\'s not your turn."' in shown
    assert "de: refusal.must_follow_suit: placeholders ['farbe'] instead of ['suit']" in shown
    assert "de: refusal.wrong_pass_count: a plural needs 2 form(s) in this language, not [1]" in shown
    assert "de: reply.no_table_here: Discord markup differs: missing ['`/hearts new`'], extra []" in shown
    assert "ja: removed.key: not in the template (a stale entry)" in shown
    assert "ja: refusal.game_over: outdated (fuzzy): the English is now 'This game is over.'" in shown
    assert "de: button.join: a button label longer than Discord's 80 characters (117)" in shown
    assert "de: command.hearts.new.name: not a name Discord accepts" in "".join(shown)
    assert "eo.po: *: a catalogue the bot does not load: add its code to LANGUAGES" in shown
    assert len(shown) == 9


def test_a_slash_command_in_code_may_be_written_with_the_languages_command_names() -> None:
    from bot.text.po.check import translation_problems

    texts = {"command.hearts-event.name": "hearts-turnier", "command.hearts-event.list.name": "liste"}
    english = "No event: see `/hearts-event list`."
    assert (
        translation_problems("de", "k", english, "Kein Turnier: siehe `/hearts-turnier liste`.", texts) == []
    )
    assert translation_problems("de", "k", english, "Kein Turnier: siehe `/hearts-event list`.", texts) == []
    assert translation_problems("de", "k", english, "Kein Turnier: siehe `/turnier`.", texts)
    assert markup("**Du** bist <t:1:R> dran, <@2>: https://x.test/a") == markup(
        "<@2>: **you** <t:1:R> https://x.test/a"
    )


ENGLISH_AND_GERMAN = ("en", "de")
"""The languages a check after the first reads: the first shows that an English edit concerns
nothing but English and the template, and the others look at German alone (each reads every
catalogue it is given: 31 of them took ten seconds of the suite)."""


def test_a_changed_english_sentence_makes_its_translations_fuzzy_until_translated_again(po_dir: Path) -> None:
    edit(po_dir, "en", "refusal.not_your_turn", "Wait for your turn.")
    catalog = read_catalog(po_path("en", po_dir))
    catalog.add("A new sentence.", "A new sentence.", context="brand.new")
    write_catalog(po_path("en", po_dir), catalog)
    assert [str(p) for p in all_problems(po_dir)] == [
        "en: refusal.not_your_turn: msgid and msgstr differ: run `python -m bot.text.po extract`",
        "hearts.pot: *: out of date: run `python -m bot.text.po extract`",
    ]
    extract(po_dir)
    assert [p for p in all_problems(po_dir, ENGLISH_AND_GERMAN) if p.code in ("en", "hearts.pot")] == []
    update("de", po_dir)

    german = entries(read_catalog(po_path("de", po_dir)))
    outdated = german["refusal.not_your_turn"]
    assert outdated.fuzzy and outdated.string == "Du bist nicht am Zug."
    assert outdated.id == "Wait for your turn."
    assert '#| msgid "It\'s not your turn."' in po_path("de", po_dir).read_text(encoding="utf-8")
    assert german["brand.new"].string == ""
    problems = {
        (p.key, p.what.split(":")[0]) for p in all_problems(po_dir, ENGLISH_AND_GERMAN) if p.code == "de"
    }
    assert problems == {("refusal.not_your_turn", "outdated (fuzzy)"), ("brand.new", "untranslated")}
    shown = read_messages("de", po_dir)
    assert "refusal.not_your_turn" not in shown and "brand.new" not in shown  # the reader gets English

    edit(po_dir, "de", "brand.new", "Ein neuer Satz.")
    catalog = read_catalog(po_path("de", po_dir))
    entries(catalog)["refusal.not_your_turn"].flags.discard("fuzzy")
    write_catalog(po_path("de", po_dir), catalog)
    assert [p for p in all_problems(po_dir, ENGLISH_AND_GERMAN) if p.code == "de"] == []


def test_a_process_reads_the_compiled_copy_until_a_catalogue_changes(po_dir: Path) -> None:
    codes = ("en", "de")
    first = read_languages(codes, po_dir)
    assert first == {code: read_messages(code, po_dir) for code in codes}
    (copy,) = (po_dir / "__pycache__").glob("catalogues.*")
    # What the next process reads is the copy (here made to differ, to tell them apart) ...
    marked = {"en": first["en"], "de": {**first["de"], "refusal.not_your_turn": "Aus der Kopie."}}
    copy.write_bytes(marshal.dumps(marked))
    assert read_languages(codes, po_dir)["de"]["refusal.not_your_turn"] == "Aus der Kopie."
    # ... until a catalogue is edited: then the files are read again, and one copy is kept.
    edit(po_dir, "de", "refusal.not_your_turn", "Noch nicht du.")
    assert read_languages(codes, po_dir)["de"]["refusal.not_your_turn"] == "Noch nicht du."
    assert len(list((po_dir / "__pycache__").glob("catalogues.*"))) == 1
    # A damaged copy, or a folder that cannot be written, only costs the parsing.
    (copy,) = (po_dir / "__pycache__").glob("catalogues.*")
    copy.write_bytes(b"not marshal")
    assert read_languages(codes, po_dir)["de"]["refusal.not_your_turn"] == "Noch nicht du."
    shutil.rmtree(po_dir / "__pycache__")
    (po_dir / "__pycache__").write_text("a file where the folder would be")
    assert read_languages(codes, po_dir) == {code: read_messages(code, po_dir) for code in codes}


def test_the_catalogues_ship_with_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bot.text.po"]
    shipped = {path.name for pattern in patterns for path in PO_DIR.glob(pattern)}
    assert shipped == {path.name for path in PO_DIR.iterdir() if path.suffix in (".po", ".pot")}
    assert "hearts.pot" in shipped and "en.po" in shipped
