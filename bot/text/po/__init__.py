"""The translators' tools for the PO catalogues in this directory (``python -m bot.text.po``).

- ``extract``: writes ``hearts.pot``, the template, from the English catalogue ``en.po`` (whose
  ``msgstr`` is the English a developer edits; its ``msgid`` is set to match).
- ``update``: brings every language's file in line with the template, as ``msgmerge`` would: new
  keys added untranslated, removed keys dropped, an entry whose English changed marked fuzzy with
  the old English kept as ``#| msgid`` (translation platforms show the difference).
- ``check``: every catalogue complete and current, every ``{placeholder}``, plural and piece of
  Discord markup of the English kept; exit status 1 with a readable list (also run by the tests).

The files themselves are read by ``bot.text.pofiles``; ``check`` is the module of the checks,
``convert`` of the writers.
"""
