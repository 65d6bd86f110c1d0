"""Strength against an opponent no one here wrote: OpenSpiel's IS-MCTS, in OpenSpiel's own game.

Duplicate deals as in ``ai_strength.py`` (the same deals: ``duplicate_hand``): for each deal the
hero (any of ``ai_strength.py``'s players: ``hard``, ``normal``, ``base-hard`` …) sits in each of
the 4 seats in turn and the 3 other seats are OpenSpiel's information-set MCTS
(``pyspiel.ISMCTSBot``). A figure is the hero's points per hand minus the mean of the other three,
± one standard error over deals (negative: the hero takes fewer points), with the hero's decision
times (wall clock, as the live bot's budget is), its illegal moves and the moons it made and
conceded. ``--paired A/B`` plays two heroes on the same deals against the same opponents (the same
IS-MCTS seeds) and prints the per-deal difference with its SE and z.

The game is OpenSpiel's (``pyspiel.load_game("hearts", SPIEL_PARAMETERS)``), played move by move
in lockstep with the engine's ``Hand``: OpenSpiel decides what is legal and scores the hand for the
IS-MCTS seats, and at every decision the two are compared (who moves, the set of legal actions; at
the end each seat's points); every difference is counted and printed as "errors in N
cross-checks", which must be 0. The hero plays from the engine's ``SeatView``, as at a table.

The mapping (OpenSpiel's ``open_spiel/games/hearts/hearts.cc`` and ``hearts.h``):

- Cards: an action is ``rank * 4 + suit`` with suits clubs, diamonds, hearts, spades (the action
  strings ``2C 2D 2H 2S 3C …``); ours are ``suit * 13 + rank`` with clubs, diamonds, spades, hearts.
- The deal: the first chance node is the pass direction (0 no pass, 1 left, 2 across, 3 right:
  player ``p`` passes to ``(p + direction) % 4``, and play goes from ``p`` to ``p + 1``, so it is
  our seat offset: left is the next player in both); then 52 chance nodes, the ``i``-th card going
  to player ``i % 4``. The chance outcomes are chosen to give exactly the deal of
  ``Hand.new(rules, seed, hand_number)``, seats numbered alike.
- Passing: OpenSpiel's players pass one card per action, player 0's three first, then 1, 2, 3; ours
  choose all at once (the engine exchanges once every seat has chosen). The hero's pass is decided
  at its first pass action, from the same view the engine gives it, and fed card by card.
- Points: OpenSpiel's returns are ``26 − points``; a moon gives the shooter −26 on its 26 and the
  others +26, as our "others +26".

The rules: ``SPIEL_PARAMETERS`` (the names and defaults of ``hearts.cc``'s parameter
specification) are our default ``RuleSet`` (RULES.md section 1); ``spiel_parameters`` refuses rule
sets OpenSpiel can't play. ``pass_cards`` on (left, right, across, hold by hand number, chosen as
the chance outcome); ``no_pts_on_first_trick`` on (no heart nor Q♠ on the first trick unless
nothing else); ``can_lead_any_club`` off (the 2♣ leads); ``must_break_hearts`` and
``qs_breaks_hearts`` on; ``can_lead_hearts_instead_of_qs`` off (RULES.md's edge case: a leader with
only hearts and the Q♠ before hearts are broken must lead the Q♠); ``jd_bonus`` off (no Omnibus);
``avoid_all_tricks_bonus`` off (OpenSpiel's −5 for taking no trick, which we don't have; our
all-tricks option is another rule, off by default). No rule differs.

The opponent: ``pyspiel.ISMCTSBot(seed, evaluator, uct_c, max_simulations, max_world_samples,
final_policy_type, use_observation_string, allow_inconsistent_action_sets)`` (its signature in
``help(pyspiel.ISMCTSBot)``, open_spiel 2.0.2; ``open_spiel/algorithms/is_mcts.cc``) with 1,000
simulations, ``uct_c`` 6, ``pyspiel.RandomRolloutEvaluator(1, seed)`` (one random rollout from each
new node), unlimited world samples (a fresh deal consistent with the seat's information per
simulation, by the game's ``ResampleFromInfostate``), keyed by information state strings; ``Step``
samples its move from the root's normalized visit counts (the default final policy). One bot per
seat and hand, seeded from the deal, the hero's seat and its own seat, the three of a hand in a
process of their own (``Opponents``): a paired run gives both heroes the same opponents, who play
the same moves as long as the heroes do (see ``fixed_addresses``).

One workaround: during the passing phase ``hearts.cc``'s ``ResampleFromInfostate`` puts the real
cards of a player who has already passed to the searching seat into its sampled world (which dealt
them elsewhere), so the sampled state is inconsistent and the search crashes (a segmentation
fault at the 4th pass action, from ``python -c``). A seat's pass depends only on its own hand, the
direction and the cards it has chosen so far (its information state string says no more), so the
IS-MCTS seats decide their passes in the same deal with the seats renumbered to make them player 0
(who passes first, so no such card exists); the two information state strings are compared as a
cross-check. The play phase is searched in the real state.

Timing: ``hard`` is anytime (it plays deals until its budget is spent), so with a time budget a
run is not bit-reproducible, and under load it plays fewer deals. ``--search-deals N`` fixes the
deals per decision of ``hard`` and ``base-hard`` instead: the run is then reproducible, and
``--paired hard/base-hard`` compares the two at the same work — the baseline's ``bot/ai`` is
imported as plain Python (``bench/baseline.py``), not compiled, so under one time budget it would
get fewer deals than today's compiled ``hard`` and the comparison would be of speed as much as of
play. ``PLAYER@DEALS`` gives one hero deals of its own, so that two versions are each compared at
the deals their own builds play in the live budget (``search_speed.py --within``), reproducibly.
Every other seed is fixed, and OpenSpiel's search is made independent of the process it runs
in (``fixed_addresses``), so a run of players that need no clock (``normal``, or ``hard`` with
``--search-deals``) depends only on its arguments, not on ``--workers``; the same hero twice in a
paired run gives a difference of exactly 0.

Needs OpenSpiel: ``pip install open_spiel`` (the ``bench`` extra). On a shared 2-core machine run it
under ``nice``.

Run: python bench/ismcts_match.py --hero hard --deals 300
     python bench/ismcts_match.py --paired hard/base-hard --deals 300 --search-deals 300
     python bench/ismcts_match.py --paired hard@1830/hard-nostyle@920 --deals 300
     python bench/ismcts_match.py --hero normal --deals 4 --simulations 100
"""

