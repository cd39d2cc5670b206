// The first lesson of every game and the one-line tips for specials.
// A lesson is the game's own page on a real position the engine
// gives (`engine.call("lesson")`, in a session beside the player's run): the
// runner only shows what to do next, waits for the engine's events that say
// it was done, and opens the real game at the end. Which lessons are done and
// which tips were shown is kept in one versioned value, `6e-club/v1/seen`.
import { html } from "../svg.js";
import { PREFIX } from "../storage.js";

const SEEN_KEY = `${PREFIX}seen`;
/** The lesson's store item of the step to come back to (a language switch shows the lesson's route again). */
const STEP_ITEM = "lesson";
/** How long a tip stays when nobody dismisses it (ms). */
const TIP_MS = 8000;
// Keys that move around the page, not in the game: they leave a tip up (Tab reaches its button).
const NOT_PLAY = new Set(["Tab", "Shift", "Alt", "Control", "Meta"]);
/** A browser's standard text size (CSS px): a larger one is the player's text size, the board keeps its size. */
const STANDARD_TYPE = 16;

/**
 * The standard text size over the page's (1 at the standard size or smaller; 0.5 when the player's browser shows
 * text at 200 %): what text takes measured at the standard size, so a board never shrinks for a larger text (P13).
 * @returns {number}
 */
export function standardType() {
  // No computed style outside a browser (the node tests' page): the standard type.
  const type = typeof getComputedStyle === "function" ? parseFloat(getComputedStyle(document.documentElement).fontSize) : NaN;
  return Math.min(1, STANDARD_TYPE / (type || STANDARD_TYPE));
}

/**
 * @typedef {object} Seen what the player has been shown
 * @property {(game: string) => boolean} lessonDone
 * @property {(game: string) => void} markLesson
 * @property {(key: string) => boolean} tipSeen
 * @property {(key: string) => void} markTip
 */

/** @typedef {{ schema: 1, lessons: Record<string, boolean>, tips: Record<string, boolean> }} SeenValue */

/** @param {string} text the stored value @returns {SeenValue} (throws on anything else) */
export function parseSeen(text) {
  const value = JSON.parse(text);
  const table = (/** @type {unknown} */ part) => part && typeof part === "object" && !Array.isArray(part);
  if (value?.schema !== 1 || !table(value.lessons) || !table(value.tips)) throw new Error("unknown seen schema");
  return { schema: 1, lessons: { ...value.lessons }, tips: { ...value.tips } };
}

/**
 * What follows a lesson, as its card says it: a Daily (today's, or an archived one), a challenge (a shared
 * deal), or the game itself (null).
 * @param {string | null | undefined} start the deal's query (`ctx.lessonNext`)
 * @returns {"daily" | "challenge" | null}
 */
export function lessonLeadsTo(start) {
  if (!start) return null;
  const params = new URLSearchParams(start);
  return params.has("daily") || params.has("archive") ? "daily" : "challenge";
}

/**
 * @param {import("../storage.js").ClubStorage} storage
 * @returns {Seen}
 */
export function createSeen(storage) {
  /** @type {SeenValue} */
  let seen = { schema: 1, lessons: {}, tips: {} };
  const text = storage.get(SEEN_KEY);
  if (text !== null) {
    try {
      seen = parseSeen(text);
    } catch (error) {
      storage.moveAside(SEEN_KEY, error.message); // shown again: nothing is lost
    }
  }
  const keep = () => storage.set(SEEN_KEY, JSON.stringify(seen));
  return {
    lessonDone: (game) => seen.lessons[game] === true,
    markLesson(game) {
      seen.lessons[game] = true;
      keep();
    },
    tipSeen: (key) => seen.tips[key] === true,
    markTip(key) {
      seen.tips[key] = true;
      keep();
    },
  };
}

/**
 * A lesson's store (`ctx.store` in a lesson): memory only, so the lesson keeps
 * nothing and never meets another tab's run.
 * @returns {import("../storage.js").StoreScope}
 */
export function memoryScope() {
  /** @type {Map<string, string>} */
  const items = new Map();
  return {
    get: (item) => items.get(item) ?? null,
    set: (item, text) => {
      items.set(item, text);
      return true;
    },
    remove: (item) => {
      items.delete(item);
    },
    async load(item, validate) {
      const text = items.get(item);
      if (text === undefined) return null;
      try {
        return await validate(text);
      } catch (error) {
        items.delete(item);
        console.warn(`6E Club: the lesson dropped ${item}: ${error?.message}`);
        return null;
      }
    },
    moveAside: (item) => {
      items.delete(item);
    },
    onExternalChange: () => () => {},
  };
}

/**
 * What the lesson hears: an engine event (`import("./page.js").GameEvent`, told apart by `type`) or one the page
 * makes (bowls: `{kind: "choose", bowl}`); each game's steps read their own.
 * @typedef {object} Heard
 */

