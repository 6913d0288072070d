"""Time the Norway 1940 scenario: a cold module build, the audit of a long record and of a long log.

    python bench/norway1940.py [--entries 1000] [--steps 1000]

The build draws the area map and the 172 counters and writes the module into an empty cache and
output folder. The record is a legal game of ``--entries`` entries: turns of actions activating
each unit once, land-based air searching (1-4) before attacking ships, refit rolls read off the
tables and victory points for eliminated units. The log is written with the project's log writer
against the built module from its opening save: air units moving to bases in Norway, searching with a
declared air-naval-search roll before each attack on a sea zone, and the turn tracker stepping
through the phases. Prints the seconds each takes and the findings (0 for these games).
Targets (issue 12): build <= 10 s, audit of a 1,000-step log <= 2 s.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from area_bench import run, start_log  # noqa: E402

from vassal_tools.builder.turns import TRACKER_ID, tracker_state  # noqa: E402
from vassal_tools.games.norway_1940.data import DATA  # noqa: E402

GROUPS = 4  # air actions a turn, of four units each: 44 entries a turn, 23 turns for 1,000 entries
# Eight flights a turn (34 steps): 30 turns hold a 1,000-step log.
FLIGHTS = [("ger-ju-88-1", "Bergen"), ("ger-ju-88-2", "Stavanger"), ("ger-me-110-1", "Kristiansand"),
           ("ger-me-110-2", "Bergen"), ("ger-ju-87", "Stavanger"), ("ger-ju-52-1", "Kristiansand"),
           ("ger-ju-52-2", "Bergen"), ("ger-ju-52-3", "Stavanger")]


def units() -> dict:
    out: dict = {}
    for i in range(4):
        out[f"g{i}"] = {"class": "land", "nationality": "german", "type": "infantry", "size": "regiment"}
        out[f"n{i}"] = {"class": "land", "nationality": "norwegian", "type": "infantry", "size": "brigade"}
    for i in range(GROUPS * 4):
        out[f"a{i}"] = {"class": "air", "nationality": "german", "type": "Ju-88"}
    for i in range(400):
        out[f"s{i}"] = {"class": "naval", "nationality": "british", "type": "DD"}
    return out


def entries(count: int) -> list[dict]:
    out: list[dict] = [{"place": f"g{i}", "at": "Oslo"} for i in range(4)]
    out += [{"place": f"a{i}", "at": "Bergen"} for i in range(GROUPS * 4)]
    out += [{"place": f"n{i}", "at": "Trondheim"} for i in range(4)]
    turn, ship = 2, 0  # from Turn 2: the opening places are a snapshot, not the set-up
    while len(out) < count:
        out.append({"turn": f"Turn {turn}", "phase": "actions"})
        out.append({"action": {"side": "german", "kind": "ground", "units": ["g0", "g1", "g2", "g3"]}})
        out += [{"move": f"g{i}", "to": "Trondheim" if turn % 2 else "Oslo"} for i in range(4)]
        for group in range(GROUPS):
            air = [f"a{group * 4 + i}" for i in range(4)]
            out.append({"action": {"side": "german", "kind": "air", "units": air}})
            out.append({"place": f"s{ship}", "at": "Sea Zone 41"})
            for i, unit in enumerate(air):
                out.append({"roll": {"for": "air-naval-search", "side": "german", "unit": unit, "zone": "Sea Zone 41",
                                     "result": 1 + (turn + i) % 4}})
            out.append({"attack": {"hex": "Sea Zone 41", "attackers": air, "target": [f"s{ship}"]}})
            out += [{"remove": f"s{ship}"}, {"vp": {"side": "german", "add": 2, "for": [f"s{ship}"]}}]
            ship += 1
        out.append({"action": {"side": "allied", "kind": "refit", "units": ["n0"]}})
        out.append({"roll": {"for": "refit", "target": ["n0"], "result": 2, "outcome": "refit"}})
        turn += 1
    return out[:count]


def write_log(root: Path, steps: int) -> tuple[Path, Path]:
    """The built module and a log of ``steps`` steps played on it from the opening save."""
    start = start_log(DATA, root)
    writer, info = start.writer, start.info
    done, turn = 1, 0
    while done < steps:
        turn = turn % 30 + 1
        for phase in ("action-roll", "actions"):
            writer.step(writer.turn(TRACKER_ID, tracker_state(info, f"Turn {turn}", phase)))
            done += 1
        for unit, base in FLIGHTS:
            if done + 4 > steps:
                break
            writer.step(writer.move(unit, base))
            writer.step(writer.chat("roll air-naval-search in Sea Zone 40"))
            writer.step(writer.roll("air-naval-search", 1 + turn % 4))
            writer.step(writer.chat(f"attack Sea Zone 40 with {unit}"))
            done += 4
    return start.module, writer.save(root / "game.vlog")


def main() -> int:
    return run(__doc__, DATA, "norway-1940", units(), entries, write_log)

if __name__ == "__main__":
    sys.exit(main())
