// Everything around the board (B21, B16, B17): score with the streak bonus,
// the six-edge meter, Crowns, best, re-deal, New run, the player card and the
// game-over screen. It only shows numbers the engine reports.
import { html, svg } from "../../svg.js";
import { statBox as stat } from "../../kit/hud.js";

const METER_R = 20;

function meterEdges(parent) {
  // Six edges clockwise from the top-right edge; edge i lights as the i-th row clears.
  const art = svg("svg", { viewBox: "-26 -26 52 52", class: "bk-meter", "aria-hidden": "true" }, parent);
  const corner = (i) => {
    const a = (Math.PI / 180) * (60 * i - 90);
    return [METER_R * Math.cos(a), METER_R * Math.sin(a)];
  };
  const edges = [];
  for (let i = 0; i < 6; i += 1) {
    const [x0, y0] = corner(i);
    const [x1, y1] = corner(i + 1);
    edges.push(svg("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: "bk-edge", "data-edge": i }, art));
  }
  const label = svg("text", { x: 0, y: 5, "text-anchor": "middle", class: "bk-meter-text" }, art);
  label.textContent = "6E";
  return { art, edges };
}

// Builds the title and the stats now; the buttons (re-deal, New run, Rules)
// come from addButtons(), called after the board and tray are in place, so
// the Tab order is board, tray, then the HUD buttons. CSS grid areas put
// every part where it is seen (blocks.css).
export function createHud(root, { t, number }) {
  html("h1", { class: "bk-title" }, root, t("blocks.title"));
  const score = stat(root, "bk-score", t("blocks.score"));
  score.box.setAttribute("aria-live", "off");
  // The streak line always takes its height (hidden, not removed): a streak
  // starting or ending must never move the board.
  const streak = html("span", { class: "bk-streak" }, score.box);
  const best = stat(root, "bk-best", t("blocks.best"));
  const meterBox = html("div", { class: "stat bk-meter-box" }, root);
  html("span", { class: "label" }, meterBox, t("blocks.meter"));
  const meterRow = html("span", { class: "bk-meter-row" }, meterBox);
  const meter = meterEdges(meterRow);
  const crowns = html("span", { class: "bk-crowns value", title: t("blocks.crowns") }, meterRow, "0");
  const redeal = html("button", { class: "btn bk-redeal", type: "button" }, null, t("blocks.redeal"));
  const tools = html("div", { class: "bk-tools" }, null);
  const newRun = html("button", { class: "btn bk-new", type: "button" }, tools, t("blocks.newRun"));
  html("a", { class: "btn bk-rules", href: "#/rules/blocks" }, tools, t("blocks.rules"));
  const addButtons = (parent) => { parent.append(redeal, tools); };

  // data-meter and the label always hold the engine's value; the edges' classes
  // may run a short animation behind it, cancelled by the next render.
  let meterTimers = [];
  const showEdges = (value) => meter.edges.forEach((edge, i) => edge.classList.toggle("lit", i < value));
  function setMeter(value) {
    meterTimers.forEach(clearTimeout);
    meterTimers = [];
    meter.art.classList.remove("crowned");
    showEdges(value);
    meterBox.dataset.meter = value;
    meterBox.setAttribute("aria-label", t("blocks.meterLabel", { count: value }));
  }

  function render(view) {
    score.value.textContent = number(view.score);
    score.box.dataset.score = view.score;
    const on = view.bonus > 0;
    streak.classList.toggle("on", on);
    streak.textContent = on ? t("blocks.streak", { bonus: view.bonus }) : "";
    streak.dataset.bonus = view.bonus;
    if (on) streak.title = t("blocks.streakLabel", { count: view.streak, bonus: view.bonus });
    else streak.removeAttribute("title");
    best.value.textContent = number(view.profile.best);
    best.box.dataset.best = view.profile.best;
    crowns.textContent = `♛ ${number(view.crowns)}`;
    crowns.dataset.crowns = view.crowns;
    crowns.setAttribute("aria-label", t("blocks.crownsLabel", { count: view.crowns }));
    setMeter(view.meter);
    redeal.disabled = view.redeals < 1 || view.over;
    redeal.classList.toggle("offered", view.redeal_offered);
    redeal.setAttribute("aria-label", view.redeals < 1 ? t("blocks.redealUsed") : t("blocks.redealLabel"));
  }

  // Light the new edges one by one from the old value; a Crown fills the
  // hexagon gold, then the carried-over edges show.
  function animateMeter(event, crown, reduced) {
    if (reduced) return;
    const later = (fn, ms) => meterTimers.push(setTimeout(fn, ms));
    showEdges(event.before);
    event.edges.forEach((edge, n) => {
      later(() => {
        if (edge === 0 && n > 0) showEdges(0); // a Crown was taken: start again
        meter.edges[edge].classList.add("lit", "flash");
        later(() => meter.edges[edge].classList.remove("flash"), 300);
        if (edge === 5 && crown) meter.art.classList.add("crowned");
      }, 90 * n);
    });
    later(() => {
      meter.art.classList.remove("crowned");
      showEdges(event.after);
    }, 90 * event.edges.length + (crown ? 500 : 0));
  }

  return { newRun, redeal, addButtons, render, animateMeter };
}

export function createCard(root, { t, number }) {
  const card = html("section", { class: "bk-card", "aria-labelledby": "bk-card-title" }, root);
  html("h2", { id: "bk-card-title" }, card, t("blocks.card"));
  const list = html("dl", {}, card);
  const items = {};
  for (const name of ["stars", "best", "crowns", "runs"]) {
    const row = html("div", { class: `bk-card-${name}` }, list);
    html("dt", {}, row, t(`blocks.card.${name}`));
    items[name] = html("dd", {}, row, "0");
  }
  return {
    render(profile) {
      for (const [name, node] of Object.entries(items)) {
        node.textContent = number(profile[name]);
        node.dataset.value = profile[name];
      }
    },
  };
}

// The game-over screen (B16): final score, best, stars earned, Play again.
// A modal <dialog>: the finished board behind it cannot be reached; Escape
// does not close it (the run is over, Play again is the way on).
export function showOver(root, { t, number }, { score, best, stars, newBest }, onAgain) {
  const overlay = html("dialog", { class: "bk-over", "aria-labelledby": "bk-over-title" }, root);
  overlay.addEventListener("cancel", (e) => e.preventDefault());
  const card = html("div", { class: "overlay-card" }, overlay);
  html("h2", { id: "bk-over-title" }, card, t("blocks.over.title"));
  const dl = html("dl", { class: "bk-over-stats" }, card);
  const line = (cls, label, value) => {
    const row = html("div", { class: cls }, dl);
    html("dt", {}, row, label);
    html("dd", { "data-value": value }, row, number(value));
  };
  line("bk-over-score", t("blocks.over.score"), score);
  line("bk-over-best", t("blocks.over.best"), best);
  line("bk-over-stars", t("blocks.over.stars"), stars);
  if (newBest) html("p", { class: "bk-newbest" }, card, t("blocks.over.newBest"));
  const again = html("button", { class: "btn primary bk-again", type: "button" }, card, t("blocks.over.again"));
  again.addEventListener("click", () => { overlay.close(); overlay.remove(); onAgain(); });
  overlay.showModal();
  again.focus();
  return overlay;
}

// "Start a new run?" (B17 banks the run in play): a modal <dialog>. Cancel
// has the focus, Tab stays inside, Escape cancels, and the focus goes back
// to `opener`; confirming calls onYes (which moves the focus to the tray).
export function askNewRun(root, { t }, opener, onYes) {
  const dialog = html("dialog", {
    class: "bk-confirm", "aria-labelledby": "bk-confirm-title", "aria-describedby": "bk-confirm-text",
  }, root);
  html("h2", { id: "bk-confirm-title" }, dialog, t("blocks.confirm.title"));
  html("p", { id: "bk-confirm-text" }, dialog, t("blocks.confirm.text"));
  const row = html("div", { class: "bk-confirm-buttons" }, dialog);
  const keep = html("button", { class: "btn bk-keep", type: "button" }, row, t("blocks.confirm.keep"));
  const yes = html("button", { class: "btn primary bk-yes", type: "button" }, row, t("blocks.confirm.yes"));
  const close = (confirmed) => {
    dialog.close();
    dialog.remove();
    if (confirmed) onYes();
    else opener.focus();
  };
  keep.addEventListener("click", () => close(false));
  yes.addEventListener("click", () => close(true));
  dialog.addEventListener("cancel", (e) => { e.preventDefault(); close(false); }); // Escape
  dialog.addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    e.preventDefault(); // two buttons: Tab and Shift+Tab swap between them
    (document.activeElement === keep ? yes : keep).focus();
  });
  dialog.showModal();
  keep.focus();
  return dialog;
}
