"""A ghost to race (P4, docs/daily-club.md): a challenge link's ``vs`` (the sender's
replay code) is read apart from the deal, opened into the challenger's line (their
score at each move, as the end card counts moves), and answered beside the run in
play; a damaged, foreign, other-deal or too long ghost is refused with its reason
and the deal plays all the same."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import club.bridge as bridge_module
import longruns
import pytest
from club.bridge import Bridge
from club.errors import NotationError
from club.ghost import Ghost, GhostRace, line_of
from club.links import MAX_GHOST, MAX_QUERY, challenge, link, read_link, vs_of
from club.replay import parse_code
from test_replays import RUNS, call, damaged, play_to_end

CODE = "6E1.blocks.eNqNkb0K"  # read apart, unread: only ghost_open decodes it

# query, the game's link table, what it starts, its ghost's code
LINKS_WITH_VS = [
    (f"seed=12&vs={CODE}", {}, {"seed": 12}, CODE),
    (f"vs={CODE}&beat=40&daily=2026-12-02", {}, {"daily": "2026-12-02"}, CODE),
    (f"seed=8&mode=sprint&set=classic&beat=3&vs={CODE}", {"mode": str, "set": str},
     {"seed": 8, "mode": "sprint", "set": "classic"}, CODE),
    ("seed=12&vs=", {}, {"seed": 12}, ""),  # an empty ghost: the deal plays, the ghost's open refuses it
    (f"seed=12&vs={'x' * 50_000}", {}, {"seed": 12}, "x" * 50_000),  # too long a ghost never spoils the deal
    ("seed=12", {}, {"seed": 12}, None),
]
# queries refused whatever their ghost: the deal part is bad or too long, a ghost named twice
BAD_LINKS = [f"seed=x&vs={CODE}", f"seed=1&vs={CODE}&vs={CODE}", f"seed=1&pad={'1' * MAX_QUERY}&vs={CODE}"]


@pytest.mark.parametrize(("query", "table", "start", "vs"), LINKS_WITH_VS)
def test_vs_is_read_apart_from_the_deal(query: str, table: dict[str, type], start: dict[str, Any], vs: str | None) -> None:
    assert read_link(query, table) == start
    assert vs_of(query) == vs


@pytest.mark.parametrize("query", BAD_LINKS)
def test_a_bad_deal_is_refused_whatever_its_ghost(query: str) -> None:
    with pytest.raises(NotationError) as refused:
        read_link(query, {})
    assert refused.value.field == "query"


# the finished run's link query: its deal, its score, its code as the ghost only when it fits a link
CHALLENGES = [
    ("seed=4", 120, "6E1.blocks.abc", "seed=4&beat=120&vs=6E1.blocks.abc"),
    ("daily=2026-12-02", 0, "6E1.bowls." + "a" * (MAX_GHOST - 10), f"daily=2026-12-02&beat=0&vs=6E1.bowls.{'a' * (MAX_GHOST - 10)}"),
    ("daily=2026-12-02", 0, "6E1.bowls." + "a" * (MAX_GHOST - 9), "daily=2026-12-02&beat=0"),
    ("seed=4", 7, None, "seed=4&beat=7"),  # a run cut short has no code
    (None, 7, "6E1.blocks.abc", None),  # a run without a recording has no deal to send
]


@pytest.mark.parametrize(("query", "score", "code", "sent"), CHALLENGES)
def test_the_challenge_a_run_sends(query: str | None, score: int, code: str | None, sent: str | None) -> None:
    assert challenge(query, score, code) == sent


def test_a_line_is_the_last_score_at_each_move() -> None:
    # steps: (moves, score); a bowls undo goes back a move, a jump keeps the score before it
    table = [
        (([0, 1, 2, 3], [0, 5, 9, 20]), (0, 5, 9, 20)),
        (([0, 1, 2, 1, 2, 3], [0, 5, 9, 5, 7, 8]), (0, 5, 7, 8)),  # undone to 1, then another move 2
        (([0, 2, 2, 3], [0, 4, 6, 6]), (0, 0, 6, 6)),  # moves 0 to 2 in one step (a re-deal with a drop)
        (([0, 0, 1], [0, 3, 3]), (3, 3)),  # frames scored before the first move
        (([0, 1, 2, 1], [0, 5, 9, 5]), (0, 5)),  # undone at the very end: the line ends where the run did
    ]
    for (moves, scores), line in table:
        assert line_of(moves, scores) == line, (moves, scores)


# move, the player's score, the run over -> what the ghost of line (0, 10, 25, 40) says
VIEWS = [
    ((0, 0, False), {"score": 0, "won": "tie", "by": 0}),
    ((2, 30, False), {"score": 25, "won": "you", "by": 5}),
    ((2, 20, False), {"score": 25, "won": "ghost", "by": 5}),
    ((9, 70, False), {"score": 40, "won": "you", "by": 30}),  # the ghost ended: its final stands
    ((2, 30, True), {"score": 25, "won": "ghost", "by": 10}),  # over: the finals compared
    ((3, 40, True), {"score": 40, "won": "tie", "by": 0}),
]


@pytest.mark.parametrize(("at", "said"), VIEWS)
def test_what_the_ghost_says_at_a_move(at: tuple[int, int, bool], said: dict[str, Any]) -> None:
    view = Ghost("seed=1", (0, 10, 25, 40)).view(*at)
    assert {key: view[key] for key in said} == said
    assert (view["final"], view["moves"], view["move"], view["you"], view["over"]) == (40, 3, at[0], at[1], at[2])


def stepped_line(game: str, code: str) -> tuple[int, ...]:
    """The yardstick: the code stepped one action at a time through the Session's own actions
    (no playback), the score kept the last time the run stood at each move count."""
    replay = parse_code(code, game)
    player = Bridge().session(game)
    player.replay_begin(replay.start)
    at = {player.played(player.state): player.score(player.state)}
    for method, payload in replay.actions:
        getattr(player, method)(payload)
        at[player.played(player.state)] = player.score(player.state)
    final = player.played(player.state)
    line = [at.get(0, 0)]
    for move in range(1, final + 1):
        line.append(at.get(move, line[-1]))
    line[-1] = player.score(player.state)
    return tuple(line)


def opened(bridge: Bridge, game: str, code: str, deal: str) -> dict[str, Any]:
    return json.loads(bridge.call(game, "ghost_open", json.dumps({"code": code, "link": deal})))


@pytest.mark.parametrize("game", ["blocks", "domino", "merge", "bowls"])
def test_the_ghost_line_is_the_replay_stepped(game: str) -> None:
    code = longruns.code(game, 25)
    deal = call(Bridge(), game, "start_of", {"query": challenge_query(code, game)})["link"]
    session = Bridge().session(game)
    session.new({"query": deal})
    race = GhostRace(session)
    assert race.ghost_open({"code": code, "link": deal}) is not None
    assert race.held is not None and race.held.line == stepped_line(game, code)


def replayed_boards(game: str, code: str) -> dict[int, dict[str, Any]]:
    """The yardstick of the friend's board: the code opened as a replay (another bridge, the
    replay service) and every step sought from the start; at each move count the view of the
    last step the challenger stood there (a bowls undo: the path they finally took)."""
    viewer = Bridge()
    steps = call(viewer, f"{game}/replay", "replay_open", {"code": code})["steps"]
    boards: dict[int, dict[str, Any]] = {}
    for index in range(steps + 1):
        sought = call(viewer, f"{game}/replay", "replay_seek", {"index": index})
        boards[sought["move"]] = sought["view"]
    return boards


@pytest.mark.parametrize("game", ["blocks", "domino", "merge", "bowls"])
def test_the_friends_board_is_the_replay_at_the_same_move(game: str) -> None:
    code = longruns.code(game, 25)
    deal = call(Bridge(), game, "start_of", {"query": challenge_query(code, game)})["link"]
    session = Bridge().session(game)
    session.new({"query": deal})
    race = GhostRace(session)
    assert race.ghost_open({"code": code, "link": deal})["board"] == replayed_boards(game, code)[0]  # type: ignore[index]
    ghost = race.held
    assert ghost is not None and ghost.playback is not None
    boards = replayed_boards(game, code)
    last = boards[ghost.moves]
    # forward one move at a time (the replay's cursor), then back to a new run and jumps both ways,
    # past the challenger's end (their last position stays)
    order = [*range(ghost.moves + 1), ghost.moves + 5, 0, ghost.moves // 2, 3, ghost.moves]
    for move in order:
        expected = boards.get(move, last if move > ghost.moves else None)
        if expected is None:  # a move count the challenger jumped over: the position before it
            expected = boards[max(m for m in boards if m < move)]
        assert race.board(ghost, ghost.playback, move) == expected, (game, move)


def challenge_query(code: str, game: str) -> str:
    session = Bridge().session(game)
    return link(parse_code(code, game).start, session.LINK)


FRIENDS = [RUNS[0], RUNS[3], RUNS[5], RUNS[6]]  # blocks, a domino Sprint, a bowls Daily, an Endless (merge: the line test)


@pytest.mark.parametrize(("game", "start", "player"), FRIENDS, ids=[f"{g}-{json.dumps(s)}" for g, s, _ in FRIENDS])
def test_a_friend_sees_the_challengers_score_at_the_same_move(game: str, start: dict[str, Any], player: Any) -> None:
    # the challenger plays; their friend opens the challenge and makes the very same moves
    challenger = Bridge()
    call(challenger, game, "new", start)
    finished = play_to_end(challenger, game, player, random.Random(3), resume_at=-1)
    query = finished["challenge"]
    assert query == f"{finished['link']}&beat={finished['score']}&vs={finished['code']}"
    friend = Bridge()
    found = call(friend, game, "start_of", {"query": query})
    assert (found["beat"], found["vs"], found["link"]) == (finished["score"], finished["code"], finished["link"])
    call(friend, game, "new", found["payload"])
    assert call(friend, game, "ghost_open", {"code": found["vs"], "link": found["link"]})["score"] == 0
    replay = parse_code(finished["code"], game)
    line = stepped_line(game, finished["code"])
    for method, payload in replay.actions:
        answer = call(friend, game, method, payload)
        ghost = call(friend, game, "ghost")
        # the action's answer carries it: one round trip a move (P4); the friend's board with a position shown
        shown = answer.get("view") is not None
        assert answer["ghost"] == (ghost if shown else {k: v for k, v in ghost.items() if k != "board"})
        assert ghost["score"] == line[min(ghost["move"], len(line) - 1)]
        if game == "blocks":  # the same drops: level all the way (a bowls undo steps off the ghost's final path)
            assert (ghost["you"], ghost["won"]) == (ghost["score"], "tie")
    ghost = call(friend, game, "ghost")
    assert ghost.pop("board")["over"] is True  # the challenger's last position
    assert ghost == {"move": finished["moves"], "score": finished["score"], "final": finished["score"],
                     "moves": finished["moves"], "you": finished["score"], "over": True, "won": "tie", "by": 0}
    # another deal in play: no ghost beside it; the ghost's deal again: it is back
    assert call(friend, game, "new", {"seed": 77})["ghost"] is None
    assert call(friend, game, "ghost") is None
    call(friend, game, "new", found["payload"])
    assert call(friend, game, "ghost")["final"] == finished["score"]


def ghost_code() -> tuple[str, str]:
    bridge = Bridge()
    call(bridge, "domino", "new", {"seed": 3, "mode": "sprint", "set": "classic"})
    for _ in range(3):
        call(bridge, "domino", "move", {"move": "hard"})
    code = bridge.session("domino").replay_code()
    assert code is not None
    return code, call(bridge, "domino", "run_info")["link"]


CODE_GOOD, DEAL = ghost_code()
# the ghost's code, the deal it is raced on -> the reason it is refused (None: taken)
GHOSTS = [
    (CODE_GOOD, DEAL, None),
    (damaged(CODE_GOOD), DEAL, "replay-corrupt"),
    ("", DEAL, "replay-corrupt"),
    (CODE_GOOD.replace("6E1.domino.", "6E1.blocks."), DEAL, "replay-foreign"),
    (CODE_GOOD.replace("6E1.", "6E9."), DEAL, "replay-version"),
    (CODE_GOOD, "seed=4&mode=sprint&set=classic", "ghost-other-deal"),
    (CODE_GOOD, "seed=3&mode=marathon&set=classic", "ghost-other-deal"),
    (CODE_GOOD + "A" * (MAX_GHOST - len(CODE_GOOD) + 1), DEAL, "ghost-too-long"),
    (CODE_GOOD, None, "link"),
]


@pytest.mark.parametrize(("code", "deal", "reason"), GHOSTS)
def test_a_bad_ghost_is_refused_and_the_deal_plays_on(code: str, deal: str | None, reason: str | None) -> None:
    bridge = Bridge()
    call(bridge, "domino", "new", {"query": DEAL})
    assert opened(bridge, "domino", CODE_GOOD, DEAL)["ok"]  # a ghost held before
    before = call(bridge, "domino", "save")
    answer = opened(bridge, "domino", code, deal)  # type: ignore[arg-type]
    if reason is None:
        assert answer["ok"] and answer["result"]["moves"] == 3
        return
    assert not answer["ok"] and answer["error"]["field"] == reason
    assert call(bridge, "domino", "ghost") is None  # the one held before is dropped too
    assert call(bridge, "domino", "save") == before  # the run in play is untouched
    assert call(bridge, "domino", "move", {"move": "hard"})["accepted"]  # and plays on


def test_a_null_code_drops_the_ghost() -> None:
    bridge = Bridge()
    call(bridge, "domino", "new", {"query": DEAL})
    assert opened(bridge, "domino", CODE_GOOD, DEAL)["ok"] and call(bridge, "domino", "ghost") is not None
    assert opened(bridge, "domino", None, DEAL) == {"ok": True, "result": None}  # type: ignore[arg-type]
    assert call(bridge, "domino", "ghost") is None


def test_the_ghost_is_never_in_the_save() -> None:
    bridge = Bridge()
    call(bridge, "domino", "new", {"query": DEAL})
    save = call(bridge, "domino", "save")
    assert opened(bridge, "domino", CODE_GOOD, DEAL)["ok"]
    assert call(bridge, "domino", "save") == save
    reloaded = Bridge()
    call(reloaded, "domino", "load", {"save": save})
    assert call(reloaded, "domino", "ghost") is None  # the page gives it again after a reload


def test_a_ghost_opens_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """P4: opening a long challenge never locks the worker: its search gives the event loop back between units of
    work (a move replayed is one), so calls are answered meanwhile. Slices of no time are one unit each; counting
    the loop's turns while it opens proves the granularity without a clock (the slices' length is `make bench`'s)."""
    monkeypatch.setattr(bridge_module, "SLICE_MS", 0.0)
    code = longruns.code("merge", 120)
    deal = challenge_query(code, "merge")
    bridge = Bridge()
    call(bridge, "merge", "new", {"query": deal})

    async def open_while_counting() -> tuple[str, int]:
        turns = 0
        opening = asyncio.ensure_future(bridge.query("merge", "ghost_open", json.dumps({"code": code, "link": deal})))
        while not opening.done():
            turns += 1
            await asyncio.sleep(0)
        return opening.result(), turns

    text, turns = asyncio.run(open_while_counting())
    answer = json.loads(text)
    assert answer["ok"] and answer["result"]["moves"] >= 120
    assert turns >= 120, turns  # the loop ran between the moves replayed
