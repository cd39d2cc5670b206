"""The page's Session: preview, rotation, time, settings, saves, slots and codes (M4, M12-M15),
on the one contract of ``club.session``: one answer shape, the preview is the action."""

from __future__ import annotations

import json
from typing import Any

import pytest
from club.errors import MAX_COUNT, NotationError
from club.merge import profile as cards
from club.merge import saves
from club.merge.api import Session
from club.merge.notation import board_from_cells as B
from club.merge.notation import parse


def session_at(position: str, **data: Any) -> Session:
    """A Session holding a notation position (test hook: a save made by the engine)."""
    session = Session()
    save = json.loads(saves.dump(saves.Run(parse(position))))
    save["data"].update(data)
    session.load({"save": json.dumps(save)})
    return session


TWO_2S = f"{B('-1:0=2 1:0=2')} 2 4-4 0 2"


# --- M13 preview: the events of the placement, not kept --------------------------------------
def drawn(answer: dict[str, Any]) -> dict[str, Any]:
    """What the page draws from a preview: the piece's cells (or the outlined misfit
    cells), the merge steps, the cells that merge, the points."""
    kinds = {e["type"]: e for e in answer["events"]}
    steps: list[list[list[str]]] = []
    for e in answer["events"]:
        if e["type"] == "merged":
            steps += [[] for _ in range(e["step"] - len(steps))]
            steps[e["step"] - 1].append(e["cells"])
    scored = kinds.get("scored", {"merging": [], "points": 0})
    return {"legal": answer["accepted"], "reason": answer["reason"],
            "cells": kinds.get("set", kinds.get("misfit", {"cells": []}))["cells"],
            "taken": kinds.get("misfit", {"taken": []})["taken"],
            "steps": steps, "merging": scored["merging"], "points": scored["points"]}


PREVIEWS = [
    # (position, payload, expected subset)
    (TWO_2S, {"cell": "0:0"}, {"cells": ["0:0"], "legal": True, "merging": ["-1:0", "0:0", "1:0"], "points": 6}),
    (TWO_2S, {"cell": "0:1"}, {"legal": True, "merging": [], "points": 0}),
    (TWO_2S, {"cell": "1:0"}, {"legal": False, "reason": "occupied", "merging": [], "cells": ["1:0"], "taken": ["1:0"]}),
    (TWO_2S, {"cell": "5:0"}, {"legal": False, "reason": "off-board", "cells": []}),
    (TWO_2S, {"cell": "nonsense"}, {"legal": False, "reason": "bad-action", "cells": []}),
    (TWO_2S, {"cell": "0:0", "turn": 1}, {"legal": False, "reason": "bad-action", "cells": []}),  # M17: @K, a single
    (f"{B('1:0=4')} 4-8 2 0 1", {"cell": "0:0", "turn": 1}, {"cells": ["0:0", "0:1"], "legal": True}),
    (f"{B('1:0=4')} 4-8 2 0 1", {"cell": "0:0", "turn": 2.0}, {"legal": False, "reason": "bad-action"}),
    # P11: the cells already holding a stone are named (the partner's here, the anchor's cell is free)
    (f"{B('1:0=4')} 4-8 2 0 1", {"cell": "0:0"}, {"cells": ["0:0", "1:0"], "legal": False, "reason": "occupied",
                                                  "taken": ["1:0"]}),
    (f"{B('3:0=4')} 4-8 2 0 1", {"cell": "2:0"}, {"cells": ["2:0", "3:0"], "reason": "occupied", "taken": ["3:0"]}),
    (f"{B('2:0=2 3:0=4')} 4-8 2 0 1", {"cell": "2:0"}, {"reason": "occupied", "taken": ["2:0", "3:0"]}),
    (f"{B('')} 4-8 2 0 1", {"cell": "3:0"}, {"cells": ["3:0"], "reason": "off-board", "taken": []}),  # partner off
    (f"{B('-2:0=2 -1:0=2 1:-1=4 2:-2=*')} 2 8 0 4", {"cell": "0:0"},
     {"steps": [[["-2:0", "-1:0", "0:0"]], [["2:-2", "1:-1", "0:0"]]], "points": 30,
      "merging": ["2:-2", "1:-1", "-2:0", "-1:0", "0:0"]}),
]


