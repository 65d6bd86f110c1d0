"""Looking back at a finished hand: what it looked like face up (``history``), the coach's rating of
one seat's decisions (``coach``), the reviews saved so a second look is instant and the coach run
in the background at low priority (``service``), and the ids of the Review controls (``ids``).

It stands on the table service (``bot.tables.replay`` rebuilds a hand from the action log), the
computer players (the coach is ``hard``'s search) and storage; it knows nothing of Discord. The
fairness rule lives here: only a hand that is over can be looked at (``history.table_history``
never records the hand in play).
"""
