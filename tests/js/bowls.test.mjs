// Six Bowls in sound, juice and words: the cues (web/games/bowls/cues.js) fed
// by the ring's own player (anim.js, which groups a step's matches), the
// words (web/games/bowls/words.js: forecast line W23, a move, a refusal, the
// popups) and what is said of the choice (asks.js: the forecast line, the
// view's own, and a puzzle's hint asked aside, W18). Moves,
// forecasts and the hint are the CPython engine's: the spec's positions for
// a Perfect Clear (W14), combos (W13) and an overflow (W12), a volcano that
// erupts into a second match (W10), and seeded attempts for the rest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEngine } from "./engine.mjs";
import { heldEngine } from "./fakes.mjs";
import { createI18n } from "../../web/kit/i18n.js";
import { createPage } from "../../web/kit/page.js";
import { createPlayer } from "../../web/games/bowls/anim.js";
import { createCues } from "../../web/games/bowls/cues.js";
import { forecastWords, landingWords, moveWords, popupWords, refusalWords, tapWords } from "../../web/games/bowls/words.js";
import { createAsks } from "../../web/games/bowls/asks.js";
import { modeName } from "../../web/games/bowls/hud.js";
import { verdictWords } from "../../web/games/bowls/workshopplay.js";
import { NO_HINT } from "../../web/games/bowls/puzzles.js";

const BOWLS = runEngine(`
import json, random
from club.bowls.api import Session

def at(position, bowl):
    s = Session()
    s.new({"seed": 1, "position": position})
    return {"before": s.view({}), "forecast": s.forecast({"bowl": bowl}), "answer": s.sow({"bowl": bowl})}

out = {
    "perfect": at("-/-/-/-/-/-/-/-/-/-/P/PP 0 0", 10),  # W14: the last three stones match
    "x3": at("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", 5),  # W13: three bowls match
    "x4": at("-/-/-/-/-/BYRP/BB/YY/RR/PP/-/- 0 0", 5),  # W13 x4, and the ring emptied (W14)
    "overflow": at("-/-/-/G/RGBYPRB/-/-/-/-/-/-/- 10 1", 3),  # W12
    # W10: R makes RRR in bowl 1; Y fills the volcano to 6, it erupts, its G makes GGG in bowl 3
    "chain": at("RY/RR/GBYPR[v]/GG/-/-/-/-/-/-/-/- 0 0", 0),
}
found = {}
for seed in range(1, 200):
    s = Session()
    view = s.new({"seed": seed})
    rnd = random.Random(seed)
    while not view["over"]:
        before = view
        bowl = rnd.choice([b for b, x in enumerate(view["bowls"]) if x["refusal"] is None])
        moment = {"before": before, "forecast": s.forecast({"bowl": bowl}), "answer": s.sow({"bowl": bowl})}
        view = moment["answer"]["view"]
        events = moment["answer"]["events"]
        types = [e["type"] for e in events]
        if "match" not in types and "overflow" not in types:
            found.setdefault("plain", moment)
        if "blockers" in types:
            found.setdefault("blockers", moment)
        if {e["phase"] for e in events if e["type"] == "points"} == {"player", "refill"}:
            found.setdefault("refill-points", moment)  # a match of the player's, then one of the refill's
        if any(e["type"] == "points" and e["phase"] == "player" and e["multiplier"] == 1 for e in events) and "perfect" not in types:
            found.setdefault("x1", moment)
    if len(found) == 4:
        break
out.update(found)
puzzle = Session()
out["puzzle"] = {"view": puzzle.puzzle_new({"puzzle": 1}), "hint": puzzle.hint({})}
undone = Session()
undone.new({"seed": 3})
undone.sow({"bowl": 0})
out["undo"] = undone.undo({})
out["daily"] = Session().new({"daily": "2026-12-04"})
out["archive"] = Session().new({"daily": "2026-12-04", "archive": True})  # a past daily from the archive
# W28: a puzzle of one move (sow 2: its R lands on RR), and one of two (sow 2 and sow 6, either order)
out["oneMove"] = Session().workshop_check({"position": "-/-/R/RR/-/-/-/-/-/-/-/- 0 0", "goal": "clear R", "limit": 1})
out["twoMoves"] = Session().workshop_check({"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "empty", "limit": 2})
print(json.dumps(out))
`);

