"""No game rule in the pages (P4): web/games/ draws what the view says.

A rule the engine owns (a capacity, a count, a multiplier, a board size, a
scoring table) written again in a page goes stale the day the engine changes
it. ``RULES`` below names them, per game, by the module attribute that holds
them: the value is read from the engine, so a changed rule is followed. A
game's page modules (``web/games/<game>.js``, ``web/games/<game>/**.js``) fail
when their code (comments and, for numbers, strings left out):

(a) declares a constant of a rule's name (``const CAPACITY = ...``), or
(b) writes a distinctive rule value: a number of three digits or more (not
    100 or 1000, which a page uses for percentages and seconds), a number the
    table marks as distinctive (the cell count of a board), a tuple of numbers
    as an array literal (``[3, 2, 1]``), a string of the notation as a quoted
    literal, or an entry of a rule table as ``key: value``.

A page that needs such a number gets it in its game's view. The second half
of the file tests the checker on small snippets, so it can fail.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from club import GAMES

ROOT = Path(__file__).resolve().parent.parent
COMMON = {100, 1000}  # percent and milliseconds in a second: everywhere in drawing code


@dataclass(frozen=True)
class Rule:
    module: str  # under club.<game>
    name: str  # the module attribute
    what: str  # the rule, with its spec id
    derive: Callable[[object], object] | None = None  # a value made from the attribute (len of the cells)
    distinctive: bool = False  # an int under 100 that is still unmistakable (a board's cell count)
    declared: bool = True  # (a) applies: a page constant of this name is a copy

    def value(self, game: str) -> object:
        value = getattr(importlib.import_module(f"club.{game}.{self.module}"), self.name)
        return self.derive(value) if self.derive else value

    @property
    def label(self) -> str:
        return f"{self.name} ({self.what})" if not self.derive else f"{self.what} (from {self.name})"


def streak_percents(streak_clear: Callable[[int, int], int]) -> tuple[int, ...]:
    """B11's multiplier per streak, in percent: the table a page would copy."""
    return tuple(streak_clear(100, streak) for streak in range(1, 6))


RULES: dict[str, tuple[Rule, ...]] = {
    "blocks": (
        Rule("pieces", "RADIUS", "B1 board radius"),
        Rule("pieces", "CELLS", "B1 cells of the board", derive=len, distinctive=True, declared=False),
        Rule("rules", "ROWS", "B2 rows of the board", derive=len, distinctive=True, declared=False),
        Rule("pieces", "SHAPE_WEIGHTS", "B4 shape weights"),
        Rule("rules", "CROWN_POINTS", "B12 points of a Crown"),
        Rule("rules", "METER_EDGES", "B12 edges of the 6E meter"),
        Rule("rules", "streak_clear", "B11 streak multipliers", derive=streak_percents, declared=False),
    ),
    "merge": (
        Rule("board", "RADIUS", "M1 board radius"),
        Rule("board", "SIZE", "M1 cells of the board", distinctive=True, declared=False),  # stones.js: SIZE = viewBox units
        Rule("board", "ROW_LENGTHS", "M1 row lengths"),
        Rule("groups", "PURE_VALUE", "M7 value of a pure joker group"),
        Rule("groups", "JOKER_FACTOR", "M10 joker score factor"),
        Rule("pieces", "STONES", "M2 stones dealt"),
        Rule("pieces", "STAGE_WEIGHTS", "M2 weights per stage"),
        Rule("pieces", "STONE_WEIGHTS", "M2 first weights"),
        Rule("pieces", "JOKER_CHANCE", "M3 joker chance"),
        Rule("saves", "SLOTS", "M15 save slots"),
        Rule("saves", "MAX_STONE", "M15 largest stone"),
        Rule("api", "MAX_MS", "M15 longest play-time step"),
    ),
    "domino": (
        Rule("saves", "WIDTH", "D1 well width"),
        Rule("saves", "HEIGHT", "D1 well height"),
        Rule("profile", "MAX_TURN", "D13 cells of the well", distinctive=True),
        Rule("tiles", "SET_TOP", "D2 highest pip per set"),
        Rule("rules", "START_GRAVITY", "D6 gravity at the start"),
        Rule("rules", "MIN_GRAVITY", "D6 fastest gravity"),
        Rule("rules", "SOFT_MS", "D6 soft drop per row"),
        Rule("rules", "LOCK_MS", "D7 lock delay"),
        Rule("rules", "LOCK_RESETS", "D7 lock resets"),
        Rule("rules", "REPEAT_DELAY", "D8 key repeat delay"),
        Rule("rules", "REPEAT_EVERY", "D8 key repeat interval"),
        Rule("api", "MAX_TICK_MS", "D6 longest tick"),
        Rule("well", "LINKS", "D14 link letters of the notation"),
    ),
    "bowls": (
        Rule("position", "RING", "W1 bowls in the ring"),
        Rule("position", "CAPACITY", "W1 stones a bowl holds"),
        Rule("position", "COLOURS", "W2 the ordinary colours"),
        Rule("position", "MODIFIER_LETTERS", "W26 modifier letters"),
        Rule("rules", "STONE_POINTS", "W13 points per stone"),
        Rule("rules", "PERFECT_POINTS", "W14 perfect clear bonus"),
        Rule("modes", "DAILY_MOVES", "W20 moves of a Daily"),
        Rule("refill", "EVENTS_FROM", "W17 first move with events"),
        Rule("refill", "JOKER_PERCENT", "W16 joker chance"),
        Rule("refill", "MODIFIER_PERCENT", "W16 modifier chance"),
        Rule("refill", "EVENT_MODIFIER_MOVES", "W16 moves of a modifier"),
        Rule("puzzles", "VOLCANO_READY", "W10 stones of an eruption"),
        Rule("puzzles", "COUNT", "W18 puzzles"),
        Rule("achievements", "ENDLESS_POINTS", "W24 points of the endless achievement"),
        Rule("attempt", "UNDO_DEPTH", "W25 undo depth"),
        Rule("hints", "HINT_BUDGET", "W23 hint search budget"),
    ),
}

