"""Commands of this module are registered on the main group."""

from . import main  # noqa: F401
