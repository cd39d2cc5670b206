// Pixel layout of pointy-top hex boards (Red Blob Games): geometry lives in
// Python (club.hexgrid); this is only where cells are drawn and hit-tested.
const SQRT3 = Math.sqrt(3);

/** @typedef {{ q: number, r: number }} Hex axial coordinates */
/** @typedef {{ x: number, y: number }} Point */

/** @param {number} q @param {number} r @param {number} size hex radius in pixels @returns {Point} the centre */
export function hexToPixel(q, r, size) {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

/** @param {number} x @param {number} y @param {number} size @returns {string} an SVG points list */
export function hexCorners(x, y, size) {
  /** @type {string[]} */
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + size * Math.cos(angle)).toFixed(2)},${(y + size * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** @param {number} x @param {number} y @param {number} size @returns {Hex} the cell under the point */
export function pixelToHex(x, y, size) {
  const q = ((SQRT3 / 3) * x - y / 3) / size;
  const r = ((2 / 3) * y) / size;
  return cubeRound(q, r);
}

/** @param {number} fq @param {number} fr @returns {Hex} */
function cubeRound(fq, fr) {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return { q: q + 0, r: r + 0 };
}

// Board extent in pixels for a viewBox: width and height of the hexagon.
/** @param {number} radius @param {number} size @returns {{ width: number, height: number }} */
export function boardExtent(radius, size) {
  return { width: SQRT3 * size * (2 * radius + 1), height: size * (3 * radius + 2) };
}

// The SVG viewBox of a hex board centred on 0:0, with a margin around it.
/** @param {number} radius @param {number} size @param {number} [margin] @returns {string} */
export function boardViewBox(radius, size, margin = 0) {
  const { width, height } = boardExtent(radius, size);
  return `${-width / 2 - margin} ${-height / 2 - margin} ${width + 2 * margin} ${height + 2 * margin}`;
}
