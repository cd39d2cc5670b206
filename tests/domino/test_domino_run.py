"""Runs: sets drawn without replacement (D2), soft drop (D6), set changes and the
ends (D15, D16), active play time (D17). Expected values are worked out from the
spec by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest
from club.domino import rules
from club.domino.falling import Falling
from club.domino.notation import parse
from club.domino.rules import Game, faster, new_run
from club.domino.tiles import set_tiles, shuffled_set
from club.domino.well import Well
from club.rng import Rng

TALL = Well.empty(8, 80)  # room for a whole extended set stacked in the spawn columns


def play_hard(game: Game, turns: int) -> tuple[Game, list[dict]]:
    """Hard-drop ``turns`` tiles; returns the game and every event."""
    events: list[dict] = []
    for _ in range(turns):
        done = rules.hard_drop(game)
        game, reason, more = done.state, done.reason, list(done.events)
        assert reason is None
        events += more
    return game, events


# D2 -------------------------------------------------------------------------
@pytest.mark.parametrize("kind, count, top", [("classic", 28, 6), ("extended", 55, 9)])
def test_d2_sets(kind, count, top):
    tiles = set_tiles(kind)
    assert len(tiles) == len(set(tiles)) == count
    assert all(0 <= a <= b <= top for a, b in tiles)


@pytest.mark.parametrize("kind", ["classic", "extended"])
def test_d2_a_sprint_plays_each_tile_of_the_set_once(kind):
    game, events = new_run("sprint", kind, seed=11, well=TALL)
    game, more = play_hard(game, len(set_tiles(kind)))
    spawned = [tuple(sorted(e["tile"])) for e in events + more if e["type"] == "spawned"]
    assert sorted(spawned) == sorted(set_tiles(kind))
    assert game.over and not game.topped_out  # D15: ended by the last tile, not by the top


def test_d2_half_orders_are_random():
    # over many seeds a non-double tile appears both ways round
    seen = set()
    for seed in range(40):
        tiles, _ = shuffled_set("classic", Rng.from_seed(seed))
        seen.update(t for t in tiles if set(t) == {0, 1})
    assert seen == {(0, 1), (1, 0)}


def test_d2_order_depends_on_the_seed_and_only_on_it():
    assert new_run("sprint", "classic", 5)[0] == new_run("sprint", "classic", 5)[0]
    assert new_run("sprint", "classic", 5)[0].queue != new_run("sprint", "classic", 6)[0].queue


# D4: the next tile is previewed ------------------------------------------------
def test_d4_next_tile_is_the_one_that_spawns():
    game, _ = new_run("marathon", "classic", seed=3, well=TALL)
    for _ in range(60):  # across a set boundary too
        expected = game.next_tile
        done = rules.hard_drop(game)
        game, events = done.state, list(done.events)
        spawned = [e for e in events if e["type"] == "spawned"]
        assert tuple(spawned[0]["tile"]) == expected


# D6 ---------------------------------------------------------------------------
@pytest.mark.parametrize("ms, row", [(49, 0), (50, 1), (149, 2), (150, 3)])
def test_d6_soft_drop_held_moves_every_50_ms(ms, row):
    game, _ = rules.spawn(rules.from_position(parse("/".join(["." * 16] * 8) + " 0 0")), (1, 2))
    game = rules.advance(rules.set_soft(game, True), ms).state
    assert game.falling.row == row


def test_d6_soft_drop_release_returns_to_gravity():
    game, _ = rules.spawn(rules.from_position(parse("/".join(["." * 16] * 8) + " 0 0")), (1, 2))
    game = rules.advance(rules.set_soft(game, True), 60).state  # row 1, 10 ms on the clock
    game = rules.advance(rules.set_soft(game, False), 789).state
    assert game.falling.row == 1
    game = rules.advance(game, 1).state
    assert game.falling.row == 2


def test_d6_marathon_gravity_chain():
    chain = [800]
    while chain[-1] > 100:
        chain.append(faster(chain[-1]))
    # 800 * 0.85 = 680, 578, 491.3, 417.35, 354.45, 300.9, 255.85, 217.6, 185.3, 157.25, 133.45, 113.05, 96.05
    assert chain == [800, 680, 578, 491, 417, 354, 301, 256, 218, 185, 157, 133, 113, 100]
    assert faster(100) == 100


# D15 / D16 ----------------------------------------------------------------------
def test_d16_marathon_new_set_follows_and_is_faster():
    game, _ = new_run("marathon", "classic", seed=9, well=TALL)
    assert (game.set_number, game.gravity, game.tiles_left) == (1, 800, 27)
    game, events = play_hard(game, 27)  # the 28th tile of set 1 is now falling
    assert (game.set_number, game.gravity, game.tiles_left) == (1, 800, 0)
    assert game.next_tile is not None and game.queue_set == 2  # preview shows set 2's first tile
    done = rules.hard_drop(game)
    game, events = done.state, list(done.events)
    kinds = [e["type"] for e in events]
    assert kinds.index("set-finished") < kinds.index("set-started") < kinds.index("spawned")
    assert (game.set_number, game.gravity, game.tiles_left, game.over) == (2, 680, 27, False)


def test_d15_sprint_ends_after_the_last_turn():
    game, _ = new_run("sprint", "classic", seed=9, well=TALL)
    game, events = play_hard(game, 27)
    assert not game.over and game.tiles_left == 0 and game.next_tile is None
    done = rules.hard_drop(game)
    game, events = done.state, list(done.events)
    assert [e["type"] for e in events][-3:] == ["scored", "set-finished", "over"]
    assert game.over and not game.topped_out and game.falling is None


def test_d15_sprint_topped_out():
    # 4-wide, 2 rows: tiles stack in the spawn columns; the third has no room
    game, _ = new_run("sprint", "classic", seed=1, well=Well.empty(4, 2))
    game = replace(game, queue=((0, 1), (2, 3), (4, 5)))  # no equal halves, nothing cancels
    game, events = play_hard(game, 2)
    assert game.over and game.topped_out and events[-1] == {"type": "over", "topped_out": True}


def test_d16_marathon_ends_only_at_the_top():
    game, _ = new_run("marathon", "extended", seed=4, well=Well.empty(4, 3))
    for _ in range(200):
        if game.over:
            break
        game = rules.hard_drop(game).state
    assert game.over and game.topped_out


# D17 ----------------------------------------------------------------------------
def test_d17_active_time_starts_with_the_first_tile():
    game = rules.from_position(parse("/".join(["........"] * 5) + " 0 0"))
    game = rules.advance(game, 1000).state
    assert game.active_ms == 0
    game = rules.spawn_tile(game, (1, 2)).state
    game = rules.advance(game, 700).state
    assert game.active_ms == 700


def test_d17_time_of_a_locking_advance_counts_but_does_not_carry():
    game, _ = new_run("sprint", "classic", seed=2, well=parse("......../......../1r2l3r4l 0 0").well)
    # 5-6 falls a row at 800 ms, rests on 2 and 3 (no match), locks at 1300 ms
    game = replace(game, falling=Falling(5, 6, 1, 0, 0), queue=((0, 0), (1, 1)))
    done = rules.advance(game, 1320)
    game, events = done.state, list(done.events)
    assert [e["type"] for e in events][:3] == ["moved", "locked", "scored"]
    assert game.active_ms == 1320 and game.fall_ms == 0 and game.rest_ms == 0
    assert (game.falling.a, game.falling.row) == (0, 0)


def test_d13_speed_is_power_per_minute():
    game = replace(rules.from_position(parse("........ 4 9")), active_ms=90000)
    assert game.speed == pytest.approx(6.0)
    assert replace(game, active_ms=0).speed == 0.0
