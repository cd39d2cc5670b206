// The arcade's Python in Pyodide under Node, for tools/stdlib.py and
// e2e/test_stdlib.py: the pinned Pyodide of node_modules, the engine archive
// unpacked where PyScript unpacks it (the worker's working directory) and
// py/main.py beside it, then tools/stdlib_session.py's full session.
//
//   node tools/stdlib.mjs session <stdlib.zip | pinned> <result.json>
//     the session with that standard library; its answer as JSON
//   node tools/stdlib.mjs build <result.json> <out.zip>
//     the session with the pinned library, then the library built for the
//     arcade from what it imported (tools/stdlib_trim.py), in the same Python,
//     compiled without column ranges (PYTHONNODEBUGRANGES: smaller pyc files,
//     a traceback's lines kept)
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const HOME = "/home/pyodide";

/**
 * @param {string | null} stdlib a zip to use in place of the pinned library
 * @param {Record<string, string>} [env] the interpreter's environment
 */
async function start(stdlib, env = {}) {
  const pyodide = await loadPyodide({
    ...(stdlib ? { stdLibURL: resolve(stdlib) } : {}),
    env,
    stdout: () => {},
    stderr: () => {},
  });
  pyodide.FS.mkdirTree("/repo");
  pyodide.mountNodeFS("/repo", ROOT);
  pyodide.unpackArchive(new Uint8Array(readFileSync(resolve(ROOT, "build/club.zip"))), "zip", { extractDir: HOME });
  pyodide.FS.writeFile(`${HOME}/main.py`, readFileSync(resolve(ROOT, "py/main.py")));
  return pyodide;
}

/** @param {any} pyodide */
async function session(pyodide) {
  const answer = await pyodide.runPythonAsync(`
import json, os, sys
os.chdir("${HOME}")
sys.path[:0] = ["${HOME}", "/repo/tools"]
import stdlib_session
vectors = [f"/repo/{folder}/{name}" for folder in ("spec/vectors", "tests/vectors")
           if os.path.isdir(f"/repo/{folder}") for name in sorted(os.listdir(f"/repo/{folder}")) if name.endswith(".json")]
json.dumps(await stdlib_session.run(vectors))
`);
  return JSON.parse(answer);
}

const [command, first, second] = process.argv.slice(2);
if (command === "session") {
  const pyodide = await start(first === "pinned" ? null : first);
  writeFileSync(second, JSON.stringify(await session(pyodide)));
} else if (command === "build") {
  const pyodide = await start(null, { PYTHONNODEBUGRANGES: "1" });
  const result = await session(pyodide);
  writeFileSync(first, JSON.stringify(result));
  const out = `/repo/${second}`;
  pyodide.globals.set("modules", pyodide.toPy(result.modules));
  const built = pyodide.runPython(`
import json, sys
sys.path[:0] = ["/repo/tools"]
import stdlib_trim
json.dumps(stdlib_trim.trim(next(p for p in sys.path if p.endswith(".zip")), "${out}", modules))
`);
  writeFileSync(first, JSON.stringify({ ...result, built: JSON.parse(built) }));
} else {
  console.error("usage: node tools/stdlib.mjs session <stdlib.zip | pinned> <result.json> | build <result.json> <out.zip>");
  process.exit(2);
}
