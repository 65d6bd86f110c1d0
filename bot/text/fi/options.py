"""Suomi: sellaisen asetusarvon hylkääminen, jota komento ei tarjoa (väärennetyn vuorovaikutuksen):
asetus lukijan Discordissa näkyvällä nimellään ja se, mitä se hyväksyy."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}`: arvon on oltava kokonaisluku {min}–{max}. Mitään ei muutettu.",
    "table.option_not_offered": "`{option}`: sallitut arvot ovat vain {allowed}. Mitään ei muutettu.",
    "reply.option_member": "`{option}`: arvoksi käy vain tämän palvelimen jäsen. Mitään ei muutettu.",
    "reply.option_channel": "`{option}`: arvoksi käy vain jokin tämän palvelimen tekstikanavista. Mitään ei muutettu.",
}
