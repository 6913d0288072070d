"""Audit reports: findings as text and JSON (:mod:`.text`), an HTML page with pictures of the
map at each flagged step (:mod:`.html`), and the pictures themselves (:mod:`.board`, :mod:`.render`).

Steps and saved games in words (:mod:`.stepwords`, :mod:`.summary`) live here too:
presentation is out of the format layer.

May import: :mod:`vassal_tools.replay`, :mod:`vassal_tools.rules`, :mod:`vassal_tools.record`,
:mod:`vassal_tools.games`, :mod:`vassal_tools.geometry`, :mod:`vassal_tools.formats`,
:mod:`vassal_tools.errors`.
Imported by: the demo and the CLI.
"""
