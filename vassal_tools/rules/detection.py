"""Detection arithmetic: a modified die roll against a detection value, and what it allows.

Games of the Norway family detect a moving force by rolling a die, adding
modifiers and comparing with the detecting side's value in that zone ("less than
or equal to your NDV"); the margin then sets how many units may intercept. The
game pack supplies the values, modifiers and interceptor formula; this module
only does the sums, so they are written once.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Modifier:
    """One die-roll modifier, why it applies, and whether its value is a sample."""

    value: int
    reason: str
    sample: bool = False


@dataclass(frozen=True)
class Detection:
    """A resolved detection roll."""

    roll: int
    value: int
    modifiers: tuple[Modifier, ...] = field(default=())
    label: str = ""  # the value named for a player: "NDV 5 (Norwegian Leads, German)"

    @property
    def modified(self) -> int:
        return self.roll + sum(m.value for m in self.modifiers)

    @property
    def detected(self) -> bool:
        """Detected when the modified roll is at most the detection value."""
        return self.modified <= self.value

    @property
    def margin(self) -> int:
        """Detection value minus modified roll (negative when not detected)."""
        return self.value - self.modified

    def samples(self) -> tuple[str, ...]:
        """The sample modifiers this result relied on, described."""
        return tuple(f"{m.reason} {m.value:+d}" for m in self.modifiers if m.sample)

    def in_words(self, allowed: int, declared: int, what: str) -> str:
        """The interception sum for a player: "NDV 5 (Norwegian Leads, German) − modified roll 4
        (roll 3 +1 (cloudy weather)) = 1 → at most 2 interceptors; 5 declared"."""
        value = self.label or f"value {self.value}"
        mods = "".join(f" {m.value:+d} ({m.reason})" for m in self.modifiers)
        roll = f"modified roll {self.modified} (roll {self.roll}{mods})" if self.modifiers else f"roll {self.roll}"
        return f"{value} − {roll} = {self.margin} → at most {allowed} {what}; {declared} declared"

    def describe(self) -> str:
        if not self.modifiers:
            return f"roll {self.roll} against {self.value}"
        mods = "".join(f" {m.value:+d} ({m.reason})" for m in self.modifiers)
        return f"roll {self.roll}{mods} = {self.modified} against {self.value}"


def interceptors_allowed(margin: int, per_point: int, at_zero: int, cap: int | None = None) -> int:
    """How many interceptors a detection margin allows: ``per_point`` per point, ``at_zero`` at 0
    (the game's numbers: its pack's), never more than ``cap``.

    A negative margin (not detected) allows none.
    """
    if margin < 0:
        return 0
    allowed = max(at_zero, per_point * margin)
    return min(allowed, cap) if cap is not None else allowed
