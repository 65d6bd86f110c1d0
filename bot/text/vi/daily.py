"""Tiếng Việt: thử thách hằng ngày (``/hearts thử_thách``, kết quả, Chia sẻ, bảng xếp hạng, tổng
kết, /thống_kê)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "thử_thách",
    "command.hearts.daily.description": "Thử thách hằng ngày: hôm nay ai cũng chơi cùng bốn lần chia bài",
    "command.hearts.daily.play.name": "chơi",
    "command.hearts.daily.play.description": "Chơi thử thách hôm nay, riêng tư trong tin nhắn riêng của bạn",
    "command.hearts.daily.board.name": "bảng_xếp_hạng",
    "command.hearts.daily.board.description": "Bảng xếp hạng của máy chủ này cho thử thách của một ngày",
    "command.hearts.daily.board.option.day.name": "ngày",
    "command.hearts.daily.board.option.day.description": "YYYY-MM-DD hoặc số của thử thách (mặc định: hôm nay)",
    "command.hearts-settings.option.daily_channel.name": "kênh_thử_thách",
    "command.hearts-settings.option.daily_channel.description": "Đăng bản tổng kết thử thách hằng ngày trong kênh này",
    "command.hearts-settings.option.daily_off.name": "tắt_thử_thách",
    "command.hearts-settings.option.daily_off.description": "Ngừng đăng bản tổng kết thử thách hằng ngày",
    # Playing
    "daily.intro": "**Thử thách hằng ngày #{number}** · {day} (UTC), mở đến {closes}\nBốn ván (chuyển trái, phải, đối diện, không chuyển) đấu với ba người chơi máy. Hôm nay ai cũng chơi cùng một bộ bài: cứ thong thả, không giới hạn thời gian mỗi nước. Bài của bạn ở ngay sau đây.",
    "daily.started": "Thử thách hằng ngày #{number} của bạn đang chờ trong tin nhắn riêng.",
    "daily.resumed": "Bạn đang chơi thử thách hôm nay #{number}: trận vẫn tiếp tục trong tin nhắn riêng.",
    "daily.dms_closed": "Thử thách hằng ngày được chơi qua tin nhắn riêng, mà mình không gửi được cho bạn. Hãy cho phép tin nhắn riêng từ thành viên máy chủ này (Cài đặt quyền riêng tư) rồi thử lại: chưa có gì bắt đầu cả.",
    "daily.played": "Bạn đã chơi thử thách hôm nay #{number}: mỗi ngày một lần. Thử thách tiếp theo bắt đầu {next}.",
    "daily.not_ready": "Thử thách hằng ngày đang được chuẩn bị: bạn thử lại sau chút nhé.",
    # The result (private)
    "daily.result.title": "**Thử thách hằng ngày #{number}: {total} điểm** · {par}",
    "daily.result.hands": "Các ván: {hands}",
    "daily.result.place": "Hạng trên máy chủ này đến giờ: {place}/{players} · bạn chơi bằng hoặc tốt hơn {percentile}% tất cả người đã chơi",
    "daily.result.streak": "Chuỗi: {streak} ngày liên tiếp",
    "daily.result.share_hint": "**Chia sẻ** sẽ đăng một dòng không lộ lá bài nào vào kênh bạn đã bắt đầu.",
    "daily.par.under": "dưới chuẩn {count}",
    "daily.par.over": "trên chuẩn {count}",
    "daily.par.level": "bằng chuẩn",
    "daily.par.pending": "điểm chuẩn đang được tính",
    "daily.par.value": "chuẩn {par}",
    "button.daily_share": "Chia sẻ",
    # Share (public, the server's language)
    "daily.share": "{name} · Hearts hằng ngày #{number} · {symbols} · {total} điểm · {par}",
    "daily.shared": "Đã chia sẻ trong {channel}.",
    "daily.share_none": "Không có gì để chia sẻ: bạn chưa chơi xong thử thách của ngày đó.",
    "daily.share_failed": "Mình không đăng được vào {channel}; chưa có gì được chia sẻ.",
    # Boards
    "daily.bad_day.malformed": "Mình không đọc được ngày đó: hãy viết dạng YYYY-MM-DD (ví dụ {example}) hoặc số của thử thách.",
    "daily.bad_day.future": "Thử thách của ngày đó chưa bắt đầu.",
    "daily.bad_day.before_first": "Ngày đó không có thử thách: thử thách đầu tiên là ngày {first}.",
    "daily.board.nobody": "Trên máy chủ này chưa ai chơi xong thử thách ngày {day} (#{number}).",
    "daily.board.title": "**Thử thách hằng ngày #{number}** · {day} · {players} trên máy chủ này, {everyone} trên toàn bộ · {par}",
    "daily.board.row": "{place}. {name}: {total} điểm ({par}) · bách phân vị {percentile}",
    "daily.board.open": "Ngày này vẫn còn mở: các lần chia bài sẽ được hiện khi ngày đóng lại, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Thử thách hằng ngày #{number} ({day}) đã đóng.** Bảng xếp hạng của máy chủ này, và các lần chia bài mọi người đã chơi:",
    "daily.summary.deal": "**Ván {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "bạn",
    "daily.summary.no_permission": "⚠️ Quản trị viên máy chủ: mình không đăng được bản tổng kết thử thách hằng ngày trong {channel}: mình cần {permissions} ở đó.",
    # /stats
    "daily.stats.name": "Thử thách hằng ngày",
    "daily.stats.value": "{days} ngày đã chơi · tốt nhất {best} · chuỗi {current} (dài nhất {longest}) · trung bình {average} so với chuẩn",
    "daily.stats.none": "Chưa hoàn thành thử thách hằng ngày nào.",
    "daily.settings.line": "Tổng kết thử thách hằng ngày: {channel}",
    "daily.settings.off": "tắt",
}
