"""The JSON save of a whole run: position, falling tile, clocks, set, PRNG.

Wrapped in the shared envelope (``club.save``, kind ``run``, version 1: the
format of before the envelope, so every stored run still loads); the PRNG is
``Rng.dump`` text and counters are read by ``save.counter``. Every field is
checked on load and a bad one raises ``NotationError`` naming it.

>>> from club.domino.rules import new_run
>>> game, _ = new_run("marathon", "extended", seed=5)
>>> load(dump(game)) == game
True
>>> load(dump(game).replace('"mode":"marathon"', '"mode":"zen"'))
Traceback (most recent call last):
...
club.errors.NotationError: mode: mode must be sprint, marathon or empty
"""

from __future__ import annotations

from typing import Any

from club import save
from club.domino.falling import Falling, fits, resting
from club.domino.notation import parse, print_position
from club.domino.resolve import resolve
from club.domino.rules import LOCK_MS, LOCK_RESETS, MIN_GRAVITY, MODES, RECORDS, START_GRAVITY, Game, faster
from club.domino.tiles import SET_TOP, Tile, format_tile, parse_tile, set_tiles
from club.errors import NotationError, is_int
from club.rng import Rng

GAME, KIND = "domino", "run"
WIDTH, HEIGHT = 8, 16  # the well every run plays (D1)


def dump(game: Game) -> str:
    """The run as save text (compact JSON in the shared envelope)."""
    tile = game.falling
    data = {
        "position": print_position(game.position),
        "falling": None if tile is None else [tile.a, tile.b, tile.col, tile.row, tile.orient],
        "fall_ms": game.fall_ms,
        "rest_ms": game.rest_ms,
        "resets": game.resets,
        "soft": game.soft,
        "gravity": game.gravity,
        "over": game.over,
        "topped_out": game.topped_out,
        "started": game.started,
        "active_ms": game.active_ms,
        "turns": game.turns,
        "points": game.points,
        "chain": game.chain,
        "mode": game.mode,
        "set": game.set_kind,
        "set_number": game.set_number,
        "queue": " ".join(format_tile(t) for t in game.queue),
        "queue_set": game.queue_set,
        "rng": game.rng.dump(),
    }
    if game.beaten:  # written only by a run whose end beat a record: every other run is saved as before
        data["beaten"] = list(game.beaten)
    if game.assist:  # written only by a run at assist pace: every other run is saved as before
        data["assist"] = True
    return save.dump(GAME, KIND, data)


FIELDS = frozenset(("position", "falling", "fall_ms", "rest_ms", "resets", "soft", "gravity", "over", "topped_out",
                    "started", "active_ms", "turns", "points", "chain", "mode", "set", "set_number", "queue",
                    "queue_set", "rng", "beaten", "assist"))


def load(text: object) -> Game:
    """Parse and check a save; raises ``NotationError`` naming the bad field."""
    data = save.load(text, GAME, KIND)
    save.keys(data, "data", set(), FIELDS)  # a missing field is named by its reader below
    pos = parse(save.field(data, "position", str))
    mode = save.field(data, "mode", str)
    if mode not in ("", *MODES):
        raise NotationError("mode", "mode must be sprint, marathon or empty")
    set_kind = save.field(data, "set", str)
    if set_kind not in SET_TOP:
        raise NotationError("set", "set must be classic or extended")
    game = Game(
        pos.well,
        max_turn=pos.max,
        power=pos.power,
        falling=read_falling(data),
        fall_ms=save.counter(data, "fall_ms"),
        rest_ms=None if data.get("rest_ms") is None else save.counter(data, "rest_ms", LOCK_MS - 1),
        resets=save.counter(data, "resets", LOCK_RESETS),
        soft=save.field(data, "soft", bool),
        gravity=save.counter(data, "gravity", START_GRAVITY, MIN_GRAVITY),
        over=save.field(data, "over", bool),
        topped_out=save.field(data, "topped_out", bool),
        started=save.field(data, "started", bool),
        active_ms=save.counter(data, "active_ms"),
        turns=save.counter(data, "turns"),
        points=save.counter(data, "points"),
        chain=save.counter(data, "chain"),
        mode=mode,
        set_kind=set_kind,
        set_number=save.counter(data, "set_number"),
        queue=read_queue(data, set_kind),
        queue_set=save.counter(data, "queue_set"),
        rng=Rng.load(data.get("rng")),
        beaten=read_beaten(data),
        assist=read_assist(data),
    )
    check_consistent(game)
    if mode:
        check_run(game)
    return game


def read_beaten(data: dict[str, Any]) -> tuple[str, ...]:
    """The records a run's end beat (D18), in their order, each once; none before the end.

    >>> read_beaten({"beaten": ["max", "speed"], "over": True, "mode": "sprint"})
    ('max', 'speed')
    >>> read_beaten({"beaten": ["speed", "max"], "over": True, "mode": "sprint"})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: beaten: beaten lists max, power or speed, each once, in that order
    """
    if "beaten" not in data:
        return ()
    beaten = tuple(save.field(data, "beaten", list))
    if not beaten or list(beaten) != [f for f in RECORDS if f in beaten]:
        raise NotationError("beaten", "beaten lists max, power or speed, each once, in that order")
    if data.get("over") is not True or not data.get("mode"):
        raise NotationError("beaten", "only a run over, of a mode, beats a record")
    return beaten


