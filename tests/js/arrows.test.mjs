// The arrow keys as screen directions (web/kit/arrows.js, B19, M12): the page
// names its keys, the engine's map (club.hexgrid.target_map) says where each
// direction goes from each cell.
import { test } from "node:test";
import assert from "node:assert/strict";
import { arrowDirection, arrowTarget } from "../../web/kit/arrows.js";

// A corner of a radius-4 board as the engine maps it (target_map(4)).
const MAP = {
  "-4:0": { left: "-4:0", right: "-3:0", up: "-3:-1", down: "-4:1" },
  "0:-4": { left: "0:-4", right: "1:-4", up: "0:-4", down: "0:-3" },
};

// [key, its direction, the target from "-4:0", the target from "0:-4"]
const ROWS = [
  ["ArrowLeft", "left", "-4:0", "0:-4"],
  ["ArrowRight", "right", "-3:0", "1:-4"],
  ["ArrowUp", "up", "-3:-1", "0:-4"],
  ["ArrowDown", "down", "-4:1", "0:-3"],
  ["Enter", null, null, null],
  ["toString", null, null, null], // an object's own names are no keys
  ["left", null, null, null], // a direction is no key name
];

for (const [key, direction, fromEdge, fromTop] of ROWS) {
  test(`${key}: ${direction ?? "no direction"}`, () => {
    assert.equal(arrowDirection(/** @type {string} */ (key)), direction);
    assert.equal(arrowTarget(MAP, "-4:0", /** @type {string} */ (key)), fromEdge);
    assert.equal(arrowTarget(MAP, "0:-4", /** @type {string} */ (key)), fromTop);
  });
}

test("a cell the map does not hold moves nowhere", () => {
  assert.equal(arrowTarget(MAP, "9:9", "ArrowUp"), null);
});
