"""Puzzle goals (W18): the grammar, the check after a safe move, and progress.

A goal is one line: ``clear C``, ``collect C N``, ``score N``, ``combo N``,
``leave N`` or ``empty``, where ``C`` is an ordinary colour letter.

>>> goal = parse_goal("collect G 6")
>>> goal, print_goal(goal)
(Goal(kind='collect', colour='G', count=6), 'collect G 6')
>>> from club.bowls.notation import parse
>>> pos = parse("-/-/G/-/-/-/-/-/-/-/-/- 40 2")
>>> goal_met(parse_goal("clear G"), pos, (0, 0, 0, 0, 0), 0)
False
>>> goal_met(parse_goal("leave 1"), pos, (0,) * 5, 0), goal_met(parse_goal("score 40"), pos, (0,) * 5, 0)
(True, True)
>>> progress(goal, pos, (0, 4, 0, 0, 0), 0)
{'kind': 'collect', 'colour': 'G', 'count': 6, 'done': 4, 'left': 2}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from club.bowls.position import COLOURS, Position
from club.errors import NotationError, parse_count

KINDS = ("clear", "collect", "score", "combo", "leave", "empty")
# The tokens after the kind word: "C" a colour, "N" a count.
SHAPES = {"clear": "C", "collect": "CN", "score": "N", "combo": "N", "leave": "N", "empty": ""}
LOWEST = {"collect": 1, "score": 1, "combo": 1, "leave": 0}  # a goal met by nothing is no goal


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str
    colour: str = ""  # clear, collect
    count: int = 0  # collect, score, combo, leave

    def colour_index(self) -> int:
        return COLOURS.index(self.colour)


def parse_goal(text: object) -> Goal:
    """A goal from its W18 text; raises ``NotationError("goal")`` when it is not one.

    >>> parse_goal("empty"), parse_goal("clear P").colour
    (Goal(kind='empty', colour='', count=0), 'P')
    >>> parse_goal("collect J 3")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: goal: 'J' is not an ordinary colour (RGBYP)
    """
    if not isinstance(text, str):
        raise NotationError("goal", "goal must be text")
    kind, *args = text.split(" ")
    if kind not in SHAPES:
        raise NotationError("goal", f"unknown goal {kind!r}; one of {', '.join(KINDS)}")
    shape = SHAPES[kind]
    if len(args) != len(shape):
        raise NotationError("goal", f"{kind!r} takes {len(shape)} argument(s), got {len(args)}")
    colour, count = "", 0
    for letter, arg in zip(shape, args, strict=True):
        if letter == "C":
            if len(arg) != 1 or arg not in COLOURS:
                raise NotationError("goal", f"{arg!r} is not an ordinary colour ({COLOURS})")
            colour = arg
        else:
            count = parse_count(arg, "goal", low=LOWEST[kind])
    return Goal(kind, colour, count)


def print_goal(goal: Goal) -> str:
    shape = SHAPES[goal.kind]
    parts = [goal.kind] + [goal.colour if letter == "C" else str(goal.count) for letter in shape]
    return " ".join(parts)


def goal_met(goal: Goal, position: Position, collected: Sequence[int], combo: int) -> bool:
    """W18: the goal after a safe move; ``collected`` counts per colour over the
    attempt (jokers never count), ``combo`` is that move's matching bowls."""
    kind = goal.kind
    if kind == "clear":
        return not any(goal.colour in queue for queue in position.bowls)
    if kind == "collect":
        return collected[goal.colour_index()] >= goal.count
    if kind == "score":
        return position.score >= goal.count
    if kind == "combo":
        return combo >= goal.count
    if kind == "leave":
        return position.stones() <= goal.count
    return position.is_empty()


class Progress(TypedDict):
    """A goal's progress as the page shows it: ``done`` of ``count``, and what is ``left``."""

    kind: str
    colour: str  # clear, collect ("" for the others)
    count: int
    done: int
    left: int


def progress(goal: Goal, position: Position, collected: Sequence[int], best_combo: int) -> Progress:
    """What the page shows next to the goal: ``done`` of ``count`` and what is ``left``.

    For ``clear`` and ``empty`` ``left`` is the stones still to go, for
    ``leave`` the stones above the allowance, for ``combo`` the best combo of
    this attempt so far is ``done``.
    """
    done, left = _done_left(goal, position, collected, best_combo)
    return {"kind": goal.kind, "colour": goal.colour, "count": goal.count, "done": done, "left": left}


def _done_left(goal: Goal, position: Position, collected: Sequence[int], best_combo: int) -> tuple[int, int]:
    kind = goal.kind
    if kind == "clear":
        return 0, sum(queue.count(goal.colour) for queue in position.bowls)
    if kind == "collect":
        done = collected[goal.colour_index()]
        return done, max(0, goal.count - done)
    if kind == "score":
        return position.score, max(0, goal.count - position.score)
    if kind == "combo":
        return best_combo, max(0, goal.count - best_combo)
    if kind == "leave":
        stones = position.stones()
        return stones, max(0, stones - goal.count)
    return 0, position.stones()
