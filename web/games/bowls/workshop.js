// The Puzzle Workshop's editor screen (W28, `#/bowls/workshop`): the ring of
// twelve bowls filled by tap, mouse and keys from a palette of stones and
// modifiers (with the moves a modifier lasts), the goal, the limit and the
// title, undo, and W18's start limits said at every edit (the engine's
// `workshop_limits`: a bowl with 8 stones, a ready match, a volcano with 6).
// The draft is draft.js's (pure); the proof, the author's play and the code
// are workshopplay.js's. The page never judges a position itself.
import { html, setIfChanged, svg } from "../../svg.js";
import {
  GOALS,
  MODIFIERS,
  PALETTE,
  TITLE_LENGTH,
  apply,
  canUndo,
  clearAll,
  keepText,
  pick,
  positionOf,
  remove,
  setCount,
  setGoal,
  setLimit,
  setTitle,
  undo,
} from "./draft.js";
import { badgeArt, createRing } from "./ring.js";
import { STONE_NAMES, drawStone } from "./stones.js";

/**
 * What the workshop's editor reads of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "store" | "announce">} EditorContext
 */

/** @typedef {import("./draft.js").Editor} Editor */
/** @typedef {import("./hud.js").Words} Words */

/** The stored item of the draft in the editor (a reload, a visit to the game and back keep it). */
export const DRAFT = "workshop-draft";
/** A long press on a bowl takes its last stone out (the touch's second action), in ms. */
const LONG_PRESS = 500;
/** The keys that pick a tool on the editor's ring (the stone's own letter, E the eraser). */
const TOOL_KEYS = /** @type {Record<string, Editor["tool"]>} */ ({
  ...Object.fromEntries(PALETTE.map((s) => [s.toLowerCase(), { kind: "stone", stone: s }])),
  e: { kind: "erase" },
});

/**
 * A bowl of the draft in words, like the game's (render.js bowlLabel) and its limits broken.
 * @param {Words} words @param {import("./draft.js").DraftBowl} bowl @param {number} b @param {string[]} broken
 */
