// The announcer's queue (P11): every message said once, a sentence of its own, in
// the order asked; what one moment asks for written together; the end of a run in
// the assertive region with the polite words of its moment before it. Tables of
// moments: each a list of asks, then the tick; what the regions were written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { QUIET_MS, createSpeech, sentence } from "../../web/a11y.js";

test("a message becomes a sentence of its own", () => {
  const cases = [
    ["+51, 1 row cleared", "+51, 1 row cleared."],
    ["Step 2 of 4. Fill a row.", "Step 2 of 4. Fill a row."],
    ["Puzzle solved in 1 move!", "Puzzle solved in 1 move!"],
    ["  Paused  ", "Paused."],
    ["Row 3,\n cell 4", "Row 3, cell 4."],
    ["«Готово»", "«Готово»."],
    ["Fertig?", "Fertig?"],
    ["Board: ", "Board:"],
    ["", ""],
  ];
  for (const [text, said] of cases) assert.equal(sentence(text), said, text);
});

/**
 * Plays moments through a speech with a hand-driven clock and tick.
 * @param {{ at: number, asks: [string, ("polite" | "assertive")?][] }[]} moments
 */
function heard(moments) {
  /** @type {string[]} */
  const log = [];
  let clock = 0;
  /** @type {(() => void)[]} */
  let ticks = [];
  const speech = createSpeech({
    write: (urgency, sentences, fresh) => log.push(`${fresh ? "fresh " : ""}${urgency}: ${sentences.join(" | ")}`),
    clear: () => log.push("clear"),
    schedule: (run) => ticks.push(run),
    now: () => clock,
  });
  for (const { at, asks } of moments) {
    clock = at;
    for (const [text, urgency] of asks) speech.say(text, urgency);
    const due = ticks;
    ticks = [];
    due.forEach((run) => run());
  }
  return log;
}

test("what the regions are written, moment by moment", () => {
  /** @type {[string, Parameters<typeof heard>[0], string[]][]} */
  const cases = [
    [
      "a move's result and the lesson's next step: both, in order (the old debounce kept the step alone)",
      [{ at: 0, asks: [["+51, 1 row cleared"], ["Step 3 of 4. The meter lights an edge per row"]] }],
      ["fresh polite: +51, 1 row cleared. | Step 3 of 4. The meter lights an edge per row."],
    ],
    [
      "a move and a tip: the tip is read",
      [{ at: 0, asks: [["+12"], ["6 rows = a Crown +600"]] }],
      ["fresh polite: +12. | 6 rows = a Crown +600."],
    ],
    ["the same words twice in one moment: said once", [{ at: 0, asks: [["Paused"], ["Paused."]] }], ["fresh polite: Paused."]],
    [
      "the same words in two moments: a cursor back on its cell is heard again, appended",
      [
        { at: 0, asks: [["row 3, cell 4, filled"]] },
        { at: 200, asks: [["row 3, cell 5, empty"]] },
        { at: 400, asks: [["row 3, cell 4, filled"]] },
      ],
      ["fresh polite: row 3, cell 4, filled.", "polite: row 3, cell 5, empty.", "polite: row 3, cell 4, filled."],
    ],
    [
      "the end of a run: assertive, the move's words before it in the same region",
      [{ at: 0, asks: [["+8, 2 cancelled"], ["Game over. Score 1,204", "assertive"]] }],
      ["fresh assertive: +8, 2 cancelled. | Game over. Score 1,204."],
    ],
    [
      "after a quiet while the next burst starts clean regions",
      [
        { at: 0, asks: [["Moved"]] },
        { at: QUIET_MS - 1, asks: [["Moved again"]] },
        { at: 2 * QUIET_MS + 10, asks: [["Later"]] },
      ],
      ["fresh polite: Moved.", "polite: Moved again.", "fresh polite: Later."],
    ],
    [
      "an empty message clears the queue and the regions (the language changed): nothing old is said",
      [{ at: 0, asks: [["In English"], [""], ["In Italiano"]] }],
      ["clear", "fresh polite: In Italiano."],
    ],
    ["nothing asked, nothing written", [{ at: 0, asks: [] }], []],
  ];
  for (const [name, moments, expected] of cases) assert.deepEqual(heard(moments), expected, name);
});
