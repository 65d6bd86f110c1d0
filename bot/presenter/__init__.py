"""The Discord presenter: table-service events in, Discord messages, images and controls out.

It holds no game rules: everything it shows comes from the service's snapshots and events, and every
word comes from the text catalogue (``bot.text``).
"""
