"""English: looking back at a hand (the face-up replay, the coach, /hearts replay)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # The Review hand button (on the next hand's table message and under the final standings)
    "button.review_hand": "Review hand {hand}",
    "button.review_previous": "◀ Back",
    "button.review_next": "Next ▶",
    "button.review_animation": "Play the whole hand",
    # The replay
    "review.title": "Table #{table} · Hand {hand}",
    "review.caption.dealt_pass": "As dealt: the raised cards were passed {direction}",
    "review.caption.dealt_hold": "As dealt: no passing this hand",
    "review.caption.trick": "Trick {trick}: {leader} led, {winner} took it ({points} {points|point|points})",
    "review.note.passed_to": "→ {name}",
    "review.intro": "**Hand {hand}** of table #{table}, face up: ◀ ▶ go trick by trick.",
    "review.posted": "Posted the replay of hand {hand} of table #{table} in this channel.",
    "review.points": "Points this hand: {points}",
    "review.animation": "Hand {hand} of table #{table}, trick by trick.",
    "review.public": "Replay of hand {hand} of table #{table}, posted by {name}.",
    "review.alt.seat": "{name}, {points} {points|point|points}: {cards}",
    "review.alt.played": "played {card}",
    "review.alt.passed": "passed {cards}",
    "review.alt.animation": "An animation of hand {hand} of table #{table}, {count} steps: the hands as dealt, then each trick.",
    "review.none": "none",
    # The coach
    "review.coach.preparing": "🧠 The coach is reviewing your decisions in this hand… press ◀ or ▶ in a moment to see it.",
    "review.coach.header": "**Coach** (the hard computer's search, from what you knew at each moment): accuracy {accuracy}% over {count} {count|decision|decisions}; about {lost} expected {lost|point|points} given away.",
    "review.coach.clean": "No costly decision: every choice was within {margin} {margin|point|points} of the best.",
    "review.coach.pass": "Pass: you passed {chosen}; passing {best} was worth about {loss} {loss|point|points} more.",
    "review.coach.card": "Trick {trick}: you played {chosen}; {best} was worth about {loss} {loss|point|points} more.",
    "review.coach.why": "({reason})",
    "review.coach.no_choices": "You had no choice to make in this hand, so there is nothing for the coach to rate.",
    "review.coach.spectator": "You didn't play this hand, so there is no coach review: here is the replay.",
    "review.coach.failed": "The coach couldn't finish this review. Nothing was changed; try again later.",
    "review.pattern.queen_taken": "took the Q♠ with a higher spade while a lower one was safe",
    "review.pattern.took_points": "took a trick with points that a lower card would have let go",
    "review.pattern.led_into_void": "led a suit someone had shown out of, and points were thrown on it",
    "review.pattern.kept_queen": "kept the Q♠ without enough spades to cover it",
    # What can't be reviewed (each answered privately)
    "review.problem.no_table": "There is no table #{table}.",
    "review.problem.other_server": "Table #{table} is on another server: it can only be replayed there.",
    "review.problem.not_started": "Table #{table} hasn't dealt a hand yet.",
    "review.problem.hand_in_play": "Hand {hand} of table #{table} is still being played: it can be reviewed once it is over.",
    "review.problem.no_such_hand": "Table #{table} has no finished hand {hand}: {count} {count|hand is|hands are} finished.",
    "review.problem.game_not_over": "Table #{table} is still playing: its hands can be posted here once the game is over (players can review finished hands with the Review hand button).",
    "review.problem.damaged": "Table #{table}'s record can't be read, so it can't be replayed. Nothing was changed.",
    # /hearts replay
    "command.hearts.replay.name": "replay",
    "command.hearts.replay.description": "Post a face-up replay of a hand of a finished game in this channel",
    "command.hearts.replay.option.table.name": "table",
    "command.hearts.replay.option.table.description": "The table's number (#)",
    "command.hearts.replay.option.hand.name": "hand",
    "command.hearts.replay.option.hand.description": "Which hand (1 is the first)",
}
