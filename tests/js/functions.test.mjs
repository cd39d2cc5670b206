// No function in web/ is longer than LIMIT lines: a page's life is the kit's
// (web/kit/mount.js), and a page supplies hooks, each short. Every served
// module is parsed with TypeScript's own parser (a devDependency already:
// tsc checks the JSDoc types), every function, method, arrow and accessor
// with a body is measured from its first line to its last.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "../../node_modules/typescript/lib/typescript.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const WEB = join(REPO, "web");
const LIMIT = 150;

/** @param {string} dir @returns {string[]} every .js and .mjs under dir */
function modules(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return /\.m?js$/.test(name) ? [path] : [];
  });
}

/**
 * Every function with a body in a module's text: its name (or where it is bound) and its length in lines.
 * @param {string} file @param {string} text @returns {{name: string, line: number, lines: number}[]}
 */
function functionsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  /** @type {{name: string, line: number, lines: number}[]} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionLike(node) && /** @type {any} */ (node).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const parent = node.parent;
      const named =
        /** @type {any} */ (node).name ??
        (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) ? parent.name : null);
      found.push({ name: named ? named.getText(source) : "(anonymous)", line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("the scanner measures functions of every kind, nested ones on their own", () => {
  const body = (n) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
  const text = [
    `export function outer() {\n${body(3)}\n  const inner = () => {\n${body(2)}\n  };\n  return inner;\n}`,
    `const obj = { method() {\n${body(4)}\n}, arrow: (x) => x };`,
    `class K { get value() {\n  return 1;\n} }`,
  ].join("\n");
  const lengths = Object.fromEntries(functionsOf("fixture.js", text).map((f) => [f.name, f.lines]));
  assert.deepEqual(lengths, { outer: 10, inner: 4, method: 6, arrow: 1, value: 3 });
});

test(`no function in web/ is longer than ${LIMIT} lines`, () => {
  const files = modules(WEB);
  assert.ok(files.length > 50, "the served modules were found");
  const long = files.flatMap((file) =>
    functionsOf(file, readFileSync(file, "utf8"))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${relative(REPO, file)}:${f.line} ${f.name} (${f.lines} lines)`),
  );
  assert.deepEqual(long, [], `split these (a page's phases are the kit's mountGame; a page gives hooks):\n${long.join("\n")}`);
});