/**
 * @typedef {object} LessonStep
 * @property {string} say the translation key of what to do
 * @property {(event: Heard) => boolean} [until] done when an event heard satisfies it; none: a Next button
 * @property {(view: any) => boolean} [reached] done when the engine's view says its goal is reached (checked
 *   when the step comes and after each answer: a goal met earlier or out of order does not leave it waiting)
 * @property {() => Element | null} [target] what to point at while the step shows
 */

/**
 * @typedef {object} Lesson
 * @property {() => void} refresh the page's position is drawn: the step's target is pointed at
 * @property {(events: Heard[] | undefined, view?: any) => void} heard the events of an accepted action (or the page's
 *   own) and the engine's view after it
 * @property {() => number} step the step showing (0-based; steps.length once done)
 * @property {() => void} destroy
 */

/**
 * What the lesson's card reads of its game page's context: the words, the live region, the lessons done, and
 * where Play and Skip go (its game, the deal after it); its step is kept in the lesson's store.
 * @typedef {Pick<import("../app.js").GameContext, "t" | "announce" | "game" | "seen" | "store" | "lessonNext">} LessonContext
 */

/**
 * The lesson's coach card over the page, not modal: the board stays playable.
 * @param {HTMLElement} root the game page's section
 * @param {LessonContext} ctx
 * The card comes before the engine's position (read while Python starts): a step's target is pointed at
 * from `refresh` on, once the page has drawn it (an empty tray is no place to point at).
 * @param {LessonStep[]} steps 3 to 5 steps
 * @returns {Lesson}
 */
export function createLesson(root, ctx, steps) {
  const { t } = ctx;
  root.classList.add("kit-lesson-page"); // a phone's lesson drops the page's title row (base.css)
  const card = html("aside", { class: "kit-lesson", "aria-label": t("shell.lesson.title") }, root);
  // The buttons float at the card's top right and the words flow round them and under them
  // (full width): a compact card on a phone, so the board keeps its size (P13).
  const buttons = html("div", { class: "kit-lesson-buttons" }, card);
  const count = html("p", { class: "kit-lesson-count" }, card);
  const say = html("p", { class: "kit-lesson-say" }, card);
  const next = html("button", { type: "button", class: "btn primary kit-lesson-next" }, buttons, t("shell.lesson.next"));
  const skip = html(
    "button",
    { type: "button", class: "btn kit-lesson-skip", "aria-label": t("shell.lesson.skip") },
    buttons,
    t("shell.lesson.skipShort"),
  );
  // The step kept with the lesson's position in its store (memory only): the route shown again in place (a
  // language switch) goes on at it, over the position the store kept (mount.js), not at step 1.
  let index = keptStep(ctx.store, steps.length);
  /** @param {number} step */
  const remember = (step) => ctx.store?.set(STEP_ITEM, String(step));
  /** @type {Element | null} */
  let pointed = null;
  let drawn = false; // the page's position is drawn (refresh): a step's target is there to point at
  // The engine's view after the last answer heard: a step whose goal the play has
  // already reached (one drop that cleared a row and won the Crown at once, a goal met
  // while a step waited for Next) is done when it comes, judged from the state, so no
  // play leaves the lesson waiting for a second time of what happened once.
  /** @type {any} */
  let lastView = null;

  /** Steps whose goal the state has reached, passed. @returns {boolean} whether the step changed */
  function settled() {
    const from = index;
    while (index < steps.length && lastView && steps[index].reached?.(lastView)) index += 1;
    return index !== from;
  }

  function point(/** @type {Element | null} */ target) {
    pointed?.classList.remove("kit-lesson-target");
    pointed = target;
    pointed?.classList.add("kit-lesson-target");
  }

  function finish() {
    ctx.seen.markLesson(ctx.game);
    // The game takes the lesson's place in the history: Back from it goes where the player
    // came from (home, the Rules page), not into the lesson again at its first step. A Daily or
    // a challenge the newcomer came by starts now, fresh: nothing of it was played in the lesson.
    location.replace(`#/${ctx.game}${ctx.lessonNext ? `?${ctx.lessonNext}` : ""}`);
  }
  // The step's line says what follows the lesson when it is not the game itself: the Daily waits.
  const leadsTo = lessonLeadsTo(ctx.lessonNext);
  const stepKey = { daily: "shell.lesson.stepDaily", challenge: "shell.lesson.stepChallenge" }[leadsTo ?? ""] ?? "shell.lesson.step";
  const stepLine = (/** @type {number} */ n) => t(stepKey, { n, total: steps.length });

  function show() {
    card.dataset.step = String(index);
    if (index >= steps.length) {
      point(null);
      count.textContent = "";
      say.textContent = t("shell.lesson.done");
      next.textContent = t("shell.lesson.play");
      next.hidden = false;
      skip.hidden = true;
      card.dataset.done = "1";
      ctx.announce(say.textContent);
      next.focus();
      return;
    }
    const step = steps[index];
    count.textContent = stepLine(index + 1);
    say.textContent = t(step.say);
    next.hidden = Boolean(step.until);
    point(drawn ? (step.target?.() ?? null) : null);
    ctx.announce(`${count.textContent}. ${say.textContent}`);
  }

  const makeRoom = () => makeRoomFor(root, { card, count, say, next, skip }, steps, { t, stepLine });
  let resizing = 0;
  const onResize = () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(makeRoom);
  };
  addEventListener("resize", onResize);

  next.addEventListener("click", () => {
    if (index >= steps.length) finish();
    else {
      index += 1;
      settled();
      show();
      remember(index);
    }
  });
  skip.addEventListener("click", finish);
  makeRoom();
  show();

  return {
    heard(events, view) {
      lastView = view ?? lastView;
      const from = index;
      const until = steps[index]?.until;
      const by = until ? (events ?? []).find((event) => until(event)) : undefined;
      if (by) index += 1;
      if (!settled() && !by) return;
      show();
      // A step passed by the page's own event (bowls' choice, told apart from the engine's by having no `type`)
      // is page state the position does not keep: after a remount that step is asked again.
      remember(by && /** @type {{type?: unknown}} */ (by).type === undefined ? from : index);
    },
    // The step's target again, once the page has drawn it (the card may come before the engine's position).
    refresh() {
      drawn = true;
      if (index < steps.length) point(steps[index].target?.() ?? null);
    },
    step: () => index,
    destroy() {
      point(null);
      card.remove();
      root.classList.remove("kit-lesson-page");
      removeEventListener("resize", onResize);
      cancelAnimationFrame(resizing);
      root.style.removeProperty("--lesson-pad");
      root.style.removeProperty("--lesson-room");
    },
  };
}

