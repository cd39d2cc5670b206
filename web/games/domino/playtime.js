// Play time a reload must not lose (D17: active play time is saved with the
// run). The run is stored after each accepted move and turn; the game time
// sent as ticks since then (and the frames' time not yet sent) lives only in
// the engine worker, whose answers never reach a page being unloaded. So when
// the page goes (pagehide, or hidden: a phone may drop a hidden page), the
// page writes, synchronously, the ms owed beyond the stored save, tagged with
// that save's fingerprint; the next load hands them to the engine as one tick
// and stores the result. A record whose fingerprint is not the stored run's
// (a later save landed: it holds that time already) is dropped unread.

/**
 * What the time owed reads of the domino page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Domino.Calls>, "engine" | "store" | "lesson">} OwedContext
 */

export const OWED_ITEM = "owed"; // `6e-club/v1/domino/owed`: a page's bookkeeping, never backed up
export const MAX_OWED_MS = 120_000; // more than any gap between saves (a tile locks long before): not ours

/**
 * Game time sent to the engine against the time the stored save holds. Calls
 * are answered in the order made, so a save asked after a tick holds it: a
 * call's `mark` is the ms sent before it (a tick's includes its own).
 * @returns {{ sent(ms: number): number, mark(): number, saved(mark: number): void, settle(): void, owed(acc: number): number }}
 */
export function createPlayClock() {
  let sent = 0; // ms sent as ticks by this page
  let saved = 0; // of which the stored save holds
  return {
    sent(ms) {
      sent += ms;
      return sent;
    },
    mark: () => sent,
    saved(mark) {
      saved = Math.max(saved, mark);
    },
    settle() {
      saved = sent;
    }, // another run is shown: none of the old one's time is owed to it
    owed: (acc) => Math.max(0, sent - saved) + Math.max(0, Math.floor(acc)),
  };
}

/** FNV-1a over the UTF-16 code units, with the length: enough to tell one stored save from the next. @param {string} text */
export function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}

/** @param {number} ms @param {string} run the stored save it is owed beyond @returns {string} the record */
export function owedRecord(ms, run) {
  return JSON.stringify({ schema: 1, ms, run: fingerprint(run) });
}

/**
 * The ms a record owes the stored run: 0 unless it is a record of ours about
 * exactly that save.
 * @param {string | null} text the record @param {string | null} run the stored save @returns {number}
 */
export function owedTo(text, run) {
  if (text === null || run === null) return 0;
  try {
    const record = JSON.parse(text);
    const ok = record?.schema === 1 && Number.isInteger(record.ms) && record.ms > 0 && record.ms <= MAX_OWED_MS;
    return ok && record.run === fingerprint(run) ? record.ms : 0;
  } catch {
    return 0; // not a record of ours: nothing is owed
  }
}

/**
 * The page's side of the owed time: written when the page goes, paid on the next load.
 * @param {{ctx: OwedContext, page: import("../../kit/page.js").Page<Domino.Calls>, state: import("./state.js").State,
 *   frames: ReturnType<typeof import("./frames.js").createFrames>}} deps
 */
export function createOwed({ ctx, page, state, frames }) {
  const { engine, store } = ctx;
  const peek = (/** @type {string} */ item) => (store.peek ?? store.get)(item);

  /** The game time a reload would lose, written now, synchronously. */
  function keep() {
    if (!state.ready || ctx.lesson || (state.phase !== "play" && state.phase !== "paused")) return;
    const run = peek("run");
    const owed = frames.owed();
    if (run !== null && owed >= 1) store.set(OWED_ITEM, owedRecord(owed, run));
    else if (peek(OWED_ITEM) !== null) store.remove(OWED_ITEM);
  }

  /**
   * The game time the last page owed the stored run (the one the engine loaded), given to the engine as one tick and
   * stored; null when none was owed. `tick` is a turn when a tile locked in that time.
   * @param {string | null} run the stored save the engine loaded @returns {Promise<{ tick: Domino.Tick, view: Domino.View } | null>}
   */
  async function pay(run) {
    const owed = owedTo(peek(OWED_ITEM), run);
    if (!owed) {
      store.remove(OWED_ITEM); // none, or about another save (which holds that time already)
      return null;
    }
    const tick = /** @type {Domino.Tick} */ (await engine.call("tick", { ms: owed }));
    const [save, view] = await Promise.all([engine.call("save", {}), engine.call("view", {})]);
    if (page.keep({ accepted: true, save, view, profile: tick.profile ?? null })) store.remove(OWED_ITEM);
    return { tick, view };
  }

  return { keep, pay };
}