@pytest.mark.parametrize(("position", "payload", "expected"), PREVIEWS)
def test_preview(position: str, payload: dict[str, Any], expected: dict[str, Any]) -> None:  # M13
    """The preview is ``place`` not kept: same acceptance, reason and events as the action."""
    session = session_at(position)
    before = session.save({})
    answer = session.preview(payload)
    assert {key: drawn(answer)[key] for key in expected} == expected
    assert session.save({}) == before
    placed = session.place(payload)
    assert (placed["accepted"], placed["reason"]) == (answer["accepted"], answer["reason"])
    assert placed["events"] == (answer["events"] if answer["accepted"] else [])  # one refusal shape


AROUND = [
    # (position, cell, the cell's stone, (side, cell, stone) clockwise from the upper left; P11, key N)
    (TWO_2S, "0:0", 0, [("NW", "0:-1", 0), ("NE", "1:-1", 0), ("E", "1:0", 2), ("SE", "0:1", 0), ("SW", "-1:1", 0),
                        ("W", "-1:0", 2)]),
    (TWO_2S, "1:0", 2, [("NW", "1:-1", 0), ("NE", "2:-1", 0), ("E", "2:0", 0), ("SE", "1:1", 0), ("SW", "0:1", 0),
                        ("W", "0:0", 0)]),
    (f"{B('3:-3=*')} 2 4 0 0", "2:-3", 0, [("E", "3:-3", -1), ("SE", "2:-2", 0), ("SW", "1:-2", 0), ("W", "1:-3", 0)]),
]


@pytest.mark.parametrize(("position", "cell", "stone", "sides"), AROUND)
def test_around_reads_a_cell_and_its_neighbours(position: str, cell: str, stone: int,
                                                sides: list[tuple[str, str, int]]) -> None:  # P11
    seen = session_at(position).around({"cell": cell})
    assert (seen["cell"], seen["stone"]) == (cell, stone)
    assert [(s["side"], s["cell"], s["stone"]) for s in seen["sides"]] == sides


@pytest.mark.parametrize("cell", ["4:0", "nonsense", 7, None])
def test_around_refuses_a_cell_off_the_board(cell: object) -> None:
    with pytest.raises(NotationError):
        session_at(TWO_2S).around({"cell": cell})


def test_preview_turn_does_not_rotate_the_pair() -> None:  # M4, M13
    session = session_at(f"{B('')} 4-8 2 0 0")
    session.preview({"cell": "0:0", "turn": 4})
    assert session.view({})["turn"] == 0


# --- M4 / M12 rotation ------------------------------------------------------------------------
def test_rotate_both_ways_and_kept_in_the_save() -> None:  # M4, M12
    session = session_at(f"{B('')} 4-8 2-2 0 0")
    turns = [session.rotate({"step": step})["view"]["turn"] for step in (1, 1, -1, -1, -1)]
    assert turns == [1, 2, 1, 0, 5]
    result = session.place({"cell": "0:0"})
    assert result["events"][0] == {"type": "set", "cells": ["0:0", "1:-1"], "values": [4, 8]}
    assert Session().load({"save": result["save"]})["turn"] == 5


@pytest.mark.parametrize(("position", "step"), [(f"{B('')} 2 4 0 0", 1), (f"{B('')} * 4 0 0", 1),
                                                (f"{B('')} 2-2 4 0 0", 2)])
def test_rotate_refused_for_singles_jokers_and_bad_steps(position: str, step: int) -> None:  # M12
    session = session_at(position)
    result = session.rotate({"step": step})
    assert (result["accepted"], result["reason"], result["view"]["turn"]) == (False, "bad-action", 0)


