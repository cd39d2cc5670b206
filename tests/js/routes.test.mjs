// The router's reading of a location hash (web/route.js parseRoute): every
// route form the arcade links to, and what junk falls back to (home).
import { test } from "node:test";
import assert from "node:assert/strict";
import { lessonFirst, lessonHash, parseRoute } from "../../web/route.js";

const HOME = { name: "home" };
/** A game route: lesson, start and replay as the page's context reads them. */
const game = (id, { lesson = false, start = null, replay = null } = {}) => ({ name: "game", game: id, lesson, start, replay });

/** [hash, route] */
const ROUTES = [
  // home, the club page, the rules pages
  ["", HOME],
  ["#", HOME],
  ["#/", HOME],
  ["#/club", { name: "club" }],
  ["#/club/archive", { name: "club", view: "archive" }], // the archive of past dailies
  ["#/club/archive/", { name: "club", view: "archive" }],
  ["#/rules/blocks", { name: "rules", game: "blocks" }],
  ["#/rules/domino", { name: "rules", game: "domino" }],
  ["#/rules/merge", { name: "rules", game: "merge" }],
  ["#/rules/bowls", { name: "rules", game: "bowls" }],
  // each game, plain
  ["#/blocks", game("blocks")],
  ["#/domino", game("domino")],
  ["#/merge", game("merge")],
  ["#/bowls", game("bowls")],
  ["#/blocks/", game("blocks")], // a trailing slash is the same page
  // the first lesson
  ["#/blocks?lesson", game("blocks", { lesson: true })],
  ["#/bowls?lesson=1", game("bowls", { lesson: true })],
  // a replay: the code as given, percent-decoded
  ["#/blocks?replay=6E1.blocks.eNqtVEEKwz-AM", game("blocks", { replay: "6E1.blocks.eNqtVEEKwz-AM" })],
  ["#/merge?replay=6E1.merge.a_b-c", game("merge", { replay: "6E1.merge.a_b-c" })],
  ["#/domino?replay=6E1%2Edomino%2Exyz", game("domino", { replay: "6E1.domino.xyz" })],
  ["#/bowls?replay", game("bowls", { replay: "" })], // an empty code: the engine refuses it, the page says so
  // a replay wins over a lesson in the same query: it is what the link was made for
  ["#/blocks?lesson&replay=6E1.blocks.x", game("blocks", { replay: "6E1.blocks.x" })],
  // a deal to start: the query handed on as written (the engine's start_of checks it)
  ["#/blocks?seed=7", game("blocks", { start: "seed=7" })],
  ["#/domino?seed=12&mode=marathon&set=extended", game("domino", { start: "seed=12&mode=marathon&set=extended" })],
  ["#/merge?seed=3&jokers=0", game("merge", { start: "seed=3&jokers=0" })],
  ["#/bowls?daily=2025-03-09", game("bowls", { start: "daily=2025-03-09" })],
  ["#/domino?daily=2025-03-09&mode=sprint", game("domino", { start: "daily=2025-03-09&mode=sprint" })],
  ["#/blocks?seed=7&&", game("blocks", { start: "seed=7" })], // empty parts dropped
  // a past daily from the archive: handed on as written (the club service's archive_open checks it)
  ["#/merge?archive=2026-12-01", game("merge", { start: "archive=2026-12-01" })],
  ["#/domino?from=7&code=6E1.domino.abc", game("domino", { start: "from=7&code=6E1.domino.abc" })], // Play from here
  ["#/domino?from=7&replay=6E1.domino.abc", game("domino", { replay: "6E1.domino.abc" })], // a replay stays a replay
  ["#/bowls?archive=junk&lesson", game("bowls", { lesson: true, start: "archive=junk" })],
  // a challenge with the score to beat and the sender's replay as a ghost (P4): a long query, handed on whole
  [
    `#/blocks?seed=7&beat=7934&vs=6E1.blocks.${"eNq_-".repeat(400)}`,
    game("blocks", { start: `seed=7&beat=7934&vs=6E1.blocks.${"eNq_-".repeat(400)}` }),
  ],
  // a lesson asked beside a deal is a lesson; the deal is what follows it (a newcomer's Daily or challenge), never
  // dealt into it
  [
    "#/bowls?daily=2025-03-09&beat=5&vs=6E1.bowls.x&lesson",
    game("bowls", { lesson: true, start: "daily=2025-03-09&beat=5&vs=6E1.bowls.x" }),
  ],
  ["#/blocks?seed=7&lesson", game("blocks", { lesson: true, start: "seed=7" })],
  ["#/domino?lesson&daily=2026-12-06", game("domino", { lesson: true, start: "daily=2026-12-06" })],
  // a query that is neither: the game, nothing started
  ["#/merge?jokers=0", game("merge")],
  ["#/blocks?", game("blocks")],
  // the bowls Puzzle Workshop (W28): its editor, and a workshop puzzle's code for the page to open
  ["#/bowls/workshop", { ...game("bowls"), screen: "workshop", puzzle: null }],
  ["#/bowls/workshop?puzzle=6EP1.bowls.x", { ...game("bowls"), screen: "workshop", puzzle: null }],
  ["#/bowls?puzzle=6EP1.bowls.eNq_-x", { ...game("bowls"), screen: null, puzzle: "6EP1.bowls.eNq_-x", solved: null }],
  ["#/bowls?puzzle=damaged", { ...game("bowls"), screen: null, puzzle: "damaged", solved: null }], // the engine says why, the page shows it
  // a friend's result sent back to the author: the engine checks it (the page only carries it)
  ["#/bowls?puzzle=6EP1.bowls.x&solved=26", { ...game("bowls"), screen: null, puzzle: "6EP1.bowls.x", solved: "26" }],
  ["#/bowls?puzzle=6EP1.bowls.x&solved=<x>", { ...game("bowls"), screen: null, puzzle: "6EP1.bowls.x", solved: "<x>" }],
  ["#/bowls?solved=26", game("bowls")], // a result without its puzzle is no link
  ["#/bowls?puzzle=12", game("bowls")], // one of the 100 puzzles: not a code
  ["#/bowls?replay=6E1.bowls.x&puzzle=6EP1.bowls.x", game("bowls", { replay: "6E1.bowls.x" })],
  ["#/blocks?puzzle=6EP1.bowls.x", game("blocks")], // another game has no workshop
  ["#/blocks/workshop", HOME],
  ["#/bowls/editor", HOME],
  // junk: home
  ["#/chess", HOME],
  ["#/BLOCKS", HOME], // routes are lower case
  ["#/blocks/extra", HOME],
  ["#/rules", HOME],
  ["#/rules/chess", HOME],
  ["#/club/stats", HOME],
  ["#/club/archive/x", HOME],
  ["#/?seed=1", HOME],
  [null, HOME],
  [undefined, HOME],
];