from __future__ import annotations

import argparse
import compileall
import ctypes
import functools
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import baseline
from bench.ai_strength import (
    PLAYERS,
    MatchDeal,
    Seating,
    add_match_arguments,
    decision_seed,
    duplicate_hand,
    match_deal,
    match_line,
    paired_line,
    percentile,
    player_of,
    search_size,
    use_baseline,
)
from bench.baseline import ROOT
from bot.engine import Hand, IllegalMove, MoonScoring, Omnibus, PassCards, Phase, PlayCard, RuleSet, seat_view
from bot.engine.cards import Card, CardSet, cards_of, cardset
from bot.engine.rules import PassDirection, PassRotation, Scoring

RULES: Final = RuleSet()
SIMULATIONS: Final = 1000
UCT_C: Final = 6.0
SPIEL_SUIT: Final = (0, 1, 3, 2)
"""OpenSpiel's suit index of each of our suits (ours: clubs, diamonds, spades, hearts; OpenSpiel's:
clubs, diamonds, hearts, spades)."""
OUR_SUIT: Final = tuple(SPIEL_SUIT.index(s) for s in range(4))
SPIEL_PASS: Final = {
    PassDirection.HOLD: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}
"""OpenSpiel's pass-direction chance outcome for ours: the offset from passer to receiver."""
TOTAL_POINTS: Final = 26
"""OpenSpiel's returns are this minus the hand's points (``kTotalPositivePoints``)."""


