"""``hard``'s inference from the other seats' plays (``bot.ai.inference``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from statistics import median

from bot.ai.consts import consts_of
from bot.ai.inference import InferredSampler
from bot.ai.passing import choose_pass
from bot.ai.policy import card_for_view
from bot.ai.sampling import DealSampler
from bot.ai.textbook import textbook_card
from bot.engine import Hand, Phase, RuleSet, SeatView, seat_view
from bot.engine.moves import Move, PassCards, PlayCard
from bot.engine.randomplay import random_move


def model_card(view: SeatView) -> int:
    """The card of the model ``hard`` reads the other seats with: ``normal``, defending late."""
    return card_for_view(view, eager=False)


Player = Callable[[Hand, SeatView], Move]


def model_player(hand: Hand, view: SeatView) -> Move:
    if view.phase is Phase.PASSING:
        return PassCards(view.seat, choose_pass(consts_of(view.rules), view.hand, view.rules.pass_count))
    return PlayCard(view.seat, model_card(view))


def random_player(seed: int) -> Player:
    rng = random.Random(seed)
    return lambda hand, view: random_move(hand, view.seat, rng)


def model_positions(
    seeds: range, tricks: int, player: Player = model_player
) -> Iterator[tuple[Hand, SeatView]]:
    """For hands where every seat plays as ``player`` (by default as the model): each seat's view at
    its first turn after ``tricks`` complete tricks."""
    rules = RuleSet(players=4)
    for seed in seeds:
        hand = Hand.new(rules, f"inference:{seed}", hand_number=1 + seed % 4)
        while len(hand.tricks) < tricks:
            seat = hand.waiting_for()[0]
            hand.apply(player(hand, seat_view(hand, seat)))
        for _ in range(4):
            view = seat_view(hand, hand.to_move)
            yield hand, view
            hand.apply(player(hand, view))


def test_the_real_deal_explains_every_play_of_players_who_play_as_the_model() -> None:
    checked = 0
    for hand, view in model_positions(range(12), tricks=7):
        sampler = InferredSampler(view)
        assert sampler.reads, "seven tricks of other seats' plays to read"
        assert sampler.misses(list(hand.hands)) == 0
        checked += 1
    assert checked == 48


def test_a_deal_that_contradicts_the_plays_misses_some() -> None:
    """Swapping the unseen cards of two other seats breaks what their plays said (in most hands)."""
    broken = 0
    for hand, view in model_positions(range(12), tricks=7):
        hands = list(hand.hands)
        a, b = [s for s in range(4) if s != view.seat][:2]
        hands[a], hands[b] = hands[b], hands[a]
        broken += InferredSampler(view).misses(hands) > 0
    assert broken >= 40


def test_inferred_deals_place_more_unseen_cards_where_they_are() -> None:
    """Late in the hand the plays say a lot: the inferred deals put clearly more of the unseen cards
    in the hands that hold them than uniform deals do (about 0.41 against 0.55 measured)."""
    rng = random.Random(7)
    right = {"uniform": 0, "inferred": 0}
    total = 0
    for hand, view in model_positions(range(10), tricks=8):
        samplers: dict[str, DealSampler | InferredSampler] = {
            "uniform": DealSampler(view),
            "inferred": InferredSampler(view),
        }
        for name, sampler in samplers.items():
            for _ in range(20):
                deal = sampler.sample(rng)
                right[name] += sum((deal[o] & hand.hands[o]).bit_count() for o in range(4) if o != view.seat)
        total += 20 * view.unseen.bit_count()
    assert right["inferred"] / total > right["uniform"] / total + 0.08


def test_with_no_play_to_read_the_deals_are_uniform_ones() -> None:
    """Before any other seat has played there is nothing to infer: the same deals as ``DealSampler``."""
    rules = RuleSet(players=4)
    hand = Hand.new(rules, "inference:lead", hand_number=4)  # no passing: the 2♣'s holder leads
    view = seat_view(hand, hand.to_move)
    assert not InferredSampler(view).reads
    assert InferredSampler(view).sample(random.Random(3)) == DealSampler(view).sample(random.Random(3))


def test_a_seat_that_plays_its_own_way_is_read_loosely() -> None:
    """Each seat's plays are weighed by how well the model explains them: closely for players who
    play as the model, loosely for players who do not (here: at random)."""
    weights: dict[str, list[float]] = {"model": [], "random": []}
    for name, player in (("model", model_player), ("random", random_player(5))):
        for _, view in model_positions(range(6), tricks=7, player=player):
            sampler = InferredSampler(view)
            sampler.sample(random.Random(1))
            weights[name] += [math.exp(-c) for s, c in enumerate(sampler.miss_cost) if s != view.seat]
    assert median(weights["model"]) < 0.05
    assert median(weights["random"]) > 0.3


def textbook_player(hand: Hand, view: SeatView) -> Move:
    """The textbook style (bench's ``heuristic``), passing as the model does."""
    if view.phase is Phase.PASSING:
        return model_player(hand, view)
    return PlayCard(view.seat, textbook_card(consts_of(view.rules), view.legal, view.trick))


def test_seats_that_play_the_textbook_way_are_read_in_that_style_and_model_players_never() -> None:
    """After eight tricks most seats of textbook players are read (and so played in the playouts)
    in the textbook style (a play where the two styles agree says nothing, so not every one);
    players who play as the model never are, and players at random far less often."""
    read: dict[str, list[int]] = {"textbook": [], "model": [], "random": []}
    players: list[tuple[str, Player]] = [
        ("textbook", textbook_player),
        ("model", model_player),
        ("random", random_player(5)),
    ]
    for name, player in players:
        for _, view in model_positions(range(4), tricks=8, player=player):
            sampler = InferredSampler(view)
            sampler.sample(random.Random(1))
            assert not sampler.styles >> view.seat & 1  # its own seat is never read
            read[name].append(sampler.styles.bit_count())
    seats = 3 * 16
    assert sum(read["textbook"]) >= seats * 3 / 4 and min(read["textbook"]) >= 1
    assert sum(read["model"]) == 0
    assert sum(read["random"]) <= sum(read["textbook"]) / 3


def test_the_chain_keeps_each_seats_misses_up_to_date() -> None:
    """A swap reads only the two seats' plays again: the misses kept for the chain's deal are those
    of reading every play of it afresh, after every deal it hands out."""
    rng = random.Random(11)
    checked = 0
    for _, view in model_positions(range(4), tricks=6, player=random_player(3)):
        sampler = InferredSampler(view)
        for _ in range(5):
            deal = sampler.sample(rng)
            assert sampler.missed == [sampler.seat_fit(s, deal[s])[0] for s in range(4)]
            checked += 1
    assert checked == 80


def test_what_the_search_keeps_of_a_seats_fit_is_what_reading_it_afresh_gives() -> None:
    """The chain proposes many holdings again (about half): each seat's fit is kept for the
    search, by holding, seat and the style the seat is read in. Every one kept is the fit of
    reading that seat's plays afresh, in the style it is read in now, also for seats whose style
    the reading changed after some were kept."""
    rng = random.Random(2)
    kept = 0
    for _, view in model_positions(range(3), tricks=8, player=textbook_player):
        sampler = InferredSampler(view)
        for _ in range(40):
            sampler.sample(rng)
        assert sampler.styles  # a seat read in the textbook style after some fits were kept
        for key in list(sampler.fits):
            seat, held = key >> 52 & 7, key & ((1 << 52) - 1)
            assert sampler.seat_fit(seat, held) == sampler._read_seat(seat, held)
            kept += 1
    assert kept > 1000
