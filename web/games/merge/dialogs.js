// Menus as native modal dialogs (focus kept inside, Escape closes): settings
// (M14), the three save slots with export/import codes (M15), the game-over
// screen and yes/no questions before something is lost. Each open/close is
// reported so play time can pause (M15).
import { html, svg } from "../../svg.js";
import { drawStone } from "./stones.js";
import { formatTime } from "./timer.js";

function dialog(root, cls, title, onToggle) {
  const node = html("dialog", { class: `hm-dialog ${cls}`, "aria-labelledby": `${cls}-title` }, root);
  const head = html("div", { class: "hm-dialog-head" }, node);
  html("h2", { id: `${cls}-title` }, head, title);
  const close = html("button", { class: "btn hm-close", type: "button", "aria-label": "×" }, head, "×");
  const body = html("div", { class: "hm-dialog-body" }, node);
  close.addEventListener("click", () => node.close());
  node.addEventListener("close", () => onToggle(false));
  node.addEventListener("click", (e) => { if (e.target === node) node.close(); }); // backdrop
  node.addEventListener("keydown", (e) => trapTab(node, e));
  return {
    node, body, close,
    open() { if (!node.open) { node.showModal(); onToggle(true); } },
    shut() { if (node.open) node.close(); },
  };
}

// A modal dialog makes the page inert, but Tab past its last control still
// leaves for the browser's own UI: wrap it around inside the dialog.
export function trapTab(node, e) {
  if (e.key !== "Tab") return;
  const items = [...node.querySelectorAll("button, [href], input, select, textarea")]
    .filter((el) => !el.disabled && el.getClientRects().length && !el.closest("[hidden]"));
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
}

function toggle(parent, id, label, hint) {
  const row = html("div", { class: "hm-setting" }, parent);
  const input = html("input", { type: "checkbox", id, class: "hm-switch", role: "switch" }, row);
  const text = html("label", { for: id }, row);
  html("strong", {}, text, label);
  if (hint) html("span", { class: "hm-hint" }, text, hint);
  return input;
}

export function createSettings(root, { t, styles, onChange, onToggle }) {
  const d = dialog(root, "hm-settings", t("merge.settings"), onToggle);
  d.close.setAttribute("aria-label", t("merge.close"));
  const jokers = toggle(d.body, "hm-set-jokers", t("merge.setJokers"), t("merge.setJokersHint"));
  const fieldset = html("fieldset", { class: "hm-styles" }, d.body);
  html("legend", {}, fieldset, t("merge.setStyle"));
  const radios = styles.map((style) => {
    const label = html("label", { class: "hm-style-choice" }, fieldset);
    const input = html("input", { type: "radio", name: "hm-style", value: style }, label);
    const art = svg("svg", { viewBox: "-34 -11 68 22", class: "hm-style-art", "data-style": style, "aria-hidden": "true" }, label);
    [2, 16, 128, -1].forEach((v, i) => drawStone(art, v, -25.5 + i * 17, 0, { size: 9 }));
    html("span", {}, label, t(`merge.style.${style}`));
    input.addEventListener("change", () => onChange({ style }));
    return input;
  });
  const timer = toggle(d.body, "hm-set-timer", t("merge.setTimer"), t("merge.setTimerHint"));
  jokers.addEventListener("change", () => onChange({ jokers: jokers.checked }));
  timer.addEventListener("change", () => onChange({ timer: timer.checked }));
  return {
    open(settings) {
      jokers.checked = settings.jokers;
      timer.checked = settings.timer;
      radios.forEach((r) => { r.checked = r.value === settings.style; });
      d.open();
    },
    shut: d.shut,
    node: d.node,
  };
}

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

