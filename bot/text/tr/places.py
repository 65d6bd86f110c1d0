"""Türkçe: bir masanın yeri kaybolunca haberlerinin gittiği yer: oyunun alt başlığı silindiğinde ya
da erişilemez olduğunda lobinin kanalına tek satır, hiç kanal kalmadığında oyunun sonu özel
mesajla."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Masa #{table} için açılan alt başlık artık yok (silindi ya da artık göremiyorum), bu yüzden oyun bu kanalda devam ediyor.",
    "announce.end_by_dm": "Masa #{table} için yazabileceğim bir kanal kalmadı (silindi ya da erişimim dışında), bu yüzden oyunun sonu sana buradan geliyor:",
}