const en = createI18n(
  "en",
  new Map([["bowls.en", Promise.resolve(JSON.parse(readFileSync(new URL("../../web/i18n/bowls.en.json", import.meta.url), "utf8")))]]),
);
await en.use("bowls");
const words = { t: en.t, number: (/** @type {number} */ n) => en.number(n) };

/** @param {string} name */
const events = (name) => BOWLS[name].answer.events;
/** @param {string} name @param {string} type */
const first = (name, type) => events(name).find((e) => e.type === type);

/**
 * A move's events played by the ring's player into the feel, as the page does;
 * what the feel did, in order. Bowl b sits at x = 10b (10 wide), the ring's box is 200 × 100.
 * @param {string} name @param {{ reduced?: boolean }} [options]
 */
function feelMove(name, { reduced = false } = {}) {
  /** @type {any[][]} */
  const did = [];
  const ring = { getBoundingClientRect: () => ({ left: 0, top: 0, width: 200, height: 100 }) };
  const node = (b) => ({ getBoundingClientRect: () => ({ left: 10 * b, top: 0, width: 10, height: 10 }), closest: () => ring });
  const juice = {
    finish: () => did.push(["finish"]),
    burst: (x, y, options) => did.push(["burst", x, y, options]),
    float: (text, x, y, options) => did.push(["float", text, x, y, options]),
    praise: (text, options) => did.push(["praise", text, options]),
    shake: (n) => did.push(["shake", n]),
  };
  const ctx = { reducedMotion: () => reduced, feel: { cue: (cue, options) => did.push(["cue", cue, options ?? {}]) } };
  const feelings = createCues({ ctx, juice: /** @type {any} */ (juice), words, node: /** @type {any} */ (node) });
  const player = createPlayer({ render: () => {}, showHand: () => {} }, { beat: feelings.beat });
  feelings.start();
  player.play(BOWLS[name].before.bowls, events(name), { reduced: true, base: /** @type {any} */ ({}) });
  feelings.after(events(name), BOWLS[name].answer.view);
  return {
    did,
    cues: did.filter((d) => d[0] === "cue").map((d) => [d[1], d[2]]),
    juice: did.filter((d) => d[0] !== "cue" && d[0] !== "finish"),
  };
}

const MOVE = ["move", {}];
const times = (n, cue) => Array.from({ length: n }, () => cue);

