// A fresh seed for a new run: 32 random bits, the one seed rule of every engine
// (0 <= seed < 2**32).

/** @returns {number} */
export function randomSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}
