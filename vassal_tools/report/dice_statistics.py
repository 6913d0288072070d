"""Dice statistics per player and roll kind: counts, means, a chi-square test of uniformity, streaks.

A group is the rolls of one player of one kind (``Anna``, ``Naval Detection``), or all
of a player's rolls of one die (``Anna``, ``all 2d6``): VASL's own chat statistics
average a player's DR and dr rolls apart, this follows it. Each die of a roll counts
as one throw of the die for the face counts and the test; the mean is given for a
die and for the roll's total.

The die is the module's DiceButton's when a module is given (``button_dice``), else
inferred from the faces seen, unless given: a 0 means the faces run
from 0 (a d10 read 0-9), else from 1; the highest face seen picks the smallest
common die holding it (d6, d10, d12, d20, d100). d4 and d8 dice are only used
when given (``faces``), since a d6 short of its 5s and 6s looks just like them.

The test is SciPy's ``chisquare`` against equal face counts. It needs about five
expected throws per face to mean anything; below that the verdict says so instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from scipy.stats import chisquare

from ..errors import BadInput
from ..replay.logged_rolls import LoggedRoll

COMMON_DICE = (6, 10, 12, 20, 100)
# A face count test needs about five throws a face: a d1000 already needs 5,000 rolls of one
# kind, more than a game has; a larger "die" is a typing slip, and its face list no memory holds.
MAX_FACES = 1000
MIN_EXPECTED_PER_FACE = 5  # Cochran's rule of thumb for the chi-square approximation
UNUSUAL_P = 0.05
VERY_UNUSUAL_P = 0.001


@dataclass(frozen=True)
class Die:
    """The faces of one die: ``low`` to ``high``."""

    low: int
    high: int

    @property
    def faces(self) -> list[int]:
        return list(range(self.low, self.high + 1))

    @property
    def mean(self) -> float:
        return (self.low + self.high) / 2

    def name(self, dice: int = 1) -> str:
        sides = self.high - self.low + 1
        count = "" if dice == 1 else str(dice)
        return f"{count}d{sides}" + ("" if self.low == 1 else f" ({self.low}-{self.high})")


def parse_die(text: str, option: str = "--faces") -> Die:
    """``1-6``, ``0-9``: a die's lowest and highest face, as a user types them."""
    low, sep, high = text.partition("-")
    if not sep or not low.strip().isdigit() or not high.strip().isdigit() or int(low) >= int(high):
        raise BadInput(None, f"{option} {text!r}: give the die's lowest and highest face, like 1-6 or 0-9")
    die = Die(int(low), int(high))
    if die.high - die.low + 1 > MAX_FACES:
        raise BadInput(None, f"{option} {text!r}: a die of at most {MAX_FACES} faces, like 1-6 or 0-9")
    return die


def infer_die(values: Iterable[int]) -> Die:
    """The smallest common die holding the faces seen; faces above ``MAX_FACES`` count as outside it."""
    seen = list(values)
    if not seen:
        return Die(1, 6)
    low = 0 if min(seen) <= 0 else 1
    top = max(seen)
    for sides in COMMON_DICE:
        if top <= low + sides - 1:
            return Die(low, low + sides - 1)
    return Die(low, min(top, low + MAX_FACES - 1))


@dataclass(frozen=True)
class Streak:
    length: int
    what: str  # "7" (the same result), "above 7" or "below 7"
    start: int  # index of the first roll of the streak in the group (0-based)


@dataclass
class GroupStats:
    """The statistics of one group of rolls (``undone`` rolls are only counted)."""

    player: str
    kind: str
    die: Die
    dice_per_roll: int | None  # None when the group's rolls throw different numbers of dice
    rolls: int
    dice: int
    faces: dict[int, int]
    die_mean: float | None
    roll_mean: float | None
    expected_roll_mean: float | None
    chi_square: float | None
    p_value: float | None
    verdict: str
    streaks: list[Streak]
    running_mean: list[float]  # mean roll total after each roll
    undone: int
    outside: int = 0  # dice showing a face the die does not have (a wrong die given or inferred)
    totals: list[int] = field(default_factory=list, repr=False)

    @property
    def die_name(self) -> str:
        return self.die.name(self.dice_per_roll or 1)


def group_stats(player: str, kind: str, rolls: Sequence[LoggedRoll], undone: int = 0,
                die: Die | None = None) -> GroupStats:
    """Counts, means, the chi-square test, the verdict and streaks of one group's standing rolls."""
    values = [v for roll in rolls for v in roll.values]
    die = die or infer_die(values)
    faces = {face: 0 for face in die.faces}
    outside = 0
    for v in values:
        if v in faces:
            faces[v] += 1
        else:
            outside += 1
    counts = list(faces.values())
    per_roll = {len(r.values) for r in rolls}
    dice_per_roll = per_roll.pop() if len(per_roll) == 1 else None
    totals = [r.total for r in rolls]
    chi = p = None
    if sum(counts) > 0 and len(counts) > 1:
        test = chisquare(counts)
        chi, p = float(test.statistic), float(test.pvalue)
    expected_roll = die.mean * dice_per_roll if dice_per_roll else None
    die_mean = sum(values) / len(values) if values else None
    running, total = [], 0
    for n, t in enumerate(totals, 1):
        total += t
        running.append(total / n)
    return GroupStats(
        player, kind, die, dice_per_roll, len(rolls), len(values), faces,
        die_mean, sum(totals) / len(totals) if totals else None,
        expected_roll, chi, p, verdict(sum(counts), len(counts), p, die_mean, die),
        streaks(totals, expected_roll), running, undone, outside, totals)