// [the move, its sounds in order] — a match step sounds once for its whole group, sized by its stones;
// a step after an eruption is a rising chain step; the refill scores on its own (a clear again); an
// achievement the move earned (W24) is the fanfare after it
const CUES = [
  ["plain", () => [["place", {}], ...times(first("plain", "pickup").stones.length, MOVE), MOVE, MOVE]],
  [
    "x1",
    () => {
      const e = events("x1");
      const delivered = e.filter((x) => x.type === "deliver").length;
      const refills = e.filter((x) => x.type === "refill").length;
      return [["place", {}], ...times(delivered, MOVE), ["clear", { size: first("x1", "match").slots.length }], ...times(refills, MOVE)];
    },
  ],
  ["x3", () => [["place", {}], MOVE, MOVE, MOVE, ["clear", { size: 9 }], ["fanfare", { size: 3 }], MOVE, MOVE, ["fanfare", { size: 3 }]]],
  [
    "x4",
    () => [
      ["place", {}],
      MOVE,
      MOVE,
      MOVE,
      MOVE,
      ["clear", { size: 12 }],
      ["fanfare", { size: 4 }],
      ["fanfare", {}],
      MOVE,
      MOVE,
      ["fanfare", { size: 3 }],
    ],
  ],
  ["perfect", () => [["place", {}], MOVE, ["clear", { size: 3 }], ["fanfare", {}], MOVE, MOVE, ["fanfare", { size: 3 }]]],
  // the overflow is the end's sound; the first attempt's score is a best: the fanfare after it
  ["overflow", () => [["place", {}], MOVE, ["over", {}], ["fanfare", { size: 3 }]]],
  [
    "chain",
    () => [
      ["place", {}],
      MOVE,
      MOVE,
      ["clear", { size: 3 }],
      ...times(6, MOVE),
      ["chain", { step: 1 }],
      MOVE,
      MOVE,
      ["fanfare", { size: 3 }],
    ],
  ],
  [
    "blockers",
    () => {
      const e = events("blockers");
      const at = e.findIndex((x) => x.type === "blockers");
      const before = e.slice(0, at).filter((x) => x.type === "deliver").length;
      const refills = e.filter((x) => x.type === "refill").length;
      return [
        ["place", {}],
        ...times(before, MOVE),
        ["clear", { size: first("blockers", "match").slots.length }],
        ["clear", { size: first("blockers", "blockers").slots.length }],
        ...times(refills, MOVE),
      ];
    },
  ],
  // the refill phase scores on its own (W15): its match is a first step again, not a chain step
  [
    "refill-points",
    () => {
      const e = events("refill-points");
      const [player, refill] = e.filter((x) => x.type === "match");
      return [
        ["place", {}],
        ...times(e.filter((x) => x.type === "deliver").length, MOVE),
        ["clear", { size: player.slots.length }],
        ...times(e.filter((x) => x.type === "refill").length, MOVE),
        ["clear", { size: refill.slots.length }],
      ];
    },
  ],
];

for (const [name, expected] of CUES) {
  test(`bowls cues: ${name}`, () => {
    assert.equal(BOWLS[name].answer.accepted, true);
    assert.deepEqual(feelMove(name).cues, expected());
  });
}

test("bowls cues: under reduced motion the stones' clicks are silent, the moments are not", () => {
  assert.deepEqual(feelMove("plain", { reduced: true }).cues, [["place", {}]]);
  assert.deepEqual(feelMove("chain", { reduced: true }).cues.slice(0, 3), [
    ["place", {}],
    ["clear", { size: 3 }],
    ["chain", { step: 1 }],
  ]);
});

test("bowls juice: a combo's points float over its bowls, x3 praised, x4 praised and shaken", () => {
  const x3 = feelMove("x3").juice;
  const bursts = x3.filter((d) => d[0] === "burst");
  assert.deepEqual(
    bursts.map((d) => [d[1], d[3]]),
    [6, 7, 8].map((b) => [10 * b + 5, { size: 3, cls: `bw-burst-${["B", "Y", "R"][b - 6]}` }]),
  );
  assert.deepEqual(
    x3.find((d) => d[0] === "float"),
    ["float", "+270 ×3", 75, 5, { cls: "bw-float points" }],
  );
  assert.deepEqual(x3.filter((d) => d[0] === "praise")[0], ["praise", "Great!", { level: 2 }]);
  assert.ok(!x3.some((d) => d[0] === "shake"));
  const x4 = feelMove("x4").juice;
  assert.deepEqual(
    x4
      .filter((d) => d[0] === "praise")
      .map((d) => d.slice(1))
      .slice(0, 2),
    [
      ["Superb!", { level: 3 }],
      ["Perfect!", { level: 3 }],
    ],
  );
  assert.deepEqual(
    x4.filter((d) => d[0] === "shake"),
    [
      ["shake", 3],
      ["shake", 2],
    ],
  );
  assert.deepEqual(
    x4.find((d) => d[0] === "float" && d[4].cls.includes("perfect")),
    ["float", "Perfect Clear +100", 100, 50, { cls: "bw-float perfect" }],
  );
});