# --- M15 active time --------------------------------------------------------------------------
def test_time_starts_with_the_first_placement_and_stops_when_over() -> None:  # M15
    session = Session()
    session.new({"seed": 1})
    assert session.tick({"ms": 5000})["view"]["play_ms"] == 0
    session.place({"cell": "0:0", "ms": 700})  # time before the first placement is not play time
    assert session.tick({"ms": 1200})["view"]["play_ms"] == 1200
    session.place({"cell": session.view({})["legal"][0], "ms": 300})
    assert session.view({})["play_ms"] == 1500
    over = session_at(f"{B('')} 2 2 0 9".replace(B(""), _full()), play_ms=999)  # M15: time needs moves
    assert over.view({})["over"] and over.tick({"ms": 100})["view"]["play_ms"] == 999


@pytest.mark.parametrize("ms", [-50, 3_600_000, 2**60, 1.5, True, "700", None])
def test_a_bad_ms_refuses_and_changes_nothing(ms: object) -> None:  # M15 (was silently 0)
    session = session_at(TWO_2S)
    before = session.save({})
    for answer in (session.tick({"ms": ms}), session.place({"cell": "0:0", "ms": ms})):
        assert (answer["accepted"], answer["reason"], answer["save"]) == (False, "bad-action", before)


@pytest.mark.parametrize(("position", "action", "read"), [
    (TWO_2S, {"ms": 3_599_999}, ("play_ms",)),  # M15 play time
    (f"{B('-1:0=2 1:0=2')} 2 4 {MAX_COUNT} {MAX_COUNT}", {"cell": "0:0"}, ("score", "moves")),  # M11
])
def test_counters_saturate(position: str, action: dict[str, Any], read: tuple[str, ...]) -> None:
    """A round at MAX_COUNT plays on, stays at the bound, and its save loads again."""
    session = session_at(position, play_ms=MAX_COUNT)
    answer = session.place(action) if "cell" in action else session.tick(action)
    assert answer["accepted"]
    assert [answer["view"][name] for name in read] == [MAX_COUNT] * len(read)
    assert Session().load({"save": answer["save"]}) == answer["view"]


def _full() -> str:
    from club.merge.board import CELLS
    return B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS))


# --- events -----------------------------------------------------------------------------------
def test_events_of_a_joker_merge() -> None:  # M7-M10 events for the renderer
    session = session_at(f"{B('-1:0=2 1:0=2')} * 2-2 0 0")
    events = session.place({"cell": "0:0"})["events"]
    assert [e["type"] for e in events] == ["set", "merged", "chain", "scored", "next"]
    assert events[1] == {"type": "merged", "step": 1, "value": 2, "result": 4, "cells": ["-1:0", "0:0", "1:0"],
                         "target": "-1:0", "points": 12, "joker": True, "pure": False, "factor": 2}
    assert events[2] == {"type": "chain", "step": 1, "groups": 1, "points": 12}
    assert events[3] == {"type": "scored", "points": 12, "groups": 1, "chain": 1, "merging": ["-1:0", "0:0", "1:0"]}
    assert events[4]["current"] == [2, 2]


def test_merged_events_carry_the_points_factor() -> None:  # M10, P4: the page shows "×2", never works it out
    plain = session_at(f"{B('-1:0=2 1:0=2')} 2 2 0 0").place({"cell": "0:0"})["events"]
    joker = session_at(f"{B('-1:0=2 1:0=2')} * 2 0 0").place({"cell": "0:0"})["events"]
    assert [(e["points"], e["factor"]) for e in plain if e["type"] == "merged"] == [(6, 1)]
    assert [(e["points"], e["factor"]) for e in joker if e["type"] == "merged"] == [(12, 2)]


def test_geometry_names_the_styles_and_the_slots() -> None:  # M14, M15, P4: no list of them in web/
    geometry = Session().geometry({})
    assert geometry["styles"] == list(saves.STYLES) and geometry["styles"][0] == cards.Settings().style
    assert geometry["slots"] == saves.SLOTS == 3


