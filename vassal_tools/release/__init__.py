"""A module maintainer's release tools: diff two module versions, patch errata into any module,
refresh saves and logs of games in progress, list orphaned pieces, lint a module.

Each job is a plain module with a function that returns data (``diff.diff_modules``,
``patch.patch_module``, ``refresh.refresh_game``, ``refresh.orphans``, ``lint.lint_module``);
the text and HTML presentations live apart (:mod:`.text`, :mod:`.html`). The errata file
format (:mod:`.errata`) is shared with the data-built game's ``errata`` command.

May import: :mod:`vassal_tools.formats`, :mod:`vassal_tools.geometry`, :mod:`vassal_tools.errors`.
Imported by: the CLI.
"""
