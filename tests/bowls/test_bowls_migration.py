"""P8, W25: saves and profiles in today's formats load after the change,
with the same position, score, PRNG and bests, so no player loses a run or a best.

The texts below were written by the bowls engine as it was before the one contract
(``git show e034d4e:py/club/bowls/``: ``Session.save``, ``record``,
``puzzle_record``, ``achievements``, ``set_theme``), not by today's code: run saves
in the envelope without ``version`` (one with the ``"version": 1`` of the lead's
envelope), the PRNG as unpadded hex, the puzzle and the recorded marks in
``extra``; profiles as plain JSON ``{"version": 1, ...}``, without the envelope.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from club import save
from club.bowls import profile as profiles
from club.bowls import saves
from club.bowls.api import Session
from club.bowls.saves import VERSION
from club.rng import Rng

# (what it is, text, position, score, what else must survive)
SAVES: list[tuple[str, str, str, int, dict[str, Any]]] = [
    ("an Endless run of three moves, one undone (training, redo line)", (
        "{\"data\":{\"collected\":[0,0,0,0,0],\"date\":\"\",\"edition\":2,\"ended\":false,\"extra\":{},\"history\":[[\"GPP"
        "/BPP/PRB/YGB/RGR/YGB/GBR/RBB/YPR/PGP/YBY/GRB 0 0\",\"f4a207d7df7af1ae\",[0,0,0,0,0],0,null],[\"-/BPP"
        "G/PRBP/YGBP/RGRG/YGBY/GBR/RBB/YPR/PGP/YBY/GRB 0 1\",\"d2fc33fb7125ca42\",[0,0,0,0,0],1,{\"bowl\":0,\"c"
        "ombo\":0,\"matching\":[],\"overflow\":null,\"perfect\":false,\"points\":0}]],\"last\":{\"bowl\":1,\"combo\":0,\""
        "matching\":[],\"overflow\":null,\"perfect\":false,\"points\":0},\"mode\":\"endless\",\"position\":\"-/-/PRBPB/"
        "YGBPP/RGRGP/YGBYG/GBR/RBB/YPR/PGPY/YBY/GRBB 0 2\",\"redo\":[2],\"rng\":\"94b96949c4240416\",\"seed\":\"7\","
        "\"training\":true},\"game\":\"bowls\",\"kind\":\"run\",\"schema\":1}"
    ), "-/-/PRBPB/YGBPP/RGRGP/YGBYG/GBR/RBB/YPR/PGPY/YBY/GRBB 0 2", 0, {'training': True, 'redo': 1, 'history': 2, 'recorded': False, 'puzzle': None}),
    ("an Endless run whose PRNG was written with 15 digits", (
        "{\"data\":{\"collected\":[0,0,0,0,0],\"date\":\"\",\"edition\":2,\"ended\":false,\"extra\":{},\"history\":[[\"BRY"
        "/RPG/GRB/PRB/YBR/GBB/YYB/PBB/YGB/PRP/BGY/PYB 0 0\",\"49bc3f6daeb93eed\",[0,0,0,0,0],0,null]],\"last\""
        ":{\"bowl\":0,\"combo\":0,\"matching\":[],\"overflow\":null,\"perfect\":false,\"points\":0},\"mode\":\"endless\","
        "\"position\":\"-/RPGB/GRBRP/PRBY/YBR/GBB/YYBG/PBB/YGB/PRP/BGY/PYB 0 1\",\"redo\":[],\"rng\":\"294ab67c5ab"
        "ad71\",\"seed\":\"10\",\"training\":false},\"game\":\"bowls\",\"kind\":\"run\",\"schema\":1}"
    ), "-/RPGB/GRBRP/PRBY/YBR/GBB/YYBG/PBB/YGB/PRP/BGY/PYB 0 1", 0, {'training': False, 'redo': 0, 'history': 1, 'recorded': False, 'puzzle': None}),
    ("a Daily banked at its 20th move", (
        "{\"data\":{\"collected\":[3,3,0,0,0],\"date\":\"2026-11-29\",\"edition\":2,\"ended\":false,\"extra\":{\"recorde"
        "d\":true},\"history\":[[\"RG/RR/GG/Y/-/-/-/-/-/-/-/- 0 19\",\"9e65c73cb57e55b4\",[0,0,0,0,0],0,null]],\""
        "last\":{\"bowl\":0,\"combo\":2,\"matching\":[1,2],\"overflow\":null,\"perfect\":false,\"points\":120},\"mode\":"
        "\"daily\",\"position\":\"-/-/-/Y/-/-/-/-/-/-/-/- 120 20\",\"redo\":[],\"rng\":\"9e65c73cb57e55b4\",\"seed\":\"9"
        "655889964050825191\",\"training\":false},\"game\":\"bowls\",\"kind\":\"run\",\"schema\":1}"
    ), "-/-/-/Y/-/-/-/-/-/-/-/- 120 20", 120, {'training': False, 'redo': 0, 'history': 1, 'recorded': True, 'puzzle': None}),
    ("a puzzle in play", (
        "{\"data\":{\"collected\":[0,0,0,0,0],\"date\":\"\",\"edition\":2,\"ended\":false,\"extra\":{\"puzzle\":12},\"hist"
        "ory\":[[\"-/YY[i1]/-/-/PP/-/-/-/-/-/YYP/- 0 0\",\"9af678222e728119\",[0,0,0,0,0],10,null]],\"last\":{\"b"
        "owl\":10,\"combo\":0,\"matching\":[],\"overflow\":null,\"perfect\":false,\"points\":0},\"mode\":\"puzzle\",\"pos"
        "ition\":\"Y/YYP/-/-/PP/-/-/-/-/-/-/Y 0 1\",\"redo\":[],\"rng\":\"9af678222e728119\",\"seed\":\"0\",\"training\""
        ":false},\"game\":\"bowls\",\"kind\":\"run\",\"schema\":1}"
    ), "Y/YYP/-/-/PP/-/-/-/-/-/-/Y 0 1", 0, {'training': False, 'redo': 0, 'history': 1, 'recorded': False, 'puzzle': 12}),
    ("a solved puzzle, recorded by record and puzzle_record (envelope with version 1)", (
        "{\"data\":{\"collected\":[3,0,0,0,0],\"date\":\"\",\"edition\":2,\"ended\":false,\"extra\":{\"puzzle\":1,\"puzzle"
        "Recorded\":true,\"recorded\":true},\"history\":[[\"-/-/G/R/RR/B/-/-/-/-/-/- 0 0\",\"9af678222e728119\",[0"
        ",0,0,0,0],3,null]],\"last\":{\"bowl\":3,\"combo\":1,\"matching\":[4],\"overflow\":null,\"perfect\":false,\"po"
        "ints\":30},\"mode\":\"puzzle\",\"position\":\"-/-/G/-/-/B/-/-/-/-/-/- 30 1\",\"redo\":[],\"rng\":\"9af678222e7"
        "28119\",\"seed\":\"0\",\"training\":false},\"game\":\"bowls\",\"kind\":\"run\",\"schema\":1,\"version\":1}"
    ), "-/-/G/-/-/B/-/-/-/-/-/- 30 1", 30, {'training': False, 'redo': 0, 'history': 1, 'recorded': True, 'puzzle': 1}),
]

# (what it is, text, the profile it must read as, the headline best)
PROFILES: list[tuple[str, str, dict[str, Any], int | None]] = [
    ("a Daily best",
     "{\"best\":{\"daily\":120},\"daily\":{\"2026-11-29\":120},\"played\":{\"daily\":1},\"version\":1}",
     {'best': {'daily': 120}, 'daily': {'2026-11-29': 120}, 'played': {'daily': 1}, 'puzzles': {}, 'achievements': [], 'theme': 'simple'}, None),
    ("a solved puzzle",
     (
        "{\"best\":{\"daily\":120},\"daily\":{\"2026-11-29\":120},\"played\":{\"daily\":1,\"puzzle\":1},\"puzzles\":{\"1\":"
        "1},\"version\":1}"
    ),
     {'best': {'daily': 120}, 'daily': {'2026-11-29': 120}, 'played': {'daily': 1, 'puzzle': 1}, 'puzzles': {'1': 1}, 'achievements': [], 'theme': 'simple'}, None),
    ("an achievement and the theme it opened",
     (
        "{\"achievements\":[\"combo2\"],\"best\":{\"daily\":120},\"daily\":{\"2026-11-29\":120},\"played\":{\"daily\":1,\""
        "puzzle\":1},\"puzzles\":{\"1\":1},\"theme\":\"garden\",\"version\":1}"
    ),
     {'best': {'daily': 120}, 'daily': {'2026-11-29': 120}, 'played': {'daily': 1, 'puzzle': 1}, 'puzzles': {'1': 1}, 'achievements': ['combo2'], 'theme': 'garden'}, None),
    ("an Endless best (the home screen's headline)",
     "{\"best\":{\"endless\":70},\"daily\":{},\"played\":{\"endless\":1},\"version\":1}",
     {'best': {'endless': 70}, 'daily': {}, 'played': {'endless': 1}, 'puzzles': {}, 'achievements': [], 'theme': 'simple'}, 70),
    ("nothing stored yet",
     "",
     {'best': {}, 'daily': {}, 'played': {}, 'puzzles': {}, 'achievements': [], 'theme': 'simple'}, None),
]


@pytest.mark.parametrize(("why", "text", "position", "score", "kept"), SAVES, ids=[row[0][:40] for row in SAVES])
def test_todays_saves_load(why: str, text: str, position: str, score: int, kept: dict[str, Any]) -> None:
    """W25: position, score, PRNG, undo line, training, puzzle and the recorded mark survive."""
    old = json.loads(text)["data"]
    attempt = saves.load(text)
    assert (attempt.position_text(), attempt.position.score) == (position, score)
    assert attempt.rng == Rng(int(old["rng"], 16))  # the same generator: the same refills to come
    assert [s.rng for s in attempt.history] == [Rng(int(entry[1], 16)) for entry in old["history"]]
    got = {"training": attempt.training, "redo": len(attempt.redo_bowls), "history": len(attempt.history),
           "recorded": attempt.recorded, "puzzle": attempt.puzzle}
    assert got == kept


@pytest.mark.parametrize(("why", "text", "position", "score", "kept"), SAVES, ids=[row[0][:40] for row in SAVES])
def test_todays_saves_play_on_and_save_in_version_2(why: str, text: str, position: str, score: int,
                                                    kept: dict[str, Any]) -> None:
    """Through the Session: the view is the one the old engine showed; the next save is version 2."""
    session = Session()
    view = session.load({"save": text})
    assert (view["position"], view["score"]) == (position, score)
    data = save.load(session.save({}), "bowls", "run", VERSION)
    assert len(data["rng"]) == 16 and "extra" not in data
    assert session.load({"save": session.save({})}) == view


@pytest.mark.parametrize(("why", "text", "profile", "headline"), PROFILES, ids=[row[0] for row in PROFILES])
def test_todays_profiles_load(why: str, text: str, profile: dict[str, Any], headline: int | None) -> None:
    """W24, W25: bests, daily bests, tallies, solved puzzles, achievements and theme survive,
    and the profile is written back as a ``club.save`` envelope that reads the same."""
    assert profiles.load(text) == profile
    session = Session()
    assert session.load_profile({"profile": text}) == profile
    assert session.headline({"profile": text}) == {"best": headline}
    again = session.dump_profile(session.profile)
    assert json.loads(again)["kind"] == "profile" and profiles.load(again) == profile
