// Merge's menus, all through the kit's one dialog (web/kit/dialog.js): the
// settings (M14), the save slots with export/import codes (M15), the game-over
// card and the yes/no question before something is lost. Each open and close
// is told to `onToggle` so play time pauses (M15). What they show comes from
// the engine (the view, the slot summaries, the geometry's styles and slots).
import { html, svg } from "../../svg.js";
import { createDialog, openDialog } from "../../kit/dialog.js";
import { drawStone, JOKER } from "./stones.js";
import { formatTime } from "./timer.js";

/** @typedef {(key: string, vars?: Record<string, unknown>) => string} Translate */
/** @typedef {(value: number) => string} Format */
/** @typedef {(open: boolean) => void} Toggle */

/**
 * @typedef {object} SlotApi what the slots dialog asks the page (all through the engine)
 * @property {() => Promise<Array<Merge.Summary | null>>} list
 * @property {(n: number) => Promise<boolean>} save
 * @property {(n: number) => Promise<boolean>} load
 * @property {(n: number) => Promise<string | null>} exportCode null: it failed (and was reported)
 * @property {(code: string, n: number) => Promise<void>} importCode
 * @property {(error: unknown) => void} report
 */

/** Stones shown beside each style's name (a sample, not a rule). */
const SAMPLE = [2, 16, 128, JOKER];

/**
 * A switch whose every change is told to `onChange`.
 * @param {HTMLElement} parent @param {string} id @param {string} label @param {string} hint
 * @param {(on: boolean) => void} onChange
 * @returns {HTMLInputElement}
 */
function toggle(parent, id, label, hint, onChange) {
  const row = html("div", { class: "hm-setting" }, parent);
  const input = html("input", { type: "checkbox", id, class: "hm-switch", role: "switch" }, row);
  input.addEventListener("change", () => onChange(input.checked));
  const text = html("label", { for: id }, row);
  html("strong", {}, text, label);
  html("span", { class: "hm-hint" }, text, hint);
  return input;
}

/**
 * Settings (M14): jokers, the stone style, the timer; each change goes to the engine at once.
 * @param {HTMLElement} root
 * @param {{t: Translate, styles: string[], onChange: (change: Partial<Merge.SettingsView>) => void, onToggle: Toggle}} options
 */
export function createSettings(root, { t, styles, onChange, onToggle }) {
  const d = createDialog(root, { title: t("merge.settings"), cls: "hm-settings", closeLabel: t("merge.close"), onToggle });
  const jokers = toggle(d.body, "hm-set-jokers", t("merge.setJokers"), t("merge.setJokersHint"), (on) => onChange({ jokers: on }));
  const fieldset = html("fieldset", { class: "hm-styles" }, d.body);
  html("legend", {}, fieldset, t("merge.setStyle"));
  const radios = styles.map((style) => {
    const label = html("label", { class: "hm-style-choice" }, fieldset);
    const input = /** @type {HTMLInputElement} */ (html("input", { type: "radio", name: "hm-style", value: style }, label));
    const art = svg("svg", { viewBox: "-34 -11 68 22", class: "hm-style-art", "data-style": style, "aria-hidden": "true" }, label);
    SAMPLE.forEach((v, i) => drawStone(art, v, -25.5 + i * 17, 0, { size: 9 }));
    html("span", {}, label, t(`merge.style.${style}`));
    input.addEventListener("change", () => onChange({ style }));
    return input;
  });
  const timer = toggle(d.body, "hm-set-timer", t("merge.setTimer"), t("merge.setTimerHint"), (on) => onChange({ timer: on }));
  return {
    /** @param {Merge.SettingsView} settings */
    open(settings) {
      jokers.checked = settings.jokers;
      timer.checked = settings.timer;
      radios.forEach((r) => {
        r.checked = r.value === settings.style;
      });
      d.open();
    },
  };
}

/**
 * One line about a slot's round, from the engine's summary.
 * @param {Merge.Summary} s @param {Translate} t @param {Format} number
 */
export function summaryText(s, t, number) {
  const parts = [
    t("merge.nPoints", { count: s.score }),
    t("merge.nMoves", { count: s.moves }),
    t("merge.slotHighest", { n: number(s.highest) }),
    formatTime(s.play_ms),
  ];
  if (!s.jokers) parts.push(t("merge.slotNoJokers"));
  if (s.over) parts.push(t("merge.slotOver"));
  return parts.join(" · ");
}

/**
 * A slot's row: its summary, Save / Load / Export and the exported code.
 * @param {HTMLElement} list @param {number} n @param {{t: Translate, slots: SlotApi, refresh: (note?: string) => Promise<void>,
 *   close: () => void, say: (text: string) => void}} options
 */
