"""The Activity's page as the bot serves it: the built app (index, its assets, the card faces,
/api/config), that it ships with the package and is what its sources build (without Node: the
build's manifest of its sources against the sources here), and its words in every language, sent
once per socket in the reader's language."""

from __future__ import annotations

import hashlib
import json
import re
import string
import tomllib
from pathlib import Path
from urllib.parse import quote

import aiohttp
import pytest
from yarl import URL

from bot.engine.cards import card_code
from bot.engine.game import SeatKind, SheetRow
from bot.engine.hand import Phase, Trick
from bot.engine.rules import MoonScoring, RuleSet
from bot.engine.scoring import HandOutcome
from bot.tables.options import TableOptions
from bot.tables.snapshot import Feat, PrivateHand, SeatInfo, TableSnapshot, last_feat
from bot.tables.table import TableStatus
from bot.text import LANGUAGES, card_full_name, t
from bot.text.catalogue import template
from cogs.activity._static import STATIC
from cogs.activity._views import public_view, reader_view
from cogs.activity._words import KEYS, words_message
from playtest.harness import Hearts
from tests.cogs.test_activity import activity, base, open_page, session, started  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "web" / "activity"
NOT_SOURCES = {"node_modules", "dist"}


async def test_the_server_serves_the_built_app(activity: Hearts, session: aiohttp.ClientSession):  # noqa: F811
    async with session.get(base(activity) + "/") as r:
        assert r.status == 200 and r.content_type == "text/html"
        assert r.headers["Cache-Control"] == "no-cache"  # it names the build's assets: always asked again
        index = await r.text()
    assets = re.findall(r'(?:src|href)="(/assets/[^"]+)"', index)
    assert {Path(a).suffix for a in assets} == {".js", ".css"}
    for asset in assets:
        async with session.get(base(activity) + asset) as r:
            assert r.status == 200, asset
            # a JavaScript MIME type (module scripts are refused without one), or CSS
            assert (
                r.content_type
                in (("text/javascript", "application/javascript"), ("text/css",))[asset.endswith(".css")]
            )
            assert "immutable" in r.headers["Cache-Control"]  # hashed names: a new build, new names
            assert await r.read() == (STATIC / asset.lstrip("/")).read_bytes()
    # Nothing outside the built assets: the router decodes %2F into the name, and a name that is an
    # absolute path once decoded must not be read as one (this very file, here).
    outside = quote(str(Path(__file__).resolve()), safe="")
    for missing in (
        "/assets/nothing.js",
        "/assets/..%2Findex.html",
        f"/assets/{outside}",
        "/sources.json",
        "/cards/52.png",
        "/cards/" + "1" * 5000 + ".png",  # past the digits int() reads: not a server error
    ):
        async with session.get(URL(base(activity) + missing, encoded=True)) as r:
            assert r.status == 404, missing


async def test_the_card_faces_are_the_bots_card_art(activity: Hearts, session: aiohttp.ClientSession):  # noqa: F811
    queen = next(c for c in range(52) if card_code(c) == "QS")
    async with session.get(base(activity) + f"/cards/{queen}.png") as r:
        assert r.status == 200 and r.content_type == "image/png"
        body = await r.read()
    assert body.startswith(b"\x89PNG") and len(body) > 1000
    async with session.get(base(activity) + f"/cards/{queen + 1}.png") as r:
        assert await r.read() != body


async def test_the_config_names_the_app_and_words_in_the_browsers_language(
    activity: Hearts,  # noqa: F811
    session: aiohttp.ClientSession,  # noqa: F811
):
    headers = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    async with session.get(base(activity) + "/api/config", headers=headers) as r:
        assert r.status == 200
        config = await r.json()
    assert config["client_id"] == str(activity.bot.application_id) == str(activity.emu.application_id)
    words = config["words"]
    assert words["lang"] == "de" and words["now"] == activity.clock.now()
    assert words["words"]["activity.unauthorized"] == t("activity.unauthorized", "de")