test("bowls juice: a chain step floats its points over the bowls of both its steps; x2 is praised at level 1", () => {
  const chain = feelMove("chain").juice;
  assert.deepEqual(
    chain.find((d) => d[0] === "float"),
    ["float", "+120 ×2", 25, 5, { cls: "bw-float points" }],
  );
  assert.deepEqual(
    chain.find((d) => d[0] === "praise"),
    ["praise", "Nice!", { level: 1 }],
  );
});

test("bowls juice: the refill's points float as the refill's, over the bowl the refill matched", () => {
  const e = events("refill-points");
  const points = e.find((x) => x.type === "points" && x.phase === "refill");
  const matched = e.filter((x) => x.type === "match").at(-1).bowl;
  const floats = feelMove("refill-points").juice.filter((d) => d[0] === "float");
  assert.deepEqual(floats.at(-1), ["float", `+${points.points}`, 10 * matched + 5, 5, { cls: "bw-float refill" }]);
});

// ----- words --------------------------------------------------------------------------------------

// [the move, the forecast line in words (W23: the player phase only, never the refill)]
const FORECASTS = [
  ["plain", "Forecast: no match."],
  ["x1", "Forecast: 1 matching bowl · ×1 · +30"],
  ["x3", "Forecast: 3 matching bowls · ×3 · +270"],
  ["x4", "Forecast: 4 matching bowls · ×4 · +580 Perfect Clear!"],
  ["perfect", "Forecast: 1 matching bowl · ×1 · +130 Perfect Clear!"],
  ["overflow", "Forecast: ⚠ this sowing overflows a bowl and ends the attempt."],
  ["chain", "Forecast: 2 matching bowls · ×2 · +120"],
];

for (const [name, text] of FORECASTS) {
  test(`bowls forecast words: ${name}`, () => {
    assert.equal(forecastWords(words, BOWLS[name].forecast.line), text);
  });
}

test("bowls forecast words: no line, no words", () => {
  assert.equal(forecastWords(words, null), null);
});

// [the move, what the screen reader hears after it: the points, the bowls the sow changed (P11), the score]
const MOVES = [
  [
    "plain",
    "sow",
    () =>
      "No match. Changed: bowl 1 holds 4 stones, bowl 2 holds 5 stones, bowl 4 holds 5 stones, bowl 5 holds 2 stones, " +
      `bowl 11 empty, bowl 12 holds 4 stones. Score ${BOWLS.plain.answer.view.score}.`,
  ],
  [
    "x3",
    "sow",
    () => "+270 points (×3). Changed: bowl 2 holds 1 stone, bowl 6 empty, bowl 7 empty, bowl 8 empty, bowl 9 holds 1 stone. Score 270.",
  ],
  [
    "perfect",
    "sow",
    () => "+130 points (×1). Perfect Clear! Changed: bowl 2 holds 1 stone, bowl 9 holds 1 stone, bowl 11 empty, bowl 12 empty. Score 130.",
  ],
  [
    "overflow",
    "sow",
    () => "No match. Changed: bowl 4 empty, bowl 5 holds 8 stones. Score 10. Overflow: the attempt is over. Final score 10.",
  ],
  ["undo", "undo", () => "Move undone. Score 0."],
  ["x3", "end", () => null], // End: its card says it
];

for (const [name, method, text] of MOVES) {
  test(`bowls move words: ${method} ${name}`, () => {
    const { view, events } = BOWLS[name].answer ?? BOWLS[name];
    assert.equal(moveWords(words, method, view, events), text());
  });
}

// [the engine's reason, the bowl, the words]: an unknown reason is never shown raw
const REFUSALS = [
  ["empty", 3, "Bowl 4 is empty."],
  ["ice", 0, "Bowl 1 is iced and cannot be chosen."],
  ["over", 0, "The attempt is over."],
  ["nothing-to-undo", 0, "Nothing to undo."],
  ["no-such-reason", 0, "That move is not possible."],
  [null, 0, "That move is not possible."],
];

