"""VASSAL's file formats: encoder, obfuscation, archives, buildFile, traits, commands.

This layer knows no game and no presentation: it reads and writes what the VASSAL engine
reads and writes, keeping whatever it does not understand exactly as found.

May import: :mod:`vassal_tools.errors` only.
Imported by: every other package (geometry, games, record, replay, rules, report, art,
builder, release, the demo and the CLI).
"""