async def test_after_hello_the_page_gets_its_readers_words_then_the_table(
    activity: Hearts,  # noqa: F811
    session: aiohttp.ClientSession,  # noqa: F811
):
    table = await started(activity)
    alice = activity.people[0]
    activity.emu.set_locale(alice, "ja")
    page = await open_page(activity, session, alice, {"table": table})
    first = await page.next(lambda m: True, "the first message")
    assert first["op"] == "words" and first["lang"] == "ja"
    assert first["now"] == activity.clock.now()  # the server's clock: the page's countdowns follow it
    assert first["words"]["activity.your_turn"] == t("activity.your_turn", "ja")
    assert first["cards"] == [card_full_name(c, "ja") for c in range(52)]
    view = await page.view()
    assert view["table"] == table and not any(m["op"] == "words" for m in page.received[1:])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_words_are_complete_in_every_language(lang: str) -> None:
    message = words_message(lang, 0.0)
    assert message["lang"] == lang
    for key in KEYS:
        found = template(key, lang)
        assert found is not None and found[1] == lang, f"{lang}: {key} falls back to English"
        text = message["words"][key]
        # The page fills plain {fields} only: no plural choice, no format spec.
        assert "|" not in text, f"{lang}: {key} has a plural the page cannot choose"
        fields = [f for _, f, spec, _ in string.Formatter().parse(text) if f is not None]
        assert all(f.isidentifier() for f in fields), f"{lang}: {key}: {fields}"
    assert len(set(message["cards"])) == 52 and len(set(message["short"])) == 52


