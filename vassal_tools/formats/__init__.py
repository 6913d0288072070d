"""VASSAL's file formats: encoder, obfuscation, archives, buildFile, traits, commands.

This layer knows no game: it reads and writes what the VASSAL engine reads and
writes, keeping whatever it does not understand exactly as found.
"""
