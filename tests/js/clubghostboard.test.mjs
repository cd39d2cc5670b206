// A ghost you can see (web/kit/clubghostboard.js, P4): the caption under the friend's
// board in the four languages (the served strings), the peek's toggle, and the board
// drawn from the engine's answer: drawn once a position comes, in the same task as the
// move's answer (no round trip of its own), kept while an answer brings none (a domino
// frame's), hidden when no ghost is beside the run.
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { createGhostLine } from "../../web/kit/clubghost.js";
import { createGhostBoard, ghostCaption, peeked } from "../../web/kit/clubghostboard.js";
import { installDom, showKey, ghostView as view, shellWords as words } from "./fakes.mjs";

// [language, the player's move, the caption] (past the challenger's end: their last position, at their last move)
const CAPTIONS = [
  ["en", 12, "Friend's board at move 12"],
  ["en", 95, "Friend's board at move 80"],
  ["it", 12, "Tavola dell'amico alla mossa 12"],
  ["de", 12, "Brett deines Freundes bei Zug 12"],
  ["ru", 12, "Поле друга на ходу 12"],
];

for (const [lang, move, said] of CAPTIONS) {
  test(`the friend's board at move ${move} is captioned in ${lang}`, async () => {
    assert.equal(ghostCaption(/** @type {any} */ (view({ move })), await words(/** @type {string} */ (lang))), said);
  });
}

test("the peek opens what this screen hides and folds what it shows", () => {
  assert.deepEqual([peeked(false), peeked(true)], ["1", "0"]);
});

/** @type {ReturnType<typeof installDom>} */
let doc;
beforeEach(() => {
  doc = installDom();
  // what the stylesheet decides: the figure shown unless folded ("0"); a phone's would also need "1"
  Object.assign(globalThis, { getComputedStyle: (/** @type {any} */ el) => ({ display: el.dataset.open === "0" ? "none" : "block" }) });
});

/** A ghost board on a fake game's renderer that records what it drew. */
function board() {
  /** @type {{made: number, drawn: any[]}} */
  const seen = { made: 0, drawn: [] };
  const drawer = () => {
    seen.made += 1;
    return (/** @type {any} */ position) => seen.drawn.push(position);
  };
  return { seen, ghost: createGhostBoard(/** @type {any} */ (doc.createElement("section")), drawer, { t: showKey, number: String }) };
}

// each answer's ghost -> [the figure hidden, the positions drawn so far, the move drawn]
const ANSWERS = [
  [null, true, [], undefined],
  [view({ move: 0 }), true, [], undefined], // a line without a board: nothing to show yet
  [view({ move: 0, board: "b0" }), false, ["b0"], "0"],
  [view({ move: 0 }), false, ["b0"], "0"], // a domino frame: the board stays
  [view({ move: 1, board: "b1" }), false, ["b0", "b1"], "1"],
  [null, true, ["b0", "b1"], "1"], // another deal in play
];

test("the friend's board shows the positions the answers bring", () => {
  const { seen, ghost } = board();
  for (const [said, hidden, drawn, move] of ANSWERS) {
    ghost.show(/** @type {any} */ (said));
    assert.deepEqual([ghost.node.hidden, seen.drawn, ghost.node.dataset.move], [hidden, drawn, move], JSON.stringify(said));
  }
  assert.equal(seen.made, 1); // the game's board built once
  assert.equal(ghost.node.getAttribute("aria-hidden"), "true");
});

test("the ghost line draws the answer's board in the same task and toggles the peek", () => {
  const { seen, ghost } = board();
  const asked = /** @type {string[]} */ ([]);
  const engine = { call: async (/** @type {string} */ method) => (asked.push(method), null) };
  const line = createGhostLine(/** @type {any} */ (doc.createElement("div")), engine, { t: showKey, number: String }, () => true, ghost);
  void line.update({ ghost: /** @type {any} */ (view({ move: 3, board: "b3" })) }); // not awaited: drawn already
  assert.deepEqual(
    [seen.drawn, asked, line.node.tagName.toLowerCase(), line.node.getAttribute("aria-pressed")],
    [["b3"], [], "button", "true"],
  );
  line.node.click(); // folded
  assert.deepEqual([ghost.node.dataset.open, line.node.getAttribute("aria-pressed")], ["0", "false"]);
  line.node.click(); // open again
  assert.deepEqual([ghost.node.dataset.open, line.node.getAttribute("aria-pressed")], ["1", "true"]);
});
