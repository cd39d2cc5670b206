// Blocks by ear (P11): the typed move and the listening keys. A move is typed
// as "piece cell", "2 r3c4" (any letters: only its three numbers count, so
// "2 3 4", "234" and the Russian "2 р3к4" are the same move); ending it with "?"
// only hears it (the engine's preview). T opens the field, C lists the drops
// that clear (the engine's list, best first). A refused move says why: the
// engine's reason in words. The page parses and words; the engine decides.
import { asksKey } from "../../a11y.js";
import { html } from "../../svg.js";
import { parseCell } from "../../kit/hexboard.js";

/**
 * What the typed move reads of the blocks page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "t" | "announce" | "engine" | "feel">} CommandContext
 */

/** How many of the drops that clear the C key says (the rest counted). */
export const CLEARS_SAID = 3;

/**
 * A typed move: its piece (0-based slot), row and cell numbers, and whether it only asks (ends in "?").
 * @param {string} text @returns {{slot: number, row: number, n: number, ask: boolean} | null}
 */
export function parseMove(text) {
  const numbers = text.match(/\d+/g) ?? [];
  // three numbers ("2 r3c4"), or three digits run together ("234")
  const parts = numbers.length === 3 ? numbers : numbers.join("").length === 3 ? [...numbers.join("")] : null;
  if (!parts) return null;
  const [piece, row, n] = parts.map(Number);
  if (piece < 1 || piece > 3) return null;
  return { slot: piece - 1, row, n, ask: /\?\s*$/.test(text) };
}

/**
 * @typedef {object} CommandDeps
 * @property {CommandContext} ctx
 * @property {import("../../kit/page.js").Page<Blocks.Calls>} page
 * @property {import("./state.js").State} state
 * @property {import("./words.js").Words} words
 * @property {(slot: number, cell: string) => Promise<string | null | undefined>} dropAt the engine's reason, "" when taken
 * @property {() => void} release put back a piece in hand
 * @property {() => void} focusTray
 */

/**
 * The field (hidden until focused) after `before`, and the page's C and T keys.
 * @param {HTMLElement} parent @param {Element} before @param {CommandDeps} deps
 * @returns {{el: HTMLFormElement, destroy: () => void}}
 */
export function createCommand(parent, before, { ctx, page, state, words, dropAt, release, focusTray }) {
  const { t, announce } = ctx;
  const form = /** @type {HTMLFormElement} */ (html("form", { class: "bk-type", autocomplete: "off" }, null));
  before.after(form);
  const label = html("label", { for: "bk-type-move" }, form, t("blocks.type.label"));
  label.title = t("blocks.type.help");
  const input = /** @type {HTMLInputElement} */ (
    html(
      "input",
      {
        id: "bk-type-move",
        class: "bk-type-input",
        type: "text",
        inputmode: "text",
        spellcheck: "false",
        "aria-description": t("blocks.type.help"),
      },
      form,
    )
  );

  /** The cells the piece of `slot` covers with its centre on `cell`. @param {number} slot @param {string} cell */
  function covered(slot, cell) {
    const { q, r } = parseCell(cell);
    return (state.view?.tray[slot]?.cells ?? []).map(([dq, dr]) => `${q + dq}:${r + dr}`);
  }

  /** A refused move in words (B24's reasons). @param {string} reason @param {number} slot @param {string} cell */
  function refusal(reason, slot, cell) {
    if (reason === "empty-slot") return t("blocks.type.used", { n: slot + 1 });
    if (reason === "over") return t("blocks.type.over");
    if (reason === "bad-action") return t("blocks.type.help");
    return words.aim(cell, "misfit", { legal: false, cells: covered(slot, cell), rows: [], family: "" }, state.view?.board);
  }

  /** @param {{slot: number, row: number, n: number, ask: boolean}} move */
  async function run(move) {
    const cell = words.cellAt(move.row, move.n);
    if (!cell) {
      input.select();
      return announce(t("blocks.type.noCell", { cell: t("blocks.say.short", { row: move.row, n: move.n }) }));
    }
    if (move.ask) {
      const answer = await page.serial(() => ctx.engine.call("preview", { slot: move.slot, cell }));
      if (!answer || page.gone()) return;
      if (!answer.legal) return announce(refusal(answer.reason ?? "", move.slot, cell));
      const points = answer.events.find((e) => e.type === "points");
      const shown = {
        legal: true,
        cells: answer.cells.map(([q, r]) => `${q}:${r}`),
        rows: answer.rows,
        family: "",
        points: points?.points ?? 0,
      };
      return announce(words.aim(cell, "fit", shown));
    }
    release();
    const reason = await dropAt(move.slot, cell);
    if (reason) {
      ctx.feel.cue("refuse");
      announce(refusal(reason, move.slot, cell));
      input.select(); // the next move typed replaces the refused one
    } else if (reason === "") input.value = "";
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!state.live || !state.view) return;
    const move = parseMove(input.value);
    if (!move) return announce(t("blocks.type.help"));
    run(move).catch(page.report);
  });
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    e.stopPropagation();
    input.value = "";
    focusTray();
  });

  /** C: the drops that clear, best first; T: the field. @param {KeyboardEvent} e */
  function onKey(e) {
    if (!state.live || !state.view) return;
    if (asksKey(e, "t")) {
      e.preventDefault();
      input.focus();
    } else if (asksKey(e, "c")) {
      e.preventDefault();
      page
        .serial(() => ctx.engine.call("clearing", {}))
        .then((drops) => {
          if (drops && !page.gone()) announce(words.clearing(drops, CLEARS_SAID));
        }, page.report);
    }
  }
  document.addEventListener("keydown", onKey);
  return { el: form, destroy: () => document.removeEventListener("keydown", onKey) };
}
