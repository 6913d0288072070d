"""Time Kampen om Norge: a cold module build, the audit of a long record and of a long log.

    python bench/kampen.py [--entries 1000] [--steps 1000]

The build draws the area map and writes the module into an empty cache and output folder.
The record is a legal game of ``--entries`` entries: every faction's four phases each round,
battalions shuttling between bordering areas, Allied ships moving two sea zones and
intercepting with one die per German ship, Norwegian reinforcements. Prints the seconds each
takes and the findings (0 for this game). The log is written with the project's log writer
against the built module from its opening save: battalions moving between bordering areas and the
turn tracker stepping through every phase; its audit replays it against the module first.
Targets (issue 12): build <= 10 s, audit of a 1,000-step log <= 2 s.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from area_bench import run, start_log  # noqa: E402

from vassal_tools.builder.turns import TRACKER_ID, tracker_state  # noqa: E402
from vassal_tools.games.kampen_om_norge.data import DATA  # noqa: E402

# Basic set-up (3): ger-1, ger-2 in Oslo, ger-3 in Horten, nor-1 in Kongsvinger, nor-3 in Hønefoss;
# each shuttles between its area and a bordering one.
SHUTTLES = {"german": [("ger-1", "Oslo", "Horten"), ("ger-2", "Oslo", "Østfold"), ("ger-3", "Horten", "Kongsberg")],
            "norwegian": [("nor-1", "Kongsvinger", "Hamar"), ("nor-3", "Hønefoss", "Hallingdal")]}

ROUTE = [("g", "Oslo", "Hønefoss"), ("n", "Hamar", "Kongsvinger"), ("a", "Tromsø", "Lyngen")]


def units() -> dict:
    out = {}
    for side, nat, key in (("german", "german", "g"), ("norwegian", "norwegian", "n"), ("allied", "british", "a")):
        for i in range(3):
            out[f"{key}{i}"] = {"class": "land", "side": side, "nationality": nat, "size": "battalion"}
    for i in range(2):
        out[f"w{i}"] = {"class": "naval", "side": "allied", "type": "slagskip"}
    out["h0"] = {"class": "naval", "side": "german", "type": "tung-krysser"}
    for i in range(40):
        out[f"r{i}"] = {"class": "land", "side": "norwegian", "nationality": "norwegian", "size": "battalion"}
    return out


def entries(count: int) -> list[dict]:
    out: list[dict] = []
    for key, home, _ in ROUTE:
        out += [{"place": f"{key}{i}", "at": home} for i in range(3)]
    out += [{"place": f"w{i}", "at": "Sea Zone IV", "stack": "tf"} for i in range(2)]
    out.append({"place": "h0", "at": "Sea Zone VI"})
    where = {key: 0 for key, _, _ in ROUTE}
    zones = ["Sea Zone IV", "Sea Zone VI"]
    reinforcements = 0
    round_ = 0
    while len(out) < count:
        round_ += 1
        for faction, (key, home, away) in zip(("german", "norwegian", "allied"), ROUTE, strict=True):
            turn = f"Round {round_ + 1}"  # from Round 2: the start is a snapshot, not the set-up (3)
            out.append({"turn": turn, "phase": f"{faction}-movement"})
            where[key] ^= 1
            target = (home, away)[where[key]]
            if faction == "allied":  # 8: naval movement occurs just before land movement
                zones.reverse()
                out += [{"move": f"w{i}", "to": "Sea Zone V", "stack": "tf"} for i in range(2)]
                out += [{"move": f"w{i}", "to": zones[0], "stack": "tf"} for i in range(2)]
                if zones[0] == "Sea Zone VI":
                    out.append({"intercept": {"side": "allied", "zone": "Sea Zone VI", "naval": ["w0", "w1"]}})
                    out.append({"roll": {"for": "naval-interception", "side": "allied", "zone": "Sea Zone VI",
                                         "result": 3}})
            out += [{"move": f"{key}{i}", "to": target} for i in range(3)]
            out.append({"turn": turn, "phase": f"{faction}-combat"})
            out.append({"turn": turn, "phase": f"{faction}-reinforcement"})
            if faction == "norwegian" and reinforcements < 40:
                out.append({"place": f"r{reinforcements}", "at": "Gjøvik" if round_ % 2 else "Voss"})
                reinforcements += 1
            out.append({"turn": turn, "phase": f"{faction}-new-cards"})
    return out[:count]


def write_log(root: Path, steps: int) -> tuple[Path, Path]:
    """The built module and a log of ``steps`` steps played on it from the opening save."""
    start = start_log(DATA, root)
    area_map, info, writer = start.area_map, start.info, start.writer
    done, round_, away = 1, 0, False
    while done < steps:
        round_ += 1
        for phase in area_map.phases[5:]:
            if done >= steps:
                break
            writer.step(writer.turn(TRACKER_ID, tracker_state(info, f"Round {round_}", phase)))
            done += 1
            faction, _, kind = phase.partition("-")
            for unit, home, there in SHUTTLES.get(faction, []) if kind == "movement" else []:
                if done < steps:
                    writer.step(writer.move(unit, home if away else there))
                    done += 1
        away = not away
    return start.module, writer.save(root / "game.vlog")


def main() -> int:
    return run(__doc__, DATA, "kampen-om-norge", units(), entries, write_log)

if __name__ == "__main__":
    sys.exit(main())