// slots: {list() -> Promise<[summary|null]x3>, save(n) -> Promise<bool>, load(n) -> Promise<bool>,
//   exportCode(n) -> Promise<text>, importCode(code, n) -> Promise}; all go through the engine
// (issue 13: async), save and load may ask first.
export function createSlots(root, { t, number, slots, onToggle }) {
  const d = dialog(root, "hm-slots", t("merge.slots"), onToggle);
  d.close.setAttribute("aria-label", t("merge.close"));
  html("p", { class: "hm-hint" }, d.body, t("merge.slotsIntro"));
  const list = html("ol", { class: "hm-slot-list" }, d.body);
  const rows = [1, 2, 3].map((n) => {
    const li = html("li", { class: "hm-slot", "data-slot": n }, list);
    const head = html("div", { class: "hm-slot-head" }, li);
    html("strong", {}, head, t("merge.slotN", { n }));
    const info = html("span", { class: "hm-slot-info" }, head);
    const actions = html("div", { class: "hm-slot-actions" }, li);
    const save = html("button", { class: "btn hm-slot-save", type: "button" }, actions, t("merge.slotSave"));
    const load = html("button", { class: "btn hm-slot-load", type: "button" }, actions, t("merge.slotLoad"));
    const exp = html("button", { class: "btn hm-slot-export", type: "button" }, actions, t("merge.slotExport"));
    const out = html("div", { class: "hm-export", hidden: true }, li);
    const code = html("textarea", { class: "hm-code", readonly: true, rows: 3, "aria-label": t("merge.codeLabel", { n }) }, out);
    const copy = html("button", { class: "btn hm-copy", type: "button" }, out, t("merge.copy"));
    save.addEventListener("click", async () => {
      try {
        if (await slots.save(n)) await refresh(t("merge.savedTo", { n }));
      } catch (error) { console.error(error); }
    });
    load.addEventListener("click", async () => {
      try {
        if (await slots.load(n)) d.shut();
      } catch (error) { console.error(error); }
    });
    exp.addEventListener("click", async () => {
      try {
        code.value = await slots.exportCode(n);
      } catch (error) { console.error(error); return; }
      out.hidden = false;
      code.focus();
      code.select();
    });
    copy.addEventListener("click", async () => {
      code.select();
      try { await navigator.clipboard.writeText(code.value); say(t("merge.copied")); } catch { say(t("merge.copyByHand")); }
    });
    return { info, load, exp, out, li };
  });
  const imp = html("div", { class: "hm-import" }, d.body);
  html("h3", {}, imp, t("merge.importTitle"));
  const area = html("textarea", { class: "hm-import-code", rows: 3, "aria-label": t("merge.importLabel"), placeholder: "HM1.…" }, imp);
  const bar = html("div", { class: "hm-import-bar" }, imp);
  const target = html("select", { class: "hm-import-slot", "aria-label": t("merge.importSlot") }, bar);
  [1, 2, 3].forEach((n) => html("option", { value: n }, target, t("merge.slotN", { n })));
  const go = html("button", { class: "btn primary hm-import-go", type: "button" }, bar, t("merge.import"));
  const message = html("p", { class: "hm-import-msg", role: "status" }, imp);
  const error = html("p", { class: "hm-import-error", role: "alert" }, imp);
  const detail = html("p", { class: "hm-hint hm-import-detail" }, imp);
  go.addEventListener("click", async () => {
    error.textContent = "";
    detail.textContent = "";
    message.textContent = "";
    const n = Number(target.value);
    try {
      await slots.importCode(area.value, n);
    } catch (e) {
      error.textContent = t("merge.importBad");
      detail.textContent = e.message || String(e);
      return;
    }
    area.value = "";
    try { await refresh(t("merge.imported", { n })); } catch (e) { console.error(e); }
  });

  function say(text) { message.textContent = text; }

  // The rows from the engine's summaries; the latest refresh wins.
  let asked = 0;
  async function refresh(note = "") {
    const ask = ++asked;
    const summaries = await slots.list();
    if (ask !== asked) return;
    rows.forEach((row, i) => {
      const s = summaries[i];
      row.info.textContent = s ? summaryText(s, t, number) : t("merge.slotEmpty");
      row.li.dataset.filled = s ? "1" : "0";
      row.load.disabled = !s;
      row.exp.disabled = !s;
      row.out.hidden = true;
    });
    say(note);
  }

  return {
    // Opens once the rows are filled (one round trip), so what is shown is never stale.
    async open() { error.textContent = ""; detail.textContent = ""; await refresh(); d.open(); },
    shut: d.shut,
    node: d.node,
  };
}

export function createOver(root, { t, number, onNew, onToggle }) {
  const d = dialog(root, "hm-over", t("merge.overTitle"), onToggle);
  d.close.setAttribute("aria-label", t("merge.close"));
  const badge = html("p", { class: "hm-new-best", hidden: true }, d.body, t("merge.newBest"));
  const grid = html("dl", { class: "hm-over-stats" }, d.body);
  const cells = {};
  for (const key of ["score", "best", "moves", "highest", "time"]) {
    const box = html("div", { class: `hm-over-${key}` }, grid);
    html("dt", {}, box, t(`merge.${key}`));
    cells[key] = html("dd", {}, box, "0");
  }
  const actions = html("div", { class: "hm-over-actions" }, d.body);
  const again = html("button", { class: "btn primary hm-again", type: "button" }, actions, t("merge.newRound"));
  const look = html("button", { class: "btn hm-look", type: "button" }, actions, t("merge.lookAtBoard"));
  again.addEventListener("click", () => { d.shut(); onNew(); });
  look.addEventListener("click", () => d.shut());
  return {
    open({ score, moves, highest, playMs, best, newBest }) {
      cells.score.textContent = number(score);
      cells.moves.textContent = number(moves);
      cells.highest.textContent = number(highest);
      cells.time.textContent = formatTime(playMs);
      cells.best.textContent = number(best);
      badge.hidden = !newBest;
      d.open();
      again.focus();
    },
    shut: d.shut,
    node: d.node,
  };
}

// A yes/no question before something is lost (a slot overwritten, a round
// abandoned): native modal dialog, focus starts on the safe answer, Escape or
// the backdrop cancels, and focus goes back to where it was.
export function createConfirm(root, { t, onToggle }) {
  const d = dialog(root, "hm-confirm", "", onToggle);
  d.close.setAttribute("aria-label", t("merge.close"));
  const title = d.node.querySelector("h2");
  const text = html("p", { class: "hm-confirm-text", id: "hm-confirm-text" }, d.body);
  d.node.setAttribute("aria-describedby", "hm-confirm-text");
  const bar = html("div", { class: "hm-confirm-actions" }, d.body);
  const no = html("button", { class: "btn hm-confirm-no", type: "button" }, bar, t("merge.cancel"));
  const yes = html("button", { class: "btn primary hm-confirm-yes", type: "button" }, bar);
  let settle = null;
  let back = null;
  const answer = (value) => { const s = settle; settle = null; s?.(value); };
  yes.addEventListener("click", () => { answer(true); d.shut(); });
  no.addEventListener("click", () => d.shut());
  d.node.addEventListener("close", () => {
    answer(false);
    if (back?.isConnected) back.focus();
    back = null;
  });
  return {
    // ask({title, text, yes}) -> Promise<boolean>
    ask(question) {
      answer(false);
      back = document.activeElement;
      title.textContent = question.title;
      text.textContent = question.text;
      yes.textContent = question.yes;
      d.open();
      no.focus();
      return new Promise((resolve) => { settle = resolve; });
    },
    shut: d.shut,
    node: d.node,
  };
}
