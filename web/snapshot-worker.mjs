// Makes the interpreter memory snapshot for returning visits, off the main
// thread (see web/pyodide-loader.mjs). Answers "saved" or "failed".
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

self.onmessage = async ({ data: { indexURL, key, cache } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
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