def spiel_parameters(rules: RuleSet) -> dict[str, bool]:
    """OpenSpiel's Hearts parameters that play ``rules`` (``SystemExit`` for a rule set it can't)."""
    plain = (
        rules.players == 4
        and rules.pass_count == 3
        and rules.pass_rotation in (PassRotation.STANDARD, PassRotation.NONE)
        and rules.moon is MoonScoring.OTHERS_PLUS
        and rules.scoring is Scoring.STANDARD
        and not rules.all_tricks_bonus
        and not rules.black_maria_less
        and rules.omnibus is Omnibus.OFF  # OpenSpiel's J♦ bonus has no slam: not our Omnibus
    )
    if not plain:
        raise SystemExit(f"ismcts_match: OpenSpiel's Hearts can't play these rules: {rules}")
    return {
        "pass_cards": rules.passing,
        "no_pts_on_first_trick": True,
        "can_lead_any_club": False,
        "jd_bonus": False,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": True,
        "qs_breaks_hearts": rules.queen_breaks,
        "can_lead_hearts_instead_of_qs": False,
    }


SPIEL_PARAMETERS: Final = spiel_parameters(RULES)


def spiel_action(card: Card) -> int:
    """OpenSpiel's action for playing or passing ``card``."""
    return card % 13 * 4 + SPIEL_SUIT[card // 13]


def our_card(action: int) -> Card:
    """The card of OpenSpiel's play or pass action ``action``."""
    return OUR_SUIT[action % 4] * 13 + action // 4


def spiel_pass(rules: RuleSet, hand_number: int) -> int:
    """OpenSpiel's pass-direction chance outcome for hand ``hand_number``."""
    return SPIEL_PASS[rules.pass_direction(hand_number)]


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit(
            "ismcts_match: OpenSpiel is not installed. Install the bench extra: "
            ".venv/bin/pip install open_spiel"
        ) from None
    return pyspiel


@functools.cache
def spiel_game(parameters: tuple[tuple[str, bool], ...] = tuple(SPIEL_PARAMETERS.items())) -> Any:
    """OpenSpiel's Hearts with ``parameters``, loaded once per process."""
    return _pyspiel().load_game("hearts", dict(parameters))


def dealt_state(game: Any, hand: Hand, first: int = 0) -> Any:
    """OpenSpiel's state after the chance nodes that deal ``hand``'s cards, its seats renumbered so
    that ``first`` is player 0."""
    state = game.new_initial_state()
    state.apply_action(spiel_pass(hand.rules, hand.hand_number))
    held = [cards_of(hand.dealt[(p + first) % 4]) for p in range(4)]
    for k in range(hand.rules.cards_per_player):
        for p in range(4):
            state.apply_action(spiel_action(held[p][k]))
    return state


def mismatch(state: Any, hand: Hand, chosen: CardSet) -> str | None:
    """What differs between OpenSpiel's ``state`` and the engine's ``hand`` at a decision (None: they
    agree): who moves, and what it may play or pass (``chosen``: the cards its pass has so far)."""
    player = state.current_player()
    theirs = cardset(our_card(a) for a in state.legal_actions())
    if hand.phase is Phase.PASSING:
        waiting = hand.waiting_for()
        seat = waiting[0] if waiting else None
        ours = 0 if seat is None else hand.hands[seat] & ~chosen
    else:
        seat = hand.to_move if hand.phase is Phase.PLAYING else None
        ours = hand.legal_plays()
    if player != seat or theirs != ours:
        return (
            f"{hand.phase.value}, move {hand.moves_made}: OpenSpiel's player {player} may "
            f"{cards_of(theirs)}, the engine's seat {seat} {cards_of(ours)}"
        )
    return None


def _ismcts(seed: int, simulations: int, uct_c: float) -> Any:
    """One IS-MCTS seat, as the module's docstring says (its evaluator seeded alike)."""
    pyspiel = _pyspiel()
    return pyspiel.ISMCTSBot(
        seed,
        pyspiel.RandomRolloutEvaluator(1, seed),
        uct_c,
        simulations,
        -1,  # max_world_samples: unlimited, a fresh world per simulation
        pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        False,  # use_observation_string: Hearts keys its nodes by information state strings
        False,  # allow_inconsistent_action_sets
    )


def opponent_seed(deal: int, hero_seat: int, seat: int) -> int:
    """An IS-MCTS seat's seed (a C++ int): the same for every hero, so a paired run is paired."""
    return (deal * 16 + hero_seat * 4 + seat) % 2_000_000_000 + 1


@dataclass(frozen=True)
class Opponent:
    """The IS-MCTS seats' search: simulations and exploration constant."""

    simulations: int = SIMULATIONS
    uct_c: float = UCT_C


class Opponents:
    """The IS-MCTS seats of one seating, searching in a process of their own (``serve``): a fresh
    process whose every allocation follows from the states it is asked about, so that its hash
    maps' order, and so its moves, are the same whenever the hero's moves are (see
    ``fixed_addresses``)."""

    def __init__(self, seeds: dict[int, int], opponent: Opponent) -> None:
        self._process = subprocess.Popen(
            [sys.executable, "-c", "from bench.ismcts_match import serve; serve()"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._send({"seeds": seeds, "simulations": opponent.simulations, "uct_c": opponent.uct_c})

    def _send(self, message: object) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(message) + "\n")
        self._process.stdin.flush()

    def step(self, seat: int, actions: list[int]) -> tuple[int, float]:
        """Seat ``seat``'s move in the state reached by ``actions``, and the CPU seconds it took."""
        self._send({"seat": seat, "actions": actions})
        assert self._process.stdout is not None
        answer = self._process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the IS-MCTS process stopped (exit status {self._process.wait()})")
        action, seconds = json.loads(answer)
        return int(action), float(seconds)

    def __enter__(self) -> Opponents:
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait()


def read_line(fd: int) -> bytes:
    """The next line of ``fd`` (empty at its end), read a byte at a time so that nothing after it
    is taken. A buffered reader takes whatever the pipe holds: one line or two, depending on how
    far the hero's search has got when it looks. That changes what the process allocates, so the
    addresses of IS-MCTS's hash maps, so its moves (``fixed_addresses``): a searching hero then
    met other opponents from run to run on two workers."""
    line = bytearray()
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return bytes(line)


def serve() -> None:
    """The process of ``Opponents``: a line of settings (each seat's seed, the search's size), then
    a line per decision (the seat and the actions from the game's start), each answered by a line
    with the move and the CPU seconds its search took."""
    settings = json.loads(read_line(sys.stdin.fileno()))
    game = spiel_game()
    bots = {
        int(s): _ismcts(seed, settings["simulations"], settings["uct_c"])
        for s, seed in settings["seeds"].items()
    }
    while line := read_line(sys.stdin.fileno()):
        request = json.loads(line)
        state = game.new_initial_state()
        for action in request["actions"]:
            state.apply_action(action)
        t0 = time.process_time()
        action = bots[request["seat"]].step(state)
        print(json.dumps([action, time.process_time() - t0]), flush=True)


@dataclass(frozen=True)
class Hero:
    """The hero and how much its search may do (``ai_strength.Player``'s budget and deals).
    ``name`` is as the command line gives it: a player of ``ai_strength.py``, or ``PLAYER@DEALS``
    for one with deals of its own (``--paired hard@1830/hard-nostyle@920`` compares two versions
    each at the deals it plays in its live budget, ``search_speed.py --within``)."""

    name: str
    budget: float | None = None
    deals: int | None = None

    @classmethod
    def of(cls, spec: str, budget: float | None, deals: int | None) -> Hero:
        """The hero ``spec`` names (``PLAYER`` or ``PLAYER@DEALS``); ValueError if it names none."""
        return cls(spec, budget, player_of(spec, deals)[1])

    @property
    def player(self) -> str:
        return self.name.partition("@")[0]


@dataclass(frozen=True)
class SeatingPlayed:
    """One hand of a deal, the hero in one seat: the result, and what the lockstep saw."""

    seating: Seating
    times: tuple[float, ...]  # the hero's seconds per decision
    checks: int
    errors: tuple[str, ...]
    illegal: int  # hero moves OpenSpiel refused (replaced by its first legal action)
    opponent_seconds: tuple[float, ...]  # CPU seconds per IS-MCTS decision


class Diverged(Exception):
    """The engine refused a move OpenSpiel played: the lockstep can't go on."""


Watch = Callable[[Hand, int, list[int], Card], None]
"""Told of each card an IS-MCTS seat plays: the hand before it, the seat, OpenSpiel's history of
the state it searched, the card (``predictability.py`` asks the same state again)."""


def play_seating(
    hero: Hero, deal: int, hero_seat: int, opponent: Opponent, watch: Watch | None = None
) -> SeatingPlayed:
    """Deal ``deal`` in OpenSpiel's game with the hero in ``hero_seat`` and IS-MCTS in the others,
    the engine's ``Hand`` kept in lockstep and compared at every decision."""
    game = spiel_game()
    hand = duplicate_hand(RULES, deal)
    state = dealt_state(game, hand)
    seeds = {s: opponent_seed(deal, hero_seat, s) for s in range(4) if s != hero_seat}
    with Opponents(seeds, opponent) as opponents:
        return _lockstep(hero, deal, hero_seat, game, hand, state, opponents, watch)


def _lockstep(
    hero: Hero,
    deal: int,
    hero_seat: int,
    game: Any,
    hand: Hand,
    state: Any,
    opponents: Opponents,
    watch: Watch | None,
) -> SeatingPlayed:
    chosen = [0] * 4  # each seat's pass so far
    hero_pass: list[Card] = []
    times: list[float] = []
    spent: list[float] = []
    errors: list[str] = []
    checks = illegal = 0
    while not state.is_terminal():
        seat = state.current_player()
        checks += 1
        problem = mismatch(state, hand, chosen[seat])
        if problem is not None:
            errors.append(f"deal {deal}, hero in {hero_seat}: {problem}")
        passing = hand.phase is Phase.PASSING
        if seat == hero_seat:
            if not passing or not hero_pass:
                view = seat_view(hand, seat)
                t0 = time.perf_counter()
                move = PLAYERS[hero.player](
                    view,
                    decision_seed(deal, hero_seat, hand.moves_made, seat),
                    hero.budget,
                    hero.deals,
                    hand.hands,
                )
                times.append(time.perf_counter() - t0)
                hero_pass = cards_of(move.cards) if isinstance(move, PassCards) else []
                card = move.card if isinstance(move, PlayCard) else hero_pass[0]
            else:
                card = hero_pass[chosen[seat].bit_count()]
            action = spiel_action(card)
            if action not in state.legal_actions():
                illegal += 1
                action = state.legal_actions()[0]
        else:
            searched = state
            if passing:
                # The seats renumbered so that this one passes first: see the module's docstring.
                searched = dealt_state(game, hand, seat)
                for c in cards_of(chosen[seat]):
                    searched.apply_action(spiel_action(c))
                checks += 1
                if searched.information_state_string(0) != state.information_state_string(seat):
                    errors.append(
                        f"deal {deal}, hero in {hero_seat}: seat {seat}'s rotated passing state differs"
                    )
            action, seconds = opponents.step(seat, searched.history())
            spent.append(seconds)
            if watch is not None and not passing:
                watch(hand, seat, searched.history(), our_card(action))
        state.apply_action(action)
        card = our_card(action)
        try:
            if passing:
                chosen[seat] |= 1 << card
                if chosen[seat].bit_count() == hand.rules.pass_count:
                    hand.pass_cards(seat, chosen[seat])
            else:
                hand.play(seat, card)
        except IllegalMove as exc:
            raise Diverged(f"deal {deal}, hero in {hero_seat}: the engine refuses {card} ({exc})") from exc
    checks += 1
    assert hand.result is not None
    theirs = tuple(TOTAL_POINTS - round(r) for r in state.returns())
    if theirs != hand.result.points:
        errors.append(
            f"deal {deal}, hero in {hero_seat}: points {theirs} in OpenSpiel, {hand.result.points} ours"
        )
    return SeatingPlayed(
        Seating.of(hand.result, hero_seat), tuple(times), checks, tuple(errors), illegal, tuple(spent)
    )


@dataclass(frozen=True)
class DealPlayed:
    """One hero's deal: the duplicate sample and the lockstep's counts over its seatings."""

    match: MatchDeal
    checks: int
    errors: tuple[str, ...]
    illegal: int
    opponent_seconds: tuple[float, ...]

    @classmethod
    def of(cls, seatings: list[SeatingPlayed]) -> DealPlayed:
        return cls(
            match_deal([s.seating for s in seatings], [t for s in seatings for t in s.times]),
            sum(s.checks for s in seatings),
            tuple(e for s in seatings for e in s.errors),
            sum(s.illegal for s in seatings),
            tuple(t for s in seatings for t in s.opponent_seconds),
        )


def play_deal(job: tuple[tuple[Hero, ...], int, Opponent]) -> dict[str, DealPlayed]:
    """Deal ``deal`` with each hero in each seat in turn."""
    heroes, deal, opponent = job
    return {h.name: DealPlayed.of([play_seating(h, deal, s, opponent) for s in range(4)]) for h in heroes}


def report_lines(
    heroes: tuple[Hero, ...],
    pairs: list[tuple[str, str]],
    results: list[dict[str, DealPlayed]],
    opponent: str,
) -> list[str]:
    """The figures of the deals played so far."""
    lines = []
    for hero in heroes:
        played = [r[hero.name] for r in results]
        lines.append(match_line((hero.name, opponent), [d.match for d in played], 4))
    matches = [{(name, opponent): d.match for name, d in r.items()} for r in results]
    for a, b in pairs:
        lines.append(paired_line((a, opponent), (b, opponent), matches))
    checks = sum(d.checks for r in results for d in r.values())
    errors = [e for r in results for d in r.values() for e in d.errors]
    lines.append(
        f"  lockstep with the engine: {len(errors)} errors in {checks:,} cross-checks "
        "(who moves and the legal actions at every decision, the rotated passing states, the points)"
    )
    lines += [f"    {e}" for e in errors[:10]]
    illegal = ", ".join(f"{h.name} {sum(r[h.name].illegal for r in results)}" for h in heroes)
    spent = [t for r in results for d in r.values() for t in d.opponent_seconds]
    lines.append(
        f"  illegal moves by the hero: {illegal}; IS-MCTS decisions (CPU): median "
        f"{statistics.median(spent) * 1000:.1f} ms, p95 {percentile(spent, 0.95) * 1000:.1f} ms"
    )
    return lines


ADDR_NO_RANDOMIZE: Final = 0x0040000  # personality(2), <linux/personality.h>


def fixed_addresses() -> bool:
    """Start the IS-MCTS processes without address-space randomization, so that the same seed plays
    the same moves in every run and for every hero; False where that can't be done.

    OpenSpiel's IS-MCTS keeps a node's children in an ``absl::flat_hash_map`` (``is_mcts.h``), whose
    iteration order depends on where its tables are in memory: the search breaks ties between
    children in that order and ``Step`` samples its move in that order, so one seed plays
    differently in another process. With Linux's ``ADDR_NO_RANDOMIZE`` (what ``setarch -R`` sets;
    kept by the processes started from this one) and a fixed ``PYTHONHASHSEED``, a fresh process
    asked the same questions (``Opponents``) allocates the same and answers the same."""
    if sys.platform != "linux":
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    current = libc.personality(0xFFFFFFFF)
    if current == -1 or libc.personality(current | ADDR_NO_RANDOMIZE) == -1:
        return False
    os.environ["PYTHONHASHSEED"] = "0"
    # A module compiled from its source allocates otherwise than one read from its bytecode: the
    # IS-MCTS processes must find the same (a cold bytecode cache changed their moves).
    for package in ("bench", "bot"):
        compileall.compile_dir(ROOT / package, quiet=1)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--hero", action="append", default=[], help="a player of ai_strength.py (repeatable)")
    parser.add_argument(
        "--paired", action="append", default=[], help="A/B: two heroes on the same deals (repeatable)"
    )
    add_match_arguments(parser, deals=20)
    parser.add_argument(
        "--simulations", type=int, default=SIMULATIONS, help="IS-MCTS simulations per decision"
    )
    parser.add_argument("--uct-c", type=float, default=UCT_C)
    args = parser.parse_args()

    names: list[str] = list(args.hero)
    pairs: list[tuple[str, str]] = []
    for spec in args.paired:
        a, _, b = spec.partition("/")
        pairs.append((a, b))
        names += [n for n in (a, b) if n not in names]
    if not names:
        names = ["hard"]
    try:
        heroes = tuple(Hero.of(n, args.budget, args.search_deals) for n in dict.fromkeys(names))
    except ValueError as exc:
        parser.error(str(exc))
    _pyspiel()  # a clear message now, before any worker starts
    fixed = fixed_addresses()
    searchers = any(h.player in ("hard", "base-hard") and h.deals == args.search_deals for h in heroes)
    opponent = Opponent(args.simulations, args.uct_c)
    name = f"ismcts-{args.simulations}"
    use_baseline(args.baseline)
    commit = baseline.load(args.baseline).commit if any(n.startswith("base-") for n in names) else None
    jobs = [(heroes, d, opponent) for d in range(args.first_deal, args.first_deal + args.deals)]
    start = time.perf_counter()

    def report(results: list[dict[str, DealPlayed]]) -> None:
        base = "" if commit is None else f"; base-* = bot/ai at {commit[:12]}"
        searching = f"hard {search_size(args.budget, args.search_deals)}, " if searchers else ""
        print(
            f"ismcts_match: {len(results)} deals from {args.first_deal} x 4 seatings (duplicate), "
            f"OpenSpiel's hearts with its default parameters (our standard rules), IS-MCTS "
            f"{args.simulations} simulations, uct_c {args.uct_c:g}, random rollouts; {searching}"
            f"wall {time.perf_counter() - start:.0f} s, {args.workers} worker(s){base}"
        )
        if not fixed:
            print("  (address randomization stays on here: IS-MCTS's moves differ from run to run)")
        print("  hero minus the others' mean, per hand (negative: hero takes fewer points); ± = one SE")
        for line in report_lines(heroes, pairs, results, name):
            print(line, flush=True)

    results: list[dict[str, DealPlayed]] = []
    workers = ProcessPoolExecutor(args.workers, initializer=use_baseline, initargs=(args.baseline,))
    try:
        with workers as pool:
            played = pool.map(play_deal, jobs, chunksize=1)
            for result in played:
                results.append(result)
                if args.report_every and len(results) % args.report_every == 0 and len(results) < len(jobs):
                    report(results)
    except Diverged as exc:
        raise SystemExit(f"ismcts_match: the engine and OpenSpiel diverged: {exc}") from None
    report(results)


if __name__ == "__main__":
    main()