def verdict(dice: int, faces: int, p: float | None, mean: float | None, die: Die) -> str:
    """Plain words on the test, always with what the sample size allows."""
    needed = MIN_EXPECTED_PER_FACE * faces
    if dice == 0 or p is None:
        return "no dice to judge"
    if dice < needed:
        return (f"too few dice to judge: {dice} dice of {faces} faces; the test needs about {needed} "
                f"({MIN_EXPECTED_PER_FACE} per face), and even then only a large bias would show")
    lean = ""
    if mean is not None:
        lean = f"; the dice ran {'high' if mean > die.mean else 'low'} (mean {mean:.2f} against {die.mean:.2f})"
    if p < VERY_UNUSUAL_P:
        return (f"very unlikely from fair dice (p = {p:.2g}: fewer than 1 in 1,000 fair samples of {dice} dice "
                f"are this uneven){lean}")
    if p < UNUSUAL_P:
        return (f"unusual (p = {p:.2g}), though 1 fair sample in 20 is this uneven, and many players and kinds "
                f"are tested at once{lean}")
    return f"consistent with fair dice (p = {p:.2g}) for {dice} dice; a small bias would not show at this size"


def streaks(totals: Sequence[int], expected: float | None) -> list[Streak]:
    """The longest run of one result, and (for a known expectation) of results above and below it."""
    out = []
    best = _longest(totals, lambda a, b: a == b)
    if best is not None:
        out.append(Streak(best[0], f"{totals[best[1]]}", best[1]))
    if expected is not None:
        for word, side in (("above", lambda t: t > expected), ("below", lambda t: t < expected)):
            flags = [side(t) for t in totals]
            run = _longest(flags, lambda a, b: a and b, require=lambda a: a)
            if run is not None:
                out.append(Streak(run[0], f"{word} {expected:g}", run[1]))
    return out


def _longest(items: Sequence, same, require=lambda item: True) -> tuple[int, int] | None:
    """(length, start) of the longest run of ``items`` where each is ``same`` as the one before."""
    best: tuple[int, int] | None = None
    start = 0
    for i, item in enumerate(items):
        if i == 0 or not same(items[i - 1], item):
            start = i
        if require(item) and (best is None or i - start + 1 > best[0]):
            best = (i - start + 1, start)
    return best


@dataclass
class DiceReport:
    groups: list[GroupStats]
    logs: list[str]
    undone_rolls: list[LoggedRoll]


def button_dice(module) -> dict[str, Die]:
    """The die of each of a module's DiceButtons of one kind of die: faces 1 + plus to nSides + plus."""
    out: dict[str, Die] = {}
    for button in module.buildfile.dice_buttons:
        attrs = button.element.attrib
        try:
            sides, plus = int(attrs.get("nSides", "6")), int(attrs.get("plus", "0"))
        except ValueError:
            continue
        if 1 < sides <= MAX_FACES:  # a larger button's die is inferred from its rolls
            out[str(button.name).strip()] = Die(1 + plus, sides + plus)
    return out


def dice_report(rolls: Sequence[LoggedRoll], logs: Sequence[str], faces: Die | None = None,
                buttons: dict[str, Die] | None = None) -> DiceReport:
    """Groups per player: per die ("all 2d6") where the player rolled several kinds of it, then per kind.

    The die of a kind is ``faces`` if given, else its button's in the module (``buttons``, by
    name), else inferred once from every player's dice of that kind, so two players' groups
    of one kind are judged against the same die.
    """
    standing = [r for r in rolls if not r.undone]
    buttons = buttons or {}
    kinds: dict[str, Die] = {}
    for kind in dict.fromkeys(r.kind for r in rolls):
        known = {buttons[r.button.strip()] for r in rolls if r.kind == kind and r.button.strip() in buttons}
        inferred = known.pop() if len(known) == 1 else infer_die(v for r in rolls if r.kind == kind for v in r.values)
        kinds[kind] = faces or inferred
    groups = []
    for player in dict.fromkeys(r.player for r in rolls):
        mine = [r for r in standing if r.player == player]
        by_die: dict[tuple[Die, int], list[LoggedRoll]] = {}
        for roll in mine:
            by_die.setdefault((kinds[roll.kind], len(roll.values)), []).append(roll)
        for (die, count), same in by_die.items():
            if len({r.kind for r in same}) > 1:
                groups.append(group_stats(player, f"all {die.name(count)}", same, 0, die))
        for kind in dict.fromkeys(r.kind for r in rolls if r.player == player):
            undone = sum(1 for r in rolls if r.player == player and r.kind == kind and r.undone)
            groups.append(group_stats(player, kind, [r for r in mine if r.kind == kind], undone, kinds[kind]))
    return DiceReport(groups, list(logs), [r for r in rolls if r.undone])