for (const [reason, bowl, text] of REFUSALS) {
  test(`bowls refusal words: ${reason}`, () => {
    assert.equal(refusalWords(words, reason, bowl), text);
  });
}

// [a tapped bowl's refusal from the view (W5), the bowl, the words]
const TAPS = [
  ["empty", 11, "Bowl 12 is empty."],
  ["ice", 2, "Bowl 3 is iced and cannot be chosen."],
  ["over", 2, "That move is not possible."],
];

for (const [refusal, bowl, text] of TAPS) {
  test(`bowls tap words: ${refusal}`, () => {
    assert.equal(tapWords(words, refusal, bowl), text);
  });
}

// [the event, its popup: text and class]
const POPUPS = [
  [() => first("x3", "points"), ["+270 ×3", "points"]],
  [() => first("x1", "points"), [`+${first("x1", "points").points}`, "points"]],
  [
    () => events("refill-points").find((e) => e.type === "points" && e.phase === "refill"),
    [`+${events("refill-points").find((e) => e.type === "points" && e.phase === "refill").points}`, "refill"],
  ],
  [() => first("perfect", "perfect"), ["Perfect Clear +100", "perfect"]],
];

for (const [event, popup] of POPUPS) {
  test(`bowls popup: ${JSON.stringify(popup)}`, () => {
    assert.deepEqual(popupWords(words, event()), popup);
  });
}

// ----- what is said of the choice: the forecast line (the view's) and a puzzle's hint (asked aside) -----

/** The asks over a real page object and a held engine, on the view of a move's start (or a puzzle's). */
function asking(view) {
  const engine = heldEngine();
  const root = { dataset: {} };
  const page = createPage(/** @type {any} */ (root), { engine, store: { onExternalChange: () => () => {} } });
  /** @type {string[]} */
  const said = [];
  const chose = [];
  let renders = 0;
  const state = { screen: "game", view, chosen: null, prefs: { forecast: true }, forecast: null, hint: NO_HINT };
  const asks = createAsks({
    state: /** @type {any} */ (state),
    page,
    ctx: { engine, announce: (text) => said.push(text) },
    words,
    render: () => {
      renders += 1;
    },
    choose: (b, announce) => chose.push([b, announce]),
  });
  return { engine, page, state, asks, said, chose, renders: () => renders };
}

test("the forecast of the chosen bowl is the view's line, drawn at once: nothing is asked", () => {
  const { engine, state, asks } = asking(BOWLS.x3.before);
  state.chosen = 5;
  asks.forecast();
  assert.equal(engine.calls.length, 0);
  assert.equal(state.forecast, "Forecast: 3 matching bowls · ×3 · +270");
  state.view = BOWLS.overflow.before;
  state.chosen = 3;
  asks.forecast();
  assert.equal(state.forecast, "Forecast: ⚠ this sowing overflows a bowl and ends the attempt.");
});

test("the view's line of a bowl is the engine's forecast of it, landing included (W6, W23)", () => {
  for (const [name, bowl] of [
    ["x3", 5],
    ["overflow", 3],
    ["chain", 0],
    ["perfect", 10],
  ]) {
    assert.deepEqual(BOWLS[name].before.forecasts[bowl], BOWLS[name].forecast.line, name);
  }
  assert.deepEqual(BOWLS.x3.before.forecasts[5].landing, [
    { bowl: 6, count: 1 },
    { bowl: 7, count: 1 },
    { bowl: 8, count: 1 },
  ]);
});

test("where the stones land, in words: the ring's numbers, a count beside a bowl that gets more (W6)", () => {
  assert.equal(landingWords(words, BOWLS.x3.before.forecasts[5].landing), "Its stones land in bowls 7, 8, 9.");
  assert.equal(
    landingWords(words, [
      { bowl: 11, count: 2 },
      { bowl: 0, count: 1 },
    ]),
    "Its stones land in bowls 12 (×2), 1.",
  );
  assert.equal(landingWords(words, []), null);
});

