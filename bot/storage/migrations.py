"""The schema, as numbered migrations: one set for SQLite and PostgreSQL. The database keeps the number
of the last one applied (SQLite: ``PRAGMA user_version``; PostgreSQL: the one-row table
``schema_version``); start-up applies the missing ones in order, each in its own transaction.
Never edit a released migration: add the next one.

The scripts are written in SQLite's SQL; ``for_dialect`` maps the three things PostgreSQL spells
otherwise: ``REAL`` is a 4-byte float there (→ ``DOUBLE PRECISION``), ``INTEGER`` is 4 bytes (→
``BIGINT``, as SQLite's are 8), and ``WITHOUT ROWID`` (a SQLite storage hint) is dropped. Anything
else must be SQL both understand.
"""

from __future__ import annotations

import logging
import re
from typing import Final

from bot.storage.backend import Backend, Dialect, Tx
from bot.storage.errors import SchemaError

log = logging.getLogger(__name__)

MIGRATIONS: Final[tuple[str, ...]] = (
    # 1: tables with their state and action log, finished games, ratings, server settings.
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        host_id TEXT NOT NULL,
        status TEXT NOT NULL,          -- lobby, playing, finished, cancelled
        move INTEGER NOT NULL,
        deadline REAL,                 -- epoch seconds; NULL when nobody is waited for
        state TEXT NOT NULL,           -- the table as JSON (bot.tables.table.Table.to_json)
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX tables_open ON tables(status) WHERE status IN ('lobby', 'playing');
    CREATE INDEX tables_channel ON tables(guild_id, channel_id);
    CREATE TABLE actions (             -- append-only: every accepted action, to replay and audit
        table_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        at REAL NOT NULL,
        move INTEGER NOT NULL,
        actor TEXT,                    -- person id; NULL for the service (timer, computer)
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,         -- JSON
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE games (
        table_id INTEGER PRIMARY KEY,
        guild_id TEXT NOT NULL,
        finished_at REAL NOT NULL,
        end_reason TEXT NOT NULL,
        hands INTEGER NOT NULL,
        options TEXT NOT NULL
    );
    CREATE TABLE game_players (        -- persons only: computers never appear in standings
        table_id INTEGER NOT NULL,
        guild_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        seat INTEGER,
        place INTEGER,                 -- NULL for a quitter
        total INTEGER NOT NULL,
        ranking_points INTEGER NOT NULL,
        hands INTEGER NOT NULL,        -- hands this person played to the end
        hand_points INTEGER NOT NULL,  -- points they took in those hands
        moons INTEGER NOT NULL,
        timeouts INTEGER NOT NULL,
        quit INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (table_id, player_id)
    );
    CREATE INDEX game_players_guild ON game_players(guild_id, player_id);
    CREATE TABLE ratings (             -- OpenSkill (Plackett-Luce) per server; computers as ids
        guild_id TEXT NOT NULL,        -- 'computer:<level>' so that games against them count
        player_id TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        PRIMARY KEY (guild_id, player_id)
    );
    CREATE TABLE server_settings (
        guild_id TEXT PRIMARY KEY,
        data TEXT NOT NULL,            -- JSON (bot.tables.options.ServerSettings)
        updated_at REAL NOT NULL
    );
    """,
    # 2: what the presenter (the Discord layer) must remember per table across restarts, e.g. the ids
    # of the lobby and table messages. Free-form text values keyed by name.
    """
    CREATE TABLE presenter_data (
        table_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (table_id, key)
    ) WITHOUT ROWID;
    """,
    # 3: each person's own display preferences (e.g. the four-colour deck), across servers.
    """
    CREATE TABLE player_preferences (
        player_id TEXT PRIMARY KEY,
        data TEXT NOT NULL,            -- JSON (bot.tables.preferences.PlayerPreferences)
        updated_at REAL NOT NULL
    );
    """,
    # 4: which bot process owns the database (bot.storage.lease): one row per lease name; today one
    # process owns every shard ("shards:all"); later each process owns a range of shards.
    """
    CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,          -- a random id of the holding process's run
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        started_at REAL NOT NULL,      -- epoch seconds
        heartbeat_at REAL NOT NULL,
        expires_at REAL NOT NULL       -- free for another process after this (or if pid is gone)
    );
    """,
    # 2: several processes on one database. A table's row carries the number of its last action-log
    # row: a save is applied only on top of the row it was computed from (compare-and-set), so two
    # processes never both apply a move for the same state (bot.storage.writes). A game's results
    # keep each person's skill before and after, so the process that presents the game's end can
    # tell them when another process saved it.
    """
    ALTER TABLE game_players ADD COLUMN skill_before REAL;
    ALTER TABLE game_players ADD COLUMN skill_after REAL;
    ALTER TABLE tables ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET seq = COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.table_id = tables.id), 0);
    """,
    # Hand reviews (bot.review): the coach's rating of one seat's decisions in one finished hand,
    # saved so a second look is instant; the counts feed each person's running accuracy in /stats.
    """
    CREATE TABLE reviews (
        table_id INTEGER NOT NULL,
        hand_number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        guild_id TEXT NOT NULL,
        decisions INTEGER NOT NULL,    -- decisions rated
        accurate INTEGER NOT NULL,     -- of them, within the coach's margin of the best
        data TEXT NOT NULL,            -- JSON (bot.review.coach.CoachReport.to_json)
        created_at REAL NOT NULL,
        PRIMARY KEY (table_id, hand_number, seat)
    );
    CREATE INDEX reviews_player ON reviews(player_id, created_at);
    """,
    # The outbox: what an action owes the players (its table events, JSON: bot.tables.event_codec),
    # written in the action's own transaction, so that a crash between the commit and Discord loses
    # nothing. ``shown`` counts the events delivered; ``delivered_at`` is set once all are (the events
    # are then dropped), and delivered rows are pruned after a while (bot.tables.service).
    """
    CREATE TABLE outbox (
        table_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,          -- the action (actions.seq) that owes these events
        events TEXT NOT NULL,          -- JSON; emptied once delivered
        shown INTEGER NOT NULL,
        delivered_at REAL,             -- epoch seconds; NULL while owed
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    CREATE INDEX outbox_delivered ON outbox(delivered_at);
    """,
    # One bot's global request budget divided among its processes (bot.storage.budget): a row per
    # process, keyed by its lease's holder id.
    """
    CREATE TABLE budget_shares (
        holder TEXT PRIMARY KEY,
        demand INTEGER NOT NULL,       -- requests it would start in a window, as last reported
        share INTEGER NOT NULL,        -- requests it may start in a window now
        reserved INTEGER NOT NULL,     -- what it may still be using of a larger share given up ...
        reserved_until REAL NOT NULL   -- ... until then (epoch seconds)
    );
    """,
    # The daily challenge (bot.daily): one attempt per person and day (the table it is played at,
    # the result once the last hand ends), the day's par, and each server's summary post.
    """
    CREATE TABLE daily_attempts (
        day TEXT NOT NULL,             -- YYYY-MM-DD, UTC
        player_id TEXT NOT NULL,
        guild_id TEXT NOT NULL,        -- the server it was started from: its board
        channel_id TEXT NOT NULL,      -- the channel it was started from: where Share posts
        locale TEXT NOT NULL,          -- the language of the person's private daily messages
        table_id INTEGER,              -- NULL until the attempt's table is saved
        started_at REAL NOT NULL,
        total INTEGER,                 -- the person's points; NULL until finished (or given up)
        hands TEXT,                    -- JSON: points per hand
        finished_at REAL,
        PRIMARY KEY (day, player_id)
    );
    CREATE INDEX daily_attempts_guild ON daily_attempts(guild_id, day);
    CREATE INDEX daily_attempts_player ON daily_attempts(player_id, day);
    CREATE TABLE daily_par (
        day TEXT PRIMARY KEY,
        total INTEGER NOT NULL,
        hands TEXT NOT NULL            -- JSON: hard's points per hand
    );
    CREATE TABLE daily_posts (         -- a server's summary of a closed day, posted once
        guild_id TEXT NOT NULL,
        day TEXT NOT NULL,
        claimed_by TEXT NOT NULL,      -- the process run that posts it
        posted_at REAL,                -- NULL while being posted
        PRIMARY KEY (guild_id, day)
    );
    """,
    # Server events (bot.events): duplicate tournaments over rounds. An event, its entrants, each
    # round's seating (claimed once: the round's row), the tables of a round and the people's points
    # per board; scoring a round is a compare-and-set on its row (scored_at).
    """
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,      -- where the sign-up message is and the tables open
        organiser_id TEXT NOT NULL,
        name TEXT NOT NULL,
        options TEXT NOT NULL,         -- JSON: bot.events.model.EventOptions
        seed INTEGER NOT NULL,         -- the rounds' boards come from it
        status TEXT NOT NULL,          -- signup, running, finished, cancelled
        round INTEGER NOT NULL,        -- the round being played; 0 before the start
        message_id TEXT,               -- the sign-up message
        thread_id TEXT,                -- the event's own thread (standings)
        paused_at REAL,                -- while paused: since when (the round's deadline stops)
        created_at REAL NOT NULL
    );
    CREATE INDEX events_guild ON events(guild_id, status);
    CREATE TABLE event_entrants (
        event_id INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        joined_at REAL NOT NULL,
        status TEXT NOT NULL DEFAULT 'in',  -- in, removed (by the organiser), withdrew
        PRIMARY KEY (event_id, player_id)
    );
    CREATE TABLE event_rounds (        -- a round's row: whoever inserts it seats the round
        event_id INTEGER NOT NULL,
        round INTEGER NOT NULL,
        seated_at REAL NOT NULL,
        scored_at REAL,                -- set once, by whoever scores the round
        PRIMARY KEY (event_id, round)
    );
    CREATE TABLE event_seats (         -- the round's seating: the table (by index) and seat of each person
        event_id INTEGER NOT NULL,
        round INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        table_index INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        PRIMARY KEY (event_id, round, player_id)
    );
    CREATE TABLE event_tables (
        event_id INTEGER NOT NULL,
        round INTEGER NOT NULL,
        table_index INTEGER NOT NULL,
        table_id INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        PRIMARY KEY (event_id, round, table_index)
    );
    CREATE INDEX event_tables_table ON event_tables(table_id);
    CREATE TABLE event_scores (        -- a person's points on one board in one seat
        event_id INTEGER NOT NULL,
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,        -- numbered through the event: (round - 1) * hands + hand
        player_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (event_id, board, player_id)
    );
    """,
    # Server events: the standings a scored round owes its thread (bot.events), so that a crash
    # between the scoring and the post loses nothing: NULL while owed (rows scored before this
    # migration were posted).
    """
    ALTER TABLE event_rounds ADD COLUMN posted_at REAL;
    UPDATE event_rounds SET posted_at = scored_at;
    """,
    # Seasons (bot.seasons): a server's numbered seasons, each closed once (its board frozen in
    # season_board as it stood, the next season opened, in one transaction) and its summary posted
    # once (claimed_by / posted_at, as daily_posts). A game counts in the season in which it
    # finished: its results are added to that season's totals in the game's own transaction.
    """
    CREATE TABLE seasons (
        guild_id TEXT NOT NULL,
        number INTEGER NOT NULL,       -- 1, 2, ... per server
        kind TEXT NOT NULL,            -- monthly, quarterly (bot.tables.seasons.SeasonKind)
        starts_at REAL NOT NULL,       -- epoch seconds: games finished from here ...
        ends_at REAL NOT NULL,         -- ... until here count (moved by a change of kind until closed)
        closed_by TEXT,                -- the process run that froze its board; NULL while it runs
        closed_at REAL,
        claimed_by TEXT,               -- the process run that posts its summary
        posted_at REAL,                -- NULL while owed (or being posted)
        PRIMARY KEY (guild_id, number)
    );
    CREATE INDEX seasons_open ON seasons(guild_id) WHERE closed_at IS NULL;
    CREATE TABLE season_board (        -- a closed season's board, as it stood at the close
        guild_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        place INTEGER NOT NULL,        -- by ranking points, then wins; equal in both share it
        ranking_points INTEGER NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        hands INTEGER NOT NULL,
        hand_points INTEGER NOT NULL,
        skill REAL NOT NULL,           -- the skill (which carries on) at the close
        PRIMARY KEY (guild_id, number, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX season_board_place ON season_board(guild_id, number, place);
    CREATE TABLE season_totals (       -- a season's figures per person, added to as each game is saved
        guild_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        ranking_points INTEGER NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        hands INTEGER NOT NULL,
        hand_points INTEGER NOT NULL,
        PRIMARY KEY (guild_id, number, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX season_totals_points ON season_totals(guild_id, number, ranking_points, wins);
    """,
    # Display names as last seen in an interaction (bot.storage.names), so that the boards, the
    # daily's and the events' posts and the Activity name people after a restart, and in every
    # process of the bot (the bot has no members intent: a member is not always cached).
    """
    CREATE TABLE display_names (
        player_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        seen_at REAL NOT NULL
    );
    """,
    # 14: display names per server: a person's nickname on a server names them there only; the
    # name seen outside any server (guild_id '', their global name) everywhere else. The names
    # of 13, seen in DMs as often as on a server, become the global ones.
    """
    CREATE TABLE seen_names (
        guild_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        seen_at REAL NOT NULL,
        PRIMARY KEY (guild_id, player_id)
    ) WITHOUT ROWID;
    INSERT INTO seen_names (guild_id, player_id, name, seen_at)
        SELECT '', player_id, name, seen_at FROM display_names;
    DROP TABLE display_names;
    """,
    # 15: whether a game was ranked (docs/RULES.md 2a.8: it started with two people or more): the
    # boards count ranked games only, a person's own /stats every game. A game before this
    # migration was ranked exactly when two people or more have a row in it (nobody joins a game
    # under way: a person who left may only take their own seat back). The running seasons' totals are counted
    # again from their windows' ranked games (a solo game leaves them, a game that finished before
    # its season's row was opened joins them); closed seasons stay as they stood. games_finished:
    # a season's games by when they finished (a season opened after its start counts those before).
    """
    ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
    UPDATE games SET ranked = 0
        WHERE (SELECT COUNT(*) FROM game_players gp WHERE gp.table_id = games.table_id) < 2;
    CREATE INDEX games_finished ON games(guild_id, finished_at);
    DELETE FROM season_totals WHERE EXISTS (SELECT 1 FROM seasons s WHERE s.guild_id = season_totals.guild_id
        AND s.number = season_totals.number AND s.closed_at IS NULL);
    INSERT INTO season_totals (guild_id, number, player_id, ranking_points, games, wins, hands, hand_points)
        SELECT s.guild_id, s.number, gp.player_id, SUM(gp.ranking_points), COUNT(*), SUM(gp.won),
            SUM(gp.hands), SUM(gp.hand_points)
        FROM seasons s
        JOIN games g ON g.guild_id = s.guild_id AND g.finished_at >= s.starts_at AND g.finished_at < s.ends_at
        JOIN game_players gp ON gp.table_id = g.table_id
        WHERE s.closed_at IS NULL AND g.ranked = 1
        GROUP BY s.guild_id, s.number, gp.player_id;
    """,
    # 16: a daily result owed to its person (bot.daily): set by the write that records the result,
    # cleared once its DM is out. A result recorded just before a crash, or whose DM could not be
    # sent for a while (the database failed as it was read for it), is shown at the next start or
    # try, once. Results recorded before this migration were shown (or lost) long ago.
    """
    ALTER TABLE daily_attempts ADD COLUMN result_owed INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX daily_attempts_owed ON daily_attempts(day) WHERE result_owed = 1;
    """,
    # 17: when a round's announcement (its tables, who sits where, its deadline) was posted in the
    # event's thread (bot.events): NULL while owed. A round seated just before a crash, or whose
    # post Discord did not take, is announced at the next start or try, once. The rounds before
    # this migration were announced (or lost) long ago.
    """
    ALTER TABLE event_rounds ADD COLUMN announced_at REAL;
    UPDATE event_rounds SET announced_at = seated_at;
    """,
    # 18: when a process last reported its demand for the global budget (bot.storage.budget): a
    # row is a dead process's only once it has not reported for a while and its lease is gone
    # (after a database outage longer than a lease every lease looked gone, and each process took
    # the whole budget). Rows written before it count as reported long ago.
    """
    ALTER TABLE budget_shares ADD COLUMN reported_at REAL NOT NULL DEFAULT 0;
    """,
    # 19: the message of a daily result's Share line (bot.daily, cogs.daily), in the attempt's
    # channel_id, noted once Discord took it: a second click links to it, however the line would
    # read now (another name, another server language) and however many messages came after it.
    # NULL while not shared; a line shared before this migration is found as before, by its text
    # among the channel's last messages.
    """
    ALTER TABLE daily_attempts ADD COLUMN share_message_id TEXT;
    """,
)

SCHEMA_VERSION: Final = len(MIGRATIONS)
LEASES: Final = 4
"""The schema version that has the ``leases`` table: what taking the lease needs, before the rest
is migrated by the process that holds it."""


_POSTGRES_SPELLING: Final = (
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\s*WITHOUT ROWID"), ""),
)


def for_dialect(script: str, dialect: Dialect) -> str:
    """A migration as ``dialect`` spells it (see the module's docstring)."""
    if dialect is Dialect.POSTGRESQL:
        for pattern, spelling in _POSTGRES_SPELLING:
            script = pattern.sub(spelling, script)
    return script


def statements(script: str) -> list[str]:
    """Split a migration into statements (run one by one inside the migration's transaction)."""
    out: list[str] = []
    current: list[str] = []
    for line in script.splitlines():
        code = line.split("--", 1)[0]
        current.append(code)
        if code.rstrip().endswith(";"):
            out.append("\n".join(current).strip())
            current = []
    tail = "\n".join(current).strip()
    if tail:
        out.append(tail)
    return [s.rstrip(" ;\n") for s in out if s.strip(" ;\n")]


async def apply(backend: Backend, upto: int = SCHEMA_VERSION) -> None:
    """Bring the schema up to migration ``upto`` (tests stop earlier); ``SchemaError`` if the
    database is newer than this bot."""

    async def step(tx: Tx) -> bool:
        version = await backend.read_version(tx)
        if version > SCHEMA_VERSION:
            raise SchemaError(
                f"the database is at schema version {version}, newer than this bot's {SCHEMA_VERSION}; "
                "run a newer version of the bot or use another database"
            )
        if version >= upto:
            return False
        for statement in statements(for_dialect(MIGRATIONS[version], backend.dialect)):
            await tx.execute(statement)
        await backend.write_version(tx, version + 1)
        log.info("database migrated to schema version %d", version + 1)
        return True

    while await backend.transaction(step):
        pass