def test_last_move_reports_over_and_records_the_profile() -> None:  # M6, M11
    from club.merge.board import CELLS
    holes = {"0:0"}
    board = B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) not in holes))
    session = session_at(f"{board} 2 8 40 36")
    session.load_profile({"profile": json.dumps({"best": 10, "rounds": 4, "best_highest": 16})})
    result = session.place({"cell": "0:0"})
    assert result["events"][-3:-1] == [{"type": "over", "score": 40, "moves": 37, "highest": 8},
                                       {"type": "recorded", "best": 40, "new_best": True}]
    finished = result["events"][-1]  # no recording (a prepared position), still a result
    assert (finished["type"], finished["score"], finished["moves"], finished["code"]) == ("finished", 40, 37, None)
    card = cards.load(result["profile"])  # the text the page stores as it is
    assert (card.best, card.best_moves, card.rounds, card.best_highest) == (40, 37, 5, 16)
    assert result["view"]["best"] == 40 and not result["view"]["clock_runs"]
    # the new best is the round's: its end card says it again after a reload (or a language switch)
    assert result["view"]["new_best"] is True
    reloaded = Session()
    reloaded.load({"save": result["save"]})
    assert reloaded.view({})["new_best"] is True
    assert session.new({"seed": 3})["new_best"] is False
    session.load({"save": result["save"]})
    assert session.place({"cell": "0:0"})["reason"] == "over"
    assert session.abandon({})["reason"] == "over"  # recorded once


def test_a_round_below_the_best_is_no_new_best_and_saves_as_before() -> None:  # M11
    from club.merge.board import CELLS
    board = B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) != "0:0"))
    session = session_at(f"{board} 2 8 40 36")
    session.load_profile({"profile": json.dumps({"best": 900, "rounds": 4, "best_highest": 16})})
    result = session.place({"cell": "0:0"})
    assert result["view"]["over"] and result["view"]["new_best"] is False
    assert "new_best" not in json.loads(result["save"])["data"]
    playing = json.loads(Session().save({}))
    playing["data"]["new_best"] = True  # a round in play raised no best
    with pytest.raises(NotationError) as info:
        Session().load({"save": json.dumps(playing)})
    assert info.value.field == "new_best"


# --- M14 settings -----------------------------------------------------------------------------
def test_jokers_setting_applies_from_the_next_round() -> None:  # M14
    session = Session()
    session.new({"seed": 4})
    answer = session.settings({"settings": {"jokers": False, "style": "contrast", "timer": True}})
    assert answer["view"]["jokers"] is True and answer["view"]["style"] == "contrast" and answer["view"]["timer"]
    assert answer["view"]["settings"] == {"jokers": False, "style": "contrast", "timer": True}
    assert cards.load(answer["profile"]).settings == cards.Settings(jokers=False, style="contrast", timer=True)
    assert session.settings({"settings": {"timer": True}})["profile"] is None  # unchanged: nothing to store
    assert session.new({"seed": 4})["jokers"] is False


@pytest.mark.parametrize("settings", [{"style": "neon"}, {"jokers": 1}, {"timer": None}, []])
def test_bad_settings_are_refused(settings: Any) -> None:  # M14: one refusal shape
    session = Session()
    before = (session.save({}), session.view({}))
    answer = session.settings({"settings": settings})
    assert (answer["accepted"], answer["reason"], answer["profile"]) == (False, "bad-action", None)
    assert (session.save({}), session.view({})) == before


def test_missing_profile_is_a_fresh_one() -> None:
    session = Session()
    session.load_profile({"profile": '{"best": 9}'})
    assert session.load_profile({"profile": None})["best"] == 0


@pytest.mark.parametrize(("text", "field"), [
    ("nope", "profile"), ("[]", "profile"), (7, "profile"), ('{"best": -1}', "best"), ('{"best": true}', "best"),
    ('{"settings": []}', "settings"), ('{"settings": {"style": 3}}', "style"),
])
def test_corrupt_profile(text: object, field: str) -> None:
    with pytest.raises(NotationError) as err:
        Session().load_profile({"profile": text})
    assert err.value.field == field


