"""The mutants: each one plausible bug in code whose behaviour a test promises to check, with the
tests that promise it (``tests``: pytest arguments, a file and often ``-k``).

A test that passes whatever the code does guards nothing. This is a hand-written list, not a
generated one: each mutant is the bug a test's name says it catches, which keeps a run to minutes on
a busy machine where a generated run over these modules (mutmut) would take hours. ``old`` may give
several spellings (the code before and after a refactoring), so that the same list runs against an
older tree too; a mutant none of whose spellings occurs exactly once is *absent* there.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    path: str  # relative to the root
    old: tuple[str, ...]  # the code's spellings, any one of which is replaced
    new: str
    tests: tuple[str, ...]  # pytest arguments: the tests that promise to notice

    def apply(self, text: str) -> str | None:
        """``text`` with the mutation, or None if none of ``old`` occurs exactly once."""
        for old in self.old:
            if text.count(old) == 1:
                return text.replace(old, self.new)
        return None


ISSUE_27: tuple[Mutant, ...] = (
    Mutant(
        "supervisor repairs nothing",
        "bot/tables/service.py",
        ("            if self._stuck(table, now):",),
        "            if False:",
        ("tests/tables/test_storage_faults.py", "-k", "supervisor_runs_by_itself"),
    ),
    Mutant(
        "supervisor runs once, not periodically",
        "bot/tables/service.py",
        ("                self.supervise()\n                self._supervise_later()\n",),
        "                self.supervise()\n",
        ("tests/tables/test_storage_faults.py", "-k", "supervisor_runs_by_itself"),
    ),
    Mutant(
        "moon choice never offered",
        "bot/tables/snapshot.py",
        ("choose_moon=waiting and hand.phase is Phase.MOON_CHOICE,",),
        "choose_moon=False,",
        ("tests/tables/test_games.py", "-k", "shooter_chooses_moon"),
    ),
    Mutant(
        "hearts allowed on the first trick",
        "bot/engine/tricks.py",
        ("    if first_trick and held & ~forbidden:\n        return held & ~forbidden\n",),
        "",
        ("tests/ai/test_behaviour.py", "-k", "first_trick"),
    ),
    Mutant(
        "computer decisions run on the event loop",
        "bot/tables/computers.py",
        ("            if self._executor is None:\n",),
        "            if True:\n",
        ("tests/tables/test_computers.py",),
    ),
    Mutant(
        "the process pool decides in threads",
        "bot/tables/computers.py",
        ("            self._executor = worker_pool(self.settings.workers)",),
        "            self._executor = ThreadPoolExecutor(self.settings.workers)",
        ("tests/tables/test_computers.py",),
    ),
    Mutant(
        "redraws ignore the interval",
        "cogs/hearts/_redraw.py",
        (
            "while (wait := redraw.last + self.interval - loop.time()) > 0",
            "while (wait := redraw.last + self.interval - self.clock.now()) > 0",
        ),
        "while (wait := 0.0) > 0",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "redraws measure the interval on the event loop's time",
        "cogs/hearts/_redraw.py",
        ("while (wait := redraw.last + self.interval - self.clock.now()) > 0",),
        "while (wait := redraw.last + self.interval - asyncio.get_running_loop().time()) > 0",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "a taken trick skips the interval while players wait",
        "cogs/hearts/_redraw.py",
        ("        return snap.status is not TableStatus.PLAYING or snap.hand_number != hand_shown\n",),
        "        return True\n",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "urgent redraws wait the interval",
        "cogs/hearts/_redraw.py",
        ("not self.pacer.backlog(Priority.PLAYER):\n            return True\n",),
        "not self.pacer.backlog(Priority.PLAYER):\n            return False\n",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "a rematch offer never expires",
        "cogs/hearts/_rematch.py",
        (
            "            if expired(message.id, time.time()):",
            "            if expired(message.id, self.service.clock.now()):",
        ),
        "            if False:",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "a rematch offer's age is read on the wall clock",
        "cogs/hearts/_rematch.py",
        ("            if expired(message.id, self.service.clock.now()):",),
        '            if expired(message.id, __import__("time").time()):',
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "two Rematch presses at once: the first is forgotten",
        "cogs/hearts/_rematch.py",
        (
            "            confirmed |= seen or 0\n",
            "            confirmed |= seen or 0  # answers given meanwhile (two presses at once)\n",
        ),
        "",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "two Rematch presses at once: the standings lose two lines (the bug issue 27's test found)",
        "cogs/hearts/_rematch.py",
        (
            "            standings = _standings(message.content, confirmed)\n"
            "            confirmed |= seen or 0  # answers given meanwhile (two presses at once)\n",
        ),
        "            confirmed |= seen or 0\n"
        "            standings = _standings(message.content, confirmed)\n",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "a failed rematch start keeps the answer",
        "cogs/hearts/_rematch.py",
        ("                    self._confirmed[table_id] = confirmed & ~(1 << seat)  # they may try again\n",),
        "                    pass\n",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "a new table's taken id is not retried",
        "bot/tables/sharing.py",
        ("            except IdTaken:\n                continue\n",),
        "            except IdTaken:\n                raise Refused(TableRefusal.STORAGE_BUSY) from None\n",
        ("tests/tables/test_sharing.py",),
    ),
    Mutant(
        "retries of a new table's id never run out",
        "bot/tables/sharing.py",
        ("        raise Refused(TableRefusal.STORAGE_BUSY)\n\n    def _emit",),
        "        return await super().create_table(*args, **kwargs)\n\n    def _emit",
        ("tests/tables/test_sharing.py",),
    ),
    Mutant(
        "another process's closed table is loaded for a move",
        "bot/tables/sharing.py",
        (
            "        if stored.status not in (TableStatus.LOBBY.value, TableStatus.PLAYING.value):\n"
            "            raise Refused(TableRefusal.TABLE_CLOSED)\n",
        ),
        "",
        ("tests/tables/test_sharing.py",),
    ),
    Mutant(
        "the leaderboard's Next button stays on its page",
        "cogs/leaderboard/_commands.py",
        ("PageButton(order, min(page + 1, pages - 1),",),
        "PageButton(order, min(page, pages - 1),",
        ("tests/cogs/test_leaderboard.py",),
    ),
    Mutant(
        "the leaderboard's Previous button stays on its page",
        "cogs/leaderboard/_commands.py",
        ("PageButton(order, max(page - 1, 0),",),
        "PageButton(order, max(page, 0),",
        ("tests/cogs/test_leaderboard.py",),
    ),
    Mutant(
        "a damaged row reported before is logged as an error again at every start",
        "bot/tables/service_base.py",
        ('            log.warning("%s row %s is still damaged (reported before): %s", what, key, reason)',),
        '            log.error("%s row %s is still damaged (reported before): %s", what, key, reason)',
        ("tests/tables/test_corrupt_rows.py", "tests/tables/test_restart.py"),
    ),
    Mutant(
        "the README's screenshots drift from what is drawn",
        "bot/text/screenshots.py",
        ("TABLE_NUMBER = 12",),
        "TABLE_NUMBER = 13",
        ("tests/test_docs.py",),
    ),
    Mutant(
        "the last trick names the wrong winner",
        "bot/text/controls.py",
        ("plays=shown, name=winner)",),
        "plays=shown, name=plays[0][0])",
        ("tests/text/test_controls.py",),
    ),
)

# -- issue 30: the features added since issue 27 ----------------------------------------------------

OUTBOX = (
    "tests/tables/test_outbox.py",
    "-k",
    "killed_anywhere or (sqlite and (marked_delivered or finished_games_end or pruned))",
)
REQUESTS = ("tests/tables/test_requests.py",)
BUDGET = ("tests/storage/test_budget.py",)
KEEPER = ("tests/client/test_budget.py", "-k", "smaller_share")
EMBARGO = ("tests/events/test_review.py", "-k", "sqlite")
STANDINGS = ("tests/events/test_standings.py",)
EVENTS = ("tests/events/test_service.py", "-k", "sqlite and (pause or standings_owed)")
EVENT_RACES = ("tests/events/test_service.py", "-k", "sqlite and (middle_of or meets_the_start or too_many)")
DAILY = (
    "tests/daily/test_service.py",
    "-k",
    "sqlite and (one_attempt or claimed_once or resume_after or unfinished_when or share_ties)",
)
PREFERENCES = ("tests/tables/test_stored_changes.py", "-k", "sqlite")
DAILY_STARTS = ("tests/daily/test_service.py", "-k", "second_start or cut_short or two_processes")
SHARE = ("tests/cogs/test_daily.py", "-k", "share_line")
READY = ("tests/app/test_metrics.py", "-k", "not_ready")
SHARDED = ("tests/cogs/hearts/test_sharding.py", "-k", "reconnects")
REVIEW = ("tests/cogs/review/test_review.py", "-k", "steps_animates")
BACKGROUND = ("tests/review/test_background.py",)
PROFILE = ("tests/review/test_profile.py",)

FEATURES: tuple[Mutant, ...] = (
    Mutant(
        "the outbox: a shown action is never marked delivered",
        "bot/tables/service_base.py",
        ("        if item.seq is not None and (not rest or rest[0].seq != item.seq):",),
        "        if False:",
        OUTBOX,
    ),
    Mutant(
        "the outbox: what a table owed is not offered again at the start",
        "bot/tables/service.py",
        ("            self._queue(table, owed.get(table_id, []))  # first what it owed, then the restart",),
        "            self._queue(table, [])",
        OUTBOX,
    ),
    Mutant(
        "the outbox: delivered rows are pruned at once",
        "bot/tables/service.py",
        ("await self.db.prune_outbox(self.clock.now() - self.settings.outbox_keep)",),
        "await self.db.prune_outbox(self.clock.now())",
        OUTBOX,
    ),
    Mutant(
        "option validation: a bool passes as a number",
        "bot/tables/requests.py",
        ("if isinstance(value, bool) or not isinstance(value, int) or",),
        "if not isinstance(value, int) or",
        REQUESTS,
    ),
    Mutant(
        "option validation: a range has no upper bound",
        "bot/tables/requests.py",
        ("or not self.low <= value <= self.high:",),
        "or not self.low <= value:",
        REQUESTS,
    ),
    Mutant(
        "option validation: any string is a choice",
        "bot/tables/requests.py",
        ("    if not isinstance(value, str) or value not in allowed:",),
        "    if not isinstance(value, str):",
        REQUESTS,
    ),
    Mutant(
        "option validation: a flag takes anything",
        "bot/tables/requests.py",
        ("    if not isinstance(value, bool):\n        raise Refused(TableRefusal.OPTION_NOT_OFFERED",),
        "    if value is None:\n        raise Refused(TableRefusal.OPTION_NOT_OFFERED",
        REQUESTS,
    ),
    Mutant(
        "option validation: a language outside the catalogues is taken",
        "bot/tables/requests.py",
        ("    chosen = one_of(option, value, (automatic, *languages))",),
        "    chosen = str(value)",
        REQUESTS,
    ),
    Mutant(
        "option validation: a target given with hands is not checked",
        "bot/tables/requests.py",
        ('            target = TARGET.check("target", self.target)\n            if self.hands is None:\n',),
        '            if self.hands is None:\n                target = TARGET.check("target", self.target)\n',
        REQUESTS,
    ),
    Mutant(
        "the shared budget: a newcomer takes more than the others leave free",
        "bot/storage/budget.py",
        ("        return ShareRow(me, demand, max(0, min(target, free)), 0, now)",),
        "        return ShareRow(me, demand, max(0, target), 0, now)",
        BUDGET,
    ),
    Mutant(
        "the shared budget: a share given up is not kept reserved",
        "bot/storage/budget.py",
        ("        return ShareRow(me, demand, share, mine.held(now), now + hold)",),
        "        return ShareRow(me, demand, share, 0, now)",
        BUDGET,
    ),
    Mutant(
        "the shared budget: a dead process's share is kept an hour after its lease",
        "bot/storage/budget.py",
        ("    await tx.execute(_DEAD, (me, since - SILENT, now))\n",),
        "    await tx.execute(_DEAD, (me, since - SILENT, now - 3600.0))\n",
        BUDGET,
    ),
    Mutant(
        "the shared budget: what nobody asks for is not spread",
        "bot/storage/budget.py",
        ("        parts[holder] += left // len(holders) + (1 if i < left % len(holders) else 0)",),
        "        parts[holder] += 0",
        BUDGET,
    ),
    Mutant(
        "the shared budget: a smaller share is written without being applied first",
        "bot/storage/budget.py",
        ("    lower(row.share)\n",),
        "",
        KEEPER,
    ),
    Mutant(
        "the review's embargo: an event's table is reviewed while the event is on",
        "bot/review/service.py",
        ("        await self._event_over(table_id)\n",),
        "",
        EMBARGO,
    ),
    Mutant(
        "the review's embargo: a running event counts as over",
        "bot/storage/events.py",
        ("status NOT IN ('finished', 'cancelled')",),
        "status NOT IN ('finished', 'cancelled', 'running')",
        EMBARGO,
    ),
    Mutant(
        "events: equal percentages are not told apart by points taken",
        "bot/engine/duplicate.py",
        ("        return (-share, totals[p])",),
        "        return (-share, 0)",
        STANDINGS,
    ),
    Mutant(
        "events: a paused round is scored",
        "bot/events/service.py",
        ("        if event.status is not EventStatus.RUNNING:\n            return  # cancelled",),
        "        if event.status is EventStatus.CANCELLED:\n            return  # cancelled",
        EVENTS,
    ),
    Mutant(
        "events: a resume does not move the round's deadline on by the pause",
        "bot/storage/events.py",
        ('"UPDATE event_rounds SET seated_at = seated_at + (? - (SELECT paused_at FROM events "',),
        '"UPDATE event_rounds SET seated_at = seated_at + 0 * (? - (SELECT paused_at FROM events "',
        EVENTS,
    ),
    Mutant(
        "events: standings owed at a stop are not posted after the restart",
        "bot/events/service.py",
        ("await self._post_standings(event, rnd, await self._last_round(event, rnd), again=True)",),
        "pass",
        EVENTS,
    ),
    Mutant(
        "events: a round with nobody left to seat is never ended",
        "bot/events/service.py",
        ("        if not by_table:  # nobody left to seat",),
        "        if False:  # nobody left to seat",
        ("tests/events/test_service.py", "-k", "sqlite and nobody_left_to_seat"),
    ),
    Mutant(
        "events: standings that could not be shown are marked posted",
        "bot/events/service.py",
        (
            "        if shown:\n            await note(",
            "        if shown:\n            await store.standings_posted(",
        ),
        "        if True:\n            await note(",
        ("tests/events/test_service.py", "-k", "sqlite and not_shown"),
    ),
    Mutant(
        "events: a round's seating goes on after a cancel",
        "bot/events/service.py",
        (
            "                if not await self._seating(event, rnd):\n"
            "                    return  # cancelled meanwhile",
        ),
        "                if False:\n                    return  # cancelled meanwhile",
        EVENT_RACES,
    ),
    Mutant(
        "events: a cancel closes the tables while a seating is under way",
        "bot/events/service.py",
        (
            "        async with self._lock(event.event_id):\n"
            "            for snap in await self._record_ended(event):",
        ),
        "        if True:\n            for snap in await self._record_ended(event):",
        EVENT_RACES,
    ),
    Mutant(
        "events: a withdrawal unseats while a seating is under way",
        "bot/events/service.py",
        (
            "        async with self._lock(event.event_id):\n"
            "            status = dict(await store.entrants(self.db, event.event_id))",
        ),
        "        if True:\n            status = dict(await store.entrants(self.db, event.event_id))",
        EVENT_RACES,
    ),
    Mutant(
        "events: a leave in sign-up is written after the start",
        "bot/storage/events.py",
        ("\"AND EXISTS (SELECT 1 FROM events WHERE id = ? AND status = 'signup')\",",),
        '"AND EXISTS (SELECT 1 FROM events WHERE id = ? AND status IS NOT NULL)",',
        EVENT_RACES,
    ),
    Mutant(
        "events: two joins at once overfill an event",
        "bot/storage/events.py",
        ("\"WHERE (SELECT COUNT(*) FROM event_entrants WHERE event_id = ? AND status = 'in') < ? \"",),
        "\"WHERE (SELECT COUNT(*) FROM event_entrants WHERE event_id = ? AND status = 'in') < ? + 1 \"",
        EVENT_RACES,
    ),
    Mutant(
        "preferences: a change starts from what this process kept",
        "bot/tables/preferences.py",
        ("            stored = await load_preferences(self.db, player_id)\n",),
        "            stored = await self.of(player_id)\n",
        PREFERENCES,
    ),
    Mutant(
        "preferences: two changes of a person's run at once",
        "bot/tables/preferences.py",
        ("        async with self._changes.one(player_id):\n",),
        "        if True:\n",
        PREFERENCES,
    ),
    Mutant(
        "preferences: the defaults are kept while the database can't be read",
        "bot/tables/preferences.py",
        ("            if read is None:\n                return PlayerPreferences()\n",),
        "            if read is None:\n                read = PlayerPreferences()\n",
        PREFERENCES,
    ),
    Mutant(
        "preferences: a change is not announced to the other processes",
        "bot/tables/preferences.py",
        ("        if self.db.dialect is Dialect.POSTGRESQL:\n",),
        "        if False:\n",
        ("tests/tables/test_sharing.py", "-k", "preferences_change"),
    ),
    Mutant(
        "preferences: a process keeps what another process changed",
        "bot/tables/sharing.py",
        ("            self.known_preferences.forget(saved.player_id)\n",),
        "",
        ("tests/tables/test_sharing.py", "-k", "preferences_change"),
    ),
    Mutant(
        "settings: two changes of a server's run at once",
        "bot/tables/lobby_actions.py",
        ("        async with self.settings_change(guild_id):\n",),
        "        if True:\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and two_managers"),
    ),
    Mutant(
        "settings: a change is applied to the defaults while the database can't be read",
        "bot/tables/lobby_actions.py",
        ("            current = await or_busy(self.chosen_server_settings(guild_id, channel_id))\n",),
        "            current = await self.server_settings(guild_id, channel_id)\n",
        PREFERENCES,
    ),
    Mutant(
        "the daily: a finished day may be played again",
        "bot/daily/service.py",
        ("        if attempt.finished:\n            raise DailyRefused(DailyRefusal.PLAYED)\n",),
        "",
        DAILY,
    ),
    Mutant(
        "the daily: an unfinished attempt starts a new table",
        "bot/daily/service.py",
        ("        if attempt.table_id is None:  # new, or its table was never linked (a crash in between)",),
        "        if True:",
        DAILY,
    ),
    Mutant(
        "the daily: two starts of one person run at once",
        "bot/daily/service.py",
        ("        async with self._starting.one(actor.user_id):\n",),
        "        if True:\n",
        DAILY_STARTS,
    ),
    Mutant(
        "the daily: a table a cut-short start opened is left open",
        "bot/daily/service.py",
        ("        await self._close_unlinked(actor.user_id)\n",),
        "",
        DAILY_STARTS,
    ),
    Mutant(
        "the daily: a start that lost the link plays its own table",
        "bot/daily/service.py",
        ("            return snap\n        await self._close(snap.table_id)\n",),
        "            return snap\n        return snap\n",
        DAILY_STARTS,
    ),
    Mutant(
        "the daily: a double /daily play sends two intros",
        "cogs/daily/_commands.py",
        ("        async with self._beginning.one(person):\n",),
        "        if True:\n",
        ("tests/cogs/test_daily.py", "-k", "double_play"),
    ),
    Mutant(
        "the daily: a try after a start that failed sends a second intro",
        "cogs/daily/_commands.py",
        ("                    self._introduced.add((person, day))\n",),
        "                    pass\n",
        ("tests/cogs/test_daily.py", "-k", "cant_start"),
    ),
    Mutant(
        "the daily: a closed day's summary is posted by every claimant",
        "bot/daily/service.py",
        ("        if claim is store.PostClaim.NONE:\n            return False\n",),
        "",
        DAILY,
    ),
    Mutant(
        "the daily: attempts of a closed day are not ended",
        "bot/daily/service.py",
        (
            "        if not await self._end_unfinished():  # before any deal is shown, or any board posted\n",
            "        if not await self._end_unfinished():  # before any deal is shown\n",
        ),
        "        if False:  # before any deal is shown\n",
        DAILY,
    ),
    Mutant(
        "the daily: equal totals do not share the place",
        "bot/daily/results.py",
        ("    placed = places(totals)\n",),
        "    placed = {p: i + 1 for i, p in enumerate(sorted(totals, key=totals.__getitem__))}\n",
        DAILY,
    ),
    Mutant(
        "the share line names a card",
        "bot/text/daily.py",
        ('    symbols = "".join(symbol(h) for h in result.hands)\n',),
        '    symbols = "".join(symbol(h) for h in result.hands) + " Q♠"\n',
        SHARE,
    ),
    Mutant(
        "the share line goes to the clicker's DM, not the channel they started from",
        "cogs/daily/_presenter.py",
        (
            "                channel = await self._postable("
            "attempt.guild_id, attempt.channel_id, interaction.user.id)",
        ),
        "                channel = await interaction.user.create_dm()",
        SHARE,
    ),
    Mutant(
        "the daily: a summary owed at start is looked for before the bot is connected",
        "cogs/daily/_presenter.py",
        ("        await self.bot.wait_until_ready()\n",),
        "",
        ("tests/cogs/test_daily.py", "-k", "downtime"),
    ),
    Mutant(
        "the daily: Share answers only after its reads and its post",
        "cogs/daily/_presenter.py",
        ("        await defer_private(interaction)\n",),
        "",
        ("tests/cogs/test_daily.py", "-k", "share_click"),
    ),
    Mutant(
        "the daily: one server's failed summary stops the others' and is not tried again",
        "bot/daily/service.py",
        ("                except Exception as exc:\n",),
        "                except ArithmeticError as exc:\n",
        ("tests/cogs/test_daily.py", "-k", "failed_summary"),
    ),
    Mutant(
        "the daily: a big board pushes the summary's deals past Discord's 2,000 characters",
        "bot/text/daily.py",
        ('    room = MESSAGE_MAX - len(title) - len("\\n".join(dealt)) - 2\n',),
        "    room = MESSAGE_MAX\n",
        ("tests/text/test_daily_words.py", "-k", "big_boards"),
    ),
    Mutant(
        "readiness: ready while the gateway reconnects",
        "bot/app.py",
        ("        return not self.gateway_down and self.ws is not None and self.ws.open",),
        "        return self.ws is not None and self.ws.open",
        READY,
    ),
    Mutant(
        "readiness: ready while the bot stops",
        "bot/app.py",
        ("        return self.restored and not self.stopping and self.is_ready() and self.connected()",),
        "        return self.restored and self.is_ready() and self.connected()",
        READY,
    ),
    Mutant(
        "readiness: a sharded bot is ready while a shard reconnects",
        "bot/app.py",
        ("        return not self.gateway_down and bool(shards) and not any(",),
        "        return bool(shards) and not any(",
        SHARDED,
    ),
)

WEAK_TESTS: tuple[Mutant, ...] = (  # the bugs issue 30's weak tests missed, or could
    Mutant(
        "the review: a saved review is coached again",
        "cogs/review/_cog.py",
        ("            if report is not None:\n                lines += coach_lines(report, lang)\n",),
        "            if report is not None:\n                lines += coach_lines(report, lang)\n"
        "                self.reviews.prepare(record, seat)\n",
        REVIEW,
    ),
    Mutant(
        "the review: background work runs while a computer turn waits",
        "bot/tables/computers.py",
        ("            while not self._no_queue.is_set():",),
        "            while False:",
        BACKGROUND,
    ),
    Mutant(
        "the profile: every seat took the Q♠",
        "bot/review/profile.py",
        ("QUEEN_OF_SPADES in t.cards and t.winner == seat for t in record.tricks",),
        "QUEEN_OF_SPADES in t.cards for t in record.tricks",
        PROFILE,
    ),
    Mutant(
        "the profile: a hand without a moon counts one against everyone",
        "bot/review/profile.py",
        ("        conceded = moon and record.shooter not in (None, seat)\n",),
        "        conceded = record.shooter != seat\n",
        PROFILE,
    ),
    Mutant(
        "the shared budget: a lease is stamped on the real clock",
        "bot/storage/database.py",
        ('writes.LeaseWrite("acquire", name, me, clock(), ttl)',),
        'writes.LeaseWrite("acquire", name, me, time.time(), ttl)',
        BUDGET,
    ),
)

PRESENTATION: tuple[Mutant, ...] = (
    Mutant(
        "a rematch press waits for the table being started before it is acknowledged",
        "cogs/hearts/_rematch.py",
        ("        if lock.locked() and not interaction.response.is_done():\n",),
        "        if False:\n",
        ("tests/cogs/hearts/test_rematch.py", "-k", "being_started"),
    ),
    Mutant(
        "old DM controls keep their buttons when new ones are sent",
        "cogs/hearts/_presenter.py",
        (
            "                await self.dms.controls_now(state, hand.seat, sent)\n",
            "            await self.dms.controls_now(state, hand.seat, sent if hand.your_turn else None)\n",
        ),
        "",
        ("tests/cogs/hearts/test_clicks.py", "-k", "answered_elsewhere"),
    ),
    Mutant(
        "a DM click's own edit is followed by a second one taking its buttons down",
        "cogs/hearts/_dms.py",
        ("        if live is not None and live.message_id == message_id:\n",),
        "        if False:\n",
        ("tests/cogs/hearts/test_clicks.py", "-k", "answered_elsewhere"),
    ),
    Mutant(
        "a forfeited seat's DM controls stay live until the game ends",
        "cogs/hearts/_presenter.py",
        (
            "                await self._controls_told(state, snap, event.seat, event.player_id, said)\n",
            "                await self._controls_gone(state, snap, event.seat, event.player_id, key)\n",
            "                await self.dms.controls_now(state, event.seat, None)"
            "  # the move was made for them\n",
        ),
        "",
        ("tests/cogs/hearts/test_timeouts_and_restart.py", "-k", "forfeits"),
    ),
    Mutant(
        "a cancelled game's DM controls stay live",
        "cogs/hearts/_presenter.py",
        (
            "            await self._controls_gone(state, snap, seat, person, key)\n",
            "            await self.dms.controls_now(state, seat, None, ended=ended)\n",
        ),
        "            pass\n",
        ("tests/cogs/hearts/test_clicks.py", "-k", "cancel"),
    ),
    Mutant(
        "a quitter's DM controls stay live",
        "cogs/hearts/_presenter.py",
        (
            "            await self._controls_gone("
            'state, event.table, event.seat, event.player_id, "hand.you_left")\n',
            "            await self.dms.controls_now(state, event.seat, None)"
            "  # a computer plays the seat now\n",
        ),
        "            pass\n",
        ("tests/cogs/hearts/test_clicks.py", "-k", "leave"),
    ),
    Mutant(
        "a DM message is linked with its table's server",
        "cogs/hearts/_presenter.py",
        ("guild = None if snap.options.daily else snap.guild_id",),
        "guild = snap.guild_id",
        ("tests/cogs/test_links.py",),
    ),
    Mutant(
        "a daily game ends with a winner against computers",
        "cogs/hearts/_presenter.py",
        ("        if event.table.options.daily:\n            # A daily game names no winner",),
        "        if False:\n            # A daily game names no winner",
        ("tests/cogs/test_daily.py", "-k", "two_servers"),
    ),
    Mutant(
        "event tables numbered per round in the announcement",
        "bot/text/events.py",
        ('t("event.round.table", locale, table=n, people=", ".join(p)) for n, p in tables',),
        't("event.round.table", locale, table=i, people=", ".join(p)) for i, (_n, p) in enumerate(tables, 1)',
        ("tests/cogs/test_events.py", "-k", "two_round"),
    ),
    Mutant(
        "the event standings hide the tie-break",
        "bot/text/events.py",
        ('points=number(s.total, locale) if s.rounds else "–",',),
        'points="",',
        ("tests/text/test_event_words.py",),
    ),
)

DAY_EDGE: tuple[Mutant, ...] = (
    Mutant(
        "the daily: a day's challenge closes 24 hours early",
        "bot/daily/days.py",
        ("    return day_start(day) + 2 * DAY_SECONDS",),
        "    return day_start(day) + DAY_SECONDS",
        ("tests/daily/test_service.py", "-k", "23_50 and sqlite"),
    ),
    Mutant(
        "the daily: a finish after the day closed still counts",
        "bot/daily/service.py",
        ("        if late:\n            hands = None",),
        "        if False:\n            hands = None",
        ("tests/daily/test_service.py", "-k", "after_its_day and sqlite"),
    ),
    Mutant(
        "the daily: a finish after the close says nothing",
        "bot/daily/service.py",
        ("        elif late and (kept or await self._cancelled_after_close(snap, day)):\n",),
        "        elif False:\n",
        ("tests/daily/test_service.py", "-k", "after_its_day and sqlite"),
    ),
    Mutant(
        "the daily's par: hard's fixed deals cut short by the time budget (par follows the load)",
        "bot/ai/search.py",
        ("    if deals is not None:\n        deadline = math.inf\n",),
        "    if False:\n        deadline = math.inf\n",
        ("tests/ai/test_search.py", "-k", "fixed_number"),
    ),
)

SEASONS: tuple[Mutant, ...] = (
    Mutant(
        "a season's reward role is never taken from the last season's top three",
        "cogs/leaderboard/_seasons.py",
        ("        moves = [(p, False) for p in summary.previous] + [(p, True) for p in summary.winners]",),
        "        moves = [(p, True) for p in summary.winners]",
        ("tests/cogs/test_seasons.py",),
    ),
    Mutant(
        "a season's summary after a restart is posted before the bot knows its channels",
        "cogs/leaderboard/_seasons.py",
        ("        await self.bot.wait_until_ready()",),
        "        pass",
        ("tests/cogs/test_seasons.py",),
    ),
    Mutant(
        "the season timer fires again at once for a season another process owns",
        "bot/seasons/service.py",
        ("nxt = await store.next_end(self.db, clock.now() - GRACE)",),
        "nxt = await store.next_end(self.db, 0.0)",
        ("tests/seasons/test_service.py",),
    ),
    Mutant(
        "the leaderboard image does not outline the asker's row",
        "bot/render/leaderboard.py",
        ("    border = theme.CYAN if row.mine else theme.GOLD if row.leader else None",),
        "    border = theme.GOLD if row.leader else None",
        ("tests/render/test_leaderboard.py",),
    ),
)

SUITE_SPEED: tuple[Mutant, ...] = (  # what made the suite faster must not change what the bot does
    Mutant(
        "a table whose timeout is under way is called stuck and its timeout armed again",
        "bot/tables/service.py",
        ("                and table.timing_out != table.move_number\n",),
        "",
        ("tests/tables/test_turns.py", "-k", "held and sqlite"),
    ),
    Mutant(
        "periodic background work piles up behind a run still under way",
        "bot/tables/service_base.py",
        ("        if name in self._alone:\n            return\n",),
        "",
        ("tests/tables/test_turns.py", "-k", "held and sqlite"),
    ),
    Mutant(
        "the catalogues' compiled copy is kept after a catalogue changed",
        "bot/text/pofiles.py",
        ('        digest.update(code.encode() + b"\\0" + po_path(code, directory).read_bytes())',),
        "        digest.update(code.encode())",
        ("tests/text/test_po.py", "-k", "compiled_copy"),
    ),
    Mutant(
        "the day's first attempt does not start its par",
        "bot/daily/service.py",
        ("        if claimed:  # the day's first attempt starts its par",),
        "        if False:  # the day's first attempt starts its par",
        ("tests/daily/test_service.py", "-k", "par_is_the_same and sqlite"),
    ),
    Mutant(
        "a start after a crash leaves a played day without par",
        "bot/daily/service.py",
        ("                self._work.spawn(self._par_if_played(day))\n",),
        "                pass\n",
        ("tests/daily/test_service.py", "-k", "par_is_the_same and sqlite"),
    ),
    Mutant(
        "a result finished before par is shown without it",
        "bot/daily/service.py",
        ("            if await store.par(self.db, day.isoformat()) is None:\n",),
        "            if False:\n",
        ("tests/daily/test_service.py", "-k", "result_waits_for_par and sqlite"),
    ),
    Mutant(
        "the palette is chosen from an averaged reduction, which blends thin strokes into the felt",
        "bot/render/png.py",
        ("(width // SAMPLE_STEP, height // SAMPLE_STEP), Image.Resampling.NEAREST)\n",),
        "(width // SAMPLE_STEP, height // SAMPLE_STEP), Image.Resampling.BOX)\n",
        ("tests/render/test_png.py",),
    ),
    Mutant(
        "a parsed template drops the text before each field",
        "bot/text/catalogue.py",
        ("        literal if field is None else literal + formatter.format_field(params[field], spec)\n",),
        "        literal if field is None else formatter.format_field(params[field], spec)\n",
        ("tests/text/test_fill.py",),
    ),
    Mutant(
        "the emulator's multipart split keeps the line break before a boundary in the part's bytes",
        "discord_emulator/bodies.py",
        ('.split(b"\\r\\n--" + ',),
        '.split(b"--" + ',
        ("tests/discord_emulator/test_multipart.py", "-k", "as_sent"),
    ),
    Mutant(
        "the emulator takes any command list once one was accepted",
        "discord_emulator/command_validation.py",
        ("    written = json.dumps(commands, sort_keys=True)\n",),
        '    written = ""\n',
        ("tests/discord_emulator/test_validation.py", "-k", "command_sync"),
    ),
    Mutant(
        "the commands' translations kept once per process: the first command's for every command",
        "bot/client/command_sync.py",
        ("    if key not in _TRANSLATED:\n",),
        "    key = next(iter(_TRANSLATED), key)\n    if key not in _TRANSLATED:\n",
        ("tests/text/test_command_translations.py",),
    ),
)

EVALUATOR: tuple[Mutant, ...] = (  # hard's playouts in one compiled loop, on the engine's trick rules
    Mutant(
        "the playout loop leaves a seat that shows out of the suit led unmarked as void in it",
        "bot/ai/playout.py",
        ("            voids[seat] |= 1 << trick[0] // 13\n",),
        "            pass\n",
        ("tests/ai/test_playout.py",),
    ),
    Mutant(
        "the playout loop gives every trick to its leader",
        "bot/ai/playout.py",
        ("        winner = (leader + winning_index(trick)) % n\n",),
        "        winner = leader\n",
        ("tests/ai/test_playout.py",),
    ),
    Mutant(
        "the playout loop never breaks hearts",
        "bot/ai/playout.py",
        ("        if bit & breakers:\n            broken = True\n",),
        "        if bit & breakers:\n            pass\n",
        ("tests/ai/test_playout.py",),
    ),
    Mutant(
        "the rules of a trick let anything be discarded to the first trick (moved to a compiled module)",
        "bot/engine/tricks.py",
        ("    if first_trick and held & ~forbidden:\n",),
        "    if False:\n",
        ("tests/engine/test_hand_rules.py",),
    ),
)

STYLES: tuple[Mutant, ...] = (  # hard reads which seats play the textbook way and plays them so
    Mutant(
        "the playouts play a seat read as a textbook player as the policy would",
        "bot/ai/playout.py",
        ("        elif styles >> seat & 1:\n",),
        "        elif False:\n",
        ("tests/ai/test_playout.py", "tests/ai/test_search.py"),
    ),
    Mutant(
        "the reading never finds the textbook style in a seat",
        "bot/ai/inference.py",
        ("            if usual - textbook >= STYLE_MARGIN:\n",),
        "            if False:\n",
        ("tests/ai/test_inference.py",),
    ),
    Mutant(
        "the reading finds the textbook style in every seat that has played",
        "bot/ai/inference.py",
        ("            if usual - textbook >= STYLE_MARGIN:\n",),
        "            if True:\n",
        ("tests/ai/test_inference.py",),
    ),
    Mutant(
        "the reading wants two more plays explained before it finds the textbook style",
        "bot/ai/inference.py",
        ("STYLE_MARGIN = 1\n",),
        "STYLE_MARGIN = 2\n",
        ("tests/ai/test_inference.py",),
    ),
    Mutant(
        "a seat read as a textbook player is still read with the policy",
        "bot/ai/inference.py",
        ("                if self.styles >> seat & 1:\n",),
        "                if False:\n",
        ("tests/ai/test_inference.py",),
    ),
    Mutant(
        "the search hands its playouts no seat read as a textbook player",
        "bot/ai/search.py",
        ("        styles,\n",),
        "        0,\n",
        ("tests/ai/test_search.py",),
    ),
    Mutant(
        "the searching seat is played as a textbook player in its own playouts",
        "bot/ai/search.py",
        ("    styles = sampler.styles & ~(1 << seat)\n",),
        "    styles = sampler.styles\n",
        ("tests/ai/test_search.py",),
    ),
    Mutant(
        "the textbook style follows with its highest card, not the highest under the winner",
        "bot/ai/textbook.py",
        ("        under = follow & ((1 << trick[winning_index(trick)]) - 1)\n",),
        "        under = follow\n",
        ("tests/ai/test_textbook.py",),
    ),
    Mutant(
        "a seat's fit is kept without its style: a seat read anew as textbook keeps the policy's fits",
        "bot/ai/inference.py",
        ("        key = held | seat << _SEAT_SHIFT | (self.styles >> seat & 1) << _STYLE_SHIFT\n",),
        "        key = held | seat << _SEAT_SHIFT\n",
        ("tests/ai/test_inference.py",),
    ),
)

HAND_END: tuple[Mutant, ...] = (  # the Activity at a hand's end
    Mutant(
        "a hand's final trick is forgotten when the next hand starts",
        "bot/engine/game.py",
        ("        self.previous_trick = self.hand.tricks[-1] if self.hand.tricks else None\n",),
        "        pass\n",
        ("tests/engine/test_game.py", "-k", "final_trick"),
    ),
    Mutant(
        "the hand before's final trick stays the last trick after this hand's first is taken",
        "bot/tables/snapshot.py",
        ("        previous_trick=None if hand.tricks else game.previous_trick,\n",),
        "        previous_trick=game.previous_trick,\n",
        ("tests/cogs/test_after_the_last_trick.py", "-k", "between_hands"),
    ),
    Mutant(
        "the page is not told who shot the moon",
        "cogs/activity/_views.py",
        ('        "feat": None\n        if feat is None\n',),
        '        "feat": None\n        if True\n',
        ("tests/cogs/test_activity_page.py", "-k", "shot_the_moon"),
    ),
)

NAMES: tuple[Mutant, ...] = (  # display names as last seen, saved
    Mutant(
        "the bot never gives its names the database: nothing is saved",
        "bot/app.py",
        ("        self.known_names.db = self.db\n",),
        "",
        ("tests/cogs/test_leaderboard.py", "-k", "restart"),
    ),
    Mutant(
        "an interaction of another extension's does not teach the person's name",
        "cogs/hearts/_commands.py",
        ("        learn_name(self.bot, interaction.user)\n",),
        "",
        ("tests/cogs/test_leaderboard.py", "-k", "restart"),
    ),
    Mutant(
        "a name is saved at every sighting, not once per change",
        "bot/client/names.py",
        ("        if self.db is not None and self._saved.get(key) != name:\n",),
        "        if self.db is not None:\n",
        ("tests/client/test_names.py",),
    ),
    Mutant(
        "a name the disk refused is never saved again",
        "bot/client/names.py",
        ("                del self._saved[key]  # saved again when next seen\n",),
        "                pass\n",
        ("tests/client/test_names.py",),
    ),
    Mutant(
        "names are read only from memory: a restart forgets them",
        "bot/client/names.py",
        ("        if unread and self.db is not None:\n",),
        "        if False:\n",
        ("tests/client/test_names.py", "tests/cogs/test_leaderboard.py", "-k", "restart or names"),
    ),
    Mutant(
        "a member's name on their server is never learnt: only their own name names them",
        "bot/client/server.py",
        ('        names.learn(str(user.id), user.nick or "", str(user.guild.id))\n',),
        "        pass\n",
        ("tests/cogs/test_leaderboard.py", "-k", "restart"),
    ),
    Mutant(
        "a nickname names its member on every server",
        "bot/client/names.py",
        ("        return self._names.get((guild_id, player_id)) or self._names.get((GLOBAL, player_id))\n",),
        "        return next((n for (g, p), n in self._names.items() if p == player_id and g), None) \\\n"
        "            or self._names.get((GLOBAL, player_id))\n",
        ("tests/client/test_names.py",),
    ),
    Mutant(
        "the database is asked again at every board for someone it has",
        "bot/client/names.py",
        ("            self._read.update((g, pid) for pid in found for g in (guild_id, GLOBAL))\n",),
        "            pass\n",
        ("tests/client/test_names.py",),
    ),
    Mutant(
        "someone the database did not have is never asked of it again",
        "bot/client/names.py",
        ("            found = {pid for _, pid in saved}\n",),
        "            found = set(unread)\n",
        ("tests/client/test_names.py",),
    ),
    Mutant(
        "a member without a nickname is kept by the name they had on the server, not their own as it changes",
        "bot/client/server.py",
        ('        names.learn(str(user.id), user.nick or "", str(user.guild.id))\n',),
        "        names.learn(str(user.id), user.display_name, str(user.guild.id))\n",
        ("tests/cogs/test_leaderboard.py", "-k", "nickname"),
    ),
    Mutant(
        "a table looks up the saved name of someone never named at every event it shows",
        "cogs/hearts/_presenter.py",
        ("        state.names_asked.update(missing)\n",),
        "        pass\n",
        ("tests/cogs/hearts/test_table_names.py",),
    ),
    Mutant(
        "the names saved before they were kept per server are lost",
        "bot/storage/migrations.py",
        ("        SELECT '', player_id, name, seen_at FROM display_names;\n",),
        "        SELECT '', player_id, name, seen_at FROM display_names WHERE 1 = 0;\n",
        ("tests/client/test_names.py",),
    ),
)

_KEPT = (  # where an Activity page's kept instance answer is trusted
    "        if kept is not None and 0 <= self.now() - kept[0] < KEPT_FOR and user_id in kept[1].users:\n"
)
SHUTDOWN_AND_PLACES: tuple[Mutant, ...] = (  # a hung stop named; Activity pages: where, and told
    Mutant(
        "a stop that hangs is waited for without end",
        "bot/app.py",
        (
            '    if await _within(closing, bot.settings.shutdown_timeout, "the shutdown"):\n',
            "    await asyncio.wait({closing}, timeout=timeout)\n",
        ),
        '    if await _within(closing, None, "the shutdown"):  # type: ignore[arg-type]\n',
        ("tests/app/test_shutdown.py",),
    ),
    Mutant(
        "a stop closes the database under the interactions being answered",
        "bot/app.py",
        ("                await finish_handlers(self.settings.shutdown_timeout * HANDLERS_SHARE)\n",),
        "                pass\n",
        ("tests/app/test_shutdown.py", "-k", "being_answered"),
    ),
    Mutant(
        "a stop between an event table's seats leaves it half seated",
        "bot/events/service.py",
        ("                if table_id in lobbies:\n",),
        "                if False:\n",
        ("tests/events/test_service.py", "-k", "half_seated"),
    ),
    Mutant(
        "a round's seating is planned again at a restart, with the entrants who came since",
        "bot/events/service.py",
        ("            if not stored:  # not seated yet",),
        "            if True:  # not seated yet",
        ("tests/events/test_service.py", "-k", "half_seated"),
    ),
    Mutant(
        "anyone may seat, start or cancel an event's table while it is seated",
        "bot/tables/lobby_actions.py",
        ("    if table.options.event_id is not None and not for_event:\n",),
        "    if False:\n",
        ("tests/events/test_service.py", "-k", "only_its_event"),
    ),
    Mutant(
        "an event table made just before a stop stays in its lobby",
        "bot/events/service.py",
        (
            "            else:\n"
            "                await self.tables.cancel(_host(event), snap.table_id, for_event=True)\n",
        ),
        "            else:\n                pass\n",
        ("tests/events/test_service.py", "-k", "half_seated"),
    ),
    Mutant(
        "a page may name an Activity instance it is not connected to",
        "cogs/activity/_instance.py",
        ("        if user_id not in where.users:\n",),
        "        if False:\n",
        ("tests/cogs/test_activity.py", "-k", "where_discord"),
    ),
    Mutant(
        "a page may name any table, wherever its Activity runs",
        "cogs/activity/_cog.py",
        ("            tables = [s for s in tables if s.table_id == table_id]\n",),
        "            tables = [service.snapshot(table_id)] if table_id in service._tables else tables\n",
        ("tests/cogs/test_activity.py", "-k", "where_discord"),
    ),
    Mutant(
        "every page asks Discord about its instance: nothing is kept",
        "cogs/activity/_instance.py",
        (_KEPT,),
        "        if False:\n",
        ("tests/cogs/test_activity.py", "-k", "one_read"),
    ),
    Mutant(
        "a kept answer lets in a person it does not name",
        "cogs/activity/_instance.py",
        (_KEPT,),
        "        if kept is not None and 0 <= self.now() - kept[0] < KEPT_FOR:\n",
        ("tests/cogs/test_activity.py", "-k", "one_read"),
    ),
    Mutant(
        "pages opening at once each read their instance",
        "cogs/activity/_instance.py",
        ("        asking = self._asking.get(instance_id)\n",),
        "        asking = None\n",
        ("tests/cogs/test_activity.py", "-k", "one_read"),
    ),
    Mutant(
        "one person's pages make Discord read instances without bound",
        "cogs/activity/_instance.py",
        ("        if reads.spent():\n",),
        "        if False:\n",
        ("tests/cogs/test_activity.py", "-k", "bounded"),
    ),
    Mutant(
        "a page Discord cannot place now is refused for good",
        "cogs/activity/_cog.py",
        ('            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"try again later")\n',),
        "            await ws.close(code=UNAUTHORIZED)\n",
        ("tests/cogs/test_activity.py", "-k", "bounded or where_discord"),
    ),
    Mutant(
        "a kept answer is kept for ever",
        "cogs/activity/_instance.py",
        (_KEPT,),
        "        if kept is not None and user_id in kept[1].users:\n",
        ("tests/cogs/test_activity.py", "-k", "one_read"),
    ),
    Mutant(
        "an answer kept at a time later than now (the clock set back) is trusted",
        "cogs/activity/_instance.py",
        (_KEPT,),
        "        if kept is not None and self.now() - kept[0] < KEPT_FOR and user_id in kept[1].users:\n",
        ("tests/cogs/test_activity.py", "-k", "one_read"),
    ),
    Mutant(
        "a person's reads at a time later than now (the clock set back) still count",
        "cogs/activity/_identity.py",
        ("        while self._times and self._times[-1] > now:\n",),
        "        while False:\n",
        ("tests/cogs/test_activity.py", "-k", "bounded"),
    ),
    Mutant(
        "a page on a process that does not own its table is never told to the owner",
        "bot/tables/sharing.py",
        ("            self._spawn(self._announce(table_id, player_id, shown))\n",),
        "",
        ("tests/app/test_activity_processes.py",),
    ),
    Mutant(
        "the owner is told of such a page opening, not of its closing",
        "bot/tables/sharing.py",
        ("            self._spawn(self._announce(table_id, player_id, shown))\n",),
        "            if shown:\n                self._spawn(self._announce(table_id, player_id, shown))\n",
        ("tests/app/test_activity_processes.py",),
    ),
)

# A database that can't be used now (disk full, read-only, locked), met by the random input.
STORAGE_FAULTS: tuple[Mutant, ...] = (
    Mutant(
        "a database that can't be written is answered as a bug by the features without their own answer",
        "bot/client/answers.py",
        ("    busy = isinstance(error, StorageUnavailable)\n",),
        "    busy = False\n",
        ("tests/cogs/test_events.py", "-k", "full_disk"),
    ),
    Mutant(
        "a season check the database can't serve is never tried again",
        "bot/seasons/service.py",
        ("            self._timer = clock.call_at(clock.now() + RETRY, self._fire)\n",),
        "",
        ("tests/seasons/test_service.py", "-k", "sqlite and cannot_take"),
    ),
    Mutant(
        "event work the database can't take is dropped, not carried on later",
        "bot/events/service.py",
        ('        await self._retry.or_later(make(), "event work put off")\n',),
        "        try:\n            await make()\n        except Exception:\n            pass\n",
        ("tests/events/test_service.py", "-k", "sqlite and cannot_take"),
    ),
    Mutant(
        "a cancel the database cuts short leaves the rest of its tables playing",
        "bot/events/service.py",
        ("        for row in await store.cancelled_with_open_tables(self.db):\n",),
        "        for row in []:\n",
        ("tests/events/test_service.py", "-k", "sqlite and cancel_the_database_cuts_short"),
    ),
    Mutant(
        "a resume the database cuts short fails its organiser and waits for a restart",
        "bot/events/service.py",
        ("        await self._or_later(lambda: self._resume(resumed))",),
        "        await self._resume(resumed)",
        ("tests/events/test_service.py", "-k", "sqlite and resume_the_database_cuts_short"),
    ),
    Mutant(
        "a withdrawal the database cuts short leaves the person seated for good",
        "bot/events/service.py",
        (
            "        await self._unseat(event, {e.player_id for e in await self.entrants(event.event_id)"
            " if not e.playing})\n",
        ),
        "",
        ("tests/events/test_service.py", "-k", "sqlite and withdrawal_the_database_cuts_short"),
    ),
    Mutant(
        "the daily's par the database can't save fails its asker",
        "bot/daily/service.py",
        ("        except StorageUnavailable as exc:  # this answer stands",),
        "        except ZeroDivisionError as exc:  # this answer stands",
        ("tests/daily/test_service.py", "-k", "sqlite and cannot_close"),
    ),
    Mutant(
        "an auto-played card Discord can't tell anyone about is a failed task",
        "cogs/hearts/_presenter.py",
        ('            log.warning("Discord refused an update for %s: %s", what, exc)\n',),
        "            raise\n",
        ("tests/cogs/hearts/test_auto_play.py", "-k", "reach_nobody"),
    ),
    Mutant(
        "an auto-played card's DM left to the background, behind the person's next controls",
        "cogs/hearts/_presenter.py",
        (
            "                await asyncio.wait({self._tasks.spawn(work)})\n",
            "                await asyncio.shield(self._tasks.spawn(work))\n",
        ),
        "                self._tasks.spawn(work)\n",
        ("tests/cogs/hearts/test_auto_play.py", "-k", "told_before"),
    ),
    Mutant(
        "an auto-play refused because its turn is past sends that turn's controls",
        "cogs/hearts/_presenter.py",
        ("            if isinstance(exc, Behind) or exc.code not in TURN_STANDS:\n",),
        "            if False:\n",
        ("tests/cogs/hearts/test_auto_play.py", "-k", "turn_is_past"),
    ),
    Mutant(
        "an auto-play refused because another process moved the table on sends that turn's controls",
        "cogs/hearts/_presenter.py",
        ("            if isinstance(exc, Behind) or exc.code not in TURN_STANDS:\n",),
        "            if exc.code not in TURN_STANDS:\n",
        ("tests/cogs/hearts/test_auto_play.py", "-k", "turn_is_past"),
    ),
    Mutant(
        "a DM about an earlier move takes down a later turn's controls",
        "cogs/hearts/_presenter.py",
        ("            elif state.controls_sent.get(hand.seat, hand.move_number) <= hand.move_number:\n",),
        "            else:\n",
        ("tests/cogs/hearts/test_auto_play.py", "-k", "later_turns_controls"),
    ),
    Mutant(
        "the games' figures of the profiles kept for the whole process, whatever the database",
        "bot/review/profile.py",
        (
            "    def __init__(self, db: Database) -> None:\n        self.db = db\n"
            "        self._games: OrderedDict[tuple[int, str], HandFigures] = OrderedDict()\n",
        ),
        "    def __init__(self, db: Database, games: OrderedDict = OrderedDict()) -> None:  # type: ignore\n"
        "        self.db = db\n        self._games = games\n",
        ("tests/review/test_profile.py", "-k", "own_games"),
    ),
    Mutant(
        "a turn queued before its controls failed sends them again, played or not",
        "cogs/hearts/_presenter.py",
        (
            "                    if not event.offered and state.send_failed(hand.seat, hand.move_number):\n",
            "                    if not event.offered"
            " and state.unsent.get(hand.seat, (None,))[0] == hand.move_number:\n",
        ),
        "                    if False:\n",
        ("tests/cogs/hearts/test_faults.py", "-k", "played_before_its_failed_send"),
    ),
    Mutant(
        "a move the disk refused is undone without telling the table's watchers",
        "bot/tables/service_base.py",
        ("            table.restore(table.saved_state)\n        self._changed(table.table_id)\n",),
        "            table.restore(table.saved_state)\n",
        ("tests/tables/test_storage_faults.py", "-k", "sqlite and watchers_told"),
    ),
    Mutant(
        "handles left in a table's list pass for a pending retry",
        "bot/tables/service.py",
        ("table.retry_at is not None and table.retry_at >= now - self.settings.supervise_interval",),
        "table.failures and table.timers",
        ("tests/tables/test_storage_faults.py", "-k", "sqlite and timeout_retry_was_lost"),
    ),
    Mutant(
        "work cut short by the bot's stop is logged as a failure",
        "bot/tables/background.py",
        ("        if self._stopping is not None and self._stopping():\n",),
        "        if False:\n",
        ("tests/tables/test_background_work.py",),
    ),
    Mutant(
        "a new event is acknowledged only once the writer has written it",
        "cogs/events/_commands.py",
        (
            "        await interaction.response.defer(thinking=True)\n        try:\n"
            "            # The loading message becomes the sign-up: its id is saved with the event.\n"
            "            loading = await interaction.original_response()\n"
            "            event = await self.service.new("
            "actor, guild, channel, name, options, str(loading.id))\n",
            "        await interaction.response.defer(thinking=True)\n        try:\n"
            "            event = await self.service.new(actor, guild, channel, name, options)\n",
        ),
        "        try:\n            event = await self.service.new(actor, guild, channel, name, options)\n"
        "            await interaction.response.defer(thinking=True)\n",
        ("tests/cogs/test_events.py", "-k", "another_process"),
    ),
    Mutant(
        "a sign-up click is acknowledged only once the writer has written it",
        "cogs/events/_commands.py",
        ("        await interaction.response.defer()\n        guild = str(interaction.guild_id)\n",),
        "        guild = str(interaction.guild_id)\n"
        "        await self.service.event(guild, event_id)  # read through the writer\n"
        "        await interaction.response.defer()\n",
        ("tests/cogs/test_events.py", "-k", "another_process"),
    ),
    Mutant(
        "a rematch press that saves the table's language waits for the writer to answer",
        "cogs/hearts/_rematch.py",
        ("        if state.locale is None:  # not saved (its save lost to a stop): choosing it writes it\n",),
        "        if False:\n",
        ("tests/cogs/hearts/test_rematch.py", "-k", "language_is_ack"),
    ),
    Mutant(
        "a resumed match plays its saved deals again",
        "bench/ai_strength.py",
        ("for d in deals if d not in kept]",),
        "for d in deals]",
        ("tests/bench/test_ai_strength.py", "-k", "resumes"),
    ),
    Mutant(
        "deals of other code are pooled with a saved match's",
        "bench/saved_deals.py",
        ('            if line["code"] != self.code or line["settings"] != self.settings:\n',),
        "            if False:\n",
        ("tests/bench/test_ai_strength.py", "-k", "resumes"),
    ),
    Mutant(
        "a control of another server's table acts on it",
        "cogs/hearts/_clicks.py",
        (
            "        if interaction.guild_id is None:\n            return\n"
            "        snap = await self.service.table_snapshot",
        ),
        "        if True:\n            return\n        snap = await self.service.table_snapshot",
        ("tests/cogs/hearts/test_clicks.py", "-k", "another_servers"),
    ),
    Mutant(
        "an old Share button for a day before the database's first is a failure",
        "cogs/daily/_presenter.py",
        ("        except (BadDay, DailyRefused):  # an old DM's button",),
        "        except KeyError:  # an old DM's button",
        ("tests/cogs/test_daily.py", "-k", "before_this_databases"),
    ),
    Mutant(
        "a table number past 64 bits reaches the driver",
        "bot/storage/database.py",
        ("        if not 0 < table_id < 2**63:",),
        "        if False:",
        ("tests/storage/test_database.py", "-k", "no_database_can_hold"),
    ),
    Mutant(
        "a click no control claims is left unanswered",
        "bot/client/unclaimed.py",
        ("        if self.claims(custom_id):\n",),
        "        if True:\n",
        ("tests/cogs/test_forged_controls.py", "-k", "no_control_claims"),
    ),
    Mutant(
        "a Rematch under a game still being played starts a table",
        "cogs/hearts/_rematch.py",
        (
            "        if snap.status is not TableStatus.FINISHED:  # an offer is made under a finished game"
            " only\n",
        ),
        "        if False:\n",
        ("tests/cogs/test_forged_controls.py", "-k", "forged_controls"),
    ),
    Mutant(
        "a table number of any length is handed to the drivers",
        "cogs/hearts/_controls.py",
        ('_N: Final = r"\\d{1,18}"',),
        '_N: Final = r"\\d+"',
        ("tests/cogs/test_forged_controls.py", "-k", "forged_controls"),
    ),
    Mutant(
        "a new event's failure is said in its public loading message",
        "bot/client/answers.py",
        ("            await take_back_loading(interaction)\n",),
        "",
        ("tests/cogs/test_events.py", "-k", "another_process"),
    ),
    Mutant(
        "a page of a season the database lacks swaps the board for every game's",
        "cogs/leaderboard/_commands.py",
        (
            "        except NoSuchSeason as missing:  # the database was replaced since: the message stays"
            " as it is\n"
            "            await _no_such_season(interaction, missing)\n"
            "            return\n",
        ),
        "        except NoSuchSeason:\n            found = None\n",
        ("tests/cogs/test_forged_controls.py", "-k", "no_longer_has"),
    ),
    Mutant(
        "a page button of any order is claimed",
        "cogs/leaderboard/_commands.py",
        ('rf"hh:lb:(?P<order>{_ORDERS})',),
        'rf"hh:lb:(?P<order>[a-z]+)',
        ("tests/cogs/test_forged_controls.py", "-k", "no_longer_has"),
    ),
    Mutant(
        "a stopped table service still shows what a change under way owes",
        "bot/tables/service_base.py",
        ("and self._phase is not Phase.STOPPED:",),
        "and True:",
        ("tests/tables/test_outbox.py", "-k", "under_way_at_a_stop"),
    ),
    Mutant(
        "the daily board's image writes when the day closes in English in every language",
        "bot/text/daily.py",
        ("closes=image_moment(closes, locale)",),
        'closes=image_moment(closes, "en")',
        ("tests/text/test_daily_words.py", "-k", "board_picture"),
    ),
    Mutant(
        "a day's summary too long for a message is sent whole (and refused at every retry)",
        "bot/text/daily.py",
        ('    return "\\n".join(lines_within(parts, MESSAGE_MAX, _more(locale)))\n',),
        '    return "\\n".join(parts)\n',
        ("tests/text/test_daily_words.py", "-k", "too_long"),
    ),
    Mutant(
        "the pseudo-locale's check lets any value through inside a marked sentence",
        "bot/text/pseudo.py",
        ("        value = ch.isalpha() and ch not in _MARK_LETTERS and not code\n",),
        "        value = False\n",
        ("tests/text/test_catalogues.py", "-k", "unmarked"),
    ),
)


SOAK: tuple[Mutant, ...] = (
    Mutant(
        "unseating everyone withdrawn from a table fails where its game ended since the snapshot",
        "bot/events/service.py",
        ("            if exc.code in (TableRefusal.TABLE_CLOSED, TableRefusal.NOT_PLAYING):\n",),
        "            if False:\n",
        ("tests/events/test_service.py", "-k", "sqlite and ended_since_the_snapshot"),
    ),
    Mutant(
        "a cancel stops at a table whose game ended since it was read",
        "bot/events/service.py",
        ("                    if exc.code is not TableRefusal.TABLE_CLOSED:\n",),
        "                    if True:\n",
        ("tests/events/test_service.py", "-k", "sqlite and stays_finished"),
    ),
    Mutant(
        "an event's tables are refused where tables were limited to other channels",
        "bot/tables/lobby_actions.py",
        ("        if options is None or not (options.daily or options.event_id is not None):\n",),
        "        if options is None or not options.daily:\n",
        ("tests/events/test_service.py", "-k", "sqlite and limited_to_another"),
    ),
    Mutant(
        "one event's failure to carry on holds up the events after it",
        "bot/events/service.py",
        ('            log.exception("event %d not carried on (the other events are)", event_id)\n',),
        "            raise\n",
        ("tests/events/test_service.py", "-k", "sqlite and holds_up_no_other"),
    ),
    Mutant(
        "a stop that cuts an event's carrying on short is logged as a bug",
        "bot/events/service.py",
        (' or not self.tables.running:\n                raise\n            log.exception("event %d',),
        ':\n                raise\n            log.exception("event %d',
        ("tests/events/test_service.py", "-k", "sqlite and cuts_the_carrying_on_short"),
    ),
    Mutant(
        "one server's failed season summary stops the check before the timer is armed",
        "bot/seasons/service.py",
        ("                season.guild_id,\n            )\n            return 0\n",),
        "                season.guild_id,\n            )\n            raise\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and holds_up_no_other_server"),
    ),
    Mutant(
        "a season summary whose post failed stays claimed and is never tried again",
        "bot/seasons/service.py",
        ("                key, store.release_summary(self.db, guild_id, number, self._holder)\n",),
        "                key, asyncio.sleep(0)\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and holds_up_no_other_server and given"),
    ),
    Mutant(
        "the emulator takes a command's nsfw or dm_permission that is not a boolean",
        "discord_emulator/command_validation.py",
        ('    _booleans(cmd, ("nsfw", "dm_permission"), errors, path)\n',),
        "",
        ("tests/discord_emulator/test_validation.py", "-k", "booleans"),
    ),
    Mutant(
        "a refusal raised from a persistent control's handler is logged as a bug",
        "bot/client/answers.py",
        ("    except Exception as exc:\n        await answer_error(interaction, exc)\n",),
        "    except Exception as exc:\n        await answer_failure(interaction, exc)\n",
        ("tests/client/test_answers.py", "-k", "refused"),
    ),
    Mutant(
        "a give-up whose new game can't start is answered as if nothing changed",
        "bot/daily/service.py",
        ("        except (Refused, StorageUnavailable) as exc:\n",),
        "        except ZeroDivisionError as exc:\n",
        ("tests/daily/test_service.py", "-k", "sqlite and cant_start"),
    ),
    Mutant(
        "a give-up whose table can't be closed starts today's game beside it",
        "bot/daily/service.py",
        (
            "        elif not await self._end(pending.table_id):\n"
            "            raise DailyRefused(DailyRefusal.EARLIER, pending)\n",
        ),
        "        else:\n            await self._end(pending.table_id)\n",
        ("tests/daily/test_service.py", "-k", "sqlite and cant_be_closed"),
    ),
    Mutant(
        "a daily game's end the full disk kept from being recorded waits for the next start",
        "bot/daily/service.py",
        ('        await self._record_retry.or_later(recording, "daily game ends not recorded")\n',),
        "        await recording\n",
        ("tests/daily/test_service.py", "-k", "sqlite and recorded_a_minute_later"),
    ),
    Mutant(
        "a daily game's end not recorded is tried again only once",
        "bot/daily/service.py",
        ("lambda: self._work.spawn(self._or_record_later(self._record_ended()))",),
        "lambda: self._work.spawn(self._record_ended())",
        ("tests/daily/test_service.py", "-k", "sqlite and recorded_a_minute_later"),
    ),
    Mutant(
        "a day closed while the disk is full is logged as a bug and waits for the next midnight",
        "bot/daily/service.py",
        ('        await self._retry.or_later(self._close_days_in_turn(again), "daily days not closed")\n',),
        "        await self._close_days_in_turn(again)\n",
        ("tests/daily/test_service.py", "-k", "sqlite and ends_its_games_an_hour_later"),
    ),
    Mutant(
        "a closed day's game the full disk kept from being cancelled stays open till the next midnight",
        "bot/daily/service.py",
        (
            "        if not await self._end_unfinished():  # before any deal is shown, or any board posted\n",
            "        if not await self._end_unfinished():  # before any deal is shown\n",
        ),
        "        if not await self._end_unfinished() and False:\n",
        ("tests/daily/test_service.py", "-k", "sqlite and ends_its_games_an_hour_later"),
    ),
    Mutant(
        "a daily game's end whose read back the table service refuses as busy is logged as a bug",
        "bot/tables/refusals.py",
        ("        isinstance(exc, Refused) and exc.code is TableRefusal.STORAGE_BUSY\n",),
        "        False\n",
        ("tests/daily/test_service.py", "-k", "sqlite and read_back"),
    ),
    Mutant(
        "a give-up whose closed table can't be recorded just then is answered as if nothing changed",
        "bot/daily/service.py",
        ("        await self._or_record_later(self._record_table(table_id))\n        return True\n",),
        "        await self._record_table(table_id)\n        return True\n",
        ("tests/daily/test_service.py", "-k", "sqlite and give_up_whose_closed_table"),
    ),
    Mutant(
        "a result recorded is not owed: one not shown before a stop or a failure is lost",
        "bot/storage/daily.py",
        ("            (total, stored, now, int(hands is not None), day, player_id),\n",),
        "            (total, stored, now, 0, day, player_id),\n",
        ("tests/daily/test_service.py", "-k", "sqlite and (not_read_back or stops_is_shown)"),
    ),
    Mutant(
        "a result recorded but not shown waits for the next start",
        "bot/daily/service.py",
        ("        await self._show_owed()\n        for attempt in await store.ended_unrecorded(",),
        "        for attempt in await store.ended_unrecorded(",
        ("tests/daily/test_service.py", "-k", "sqlite and (not_read_back or stops_is_shown)"),
    ),
    Mutant(
        "a result shown again (after a stop, or a note that failed) is not marked so: its DM twice",
        "bot/daily/service.py",
        ("owed.player_id, again=True)\n",),
        "owed.player_id, again=False)\n",
        ("tests/daily/test_service.py", "-k", "sqlite and (stops_is_shown or not_noted)"),
    ),
    Mutant(
        "a season whose server's settings can't be read closes with the defaults: seasons end there",
        "bot/seasons/service.py",
        ("        settings = await self.tables.chosen_server_settings(season.guild_id)\n",),
        "        settings = await self.tables.server_settings(season.guild_id)\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and settings_cant_be_read"),
    ),
    Mutant(
        "a season's summary whose server's settings can't be read goes nowhere",
        "bot/seasons/service.py",
        ("        settings = await self.tables.chosen_server_settings(guild_id)  # (before the claim",),
        "        settings = await self.tables.server_settings(guild_id)  # (before the claim",
        ("tests/seasons/test_service.py", "-k", "sqlite and settings_cant_be_read"),
    ),
    Mutant(
        "a daily summary whose server's settings can't be read is taken for no daily channel",
        "bot/daily/service.py",
        ("        settings = await self.tables.chosen_server_settings(guild_id)\n",),
        "        settings = await self.tables.server_settings(guild_id)\n",
        ("tests/daily/test_service.py", "-k", "sqlite and settings_cant_be_read"),
    ),
    Mutant(
        "an event role's member is told they may not organise while the settings can't be read",
        "bot/events/service.py",
        ("await self.tables.chosen_server_settings(guild_id, channel_id)):",),
        "await self.tables.server_settings(guild_id, channel_id)):",
        ("tests/events/test_service.py", "-k", "sqlite and guessed"),
    ),
    Mutant(
        "a server manager is told the database is busy when events' settings can't be read",
        "bot/events/service.py",
        ("        if actor.manages_server:\n            return\n        if not may_organise_events(",),
        "        if not may_organise_events(",
        ("tests/events/test_service.py", "-k", "sqlite and guessed"),
    ),
    Mutant(
        "a table is opened with the defaults (any channel) while the server's settings can't be read",
        "bot/tables/lobby_actions.py",
        ("self.chosen_server_settings(guild_id, channel_id)\n            options = options or",),
        "self.server_settings(guild_id, channel_id)\n            options = options or",
        ("tests/tables/test_lobby.py", "-k", "sqlite and settings_cant_be_read"),
    ),
    Mutant(
        "a new table's options are the defaults while the server's settings can't be read",
        "bot/tables/lobby_actions.py",
        ("self.chosen_server_settings(guild_id, channel_id)\n        return request",),
        "self.server_settings(guild_id, channel_id)\n        return request",
        ("tests/tables/test_lobby.py", "-k", "sqlite and settings_cant_be_read"),
    ),
    Mutant(
        "a result shown while another try was on its way to it is shown again",
        "bot/daily/service.py",
        ("        if not await store.result_owed(self.db, day.isoformat(), player_id):\n            return",),
        "        if False:\n            return",
        ("tests/daily/test_service.py", "-k", "sqlite and on_its_way"),
    ),
    Mutant(
        "two tries that find a result owed while par is worked out both show it",
        "bot/daily/service.py",
        ("                handed_on = True  # the key is held by that task until it is done\n",),
        "                pass\n",
        ("tests/daily/test_service.py", "-k", "sqlite and two_tries"),
    ),
    Mutant(
        "seasons turned off read the settings again: a manager told busy after the change was saved",
        "bot/seasons/service.py",
        ("await self._close(replace(running, ends_at=now), now, settings):",),
        "await self._close(replace(running, ends_at=now), now):",
        ("tests/seasons/test_service.py", "-k", "sqlite and turned_off_while"),
    ),
    Mutant(
        "the summary of seasons turned off, met by a locked database, waits for the next hour's check",
        "bot/seasons/service.py",
        ("                self._work.spawn(self._timed_check())  # its summary",),
        "                self._work.spawn(self._post(guild_id, running.number))  # its summary",
        ("tests/seasons/test_service.py", "-k", "sqlite and turned_off_while"),
    ),
    Mutant(
        "/hearts settings shows the defaults as the server's while its settings can't be read",
        "bot/tables/lobby_actions.py",
        ("            return await or_busy(self.chosen_server_settings(guild_id, channel_id))\n",),
        "            return await self.server_settings(guild_id, channel_id)\n",
        ("tests/tables/test_lobby.py", "-k", "sqlite and settings_cant_be_read"),
    ),
    Mutant(
        "standings Discord failed with a 5xx wait for the next restart",
        "cogs/events/_presenter.py",
        (
            "        except UNDELIVERED as exc:\n            raise NotDelivered(repr(exc)) from exc\n\n"
            "    async def _standings(",
        ),
        "        except ZeroDivisionError as exc:\n            raise NotDelivered(repr(exc)) from exc\n\n"
        "    async def _standings(",
        ("tests/cogs/test_events.py", "-k", "fails_to_post"),
    ),
    Mutant(
        "standings or a round's announcement not delivered are not tried again until the next restart",
        "bot/events/service.py",
        (
            "            self._retry.put_off(what, exc)\n",
            '            self._retry.put_off(f"standings of event {event.event_id} not posted", exc)\n',
        ),
        "            pass\n",
        ("tests/cogs/test_events.py", "-k", "fails_to_post or announcement_discord_fails"),
    ),
    Mutant(
        "a table's language chosen while the server's settings can't be read is kept for the game",
        "cogs/hearts/_presenter.py",
        ("                    return public_locale(None, guild)\n",),
        "                    settings = None\n",
        ("tests/cogs/hearts/test_languages.py", "-k", "not_chosen_while"),
    ),
    Mutant(
        "a season that could not follow a change of the setting never does",
        "bot/seasons/service.py",
        ('            self._follow_retry.put_off(f"seasons of server {guild_id} not changed yet", exc)\n',),
        "            pass\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and turned_on_while"),
    ),
    Mutant(
        "a pause that holds is answered busy when the event can't be read again",
        "bot/events/service.py",
        ("        return replace(event, status=EventStatus.PAUSED)  # as the row now says",),
        "        return await self.event(guild_id, event_id)  # as the row now says",
        ("tests/events/test_service.py", "-k", "sqlite and pause_that_holds"),
    ),
    Mutant(
        "a hand's points the database could not take wait for the table's end",
        "bot/events/service.py",
        ("            await self.discard_new(event)\n        await self._score_pending()\n",),
        "            await self.discard_new(event)\n",
        ("tests/events/test_service.py", "-k", "sqlite and could_not_take"),
    ),
    Mutant(
        "a season left behind by its setting when the bot stopped never follows it",
        "bot/seasons/service.py",
        ("        self._follow_everyone = True\n", "        self._work.spawn(self._follow_all())\n"),
        "        pass\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and left_behind"),
    ),
    Mutant(
        "a hand's points the database could not take are lost when the table ends first",
        "bot/events/service.py",
        ("    async def _record(self, snap: TableSnapshot) -> None:\n        await self._score_pending()\n",),
        "    async def _record(self, snap: TableSnapshot) -> None:\n",
        ("tests/events/test_service.py", "-k", "sqlite and could_not_take"),
    ),
    Mutant(
        "a daily result whose row is damaged is tried again at every start",
        "bot/daily/service.py",
        ("player_id, day.isoformat())\n        return True\n",),
        "player_id, day.isoformat())\n        return False\n",
        ("tests/daily/test_service.py", "-k", "sqlite and cant_be_read_is_reported"),
    ),
    Mutant(
        "a result Discord did not take waits for the next start",
        "bot/daily/service.py",
        ('            self._record_retry.put_off(f"daily result of {player_id} not sent", exc)\n',),
        "            pass\n",
        ("tests/daily/test_service.py", "-k", "sqlite and does_not_take"),
    ),
    Mutant(
        "a result's DM Discord failed with a 5xx is given up as if DMs were closed",
        "cogs/daily/_presenter.py",
        ("        except UNDELIVERED as exc:  # may pass: the result stays owed, and is sent again later\n",),
        "        except ZeroDivisionError as exc:\n",
        ("tests/cogs/test_daily.py", "-k", "fails_to_send"),
    ),
    Mutant(
        "a result shown again after a restart does not look for its DM first: sent twice",
        "cogs/daily/_presenter.py",
        ("            if result.again and await posted_where(",),
        "            if False and await posted_where(",
        ("tests/cogs/test_daily.py", "-k", "fails_to_send"),
    ),
    Mutant(
        "a result's DM is never noted out: sent again at each try",
        "bot/daily/service.py",
        ("            await store.result_shown(self.db, day.isoformat(), player_id)\n",),
        "            pass\n",
        ("tests/daily/test_service.py", "-k", "sqlite and (does_not_take or stops_is_shown)"),
    ),
    Mutant(
        "a broken daily table's attempt is tried again every hour for ever",
        "bot/daily/service.py",
        ("            await self._end_broken(table_id, exc)\n            return True\n",),
        "            return False\n",
        ("tests/daily/test_service.py", "-k", "sqlite and table_is_broken"),
    ),
    Mutant(
        "a refusal whose answer Discord does not take is raised to discord.py",
        "bot/client/answers.py",
        ('    except discord.HTTPException as exc:\n        log.warning("could not tell %s why',),
        '    except ZeroDivisionError as exc:\n        log.warning("could not tell %s why',
        ("tests/client/test_answers.py", "-k", "does_not_take"),
    ),
    Mutant(
        "a page whose connection is lost while a view waits to drain fails the socket's sender",
        "cogs/activity/_cog.py",
        ("                with contextlib.suppress(ConnectionError):\n",),
        "                with contextlib.suppress(ConnectionResetError):\n",
        ("tests/cogs/test_activity.py", "-k", "connection_is_lost"),
    ),
    Mutant(
        "a table whose read the database refused is not read again for its pages",
        "cogs/activity/_cog.py",
        ("                        self._read_later(table_id)\n",),
        "                        pass\n",
        ("tests/cogs/test_activity.py", "-k", "read_the_database_refuses"),
    ),
    Mutant(
        "a change while nobody watches a table being read is not read again",
        "cogs/activity/_cog.py",
        ("        if table_id in self._reading:\n            self._stale.add(table_id)\n",),
        "        if table_id in self._reading and table_id in self.watching:\n"
        "            self._stale.add(table_id)\n",
        ("tests/cogs/test_activity.py", "-k", "nobody_watches"),
    ),
    Mutant(
        "one damaged attempt fails the whole day's boards and summaries",
        "bot/storage/daily.py",
        ("        except _DAMAGE as exc:  # its player left out, not the day's boards\n",),
        "        except ZeroDivisionError as exc:\n",
        ("tests/daily/test_service.py", "-k", "sqlite and damaged_attempt"),
    ),
    Mutant(
        "one damaged day fails all of a person's daily figures",
        "bot/storage/daily.py",
        ("        except _DAMAGE as exc:  # that day left out of their figures, not all\n",),
        "        except ZeroDivisionError as exc:\n",
        ("tests/daily/test_service.py", "-k", "damaged_total"),
    ),
    Mutant(
        "a new event whose sign-up could not be shown stays, though the answer says nothing changed",
        "cogs/events/_commands.py",
        ("            if not await self.service.discard_new(event):\n",),
        "            if not True:\n",
        ("tests/cogs/test_events.py", "-k", "signup_cant_be_shown"),
    ),
    Mutant(
        "a new event taken back keeps its start time's timer (which starts the next with its number)",
        "bot/events/service.py",
        ("        self._cancel_timer(event.event_id, 0)\n        try:\n            discarded",),
        "        try:\n            discarded",
        ("tests/events/test_service.py", "-k", "sqlite and taken_back"),
    ),
    Mutant(
        "a new event is taken back though somebody joined it",
        "bot/storage/events.py",
        ("            \"DELETE FROM events WHERE id = ? AND status = 'signup' AND NOT EXISTS \"\n",),
        "            \"DELETE FROM events WHERE id = ? AND status = 'signup' AND EXISTS \"\n",
        ("tests/events/test_service.py", "-k", "sqlite and taken_back"),
    ),
    Mutant(
        "a round's announcement owed at a start is posted again though it is in the thread",
        "cogs/events/_presenter.py",
        ("            shown = await self._marks_posted(where, marks)\n",),
        "            shown: set[str] = set()\n",
        ("tests/cogs/test_events.py", "-k", "announcement_discord_fails or large_rounds"),
    ),
    Mutant(
        "the rounds seated before the announcements' migration are all announced again",
        "bot/storage/migrations.py",
        ("    UPDATE event_rounds SET announced_at = seated_at;\n",),
        "",
        ("tests/storage/test_database.py", "-k", "sqlite and announced_rounds_migration"),
    ),
    Mutant(
        "an entrant removed in sign-up leaves (and may then join again)",
        "bot/storage/events.py",
        (
            "AND player_id = ? AND status = 'in' \"\n"
            '            "AND EXISTS (SELECT 1 FROM events WHERE id = ?',
        ),
        'AND player_id = ? "\n            "AND EXISTS (SELECT 1 FROM events WHERE id = ?',
        ("tests/events/test_service.py", "-k", "sqlite and removed_in_sign_up"),
    ),
    Mutant(
        "nobody may withdraw while the event is paused",
        "bot/events/model.py",
        ("        return self.status in (EventStatus.RUNNING, EventStatus.PAUSED)\n",),
        "        return self.status is EventStatus.RUNNING\n",
        ("tests/events/test_service.py", "-k", "sqlite and while_paused"),
    ),
    Mutant(
        "a seat left at an event's table may be taken back (and credited with the computer's hands)",
        "bot/tables/options.py",
        ("        return self.allow_rejoin and self.event_id is None\n",),
        "        return self.allow_rejoin\n",
        ("tests/events/test_service.py", "-k", "sqlite and computers_for_the_rest"),
    ),
    Mutant(
        "an event table that can't be read holds up its round (and a cancel) for ever",
        "bot/events/service.py",
        (
            "            if exc.code is not TableRefusal.TABLE_BROKEN:\n                raise\n"
            '        log.warning("event',
        ),
        '            raise\n        log.warning("event',
        ("tests/events/test_service.py", "-k", "sqlite and table_that_cant_be_read"),
    ),
    Mutant(
        "an event made in a thread looks for a text channel: nothing of it is posted",
        "cogs/events/_presenter.py",
        ("        return found if isinstance(found, discord.TextChannel | discord.Thread) else None\n",),
        "        return found if isinstance(found, discord.TextChannel) else None\n",
        ("tests/cogs/test_events.py", "-k", "made_in_a_thread"),
    ),
    Mutant(
        "an archived event thread (not in the gateway's cache) is taken for gone",
        "cogs/events/_presenter.py",
        ("        found = self.bot.get_channel(int(channel_id))\n        if found is None:\n",),
        "        found = self.bot.get_channel(int(channel_id))\n        if False:\n",
        ("tests/cogs/test_events.py", "-k", "was_archived"),
    ),
    Mutant(
        "a pause written is answered 'busy, nothing changed' when the sign-up's list can't be read",
        "cogs/events/_presenter.py",
        ("        except (discord.HTTPException, StorageUnavailable) as exc:\n",),
        "        except discord.HTTPException as exc:\n",
        ("tests/cogs/test_events.py", "-k", "sign_ups_list_cant"),
    ),
    Mutant(
        "a Join written is answered 'busy, nothing changed' when the sign-up's list can't be read",
        "cogs/events/_commands.py",
        ("        except StorageUnavailable as exc:  # the entry stands; the list catches up later\n",),
        "        except ZeroDivisionError as exc:\n",
        ("tests/cogs/test_events.py", "-k", "sign_ups_list_cant"),
    ),
    Mutant(
        "a daily result cut short by the table service's presenter timeout waits for the next start",
        "bot/daily/service.py",
        ("                if self in self.tables.observers:  # (not stopping: ``stop`` leaves them first)",),
        "                if False:",
        ("tests/daily/test_service.py", "-k", "sqlite and outlasts"),
    ),
    Mutant(
        "a daily game finished in time but recorded after its day closed is judged late",
        "bot/daily/service.py",
        ("        late = not days.is_open(day, now if ended is None else ended)\n",),
        "        late = not days.is_open(day, now)\n",
        ("tests/daily/test_service.py", "-k", "sqlite and in_time_and_recorded"),
    ),
    Mutant(
        "a daily game ended unrecorded whose table can't be read holds up every summary",
        "bot/daily/service.py",
        ("            await self._end_broken(table_id, exc)\n            return\n",),
        "            raise\n",
        ("tests/daily/test_service.py", "-k", "sqlite and holds_up_no_summary"),
    ),
    Mutant(
        "the servers' settings not listed at a start: their seasons wait for the next start",
        "bot/seasons/service.py",
        ("            if self._follow_everyone:\n                self._unfollowed.update(",),
        "            if self._follow_everyone:\n                self._follow_everyone = False\n"
        "                self._unfollowed.update(",
        ("tests/seasons/test_service.py", "-k", "sqlite and left_behind"),
    ),
    Mutant(
        "someone removed from an event who presses Join is told they are in already",
        "bot/events/service.py",
        ('EventRefusal.ALREADY_ENTERED if status == "in" else EventRefusal.LEFT',),
        "EventRefusal.ALREADY_ENTERED",
        ("tests/events/test_service.py", "-k", "sqlite and removed_in_sign_up"),
    ),
    Mutant(
        "a server whose only daily result is damaged fails its summary at every try",
        "bot/daily/service.py",
        ("        except DailyRefused:  # its results unreadable (damaged rows): nothing to post\n",),
        "        except ZeroDivisionError:\n",
        ("tests/daily/test_service.py", "-k", "sqlite and damaged_attempt"),
    ),
    Mutant(
        "a late Join that comes as round 2 is seated is entered, and never plays",
        "bot/storage/events.py",
        ('            f"AND {_TAKES_ENTRIES} ON CONFLICT(event_id, player_id) DO NOTHING",\n',),
        '            "AND ? + ? > 0 ON CONFLICT(event_id, player_id) DO NOTHING",\n',
        ("tests/events/test_service.py", "-k", "sqlite and late_join_that_comes"),
    ),
    Mutant(
        "a claim whose release failed is read as on its way: its summary waits for a restart",
        "bot/storage/claims.py",
        ("        if claim is PostClaim.NONE and key in self._kept:\n",),
        "        if False:\n",
        (
            "tests/daily/test_service.py",
            "tests/seasons/test_service.py",
            "-k",
            "sqlite and (could_not_give_its_claim or holds_up_no_other)",
        ),
    ),
    Mutant(
        "a change of kind in the minute after a season ended stretches it to the new kind's end",
        "bot/seasons/service.py",
        ("        if running is not None and running.ends_at <= now:\n            return  # ended:",),
        "        if False:\n            return  # ended:",
        ("tests/seasons/test_service.py", "-k", "sqlite and does_not_stretch"),
    ),
    Mutant(
        "a new event the database would not take back just then stays, though nothing was changed",
        "bot/events/service.py",
        ("            self._undiscarded[event.event_id] = event\n",),
        "            pass\n",
        ("tests/events/test_service.py", "-k", "sqlite and wont_take_back"),
    ),
    Mutant(
        "the sign-up after a resume shows the event as the resume began, not as its work left it",
        "cogs/events/_commands.py",
        ("            latest = await self.service.event(changed.guild_id, changed.event_id)\n",),
        "            latest = changed\n",
        ("tests/cogs/test_events.py", "-k", "resume_that_finishes"),
    ),
    Mutant(
        "a day's summaries go out before a game that ended in time is recorded",
        "bot/daily/service.py",
        ("        return not await self._closed_unfinished(now)\n",),
        "        return True\n",
        ("tests/daily/test_service.py", "-k", "sqlite and summary_waits_for_a_game"),
    ),
    Mutant(
        "an event's table offers 'Take my seat back' (which its service then refuses)",
        "cogs/hearts/_controls.py",
        ("    if playing and snap.options.rejoin_allowed and any(s.left_player for s in snap.seats):\n",),
        "    if playing and snap.options.allow_rejoin and any(s.left_player for s in snap.seats):\n",
        ("tests/events/test_service.py", "-k", "sqlite and computers_for_the_rest"),
    ),
    Mutant(
        "a round's owed announcement fails on a table that can't be read (and the round with it)",
        "cogs/events/_presenter.py",
        ("            except Refused:  # (can't be read",),
        "            except ZeroDivisionError:  # (can't be read",
        ("tests/cogs/test_events.py", "-k", "not_stuck_on_it"),
    ),
    Mutant(
        "a seat taken back at its own turn gets no controls (still noted as sent)",
        "cogs/hearts/_presenter.py",
        ("            state.controls_sent.pop(event.seat, None)\n",),
        "            pass\n",
        ("tests/cogs/hearts/test_clicks.py", "-k", "taken_back_at_her_own_turn"),
    ),
    Mutant(
        "/hearts hand where someone else's table is refuses her as not seated",
        "cogs/hearts/_commands.py",
        (
            "        if here is not None and here.status.open and "
            "any(s.player_id == me for s in here.seats):\n",
        ),
        "        if here is not None and here.status.open:\n",
        ("tests/cogs/hearts/test_lobby_and_commands.py", "-k", "someone_elses_table"),
    ),
    Mutant(
        "the answer to an unexpected failure ignores the language the person chose",
        "bot/client/answers.py",
        ("        return await reader_locale(interaction)\n",),
        "        return str(interaction.locale.value)\n",
        ("tests/cogs/hearts/test_discord_strictness.py", "-k", "unexpected_error"),
    ),
    Mutant(
        "a daily game's hands can be looked at while others can still play its deals",
        "bot/review/service.py",
        ("        if public_at is not None and self.clock.now() < public_at:\n",),
        "        if public_at is not None and self.clock.now() > public_at:\n",
        ("tests/cogs/test_daily.py", "-k", "looked_at_by_nobody"),
    ),
    Mutant(
        "a process on a shared database measures its downtime from another process's heartbeat",
        "bot/tables/service.py",
        ("            await self.db.set_meta(self.alive_key, repr(self.clock.now()))\n",),
        "            await self.db.set_meta(ALIVE_KEY, repr(self.clock.now()))\n",
        ("tests/tables/test_restart.py", "-k", "own_downtime"),
    ),
    Mutant(
        "a host who quit the game under way may still cancel it for the people playing on",
        "bot/tables/permissions.py",
        (
            "    if actor.user_id != table.host_id or (table.game is not None"
            " and table.seat_of(actor.user_id) is None):\n",
        ),
        "    if actor.user_id != table.host_id:\n",
        ("tests/cogs/hearts/test_rematch.py", "-k", "host_who_quit"),
    ),
    Mutant(
        "the others' rematch is hosted by the host who quit their game",
        "cogs/hearts/_rematch.py",
        ("        host = Actor(snap.host_id if snap.host_id in people or not people else people[0])\n",),
        "        host = Actor(snap.host_id)\n",
        ("tests/cogs/hearts/test_rematch.py", "-k", "host_who_quit"),
    ),
    Mutant(
        "a moderator of channels alone changes the server's settings (and so its event role)",
        "bot/tables/permissions.py",
        ("    if not actor.manages_server:\n",),
        "    if not actor.is_moderator:\n",
        ("tests/tables/test_lobby.py", "-k", "server_settings_defaults"),
    ),
    Mutant(
        "a person's preferences read before a change of theirs are kept over it",
        "bot/tables/preferences.py",
        ("            if self._versions.get(player_id, 0) != version:  # changed while this was read\n",),
        "            if False:\n",
        ("tests/tables/test_stored_changes.py", "-k", "read_under_way"),
    ),
    Mutant(
        "a 3-player replay draws the played card over the held cards",
        "bot/render/replay.py",
        ("        x = CARDS_X + i * step\n",),
        "        x = CARDS_X + i * CARD_STEP\n",
        ("tests/render/test_replay.py",),
    ),
    Mutant(
        "another process's tables that ended stay in memory for ever",
        "bot/tables/sharing.py",
        ("        self._forget_closed(known - saved.keys())\n",),
        "        self._forget_closed(())\n",
        ("tests/tables/test_sharing_memory.py",),
    ),
    Mutant(
        "/stats gives one of two people sharing a place on the board the next place",
        "bot/storage/leaderboard.py",
        (
            "    return replace(mine, rank=next((r.place for r in on_board"
            " if r.player_id == player_id), None))\n",
        ),
        "    return replace(mine, rank=next((r.position for r in on_board"
        " if r.player_id == player_id), None))\n",
        ("tests/tables/test_games.py", "-k", "ties_sharing"),
    ),
    Mutant(
        "the Activity opened in a game's thread shows a spectator the channel's newest table",
        "cogs/activity/_cog.py",
        ("            if saved.get(PLAY_CHANNEL) == where.channel_id:\n",),
        "            if saved.get(PLAY_CHANNEL) == where.guild_id:\n",
        ("tests/cogs/test_activity.py", "-k", "thread_the_activity_shows"),
    ),
    Mutant(
        "the Activity's words ignore the language the person chose",
        "cogs/activity/_cog.py",
        ("        locale = private_locale(preferences, person.locale)\n",),
        "        locale = person.locale\n",
        ("tests/cogs/test_activity.py", "-k", "language_the_person_chose"),
    ),
    Mutant(
        "a page whose table the database can't read now is refused for good",
        "cogs/activity/_cog.py",
        ("            later = storage_unavailable(exc) or isinstance(exc, Unanswered)\n",),
        "            later = isinstance(exc, Unanswered)\n",
        ("tests/cogs/test_activity.py", "-k", "cannot_answer_now"),
    ),
    Mutant(
        "a cancelled table's page shows everyone to move",
        "cogs/activity/_views.py",
        ('        "waiting": list(snapshot.waiting) if is_open else [],\n',),
        '        "waiting": list(snapshot.waiting),\n',
        ("tests/cogs/test_activity.py", "-k", "cancelled_mid_play"),
    ),
    Mutant(
        "a move at the Activity that fails on a busy database is logged as a bug",
        "cogs/activity/_cog.py",
        ("            if storage_unavailable(exc):  # a database that can't be used now is no bug\n",),
        "            if False:  # a database that can't be used now is no bug\n",
        ("tests/cogs/test_activity.py", "-k", "move_that_fails"),
    ),
    Mutant(
        "a coach's review the database can't save is thrown away as a failure",
        "bot/review/service.py",
        (
            "        except StorageUnavailable as exc:  # shown all the same;"
            " made again when next asked for\n",
        ),
        "        except ZeroDivisionError as exc:  # shown all the same; made again when next asked for\n",
        ("tests/cogs/review/test_review.py", "-k", "cannot_save"),
    ),
    Mutant(
        "a replay of a game played where the asker can't see is posted",
        "cogs/review/_cog.py",
        ("        sees = None if reader is not None else partial(_sees, interaction)\n",),
        "        sees = None\n",
        ("tests/cogs/review/test_review.py", "-k", "only_where_the_bot"),
    ),
    Mutant(
        "a replay where the bot can't attach files fails with a 403",
        "cogs/review/_cog.py",
        ("        if missing:\n",),
        "        if False:\n",
        ("tests/cogs/review/test_review.py", "-k", "only_where_the_bot"),
    ),
    Mutant(
        "a channel disallowed where every channel is allowed stays open",
        "bot/tables/requests.py",
        ("            if not allowed:\n",),
        "            if False:\n",
        ("tests/tables/test_lobby.py", "-k", "disallowed_is_closed"),
    ),
    Mutant(
        "of two people forfeiting at the same timeout, the one in the later seat wins 120",
        "bot/tables/turns.py",
        ("            forfeits = [s for s in people if game.forfeits_at_timeout(s)]\n",),
        "            forfeits = [s for s in people if game.forfeits_at_timeout(s)][:1]\n",
        ("tests/tables/test_turns.py", "-k", "together_both_lose"),
    ),
    Mutant(
        'a heart on the first trick at a Black-Maria-less table is refused as "no Q♠" too',
        "bot/engine/hand.py",
        (
            "            Refusal.NO_POINTS_ON_FIRST_TRICK if self.rules.queen_counts"
            " else Refusal.NO_HEARTS_ON_FIRST_TRICK\n",
        ),
        "            Refusal.NO_POINTS_ON_FIRST_TRICK\n",
        ("tests/text/test_refusal_words.py", "-k", "black_maria_less"),
    ),
    Mutant(
        "/hearts rules says the direction rotates at an always-left table",
        "cogs/hearts/_wording.py",
        ("        left = rules.pass_rotation is PassRotation.LEFT  # the other rotations do rotate\n",),
        "        left = False\n",
        ("tests/cogs/hearts/test_describe.py", "-k", "passing_line"),
    ),
    Mutant(
        "/hearts rules calls taking every trick a moon where it holds the bonus card",
        "cogs/hearts/_wording.py",
        ("    elif rules.scoring is Scoring.TOURNAMENT and rules.bonus_card is not None:\n",),
        "    elif False:\n",
        ("tests/cogs/hearts/test_describe.py", "-k", "slam_where"),
    ),
    Mutant(
        "a Black-Maria-less all-tricks hand gives everyone else 52",
        "bot/engine/scoring.py",
        ("    return ShotScore(-p, p) if rules.scoring is Scoring.TOURNAMENT else ShotScore(0, 2 * p)\n",),
        "    return ShotScore(-p, p) if rules.scoring is Scoring.TOURNAMENT else ShotScore(0, 52)\n",
        ("tests/engine/test_rule_reference.py", "-k", "every_outcome"),
    ),
    Mutant(
        "three players pass every hand, never holding",
        "bot/engine/rules.py",
        ("            rotation = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)\n",),
        "            rotation = (PassDirection.LEFT, PassDirection.RIGHT)\n",
        ("tests/engine/test_rule_reference.py", "-k", "follows_the_rule_book"),
    ),
    Mutant(
        "the Activity draws the classic deck for someone who chose four colours",
        "cogs/activity/_static.py",
        ('    sprites.face(card, CARD_WIDTH, four_colour, bonus).save(out, format="PNG", optimize=True)\n',),
        '    sprites.face(card, CARD_WIDTH, False, bonus).save(out, format="PNG", optimize=True)\n',
        ("tests/cogs/test_activity.py", "-k", "deck_the_person_chose"),
    ),
    Mutant(
        "a second copy of the bot migrates the database before it is refused",
        "bot/app.py",
        ("        self.db = await Database.open(self.settings.database, upto=migrations.LEASES)\n",),
        "        self.db = await Database.open(self.settings.database)\n",
        ("tests/app/test_process.py", "-k", "second_bot"),
    ),
    Mutant(
        "ENV_FILE empty still reads the checkout's .env (an operator's database reached by the tests)",
        "bot/__main__.py",
        ("    return Path(named).expanduser() if named.strip() else None\n",),
        '    return Path(named).expanduser() if named.strip() else CHECKOUT / ".env"\n',
        ("tests/app/test_config.py", "-k", "settings_file"),
    ),
    Mutant(
        "a relative database path follows the folder the bot was started from",
        "bot/config.py",
        ("    return path if base is None or path.is_absolute() else base / path\n",),
        "    return path\n",
        ("tests/app/test_config.py", "-k", "settings_file"),
    ),
    Mutant(
        "a setting of superscript digits passes the check and crashes the start",
        "bot/config.py",
        ("    return text.isascii() and text.isdigit()\n",),
        "    return text.isdigit()\n",
        ("tests/app/test_config.py", "-k", "more_wrong_values"),
    ),
    Mutant(
        "a database of a newer bot stops the start with a traceback and exit 1 (restarted for ever)",
        "bot/app.py",
        ("    if isinstance(exc, SchemaError | DatabaseDamaged | StartRefused):\n",),
        "    if isinstance(exc, DatabaseDamaged | StartRefused):\n",
        ("tests/app/test_process.py", "-k", "no_restart_would_mend"),
    ),
    Mutant(
        "python -m bot.storage.migrate from a path that doesn't exist copies an empty database",
        "bot/storage/migrate.py",
        ("    await _check_source(source)\n",),
        "    pass\n",
        ("tests/storage/test_migrate.py", "-k", "source"),
    ),
    Mutant(
        "a PostgreSQL database of another application gets the bot's tables added to it",
        "bot/storage/postgres.py",
        (
            "            if others:  # raised inside the migration's transaction:"
            " schema_version is not kept\n",
        ),
        "            if False:\n",
        ("tests/storage/test_damaged_and_foreign.py", "-k", "another_application"),
    ),
    Mutant(
        "a damaged SQLite file is taken for a busy one (retried for ever)",
        "bot/storage/errors.py",
        ("        return code & 0xFF in _SQLITE_DAMAGED or code == _SQLITE_IOERR_CORRUPTFS\n",),
        "        return False\n",
        ("tests/storage/test_damaged_and_foreign.py", "-k", "damaged_page"),
    ),
    Mutant(
        "python -m bot.storage.migrate migrates a running bot's schema before it is refused",
        "bot/storage/migrate.py",
        (
            "    src = await Database.open(source, upto=migrations.LEASES)"
            "  # the lease first: a bot may run on it\n",
        ),
        "    src = await Database.open(source)\n",
        ("tests/storage/test_migrate.py", "-k", "refuses_while_a_bot"),
    ),
    Mutant(
        "an event the presenter could not show now is dropped, not offered again",
        "bot/tables/service_base.py",
        ("                    table.outbox.appendleft(replace(item, again=True))\n",),
        "                    pass\n",
        ("tests/cogs/hearts/test_faults.py", "-k", "later_once"),
    ),
    Mutant(
        "a hand's scores Discord could not take now (a 503) are lost for good",
        "cogs/hearts/_presenter.py",
        ("            if not isinstance(event, OWED_POSTS):\n",),
        "            if True:\n",
        ("tests/cogs/hearts/test_faults.py", "-k", "later_once"),
    ),
    Mutant(
        "the game's end where the bot may no longer post reaches nobody",
        "cogs/hearts/_presenter.py",
        ("        if shown is None:\n            await self._game_end_by_dm(state, event, again)\n",),
        "",
        ("tests/cogs/hearts/test_faults.py", "-k", "no_longer_post"),
    ),
    Mutant(
        "the emulator lets embeds past 6,000 characters through",
        "discord_emulator/validation.py",
        ("    if total > MAX_EMBEDS_TOTAL:\n",),
        "    if total > MAX_EMBEDS_TOTAL + 1:\n",
        ("tests/discord_emulator/test_embed_limits.py", "-k", "beyond_discords_limits"),
    ),
    Mutant(
        "the emulator counts an interaction's webhooks in the global limit",
        "discord_emulator/ratelimits.py",
        ("        if route not in INTERACTION_WEBHOOKS:\n",),
        "        if True:\n",
        ("tests/discord_emulator/test_rules.py", "-k", "interaction_webhooks_share"),
    ),
    Mutant(
        "controls carried by a click's followup, their answer lost, are sent twice",
        "cogs/hearts/_dms.py",
        ("                await self._dm_channel_is(state, player_id, carrier.channel_id)\n",),
        "                pass\n",
        ("tests/cogs/hearts/test_dm_followups.py", "-k", "answer_was_lost"),
    ),
    Mutant(
        "a nickname's markdown (a masked link) works in the bot's messages",
        "bot/text/markdown.py",
        ('    escaped = _MARKDOWN.sub(lambda m: "\\\\" + m.group(0), name)\n',),
        "    escaped = name\n",
        ("tests/cogs/hearts/test_names_in_text.py",),
    ),
    Mutant(
        "a failed drawing of the table message is tried again without end",
        "cogs/hearts/_redraw.py",
        ("        if redraw.failed > self.retries or self._closed:\n",),
        "        if self._closed:\n",
        ("tests/cogs/hearts/test_table_message_retries.py",),
    ),
    Mutant(
        "a daily board's text shows a nickname's markdown as markdown",
        "bot/text/daily.py",
        ("    return text_name(chosen) if chosen else name_of(player_id, names, locale)\n",),
        "    return name_of(player_id, names, locale)\n",
        ("tests/text/test_names_as_text.py",),
    ),
    Mutant(
        "a private answer after a public loading message is written into it, for everyone",
        "bot/client/answers.py",
        (
            "        if not interaction.extras.get(PRIVATE_LOADING):"
            "  # everyone sees it: not the place for this\n",
        ),
        "        if False:\n",
        ("tests/cogs/test_leaderboard.py", "-k", "loading_message_is_told"),
    ),
    Mutant(
        "every Activity instance id becomes a metric label value of its own",
        "bot/client/observing.py",
        ('        elif _SNOWFLAKE.match(part) or before == "activity-instances":  # (a page sends any)\n',),
        "        elif _SNOWFLAKE.match(part):\n",
        ("tests/app/test_monitor.py", "-k", "no_id_and_no_token"),
    ),
    Mutant(
        "a bot that lost its lease closes itself, beyond the shutdown's bound",
        "bot/app.py",
        (
            "    bot.request_stop = stop.set  # its lease taken over:"
            " stopped as on a signal, within the bound\n",
        ),
        "    pass\n",
        ("tests/app/test_shutdown.py", "-k", "asks_for_itself"),
    ),
    Mutant(
        "every display name met stays in memory for the process's life",
        "bot/client/names.py",
        ("        while len(self._names) > self._kept:\n",),
        "        while False:\n",
        ("tests/client/test_names.py", "-k", "oldest"),
    ),
    Mutant(
        "after a database outage each process takes the others for dead and the whole budget",
        "bot/storage/budget.py",
        ("    since = min(now, float(last[0][0])) if last else now\n",),
        "    since = now\n",
        ("tests/storage/test_budget.py", "-k", "outage"),
    ),
    Mutant(
        "a process that can't report keeps its share for ever, others taking it up too",
        "bot/client/budget.py",
        ("            elif now - self._failing_since >= SILENT and self.pacer.share > MIN_SHARE:\n",),
        "            elif False:\n",
        ("tests/client/test_budget.py", "-k", "keeps_only"),
    ),
    Mutant(
        "a table message a newer one replaced keeps its live buttons and past countdown",
        "cogs/hearts/_presenter.py",
        ("            await self._retire(channel, replaced, lang, kept)\n",),
        "            pass\n",
        ("tests/cogs/hearts/test_game_flow.py", "-k", "replaced"),
    ),
    Mutant(
        "an event's standings picture draws every one of 700 entrants",
        "bot/text/events.py",
        ("        rows=tuple(row(s) for s in rows[:shown]),\n",),
        "        rows=tuple(row(s) for s in rows),\n",
        ("tests/text/test_event_words.py", "-k", "700_entrants or askers_own"),
    ),
    Mutant(
        "a replay's long caption is cut mid-word without an ellipsis",
        "bot/render/replay.py",
        (
            "    paste_line(canvas, frame.caption, CAPTION, MARGIN, 54,"
            ' WIDTH - 2 * MARGIN, direction="ltr")\n',
        ),
        "    paste_text(canvas, frame.caption, CAPTION, MARGIN, 54, max_width=WIDTH - 2 * MARGIN)\n",
        ("tests/render/test_replay.py", "-k", "title_or_caption"),
    ),
    Mutant(
        "a 7-player score sheet runs a slam's points into the running total",
        "bot/render/score_sheet.py",
        ("        if end + CELL_GAP <= start:\n",),
        "        if True:\n",
        ("tests/render/test_score_sheet.py", "-k", "never_run_into"),
    ),
    Mutant(
        "a table plate shows +-10 for the Omnibus card's hand",
        "bot/render/table.py",
        ('    return f"−{-points}" if points < 0 else "0"\n',),
        '    return f"+{points}"\n',
        ("tests/render/test_table.py", "-k", "own_sign"),
    ),
    Mutant(
        "a Hebrew name turns a replay's pass note right to left",
        "bot/render/replay.py",
        (
            "        paste_line(canvas, seat.note, NOTE, x, top + ROW_H / 2,"
            ' WIDTH - MARGIN - x, direction="ltr")\n',
        ),
        "        paste_line(canvas, seat.note, NOTE, x, top + ROW_H / 2,"
        ' WIDTH - MARGIN - x, direction="auto")\n',
        ("tests/render/test_replay.py", "-k", "arrow_left_of_the_name"),
    ),
    Mutant(
        "two midnights passed at once close the days twice at once",
        "bot/daily/service.py",
        ("            if not again and self._closed_today == today:\n",),
        "            if False:\n",
        ("tests/daily/test_service.py", "-k", "two_midnights"),
    ),
)

# An event's table plays its boards to the last whoever leaves (duplicate play).
DUPLICATE = (
    Mutant(
        "an event's table ends with the last person standing when the others leave",
        "bot/engine/game.py",
        ("        if remaining == 1 and self.persons_at_start > 1 and not self.duplicate:\n",),
        "        if remaining == 1 and self.persons_at_start > 1:\n",
        ("tests/engine/test_game.py", "-k", "duplicate_game_goes_on"),
    ),
    Mutant(
        "an event's table starts a game that is not duplicate",
        "bot/tables/lobby_actions.py",
        ("list(seats), duplicate=table.options.duplicate)",),
        "list(seats))",
        ("tests/tables/test_replay.py", "-k", "events_table"),
    ),
    Mutant(
        "the log of an event's table replays to a game that is not duplicate",
        "bot/tables/replay.py",
        ("            duplicate=table.options.duplicate,\n",),
        "",
        ("tests/tables/test_replay.py", "-k", "events_table"),
    ),
)

# Found by this session's review: the daily's Share, board and percentiles; events; commands.
REVIEW_FOUR = (
    Mutant(
        "the daily: Share posts for someone who may no longer post there",
        "cogs/daily/_presenter.py",
        ("        return channel if allowed else None\n",),
        "        return channel\n",
        ("tests/cogs/test_daily.py", "-k", "no_longer_post"),
    ),
    Mutant(
        "the daily: Share in a thread asks for Send Messages, not Send Messages in Threads",
        "cogs/daily/_presenter.py",
        ("            allowed = parent.permissions_for(member).send_messages_in_threads\n",),
        "            allowed = parent.permissions_for(member).send_messages\n",
        ("tests/cogs/test_daily.py", "-k", "send_messages_in_threads"),
    ),
    Mutant(
        "the daily: each Share click posts another line",
        "cogs/daily/_presenter.py",
        ("            if earlier is not None:\n",),
        "            if False:\n",
        ("tests/cogs/test_daily.py", "-k", "however_often"),
    ),
    Mutant(
        "the daily: a closed day's board hides the deals the open board promised",
        "cogs/daily/_commands.py",
        ("            text = final_board_text(board, self.service.deals(day), names, locale)\n",),
        "            text = board_text(board, names, locale)\n",
        ("tests/cogs/test_daily.py", "-k", "open_board_promised"),
    ),
    Mutant(
        "the daily: a percentile rounded to the nearest shows second place as 100",
        "bot/text/daily.py",
        ("    return str(math.floor(percentile))\n",),
        '    return f"{percentile:.0f}"\n',
        ("tests/daily/test_service.py", "-k", "rounded_down"),
    ),
    Mutant(
        "the daily: an attempt the day's close ends says nothing",
        "bot/daily/service.py",
        ("        elif late and (kept or await self._cancelled_after_close(snap, day)):\n",),
        "        elif kept and late:\n",
        ("tests/daily/test_service.py", "-k", "unfinished_when_the_day_closes and sqlite"),
    ),
    Mutant(
        "the daily: a give-up recorded after the close is told it was too late",
        "bot/daily/service.py",
        ("        elif late and (kept or await self._cancelled_after_close(snap, day)):\n",),
        "        elif late:\n",
        ("tests/daily/test_service.py", "-k", "given_up_while and sqlite"),
    ),
    Mutant(
        "events: a paused event's owed unseating waits for its resume",
        "bot/events/service.py",
        ('        for row in await store.events_in(self.db, "paused"):  #',),
        "        for row in []:  #",
        ("tests/events/test_service.py", "-k", "sqlite and paused_event"),
    ),
    Mutant(
        "events: the hands of a person who withdrew but still sits there are credited",
        "bot/events/service.py",
        (
            "        playing = await self._playing(row.event_id)  # (not one who withdrew but sits there "
            "still:\n",
        ),
        "        playing = {s.player_id for s in scored.table.seats if s.player_id is not None}  #\n",
        ("tests/events/test_service.py", "-k", "sqlite and after_withdrawing"),
    ),
    Mutant(
        "events: a late entrant who leaves before being seated is marked withdrawn",
        "bot/events/service.py",
        ("        if await store.remove_unseated_entrant(self.db, event.event_id, player_id):\n",),
        "        if False:\n",
        ("tests/events/test_service.py", "-k", "sqlite and late_entrant"),
    ),
    Mutant(
        "events: a large round's announcement is cut at 2,000 characters",
        "cogs/events/_presenter.py",
        ("            for text in in_messages(head + rows):\n",),
        '            for text in ["\\n".join(head + rows)[:2000]]:\n',
        ("tests/cogs/test_events.py", "-k", "large_rounds"),
    ),
    Mutant(
        "events: an announcement offered again is posted whole again",
        "cogs/events/_presenter.py",
        (
            "                head, rows = [], "
            "[row for row, mark in zip(rows, marks, strict=True) if mark not in shown]\n",
        ),
        "                pass\n",
        ("tests/cogs/test_events.py", "-k", "large_rounds"),
    ),
    Mutant(
        "events: an event that is over is not refused as over",
        "bot/events/model.py",
        ("        return self.status in (EventStatus.FINISHED, EventStatus.CANCELLED)\n",),
        "        return False\n",
        ("tests/events/test_service.py", "-k", "sqlite and over_refuses"),
    ),
    Mutant(
        "/hearts join takes the caller's own lobby, not the one where they have no seat",
        "cogs/hearts/_commands.py",
        ("snap = await self.table_here(interaction, lobby_only=True, prefer=(_not_seated,))",),
        "snap = await self.table_here(interaction, lobby_only=True, prefer=(_seated,))",
        ("tests/cogs/hearts/test_command_targets.py", "-k", "join_takes_a_seat_at_the_lobby"),
    ),
    Mutant(
        "a finished game's thread forgets its table after a restart",
        "cogs/hearts/_presenter.py",
        ("return await self.db.last_table_played_in(guild_id, str(channel_id), parent)",),
        "return None",
        ("tests/cogs/hearts/test_command_targets.py", "-k", "finished_games_thread_after_a_restart"),
    ),
    Mutant(
        "a lobby command beside a running game says there is no table",
        "cogs/hearts/_commands.py",
        ("if candidates and not lobbies:",),
        "if False:",
        ("tests/cogs/hearts/test_command_targets.py", "-k", "near_a_running_game"),
    ),
    Mutant(
        "all_channels leaves the channels chosen allowed",
        "bot/tables/requests.py",
        ("            allowed, closed = set(), set()\n",),
        "            closed = set()\n",
        ("tests/tables/test_requests_review.py", "-k", "all_channels_forgets"),
    ),
    Mutant(
        "the last channel allowed is disallowed (and every other channel opens)",
        "bot/tables/requests.py",
        ("            elif allowed == {self.disallow_channel}:\n",),
        "            elif False:\n",
        ("tests/tables/test_requests_review.py", "-k", "last_channel"),
    ),
    Mutant(
        "a game's end leaves the DM that held the controls saying it is her turn",
        "cogs/hearts/_dms.py",
        (
            '{"view": None} if why is None else {"view": None, "content": why}',
            '{"view": None} if ended is None else {"view": None, "content": ended}',
        ),
        '{"view": None}',
        ("tests/cogs/hearts/test_clicks.py", "-k", "leaves_her_dm_saying_so"),
    ),
    Mutant(
        "a cancelled game's DM says the game is over",
        "cogs/hearts/_presenter.py",
        ('        key = "lobby.cancelled" if snap.status is TableStatus.CANCELLED else "lobby.finished"\n',),
        '        key = "lobby.finished"\n',
        ("tests/cogs/hearts/test_clicks.py", "-k", "leaves_her_dm_saying_so"),
    ),
    Mutant(
        "a time limit of one hour reads as 60 minutes",
        "cogs/hearts/_wording.py",
        ("    if seconds < 7200 and seconds % 3600:\n",),
        "    if seconds < 7200:\n",
        ("tests/cogs/hearts/test_describe.py", "-k", "whole_hours_reads_in_hours"),
    ),
    Mutant(
        "a removal by an event's organiser costs the quit penalty",
        "bot/engine/game.py",
        ("            penalty = QUIT_PENALTY if ranked and q.reason.penalised else 0\n",),
        "            penalty = QUIT_PENALTY if ranked else 0\n",
        ("tests/engine/test_game.py", "-k", "removed"),
    ),
    Mutant(
        "the log's replay forgets a removal's reason",
        "bot/tables/replay.py",
        ('        _game(table).quit(p["seat"], QuitReason(p.get("reason", QuitReason.LEFT.value)))\n',),
        '        _game(table).quit(p["seat"], QuitReason.LEFT)\n',
        ("tests/tables/test_replay.py", "-k", "removal"),
    ),
    Mutant(
        "the events take a removed person off their table as a quit of theirs",
        "bot/events/service.py",
        ('                    removed = status.get(seat.player_id) == "removed"\n',),
        "                    removed = False\n",
        ("tests/events/test_service.py", "-k", "sqlite and removal_mid"),
    ),
    Mutant(
        "a removal counts as a quit in the person's statistics",
        "bot/tables/results.py",
        ("                quit=s.counts_as_quit,\n",),
        "                quit=True,\n",
        ("tests/tables/test_replay.py", "-k", "removal"),
    ),
    Mutant(
        "a target given with a number of hands is dropped silently",
        "bot/tables/requests.py",
        ('                raise Refused(TableRefusal.BAD_RULES, rule="end")\n',),
        "                pass\n",
        ("tests/tables/test_requests_review.py", "-k", "target_with_a_number_of_hands"),
    ),
)

# Found in the notes earlier sessions left: a DM that held a turn's controls says why they went;
# an event's pause racing its last round's scoring, or its seating; the daily's streak shown late
# and its Share posted once; a label's ink past its line box; discord.py's own close bounded;
# then a review's findings: /stats and the season's board, the skill marker, the summary image;
# replays of private threads and cancelled games, the coach rating only a person's own moves;
# the replay GIF's colours, computers' names on their plates.
FROM_NOTES = (
    Mutant(
        "a timed-out person's old DM keeps its turn's words",
        "cogs/hearts/_presenter.py",
        (
            "                await self._controls_told(state, snap, event.seat, event.player_id, said)\n",
            "                await self._controls_gone(state, snap, event.seat, event.player_id, key)\n",
        ),
        "                await self.dms.controls_now(state, event.seat, None)\n",
        ("tests/cogs/hearts/test_timeouts_and_restart.py", "-k", "forfeits"),
    ),
    Mutant(
        "a second timeout's DM does not say the game is lost",
        "cogs/hearts/_wording.py",
        ('    if event.forfeited:\n        return t("hand.you_forfeited", locale)\n',),
        "",
        ("tests/cogs/hearts/test_timeouts_and_restart.py", "-k", "forfeits"),
    ),
    Mutant(
        "a timeout's DM does not name the cards passed for the person",
        "cogs/hearts/_wording.py",
        ("    if event.passed:\n",),
        "    if False:\n",
        ("tests/cogs/hearts/test_timeouts_and_restart.py", "-k", "forfeits"),
    ),
    Mutant(
        "a timeout's DM does not name the card played for the person",
        "cogs/hearts/_wording.py",
        ("    if event.played is not None:\n",),
        "    if False:\n",
        ("tests/cogs/test_wording.py", "-k", "timeout_tells"),
    ),
    Mutant(
        "a quitter's old DM keeps its turn's words",
        "cogs/hearts/_presenter.py",
        (
            "            await self._controls_gone("
            'state, event.table, event.seat, event.player_id, "hand.you_left")\n',
        ),
        "            await self.dms.controls_now(state, event.seat, None)\n",
        ("tests/cogs/hearts/test_clicks.py", "-k", "cancelled_or_left and leave"),
    ),
    Mutant(
        "events: the last round is claimed before the event finishes (a pause between leaves it paused)",
        "bot/events/service.py",
        (
            "        if not await store.claim_scoring("
            "self.db, event.event_id, rnd, self.tables.clock.now(), final=final):\n            return\n",
        ),
        "        if not await store.claim_scoring(self.db, event.event_id, rnd, self.tables.clock.now()):\n"
        "            return\n        if final:\n            await self._advance(event, rnd, final)\n",
        ("tests/events/test_service.py", "-k", "sqlite and pause_as_the_last_round"),
    ),
    Mutant(
        "events: the last round's scoring finishes a paused event",
        "bot/storage/events.py",
        ("\"UPDATE events SET status = 'finished' WHERE id = ? AND status = 'running' AND round = ? \"",),
        "\"UPDATE events SET status = 'finished' WHERE id = ? AND status <> 'cancelled' AND round = ? \"",
        ("tests/events/test_service.py", "-k", "sqlite and pause_as_the_last_round"),
    ),
    Mutant(
        "events: a round seated during a pause adds the pause before its seating to its deadline",
        "bot/storage/events.py",
        ("\"(SELECT paused_at FROM events WHERE id = ? AND status = 'paused' AND round = ?), ?)) \"",),
        "\"(SELECT paused_at FROM events WHERE id = ? AND status = 'never' AND round = ?), ?)) \"",
        ("tests/events/test_service.py", "-k", "sqlite and pause_as_a_round"),
    ),
    Mutant(
        "events: a deadline timer armed before a pause plays the round out early",
        "bot/events/service.py",
        ("        if closes is not None and self.tables.clock.now() < closes:\n",),
        "        if False:\n",
        ("tests/events/test_service.py", "-k", "sqlite and pause_as_a_round"),
    ),
    Mutant(
        "the daily: a streak counts days after the result's own",
        "bot/daily/results.py",
        ("        if d > current:\n            break  # a later day's game (``days`` is sorted)\n",),
        "",
        ("tests/daily/test_service.py", "-k", "sqlite and shown_late"),
    ),
    Mutant(
        "the daily: a result's streak is counted to today, not to its day",
        "bot/daily/service.py",
        ("        stats = daily_stats(await store.player_results(self.db, player_id, latest=True), day)\n",),
        "        stats = daily_stats("
        "await store.player_results(self.db, player_id, latest=True), self.today())\n",
        ("tests/daily/test_service.py", "-k", "sqlite and shown_late"),
    ),
    Mutant(
        "the daily: a noted Share line is not looked at",
        "cogs/daily/_presenter.py",
        ("        noted = None if attempt is None else attempt.share_message_id\n",),
        "        noted = None\n",
        ("tests/cogs/test_daily.py", "-k", "whatever_followed"),
    ),
    Mutant(
        "the daily: a Share line posted is not noted",
        "cogs/daily/_presenter.py",
        ("            await self._note_share(player, day, message.id)\n",),
        "",
        ("tests/cogs/test_daily.py", "-k", "whatever_followed"),
    ),
    Mutant(
        "the daily: a deleted Share line is linked, not posted again",
        "cogs/daily/_presenter.py",
        ('                log.info("daily share of %s was deleted: it may be posted again", player)\n',),
        "                return message\n",
        ("tests/cogs/test_daily.py", "-k", "whatever_followed"),
    ),
    Mutant(
        "the daily: a Share line found by its text is not noted",
        "cogs/daily/_presenter.py",
        ("            await self._note_share(player, day, found.id)\n",),
        "            pass\n",
        ("tests/cogs/test_daily.py", "-k", "not_noted"),
    ),
    Mutant(
        "the daily: a Share line Discord took but not noted is not looked for by its text",
        "cogs/daily/_presenter.py",
        ("        found = await posted(self.bot, channel, line)\n",),
        "        found = None\n",
        ("tests/cogs/test_daily.py", "-k", "not_noted"),
    ),
    Mutant(
        "the daily: a noted Share message is not read back",
        "bot/storage/daily.py",
        ("        str(shared) if shared is not None and str(shared).isdigit() else None,",),
        "        None,",
        ("tests/storage/test_database.py", "-k", "sqlite and share_migration"),
    ),
    Mutant(
        "the daily: a damaged Share message id is read as an id",
        "bot/storage/daily.py",
        ("        str(shared) if shared is not None and str(shared).isdigit() else None,",),
        "        None if shared is None else str(shared),",
        ("tests/storage/test_database.py", "-k", "sqlite and share_migration"),
    ),
    Mutant(
        "a label's stacked accents above the font's ascent are cut off",
        "bot/render/fonts.py",
        ("            top, bottom = min(top, math.floor(y0)), max(bottom, math.ceil(y1))",),
        "            top, bottom = -ascent, descent",
        ("tests/render/test_text_ink.py", "-k", "vietnamese"),
    ),
    Mutant(
        "a label's ink past its advance (a J's hook, an f) is cut off",
        "bot/render/fonts.py",
        ("            left, right = min(left, math.floor(x + x0)), max(right, math.ceil(x + x1))",),
        "            left, right = 0, 0",
        ("tests/render/test_text_ink.py", "-k", "descenders"),
    ),
    Mutant(
        "the close discord.py runs by itself on a fatal gateway error is not bounded",
        "bot/app.py",
        ('    return await _within(running, bot.settings.shutdown_timeout, "the bot\'s own close")\n',),
        '    return await _within(running, None, "the bot\'s own close")  # type: ignore[arg-type]\n',
        ("tests/app/test_shutdown.py", "-k", "fatal_gateway_error_is_bounded"),
    ),
    Mutant(
        "serve never learns the bot is closing by itself",
        "bot/app.py",
        ("        self.closing.set()\n",),
        "",
        ("tests/app/test_shutdown.py", "-k", "fatal_gateway_error_is_bounded"),
    ),
    Mutant(
        "/stats ranks on every game's board while a season runs",
        "cogs/leaderboard/_commands.py",
        ("season_store.player_stats(self.bot.db, guild_id, player_id, season))",),
        "season_store.player_stats(self.bot.db, guild_id, player_id, None))",
        ("tests/cogs/test_seasons.py", "-k", "running_seasons_board"),
    ),
    Mutant(
        "/stats gives every game's ranking points beside the season's rank",
        "bot/storage/seasons.py",
        ("    return replace(mine, rank=row.place, ranking_points=row.ranking_points)\n",),
        "    return replace(mine, rank=row.place)\n",
        ("tests/seasons/test_service.py", "-k", "sqlite and rank_and_ranking_points_of_the_running_season"),
    ),
    Mutant(
        "the skill marker shows the table opened last, not the game finished last",
        "bot/storage/leaderboard.py",
        ("ORDER BY g.finished_at DESC, gp.table_id DESC LIMIT 1",),
        "ORDER BY gp.table_id DESC LIMIT 1",
        ("tests/seasons/test_service.py", "-k", "sqlite and last_finished"),
    ),
    Mutant(
        "a season's summary image says page 1 of 1 over its top ten",
        "bot/text/seasons.py",
        ('    return _image(top, " · ".join(p for p in parts if p), summary.season, names, None, locale)',),
        "    return board_image(top, 0, 1, summary.season, names, None, locale)",
        ("tests/cogs/test_seasons.py", "-k", "top_ten"),
    ),
    Mutant(
        "a private thread's game is replayed for anyone who sees its parent",
        "cogs/review/_cog.py",
        ("if not isinstance(channel, discord.Thread) or not channel.is_private() or allowed.manage_threads",),
        "if True",
        ("tests/cogs/review/test_review.py", "-k", "private_thread"),
    ),
    Mutant(
        "a private thread's game is not replayed for those who manage the parent's threads",
        "cogs/review/_cog.py",
        ("not channel.is_private() or allowed.manage_threads:",),
        "not channel.is_private():",
        ("tests/cogs/review/test_review.py", "-k", "private_thread"),
    ),
    Mutant(
        "a private thread's members are judged by the cache alone",
        "cogs/review/_cog.py",
        ("    if any(m.id == user_id for m in thread.members):\n        return True\n",),
        "    if True:\n        return any(m.id == user_id for m in thread.members)\n",
        ("tests/cogs/review/test_review.py", "-k", "private_thread"),
    ),
    Mutant(
        "a cancelled game's hands are never replayed (still playing, it says)",
        "bot/review/history.py",
        ("    over = game is not None and (game.over or cancelled)\n",),
        "    over = game is not None and game.over\n",
        ("tests/review/test_service.py", "-k", "sqlite and cancelled"),
    ),
    Mutant(
        "the coach rates cards played for a person (a computer in their seat, a timeout)",
        "bot/review/coach.py",
        ("            if mover == seat and record.chosen_by_person(seat, 1 << card):\n",),
        "            if mover == seat:\n",
        ("tests/review/test_service.py", "-k", "sqlite and own_decisions"),
    ),
    Mutant(
        "the coach rates a pass made for a person whose time ran out",
        "bot/review/coach.py",
        ("        if chosen is not None and record.chosen_by_person(seat, chosen):\n",),
        "        if chosen is not None:\n",
        ("tests/review/test_service.py", "-k", "sqlite and own_decisions"),
    ),
    Mutant(
        "a timeout's random moves count as the person's own",
        "bot/review/history.py",
        ('        moves = [move_from_json(r["move"]) for r in timeouts if not r.get("forfeit")]\n',),
        "        moves = []\n",
        ("tests/review/test_service.py", "-k", "sqlite and own_decisions"),
    ),
    Mutant(
        "the profile counts the hand a person left during",
        "bot/review/profile.py",
        ("        seat = record.played_through(player_id)\n",),
        "        seat = record.seat_of(player_id)\n",
        ("tests/review/test_service.py", "-k", "sqlite and own_decisions"),
    ),
    Mutant(
        "an event's name in a review's refusal is not made plain text",
        "bot/text/review.py",
        ('    if "name" in params:\n',),
        "    if False:\n",
        ("tests/review/test_service.py", "-k", "refusal_is_plain_text"),
    ),
    Mutant(
        "a replay GIF's palette is its first frame's (gold drawn pink)",
        "bot/render/replay.py",
        ("    palette = png.shared_palette(images)",),
        "    palette = png.shared_palette(images[:1])",
        ("tests/render/test_replay.py", "-k", "animation"),
    ),
    Mutant(
        "a name too wide for its plate is cut at its end at full size (computers all 'Comput…')",
        "bot/render/table.py",
        ("    name, style = fit_name(seat.name, NAME, name_room, SMALL.size, keep_number=seat.is_computer)",),
        "    name, style = seat.name, NAME",
        ("tests/render/test_table.py", "-k", "computers_number or too_wide"),
    ),
    Mutant(
        "a computer's number is cut off its plate",
        "bot/render/table.py",
        ("    name, style = fit_name(seat.name, NAME, name_room, SMALL.size, keep_number=seat.is_computer)",),
        "    name, style = fit_name(seat.name, NAME, name_room, SMALL.size)",
        ("tests/render/test_table.py", "-k", "computers_number"),
    ),
    Mutant(
        "a timeout's event does not tell the card played for the person",
        "bot/tables/service_base.py",
        ("    played = made.card if isinstance(made, PlayCard) else None\n",),
        "    played = None\n",
        ("tests/tables/test_turns.py", "-k", "card_played_for_them"),
    ),
    Mutant(
        "a timeout's event does not tell the cards passed for the person",
        "bot/tables/service_base.py",
        ("    passed = made.cards if isinstance(made, PassCards) else 0\n",),
        "    passed = 0\n",
        ("tests/tables/test_turns.py", "-k", "timing_out_twice"),
    ),
    Mutant(
        "an outbox's timeout kept before it told the move can't be read",
        "bot/tables/events.py",
        ("    played: Card | None = None\n    passed: CardSet = 0\n",),
        "    played: Card | None\n    passed: CardSet\n",
        ("tests/tables/test_outbox.py", "-k", "sqlite and kept_before"),
    ),
    Mutant(
        "a move made from Show my hand leaves its turn's DM saying 'Your turn'",
        "cogs/hearts/_presenter.py",
        (
            "        if said is not None:\n"
            "            await self._controls_told(state, snap, event.seat, person, said)\n",
        ),
        "",
        ("tests/cogs/hearts/test_clicks.py", "-k", "show_my_hand_takes"),
    ),
    Mutant(
        "a DM click's move is told twice (the event's edit before the click's own)",
        "cogs/hearts/_dms.py",
        ("        return live is not None and live.message_id not in self._answering\n",),
        "        return live is not None\n",
        ("tests/cogs/hearts/test_clicks.py", "-k", "answered_after"),
    ),
    Mutant(
        "a person's turn ping stays after they played",
        "cogs/hearts/_presenter.py",
        (
            "        await self._unping(state, person)\n"
            "        if not self.dms.unanswered(state, event.seat):\n",
        ),
        "        if not self.dms.unanswered(state, event.seat):\n",
        ("tests/cogs/hearts/test_pings.py", "-k", "played"),
    ),
    Mutant(
        "a person's turn ping stays after their time ran out",
        "cogs/hearts/_presenter.py",
        ("                await self._unping(state, event.player_id)  # its turn is over\n",),
        "",
        ("tests/cogs/hearts/test_pings.py", "-k", "time_runs_out"),
    ),
    Mutant(
        "a person's turn ping stays after they left",
        "cogs/hearts/_presenter.py",
        (
            "            if event.player_id is not None:"
            "  # (always: a person quits) no turn of theirs is left\n"
            "                await self._unping(state, event.player_id)\n",
        ),
        "",
        ("tests/cogs/hearts/test_pings.py", "-k", "left"),
    ),
    Mutant(
        "the table message names the passing direction for the whole hand",
        "cogs/hearts/_wording.py",
        ("    elif snap.phase is Phase.PASSING:\n",),
        "    elif True:\n",
        ("tests/cogs/hearts/test_game_flow.py", "-k", "passing_direction"),
    ),
    Mutant(
        "a rematch's notice gives no link to the new table",
        "cogs/hearts/_rematch.py",
        ("        return f\"{line}\\n{t('hand.jump', lang, link=link)}\" if link else line\n",),
        "        return line\n",
        ("tests/cogs/hearts/test_rematch.py", "-k", "everyone_confirms"),
    ),
    Mutant(
        "a rematch's notice waits for a table message the bot may not post",
        "cogs/hearts/_presenter.py",
        (
            "        try:\n            await self._draw_table(await self.state(table_id), snap)\n"
            "        finally:  # drawn, or never to be",
        ),
        "        try:\n            await self._draw_table(await self.state(table_id), snap)\n"
        "        except discord.HTTPException:\n            raise\n        else:  # drawn, or never to be",
        ("tests/cogs/hearts/test_rematch.py", "-k", "may_not_show"),
    ),
    Mutant(
        "a hand's DMs go out before its table message (no link, or the hand before's)",
        "cogs/hearts/_presenter.py",
        (
            "                    # not to the hand before's (nor, at the first hand, to nothing).\n"
            "                    await self.redraws.drawn(snap.table_id)\n",
        ),
        "                    # not to the hand before's (nor, at the first hand, to nothing).\n"
        "                    pass\n",
        ("tests/cogs/hearts/test_game_flow.py", "-k", "links"),
    ),
    Mutant(
        "a new hand's table message waits behind the background redraws",
        "cogs/hearts/_redraw.py",
        ("            first = snap.hand_number != await self._hand_shown(table_id)\n",),
        "            first = False\n",
        ("tests/cogs/hearts/test_presenter_redraw.py", "-k", "new_hands_message"),
    ),
    Mutant(
        "the game's last drawing refused by a 5xx is never tried again",
        "cogs/hearts/_redraw.py",
        ("redraw.retry = self.clock.call_at(self.clock.now() + delay, lambda: self._again(redraw, snap))",),
        "redraw.retry = None",
        ("tests/cogs/hearts/test_table_message_retries.py", "-k", "last_table_drawing"),
    ),
    Mutant(
        "a game of a thread archived since is no one's to replay but its players'",
        "cogs/review/_cog.py",
        (" or await _archived(guild, int(channel_id))",),
        "",
        ("tests/cogs/review/test_review.py", "-k", "archived_since"),
    ),
    Mutant(
        "a rematch starts where the bot may not post",
        "cogs/hearts/_rematch.py",
        ("            elif missing := self._missing(snap):  # not counted",),
        "            elif missing := []:  # not counted",
        ("tests/cogs/hearts/test_rematch.py", "-k", "each_press_says_why"),
    ),
    Mutant(
        "/hearts-settings says nothing of a channel or role the bot can't use",
        "cogs/hearts/_commands.py",
        ('        prefix += "".join(f"{line}\\n" for line in warnings)',),
        '        prefix += ""',
        ("tests/cogs/hearts/test_setup_checks.py",),
    ),
    Mutant(
        "/hearts-settings says nothing of a reward role above the bot's",
        "bot/client/permissions.py",
        ('    return missing if role < me.top_role else [*missing, "position"]',),
        "    return missing",
        ("tests/cogs/hearts/test_setup_checks.py", "-k", "reward_role"),
    ),
    Mutant(
        "a thread the bot may no longer post in keeps the game's news (nobody told)",
        "cogs/hearts/_places.py",
        ("NO_POSTING: Final = PLACE_GONE | {MISSING_PERMISSIONS, THREAD_ARCHIVED}",),
        "NO_POSTING: Final = PLACE_GONE | {THREAD_ARCHIVED}",
        ("tests/cogs/hearts/test_permissions_lost.py", "-k", "send_messages_in_threads or lockdown"),
    ),
    Mutant(
        "a locked thread keeps the game's news (nobody told)",
        "cogs/hearts/_places.py",
        ("NO_POSTING: Final = PLACE_GONE | {MISSING_PERMISSIONS, THREAD_ARCHIVED}",),
        "NO_POSTING: Final = PLACE_GONE | {MISSING_PERMISSIONS}",
        ("tests/cogs/hearts/test_permissions_lost.py", "-k", "locked"),
    ),
    Mutant(
        "Start opens a thread where the bot may not post the table",
        "cogs/hearts/_presenter.py",
        ("        if lacking:\n",),
        "        if lacking and not lacking:\n",
        ("tests/cogs/hearts/test_permissions_lost.py", "-k", "attach_files_taken"),
    ),
    Mutant(
        "a table with no place never tries it again (a permission given back is not used)",
        "cogs/hearts/_presenter.py",
        ("await self.places.again(state)  # (a place lost may be back: tried once a hand)",),
        "pass",
        ("tests/cogs/hearts/test_permissions_lost.py", "-k", "given_back"),
    ),
    Mutant(
        "a game's end is not told by DM to a person who plays in their DMs",
        "cogs/hearts/_presenter.py",
        ("        if shown is not None:  # after the thread's post: a DM never holds it up\n",),
        "        if False:\n",
        ("tests/cogs/hearts/test_game_end_dm.py", "-k", "told_by_dm"),
    ),
    Mutant(
        "a game's end is told by DM again after a restart",
        "cogs/hearts/_presenter.py",
        ("await self.dms.send(state, player_id, once=again, content=text, allowed_mentions=NO_PINGS)",),
        "await self.dms.send(state, player_id, content=text, allowed_mentions=NO_PINGS)",
        ("tests/cogs/hearts/test_game_end_dm.py", "-k", "told_by_dm"),
    ),
    Mutant(
        "a game's end is told by DM to a person whose Activity page shows it",
        "cogs/hearts/_presenter.py",
        (
            "            if player_id in state.no_dm or (\n"
            "                self.live is not None and self.live.watching(snap.table_id, player_id)\n"
            "            ):\n",
        ),
        "            if player_id in state.no_dm:\n",
        ("tests/activity_browser/test_activity_in_a_browser.py", "-k", "whole_game"),
    ),
)

MUTANTS = (
    *ISSUE_27,
    *FEATURES,
    *WEAK_TESTS,
    *PRESENTATION,
    *DAY_EDGE,
    *SEASONS,
    *SUITE_SPEED,
    *EVALUATOR,
    *HAND_END,
    *STYLES,
    *NAMES,
    *SHUTDOWN_AND_PLACES,
    *STORAGE_FAULTS,
    *SOAK,
    *DUPLICATE,
    *REVIEW_FOUR,
    *FROM_NOTES,
)
