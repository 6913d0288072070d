"""Audit reports: findings as text and JSON (:mod:`.text`), an HTML page with pictures of the
map at each flagged step (:mod:`.html`), and the pictures themselves (:mod:`.board`, :mod:`.render`)."""
