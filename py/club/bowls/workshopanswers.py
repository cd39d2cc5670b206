"""The workshop's answers to the page (W28): each question as a generator of work
that ``Bridge.query`` runs in slices, returning a typed answer, never raising.

Every refusal is an answer (``accepted: false`` and its reason code), so a
hostile payload or code gives a reason the page can say, never an engine
error: the page's editor asks ``limits_answer`` on every edit, then
``check_steps`` (par, uniqueness, difficulty), ``code_steps`` once the author
solved it, and an opener ``open_steps``.

>>> from club.bowls.solver import run
>>> payload = {"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "clear R", "limit": 2}
>>> answer = run(check_steps(payload))
>>> answer["accepted"], answer["par"], answer["unique"]
(True, 1, True)
>>> made = run(code_steps({**payload, "moves": [2], "title": "Reds"}))
>>> opened = run(open_steps({"code": made["code"]}))
>>> opened["par"], opened["puzzle"]["title"], opened["puzzle"]["moves"]
(1, 'Reds', [2])
>>> reply_answer({"code": made["code"], "moves": [2]})["query"] == f"puzzle={made['code']}&solved=2"
True
>>> reply_answer({"code": made["code"], "solved": "2"})["moves"], reply_answer({"code": made["code"], "solved": "x"})["reason"]
(1, 'reply-corrupt')
>>> run(check_steps({**payload, "limit": 13}))["reason"]
'bad-limit'
>>> limits_answer({"position": "RRR/-/-/-/-/-/-/-/-/-/-/- 0 0"})["limits"]
[{'reason': 'ready-match', 'bowl': 0}]
"""

from __future__ import annotations

import re
from collections.abc import Generator
from typing import Any

from club.bowls.goals import print_goal
from club.bowls.notation import print_position
from club.bowls.proof import BUDGET
from club.bowls.views import (
    SharedPuzzle,
    WorkshopCheck,
    WorkshopCode,
    WorkshopLimits,
    WorkshopOpen,
    WorkshopReply,
    goal_view,
)
from club.bowls.workshop import (
    BAD_POSITION,
    Draft,
    Verdict,
    WorkshopError,
    limits,
    read_draft,
    read_position,
    solved_by,
)
from club.bowls.workshop import (
    check_steps as prove_draft,
)
from club.bowls.workshopcode import Shared, parse_code, print_code
from club.errors import NotationError

Steps = Generator[int, None, Any]
#: A friend's result as a link writes it: their solving bowls, one base-12 digit each (1 to 12 moves).
BOWL_DIGITS = "0123456789ab"
SOLVED = re.compile(f"[{BOWL_DIGITS}]{{1,12}}")
REPLY_CORRUPT = "reply-corrupt"


def limits_answer(payload: dict[str, Any]) -> WorkshopLimits:
    """W18's start limits the position breaks, each with its bowl: cheap (no search)."""
    try:
        position = read_position(payload.get("position"))
    except WorkshopError:
        return {"reason": BAD_POSITION, "limits": []}
    return {"reason": None, "limits": limits(position)}


def refused(error: NotationError) -> WorkshopCheck:
    """A refusal as an answer: its reason code, and the limits broken (``start-limits``)."""
    broken = error.limits if isinstance(error, WorkshopError) else []
    return {"accepted": False, "reason": error.field, "message": error.message, "limits": broken, "par": None,
            "unique": None, "difficulty": None, "budget": BUDGET}


def proven(verdict: Verdict) -> WorkshopCheck:
    return {"accepted": True, "reason": None, "message": None, "limits": [], "par": verdict.par,
            "unique": verdict.unique, "difficulty": verdict.difficulty, "budget": BUDGET}


def check_steps(payload: dict[str, Any], known: dict[Draft, Verdict] | None = None) -> Steps:
    """``workshop_check``: the draft read, then proven (``known``: verdicts kept by draft)."""
    try:
        draft = read_draft(payload)
        verdict = yield from _verdict(draft, known)
    except NotationError as error:
        return refused(error)
    return proven(verdict)


