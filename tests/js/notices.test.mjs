// The page's notices (web/notices.js): a problem stays and counts its repeats;
// a confirmation ("done": a link copied) says what was done, is the only one of
// its kind on screen (the newest) and goes by itself after a moment.
import { afterEach, beforeEach, test, mock } from "node:test";
import assert from "node:assert/strict";
import { installDom, showKey } from "./fakes.mjs";
import { createNotices } from "../../web/notices.js";

// Fake timers in every test: nothing waits, and no real timer outlives a test.
beforeEach(() => {
  mock.timers.enable({ apis: ["setTimeout"] });
});
afterEach(() => {
  mock.timers.reset();
});

/** @param {boolean} [inFlow] the notices take room in the page @returns {{ notice: import("../../web/notices.js").Notice, container: any }} */
function notices(inFlow = false) {
  const document = installDom();
  const container = document.createElement("div");
  return { notice: createNotices(container, showKey, () => inFlow), container };
}

/** @param {any} container @returns {string[]} each notice as "role: text" */
const seen = (container) => container.children.map((n) => `${n.getAttribute("role")}: ${n.children[0].textContent}`);

test("a problem said again counts instead of stacking", () => {
  const { notice, container } = notices();
  notice("Storage is full");
  notice("Storage is full");
  assert.deepEqual(seen(container), ["alert: Storage is full"]);
  assert.equal(container.children[0].dataset.count, "2");
  mock.timers.tick(10000);
  assert.equal(container.children.length, 1); // a problem stays long enough to read
});

// [what the player did, in order] -> what is on screen
const CONFIRMATIONS = [
  [["Link copied"], ["status: Link copied"]],
  [["Link copied", "Code copied"], ["status: Code copied"]],
  [["Link copied", "Code copied", "Link copied"], ["status: Link copied"]],
  [["Code copied", "Code copied", "Code copied"], ["status: Code copied"]],
];

for (const [said, shown] of CONFIRMATIONS) {
  test(`confirmations ${said.join(" → ")}: only the newest is up`, () => {
    const { notice, container } = notices();
    for (const text of said) notice(text, "done");
    assert.deepEqual(seen(container), shown);
    assert.equal(container.children[0].className, "notice notice-done");
  });
}

test("a confirmation goes by itself after a moment; a problem beside it stays", () => {
  const { notice, container } = notices();
  notice("Storage is full");
  notice("Link copied", "done");
  assert.equal(container.children.length, 2);
  mock.timers.tick(4000);
  assert.deepEqual(seen(container), ["alert: Storage is full"]);
});

test("a problem with its own room in the page stays until closed: the game moves back only by the player's hand", () => {
  const { notice, container } = notices(true);
  notice("Storage is full");
  notice("Link copied", "done");
  mock.timers.tick(60000);
  assert.deepEqual(seen(container), ["alert: Storage is full"]); // the confirmation went, the problem stays
});