/**
 * The step a lesson's store kept (0 when none, or not a step of this lesson).
 * @param {import("../storage.js").StoreScope | null} store @param {number} count the lesson's steps
 * @returns {number}
 */
export function keptStep(store, count) {
  const step = Number(store?.get(STEP_ITEM) ?? 0);
  return Number.isInteger(step) && step >= 0 && step <= count ? step : 0;
}

/**
 * A tip's show: in `root`, once ever for `key`, below `anchor`. With `read`, the page waits for the player (a falling
 * tile held while the tip covers the pad): the tip stays until it is dismissed or the player acts, then `read` is
 * called (once, also when the page goes).
 * @typedef {(root: HTMLElement, key: string, text: string, anchor?: Element | null, read?: () => void) => boolean} ShowTip
 */

/**
 * Room above the page for the coach card's tallest step, so the card never covers the page's top (the scores
 * a step talks about) and no step moves the page.
 * @param {HTMLElement} root the game page's section
 * @param {{card: HTMLElement, count: HTMLElement, say: HTMLElement, next: HTMLButtonElement, skip: HTMLButtonElement}} parts
 * @param {LessonStep[]} steps
 * @param {{t: (key: string, vars?: object) => string, stepLine: (n: number) => string}} words the step line as the card
 *   writes it (with what follows the lesson: a daily, a challenge)
 */
function makeRoomFor(root, { card, count, say, next, skip }, steps, { t, stepLine }) {
  // Below the site's header (sticky): its navigation and settings stay in reach during a lesson.
  const header = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
  const cardTop = Math.ceil(header) + 6;
  card.style.top = `${cardTop}px`;
  const shown = { say: say.textContent, count: count.textContent, next: next.textContent, done: card.dataset.done };
  const hidden = [next.hidden, skip.hidden];
  say.style.removeProperty("min-height");
  card.classList.add("kit-lesson-measuring"); // no transition: each state measured in its own type at once
  // Each step measured as it shows: its words, its step count, Next only where it waits for none (its
  // button takes a share of the words' first lines), the last card's Play without Skip, in its own type.
  /** @param {string} key @param {boolean} last @param {boolean} withNext */
  const bottomOf = (key, last, withNext) => {
    count.textContent = last ? "" : stepLine(steps.length);
    say.textContent = t(key);
    next.textContent = t(last ? "shell.lesson.play" : "shell.lesson.next");
    [next.hidden, skip.hidden] = [!withNext, last];
    if (last) card.dataset.done = "1";
    else delete card.dataset.done;
    // Layout sizes, not boxes: a page's juice may move the page (a shake's transform) and the card with it.
    return cardTop + card.offsetHeight;
  };
  const bottom = Math.max(bottomOf("shell.lesson.done", true, true), ...steps.map((step) => bottomOf(step.say, false, !step.until)));
  // Every step's card as tall as the tallest: no gap opens between a short step and the page.
  say.style.minHeight = `${Math.max(0, bottom - cardTop - say.offsetTop - 12)}px`;
  [say.textContent, count.textContent, next.textContent] = [shown.say, shown.count, shown.next];
  [next.hidden, skip.hidden] = hidden;
  if (shown.done) card.dataset.done = shown.done;
  else delete card.dataset.done;
  card.classList.remove("kit-lesson-measuring");
  root.style.removeProperty("--lesson-pad");
  // The card is fixed at the screen's top, the page scrolls under it: room from where the page starts at no scroll
  // (a resize while scrolled would count the scroll as room too).
  const top = root.getBoundingClientRect().top - document.documentElement.getBoundingClientRect().top;
  const room = Math.max(0, Math.ceil(bottom + 8 - top));
  // The page makes the card's whole room (base.css pads it, or a short screen's side column, P13); the board gives up
  // only about what the card takes in the standard type (twice the type: about twice the lines, each twice as tall,
  // in a card of the same width): a larger text size lengthens the page, never shrinks the board.
  root.style.setProperty("--lesson-pad", `${room}px`);
  root.style.setProperty("--lesson-room", `${Math.ceil(room * standardType() ** 2)}px`);
}

