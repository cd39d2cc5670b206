// Pixel layout of pointy-top hex boards (Red Blob Games): geometry lives in
// Python (club.hexgrid); this is only where cells are drawn and hit-tested.
const SQRT3 = Math.sqrt(3);

export function hexToPixel(q, r, size) {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

export function hexCorners(x, y, size) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + size * Math.cos(angle)).toFixed(2)},${(y + size * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

export function pixelToHex(x, y, size) {
  const q = ((SQRT3 / 3) * x - y / 3) / size;
  const r = ((2 / 3) * y) / size;
  return cubeRound(q, r);
}

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

export function onBoard(q, r, radius) {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= radius;
}

export function boardCells(radius) {
  const cells = [];
  for (let r = -radius; r <= radius; r += 1) {
    for (let q = Math.max(-radius, -r - radius); q <= Math.min(radius, -r + radius); q += 1) cells.push({ q, r });
  }
  return cells;
}

// Board extent in pixels for a viewBox: width and height of the hexagon.
export function boardExtent(radius, size) {
  return { width: SQRT3 * size * (2 * radius + 1), height: size * (3 * radius + 2) };
}

// The SVG viewBox of a hex board centred on 0:0, with a margin around it.
export function boardViewBox(radius, size, margin = 0) {
  const { width, height } = boardExtent(radius, size);
  return `${-width / 2 - margin} ${-height / 2 - margin} ${width + 2 * margin} ${height + 2 * margin}`;
}
