// Makes the interpreter memory snapshot for returning visits, off the main
// thread (see web/pyodide-loader.mjs). Answers "saved" or "failed".
// After a first visit (`handed`), the wasm, the standard library and the engine
// archive are read where the page put them for the engine worker (Cache Storage,
// DOWNLOADS_CACHE), not asked of the network again (P16).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { RUNTIME_LOCK, archiveDigest, handedOver, snapshotKey } from "./snapshot.mjs";

// Every module of the standard library built for the arcade (tools/stdlib.py:
// exactly the files a full session imports) is imported once here, and so are
// the engines (the bridge, each game's api, the Daily Club's record): they are
// part of the snapshot, so a returning visit neither compiles nor runs them again.
// The engine archive is unpacked where PyScript unpacks it (pyscript.toml's
// [files]: the working directory), so every module's file is where it will be.
// The snapshot is keyed by the archive's digest: another build boots without it.
const IMPORT_ALL = `
import importlib, sys, zipfile
archive = next(entry for entry in sys.path if entry.endswith(".zip"))
for name in sorted(zipfile.ZipFile(archive).namelist()):
    if name.endswith(".pyc"):  # each module is stored compiled (tools/stdlib_trim.py)
        __import__(name[:-4].removesuffix("/__init__").replace("/", "."))
from club import GAMES
for name in ("club.bridge", "club.daily.api", *(f"club.{game}.api" for game in GAMES)):
    importlib.import_module(name)
`;

/** Each fetch answered from the first visit's downloads when the file is there. */
function readHandedOver() {
  const network = globalThis.fetch;
  /** @param {Parameters<typeof fetch>} args */
  globalThis.fetch = async (...args) => {
    const url = String(/** @type {any} */ (args[0])?.url ?? args[0]).split("?")[0];
    return (await handedOver(url)) ?? network(...args);
  };
}

self.onmessage = async ({ data: { indexURL, stdLibURL, archiveURL, cache, handed } }) => {
  try {
    if (handed) readHandedOver();
    const response = await fetch(archiveURL);
    if (!response.ok) throw new Error(`the engine archive: HTTP ${response.status}`);
    const archive = new Uint8Array(await response.arrayBuffer());
    const pyodide = await loadPyodide({ indexURL, stdLibURL, lockFileContents: RUNTIME_LOCK, _makeSnapshot: true });
    pyodide.unpackArchive(archive, "zip", { extractDir: pyodide.FS.cwd() });
    pyodide.runPython(IMPORT_ALL);
    const bytes = pyodide.makeMemorySnapshot();
    const key = snapshotKey(pyodide.version, archiveDigest(archive));
    const store = await caches.open(cache);
    await store.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    // Then the snapshots of other Pyodide versions and builds go (never a moment with none).
    await Promise.all((await store.keys()).filter((request) => request.url !== key).map((request) => store.delete(request)));
    self.postMessage("saved");
  } catch (error) {
    console.warn("6E Club: snapshot not made", error);
    self.postMessage("failed");
  }
};
