"""The engine checked against a reference written from the rule book, not from the engine.

The other property tests (``test_properties.py``) take ``Hand.legal_plays()`` as their own oracle:
they check that what is offered is what is accepted, never that what is offered is what RULES.md
allows. Here every rule the engine applies in a hand is restated on its own, in a few small
functions that follow the rule book's words (RULES.md sections 1, 2 and 2a; docs/RULES.md):

- ``reference_removed`` / ``REFERENCE_FIRST_LEAD`` / ``REFERENCE_CARDS_EACH``: the table of
  cards removed per player count, and the card that leads the first trick;
- ``reference_pass_direction`` / ``reference_receiver``: where passes go in each hand (none on a
  hold hand), by the rotation option and the player count;
- ``reference_legal``: which cards may be played (first lead, following suit, no points on the
  first trick, no heart lead before hearts are broken, the Q♠'s part in each);
- ``reference_trick_winner``: the highest card of the suit led;
- ``reference_points`` / ``reference_moon_chooser``: each seat's points for a hand (which cards
  count, moon, Omnibus slam, all tricks, tournament scoring, "shooter chooses") and who is asked.

The reference shares nothing with ``bot/engine`` but the card codes (``parse_cards``,
``card_code``: "QS" is the Q♠) and the names of the options. The tests play whole games of random
legal moves over random rule variants and player counts, keep their own record of every seat's
cards, and compare at every decision: the legal set, where each pass arrives, and each hand's
points. A separate test scores hands built to end in every special outcome, which random play
rarely reaches.
"""

from __future__ import annotations

import math
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.engine import ChooseMoon, Game, Occupant, PassCards, PlayCard
from bot.engine.cards import Card, CardSet, card_code, cards_of, format_cards, parse_cards
from bot.engine.game import GameEvent, HandScored, HandStarted, PassesExchanged
from bot.engine.hand import Hand, Phase
from bot.engine.rules import FivePlayerRemoval, MoonScoring, Omnibus, PassRotation, RuleSet, Scoring
from bot.engine.scoring import needs_moon_choice, score_hand

# -- the reference: RULES.md, restated ---------------------------------------------------------

RANKS = "23456789TJQKA"  # low to high: "Rank A (high) K Q J 10 … 2 (low)"


def suit(card: Card) -> str:
    """The suit letter of a card: C, D, S or H."""
    return card_code(card)[-1]


def rank(card: Card) -> int:
    """The rank of a card within its suit, 0 for the 2 up to 12 for the ace."""
    return RANKS.index(card_code(card)[0])


def of_suit(cards: CardSet, letter: str) -> CardSet:
    return parse_cards(" ".join(r + letter for r in RANKS)) & cards


ALL_CARDS = parse_cards(" ".join(r + s for s in "CDSH" for r in RANKS))
ALL_HEARTS = of_suit(ALL_CARDS, "H")
QUEEN_OF_SPADES = parse_cards("QS")

# Section 2, "cards removed" (the 5-player default 2♦ 2♣; Bicycle's 2♦ 2♠ is the option).
REFERENCE_REMOVED = {3: "2D", 4: "", 6: "2D 3D 3C 4C", 7: "2D 3D 3C"}
REFERENCE_REMOVED_FIVE = {FivePlayerRemoval.TWO_CLUBS: "2D 2C", FivePlayerRemoval.TWO_SPADES: "2D 2S"}
# docs/RULES.md, "Players and the deck": cards each, and the first lead (the lowest club in play).
REFERENCE_CARDS_EACH = {3: 17, 4: 13, 5: 10, 6: 8, 7: 7}
REFERENCE_FIRST_LEAD = {3: "2C", 4: "2C", 6: "2C", 7: "2C"}
REFERENCE_FIRST_LEAD_FIVE = {FivePlayerRemoval.TWO_CLUBS: "3C", FivePlayerRemoval.TWO_SPADES: "2C"}


