// How a bowls move feels (docs/feel.md): the engine's events, as the ring shows
// them, become the kit's cues (sound and vibration) and juice (floating
// points at the bowls that scored, bursts where stones matched, praise and a
// shake for the biggest moves). One table says which event plays which cue;
// every number comes from the events and the view, none is computed here.
import { popupWords } from "./words.js";

/**
 * What the cues read of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "reducedMotion" | "feel">} CuesContext
 */

/** @typedef {import("./hud.js").Words} Words */
/** @typedef {import("../../kit/juice.js").Juice} Juice */
/** @typedef {[string, {size?: number, step?: number}]} Cue */

/**
 * The cue of each event the ring shows (a match step gets its whole group):
 * [cue name, its options] or null for none. `steps` counts the move's match
 * steps so far: the first clears, every later one (after an eruption) is a
 * rising chain step.
 * @type {{ [K in Bowls.Event["type"]]?: (e: Extract<Bowls.Event, {type: K}>, group: Extract<Bowls.Event, {type: K}>[], steps: number) => Cue | null }}
 */
const CUES = {
  pickup: () => ["place", {}],
  deliver: () => ["move", {}],
  refill: () => ["move", {}],
  match: (_, group, steps) =>
    steps > 1 ? ["chain", { step: steps - 1 }] : ["clear", { size: group.reduce((n, m) => n + m.slots.length, 0) }],
  blockers: (e) => ["clear", { size: e.slots.length }],
  perfect: () => ["fanfare", {}],
  overflow: () => ["over", {}],
};

/** Events that stay silent under reduced motion: without the steps, a click per stone would all sound at once. */
const QUIET_WHEN_STILL = new Set(["deliver", "refill"]);

/**
 * @param {{ctx: CuesContext, juice: Juice, words: Words, node: (b: number) => Element | null}} page
 */
export function createCues({ ctx, juice, words, node }) {
  const { t } = words;
  let steps = 0;
  /** @type {Set<number>} the bowls that matched in this move's current phase */
  let matched = new Set();

  /** The centre of bowl `b` on screen. @param {number} b @returns {[number, number] | null} */
  function at(b) {
    const box = node(b)?.getBoundingClientRect();
    return box && box.width ? [box.left + box.width / 2, box.top + box.height / 2] : null;
  }

  /** The centre of some bowls on screen. @param {Iterable<number>} bowls @returns {[number, number] | null} */
  function middle(bowls) {
    const spots = [...bowls].map(at).filter((p) => p !== null);
    if (!spots.length) return null;
    return [spots.reduce((s, p) => s + p[0], 0) / spots.length, spots.reduce((s, p) => s + p[1], 0) / spots.length];
  }

  /** The ring's centre on screen (a Perfect Clear scores on the whole ring). @returns {[number, number] | null} */
  function ringCentre() {
    const box = node(0)?.closest("svg")?.getBoundingClientRect();
    return box && box.width ? [box.left + box.width / 2, box.top + box.height / 2] : null;
  }

  /** A new action starts: the last one's show ends at once. */
  function start() {
    juice.finish();
    steps = 0;
    matched = new Set();
  }

  /** One event as the ring shows it. @param {Bowls.Event} e @param {Bowls.Event[]} group the run of its kind it leads (a step's matches) */
  function beat(e, group) {
    if (e.type === "match") steps += 1;
    if (e.type === "refill") {
      matched = new Set();
      steps = 0;
    } // the refill phase scores on its own (W15)
    const cue = /** @type {((e: Bowls.Event, group: Bowls.Event[], steps: number) => Cue | null) | undefined} */ (CUES[e.type])?.(
      e,
      group,
      steps,
    );
    if (cue && !(QUIET_WHEN_STILL.has(e.type) && ctx.reducedMotion())) ctx.feel.cue(cue[0], cue[1]);
    if (e.type === "match") {
      for (const m of /** @type {Bowls.MatchEvent[]} */ (group)) {
        // the step's matches
        matched.add(m.bowl);
        const spot = at(m.bowl);
        if (spot) juice.burst(spot[0], spot[1], { size: m.slots.length, cls: `bw-burst-${m.colour ?? "x"}` });
      }
    } else if (e.type === "points" || e.type === "perfect") {
      const [text, cls] = popupWords(words, e);
      const spot = (e.type === "points" && middle(matched)) || ringCentre();
      if (spot) juice.float(text, spot[0], spot[1], { cls: `bw-float ${cls}` });
      if (e.type === "perfect") {
        juice.praise(t("bowls.praise.perfect"), { level: 3 });
        juice.shake(2);
      } else if (e.phase === "player" && e.multiplier > 1) {
        // a combo: the engine's multiplier (W13)
        juice.praise(t(`bowls.praise.x${Math.min(e.multiplier, 4)}`), { level: e.multiplier - 1 });
        if (e.multiplier >= 3) ctx.feel.cue("fanfare", { size: e.multiplier });
        if (e.multiplier >= 4) juice.shake(3);
      }
    }
  }

  /**
   * The move is shown: what the profile says of it (a record, a puzzle solved,
   * an achievement) and the end of the attempt.
   * @param {Bowls.Event[]} events @param {Bowls.View} view
   */
  function after(events, view) {
    const types = new Set(events.map((e) => e.type));
    const record = events.find((e) => e.type === "recorded");
    const best = Boolean(record && !view.training && view.score > 0 && (record.best || record.daily_best));
    if (types.has("puzzle_solved") || types.has("achievement") || best) {
      ctx.feel.cue("fanfare", { size: 3 });
      if (types.has("puzzle_solved")) juice.praise(t("bowls.praise.solved"), { level: 3 });
      else if (best) juice.praise(t("bowls.praise.best"), { level: 2 });
    } else if (view.over && !types.has("overflow") && view.status !== "ended") {
      ctx.feel.cue("over"); // stuck, or a puzzle's moves spent (an overflow sounded as it showed)
    }
  }

  return { start, beat, after, refuse: () => ctx.feel.cue("refuse") };
}
