// Plays a move's events on the ring (W22): the pick-up, every delivery stone
// by stone, the matches per bowl and colour, blockers leaving, eruptions,
// the refill, points and an overflow, in the order the engine reported them.
// It replays the engine's events on a copy of the old picture; it never
// decides anything itself. Each event (a match step: its group) is told to
// `beat` as it shows, for the sound and the juice (cues.js). Reduced motion:
// no steps, every beat at once.

/** @typedef {import("./ring.js").Frame} Frame */
/** @typedef {import("./ring.js").FrameBowl} FrameBowl */

const TIMES = { pickup: 140, deliver: 75, flash: 260, settle: 70, blockers: 180, erupt: 240, refill: 170, overflow: 500 };

/** @param {FrameBowl[]} bowls @returns {FrameBowl[]} */
function copyBowls(bowls) {
  return bowls.map((b) => ({ stones: b.stones, mods: { ...b.mods } }));
}

/** The events of one kind from `i` on (one step's matches, one eruption). @param {Bowls.Event[]} events @param {number} i */
function run(events, i) {
  let j = i;
  while (j < events.length && events[j].type === events[i].type) j += 1;
  return events.slice(i, j);
}

/** The queue without the stones at these slots. @param {string} stones @param {Set<number>} slots */
const without = (stones, slots) => [...stones].filter((_, k) => !slots.has(k)).join("");

/** @param {number} ms */
const sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * @param {{render: (frame: Frame) => void, showHand: (stones: string, from?: number) => void}} ring
 * @param {{beat: (event: Bowls.Event, group: Bowls.Event[]) => void}} options
 */
export function createPlayer(ring, { beat }) {
  let token = 0;

  function cancel() {
    token += 1;
  }

  /**
   * @param {FrameBowl[]} startBowls the picture before the move
   * @param {Bowls.Event[]} events the engine's events of the move
   * @param {{reduced: boolean, base: Frame}} options
   * @returns {Promise<boolean>} true when it played to the end (not cancelled)
   */
  async function play(startBowls, events, { reduced, base }) {
    const mine = ++token;
    const alive = () => mine === token;
    const bowls = copyBowls(startBowls);
    let hand = "";
    /** @param {Partial<Frame>} [extra] */
    const frame = (extra = {}) => ring.render({ ...base, bowls, ...extra });
    if (reduced) {
      for (let i = 0; i < events.length; i += 1) {
        const group = run(events, i);
        beat(events[i], group);
        if (events[i].type === "match") i += group.length - 1;
      }
      return alive();
    }
    for (let i = 0; i < events.length && alive(); i += 1) {
      const e = events[i];
      beat(e, run(events, i));
      if (e.type === "pickup") {
        hand = e.stones;
        bowls[e.bowl].stones = "";
        ring.showHand(hand, e.bowl);
        frame({ hot: new Set([e.bowl]) });
        await sleep(TIMES.pickup);
      } else if (e.type === "erupt") {
        const group = /** @type {Bowls.EruptEvent[]} */ (run(events, i)); // the run of its kind
        const erupting = new Set(group.map((x) => x.bowl));
        hand = group.map((x) => x.stones).join("");
        frame({ erupting });
        await sleep(TIMES.erupt);
        for (const b of erupting) bowls[b].stones = "";
        ring.showHand(hand);
        frame({ erupting });
        await sleep(TIMES.pickup);
        i += group.length - 1;
      } else if (e.type === "deliver") {
        bowls[e.bowl].stones += e.stone;
        hand = hand.slice(1);
        ring.showHand(hand);
        frame({ hot: new Set([e.bowl]) });
        await sleep(TIMES.deliver);
      } else if (e.type === "match") {
        // One step's matches arrive together; slots index each bowl's queue before the step.
        /** @type {Record<number, Set<number>>} */
        const flash = {};
        const group = /** @type {Bowls.MatchEvent[]} */ (run(events, i)); // the run of its kind
        for (const m of group) flash[m.bowl] = new Set([...(flash[m.bowl] ?? []), ...m.slots]);
        ring.showHand("");
        frame({ flash, hot: new Set(Object.keys(flash).map(Number)) });
        await sleep(TIMES.flash);
        for (const [b, slots] of Object.entries(flash)) bowls[b].stones = without(bowls[b].stones, slots);
        frame();
        await sleep(TIMES.settle);
        i += group.length - 1;
      } else if (e.type === "blockers") {
        const slots = new Set(e.slots); // where the engine says the blockers stood (W9)
        frame({ flash: { [e.bowl]: slots } });
        await sleep(TIMES.blockers);
        bowls[e.bowl].stones = without(bowls[e.bowl].stones, slots);
        frame();
      } else if (e.type === "refill") {
        bowls[e.bowl].stones += e.stone;
        frame({ hot: new Set([e.bowl]) });
        await sleep(TIMES.refill);
      } else if (e.type === "overflow") {
        frame({ overflow: new Set(e.bowls) });
        await sleep(TIMES.overflow);
      } else if (e.type === "expire") {
        delete bowls[e.bowl].mods[e.kind];
      } else if (e.type === "modifier") {
        bowls[e.bowl].mods[e.kind] = e.moves;
        frame({ hot: new Set([e.bowl]) });
        await sleep(TIMES.refill);
      }
    }
    ring.showHand("");
    return alive();
  }

  return { play, cancel };
}