/**
 * One-line tips: the first time a special appears, a line explains it in place.
 * @param {Seen} seen
 * @param {{ t: (key: string) => string, announce: (text: string) => void }} ctx
 * @returns {{ show: ShowTip, clear: () => void }}
 */
export function createTips(seen, { t, announce }) {
  /** @type {HTMLElement | null} */
  let open = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  // The player's next move ends the tip: it has been read, and the game is what is
  // played now (a tip over the board must not stay in the way while play goes on).
  const onAct = (/** @type {Event} */ event) => {
    if (open?.contains(/** @type {Node} */ (event.target))) return;
    if (NOT_PLAY.has(/** @type {KeyboardEvent} */ (event).key)) return; // a pointer event has no key
    clear();
  };
  /** @type {(() => void) | null} */
  let waiting = null; // the page waiting for the open tip to be read
  const clear = () => {
    clearTimeout(timer);
    open?.remove();
    open = null;
    document.removeEventListener("pointerdown", onAct, true);
    document.removeEventListener("keydown", onAct, true);
    const read = waiting;
    waiting = null;
    read?.();
  };
  return {
    show(root, key, text, anchor = null, read = undefined) {
      if (seen.tipSeen(key)) return false;
      seen.markTip(key);
      clear();
      const tip = html("div", { class: "kit-tip", role: "note", "data-tip": key }, root);
      html("span", {}, tip, text);
      html("button", { type: "button", class: "btn kit-tip-ok" }, tip, t("shell.tip.ok")).addEventListener("click", clear);
      place(tip, anchor, root);
      open = tip;
      if (read)
        waiting = read; // read when the player says so, not after a time
      else timer = setTimeout(clear, TIP_MS);
      document.addEventListener("pointerdown", onAct, true);
      document.addEventListener("keydown", onAct, true);
      announce(text);
      return true;
    },
    clear,
  };
}

// A tip sits just below its anchor (above it when there is no room below, or
// when its button would lie over one of the page's controls), inside the
// viewport; with no anchor, at the top of the page. Its text lets clicks
// through (CSS), so only its button could ever be in a player's way.
/** @param {HTMLElement} tip @param {Element | null} anchor @param {HTMLElement} root */
function place(tip, anchor, root) {
  const box = (anchor ?? root).getBoundingClientRect();
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  tip.style.left = `${Math.round(Math.max(8, Math.min(innerWidth - width - 8, box.left + box.width / 2 - width / 2)))}px`;
  const below = anchor ? box.bottom + 8 : Math.max(box.top, 0) + 8;
  const fits = (/** @type {number} */ top) => top >= 8 && top + height <= innerHeight - 8;
  const tops = [below, box.top - height - 8].filter(fits);
  if (!tops.length) tops.push(Math.max(8, Math.min(below, innerHeight - height - 8)));
  const button = /** @type {HTMLButtonElement} */ (tip.querySelector("button")); // its OK button (createTips)
  const controls = [...document.querySelectorAll("button, a[href], input, select, textarea")]
    .filter((el) => !tip.contains(el) && el.getClientRects().length > 0)
    .map((el) => el.getBoundingClientRect());
  const inTheWay = (/** @type {number} */ top) => {
    tip.style.top = `${Math.round(top)}px`;
    const own = button.getBoundingClientRect();
    return controls.some((r) => r.left < own.right && own.left < r.right && r.top < own.bottom && own.top < r.bottom);
  };
  tip.style.top = `${Math.round(tops.find((top) => !inTheWay(top)) ?? tops[0])}px`;
}
