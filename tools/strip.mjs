// `make dist` (tools/build.py): our own JavaScript without its comments, for
// the players' download. The JSDoc types and the comments are for readers and
// for the type checker; the published site does not need them. TypeScript's
// own emitter (the pinned devDependency) re-prints each module, so the code is
// parsed, never cut by pattern: nothing but comments and layout changes.
// Usage: node tools/strip.mjs FILE...   (each file rewritten in place)
import { readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";

const options = {
  removeComments: true,
  target: ts.ScriptTarget.ESNext, // no syntax is lowered
  module: ts.ModuleKind.Preserve, // imports and exports as written
  allowJs: true,
};

let before = 0;
let after = 0;
for (const file of process.argv.slice(2)) {
  const source = readFileSync(file, "utf8");
  const result = ts.transpileModule(source, { fileName: file, compilerOptions: options, reportDiagnostics: true });
  if (result.diagnostics?.length) {
    console.error(`strip: ${file}: ${ts.flattenDiagnosticMessageText(result.diagnostics[0].messageText, "\n")}`);
    process.exit(1);
  }
  writeFileSync(file, result.outputText);
  before += source.length;
  after += result.outputText.length;
}
console.log(`strip: ${process.argv.length - 2} modules, ${before} -> ${after} characters`);