def reference_removed(rules: RuleSet) -> CardSet:
    if rules.players == 5:
        return parse_cards(REFERENCE_REMOVED_FIVE[rules.five_player_removal])
    return parse_cards(REFERENCE_REMOVED[rules.players])


def reference_first_lead(rules: RuleSet) -> CardSet:
    """The card that leads the first trick, as a one-card set."""
    if rules.players == 5:
        return parse_cards(REFERENCE_FIRST_LEAD_FIVE[rules.five_player_removal])
    return parse_cards(REFERENCE_FIRST_LEAD[rules.players])


def reference_pass_direction(rules: RuleSet, hand_number: int) -> str:
    """Section 2, "pass rotation": by player count (4: left, right, across, hold; 3: left, right,
    hold; more than 4: left, right), Bicycle's left, right, across without a hold hand (no
    "across" with an odd number of players: left, right), always left, or no passing. 2a.4:
    Black-Maria-less has no passing."""
    if rules.black_maria_less or rules.pass_rotation is PassRotation.NONE:
        return "hold"
    if rules.pass_rotation is PassRotation.LEFT:
        return "left"
    if rules.pass_rotation is PassRotation.NO_HOLD:
        cycle = ["left", "right", "across"] if rules.players % 2 == 0 else ["left", "right"]
    elif rules.players == 4:
        cycle = ["left", "right", "across", "hold"]
    elif rules.players == 3:
        cycle = ["left", "right", "hold"]
    else:
        cycle = ["left", "right"]
    return cycle[(hand_number - 1) % len(cycle)]


