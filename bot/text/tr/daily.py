"""Türkçe: günlük meydan okuma (``/hearts günlük``, sonucu, Paylaş, sıralamalar, özetler,
/istatistikler)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "günlük",
    "command.hearts.daily.description": "Günlük meydan okuma: bugün herkes için aynı dört dağıtım",
    "command.hearts.daily.play.name": "oyna",
    "command.hearts.daily.play.description": "Bugünün meydan okumasını özel mesajlarında, kendi başına oyna",
    "command.hearts.daily.board.name": "sıralama",
    "command.hearts.daily.board.description": "Bir günün meydan okuması için bu sunucunun sıralaması",
    "command.hearts.daily.board.option.day.name": "gün",
    "command.hearts.daily.board.option.day.description": "YYYY-AA-GG ya da meydan okumanın numarası (varsayılan: bugün)",
    "command.hearts-settings.option.daily_channel.name": "günlük_kanalı",
    "command.hearts-settings.option.daily_channel.description": "Her günün meydan okuma özetini bu kanalda paylaş",
    "command.hearts-settings.option.daily_off.name": "günlük_kapalı",
    "command.hearts-settings.option.daily_off.description": "Günlük meydan okuma özetini paylaşmayı bırak",
    # Playing
    "daily.intro": "**Günlük meydan okuma #{number}** · {day} (UTC), kapanış: {closes}\nÜç bilgisayar oyuncuya karşı dört tur (kartlar sola, sağa, karşıya, sonra vermeden). Bugün herkes aynı kartlarla oynuyor: acele etme, hamle süresi yok. Kartların geliyor.",
    "daily.started": "Günlük meydan okuma #{number} özel mesajlarında seni bekliyor.",
    "daily.resumed": "Bugünün meydan okumasını (#{number}) oynuyorsun: özel mesajlarında devam ediyor.",
    "daily.dms_closed": "Günlük meydan okuma özel mesajla oynanır ve sana özel mesaj gönderemiyorum. Bu sunucunun üyelerinden gelen özel mesajlara izin ver (Gizlilik Ayarları) ve tekrar dene: henüz hiçbir şey başlamadı.",
    "daily.played": "Bugünün meydan okumasını (#{number}) oynadın: günde bir deneme hakkı var. Sıradaki {next} başlıyor.",
    "daily.not_ready": "Günlük meydan okuma hazırlanıyor: birazdan tekrar dene.",
    # The result (private)
    "daily.result.title": "**Günlük meydan okuma #{number}: {total} puan** · {par}",
    "daily.result.hands": "Turlar: {hands}",
    "daily.result.place": "Şimdilik bu sunucudaki sıran: {place}/{players} · tüm oynayanların %{percentile} kadarıyla aynı ya da daha iyi sonuç aldın",
    "daily.result.streak": "Seri: üst üste {streak} gün",
    "daily.result.share_hint": "**Paylaş**, başladığın kanala hiçbir kart içermeyen tek bir satır gönderir.",
    "daily.par.under": "par altı {count}",
    "daily.par.over": "par üstü {count}",
    "daily.par.level": "tam par",
    "daily.par.pending": "par henüz hesaplanıyor",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Paylaş",
    # Share (public, the server's language)
    "daily.share": "{name} · Hearts günlük #{number} · {symbols} · {total} puan · {par}",
    "daily.shared": "Paylaşıldı: {channel}.",
    "daily.share_none": "Paylaşacak bir şey yok: o günün meydan okumasını bitirmedin.",
    "daily.share_failed": "Şu kanala yazamıyorum: {channel}. Hiçbir şey paylaşılmadı.",
    # Boards
    "daily.bad_day.malformed": "Bu günü okuyamıyorum: YYYY-AA-GG biçiminde (örneğin {example}) ya da meydan okumanın numarası olarak yaz.",
    "daily.bad_day.future": "O günün meydan okuması henüz başlamadı.",
    "daily.bad_day.before_first": "O gün günlük meydan okuma yoktu: ilki şu tarihteydi: {first}.",
    "daily.board.nobody": "Bu sunucuda kimse {day} tarihli meydan okumayı (#{number}) bitirmedi.",
    "daily.board.title": "**Günlük meydan okuma #{number}** · {day} · bu sunucuda {players}, toplam {everyone} · {par}",
    "daily.board.row": "{place}. {name}: {total} puan ({par}) · yüzdelik {percentile}",
    "daily.board.open": "Gün henüz kapanmadı: dağıtımlar gün kapanınca gösterilecek, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Günlük meydan okuma #{number} ({day}) kapandı.** Bu sunucunun sıralaması ve herkesin oynadığı dağıtımlar:",
    "daily.summary.deal": "**Tur {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "sen",
    "daily.summary.no_permission": "⚠️ Sunucu yöneticileri: günlük meydan okuma özetini şu kanala gönderemedim: {channel}. Orada şu izinlere ihtiyacım var: {permissions}.",
    # /stats
    "daily.stats.name": "Günlük meydan okuma",
    "daily.stats.value": "{days} gün oynandı · en iyi {best} · seri {current} (en uzun {longest}) · par'a göre ortalama {average}",
    "daily.stats.none": "Henüz bitirilmiş günlük meydan okuma yok.",
    "daily.settings.line": "Günlük meydan okuma özeti: {channel}",
    "daily.settings.off": "kapalı",
}
