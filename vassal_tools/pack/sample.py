"""What a pack's sample game (:class:`~vassal_tools.pack.SampleGame`) writes its log with: the PBEM
players at the table, each seated on a side, each step written as the player of a side.

    table = Table(writer, phase, {"German": anna, "Allied": bert})
    table.seat_all()
    table.phase("German", "actions")
    table.say("German", "action german move with Mtn Art")
    table.move("German", "ger-mtn-art", "0919")
    table.roll("Allied", "Fire", 4)           # the module's "Fire" dice button, as VASSAL reports it

Each call is one step of the log, as VASSAL writes one per drag, button or chat line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..replay.logwriter import LogWriter


class PhaseSteps(Protocol):
    """The steps that set the turn tracker to a phase (its id) of a turn (its name; None: the turn
    the opening save starts on), as a log writer writes them."""

    def __call__(self, phase: str, turn: str | None = None) -> list[str]: ...


class Table:
    """The players of a sample game, one per seat (the side's name as the module's roster has it)."""

    def __init__(self, writer: LogWriter, phase: PhaseSteps, seats: Mapping[str, tuple[str, str]]):
        self.writer = writer
        self.phase_steps = phase
        self.seats = dict(seats)

    @classmethod
    def of(cls, writer: LogWriter, phase: PhaseSteps, sides: Sequence[str],
           players: Sequence[tuple[str, str]]) -> Table:
        """The players in order on the sides in order (the demo's players on the game's seats)."""
        if len(players) < len(sides):
            raise ValueError(f"{len(sides)} sides need {len(sides)} players, not {len(players)}")
        return cls(writer, phase, dict(zip(sides, players)))

    def as_player(self, side: str) -> None:
        self.writer.player, self.writer.password = self.seats[side]

    def seat_all(self) -> None:
        """Each player takes their seat (the roster then knows whose dice and moves they are)."""
        for side in self.seats:
            self.as_player(side)
            self.writer.step(self.writer.seat(side))

    def phase(self, side: str, phase: str, turn: str | None = None) -> None:
        self.as_player(side)
        self.writer.step(self.phase_steps(phase, turn))

    def say(self, side: str, text: str) -> None:
        self.as_player(side)
        self.writer.step(self.writer.chat(text))

    def roll(self, side: str, button: str, result: int | Sequence[int]) -> None:
        self.as_player(side)
        self.writer.step(self.writer.roll(button, result))

    def move(self, side: str, unit: str, to: str) -> None:
        self.as_player(side)
        self.writer.step(self.writer.move(unit, to))

    def remove(self, side: str, unit: str) -> None:
        """The unit taken off the map (eliminated, sunk, spent)."""
        self.as_player(side)
        self.writer.step(self.writer.delete(unit))
