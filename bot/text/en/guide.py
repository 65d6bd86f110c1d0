"""English: ``/hearts help`` for a first-timer, and the alt text of every image.

The help is an embed: ``help.intro`` is its description, each ``help.<part>.name``/``.value`` a
field (Discord: a field value at most 1024 characters, the description 4096, all of it 6000;
``tests/text`` checks every language).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # /hearts help
    "help.title": "How to play Hearts",
    "help.intro": "Hearts is a card game for 3 to 7 players, played in tricks. **Points are bad**: when the game ends, the player with the fewest points wins.",
    "help.passing.name": "1. Passing",
    "help.passing.value": "Before each hand you pass {pass_count} {pass_count|card|cards} to another player (left, right, across; some hands nobody passes). Tap the cards you want to give away, then press **{pass_button}**. Good cards to pass: the Q♠, high spades, high hearts.",
    "help.playing.name": "2. Tricks",
    "help.playing.value": "Whoever holds the 2♣ leads the first trick. Everyone plays one card in turn. **Follow suit**: if you have a card of the suit that was led, you must play one. The highest card of the led suit takes the trick and leads the next one. If you can't follow, play any card: that is your chance to get rid of hearts or the Q♠.",
    "help.points.name": "3. Points",
    "help.points.value": 'Every heart you take is 1 point, the Q♠ is {queen}. You can\'t lead hearts until a heart has been played (hearts are "broken"), and there are no points on the first trick.',
    "help.moon.name": "4. Shooting the moon",
    "help.moon.value": "Take **all** the hearts and the Q♠ in one hand, and you score 0 while everyone else gets {moon}. Risky: miss a single heart and you keep the points.",
    "help.buttons.name": "5. The buttons",
    "help.buttons.value": "**{join}** takes a seat; the host presses **{start}**. Your cards come by DM (or with **{show_hand}** on the table message). Tap a card to play it: cards you may not play are greyed out. **{last_trick}** shows the trick just taken, **{score_sheet}** the scores so far. If time runs out, a random card is played for you.",
    "help.more.name": "More",
    "help.more.value": "`{rules_command}` shows the exact rules of the table in this channel; `{me_command}` sets your language and auto-play. The full rule book: {rules_link}",
    "help.sample_player.1": "Alex",
    "help.sample_player.2": "Sam",
    "help.sample_player.3": "Zoe",
    "help.sample_player.4": "Ben",
    "help.images": "Below: a hand (the greyed cards can't be played now) and a table in the middle of a trick.",
    # Alt text of the images (bot.text.alt_text): the same information in words, at most 1024 characters
    "alt.hand": "Your hand, {count} {count|card|cards}.",
    "alt.hand_empty": "Your hand is empty.",
    "alt.suit": "{suit}: {cards}",
    "alt.sentence": "{text}.",
    "alt.separator": "; ",
    "alt.playable": "You may play: {cards}.",
    "alt.playable_all": "You may play any of them.",
    "alt.playable_none": "You can't play a card now.",
    "alt.chosen": "Chosen to pass: {cards}.",
    "alt.received": "Just received: {cards}.",
    "alt.bonus": "The {card} is the bonus card ({bonus:+d}).",
    "alt.table": "The table, {count} {count|player|players} in turn order.",
    "alt.seat": "{name}: {score} {score|point|points}",
    "alt.seat_computer": "computer player",
    "alt.seat_hand_points": "{points} this hand",
    "alt.seat_cards_left": "{count} {count|card|cards} left",
    "alt.seat_led": "led {card}",
    "alt.seat_played": "played {card}",
    "alt.seat_to_move": "to play",
    "alt.to_move": "{name} is to play.",
    "alt.trick_taken": "{name} takes the trick.",
    "alt.trick_empty": "No card has been played to this trick yet.",
    "alt.sheet": "{title}, {players} {players|player|players}.",
    "alt.sheet_totals": "Totals: {totals}.",
    "alt.sheet_leaders": "Leading: {names}.",
    "alt.sheet_row": "Hand {hand}: {points}.",
    "alt.sheet_shot": "{shot} by {name}",
    "alt.sheet_score": "{name} {points}",
    "alt.earlier_hands": "{count} earlier {count|hand|hands} not listed.",
    "alt.standings_row": "{place}. {name}: {total} {total|point|points}",
    "alt.standings_unranked": "{name} (computer player): {total} {total|point|points}",
    "alt.standings_shared": "shared place",
    "alt.standings_ranking": "{delta:+d} ranking {delta|point|points}",
    "alt.example": "Example: {text}",
}