# --- M15 saves, slots and codes ----------------------------------------------------------------
def test_slot_holds_everything_m15_lists() -> None:  # M15
    session = session_at(f"{B('0:0=16')} 2-4 8 120 30", turn=3, highest=32, play_ms=61_000, jokers=False)
    session.settings({"settings": {"style": "contrast"}})
    summary = session.summary({"save": session.save({})})
    assert {k: summary[k] for k in ("score", "moves", "highest", "play_ms", "jokers", "style")} == {
        "score": 120, "moves": 30, "highest": 32, "play_ms": 61_000, "jokers": False, "style": "contrast"}
    view = Session().load({"save": session.save({})})
    assert (view["turn"], view["current"]["stones"], view["next"]["stones"]) == (3, [2, 4], [8])


def test_export_import_round_trip() -> None:  # M15
    session = session_at(f"{B('0:0=16 1:0=*')} * 8 120 30", play_ms=5000)
    code = session.export({})
    assert code.startswith("HM1.") and len(code) < 400
    wrapped = code[:20] + "\n " + code[20:]  # codes survive line breaks of chat apps
    imported = Session().import_code({"code": wrapped})
    assert imported["save"] == session.save({}) and imported["summary"]["score"] == 120


def _bad_codes() -> list[str]:
    import base64
    import zlib

    good = Session().export({})
    packed = zlib.compress(b'{"schema": 1, "game": "merge", "kind": "run", "data": {"position": "x"}}')
    inner_bad = f"HM1.{base64.urlsafe_b64encode(packed).decode().rstrip('=')}.{zlib.crc32(packed):08x}"
    not_zlib = b"hello world"
    return ["", "hello", good.replace("HM1.", "HM2."), good[:-3] + "000", good[:30] + good[31:],
            f"HM1.{base64.urlsafe_b64encode(not_zlib).decode()}.{zlib.crc32(not_zlib):08x}", inner_bad,
            "HM1." + "A" * 30000 + ".0"]


@pytest.mark.parametrize("code", _bad_codes())
def test_bad_code_is_a_clear_error_and_changes_nothing(code: str) -> None:  # M15
    session = session_at(TWO_2S)
    before = session.save({})
    with pytest.raises(NotationError) as err:
        session.import_code({"code": code})
    assert err.value.field == "code" and len(err.value.message) > 20
    assert session.save({}) == before


@pytest.mark.parametrize(("change", "field"), [
    ({"position": "x"}, "position"), ({"turn": 6}, "turn"), ({"turn": True}, "turn"), ({"rng": "12"}, "rng"),
    ({"style": "neon"}, "style"), ({"highest": 2}, "highest"), ({"highest": 48}, "highest"),
    ({"jokers": "yes"}, "jokers"), ({"play_ms": -1}, "play_ms"), ({"schema": 2}, "schema"),
    ({"game": "blocks"}, "game"),
])
def test_corrupt_save_names_the_field(change: dict[str, Any], field: str) -> None:  # M15, P8
    save = json.loads(saves.dump(saves.Run(parse(f"{B('0:0=4')} 2 2 0 1"))))
    for key, value in change.items():
        (save if key in save else save["data"])[key] = value
    session = session_at(TWO_2S)
    with pytest.raises(NotationError) as err:
        session.load({"save": json.dumps(save)})
    assert err.value.field == field
    assert session.view({})["board"] == session_at(TWO_2S).view({})["board"]


def test_export_of_a_stored_slot_validates_it() -> None:
    with pytest.raises(NotationError):
        Session().export({"save": "{}"})


@pytest.mark.parametrize(("profile", "best"), [(None, None), ("garbage", None), ('{"best": 77}', 77), ("{}", 0)])
def test_headline_for_the_home_screen(profile: str | None, best: int | None) -> None:
    assert Session().headline({"profile": profile}) == {"best": best}
