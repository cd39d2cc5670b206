// The CPython engine, run once by a test file to produce the events and views
// its tables read: the shapes the page really gets (py/club), never written by
// hand and never copied from the JavaScript under test. The script runs with
// py/ on its path and prints one JSON value.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = `${ROOT}.venv/bin/python`;

/**
 * Run `script` in the engine's Python and answer what it printed, parsed.
 * Without the venv (`make setup`) this throws: a table of no events tests nothing.
 * @param {string} script Python source printing one JSON value
 * @returns {any}
 */
export function runEngine(script) {
  if (!existsSync(PYTHON)) throw new Error(`no ${PYTHON}: run \`make setup\` first`);
  const out = execFileSync(PYTHON, ["-c", script], {
    cwd: ROOT,
    env: { ...process.env, PYTHONPATH: `${ROOT}py`, PYTHONHASHSEED: "0" },
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out);
}
