// The live regions (P11) and the reduced-motion preference.
//
// One announcer with a queue: every message is said, once, as a sentence of its
// own, in the order it was asked for. Messages asked for in the same moment (a
// move's result, then a lesson step, then a tip) go out together on the next
// tick, each its own node appended to the region (the region reads additions
// only, so an earlier node is never read again and a later one never replaces
// it). An urgent message (the end of a run) goes to the assertive region, with
// the polite messages of its moment before it, so the interruption drops none.
// A burst's nodes are cleared once the regions have been quiet a while, which
// says nothing (removals are not read). The same sentence asked for twice in one
// moment is said once; asked for again later (the cursor back on a cell) it is
// a new node, said again.

/** @typedef {"polite" | "assertive"} Urgency */

/**
 * @typedef {object} Speech
 * @property {(text: string, urgency?: Urgency) => void} say queue a message ("" clears all)
 * @property {() => void} flush write what is queued now (the tick)
 */

export const QUIET_MS = 1500; // after this long without a message the next burst starts a clean region
const KEPT = 12; // nodes a region keeps at most within a long burst

/**
 * A message as a sentence of its own: trimmed, its inner whitespace single, ended by
 * a full stop unless it already ends a sentence (".", "!", "?", "…", before closing quotes).
 * @param {string} text @returns {string}
 */
export function sentence(text) {
  const plain = text.replace(/\s+/g, " ").trim();
  if (!plain) return "";
  return /[.!?…:][)"'»”]*$/.test(plain) ? plain : `${plain}.`;
}

/**
 * The queue's logic, without a document: what is written where and when.
 * @param {object} io
 * @param {(urgency: Urgency, sentences: string[], fresh: boolean) => void} io.write appends
 *   the sentences to that region; `fresh`: clear both regions first (a new burst)
 * @param {() => void} io.clear empties both regions (the language changed)
 * @param {(run: () => void) => void} io.schedule calls `run` on the next tick
 * @param {() => number} io.now ms
 * @returns {Speech}
 */
export function createSpeech({ write, clear, schedule, now }) {
  /** @type {string[]} */
  let pending = [];
  let urgent = false;
  let queued = false;
  let last = -Infinity; // when the last moment was written

  function flush() {
    queued = false;
    const fresh = now() - last >= QUIET_MS;
    const out = pending;
    const urgency = urgent ? "assertive" : "polite";
    pending = [];
    urgent = false;
    if (!out.length) return;
    last = now();
    write(urgency, out, fresh);
  }

  return {
    say(text, urgency = "polite") {
      const said = sentence(text);
      if (!said) {
        pending = [];
        urgent = false;
        last = -Infinity;
        clear();
        return;
      }
      if (!pending.includes(said)) pending.push(said);
      urgent ||= urgency === "assertive";
      if (!queued) {
        queued = true;
        schedule(flush);
      }
    },
    flush,
  };
}

/**
 * The announcer over the page's two live regions.
 * @param {HTMLElement} polite aria-live="polite", aria-relevant="additions"
 * @param {HTMLElement} assertive aria-live="assertive", aria-relevant="additions"
 * @returns {(text: string, urgency?: Urgency) => void}
 */
export function createAnnouncer(polite, assertive) {
  const regions = { polite, assertive };
  const clear = () => {
    polite.replaceChildren();
    assertive.replaceChildren();
  };
  const speech = createSpeech({
    write(urgency, sentences, fresh) {
      if (fresh) clear();
      const region = regions[urgency];
      for (const text of sentences) {
        const line = document.createElement("p");
        line.textContent = text;
        region.append(line);
      }
      while (region.childElementCount > KEPT) region.firstElementChild?.remove();
    },
    clear,
    // A tick after the ask, so that what one moment asks for is written together and in order.
    schedule: (run) => void setTimeout(run, 30),
    now: () => performance.now(),
  });
  return speech.say;
}

/**
 * @param {{ motion: string }} settings "reduce", "full" or "system"
 * @returns {() => boolean} whether motion is to be reduced now
 */
export function reducedMotionQuery(settings) {
  const media = matchMedia("(prefers-reduced-motion: reduce)");
  return () => (settings.motion === "reduce" ? true : settings.motion === "full" ? false : media.matches);
}

/**
 * Whether a key press asks for the board in words (key D, P11): anywhere on the page, in a
 * replay too, but not typing in a field nor in an open dialog, unless that dialog is an end
 * card folded to see the board ("See the board": the board is what the player looks at).
 * @param {KeyboardEvent} e @returns {boolean}
 */
export function asksDescribe(e) {
  return asksKey(e, "d");
}

/**
 * Whether a key press is the page's letter key `letter` (a listening key, P11: D describes, blocks'
 * C lists the drops that clear): on the page, not typing in a field, no modifier, no dialog open
 * but an end card folded to see the board.
 * @param {KeyboardEvent} e @param {string} letter lower case
 * @returns {boolean}
 */
export function asksKey(e, letter) {
  if (e.code !== `Key${letter.toUpperCase()}` && e.key.toLowerCase() !== letter) return false;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const at = /** @type {Element | null} */ (e.target);
  if (at?.closest?.("input, textarea, select, [contenteditable]")) return false;
  return [...document.querySelectorAll("dialog[open]")].every((open) => open.classList.contains("kit-peeking"));
}