function slotRow(list, n, { t, slots, refresh, close, say }) {
  const li = html("li", { class: "hm-slot", "data-slot": n }, list);
  const head = html("div", { class: "hm-slot-head" }, li);
  html("strong", {}, head, t("merge.slotN", { n }));
  const info = html("span", { class: "hm-slot-info" }, head);
  const actions = html("div", { class: "hm-slot-actions" }, li);
  // Each button names its slot (P11): the visible words start the name, so a voice command still finds it.
  const [save, load, exp] = [
    ["save", "Save", "SaveIn"],
    ["load", "Load", "LoadFrom"],
    ["export", "Export", "ExportOf"],
  ].map(([cls, key, named]) =>
    html(
      "button",
      { class: `btn hm-slot-${cls}`, type: "button", "aria-label": t(`merge.slot${named}`, { n }) },
      actions,
      t(`merge.slot${key}`),
    ),
  );
  const out = html("div", { class: "hm-export", hidden: true }, li);
  const code = /** @type {HTMLTextAreaElement} */ (
    html("textarea", { class: "hm-code", readonly: true, rows: 3, "aria-label": t("merge.codeLabel", { n }) }, out)
  );
  const copy = html("button", { class: "btn hm-copy", type: "button" }, out, t("merge.copy"));
  save.addEventListener("click", () => {
    slots
      .save(n)
      .then((done) => (done ? refresh(t("merge.savedTo", { n })) : undefined))
      .catch(slots.report);
  });
  load.addEventListener("click", () => {
    slots
      .load(n)
      .then((done) => {
        if (done) close();
      })
      .catch(slots.report);
  });
  exp.addEventListener("click", () => {
    slots
      .exportCode(n)
      .then((text) => {
        if (text === null) return;
        code.value = text;
        out.hidden = false;
        code.focus();
        code.select();
      })
      .catch(slots.report);
  });
  copy.addEventListener("click", () => {
    code.select();
    navigator.clipboard.writeText(code.value).then(
      () => say(t("merge.copied")),
      () => say(t("merge.copyByHand")),
    );
  });
  /** @param {string} text @param {boolean} filled */
  function show(text, filled) {
    info.textContent = text;
    li.dataset.filled = filled ? "1" : "0";
    load.disabled = !filled;
    exp.disabled = !filled;
    out.hidden = true;
  }
  return { show };
}

/**
 * The import box: a code into a chosen slot; a bad code says why.
 * @param {HTMLElement} parent @param {number} count
 * @param {{t: Translate, slots: SlotApi, refresh: (note?: string) => Promise<void>}} options
 */
function importBox(parent, count, { t, slots, refresh }) {
  const imp = html("div", { class: "hm-import" }, parent);
  html("h3", {}, imp, t("merge.importTitle"));
  const area = /** @type {HTMLTextAreaElement} */ (
    html("textarea", { class: "hm-import-code", rows: 3, "aria-label": t("merge.importLabel"), placeholder: "HM1.…" }, imp)
  );
  const bar = html("div", { class: "hm-import-bar" }, imp);
  const target = /** @type {HTMLSelectElement} */ (html("select", { class: "hm-import-slot", "aria-label": t("merge.importSlot") }, bar));
  for (let n = 1; n <= count; n += 1) html("option", { value: n }, target, t("merge.slotN", { n }));
  const go = html("button", { class: "btn primary hm-import-go", type: "button" }, bar, t("merge.import"));
  const lines = [["hm-import-msg", "status"], ["hm-import-error", "alert"], ["hm-hint hm-import-detail"]].map(([cls, role]) =>
    html("p", { class: cls, role }, imp),
  );
  /** The note, what was bad and why (each line empty when not given). @param {string[]} texts */
  const say = (...texts) =>
    lines.forEach((line, i) => {
      line.textContent = texts[i] ?? "";
    });
  go.addEventListener("click", async () => {
    say();
    const n = Number(target.value);
    try {
      await slots.importCode(area.value, n);
    } catch (e) {
      say("", t("merge.importBad"), /** @type {Error} */ (e)?.message || String(e));
      return;
    }
    area.value = "";
    refresh(t("merge.imported", { n })).catch(slots.report);
  });
  return { say };
}

/**
 * The save slots (M15): opens once the rows show the engine's summaries (never stale).
 * @param {HTMLElement} root
 * @param {{t: Translate, number: Format, count: number, slots: SlotApi, onToggle: Toggle}} options
 */
