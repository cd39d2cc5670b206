// Makes the interpreter memory snapshot for returning visits, off the main
// thread (see web/pyodide-loader.mjs). Answers "saved" or "failed".
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// Standard-library modules that PyScript's own start and the engines import:
// imported once here, they are part of the snapshot and cost nothing on a
// returning visit. Only the standard library: the snapshot stays valid for
// any version of our own code.
const PRELOAD = [
  "asyncio", "base64", "collections", "dataclasses", "functools", "gzip", "hashlib", "html", "importlib",
  "inspect", "io", "itertools", "json", "pathlib", "re", "statistics", "struct", "tarfile", "textwrap",
  "traceback", "typing", "zipfile", "zlib",
];

self.onmessage = async ({ data: { indexURL, key, cache } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    pyodide.runPython(PRELOAD.map((name) => `import ${name}`).join("\n"));
    const bytes = pyodide.makeMemorySnapshot();
    const store = await caches.open(cache);
    await Promise.all((await store.keys()).map((request) => store.delete(request)));
    await store.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    self.postMessage("saved");
  } catch (error) {
    console.warn("6E Club: snapshot not made", error);
    self.postMessage("failed");
  }
};
