"""Table tests of the seed rule and of nothing unvalidated.

Each row is a payload, a save or a profile that fuzzing the bridge found
accepted or crashing, and the field the refusal must name. Saves and profiles
start from ones the engines wrote in play and change one thing, so a row
fails only for the reason it names.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from club import GAMES, save
from club.blocks import profile as cards
from club.blocks import rules as blocks_rules
from club.bridge import Bridge
from club.domino.profile import load as read_records
from club.errors import MAX_COUNT
from club.surface import ask

Change = Callable[[dict[str, Any]], None]


def call(bridge: Bridge, game: Any, method: Any, payload: Any) -> dict[str, Any]:
    """One bridge call; the answer must be strict JSON (JSON.parse reads it)."""

    def refuse(name: str) -> None:
        raise AssertionError(f"answer holds {name}")

    return json.loads(bridge.call(game, method, payload), parse_constant=refuse)


def refused_field(game: str, method: str, payload: Any, bridge: Bridge | None = None) -> str | None:
    answer = call(bridge or Bridge(), game, method, payload if isinstance(payload, str) else json.dumps(payload))
    return None if answer["ok"] else answer["error"]["field"]


# ----- the bridge answers every input ----------------------------------------------
BRIDGE_CASES = [
    ("blocks", 7, "{}", "method"),  # getattr before the type check used to raise
    ("blocks", None, "{}", "method"),
    ("blocks", "view", 7, "payload"),  # a non-string payload used to raise
    ("blocks", "view", ["{}"], "payload"),
    ("blocks", "view", "[" * 100_000 + "]" * 100_000, "payload"),  # RecursionError used to escape
    ("blocks", "new", '{"seed": ' + "[" * 5000 + "]" * 5000 + "}", "payload"),
    ("blocks", "new", '{"seed": NaN}', "payload"),
    ("domino", "tick", '{"ms": Infinity}', "payload"),
    ("bowls", "forecast", '{"bowl": NaN}', "payload"),  # was echoed back as NaN
    ("merge", "tick", '{"ms": -Infinity}', "payload"),
    ("merge", "tick", '{"ms": 1e999}', "payload"),  # parses to inf
    ("blocks", "new", '{"seed": ' + "9" * 5000 + "}", "payload"),
    ("blocks", "view", "not json", "payload"),
    ("blocks", "view", "[]", "payload"),
    (["blocks"], "view", "{}", "game"),
    ({"a": 1}, "view", "{}", "game"),
    ("chess", "view", "{}", "game"),
    ("bowls", "_adopt", "{}", "method"),
    ("bowls", "__init__", "{}", "method"),
    ("bowls", "__class__", "{}", "method"),
    ("blocks", "run", "{}", "method"),  # an attribute, not a method
]


@pytest.mark.parametrize(("game", "method", "payload", "field"), BRIDGE_CASES)
def test_the_bridge_refuses_every_bad_input(game: Any, method: Any, payload: Any, field: str) -> None:
    """Never raises, always {ok: false} naming the input."""
    assert refused_field(game, method, payload) == field


def test_an_answer_the_page_would_misread_is_never_sent() -> None:
    """Integers beyond 2**53 and NaN never leave the bridge (a guard behind the validation)."""

    class Leaky:
        CALLS = {"big": ask(), "nan": ask()}

        def big(self, payload: dict[str, Any]) -> dict[str, Any]:
            return {"n": 2**53}

        def nan(self, payload: dict[str, Any]) -> dict[str, Any]:
            return {"x": float("nan")}

    bridge = Bridge()
    bridge.sessions["blocks"] = Leaky()
    assert call(bridge, "blocks", "big", "{}")["error"]["field"] == "internal"
    assert call(bridge, "blocks", "nan", "{}")["error"]["field"] == "internal"


# ----- one seed rule -------------------------------------------------------------------
NEW = {"blocks": {}, "domino": {"mode": "sprint", "set": "classic"}, "merge": {"jokers": True},
       "bowls": {"mode": "endless"}}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [-7, 2**32, 2**80, True, 3.0, "7", None, [1]])
def test_one_seed_rule_refuses(game: str, seed: Any) -> None:
    """The seed rule: 0 <= seed < 2**32, an integer (domino and merge took -7 and 2**80)."""
    assert refused_field(game, "new", {**NEW[game], "seed": seed}) == "seed"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1])
def test_one_seed_rule_accepts(game: str, seed: int) -> None:
    assert refused_field(game, "new", {**NEW[game], "seed": seed}) is None


# ----- crashes the issue lists -------------------------------------------------------------
CRASHES = [
    ("domino", "new", {"mode": "sprint", "set": []}, "set"),  # unhashable
    ("domino", "new", {"mode": {}, "set": "classic"}, "mode"),
    ("domino", "new", {"seed": 1, "position": 5}, "position"),
    ("domino", "tick", {"ms": 2**60}, "ms"),  # active_ms would leave the safe integers
    ("domino", "soft", {"held": "false"}, "held"),  # text is no key state (it used to hold soft drop)
    ("bowls", "new", {"mode": []}, "mode"),  # unhashable
    ("bowls", "new", {"mode": "daily", "date": "2026-02-31"}, "date"),
    ("bowls", "new", {"mode": "daily", "date": "٢٠٢٦-11-29"}, "date"),
    ("bowls", "new", {"mode": "free", "position": "R[i" + "9" * 5000 + "]/-/-/-/-/-/-/-/-/-/-/- 0 0"}, "bowls"),
    ("bowls", "new", {"mode": "free", "position": "-/-/-/-/-/-/-/-/-/-/-/- " + "9" * 5000 + " 0"}, "score"),
    ("bowls", "new", {"mode": "free", "position": "R" * 100 + "/-/-/-/-/-/-/-/-/-/-/- 0 0"}, "bowls"),
    ("merge", "new", {"seed": 1, "jokers": "yes"}, "jokers"),
]


@pytest.mark.parametrize(("game", "method", "payload", "field"), CRASHES)
def test_listed_crashes_are_refusals(game: str, method: str, payload: dict[str, Any], field: str) -> None:
    assert refused_field(game, method, payload) == field


def test_a_float_turn_is_refused_and_play_goes_on() -> None:
    """Merge: rotate {step: 1.0} used to keep a float turn that broke every later call (M4)."""
    bridge = Bridge()
    call(bridge, "merge", "new", '{"seed": 4, "jokers": false}')
    while call(bridge, "merge", "view", "{}")["result"]["current"]["kind"] != "pair":
        legal = call(bridge, "merge", "view", "{}")["result"]["legal"]
        call(bridge, "merge", "place", json.dumps({"cell": legal[0]}))
    assert call(bridge, "merge", "rotate", '{"step": 1.0}')["result"]["reason"] == "bad-action"
    preview = call(bridge, "merge", "preview", '{"cell": "0:0", "turn": 2.0}')
    assert preview["ok"] and isinstance(call(bridge, "merge", "view", "{}")["result"]["turn"], int)
    legal = call(bridge, "merge", "view", "{}")["result"]["legal"]
    assert call(bridge, "merge", "place", json.dumps({"cell": legal[0]}))["result"]["accepted"]


def test_forecast_never_echoes_what_is_no_bowl() -> None:
    """W23: a bad bowl is refused without sending it back (NaN and 2**80 broke the answer)."""
    bridge = Bridge()
    call(bridge, "bowls", "new", '{"mode": "endless", "seed": 2}')
    answer = call(bridge, "bowls", "forecast", json.dumps({"bowl": 2**80}))
    assert answer["result"] == {"accepted": False, "reason": "bad-action", "events": [], "line": None}


def test_a_5000_digit_cell_in_a_blocks_action_is_off_board() -> None:
    """B24: ``place 0 Q:R`` parses; no cell has 5,000 digits (int() of them raised)."""
    state = blocks_rules.new_state(3)
    assert blocks_rules.act(state, "place 0 " + "9" * 5000 + ":0").reason == "off-board"


# ----- impossible saves: a real save with one field changed --------------------------------
def played_save(game: str) -> tuple[Bridge, dict[str, Any]]:
    """A save the engine wrote after a few moves, as its ``data`` object."""
    bridge = Bridge()
    if game == "blocks":
        call(bridge, game, "new", '{"seed": 8}')
        view = call(bridge, game, "view", "{}")["result"]
        cells = call(bridge, game, "geometry", "{}")["result"]["cells"]
        call(bridge, game, "place", json.dumps({"slot": 0, "cell": cells[view["tray"][0]["targets"][0]]}))
    elif game == "domino":
        call(bridge, game, "new", '{"seed": 4, "mode": "sprint", "set": "classic"}')
        call(bridge, game, "move", '{"move": "hard"}')
    elif game == "merge":
        call(bridge, game, "new", '{"seed": 4, "jokers": false}')
        call(bridge, game, "place", '{"cell": "0:0"}')
    else:
        call(bridge, game, "new", '{"mode": "endless", "seed": 3}')
        for _ in range(2):
            bowl = call(bridge, game, "view", "{}")["result"]["choosable"][0]
            call(bridge, game, "sow", json.dumps({"bowl": bowl}))
    text = call(bridge, game, "save", "{}")["result"]
    return bridge, save.load(text, game, "run", run_version(text))


def run_version(text: str) -> int:
    """The ``version`` of a run save's envelope (a game bumps it when its data changes)."""
    return json.loads(text).get("version", 1)


