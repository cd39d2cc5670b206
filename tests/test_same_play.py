"""The engines answer today as they answered when these texts were made.

``tests/golden/<game>.json`` holds scripted play of every game (made once, by
the code of commit a0f859c, before the sessions and the rules' step types
were reworked): each call's method and payload and a digest of everything it
answered (accepted, reason, events, view, save, profile, the frame fields),
the save after it, the run's final save, ``run_info``, profile and replay
code, and a digest of every step of that code opened as a replay (forward,
then backward). Replaying the scripts here must give the same digests: a
refactor that changes any answer, save byte or replay step fails here, with
the call that first differs.

Five differences are expected, and normalized away: blocks no longer writes
the action log of before recordings (``data.log``, so its save version moved
on) and no longer sends ``view.position`` (no page read it); a board's
``geometry`` maps each cell's marker moves by screen direction (``up``), which
the page maps its arrow keys to, where it named the keys (``ArrowUp``): read
back under the key names here (B19, M12); the ``finished`` event names the
run's ``mode`` (the Daily Club keeps each mode's bests apart), checked against
the game's view here, and its ``challenge`` (the query its challenge link sends,
with the run's code as a ghost to race, P4), checked against its link, score and code, and with
``run_info`` whether it is a past daily from the archive (``archive``, false for every script); and a replay's answers say the moves made by each
position and the run's (``move``, ``moves``, as the end card counts them), left
out of the open's digest here (``tests/test_replay_seek.py`` checks them).
A bowls view carries the forecast line of every bowl
(``forecasts``) and a forecast line says where its sowing lands (``landing``,
W6, W23), and it names the workshop puzzle in play (``workshop``, W28: None
outside one), and whether an undo would cost a Daily (``undo_costs_daily``, W21: the page asks first) and whether
the run is a past daily from the archive (``archive``: its chip says so); a merge
view says why a round ended (``ended``, M6), and a blocks geometry names each cell for a listener (``names``,
P11): all new keys, left out here, the rest must answer as before.
A finished run's view and save say what its end achieved, so that its end card comes back whole after a
reload or a language switch (``new_best`` in blocks, merge and bowls, B16, M11, W25; domino's ``record`` in
the view and ``beaten`` in the save, D18): new keys too, left out here. What a screen reader is told (P11):
a bowls sow ends with a ``changed`` event (the bowls it changed) and a merge preview's ``misfit`` names the
cells already ``taken``: left out here too, as are domino's ``assist`` and ``landing`` (assist pace, P11:
no script here plays at it).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from club.links import challenge
from club.replayer import Replays

GOLDEN = Path(__file__).parent / "golden"


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    return hashlib.sha256(canon(value).encode()).hexdigest()[:16]


def blocks_view(view: Any) -> Any:
    return {k: v for k, v in view.items() if k not in ("position", "new_best")} if isinstance(view, dict) else view


def blocks_save(text: Any) -> Any:
    if not text:
        return text
    value = json.loads(text)
    value.pop("version", None)
    value["data"].pop("log", None)
    value["data"].pop("new_best", None)
    return value


def same(value: Any) -> Any:
    return value


def without(key: str) -> Any:
    """A save as the maker's: without the data ``key`` (what a run's end achieved) it did not write."""
    written = rf'"{key}":(?:true|\[[^\]]*\])'  # cut from the text: the rest keeps its bytes

    def norm(text: Any) -> Any:
        if not isinstance(text, str):
            return text
        return re.sub(rf",{written}(?=[,}}])", "", re.sub(rf"{written},", "", text))
    return norm


def bowls_view(view: Any) -> Any:
    """A bowls view as the maker's: without the per-bowl forecasts and the workshop it did not send."""
    new = ("forecasts", "workshop", "undo_costs_daily", "new_best", "archive")
    return {k: v for k, v in view.items() if k not in new} if isinstance(view, dict) else view


def merge_view(view: Any) -> Any:
    """A merge view as the maker's: without why the round ended (M6), which it did not send."""
    return {k: v for k, v in view.items() if k not in ("ended", "new_best")} if isinstance(view, dict) else view


def domino_view(view: Any) -> Any:
    """A domino view as the maker's: without the records its end beat (D18), nor assist pace and
    its landing preview (P11: none of these scripts plays at assist pace)."""
    new = ("record", "assist", "landing")
    return {k: v for k, v in view.items() if k not in new} if isinstance(view, dict) else view


def bowls_line(line: Any) -> Any:
    """A forecast line as the maker's: without where its sowing lands."""
    return {k: v for k, v in line.items() if k != "landing"} if isinstance(line, dict) else line


#: The arrow keys the page maps to screen directions (web/kit/arrows.js).
KEYS = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}


def by_key_names(geometry: Any) -> Any:
    """A geometry whose marker map names directions, as the maker's named the keys."""
    if not isinstance(geometry, dict) or "keys" not in geometry:
        return geometry
    keys = {cell: {KEYS[direction]: to for direction, to in moves.items()} for cell, moves in geometry["keys"].items()}
    return {**{k: v for k, v in geometry.items() if k != "names"}, "keys": keys}