export function createSlots(root, { t, number, count, slots, onToggle }) {
  const d = createDialog(root, { title: t("merge.slots"), cls: "hm-slots", closeLabel: t("merge.close"), onToggle });
  html("p", { class: "hm-hint" }, d.body, t("merge.slotsIntro"));
  const list = html("ol", { class: "hm-slot-list" }, d.body);
  let asked = 0;
  // The rows from the engine's summaries; the latest refresh wins.
  /** @param {string} [note] */
  async function refresh(note = "") {
    const ask = ++asked;
    const summaries = await slots.list();
    if (ask !== asked) return;
    rows.forEach((row, i) => {
      const s = summaries[i];
      row.show(s ? summaryText(s, t, number) : t("merge.slotEmpty"), Boolean(s));
    });
    box.say(note);
  }
  const rows = Array.from({ length: count }, (_, i) =>
    slotRow(list, i + 1, {
      t,
      slots,
      refresh,
      close: () => d.close(),
      say: (text) => box.say(text),
    }),
  );
  const box = importBox(d.body, count, { t, slots, refresh });
  return {
    async open() {
      box.say();
      await refresh();
      d.open();
    },
  };
}

/**
 * @typedef {object} OverStats what the game-over card shows (the engine's view)
 * @property {number} score
 * @property {number} moves
 * @property {number} highest
 * @property {number} chain the round's longest chain
 * @property {number} playMs
 * @property {number} best
 * @property {boolean} newBest
 * @property {string | null} ended why the round is over (M6, the engine's): "full" or "no-pair-room"
 */

/**
 * The game-over card: the round's numbers (with its highest stone and longest chain),
 * Play again (focused) and Look at the board. It sits beside the board (merge.css), which stays in sight.
 * @param {HTMLElement} root @param {{t: Translate, number: Format, onNew: () => void, onToggle: Toggle}} options
 */
export function createOver(root, { t, number, onNew, onToggle }) {
  /** @type {import("../../kit/dialog.js").Dialog | null} */
  let shown = null;
  return {
    /** @param {OverStats} stats @returns {import("../../kit/dialog.js").Dialog} the card (the Daily Club adds its part) */
    open({ score, moves, highest, chain, playMs, best, newBest, ended }) {
      shown?.close();
      const badge = html("p", { class: "hm-new-best", hidden: !newBest }, null, t("merge.newBest"));
      // M6: why it ended, so a round that stops with free cells on the board is not a mystery
      const why = html(
        "p",
        { class: "hm-over-why", "data-ended": ended ?? "", hidden: !ended },
        null,
        ended ? t(`merge.ended.${ended}`) : "",
      );
      const grid = html("dl", { class: "hm-over-stats" });
      const values = { score, best, highest, chain, moves, time: playMs };
      for (const [key, value] of Object.entries(values)) {
        const box = html("div", { class: `hm-over-${key}` }, grid);
        html("dt", {}, box, t(`merge.${key}`));
        html("dd", { "data-value": value }, box, key === "time" ? formatTime(value) : number(value));
      }
      const card = openDialog(root, {
        title: t("merge.overTitle"),
        cls: "hm-over kit-end",
        closeLabel: t("merge.close"),
        lines: [why, badge, grid],
        onToggle,
        buttons: [
          { label: t("merge.playAgain"), cls: "hm-again", primary: true, action: onNew },
          { label: t("merge.lookAtBoard"), cls: "hm-look" },
        ],
        onClose: () => {
          shown = null;
        },
      });
      shown = card;
      return card;
    },
    shut() {
      shown?.close();
    },
  };
}

/**
 * @typedef {object} Question
 * @property {string} title
 * @property {string} text
 * @property {string} yes
 */

/**
 * A yes/no question before something is lost (a slot overwritten, a round
 * abandoned): focus starts on the safe answer; Escape, the backdrop or × cancel.
 * @param {HTMLElement} root @param {{t: Translate, onToggle: Toggle}} options
 */
export function createConfirm(root, { t, onToggle }) {
  return {
    /** @param {Question} question @returns {Promise<boolean>} */
    ask(question) {
      return new Promise((resolve) => {
        const text = html("p", { class: "hm-confirm-text" }, null, question.text);
        const d = openDialog(root, {
          title: question.title,
          cls: "hm-confirm",
          closeLabel: t("merge.close"),
          lines: [text],
          onToggle,
          focus: ".hm-confirm-no",
          buttons: [
            { label: t("merge.cancel"), cls: "hm-confirm-no" },
            { label: question.yes, cls: "hm-confirm-yes", primary: true },
          ],
          onClose: (reason) => resolve(reason === question.yes), // a button closes with its label
        });
        text.id = `${d.node.getAttribute("aria-labelledby")}-text`;
        d.node.setAttribute("aria-describedby", text.id);
      });
    },
  };
}