for (const [hash, route] of ROUTES) {
  test(`parseRoute(${JSON.stringify(hash)})`, () => {
    assert.deepEqual(parseRoute(/** @type {any} */ (hash)), route);
  });
}

test("a hash without its slash reads like one with it", () => {
  for (const [hash] of ROUTES) {
    if (typeof hash !== "string" || !hash.startsWith("#/")) continue;
    assert.deepEqual(parseRoute(`#${hash.slice(2)}`), parseRoute(hash), hash);
  }
});

// Who gets the first lesson before the page asked (lessonFirst): a newcomer (no lesson done, no run stored), on a
// plain visit and on a Daily's or a challenge's link alike (the deal follows the lesson); never a player who did
// or skipped the lesson, nor one with a run of the game, nor a replay, the workshop, a puzzle's code, or the game
// its replay closed to. [hash, player, lesson first, the lesson's address]
const NEWCOMER = { done: false, stored: false, leftReplay: false };
const FIRST_VISITS = [
  ["#/blocks", NEWCOMER, true, "#/blocks?lesson"],
  ["#/domino?daily=2026-12-06", NEWCOMER, true, "#/domino?lesson&daily=2026-12-06"],
  ["#/merge?seed=7&beat=120&vs=6E1.merge.x", NEWCOMER, true, "#/merge?lesson&seed=7&beat=120&vs=6E1.merge.x"],
  ["#/bowls?archive=2026-12-01", NEWCOMER, true, "#/bowls?lesson&archive=2026-12-01"],
  ["#/domino?daily=2026-12-06", { ...NEWCOMER, done: true }, false],
  ["#/blocks?seed=7", { ...NEWCOMER, stored: true }, false],
  ["#/blocks", { ...NEWCOMER, leftReplay: true }, false],
  ["#/blocks?lesson", NEWCOMER, false], // already the lesson
  ["#/domino?replay=6E1.domino.x", NEWCOMER, false],
  ["#/bowls/workshop", NEWCOMER, false],
  ["#/bowls?puzzle=6EP1.bowls.x", NEWCOMER, false],
  ["#/", NEWCOMER, false],
  ["#/rules/merge", NEWCOMER, false],
];

for (const [hash, player, first, address] of FIRST_VISITS) {
  test(`lessonFirst(${hash}, ${JSON.stringify(player)}) is ${first}`, () => {
    const route = parseRoute(hash);
    assert.equal(lessonFirst(route, player), first);
    if (address && route.name === "game") {
      assert.equal(lessonHash(route.game, route.start), address);
      // the lesson's address reads back as the lesson with the same deal after it
      assert.deepEqual(parseRoute(address), { ...route, lesson: true });
    }
  });
}
