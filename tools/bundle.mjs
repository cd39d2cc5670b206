// `make dist` (tools/build.py): the page's JavaScript bundled for the
// players' download. The sources are some 90 small modules, one concern each,
// for readers; a phone fetching them one by one waits a round trip per import
// level and a request per module (68 before a lesson's first paint). esbuild (a
// pinned devDependency) bundles them from the page's entry, web/boot.js, split
// at its dynamic imports (the app, each game's page, the stats page): a route
// loads a few chunks, and the code shared by two routes comes once.
//
// Every output is written flat into web/ (the entries under their own names,
// the shared code as chunk-HASH.js), so a module's `import.meta.url` can be
// written as the URL it had in the sources, `new URL("../web/x/y.js",
// import.meta.url)`: its stylesheets, strings and workers stay where they are.
// Imports of build/ and vendor/ (generated data, PyScript) are left as they
// are: from web/ they are still right. The workers' modules (the engine's
// loader, the snapshot worker) are not the page's and are not bundled.
//
// Usage: node tools/bundle.mjs SITE   (SITE: a copy of the served tree)
// Prints JSON: { outputs: {file: text}, imports: {file: [file...]}, entries: {source: file} }
// (files relative to SITE; imports: each output's static imports of the others).
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";

const site = process.argv[2];
/** @param {string} path @returns {string} the path from the site's root, with forward slashes */
const fromSite = (path) => relative(site, path).split("\\").join("/");

/** @type {import("esbuild").Plugin} */
const sourceUrls = {
  name: "source-urls",
  setup(bundler) {
    // build/ and vendor/: external, imported as written (only modules directly in web/ import them).
    bundler.onResolve({ filter: /^\.\.\/(build|vendor)\// }, (args) => {
      if (relative(join(site, "web"), args.resolveDir) !== "") throw new Error(`${args.importer}: ${args.path} from below web/`);
      return { path: args.path, external: true };
    });
    bundler.onLoad({ filter: /\.m?js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      const url = `new URL(${JSON.stringify(`../${fromSite(args.path)}`)}, import.meta.url).href`;
      return { contents: text.replaceAll("import.meta.url", url), loader: "js" };
    });
  },
};

const result = await build({
  entryPoints: [join(site, "web", "boot.js")],
  bundle: true,
  splitting: true,
  format: "esm",
  outdir: join(site, "web"),
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  minify: true,
  legalComments: "none",
  target: "es2022",
  metafile: true,
  write: false,
  logLevel: "error",
  plugins: [sourceUrls],
});

const outputs = {};
const imports = {};
const entries = {};
for (const [path, output] of Object.entries(result.metafile.outputs)) {
  const file = fromSite(path);
  imports[file] = output.imports.filter((i) => i.kind === "import-statement" && !i.external).map((i) => fromSite(i.path));
  if (output.entryPoint) entries[fromSite(output.entryPoint)] = file;
}
for (const file of result.outputFiles) outputs[fromSite(file.path)] = file.text;
console.log(JSON.stringify({ outputs, imports, entries }));
