"""Hindi: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows (a choice, a range, a member or
a channel of the server)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` {min} से {max} तक की कोई पूर्ण संख्या होनी चाहिए। कुछ भी नहीं बदला गया।",
    "table.option_not_offered": "`{option}` के लिए केवल इनमें से एक चुना जा सकता है: {allowed}। कुछ भी नहीं बदला गया।",
    "reply.option_member": "`{option}` में इस सर्वर का कोई सदस्य होना चाहिए। कुछ भी नहीं बदला गया।",
    "reply.option_channel": "`{option}` में इस सर्वर का कोई टेक्स्ट चैनल होना चाहिए। कुछ भी नहीं बदला गया।",
}