export function draftBowlWords({ t }, bowl, b, broken) {
  const stones = [...bowl.stones].map((s) => t(`bowls.stone.${STONE_NAMES[s]}`)).join(", ") || t("bowls.emptyBowl");
  const mods = MODIFIERS.filter((m) => bowl.mods[m]).map((m) =>
    bowl.mods[m] > 0 ? t("bowls.modLeft", { mod: t(`bowls.mod.${m}`), count: bowl.mods[m] }) : t(`bowls.mod.${m}`),
  );
  const parts = [...mods, ...broken.map((reason) => limitWords(t, reason, b))];
  return `${t("bowls.bowlLabel", { n: b + 1, stones })}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/**
 * One of W18's start limits the engine says a draft breaks, in words (its bowl counted from 1, as the ring shows).
 * @param {Words["t"]} t @param {string} reason @param {number | null} bowl
 */
export function limitWords(t, reason, bowl) {
  const key = `bowls.workshop.limit.${reason}`;
  const said = t(key, { n: (bowl ?? 0) + 1 });
  return said === key ? t(`bowls.workshop.reason.${reason}`) : said;
}

/** A tool's name for its button and for the screen reader. @param {Words["t"]} t @param {Editor["tool"]} tool */
export function toolWords(t, tool) {
  if (tool.kind === "stone") return t(`bowls.stone.${STONE_NAMES[tool.stone]}`);
  if (tool.kind === "mod") return t(`bowls.mod.${tool.mod}`);
  return t("bowls.workshop.erase");
}

/** @param {Editor["tool"]} a @param {Editor["tool"]} b */
const sameTool = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * @typedef {object} EditorDeps
 * @property {HTMLElement} screen the editor's section
 * @property {EditorContext} ctx
 * @property {import("../../kit/page.js").Page<Bowls.Calls>} page
 * @property {Words} words
 * @property {{back: () => void, changed: () => void}} on `changed`: the draft changed (its proof is stale)
 */

/** The labelled select of a form row. @param {HTMLElement} parent @param {string} cls @param {string} label @param {[string, string][]} options */
function select(parent, cls, label, options) {
  const row = html("label", { class: `bww-field ${cls}` }, parent);
  html("span", {}, row, label);
  const input = /** @type {HTMLSelectElement} */ (html("select", {}, row));
  for (const [value, text] of options) html("option", { value }, input, text);
  return input;
}

/**
 * The palette: a toolbar of stones and the eraser, a toolbar of modifiers with the moves one lasts.
 * @param {HTMLElement} screen @param {Words["t"]} t
 * @param {{tool: (tool: Editor["tool"]) => void, count: (n: number) => void}} on
 */
function buildTools(screen, t, on) {
  const tools = html("div", { class: "bww-tools", role: "toolbar", "aria-label": t("bowls.workshop.tools") }, screen);
  /** @type {[HTMLButtonElement, Editor["tool"]][]} */
  const toolButtons = [];
  const modTools = html("div", { class: "bww-tools bww-mods", role: "toolbar", "aria-label": t("bowls.workshop.modTools") }, screen);
  /** @param {Editor["tool"]} tool @param {(button: Element) => void} art */
  const toolButton = (tool, art) => {
    const id = tool.kind === "stone" ? tool.stone : tool.kind === "mod" ? tool.mod : "erase";
    const button = /** @type {HTMLButtonElement} */ (
      html("button", { class: `bww-tool bww-tool-${tool.kind}`, type: "button", "data-tool": id }, tool.kind === "mod" ? modTools : tools)
    );
    art(svg("svg", { viewBox: "-10 -10 20 20", "aria-hidden": "true" }, button));
    // A modifier's name shows (three words fit); a stone's is its colour and sign, said to a screen reader.
    html("span", { class: tool.kind === "mod" ? "bww-tool-name" : "sr-only" }, button, toolWords(t, tool));
    button.title = toolWords(t, tool);
    button.addEventListener("click", () => on.tool(tool));
    toolButtons.push([button, tool]);
  };
  for (const stone of PALETTE) toolButton({ kind: "stone", stone }, (art) => drawStone(art, stone, 0, 0, 8, ""));
  for (const mod of MODIFIERS)
    toolButton({ kind: "mod", mod }, (art) => badgeArt(svg("g", { class: `bw-badge bw-badge-${mod}`, transform: "scale(1.5)" }, art), mod));
  toolButton({ kind: "erase" }, (art) => svg("path", { d: "M -6 -6 L 6 6 M 6 -6 L -6 6", class: "bww-erase-art" }, art));
  const countRow = html("label", { class: "bww-field bww-count" }, modTools);
  html("span", {}, countRow, t("bowls.workshop.lasts"));
  const count = /** @type {HTMLSelectElement} */ (html("select", {}, countRow));
  for (const n of [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, 50, 99])
    html("option", { value: n }, count, n === 0 ? t("bowls.workshop.always") : t("bowls.workshop.forMoves", { count: n }));
  count.addEventListener("change", () => on.count(Number(count.value)));
  return { toolButtons, count };
}

/**
 * The goal (kind, colour, number), the limit and the title.
 * @param {HTMLElement} screen @param {Words["t"]} t
 * @param {{kind: (v: string) => void, colour: (v: string) => void, number: (v: number) => void, limit: (v: number) => void,
 *   title: (v: string) => void}} on
 */
function buildForm(screen, t, on) {
  const form = html("div", { class: "bww-form" }, screen);
  const goals = Object.keys(GOALS).map((k) => /** @type {[string, string]} */ ([k, t(`bowls.workshop.goalKind.${k}`)]));
  const kind = select(form, "bww-goal", t("bowls.workshop.goal"), goals);
  const colours = PALETTE.slice(0, 5).map((c) => /** @type {[string, string]} */ ([c, t(`bowls.puzzle.colour.${c}`)]));
  const colour = select(form, "bww-colour", t("bowls.workshop.colour"), colours);
  const numberRow = html("label", { class: "bww-field bww-number" }, form);
  html("span", {}, numberRow, t("bowls.workshop.number"));
  const number = /** @type {HTMLInputElement} */ (html("input", { type: "number", min: 1, max: 9999, inputmode: "numeric" }, numberRow));
  const moves = Array.from(
    { length: 12 },
    (_, i) => /** @type {[string, string]} */ ([String(i + 1), t("bowls.puzzle.moves", { count: i + 1 })]),
  );
  const limit = select(form, "bww-limit", t("bowls.workshop.limitLabel"), moves);
  const titleRow = html("label", { class: "bww-field bww-name" }, form);
  html("span", {}, titleRow, t("bowls.workshop.name"));
  const attrs = { type: "text", maxlength: TITLE_LENGTH, autocomplete: "off", placeholder: t("bowls.workshop.namePlaceholder") };
  const title = /** @type {HTMLInputElement} */ (html("input", attrs, titleRow));
  kind.addEventListener("change", () => on.kind(kind.value));
  colour.addEventListener("change", () => on.colour(colour.value));
  number.addEventListener("change", () => on.number(Number(number.value)));
  limit.addEventListener("change", () => on.limit(Number(limit.value)));
  title.addEventListener("input", () => on.title(title.value));
  return { kind, colour, number, limit, title };
}

/**
 * The second action on a bowl: a right click, or a long press on a touch screen (then the tap that follows is
 * not one). @param {HTMLElement} board @param {(b: number) => void} take @param {() => boolean} gone
 * @returns {() => void} lets go of its timer
 */
function wirePress(board, take, gone) {
  let pressed = 0;
  let longPressed = false;
  /** @param {EventTarget | null} target @returns {number | null} */
  const bowlOf = (target) => {
    const g = target instanceof Element ? target.closest("[data-bowl]") : null;
    return g ? Number(g.getAttribute("data-bowl")) : null;
  };
  board.addEventListener("contextmenu", (e) => {
    const b = bowlOf(e.target);
    if (b === null) return;
    e.preventDefault();
    if (!longPressed) take(b);
  });
  board.addEventListener("pointerdown", (e) => {
    longPressed = false;
    const b = bowlOf(e.target);
    if (b === null || e.pointerType === "mouse") return;
    clearTimeout(pressed);
    pressed = window.setTimeout(() => {
      if (gone()) return;
      longPressed = true;
      take(b);
    }, LONG_PRESS);
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) board.addEventListener(type, () => clearTimeout(pressed));
  board.addEventListener(
    "click",
    (e) => {
      if (!longPressed) return;
      longPressed = false;
      e.stopPropagation(); // the press took a stone out: its release adds none
    },
    true,
  );
  return () => clearTimeout(pressed);
}

/**
 * The form shows the draft (an undo, a copy opened); a field is written only when it differs, so typing is kept.
 * @param {{count: HTMLSelectElement, kind: HTMLSelectElement, colour: HTMLSelectElement, number: HTMLInputElement,
 *   limit: HTMLSelectElement, title: HTMLInputElement}} fields @param {Editor} editor
 */
function syncForm({ count, kind, colour, number, limit, title }, editor) {
  const { draft } = editor;
  if (count.value !== String(editor.count)) count.value = String(editor.count);
  const shape = GOALS[draft.goal.kind];
  kind.value = draft.goal.kind;
  colour.value = draft.goal.colour;
  colour.disabled = !shape.colour;
  number.disabled = !shape.count;
  if (Number(number.value) !== draft.goal.count || number.value === "") number.value = String(draft.goal.count);
  limit.value = String(draft.limit);
  if (title.value !== draft.title) title.value = draft.title; // plain text: a value, never markup
}

/**
 * W18's limits the engine says a draft breaks, by bowl (-1: the whole board).
 * @param {Bowls.WorkshopLimits} answer @returns {Map<number, string[]>}
 */
function brokenOf(answer) {
  /** @type {Map<number, string[]>} */
  const broken = new Map();
  for (const { reason, bowl } of answer.limits) broken.set(bowl ?? -1, [...(broken.get(bowl ?? -1) ?? []), reason]);
  return broken;
}

/** @param {EditorDeps} deps */
export function createEditorScreen({ screen, ctx, page, words, on }) {
  const { t } = words;
  const { engine, store } = ctx;
  /** @type {Editor} */
  let editor = /** @type {any} */ (null);
  let capacity = 0;
  /** @type {Map<number, string[]>} W18's limits each bowl breaks (the engine's, for the draft drawn) */
  let broken = new Map();
  let focused = 0;

  const head = html("div", { class: "bww-head" }, screen);
  const back = html("button", { class: "btn bww-back", type: "button" }, head, `← ${t("bowls.workshop.back")}`);
  back.addEventListener("click", () => on.back());
  html("h1", { id: "bww-title", class: "bww-heading" }, head, t("bowls.workshop.title"));
  const board = html("div", { class: "bww-board" }, screen);
  const ring = createRing(board, { label: t("bowls.workshop.ringLabel"), onBowl: tap, onKey: bowlKey });
  const limits = html("p", { class: "bww-limits", role: "status" }, screen);

  const { toolButtons, count } = buildTools(screen, t, {
    tool: (tool) => edit(pick(editor, tool), toolWords(t, tool)),
    count: (n) => edit(setCount(editor, n)),
  });
  const { kind, colour, number, limit, title } = buildForm(screen, t, {
    kind: (value) => edit(setGoal(editor, { kind: value })),
    colour: (value) => edit(setGoal(editor, { colour: value })),
    number: (value) => edit(setGoal(editor, { count: value })),
    limit: (value) => edit(setLimit(editor, value)),
    title: (value) => edit(setTitle(editor, value)),
  });

  const row = html("div", { class: "bww-buttons" }, screen);
  const undoButton = /** @type {HTMLButtonElement} */ (
    html("button", { class: "btn bww-undo", type: "button", title: "U" }, row, t("bowls.undo"))
  );
  html("button", { class: "btn bww-clear", type: "button" }, row, t("bowls.workshop.clear")).addEventListener("click", () =>
    edit(clearAll(editor), t("bowls.workshop.cleared")),
  );
  undoButton.addEventListener("click", () => undoEdit());
  const actions = html("div", { class: "bww-actions" }, screen);

  /** The editor as it now is, drawn, kept and its limits asked. @param {Editor} next @param {string} [said] */
  function edit(next, said) {
    const changed = next.draft !== editor.draft;
    editor = next;
    draw();
    if (said) ctx.announce(said);
    if (!changed) return;
    store.set(DRAFT, keepText(editor.draft));
    on.changed();
    askLimits();
  }

  function undoEdit() {
    if (!canUndo(editor)) return;
    edit(undo(editor), t("bowls.workshop.undone"));
  }

  /** @param {number} b */
  function tap(b) {
    focused = b;
    ring.focusBowl(b);
    edit(apply(editor, b), bowlWords(b, apply(editor, b)));
  }

  /** @param {number} b @param {Editor} [next] what the bowl is after the edit */
  function bowlWords(b, next = editor) {
    return draftBowlWords(words, next.draft.bowls[b], b, broken.get(b) ?? []);
  }

  /** @param {number} b */
  function take(b) {
    const next = remove(editor, b);
    edit(next, bowlWords(b, next));
  }

  /** @param {KeyboardEvent} e @param {number} b */
  function bowlKey(e, b) {
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const move = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[key];
    if (move) {
      focused = (b + move + editor.draft.bowls.length) % editor.draft.bowls.length;
      draw();
      ring.focusBowl(focused);
    } else if (key === "Enter" || key === " ") tap(b);
    else if (key === "Backspace" || key === "Delete") take(b);
    else if (Object.hasOwn(TOOL_KEYS, key) && !e.ctrlKey && !e.metaKey && !e.altKey)
      edit(pick(editor, TOOL_KEYS[key]), toolWords(t, TOOL_KEYS[key]));
    else return;
    e.preventDefault();
  }

  const unpress = wirePress(board, take, page.gone);

  let asked = 0;
  async function askLimits() {
    const mine = (asked += 1);
    const answer = /** @type {Bowls.WorkshopLimits} */ (await engine.call("workshop_limits", { position: positionOf(editor.draft) }));
    if (mine !== asked || page.gone()) return;
    broken = brokenOf(answer);
    const said = answer.limits.map(({ reason, bowl }) => limitWords(t, reason, bowl));
    limits.textContent = said.length ? said.join(" · ") : t("bowls.workshop.limitsOk");
    setIfChanged(limits, "data-limits", String(said.length));
    draw();
  }

  function draw() {
    const { bowls } = editor.draft;
    const labels = bowls.map((bowl, b) => draftBowlWords(words, bowl, b, broken.get(b) ?? []));
    const overflow = new Set([...broken.keys()].filter((b) => b >= 0));
    ring.render({ bowls, capacity, chosen: null, focusable: focused, labels, overflow });
    for (const [button, tool] of toolButtons) setIfChanged(button, "aria-pressed", String(sameTool(tool, editor.tool)));
    syncForm({ count, kind, colour, number, limit, title }, editor);
    undoButton.disabled = !canUndo(editor);
  }

  /** The editor opened on a draft (a kept one, or a copy of a puzzle). @param {Editor} start @param {number} size the view's capacity */
  function open(start, size) {
    editor = start;
    capacity = size;
    draw();
    askLimits();
    store.set(DRAFT, keepText(editor.draft));
  }

  /** Keys on the editor screen beside the ring's own: U / Ctrl+Z undo. @param {KeyboardEvent} e */
  function onKey(e) {
    const tag = /** @type {HTMLElement | null} */ (e.target)?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key.toLowerCase();
    const ctrl = e.ctrlKey || e.metaKey;
    if ((key === "u" && !ctrl && !e.altKey) || (ctrl && key === "z" && !e.shiftKey)) {
      e.preventDefault();
      undoEdit();
    }
  }

  return {
    open,
    onKey,
    actions,
    draft: () => editor.draft,
    focus: () => ring.focusBowl(focused),
    destroy: unpress,
  };
}