def read_assist(data: dict[str, Any]) -> bool:
    """Assist pace (P11): written only as ``true``, by a run of a mode.

    >>> read_assist({}), read_assist({"assist": True, "mode": "sprint"})
    (False, True)
    >>> read_assist({"assist": False, "mode": "sprint"})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: assist: assist is true (a run at assist pace) or absent
    """
    if "assist" not in data:
        return False
    if data["assist"] is not True or not data.get("mode"):
        raise NotationError("assist", "assist is true (a run at assist pace) or absent")
    return True


def read_falling(data: dict[str, Any]) -> Falling | None:
    value = data.get("falling")
    if value is None:
        return None
    ok = isinstance(value, list) and len(value) == 5
    ok = ok and all(is_int(v) for v in value)
    if not ok or not (0 <= value[0] <= 9 and 0 <= value[1] <= 9 and 0 <= value[4] <= 3):
        raise NotationError("falling", "falling must be null or [a, b, col, row, orient]")
    return Falling(*value)


def read_queue(data: dict[str, Any], set_kind: str) -> tuple[Tile, ...]:
    """The tiles still to come: tiles of the set, each at most once (D2: a set is
    drawn without replacement, so no tile can come twice)."""
    text = save.field(data, "queue", str)
    top = SET_TOP[set_kind]
    words = text.split(" ") if text else []
    if len(words) > len(set_tiles(set_kind)):
        raise NotationError("queue", f"queue must be tiles a-b of the {set_kind} set")
    tiles = [parse_tile(word) for word in words]
    if any(t is None or max(t) > top for t in tiles):
        raise NotationError("queue", f"queue must be tiles a-b of the {set_kind} set")
    found = tuple(t for t in tiles if t is not None)
    if len({tuple(sorted(t)) for t in found}) != len(found):
        raise NotationError("queue", "a tile appears twice in the queue")
    return found


def check_consistent(game: Game) -> None:
    """The falling tile must fit, and the lock clock must match whether it rests."""
    tile = game.falling
    if tile is None:
        if game.rest_ms is not None:
            raise NotationError("rest_ms", "no falling tile, so no lock delay")
        return
    if game.over or not fits(game.well, tile.col, tile.row, tile.orient):
        raise NotationError("falling", "the falling tile must fit in the well of a running game")
    if (game.rest_ms is not None) != resting(game.well, tile):
        raise NotationError("rest_ms", "the lock delay runs exactly while the tile rests")


def check_run(game: Game) -> None:
    """What a Sprint or Marathon can hold (P8): the 8 x 16 well (D1), pips of
    its set (D2), a well at rest with nothing left to cancel (D12: saves are
    at rest), scores a turn can give (D13) and a queue that follows the sets
    (D15, D16). Notation-loaded games (no mode) keep D1's any-size wells."""
    well, top = game.well, SET_TOP[game.set_kind]
    if (well.width, well.height) != (WIDTH, HEIGHT):
        raise NotationError("well", f"the well of a run is {WIDTH} x {HEIGHT}")
    if any(p > top for p in well.pips) or (game.falling and max(game.falling.a, game.falling.b) > top):
        raise NotationError("well", f"pips of the {game.set_kind} set are 0-{top}")
    turn = resolve(well)
    if turn.well != well:
        raise NotationError("well", "halves float or cancel: a saved well is at rest")
    check_scores(game)
    check_sets(game)


def check_scores(game: Game) -> None:
    """D13: T counts cancelled halves, so Max is at most the well's cells; the
    Max turn alone added (Max - 1)² to Power; a score needs a turn."""
    if game.max_turn > WIDTH * HEIGHT or game.points > game.max_turn or game.chain > game.points:
        raise NotationError("max", "a turn cancels at most the well's halves")
    if game.max_turn >= 2 and game.power < (game.max_turn - 1) ** 2:
        raise NotationError("power", "power below what the best turn alone gave")
    if (game.max_turn or game.power) and not game.turns:
        raise NotationError("turns", "scores without a turn played")


def set_gravity(set_number: int) -> int:
    """D6: the gravity of set ``set_number`` (it reaches 100 ms by set 14 and stays).

    >>> [set_gravity(n) for n in (1, 2, 3, 14, 10**15)]
    [800, 680, 578, 100, 100]
    """
    gravity = START_GRAVITY
    for _ in range(min(set_number - 1, 20)):
        gravity = faster(gravity)
    return gravity


def check_sets(game: Game) -> None:
    """D15/D16: the tiles in play come from set ``set_number`` (the next set is drawn
    whole when a Marathon set runs out); a Sprint has one set, all accounted for."""
    size = len(set_tiles(game.set_kind))
    if game.set_number < 1 or game.queue_set not in (game.set_number, game.set_number + 1):
        raise NotationError("set_number", "a run plays set 1 on, and queues that set or the next")
    if game.queue_set != game.set_number and (game.mode != "marathon" or len(game.queue) != size):
        raise NotationError("queue", "only a Marathon queues the next set, and all of it")
    played = game.turns + len(game.queue) + (game.falling is not None)
    if game.mode == "sprint" and not game.over and (game.set_number != 1 or played != size):
        raise NotationError("queue", "a Sprint's turns, falling tile and queue make one set")
    if game.gravity != set_gravity(game.set_number):
        raise NotationError("gravity", "gravity follows the set: 800 ms, 15 % faster per Marathon set")
    if game.falling is not None and game.queue_set == game.set_number:
        tile = tuple(sorted((game.falling.a, game.falling.b)))
        if any(tuple(sorted(t)) == tile for t in game.queue):
            raise NotationError("queue", "the falling tile is still in the queue")