def _setter(**fields: Any) -> Change:
    return lambda data: data.update(fields)


def _position(old: str, new: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        assert old in data["position"]
        data["position"] = data["position"].replace(old, new, 1)
    return change


def _well_row(row: int, text: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        well, rest = data["position"].split(" ", 1)
        rows = well.split("/")
        rows[row] = text
        data["position"] = "/".join(rows) + " " + rest
    return change


def _queue_repeat(data: dict[str, Any]) -> None:
    tiles = data["queue"].split(" ")
    data["queue"] = " ".join([tiles[0], *tiles[:-1]])  # same length, the first tile twice


def _last(**fields: Any) -> Change:
    return lambda data: data["last"].update(fields)


SAVES: list[tuple[str, str, Change, str]] = [
    # blocks (B10, B22)
    ("blocks", "score below drops", _setter(drops=5000), "score"),
    ("blocks", "drops of 2**60", _setter(drops=2**60), "drops"),
    ("blocks", "a float drop count", _setter(drops=1.0), "drops"),
    # domino (D1, D2, D12, D13, D15)
    ("domino", "an 8 x 4 well in a run", _setter(position="/".join(["." * 16] * 4) + " 0 0"), "well"),
    ("domino", "a pip of 7 in the classic set", _well_row(15, "7s" + "." * 14), "well"),
    ("domino", "a floating half", _well_row(3, "..5s" + "." * 12), "well"),
    ("domino", "a tile twice in the queue", _queue_repeat, "queue"),
    ("domino", "max beyond the well", _position(" 0 0", " 200 40000"), "max"),
    ("domino", "power below the best turn", _position(" 0 0", " 9 3"), "power"),
    ("domino", "points of 2**60", _setter(active_ms=2**60), "active_ms"),
    ("domino", "set 0", _setter(set_number=0), "set_number"),
    ("domino", "Marathon speed in a Sprint's first set", _setter(gravity=100), "gravity"),  # D6
    # merge (M3, M14, M15, M16)
    ("merge", "a joker while jokers are off", _position(".,.,.,./", "*,.,.,./"), "jokers"),
    ("merge", "a stone of 2**3000", _position(".,.,.,./", f"{2**3000},.,.,./"), "highest"),
    ("merge", "play time before the first move", _setter(position=".,.,.,./.,.,.,.,./.,.,.,.,.,./"
                                                          ".,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 2 4 0 0",
                                                          play_ms=500, highest=0), "play_ms"),
    ("merge", "a turn of 6", _setter(turn=6), "turn"),
    ("merge", "a float turn", _setter(turn=2.0), "turn"),
    # bowls (W13, W20, W21, W25)
    ("bowls", "last.combo = 99 (three achievements)", _last(combo=99), "last"),
    ("bowls", "a perfect clear that was not", _last(perfect=True), "last"),
    ("bowls", "unknown data", _setter(bonus=1), "data"),
    ("bowls", "recorded while still playing", _setter(recorded=True), "recorded"),
    ("bowls", "a puzzle named in an Endless run", _setter(puzzle=1), "puzzle"),
    ("bowls", "a seed of 5,000 digits", _setter(seed="9" * 5000), "seed"),
    ("bowls", "a collected count of 2**60", _setter(collected=[2**60, 0, 0, 0, 0]), "collected"),
]


@pytest.mark.parametrize(("game", "why", "change", "field"), SAVES, ids=[f"{g}: {w}" for g, w, _, _ in SAVES])
def test_impossible_saves_are_refused(game: str, why: str, change: Change, field: str) -> None:
    bridge, data = played_save(game)
    before = call(bridge, game, "save", "{}")["result"]
    version = run_version(before)
    assert refused_field(game, "load", {"save": save.dump(game, "run", data, version)}) is None  # the real one loads
    change(data)
    assert refused_field(game, "load", {"save": save.dump(game, "run", data, version)}, bridge) == field
    assert call(bridge, game, "save", "{}")["result"] == before  # refused: nothing changed


def test_a_daily_save_needs_a_real_date() -> None:
    bridge = Bridge()
    call(bridge, "bowls", "new", '{"mode": "daily", "date": "2026-11-29"}')
    text = call(bridge, "bowls", "save", "{}")["result"]
    data = save.load(text, "bowls", "run", run_version(text))
    for date in ("2026-02-31", "٢٠٢٦-11-29"):
        dated = save.dump("bowls", "run", {**data, "date": date}, run_version(text))
        assert refused_field("bowls", "load", {"save": dated}) == "date"


# ----- impossible profiles -------------------------------------------------------------------
def _blocks(**card: int) -> str:
    return save.dump("blocks", "profile", {**{"stars": 0, "best": 0, "crowns": 0, "runs": 0}, **card})


def _domino(**entry: Any) -> str:
    record = {"max": 3, "power": 5, "speed": 1.5, "games": 2, **entry}
    return json.dumps({"records": {"sprint/classic": record}}, allow_nan=True)


def _merge(**values: Any) -> str:
    return json.dumps({"best": 120, "best_moves": 30, "best_highest": 32, "rounds": 1, **values})


def _bowls(**values: Any) -> str:
    return json.dumps({"version": 1, "best": {"endless": 300}, "daily": {}, "played": {"endless": 2}, **values})


PROFILES = [
    ("blocks", "a best of 5,000 after 0 runs", _blocks(best=5000, stars=500), "runs"),
    ("blocks", "runs of 4,300 digits", '{"schema":1,"game":"blocks","kind":"profile","data":{"stars":0,'
     '"best":0,"crowns":0,"runs":' + "9" * 4300 + "}}", "runs"),
    ("blocks", "runs of 2**60", _blocks(runs=2**60), "runs"),
    ("domino", "Infinity", _domino(speed=float("inf")), "profile"),
    ("domino", "1e999", _domino().replace("1.5", "1e999"), "profile"),  # not strict JSON (club.save)
    ("domino", "NaN", _domino(speed=float("nan")), "profile"),
    ("domino", "a best after 0 games", _domino(power=5000, games=0), "records"),
    ("domino", "max beyond the well", _domino(max=500, power=300000), "records"),
    ("domino", "power below the best turn", _domino(max=9, power=3), "records"),
    ("merge", "a best without moves", _merge(best_moves=0), "best_moves"),
    ("merge", "a best stone that is no power of two", _merge(best_highest=48), "best_highest"),
    ("merge", "a best stone of 2**3000", _merge(best_highest=2**3000), "best_highest"),
    ("merge", "a score without a merge", _merge(best_highest=2), "best_highest"),
    ("bowls", "a best of 5,000 after 0 runs", _bowls(played={}), "best"),
    ("bowls", "a best in a mode without bests", _bowls(best={"free": 10}, played={"free": 1}), "best"),
    ("bowls", "an unknown mode played", _bowls(played={"endless": 2, "chess": 1}), "played"),
    ("bowls", "an unknown achievement", _bowls(achievements=["combo9"]), "achievements"),
    ("bowls", "solved in 1 move, a longer puzzle", _bowls(puzzles={"40": 1}), "puzzles"),
    ("bowls", "more moves than the limit", _bowls(puzzles={"1": 2}), "puzzles"),
    ("bowls", "the id 07", _bowls(puzzles={"07": 2}), "puzzles"),
    ("bowls", "the id ١ (Arabic-Indic)", _bowls(puzzles={"١": 1}), "puzzles"),
    ("bowls", "the date 2026-02-31", _bowls(best={"daily": 50}, played={"daily": 1}, daily={"2026-02-31": 50}),
     "daily"),
    ("bowls", "an Arabic-Indic date", _bowls(best={"daily": 50}, played={"daily": 1}, daily={"٢٠٢٦-11-29": 50}),
     "daily"),
    ("bowls", "a daily above the Daily best", _bowls(best={"daily": 50}, played={"daily": 1},
                                                     daily={"2026-11-29": 70}), "daily"),
    ("bowls", "a count of 2**60", _bowls(played={"endless": 2**60}), "played"),
]


@pytest.mark.parametrize(("game", "why", "text", "field"), PROFILES, ids=[f"{g}: {w}" for g, w, _, _ in PROFILES])
def test_impossible_profiles_are_refused(game: str, why: str, text: str, field: str) -> None:
    assert refused_field(game, "load_profile", {"profile": text}) == field


@pytest.mark.parametrize(("game", "text"), [
    ("blocks", _blocks(stars=123, best=1234, crowns=2, runs=1)),
    ("domino", _domino()),
    ("merge", _merge()),
    ("merge", '{"best": 77}'),  # a profile from before best_moves/best_highest still loads
    ("bowls", _bowls(puzzles={"1": 1, "40": 4}, best={"endless": 300, "daily": 70}, played={"endless": 2, "daily": 1},
                     daily={"2028-02-29": 70})),
])
def test_possible_profiles_load(game: str, text: str) -> None:
    """The rows above fail for their own reason: the same profiles made possible load."""
    assert refused_field(game, "load_profile", {"profile": text}) is None


def test_profile_tallies_saturate() -> None:
    """Decision: tallies a finished run adds to stop at MAX_COUNT, so the card still loads."""
    card, _ = cards.bank(cards.Profile(stars=MAX_COUNT, best=10, crowns=MAX_COUNT, runs=MAX_COUNT), 990, 1, 3)
    assert (card.stars, card.crowns, card.runs) == (MAX_COUNT, MAX_COUNT, MAX_COUNT)
    assert cards.load(cards.dump(card)) == card


def test_domino_records_read_strictly() -> None:
    assert read_records(_domino())["sprint/classic"]["speed"] == 1.5