def reference_receiver(players: int, seat: int, direction: str) -> int | None:
    """Who gets ``seat``'s passed cards: "left" is the next player in turn order (play goes to
    the left), "right" the previous one, "across" half way round; nobody on a hold hand."""
    if direction == "hold":
        return None
    step = {"left": 1, "right": -1, "across": players // 2}[direction]
    return (seat + step) % players


def queen_is_a_point_card(rules: RuleSet) -> bool:
    """2a.4: in Black-Maria-less the Q♠ is an ordinary card."""
    return not rules.black_maria_less


def reference_legal(
    rules: RuleSet, held: CardSet, trick: list[Card], first_trick: bool, played_before: CardSet
) -> CardSet:
    """The cards of ``held`` that may be played to ``trick`` (its cards so far). ``played_before``
    are the cards of the tricks already completed."""
    queen = QUEEN_OF_SPADES if queen_is_a_point_card(rules) else 0
    if not trick:
        if first_trick:
            # "The holder of the 2♣ (after passing) leads it" (the lowest club in play).
            return held & reference_first_lead(rules)
        # "Hearts may not be led until hearts are broken: a heart, or the Q♠, has been played to an
        # earlier trick" (the Q♠ only with "Q♠ breaks hearts" on, never in Black-Maria-less).
        breakers = ALL_HEARTS | (queen if rules.queen_breaks_hearts else 0)
        broken = bool(played_before & breakers)
        # "Exception: a leader holding nothing but hearts may lead one." The Q♠ is a spade: it
        # may be led at any time (so hearts and the Q♠ only, unbroken: the Q♠ leads).
        if broken or not held & ~ALL_HEARTS:
            return held
        return held & ~ALL_HEARTS
    # "A player must follow the suit led if able."
    following = of_suit(held, suit(trick[0]))
    if following:
        return following
    # "No heart and not the Q♠ may be played to the first trick, unless the player has no other
    # choice"; "otherwise any card may be played".
    if first_trick and held & ~(ALL_HEARTS | queen):
        return held & ~(ALL_HEARTS | queen)
    return held


def reference_trick_winner(trick: list[Card]) -> int:
    """The index of the highest card of the suit led; a card of another suit never wins."""
    led = suit(trick[0])
    return max((i for i, c in enumerate(trick) if suit(c) == led), key=lambda i: rank(trick[i]))


def reference_bonus_card(rules: RuleSet) -> CardSet:
    """Omnibus: the 10♦ (or the J♦) counts −10; no such card without Omnibus."""
    return {
        Omnibus.OFF: 0,
        Omnibus.TEN_OF_DIAMONDS: parse_cards("TD"),
        Omnibus.JACK_OF_DIAMONDS: parse_cards("JD"),
    }[rules.omnibus]


def reference_card_points(rules: RuleSet, taken: CardSet) -> int:
    """Points of taken cards: "each heart taken: 1 point. The Q♠: 13 points" (not in
    Black-Maria-less); Omnibus: the bonus card −10."""
    points = (taken & ALL_HEARTS).bit_count()
    if queen_is_a_point_card(rules) and taken & QUEEN_OF_SPADES:
        points += 13
    if taken & reference_bonus_card(rules):
        points -= 10
    return points


def reference_shooter(rules: RuleSet, taken: list[CardSet]) -> int | None:
    """The seat that took all 13 hearts and the Q♠ (2a.4: all 13 hearts in Black-Maria-less)."""
    moon = ALL_HEARTS | (QUEEN_OF_SPADES if queen_is_a_point_card(rules) else 0)
    return next((s for s, cards in enumerate(taken) if cards & moon == moon), None)


def reference_outcome(rules: RuleSet, taken: list[CardSet], tricks_won: list[int]) -> tuple[str, int | None]:
    """2a.1: all tricks (when that option is on) beats a slam (Omnibus: every heart, the Q♠ and
    the bonus card), which beats a moon. 2a.2: without the all-tricks option, taking every trick
    is a moon (or a slam, with the bonus card among the tricks)."""
    shooter = reference_shooter(rules, taken)
    if shooter is None:
        return "normal", None
    if rules.all_tricks_bonus and tricks_won[shooter] == REFERENCE_CARDS_EACH[rules.players]:
        return "all tricks", shooter
    if taken[shooter] & reference_bonus_card(rules):
        return "slam", shooter
    return "moon", shooter


def reference_moon_chooser(rules: RuleSet, taken: list[CardSet], tricks_won: list[int]) -> int | None:
    """2a.1: "Only a plain moon offers the shooter a choice" (with "shooter chooses")."""
    outcome, shooter = reference_outcome(rules, taken, tricks_won)
    if outcome == "moon" and rules.moon is MoonScoring.SHOOTER_CHOOSES:
        return shooter
    return None


def reference_points(
    rules: RuleSet, taken: list[CardSet], tricks_won: list[int], add_to_others: bool | None
) -> list[int]:
    """Each seat's points for a hand. ``add_to_others`` is the shooter's choice where one is due
    (True: everyone else +26; False: the shooter −26)."""
    outcome, shooter = reference_outcome(rules, taken, tricks_won)
    if outcome == "normal":
        return [reference_card_points(rules, cards) for cards in taken]
    tournament = rules.scoring is Scoring.TOURNAMENT
    moon = 13 if rules.black_maria_less else 26  # 2a.4: a Black-Maria-less moon gives the others 13
    if outcome == "slam":
        # "the taker scores −26 instead of the 16 those cards add up to; the others score 0"
        return [-26 if s == shooter else 0 for s in range(rules.players)]
    if outcome == "all tricks":
        # "every opponent +52" (2a.4, Black-Maria-less: +26); tournament: "shooter −26, every
        # opponent +26".
        mine, others = (-26, 26) if tournament else (0, 2 * moon)
    elif tournament:
        mine, others = -13, 13  # "moon: shooter −13, every opponent +13" (also 2a.2)
    elif add_to_others is False:
        mine, others = -moon, 0  # "shooter chooses": −26 for self (the others keep their own points)
    else:
        mine, others = 0, moon  # "scores 0 for the hand and every other player scores 26"
    # 2a.3: whoever took the bonus card counts −10 on top (the others' own points in a moon or all
    # tricks can only be that card: the shooter took every other counting card).
    bonus = reference_bonus_card(rules)
    return [
        (mine if s == shooter else others) - (10 if cards & bonus else 0) for s, cards in enumerate(taken)
    ]


# -- the tests -----------------------------------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """Any valid table: every option of section 2, drawn so that no combination 2a refuses is
    drawn (Black-Maria-less without passing rotation, Omnibus or tournament scoring; tournament
    scoring without "shooter chooses"), and a fixed number of hands so that each game is short."""
    black_maria_less = draw(st.booleans())
    rotations = [PassRotation.STANDARD, PassRotation.NONE] if black_maria_less else list(PassRotation)
    scoring = Scoring.STANDARD if black_maria_less else draw(st.sampled_from(Scoring))
    moons = [MoonScoring.OTHERS_PLUS] if scoring is Scoring.TOURNAMENT else list(MoonScoring)
    return RuleSet(
        players=draw(st.integers(3, 7)),
        five_player_removal=draw(st.sampled_from(FivePlayerRemoval)),
        pass_rotation=draw(st.sampled_from(rotations)),
        pass_count=draw(st.sampled_from([3, 3, 1, 2])),
        moon=draw(st.sampled_from(moons)),
        all_tricks_bonus=draw(st.booleans()),
        target_score=None,
        fixed_hands=draw(st.integers(1, 5)),
        queen_breaks_hearts=draw(st.booleans()),
        omnibus=Omnibus.OFF if black_maria_less else draw(st.sampled_from(Omnibus)),
        black_maria_less=black_maria_less,
        scoring=scoring,
    )


def choose_card(legal: CardSet, seat: int, trick: list[Card], greedy: int | None, rng: random.Random) -> Card:
    """A legal card. Uniformly at random, unless the game feeds the ``greedy`` seat: it plays its
    highest card, the others their lowest, throwing a point card whenever they cannot follow (so
    that moons are taken in play too, not only in the scoring test)."""
    cards = cards_of(legal)
    if greedy is None:
        return rng.choice(cards)
    by_rank = sorted(cards, key=rank)
    if seat == greedy:
        return by_rank[-1]
    if trick and not any(suit(c) == suit(trick[0]) for c in cards):
        points = [c for c in cards if suit(c) == "H" or card_code(c) in ("QS", "TD", "JD")]
        if points:
            return rng.choice(points)
    return by_rank[0]


def phase(hand: Hand) -> Phase:
    """The hand's phase, read afresh (each move changes it)."""
    return hand.phase


def show(cards: CardSet) -> str:
    return format_cards(cards) or "nothing"


def table(rules: RuleSet) -> str:
    """The options that differ from the standard game, for failure messages."""
    standard = RuleSet(players=rules.players).to_json()
    return f"{rules.players} players " + str({k: v for k, v in rules.to_json().items() if v != standard[k]})


def play_game_against_the_reference(rules: RuleSet, seed: int, move_seed: int, greedy: int | None) -> None:
    """Play ``rules.fixed_hands`` hands of a game with random legal moves, comparing the engine
    with the reference at every pass, every card and every score. The seats' cards are followed
    here, from the deal, the passes the reference sends and the cards played, not read from the
    engine (except the deal itself, which is checked to be a partition of the reference's deck)."""
    rng = random.Random(move_seed)
    n = rules.players
    game = Game(rules, seed, [Occupant.person("a")] + [Occupant.computer()] * (n - 1))
    deck = ALL_CARDS & ~reference_removed(rules)
    assert rules.deck == deck, f"{table(rules)}: deck {show(rules.deck)}"
    events: list[GameEvent] = []
    assert rules.fixed_hands is not None
    for number in range(1, rules.fixed_hands + 1):
        hand = game.hand
        assert hand.hand_number == number
        where = f"{table(rules)}, seed {seed}, hand {number}"
        # The deal: every card in play, once, the same number to each seat.
        held = list(hand.dealt)
        assert sum(held) == deck and all(h.bit_count() == REFERENCE_CARDS_EACH[n] for h in held), where
        # Passing: every seat chooses, then each seat's cards arrive where the rotation says.
        direction = reference_pass_direction(rules, number)
        announced = (
            rules.pass_direction(1)
            if number == 1
            else next(e.direction for e in events if isinstance(e, HandStarted))
        )
        assert announced.value == direction, f"{where}: announced {announced.value}, rule book {direction}"
        if direction == "hold":
            assert phase(hand) is Phase.PLAYING, f"{where}: a hold hand asks for passes"
            assert hand.received == [0] * n and hand.hands == held, f"{where}: cards moved on a hold hand"
        else:
            assert phase(hand) is Phase.PASSING, f"{where}: no passing on a {direction} hand"
            assert sorted(hand.waiting_for()) == list(range(n))
            passes = [sum(1 << c for c in rng.sample(cards_of(held[s]), rules.pass_count)) for s in range(n)]
            for seat in rng.sample(range(n), n):  # any order: nothing moves until all have chosen
                assert hand.hands == held, f"{where}: cards moved before every seat chose"
                events = game.apply(PassCards(seat, passes[seat]))
            received = [0] * n
            for seat, cards in enumerate(passes):
                target = reference_receiver(n, seat, direction)
                assert target is not None
                received[target] = cards
            held = [(held[s] & ~passes[s]) | received[s] for s in range(n)]
            exchanged = [e for e in events if isinstance(e, PassesExchanged)]
            assert [show(c) for c in hand.received] == [show(c) for c in received], (
                f"{where}: passing {direction}, received {[show(c) for c in hand.received]}"
            )
            assert exchanged and exchanged[0].received == tuple(received), where
        assert hand.hands == held, f"{where}: the seats hold other cards than the rule book gives them"
        # The tricks.
        leader = next(s for s in range(n) if held[s] & reference_first_lead(rules))
        played_before = 0
        taken, tricks_won = [0] * n, [0] * n
        for trick_number in range(REFERENCE_CARDS_EACH[n]):
            trick: list[Card] = []
            for i in range(n):
                seat = (leader + i) % n
                assert phase(hand) is Phase.PLAYING and hand.to_move == seat, f"{where}: seat {seat} to play"
                expected = reference_legal(rules, held[seat], trick, trick_number == 0, played_before)
                offered = hand.legal_plays()
                assert offered == expected, (
                    f"{where}, trick {trick_number + 1}, seat {seat} holding {show(held[seat])}, "
                    f"trick so far {[card_code(c) for c in trick]}, played before {show(played_before)}: "
                    f"offered {show(offered)}, the rule book allows {show(expected)}"
                )
                card = choose_card(expected, seat, trick, greedy, rng)
                events = game.apply(PlayCard(seat, card))
                held[seat] &= ~(1 << card)
                trick.append(card)
            winner = (leader + reference_trick_winner(trick)) % n
            for card in trick:
                taken[winner] |= 1 << card
                played_before |= 1 << card
            tricks_won[winner] += 1
            leader = winner
        # The score: the shooter is asked exactly when the rule book gives a choice.
        chooser = reference_moon_chooser(rules, taken, tricks_won)
        choice = None
        if chooser is not None:
            assert phase(hand) is Phase.MOON_CHOICE and hand.to_move == chooser, f"{where}: no moon choice"
            choice = rng.random() < 0.5
            events = game.apply(ChooseMoon(chooser, choice))
        scored = [e for e in events if isinstance(e, HandScored)]
        assert phase(hand) is Phase.SCORED and scored, f"{where}: not scored"
        expected_points = reference_points(rules, taken, tricks_won, choice)
        assert list(scored[0].score.points) == expected_points, (
            f"{where}: took {[show(t) for t in taken]} in {tricks_won} tricks (choice {choice}): "
            f"scored {scored[0].score.points}, the rule book gives {expected_points}"
        )
    assert game.over


@settings(max_examples=80, deadline=None)
@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32),
    move_seed=st.integers(0, 2**32),
    greedy=st.one_of(st.none(), st.integers(0, 2)),
)
# the standard game over a whole rotation and the next left (hand 5), and the same fed to one seat
@example(rules=RuleSet(target_score=None, fixed_hands=5), seed=1, move_seed=1, greedy=None)
@example(rules=RuleSet(target_score=None, fixed_hands=2), seed=7, move_seed=7, greedy=0)
# three players (the 2♦ removed): left, right, hold, left
@example(rules=RuleSet(players=3, target_score=None, fixed_hands=4), seed=2, move_seed=2, greedy=None)
# three players, no passing, the Q♠ an ordinary card
@example(
    rules=RuleSet(players=3, black_maria_less=True, target_score=None, fixed_hands=2),
    seed=3,
    move_seed=3,
    greedy=None,
)
# five players with the 2♣ removed (the 3♣ leads), Bicycle's rotation, the Q♠ not breaking hearts
@example(
    rules=RuleSet(
        players=5,
        pass_rotation=PassRotation.NO_HOLD,
        queen_breaks_hearts=False,
        omnibus=Omnibus.JACK_OF_DIAMONDS,
        target_score=None,
        fixed_hands=3,
    ),
    seed=5,
    move_seed=5,
    greedy=None,
)
# six players passing across (three seats on), tournament scoring with all tricks
@example(
    rules=RuleSet(
        players=6,
        pass_rotation=PassRotation.NO_HOLD,
        all_tricks_bonus=True,
        scoring=Scoring.TOURNAMENT,
        target_score=None,
        fixed_hands=3,
    ),
    seed=6,
    move_seed=6,
    greedy=1,
)
# found by a search: a moon the shooter is asked about (with the 10♦ elsewhere), and a slam
@example(
    rules=RuleSet(
        moon=MoonScoring.SHOOTER_CHOOSES,
        omnibus=Omnibus.TEN_OF_DIAMONDS,
        pass_rotation=PassRotation.NONE,
        target_score=None,
        fixed_hands=1,
    ),
    seed=181,
    move_seed=181,
    greedy=0,
)
@example(
    rules=RuleSet(
        moon=MoonScoring.SHOOTER_CHOOSES,
        omnibus=Omnibus.TEN_OF_DIAMONDS,
        pass_rotation=PassRotation.NONE,
        target_score=None,
        fixed_hands=1,
    ),
    seed=221,
    move_seed=221,
    greedy=0,
)
def test_every_pass_card_and_score_follows_the_rule_book(
    rules: RuleSet, seed: int, move_seed: int, greedy: int | None
) -> None:
    play_game_against_the_reference(rules, seed, move_seed, greedy)