def without_mode(events: list[Any]) -> list[Any]:
    """The events as the scripts' maker answered them: a ``finished`` event without its ``mode`` and its
    ``challenge`` (the link's query it sends, checked against its link, score and code: P4)."""
    return [{k: v for k, v in e.items() if k not in ("mode", "challenge", "archive")} if e.get("type") == "finished"
            else {k: v for k, v in e.items() if k != "taken"} if e.get("type") == "misfit"
            else e for e in events if e.get("type") != "changed"]


class Player:
    """Plays one script's calls on a fresh Session, answering as the maker did."""

    def __init__(self, game: str) -> None:
        self.session = importlib.import_module(f"club.{game}.api").Session()
        self.view_of, self.save_of = (blocks_view, blocks_save) if game == "blocks" else (same, same)
        if game == "bowls":
            self.view_of, self.save_of = bowls_view, without("new_best")
        if game == "merge":
            self.view_of, self.save_of = merge_view, without("new_best")
        if game == "domino":
            self.view_of, self.save_of = domino_view, without("beaten")
        self.line_of = bowls_line if game == "bowls" else same

    def row(self, method: str, payload: dict[str, Any]) -> dict[str, Any]:
        answer = getattr(self.session, method)(payload)
        row: dict[str, Any] = {"method": method, "payload": payload}
        if isinstance(answer, dict) and "events" in answer:
            row["accepted"], row["reason"] = answer.get("accepted"), answer.get("reason")
            row["events"] = digest(without_mode(answer["events"]))
            for event in answer["events"]:
                if event.get("type") == "finished":  # the mode the view shows, of a game of modes
                    assert event["mode"] == answer["view"].get("mode")
                    assert event["challenge"] == challenge(event["link"], event["score"], event["code"])
                    assert event["archive"] is False
            for key, norm in (("view", self.view_of), ("save", self.save_of), ("profile", same)):
                if key in answer:
                    row[key] = digest(norm(answer[key]))
            for key in ("falling", "speed", "soft", "line"):
                if key in answer:
                    row[key] = digest(self.line_of(answer[key]) if key == "line" else answer[key])
        else:
            norm = self.view_of if method in ("new", "load", "view", "puzzle_new") else by_key_names if method == "geometry" else same
            row["answer"] = digest(norm(answer))
        row["state_save"] = digest(self.save_of(self.session.save({})))
        return row

    def replay(self, code: str) -> dict[str, Any]:
        """The digests of the code opened and of every step sought (as the maker sought them)."""
        replayer = Replays(type(self.session)())
        opened = replayer.replay_open({"code": code})
        steps = opened["steps"]
        seeks = []
        for index in range(steps + 1):
            got = replayer.replay_seek({"index": index})
            seeks.append(digest({"view": self.view_of(got["view"]), "events": without_mode(got["events"]),
                                 "index": got["index"], "steps": got["steps"]}))
        for index in sorted({steps, min(3, steps), min(1, steps), steps // 2, 0}, reverse=True):
            got = replayer.replay_seek({"index": index})
            seeks.append(digest({"view": self.view_of(got["view"]), "events": without_mode(got["events"])}))
        return {"open": digest({k: (self.view_of(v) if k == "view" else v) for k, v in opened.items()
                                if k not in ("move", "moves")}),
                "seeks": seeks}


def scripts() -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for game in ("blocks", "domino", "merge", "bowls"):
        data = json.loads((GOLDEN / f"{game}.json").read_text(encoding="utf-8"))
        runs = data.items() if game == "bowls" else [("run", data), *(("resumed", data[k]) for k in data if k == "resumed")]
        found += [(game, name, script) for name, script in runs]
    return found


@pytest.mark.parametrize(("game", "name", "script"), scripts(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_script_plays_as_it_played(game: str, name: str, script: dict[str, Any]) -> None:
    player = Player(game)
    for number, expected in enumerate(script["steps"]):
        got = player.row(expected["method"], expected["payload"])
        assert got == expected, f"call {number} ({expected['method']}) answers otherwise"
    session = player.session
    assert player.save_of(session.save({})) == player.save_of(script["final_save"])
    assert digest(player.view_of(session.view({}))) == script["final_view"]
    info = dict(session.run_info({}))
    finished = info.pop("finished")  # said since these scripts were recorded: checked against them below
    assert info.pop("archive") is False  # no script plays a past daily from the archive
    assert info.pop("fork") is False  # nor a run from a replay's step (club.forking)
    assert info == script["run_info"]
    if info["over"]:  # P4: a run over says its finished event again, the one its end banked
        assert (finished["score"], finished["code"], finished["link"]) == (info["score"], script["code"], info["link"])
    else:
        assert finished is None
    assert session.dump_profile(session.profile) == script["profile"]
    assert session.replay_code() == script["code"]
    assert player.replay(script["code"]) == script["replay"]
