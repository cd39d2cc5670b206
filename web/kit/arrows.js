// The four arrow keys as the screen directions the engine speaks in (B19, M12):
// a board's geometry says, for each cell, where each direction moves the
// target marker (club.hexgrid.target_map); the page only names its keys.

/** @type {Readonly<{ [key: string]: string }>} */
const DIRECTIONS = Object.freeze({ ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" });

/**
 * The screen direction of an arrow key (`KeyboardEvent.key`), or null for any other key.
 * @param {string} key
 * @returns {string | null}
 */
export function arrowDirection(key) {
  return Object.hasOwn(DIRECTIONS, key) ? DIRECTIONS[key] : null;
}

/**
 * The cell a target marker moves to from `cell` when `key` is pressed, looked up
 * in the engine's map (null: no arrow key, or no such cell).
 * @param {{ [cell: string]: { [direction: string]: string } }} map the geometry's `keys`
 * @param {string} cell
 * @param {string} key
 * @returns {string | null}
 */
export function arrowTarget(map, cell, key) {
  const direction = arrowDirection(key);
  return direction === null ? null : (map[cell]?.[direction] ?? null);
}