def test_the_page_asks_for_exactly_the_words_it_is_sent() -> None:
    """Every key the page's code looks up is in the words message, and each word sent is used."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in (SOURCES / "src").glob("*.ts"))
    asked = set(re.findall(r"\bt\(\s*\"([a-z_]+\.[\w.]+)\"", code))
    assert asked == set(KEYS)


def test_the_shooter_is_offered_the_tables_two_moon_scores_in_their_language() -> None:
    rules = RuleSet(moon=MoonScoring.SHOOTER_CHOOSES)
    seats = tuple(SeatInfo(s, SeatKind.PERSON, str(100 + s)) for s in range(4))
    snapshot = TableSnapshot(
        1, "1", "2", "100", TableStatus.PLAYING, TableOptions(rules=rules), seats, 60, None, (2,),
        hand_number=1, phase=Phase.MOON_CHOICE,
    )  # fmt: skip
    hand = PrivateHand(1, 2, "102", 60, None, 1, Phase.MOON_CHOICE, 0, True, 0, 0, rules.pass_direction(1),
                       None, None, 0, choose_moon=True)  # fmt: skip
    view = reader_view(hand, snapshot.options.rules, "de")
    assert view["moon"] == {
        "shoot": t("button.moon_self", "de", points=26),
        "add": t("button.moon_others", "de", points=26),
    }
    other = PrivateHand(1, 1, "101", 60, None, 1, Phase.MOON_CHOICE, 0, False, 0, 0, rules.pass_direction(1),
                        None, None, 0, choose_moon=False)  # fmt: skip
    assert reader_view(other, snapshot.options.rules, "de")["moon"] is None


def _sources() -> dict[str, str]:
    return {
        path.relative_to(SOURCES).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(SOURCES.rglob("*"))
        if path.is_file() and not NOT_SOURCES & set(path.relative_to(SOURCES).parts)
    }


def test_the_built_app_is_what_its_sources_build() -> None:
    """The build records the hash of every source it read (sources.json): a source changed, added
    or removed without `make web` fails here. (CI's `make web-check` rebuilds and compares bytes.)"""
    built = json.loads((STATIC / "sources.json").read_text(encoding="utf-8"))["files"]
    sources = _sources()
    assert {"package.json", "package-lock.json", "index.html", "src/main.ts"} <= set(sources)
    versions = json.loads((SOURCES / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    assert {"@discord/embedded-app-sdk", "vite", "typescript"} <= set(versions)
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in versions.values()), versions  # exact pins
    changed = sorted(
        set(built) ^ set(sources) | {p for p in built.keys() & sources.keys() if built[p] != sources[p]}
    )
    assert not changed, f"web/activity changed since the app was built: {changed}; run `make web`"


def test_the_package_ships_the_built_app() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["cogs.activity"]
    package = STATIC.parent
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    built = {p for p in STATIC.rglob("*") if p.is_file()}
    assert built and shipped == built
    index = (STATIC / "index.html").read_text(encoding="utf-8")
    for asset in re.findall(r'"/(assets/[^"]+)"', index):
        assert STATIC / asset in shipped


def test_the_hand_end_names_who_shot_the_moon() -> None:
    """The page's hand-end panel says who shot the moon (or made a slam, or took every trick) in
    the hand that just ended, in its reader's words: the view carries the last scored hand's feat,
    and the page is sent the lines for it."""

    def row(hand: int, outcome: HandOutcome, shooter: int | None) -> SheetRow:
        return SheetRow(hand, (0, 26, 26, 26), outcome, shooter, (0, 26, 26, 26))

    assert last_feat([]) is None
    assert last_feat([row(1, HandOutcome.NORMAL, None)]) is None
    assert last_feat([row(1, HandOutcome.MOON, 0), row(2, HandOutcome.NORMAL, None)]) is None
    assert last_feat([row(1, HandOutcome.NORMAL, None), row(2, HandOutcome.MOON, 0)]) == Feat(
        2, HandOutcome.MOON, 0
    )
    seats = tuple(SeatInfo(s, SeatKind.PERSON, str(100 + s)) for s in range(4))
    snapshot = TableSnapshot(
        1, "1", "2", "100", TableStatus.PLAYING, TableOptions(), seats, 60, None, (1,),
        hand_number=3, phase=Phase.PASSING, last_feat=Feat(2, HandOutcome.MOON, 0),
    )  # fmt: skip
    assert public_view(snapshot, {}, "de")["feat"] == {"hand": 2, "outcome": "moon", "seat": 0}
    plain = TableSnapshot(1, "1", "2", "100", TableStatus.PLAYING, TableOptions(), seats, 60, None, (1,))
    assert public_view(plain, {}, "de")["feat"] is None
    words = words_message("de", 0.0)["words"]
    for outcome in HandOutcome:
        if outcome is not HandOutcome.NORMAL:
            assert words[f"announce.{outcome.value}"] == template(f"announce.{outcome.value}", "de")[0]


def test_a_hands_final_trick_is_the_pages_last_trick_until_the_next_hand_takes_one() -> None:
    """The page animates a trick taken when the view's last trick changes: between hands that is the
    finished hand's final trick (the snapshot's ``previous_trick``), then the new hand's own."""
    seats = tuple(SeatInfo(s, SeatKind.PERSON, str(100 + s)) for s in range(4))
    final = Trick(1, (51, 2, 3, 4), 1)

    def view(**fields: object) -> dict[str, object]:
        snapshot = TableSnapshot(
            1,
            "1",
            "2",
            "100",
            TableStatus.PLAYING,
            TableOptions(),
            seats,
            60,
            None,
            (1,),
            **fields,  # type: ignore[arg-type]
        )
        return public_view(snapshot, {}, None)

    assert view(hand_number=2, previous_trick=final)["last_trick"] == {
        "leader": 1,
        "cards": [51, 2, 3, 4],
        "winner": 1,
    }
    own = Trick(0, (0, 5, 6, 7), 0)
    assert view(hand_number=2, last_trick=own)["last_trick"] == {
        "leader": 0,
        "cards": [0, 5, 6, 7],
        "winner": 0,
    }
    assert view(hand_number=1)["last_trick"] is None