# --- the checker -------------------------------------------------------------

REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}
NUMBER = re.compile(r"(?<![\w.$])(\d[\d_]*)(?:\.(\d+))?(?![\w.$])")


def code_only(text: str) -> tuple[str, str]:
    """``text`` with comments blanked, and with comments and string/regex
    contents blanked (template ``${...}`` expressions stay): same length,
    same lines, so positions map back to the source."""
    keep, bare = list(text), list(text)
    stack: list[str] = []  # "`" inside a template's text, "{" inside ${...} or a plain brace
    i, n, last = 0, len(text), ""

    def blank(start: int, end: int, both: bool) -> None:
        for k in range(start, end):
            if text[k] != "\n":
                bare[k] = " "
                if both:
                    keep[k] = " "

    while i < n:
        c = text[i]
        if stack and stack[-1] == "`":  # template text
            if c == "\\":
                blank(i, i + 2, False)
                i += 2
            elif c == "`":
                stack.pop()
                i, last = i + 1, "`"
            elif text.startswith("${", i):
                stack.append("${")
                i, last = i + 2, "{"
            else:
                blank(i, i + 1, False)
                i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end, True)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            blank(i, end, True)
            i = end
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, min(j, n), False)
            i, last = j + 1, c
        elif c == "`":
            stack.append("`")
            i += 1
        elif c == "/" and (last in REGEX_BEFORE or re.search(r"\b(return|typeof|case)\s*$", text[max(0, i - 8):i])):
            j, in_class = i + 1, False
            while j < n and text[j] != "\n" and (in_class or text[j] != "/"):
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            blank(i + 1, min(j, n), False)
            i, last = j + 1, "/"
        else:
            if c == "{":
                stack.append("{")
            elif c == "}" and stack:
                stack.pop()
            if not c.isspace():
                last = c
            i += 1
    return "".join(keep), "".join(bare)