@settings(max_examples=150, deadline=None)
@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32),
    shape=st.sampled_from(["spread", "moon", "moon with the bonus card", "all tricks"]),
    shooter=st.integers(0, 6),
    add_to_others=st.booleans(),
)
# every trick to one seat in Black-Maria-less: everyone else +26 (2a.4), not +52
@example(
    rules=RuleSet(black_maria_less=True, all_tricks_bonus=True, target_score=None, fixed_hands=1),
    seed=0,
    shape="all tricks",
    shooter=1,
    add_to_others=True,
)
# every trick with Omnibus on and the all-tricks option off: a slam, not a moon (2a.1, 2a.2)
@example(
    rules=RuleSet(
        omnibus=Omnibus.JACK_OF_DIAMONDS, scoring=Scoring.TOURNAMENT, target_score=None, fixed_hands=1
    ),
    seed=0,
    shape="all tricks",
    shooter=2,
    add_to_others=True,
)
# tournament scoring, all tricks with the 10♦: the taker −26 and −10 on top (2a.3)
@example(
    rules=RuleSet(
        omnibus=Omnibus.TEN_OF_DIAMONDS,
        all_tricks_bonus=True,
        scoring=Scoring.TOURNAMENT,
        target_score=None,
        fixed_hands=1,
    ),
    seed=0,
    shape="all tricks",
    shooter=0,
    add_to_others=True,
)
# "shooter chooses" −26 for self, with the 10♦ taken by another seat (who keeps its −10)
@example(
    rules=RuleSet(
        players=5,
        moon=MoonScoring.SHOOTER_CHOOSES,
        omnibus=Omnibus.TEN_OF_DIAMONDS,
        target_score=None,
        fixed_hands=1,
    ),
    seed=0,
    shape="moon",
    shooter=3,
    add_to_others=False,
)
def test_each_seat_scores_what_the_rule_book_gives_in_every_outcome(
    rules: RuleSet, seed: int, shape: str, shooter: int, add_to_others: bool
) -> None:
    """Hands dealt out as tricks so that one seat takes every counting card (with or without
    Omnibus's bonus card), every trick, or neither: each seat's points and who is asked to choose
    how a moon counts, against the reference."""
    rng = random.Random(seed)
    n, each = rules.players, REFERENCE_CARDS_EACH[rules.players]
    shooter %= n
    deck = ALL_CARDS & ~reference_removed(rules)
    moon = ALL_HEARTS | (QUEEN_OF_SPADES if queen_is_a_point_card(rules) else 0)
    bonus = reference_bonus_card(rules)
    front = moon | (bonus if shape == "moon with the bonus card" else 0)
    rest = cards_of(deck & ~front & ~bonus)
    rng.shuffle(rest)
    # The counting cards first (the shooter's tricks), the bonus card (unless the shooter takes
    # it) in the last trick, which someone else takes in a "moon".
    order = rng.sample(cards_of(front), front.bit_count()) + rest + cards_of(deck & bonus & ~front)
    if shape == "spread":
        rng.shuffle(order)
    tricks = [order[i * n : (i + 1) * n] for i in range(each)]
    shooters_tricks = math.ceil(front.bit_count() / n)
    taken, tricks_won = [0] * n, [0] * n
    for i, trick in enumerate(tricks):
        if shape == "spread":
            winner = rng.randrange(n)
        elif shape == "all tricks" or i < shooters_tricks:
            winner = shooter
        elif i == each - 1:
            winner = (shooter + 1 + rng.randrange(n - 1)) % n
        else:
            winner = rng.randrange(n)
        for card in trick:
            taken[winner] |= 1 << card
        tricks_won[winner] += 1
    assert sum(taken) == deck and sum(tricks_won) == each
    chooser = reference_moon_chooser(rules, taken, tricks_won)
    assert needs_moon_choice(rules, taken, tricks_won) == chooser
    choice = add_to_others if chooser is not None else None
    expected = reference_points(rules, taken, tricks_won, choice)
    got = score_hand(rules, taken, tricks_won, choice)
    assert list(got.points) == expected, (
        f"{table(rules)}: took {[show(t) for t in taken]} in {tricks_won} tricks (choice {choice}): "
        f"scored {got.points} ({got.outcome}), the rule book gives {expected}"
    )


def test_the_deck_and_the_first_lead_follow_the_player_count_table() -> None:
    for players in range(3, 8):
        for removal in FivePlayerRemoval:
            rules = RuleSet(players=players, five_player_removal=removal)
            assert rules.deck == ALL_CARDS & ~reference_removed(rules), rules
            assert rules.cards_per_player == REFERENCE_CARDS_EACH[players], rules
            assert 1 << rules.first_lead == reference_first_lead(rules), rules
            # "The first trick is always led by the lowest club in play."
            clubs = of_suit(rules.deck, "C")
            assert reference_first_lead(rules) == 1 << min(cards_of(clubs), key=rank)
