"""Ελληνικά: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "ημερήσια",
    "command.hearts.daily.description": "Η ημερήσια πρόκληση: οι ίδιες τέσσερις μοιρασιές για όλους σήμερα",
    "command.hearts.daily.play.name": "παίξε",
    "command.hearts.daily.play.description": "Παίξε τη σημερινή πρόκληση, ιδιωτικά στα προσωπικά σου μηνύματα",
    "command.hearts.daily.board.name": "πίνακας",
    "command.hearts.daily.board.description": "Η κατάταξη αυτού του διακομιστή στην πρόκληση μιας ημέρας",
    "command.hearts.daily.board.option.day.name": "ημέρα",
    "command.hearts.daily.board.option.day.description": "ΕΕΕΕ-ΜΜ-ΗΗ ή ο αριθμός της πρόκλησης (προεπιλογή: σήμερα)",
    "command.hearts-settings.option.daily_channel.name": "κανάλι_ημερήσιας",
    "command.hearts-settings.option.daily_channel.description": "Δημοσίευε τη σύνοψη κάθε ημερήσιας πρόκλησης σε αυτό το κανάλι",
    "command.hearts-settings.option.daily_off.name": "χωρίς_ημερήσια",
    "command.hearts-settings.option.daily_off.description": "Σταμάτα να δημοσιεύεις τη σύνοψη της ημερήσιας πρόκλησης",
    # Playing
    "daily.intro": "**Ημερήσια πρόκληση #{number}** · {day} (UTC), ανοιχτή μέχρι {closes}\nΤέσσερις μοιρασιές (δόσιμο αριστερά, δεξιά, απέναντι, χωρίς δόσιμο) απέναντι σε τρεις παίκτες-υπολογιστές. Σήμερα όλοι παίζουν τα ίδια φύλλα: πάρε τον χρόνο σου, δεν υπάρχει όριο χρόνου ανά κίνηση. Τα φύλλα σου ακολουθούν.",
    "daily.started": "Η ημερήσια πρόκλησή σου #{number} σε περιμένει στα προσωπικά σου μηνύματα.",
    "daily.resumed": "Παίζεις τη σημερινή πρόκληση #{number}: συνεχίζεται στα προσωπικά σου μηνύματα.",
    "daily.dms_closed": "Η ημερήσια πρόκληση παίζεται με προσωπικά μηνύματα και δεν μπορώ να σου στείλω. Επίτρεψε προσωπικά μηνύματα από μέλη αυτού του διακομιστή (Ρυθμίσεις απορρήτου) και δοκίμασε ξανά: δεν έχει ξεκινήσει τίποτα ακόμα.",
    "daily.played": "Έχεις ήδη παίξει τη σημερινή πρόκληση #{number}: μία προσπάθεια τη μέρα. Η επόμενη ξεκινά {next}.",
    "daily.not_ready": "Η ημερήσια πρόκληση ετοιμάζεται: δοκίμασε ξανά σε λίγο.",
    # The result (private)
    "daily.result.title": "**Ημερήσια πρόκληση #{number}: {total} {total|πόντος|πόντοι}** · {par}",
    "daily.result.hands": "Μοιρασιές: {hands}",
    "daily.result.place": "Θέση σε αυτόν τον διακομιστή μέχρι στιγμής: {place} από {players} · τα πήγες το ίδιο καλά ή καλύτερα από το {percentile}% όσων έπαιξαν",
    "daily.result.streak": "Σερί: {streak} {streak|μέρα|μέρες} στη σειρά",
    "daily.result.share_hint": "Το **Κοινοποίηση** δημοσιεύει μία γραμμή χωρίς κανένα φύλλο στο κανάλι από όπου ξεκίνησες.",
    "daily.par.under": "{count} κάτω από το par",
    "daily.par.over": "{count} πάνω από το par",
    "daily.par.level": "ίσα με το par",
    "daily.par.pending": "το par υπολογίζεται ακόμα",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Κοινοποίηση",
    # Share (public, the server's language)
    "daily.share": "{name} · Κούπες ημερήσια #{number} · {symbols} · {total} {total|πόντος|πόντοι} · {par}",
    "daily.shared": "Κοινοποιήθηκε στο {channel}.",
    "daily.share_none": "Δεν υπάρχει κάτι να κοινοποιήσεις: δεν τελείωσες την πρόκληση εκείνης της ημέρας.",
    "daily.share_failed": "Δεν μπορώ να γράψω στο {channel}· δεν κοινοποιήθηκε τίποτα.",
    # Boards
    "daily.bad_day.malformed": "Δεν καταλαβαίνω αυτή την ημέρα: γράψ' την ως ΕΕΕΕ-ΜΜ-ΗΗ (για παράδειγμα {example}) ή ως τον αριθμό της πρόκλησης.",
    "daily.bad_day.future": "Η πρόκληση εκείνης της ημέρας δεν έχει ξεκινήσει ακόμα.",
    "daily.bad_day.before_first": "Δεν υπήρχε ημερήσια πρόκληση εκείνη την ημέρα: η πρώτη ήταν στις {first}.",
    "daily.board.nobody": "Κανείς σε αυτόν τον διακομιστή δεν τελείωσε την πρόκληση της {day} (#{number}).",
    "daily.board.title": "**Ημερήσια πρόκληση #{number}** · {day} · {players} σε αυτόν τον διακομιστή, {everyone} συνολικά · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|πόντος|πόντοι} ({par}) · εκατοστημόριο {percentile}",
    "daily.board.open": "Η ημέρα είναι ακόμα ανοιχτή: οι μοιρασιές φαίνονται όταν κλείσει, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Η ημερήσια πρόκληση #{number} ({day}) έκλεισε.** Η κατάταξη αυτού του διακομιστή και οι μοιρασιές που έπαιξαν όλοι:",
    "daily.summary.deal": "**Μοιρασιά {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "εσύ",
    "daily.summary.no_permission": "⚠️ Διαχειριστές του διακομιστή: δεν μπόρεσα να δημοσιεύσω τη σύνοψη της ημερήσιας πρόκλησης στο {channel}: χρειάζομαι εκεί {permissions}.",
    # /stats
    "daily.stats.name": "Ημερήσια πρόκληση",
    "daily.stats.value": "{days} {days|μέρα|μέρες} παιγμένες · καλύτερο {best} · σερί {current} (μεγαλύτερο {longest}) · κατά μέσο όρο {average} από το par",
    "daily.stats.none": "Καμία ημερήσια πρόκληση δεν έχει τελειώσει ακόμα.",
    "daily.settings.line": "Σύνοψη ημερήσιας πρόκλησης: {channel}",
    "daily.settings.off": "όχι",
}
