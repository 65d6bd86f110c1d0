"""ภาษาไทย: ชาเลนจ์ประจำวัน (``/hearts daily`` ผลลัพธ์ การแชร์ อันดับ สรุป และ /stats)"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "ประจำวัน",
    "command.hearts.daily.description": "ชาเลนจ์ประจำวัน: วันนี้ทุกคนเล่นไพ่สี่มือชุดเดียวกัน",
    "command.hearts.daily.play.name": "เล่น",
    "command.hearts.daily.play.description": "เล่นชาเลนจ์ของวันนี้แบบส่วนตัวในข้อความส่วนตัว",
    "command.hearts.daily.board.name": "อันดับ",
    "command.hearts.daily.board.description": "อันดับของเซิร์ฟเวอร์นี้ในชาเลนจ์ของวันหนึ่ง",
    "command.hearts.daily.board.option.day.name": "วัน",
    "command.hearts.daily.board.option.day.description": "YYYY-MM-DD หรือหมายเลขชาเลนจ์ (ค่าเริ่มต้น: วันนี้)",
    "command.hearts-settings.option.daily_channel.name": "ช่องประจำวัน",
    "command.hearts-settings.option.daily_channel.description": "โพสต์สรุปชาเลนจ์ประจำวันของแต่ละวันในช่องนี้",
    "command.hearts-settings.option.daily_off.name": "ปิดประจำวัน",
    "command.hearts-settings.option.daily_off.description": "หยุดโพสต์สรุปชาเลนจ์ประจำวัน",
    # Playing
    "daily.intro": "**ชาเลนจ์ประจำวัน #{number}** · {day} (UTC) เปิดถึง {closes}\nสี่มือ (ส่งซ้าย ขวา ตรงข้าม และไม่ส่ง) กับผู้เล่นคอมพิวเตอร์สามคน วันนี้ทุกคนได้ไพ่ชุดเดียวกัน: ค่อยๆ คิดได้ ไม่มีจับเวลาแต่ละตา ไพ่ของคุณกำลังตามมา",
    "daily.started": "ชาเลนจ์ประจำวัน #{number} ของคุณรออยู่ในข้อความส่วนตัว",
    "daily.resumed": "คุณกำลังเล่นชาเลนจ์ของวันนี้ #{number}: เล่นต่อในข้อความส่วนตัว",
    "daily.dms_closed": "ชาเลนจ์ประจำวันเล่นในข้อความส่วนตัว แต่บอตส่งข้อความส่วนตัวถึงคุณไม่ได้ อนุญาตข้อความส่วนตัวจากสมาชิกเซิร์ฟเวอร์นี้ (การตั้งค่าความเป็นส่วนตัว) แล้วลองอีกครั้ง: ยังไม่มีอะไรเริ่ม",
    "daily.played": "คุณเล่นชาเลนจ์ของวันนี้ #{number} ไปแล้ว: วันละครั้ง ชาเลนจ์ถัดไปเริ่ม {next}",
    "daily.not_ready": "กำลังเตรียมชาเลนจ์ประจำวัน: ลองใหม่อีกครั้งในอีกสักครู่",
    # The result (private)
    "daily.result.title": "**ชาเลนจ์ประจำวัน #{number}: {total} แต้ม** · {par}",
    "daily.result.hands": "แต่ละมือ: {hands}",
    "daily.result.place": "อันดับในเซิร์ฟเวอร์นี้ตอนนี้: {place} จาก {players} · คุณทำได้เท่าหรือดีกว่า {percentile}% ของทุกคนที่เล่น",
    "daily.result.streak": "เล่นต่อเนื่อง: {streak} วันติด",
    "daily.result.share_hint": "**แชร์** จะโพสต์หนึ่งบรรทัดโดยไม่มีไพ่ในช่องที่คุณเริ่มเล่น",
    "daily.par.under": "ต่ำกว่าพาร์ {count}",
    "daily.par.over": "สูงกว่าพาร์ {count}",
    "daily.par.level": "เท่าพาร์",
    "daily.par.pending": "กำลังคำนวณพาร์",
    "daily.par.value": "พาร์ {par}",
    "button.daily_share": "แชร์",
    # Share (public, the server's language)
    "daily.share": "{name} · ไพ่หัวใจประจำวัน #{number} · {symbols} · {total} แต้ม · {par}",
    "daily.shared": "แชร์ใน {channel} แล้ว",
    "daily.share_none": "ไม่มีอะไรให้แชร์: คุณยังเล่นชาเลนจ์ของวันนั้นไม่จบ",
    "daily.share_failed": "บอตโพสต์ใน {channel} ไม่ได้ ไม่ได้แชร์อะไร",
    # Boards
    "daily.bad_day.malformed": "อ่านวันนั้นไม่ออก: เขียนเป็น YYYY-MM-DD (เช่น {example}) หรือหมายเลขชาเลนจ์",
    "daily.bad_day.future": "ชาเลนจ์ของวันนั้นยังไม่เริ่ม",
    "daily.bad_day.before_first": "วันนั้นไม่มีชาเลนจ์ประจำวัน: ชาเลนจ์แรกคือวันที่ {first}",
    "daily.board.nobody": "ไม่มีใครในเซิร์ฟเวอร์นี้เล่นชาเลนจ์ของวันที่ {day} (#{number}) จบ",
    "daily.board.title": "**ชาเลนจ์ประจำวัน #{number}** · {day} · ในเซิร์ฟเวอร์นี้ {players} คน ทั้งหมด {everyone} คน · {par}",
    "daily.board.row": "{place}. {name}: {total} แต้ม ({par}) · เปอร์เซ็นไทล์ {percentile}",
    "daily.board.open": "วันนี้ยังเปิดอยู่: จะเปิดเผยไพ่เมื่อปิด {closes}",
    # The summary of a closed day (public)
    "daily.summary.title": "**ชาเลนจ์ประจำวัน #{number} ({day}) ปิดแล้ว** อันดับของเซิร์ฟเวอร์นี้ และไพ่ที่ทุกคนเล่น:",
    "daily.summary.deal": "**มือที่ {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "คุณ",
    "daily.summary.no_permission": "⚠️ ถึงแอดมินเซิร์ฟเวอร์: บอตโพสต์สรุปชาเลนจ์ประจำวันใน {channel} ไม่ได้: ต้องมีสิทธิ์ {permissions} ในช่องนั้น",
    # /stats
    "daily.stats.name": "ชาเลนจ์ประจำวัน",
    "daily.stats.value": "เล่นแล้ว {days} วัน · ดีที่สุด {best} · ต่อเนื่อง {current} (นานที่สุด {longest}) · เฉลี่ยเทียบพาร์ {average}",
    "daily.stats.none": "ยังไม่เคยเล่นชาเลนจ์ประจำวันจบ",
    "daily.settings.line": "สรุปชาเลนจ์ประจำวัน: {channel}",
    "daily.settings.off": "ปิด",
}