def patterns(rule: Rule, value: object) -> list[re.Pattern[str]]:
    """What (b) looks for in the code: nothing for a value too common to tell."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        if value in COMMON or not (value >= 100 or rule.distinctive):
            return []
        return [re.compile(rf"(?<![\w.$]){value}(?![\w.$])")]
    if isinstance(value, tuple) and len(value) >= 2 and all(isinstance(v, int) for v in value):
        items = r"\s*,\s*".join(str(v) for v in value)
        return [re.compile(rf"\[\s*{items}\s*,?\s*\]")]
    if isinstance(value, str) and len(value) >= 3:
        return [re.compile(rf"([\"'`]){re.escape(value)}\1")]
    if isinstance(value, dict):
        return [
            re.compile(rf"(?<![\w$])[\"']?{re.escape(k)}[\"']?\s*:\s*{v}(?![\w.])")
            for k, v in value.items() if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
        ]
    return []


def numbers_of(bare: str) -> str:
    """``bare`` with JS numeric separators dropped (``3_600_000`` -> ``3600000``)."""
    return NUMBER.sub(lambda m: m.group(0).replace("_", ""), bare)


def check_source(text: str, rules: list[tuple[Rule, object]]) -> list[tuple[int, str, str]]:
    """``(line, rule label, what matched)`` for every copy of a rule in ``text``."""
    keep, bare = code_only(text)
    bare = numbers_of(bare)
    found = []
    for rule, value in rules:
        if rule.declared:
            for m in re.finditer(rf"\b(?:const|let|var)\s+{re.escape(rule.name)}\b", bare):
                found.append((bare.count("\n", 0, m.start()) + 1, rule.label, m.group(0)))
        for pattern in patterns(rule, value):
            # strings count for a string or a table entry ("classic": 6), not for a number
            haystack = keep if isinstance(value, (str, dict)) else bare
            for m in pattern.finditer(haystack):
                found.append((haystack.count("\n", 0, m.start()) + 1, rule.label, m.group(0).strip()))
    return sorted(set(found))


def page_files(game: str) -> list[Path]:
    base = ROOT / "web" / "games"
    return [p for p in [base / f"{game}.js", *sorted((base / game).rglob("*.js"))] if p.is_file()]


def finds(game: str) -> list[str]:
    rules = [(rule, rule.value(game)) for rule in RULES[game]]
    out = []
    for path in page_files(game):
        lines = path.read_text(encoding="utf-8").splitlines()
        for line, label, match in check_source(path.read_text(encoding="utf-8"), rules):
            rel = path.relative_to(ROOT).as_posix()
            out.append(f"{rel}:{line}: {label}: `{match}` in: {lines[line - 1].strip()[:100]}")
    return out


# --- the pages -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_table_is_in_the_engine(game: str) -> None:
    for rule in RULES[game]:
        assert rule.value(game) is not None, rule.label


@pytest.mark.parametrize("game", GAMES)
def test_no_rule_of_the_engine_is_copied_in_the_page(game: str) -> None:
    assert finds(game) == [], f"{game}: a rule the engine owns is written in web/games (the view should give it)"


# --- the checker itself ----------------------------------------------------------

CAPACITY = Rule("position", "CAPACITY", "capacity")
CROWN = Rule("rules", "CROWN_POINTS", "crown")
CELLS = Rule("pieces", "CELLS", "cells", derive=len, distinctive=True, declared=False)
WEIGHTS = Rule("pieces", "STAGE_WEIGHTS", "weights")
COLOURS = Rule("position", "COLOURS", "colours")
TOP = Rule("tiles", "SET_TOP", "top")
TABLE = [(CAPACITY, 7), (CROWN, 600), (CELLS, 61), (WEIGHTS, (3, 2, 1)), (COLOURS, "RGBYP"),
         (TOP, {"classic": 6, "extended": 9})]


@pytest.mark.parametrize(("snippet", "expected"), [
    ("const CAPACITY = 7;", [(1, "CAPACITY (capacity)", "const CAPACITY")]),
    ("let x = 1;\nlet CAPACITY;", [(2, "CAPACITY (capacity)", "let CAPACITY")]),
    ("score += 600 * crowns;", [(1, "CROWN_POINTS (crown)", "600")]),
    ("const big = 6_00;", [(1, "CROWN_POINTS (crown)", "600")]),
    ("for (let i = 0; i < 61; i++) draw(i);", [(1, "cells (from CELLS)", "61")]),
    ("const w = [3, 2, 1];", [(1, "STAGE_WEIGHTS (weights)", "[3, 2, 1]")]),
    ("const w = [\n  3,\n  2,\n  1,\n];", [(1, "STAGE_WEIGHTS (weights)", "[\n  3,\n  2,\n  1,\n]")]),
    ("for (const c of 'RGBYP') paint(c);", [(1, "COLOURS (colours)", "'RGBYP'")]),
    ('const top = { "classic": 6 };', [(1, "SET_TOP (top)", '"classic": 6')]),
    ("const top = { extended: 9 };", [(1, "SET_TOP (top)", "extended: 9")]),
    ("const x = `${600 + y}px`;", [(1, "CROWN_POINTS (crown)", "600")]),
])
def test_the_checker_finds_a_copied_rule(snippet: str, expected: list[tuple[int, str, str]]) -> None:
    assert check_source(snippet, TABLE) == expected


@pytest.mark.parametrize("snippet", [
    "// the crown is worth 600 points, CAPACITY is 7\nconst a = view.capacity;",
    "/* const CAPACITY = 7; [3, 2, 1] */ draw(view);",
    'el.setAttribute("d", "M 600 61 L 0 0");',
    "const path = `M ${x} 600 L 61 0`;",
    "const re = /600|61/; const half = 600.5; const id = a600 + b61;",
    "const capacity = view.capacity; const CAPACITY_LABEL = 'x'; const w = [3, 2, 1, 0];",
    "const k = view.stones.length > 7; const t = 100 * 1000; const ok = 'RGBYPX';",
    "const url = 'http://x/600'; const top = { classic: 60 };",
])
def test_the_checker_lets_drawing_code_be(snippet: str) -> None:
    assert check_source(snippet, TABLE) == []


def test_code_only_keeps_lines_and_blanks_comments_and_strings() -> None:
    text = "a = 1; // x 600\nb = '600'; /* 600\n600 */ c = `t${600}u`;\n"
    keep, bare = code_only(text)
    assert len(keep) == len(bare) == len(text)
    assert keep.splitlines() == ["a = 1;         ", "b = '600';       ", "       c = `t${600}u`;"]
    assert bare.splitlines() == ["a = 1;         ", "b = '   ';       ", "       c = ` ${600} `;"]