test("no line for a bowl that cannot be chosen, for an attempt over, or with the forecast off", () => {
  const { state, asks } = asking(BOWLS.x3.before);
  state.chosen = 0; // empty (W5)
  asks.forecast();
  assert.equal(state.forecast, null);
  state.chosen = 5;
  state.prefs.forecast = false;
  asks.forecast();
  assert.equal(state.forecast, null);
  state.prefs.forecast = true;
  state.view = BOWLS.overflow.answer.view; // over (W12)
  asks.forecast();
  assert.equal(state.forecast, null);
});

test("a puzzle's hint is searched aside, a forecast meanwhile does not drop it, and it chooses the bowl", async () => {
  const { engine, state, asks, said, chose } = asking(BOWLS.puzzle.view);
  const hinting = asks.hint();
  assert.equal(engine.calls[0].query, true);
  assert.equal(state.hint.asking, true);
  state.chosen = 0;
  asks.forecast(); // asks nothing: the hint's answer is the only one on its way
  engine.calls[0].answer(BOWLS.puzzle.hint);
  await hinting;
  const bowl = BOWLS.puzzle.hint.bowl;
  assert.equal(state.hint.message, `Hint: sow bowl ${bowl + 1}.`);
  assert.deepEqual(chose, bowl === 0 ? [] : [[bowl, false]]);
  assert.deepEqual(said, [`Hint: sow bowl ${bowl + 1}.`]);
});

test("a move made while the hint is searched cancels it: its answer is dropped", async () => {
  const { engine, state, asks, said } = asking(BOWLS.puzzle.view);
  const hinting = asks.hint();
  asks.moved();
  assert.equal(engine.cancels, 1);
  assert.deepEqual(state.hint, NO_HINT);
  engine.calls[0].answer(BOWLS.puzzle.hint);
  await hinting;
  assert.deepEqual(state.hint, NO_HINT);
  assert.deepEqual(said, []);
});

test("no hint outside a puzzle, and one hint at a time", () => {
  const endless = asking(BOWLS.x3.before);
  endless.asks.hint();
  assert.equal(endless.engine.calls.length, 0);
  const puzzle = asking(BOWLS.puzzle.view);
  puzzle.asks.hint();
  puzzle.asks.hint();
  assert.equal(puzzle.engine.calls.length, 1);
});

test("the mode chip names a past daily from the archive as one, not as the day's Daily", () => {
  const dated = { ...words, lang: "en" };
  assert.equal(modeName(dated, BOWLS.daily), "Daily · Dec 4");
  assert.equal(modeName(dated, BOWLS.archive), "Past daily · Dec 4");
});

test("a puzzle's difficulty counts the positions it looked at, its start among them, in each language's plural", async () => {
  assert.equal(BOWLS.oneMove.difficulty.states, 1); // its start: no other position is looked at before the move solves it
  assert.ok(BOWLS.twoMoves.difficulty.states > 1);
  /** @type {Record<string, RegExp>} */
  const one = {
    en: /\(1 position, 0 dead ends\)/,
    it: /\(1 posizione, 0 vicoli ciechi\)/,
    de: /\(1 Stellung, 0 Sackgassen\)/,
    ru: /\(1 позиция, 0 тупиков\)/,
  };
  for (const [lang, said] of Object.entries(one)) {
    const table = JSON.parse(readFileSync(new URL(`../../web/i18n/bowls.${lang}.json`, import.meta.url), "utf8"));
    const i18n = createI18n(lang, new Map([[`bowls.${lang}`, Promise.resolve(table)]]));
    await i18n.use("bowls");
    const language = { t: i18n.t, number: (/** @type {number} */ n) => i18n.number(n) };
    assert.match(verdictWords(language, BOWLS.oneMove), said, lang);
    const many = verdictWords(language, BOWLS.twoMoves);
    assert.doesNotMatch(many, /\{|\(1 |\(0 /, `${lang}: ${many}`); // every placeholder filled; more than one position
  }
});
