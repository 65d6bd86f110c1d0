"""Български: отказ на стойност на опция, която командата не предлага (от подправено действие):
опцията с името ѝ в Discord на читателя и какво приема."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` трябва да е цяло число от {min} до {max}. Нищо не е променено.",
    "table.option_not_offered": "`{option}` приема само едно от тези: {allowed}. Нищо не е променено.",
    "reply.option_member": "`{option}` приема член на този сървър. Нищо не е променено.",
    "reply.option_channel": "`{option}` приема един от текстовите канали на този сървър. Нищо не е променено.",
}
