// Makes the interpreter memory snapshot for returning visits, off the main
// thread (see web/pyodide-loader.mjs). Answers "saved" or "failed".
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// Every module of the standard library built for the arcade (tools/stdlib.py:
// exactly the files a full session imports) is imported once here: they are
// part of the snapshot and cost nothing on a returning visit. Only the
// standard library: the snapshot stays valid for any version of our own code.
const IMPORT_ALL = `
import sys, zipfile
archive = next(entry for entry in sys.path if entry.endswith(".zip"))
for name in sorted(zipfile.ZipFile(archive).namelist()):
    if name.endswith(".py"):
        __import__(name[:-3].removesuffix("/__init__").replace("/", "."))
`;

self.onmessage = async ({ data: { indexURL, stdLibURL, key, cache } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
    pyodide.runPython(IMPORT_ALL);
    const bytes = pyodide.makeMemorySnapshot();
    const store = await caches.open(cache);
    await store.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    // Then the snapshots of other Pyodide versions go (never a moment with none).
    await Promise.all((await store.keys()).filter((request) => request.url !== key).map((request) => store.delete(request)));
    self.postMessage("saved");
  } catch (error) {
    console.warn("6E Club: snapshot not made", error);
    self.postMessage("failed");
  }
};
