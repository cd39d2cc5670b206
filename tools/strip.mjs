// `make dist` (tools/build.py): our own JavaScript slimmed for the players'
// download, after the page's modules are bundled (tools/bundle.mjs): the
// workers' modules and the service worker's, and the bundle's chunks again. The
// JSDoc types, the comments and the layout are for readers and for the type
// checker; the published site does not need them. esbuild (a pinned
// devDependency) parses each module and prints it again without comments or
// layout, with syntax-level shortenings only: no renaming, imports and exports
// as written (every module keeps its URL and its `import.meta.url`).
// Usage: node tools/strip.mjs FILE...   (each file rewritten in place)
import { readFileSync, writeFileSync } from "node:fs";
import { buildSync, transformSync } from "esbuild";

/** @param {string} code a module @returns {string[]} the names it exports */
function exportsOf(code) {
  const { metafile } = buildSync({ stdin: { contents: code, loader: "js" }, write: false, metafile: true, format: "esm", logLevel: "silent" });
  return Object.values(metafile.outputs)[0].exports;
}

let before = 0;
let after = 0;
for (const file of process.argv.slice(2)) {
  const source = readFileSync(file, "utf8");
  const { code } = transformSync(source, {
    loader: "js",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    sourcefile: file,
  });
  // A slimmed module exports exactly what its source does, or the build stops.
  if (exportsOf(code).join() !== exportsOf(source).join()) {
    console.error(`strip: ${file}: the exports changed`);
    process.exit(1);
  }
  writeFileSync(file, code);
  before += source.length;
  after += code.length;
}
console.log(`strip: ${process.argv.length - 2} modules, ${before} -> ${after} characters`);