def code_steps(payload: dict[str, Any], known: dict[Draft, Verdict] | None = None) -> Steps:
    """``workshop_code``: the draft read, the author's ``moves`` solving it within the
    limit (checked first: cheap), the par proven, then the code (at most 600 characters)."""
    try:
        draft = read_draft(payload)
        solved_by(draft, payload.get("moves"))
        verdict = yield from _verdict(draft, known)
        code = print_code(Shared(draft, tuple(payload["moves"])))
    except NotationError as error:
        answer: WorkshopCode = {**refused(error), "code": None, "query": None}
        return answer
    return {**proven(verdict), "code": code, "query": f"puzzle={code}"}


def open_steps(payload: dict[str, Any], known: dict[Draft, Verdict] | None = None) -> Steps:
    """``workshop_open``: a code read and checked entirely, its par proven again by this solver."""
    code = payload.get("code")
    try:
        shared = parse_code(code)
        verdict = yield from _verdict(shared.draft, known)
    except NotationError as error:
        answer: WorkshopOpen = {**refused(error), "puzzle": None}
        return answer
    assert isinstance(code, str)  # parse_code read it
    return {**proven(verdict), "puzzle": shared_view(shared, code.strip())}


def reply_answer(payload: dict[str, Any]) -> WorkshopReply:
    """``workshop_reply``: a friend's result on a shared puzzle, checked (no proof: cheap).
    ``{"code", "moves"}`` (the friend's page: their solving bowls) or ``{"code", "solved"}``
    (the author's page: the link's text); the code is read entirely and the moves replayed to
    a solve within the limit, so a link cannot claim a result nobody played. A result that does
    not read or does not solve it is ``reply-corrupt`` from a link, ``bad-moves`` / ``not-solved``
    from a list."""
    code = payload.get("code")
    try:
        shared = parse_code(code)
        moves = _reply_moves(shared, payload)
    except NotationError as error:
        return {"accepted": False, "reason": error.field, "message": error.message, "moves": None, "solved": None,
                "query": None, "puzzle": None}
    assert isinstance(code, str)  # parse_code read it
    solved = "".join(BOWL_DIGITS[bowl] for bowl in moves)
    return {"accepted": True, "reason": None, "message": None, "moves": len(moves), "solved": solved,
            "query": f"puzzle={code.strip()}&solved={solved}", "puzzle": shared_view(shared, code.strip())}


def _reply_moves(shared: Shared, payload: dict[str, Any]) -> tuple[int, ...]:
    """The friend's solving moves of ``payload`` (``solved`` text first), replayed (see ``reply_answer``)."""
    if "solved" not in payload:
        solved_by(shared.draft, payload.get("moves"))
        return tuple(payload["moves"])
    text = payload["solved"]
    if not isinstance(text, str) or not SOLVED.fullmatch(text):
        raise WorkshopError(REPLY_CORRUPT, "a result is 1 to 12 bowls, one base-12 digit each")
    moves = [BOWL_DIGITS.index(digit) for digit in text]
    try:
        solved_by(shared.draft, moves)
    except WorkshopError:
        raise WorkshopError(REPLY_CORRUPT, "the result's moves do not solve the puzzle within its limit") from None
    return tuple(moves)


def shared_view(shared: Shared, code: str) -> SharedPuzzle:
    draft = shared.draft
    return {"position": print_position(draft.position), "goal": goal_view(draft.goal),
            "goal_text": print_goal(draft.goal), "limit": draft.limit, "title": draft.title,
            "moves": list(shared.moves), "code": code}


def _verdict(draft: Draft, known: dict[Draft, Verdict] | None) -> Generator[int, None, Verdict]:
    """The draft's verdict: kept from an earlier proof of the same draft, else proven now
    (a refusal raises). The proof counts moves, not time, so the same draft always gets
    the same verdict (W28: the opener's solver proves what the author's did)."""
    if known is not None and draft in known:
        return known[draft]
    verdict = yield from prove_draft(draft)
    if known is not None:
        if len(known) >= KEPT:
            del known[next(iter(known))]
        known[draft] = verdict
    return verdict


#: Verdicts a Session keeps (the drafts checked last): a play, a code or an open of the
#: same draft then needs no second proof.
KEPT = 8
