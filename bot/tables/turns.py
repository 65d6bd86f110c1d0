"""Moves and turns: a person's move checked and applied, then whatever follows it (the next turn, the
computers' turns, the timers); a turn's deadline, its warning and its timeout."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from bot import telemetry
from bot.engine import game as g
from bot.engine.cards import Card, CardSet
from bot.engine.game import QuitReason
from bot.engine.moves import ChooseMoon, IllegalMove, Move, PassCards, PlayCard
from bot.engine.randomplay import random_move
from bot.tables import events as ev
from bot.tables.computers import computer_seed
from bot.tables.permissions import Actor, require_seat
from bot.tables.refusals import Behind, Refused, TableRefusal
from bot.tables.service_base import (
    ServiceBase,
    move_json,
    seat_changed,
    timed_out_event,
    with_changes,
)
from bot.tables.snapshot import (
    TableSnapshot,
    table_snapshot,
)
from bot.tables.table import Table, TableStatus, bumps_move

log = logging.getLogger(__name__)


class Turns(ServiceBase):
    # == moves ===============================================================================

    async def pass_cards(
        self, actor: Actor, table_id: int, move_number: int, cards: CardSet
    ) -> TableSnapshot:
        return await self._person_move(actor, table_id, move_number, lambda seat: PassCards(seat, cards))

    async def play_card(self, actor: Actor, table_id: int, move_number: int, card: Card) -> TableSnapshot:
        return await self._person_move(actor, table_id, move_number, lambda seat: PlayCard(seat, card))

    async def choose_moon(
        self, actor: Actor, table_id: int, move_number: int, add_to_others: bool
    ) -> TableSnapshot:
        """Shooter-chooses moon scoring: True = everyone else +26, False = the shooter −26."""
        return await self._person_move(
            actor, table_id, move_number, lambda seat: ChooseMoon(seat, add_to_others)
        )

    async def _person_move(
        self, actor: Actor, table_id: int, move_number: int, make: Callable[[int], Move]
    ) -> TableSnapshot:
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.PLAYING, TableRefusal.NOT_PLAYING)
            seat = require_seat(actor, table)
            if move_number != table.move_number:
                raise Refused(TableRefusal.STALE, move=move_number, current=table.move_number)
            return await self._apply(table, make(seat), actor.user_id)

    async def _apply(self, table: Table, move: Move, actor_id: str | None) -> TableSnapshot:
        """Apply one move (lock held): engine, move number, save, events, timers."""
        game = self._game(table)
        try:
            engine_events = game.apply(move)
        except IllegalMove as exc:
            raise Refused.from_illegal(exc) from None
        moved = self._advance(table, move)
        label = "computer" if actor_id is None else "move"
        replayed = table.replaying is not None  # another process's move, counted where it was made
        payload = {"move": move_json(move)}
        snap = await self._after_moves(table, actor_id, label, payload, engine_events, moved)
        if not replayed:
            telemetry.MOVES.labels("computer" if actor_id is None else "person").inc()
        return snap

    def _advance(self, table: Table, move: Move) -> bool:
        """Bump the move number unless this was one seat's pass while others still choose."""
        game = self._game(table)
        if not bumps_move(game, move):
            return False
        table.move_number += 1
        table.deadline = None if game.over else table.options.deadline(self.clock.now())
        return True

    async def _after_moves(
        self,
        table: Table,
        actor_id: str | None,
        kind: str,
        payload: dict[str, Any],
        engine_events: list[g.GameEvent],
        moved: bool,
        lead: list[Callable[[TableSnapshot], ev.TableEvent]] | None = None,
        timed_out: tuple[int, ...] = (),
    ) -> TableSnapshot:
        """Translate the engine's events into table events, after the ``lead`` events (seat changes,
        timeouts), save them with the move (the outbox) and queue them. A new move number announces
        the seats to act."""
        game = self._game(table)
        if game.over:
            table.status = TableStatus.FINISHED
            table.deadline = None
            if not moved:
                table.move_number += 1  # every control of the finished game is now stale
        snap = table_snapshot(table)
        events: list[ev.TableEvent] = [make(snap) for make in lead or ()]
        for e in engine_events:
            if isinstance(e, g.HandStarted):
                events.append(self._dealt(table, snap))
            elif isinstance(e, g.PassChosen):
                events.append(ev.PassChosen(snap, e.seat, e.cards))
            elif isinstance(e, g.PassesExchanged):
                events.append(ev.CardsPassed(snap, self._person_hands(table)))
            elif isinstance(e, g.CardPlayed):
                events.append(ev.CardPlayed(snap, e.seat, e.card, e.hearts_broken_now, e.seat in timed_out))
            elif isinstance(e, g.TrickTaken):
                events.append(ev.TrickWon(snap, e.trick, e.trick.winner, e.points))
            elif isinstance(e, g.HandScored):
                events.append(ev.HandScored(snap, e.hand_number, e.score, e.totals))
            elif isinstance(e, g.GameEnded):
                events.append(ev.GameOver(snap, e.result, ()))  # its rating changes: at the commit
        if not game.over and moved:
            events.append(self._turn(table, snap))
        changes = await self._save(table, actor_id, kind, payload, events)
        if game.over:
            self._close(table)
        self._emit(table, with_changes(events, changes), saved=True)
        self._schedule(table)
        return snap

    # == timers and computer turns ============================================================

    def _schedule(self, table: Table, *, retrying: bool = False) -> None:
        """After any change: computer turns for waiting computers, deadline timers for persons.
        (``retrying``: after a failure, keep the failure count for the next backoff.)"""
        table.cancel_timers()
        table.retry_at = None
        if not retrying:
            table.failures = 0
        game = table.game
        if not self.running or table.status is not TableStatus.PLAYING or game is None or game.over:
            return
        move_number = table.move_number
        persons = False
        for seat in game.hand.waiting_for():
            if game.seats[seat].is_computer:
                if (seat, move_number) not in table.thinking:
                    table.thinking.add((seat, move_number))
                    self._computer_after_pause(table, seat, move_number)
            else:
                persons = True
        if persons and table.deadline is not None:
            now = self.clock.now()
            if table.overdue:
                table.deadline = min(table.deadline, now)
            warn_at = table.deadline - self.settings.warning_lead(table.options.time_limit)
            if warn_at > now:
                table.timers.append(
                    self.clock.call_at(warn_at, lambda: self._spawn(self._warn(table, move_number)))
                )
            table.timers.append(self.clock.call_at(table.deadline, lambda: self._due(table, move_number)))

    def _due(self, table: Table, move_number: int) -> None:
        """The deadline passed: the timeout runs, and until it is done the supervisor knows the
        table is moving (else, when the loop was held up past the supervisor's interval, or a test's
        clock jumped a day, it would call the table stuck and arm the timeout again and again)."""
        table.timing_out = move_number
        self._spawn(self._time_out(table, move_number))

    async def play_out(self, table_id: int) -> None:
        """A deadline beyond the turn timer's has passed (an event round's): from now on the usual
        timeout rule applies at once to every person to move (a random move, at their second
        timeout a forfeit: a computer takes the seat), so the game plays out to its end."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            if table.status is not TableStatus.PLAYING or table.overdue:
                return
            table.overdue = True
            self._schedule(table)

    def _computer_after_pause(self, table: Table, seat: int, move_number: int) -> None:
        pause = self.settings.computer_pause
        if pause <= 0:
            self._spawn(self._computer_turn(table, seat, move_number))
        else:
            self.clock.call_at(
                self.clock.now() + pause, lambda: self._spawn(self._computer_turn(table, seat, move_number))
            )

    def _computer_due(self, table: Table, seat: int, move_number: int) -> bool:
        game = table.game
        return (
            self.running
            and self._tables.get(table.table_id) is table
            and table.status is TableStatus.PLAYING
            and game is not None
            and not game.over
            and table.move_number == move_number
            and game.seats[seat].is_computer
            and seat in game.hand.waiting_for()
        )

    async def _computer_turn(self, table: Table, seat: int, move_number: int) -> None:
        again = False
        try:
            if not self._computer_due(table, seat, move_number):
                return
            game = self._game(table)
            view = game.view(seat)
            seed = computer_seed(table.seed, move_number, seat)
            try:
                choice = await self.computers.decide(view, table.options.computer_level, seed)
            except Exception:
                log.exception("computer player failed at table %d; playing a random move", table.table_id)
                choice = random_move(game.hand, seat, random.Random(seed))
            async with table.lock:
                if not self._computer_due(table, seat, move_number):
                    return
                try:
                    await self._apply(table, choice, None)
                except Behind:
                    # Another process's move came first, and this one has caught up with it. Its
                    # new schedule skipped this seat (still thinking): decide again, now.
                    again = True
                except Refused as exc:
                    if exc.code is not TableRefusal.STORAGE_BUSY:
                        raise
                    table.thinking.discard((seat, move_number))
                    self._retry_later(table)
        finally:
            table.thinking.discard((seat, move_number))
        if again:
            self._schedule(table)

    async def _warn(self, table: Table, move_number: int) -> None:
        async with table.lock:
            game = table.game
            if table.move_number != move_number or game is None or game.over or table.deadline is None:
                return
            seats = tuple(s for s in game.hand.waiting_for() if not game.seats[s].is_computer)
            if seats:
                # Not kept in the outbox: a warning is stale after a restart (the deadline moved).
                self._emit(
                    table, [ev.TimeoutWarning(table_snapshot(table), seats, move_number, table.deadline)]
                )

    async def _time_out(self, table: Table, move_number: int) -> None:
        """The deadline passed: a random legal move for each waiting person, or at their second
        timeout in this game, a forfeit (a computer takes the seat, the quit is recorded)."""
        try:
            await self._time_out_locked(table, move_number)
        finally:
            if table.timing_out == move_number:
                table.timing_out = None

    async def _time_out_locked(self, table: Table, move_number: int) -> None:
        async with table.lock:
            game = table.game
            if (
                self._tables.get(table.table_id) is not table
                or table.move_number != move_number
                or game is None
                or game.over
                or table.deadline is None
            ):
                return
            if self.clock.now() < table.deadline:  # the deadline moved (a rejoin): wait for the new one
                self._schedule(table)
                return
            engine_events: list[g.GameEvent] = []
            lead: list[Callable[[TableSnapshot], ev.TableEvent]] = []
            record: list[dict[str, Any]] = []
            timed_out: list[int] = []
            moved = False
            people = [s for s in game.hand.waiting_for() if not game.seats[s].is_computer]
            # Those who lose the game by this timeout lose it together (the game's end judged once
            # all have quit: none wins as the last person standing by their seat's order).
            forfeits = [s for s in people if game.forfeits_at_timeout(s)]
            for seat in forfeits:
                player_id = game.seats[seat].player_id
                assert player_id is not None
                game.register_timeout(seat)
                lead.append(timed_out_event(seat, player_id))
                lead.append(seat_changed(seat, ev.SeatChange.FORFEITED, player_id))
                record.append({"seat": seat, "forfeit": True})
            if forfeits:
                engine_events += game.quit_together(forfeits, QuitReason.TIMEOUTS)
            for seat in [s for s in people if s not in forfeits]:
                if game.over or seat not in game.hand.waiting_for() or game.seats[seat].is_computer:
                    continue
                player_id = game.seats[seat].player_id
                assert player_id is not None
                game.register_timeout(seat)  # (not their forfeiting one: those are above)
                rng = random.Random(f"{table.seed}:{move_number}:{seat}")
                m = random_move(game.hand, seat, rng)
                engine_events += game.apply(m)
                lead.append(timed_out_event(seat, player_id, m))
                record.append({"seat": seat, "move": move_json(m)})
                timed_out.append(seat)
                moved = self._advance(table, m) or moved
            if not record:
                return
            try:
                await self._after_moves(
                    table, None, "timeout", {"timeouts": record}, engine_events, moved, lead, tuple(timed_out)
                )
                telemetry.MOVES.labels("timeout").inc(len(timed_out))
            except Behind:
                return  # another process's move came first: caught up, its deadline is armed
            except Refused as exc:
                if exc.code is not TableRefusal.STORAGE_BUSY:
                    raise
                self._retry_later(table)

    def _retry_later(self, table: Table) -> None:
        """A computer turn or a timeout could not be saved: try again after a backoff."""
        table.failures += 1
        delay = min(self.settings.retry_base * 2 ** (table.failures - 1), self.settings.retry_max)
        log.warning("table %d: turn retried in %.1f s (failure %d)", table.table_id, delay, table.failures)
        table.cancel_timers()
        table.retry_at = self.clock.now() + delay

        def retry() -> None:
            table.failures = max(table.failures, 1)
            table.retry_at = None
            self._schedule(table, retrying=True)

        table.timers.append(self.clock.call_at(table.retry_at, retry))
