// What input asks of the engine (M12-M15): each action one engine call whose
// answer is kept (session.keep) and drawn; previews are latest-wins; play time
// goes with the next call. The page decides nothing: legality, merging, points
// and the end of the round are in the answers. Actions run inside
// session.serial (the page's `act`), so their answers are applied in order.
import { randomSeed } from "../../kit/seed.js";
import { aimedCell } from "./state.js";
import { previewOf } from "./board.js";
import { stoneName } from "./stones.js";
import { placeName } from "./words.js";
import { endPart } from "../../kit/clubpage.js";

/**
 * @typedef {object} PlayParts
 * @property {any} ctx the app's context
 * @property {import("../../kit/session.js").PageSession} session
 * @property {import("./state.js").MergeState} state
 * @property {() => void} draw render(state, state.view)
 * @property {import("./board.js").MergeBoard} board
 * @property {ReturnType<typeof import("./anim.js").createPlayer>} player
 * @property {ReturnType<typeof import("./timer.js").createTimer>} timer
 * @property {{open: (stats: import("./dialogs.js").OverStats) => import("../../kit/dialog.js").Dialog, shut: () => void}} over
 * @property {ReturnType<typeof import("./feel.js").createFeel>} feel sound, vibration and juice (issue 15)
 * @property {(events: any[]) => void} heard the lesson hears an accepted action's events (issue 15)
 * @property {import("../../kit/clubpage.js").ClubEnd} end the Daily Club's end of a round (issue 16)
 */

/** @param {PlayParts} parts */
export function createPlay({ ctx, session, state, draw, board, player, timer, over, feel, heard, end }) {
  const { engine, t, number } = ctx;
  /** @type {Map<string, Promise<Club.Answer>>} preview answers for the position drawn (P4) */
  const cache = new Map();
  let moves = 0; // the newest move's animation token
  /** @type {Map<string, string>} the newest value another tab stored, per item, seen at once (adopted in order) */
  const newest = new Map();
  const offNewest = ctx.store.onExternalChange((/** @type {string} */ item, /** @type {string} */ text) => newest.set(item, text));
  /** A cell in words (issue 15 point 6). @param {string} cell */
  const where = (cell) => placeName(state.geometry, cell, t);

  // ----- time (M15): measured here, handed to the engine with the next call -----
  function takeMs() {
    const ms = timer.take();
    state.sentMs += ms;
    return ms;
  }

  async function flushTime() {
    const ms = takeMs();
    if (ms <= 0) return;
    /** @type {Club.Answer} */
    const answer = await engine.call("tick", { ms }).finally(() => { state.sentMs -= ms; });
    if (answer.accepted && session.keep(answer) && !session.gone()) state.view = answer.view;
  }

  /** A round given up still counts for the best (issue 11; the engine decides). */
  async function abandon() {
    const [, answer] = await Promise.all([flushTime(), engine.call("abandon", {})]);
    session.keep({ accepted: true, profile: answer.profile });
  }

  // ----- drawing a new position -----
  function newPosition() {
    cache.clear();
    session.ticket(); // a preview of the old position is dropped
  }

  /** @param {Merge.View} next */
  function show(next) {
    player.stop();
    state.view = next;
    state.anim = 0;
    newPosition();
    draw();
    refreshAim();
  }

  // ----- preview (M13): the engine's, latest wins -----
  function clearAim() {
    session.ticket();
    state.preview = null;
    draw();
  }

  /**
   * The engine's preview of the piece at a cell, drawn unless a newer one was
   * asked or the position changed meanwhile. The answer drawn, or null; never rejects.
   * @param {string | null} cell
   * @returns {Promise<Club.Answer | null>}
   */
  async function previewAt(cell) {
    const view = state.view;
    if (!cell || !view || view.over) { clearAim(); return null; }
    const fresh = session.ticket();
    const key = `${cell}@${view.turn}`;
    const asked = cache.get(key) ?? engine.call("preview", { cell });
    cache.set(key, asked);
    /** @type {Club.Answer} */
    let answer;
    try {
      answer = await asked;
    } catch (error) {
      if (cache.get(key) === asked) cache.delete(key);
      session.report(error);
      return null;
    }
    if (!fresh()) return null;
    state.preview = answer;
    draw();
    return answer;
  }

  /** The preview of where the piece is aimed, or none (previewAt clears it). */
  function refreshAim() {
    previewAt(aimedCell(state));
  }

  /**
   * The keyboard's marker (M12) moves at once; what it would do is said when the preview comes.
   * @param {string | null} cell
   */
  async function setMarker(cell) {
    state.marker = cell;
    draw();
    const answer = await previewAt(cell ?? state.hover);
    if (!cell || !answer || state.marker !== cell) return;
    const { merging, points } = previewOf(answer);
    const key = !answer.accepted ? `merge.say.aim.${answer.reason}` : merging.length ? "merge.say.aim.merge" : "merge.say.aim.free";
    ctx.announce(t(key, { cell: where(cell), stones: t("merge.nStones", { count: merging.length }), points: t("merge.nPoints", { count: points }) }));
  }

  // ----- actions -----
  /** @param {string} cell @returns {Promise<boolean>} placed */
  async function place(cell) {
    const view = state.view;
    if (!view || view.over || !cell) return false;
    feel.start();
    const ms = takeMs();
    /** @type {Club.Answer} */
    const answer = await engine.call("place", { cell, ms }).catch((/** @type {unknown} */ error) => {
      timer.refund(ms);
      throw error;
    }).finally(() => { state.sentMs -= ms; });
    if (!answer.accepted) { // a refusal changes nothing: the time is handed over later
      timer.refund(ms);
      if (!session.gone()) refuse(cell, String(answer.reason));
      return false;
    }
    if (!session.keep(answer) || session.gone()) return true;
    state.view = answer.view;
    newPosition();
    state.preview = null;
    const events = answer.events ?? [];
    feel.placed();
    const played = animate(events, view.board);
    say(events);
    heard(events);
    end.heard(events);
    const recorded = answer.events?.find((e) => e.type === "recorded");
    if (state.view?.over) session.later(() => openOver(Boolean(recorded?.new_best)), played + (state.reduced ? 100 : 400));
    else if (state.marker) session.later(refreshAim, played);
    return true;
  }

  /** The move's events replayed on the board (and felt: feel.js); its length in ms. @param {any[]} events @param {number[]} before */
  function animate(events, before) {
    const token = ++moves;
    state.anim = token;
    state.reduced = ctx.reducedMotion();
    draw();
    const played = player.play(events, before, /** @type {Merge.View} */ (state.view).board, state.reduced) ?? 0;
    session.later(() => {
      if (state.anim !== token) return;
      state.anim = 0;
      draw();
      feel.ended(events);
    }, played);
    return played;
  }

  /** @param {string} cell @param {string} reason */
  function refuse(cell, reason) {
    feel.refused();
    previewAt(cell);
    if (!ctx.reducedMotion()) board.shake();
    ctx.announce(t(`merge.reason.${reason}`));
    if (!state.marker && !state.hover) session.later(() => { if (!aimedCell(state)) clearAim(); }, 700);
  }

  /** What the move did, said from its events. @param {any[]} events */
  function say(events) {
    const parts = [];
    const merged = events.filter((e) => e.type === "merged");
    const set = events.find((e) => e.type === "set");
    if (!merged.length) parts.push(t("merge.say.placed", { piece: set.values.map((/** @type {number} */ v) => stoneName(v, t)).join(" + "), cell: where(set.cells[0]) }));
    for (const e of merged) {
      if (e.step > 1 && e === merged.find((m) => m.step === e.step)) parts.push(t("merge.say.chain", { n: e.step }));
      parts.push(t(e.factor > 1 ? "merge.say.mergedJoker" : "merge.say.merged",
        { n: e.cells.length, v: e.value, result: number(e.result), points: t("merge.nPoints", { count: e.points }) }));
    }
    const score = number(state.view?.score ?? 0);
    parts.push(t("merge.say.score", { score }));
    if (state.view?.over) parts.push(t("merge.say.over", { score }));
    ctx.announce(parts.join(" "));
  }

  /** M4, M12: the pair turns. @param {number} step */
  async function rotate(step) {
    if (!state.view?.can_rotate) return;
    feel.start();
    const answer = await engine.call("rotate", { step });
    if (!answer.accepted || !session.keep(answer) || session.gone()) return;
    feel.turned();
    heard(answer.events ?? []);
    end.heard(answer.events ?? []);
    state.view = answer.view;
    newPosition();
    draw();
    refreshAim();
    ctx.announce(t("merge.say.turn", { turn: t(`merge.dir.${answer.view.turn}`) }));
  }

  /**
   * The calls go out at once, in this order (one queue per game); the answers are awaited together.
   * @param {object | null} [payload] a link's deal (issue 16: `{query}`), else a random seed
   */
  async function newRound(payload = null) {
    const abandoned = abandon();
    feel.start();
    player.stop();
    over.shut();
    end.reset();
    timer.take(); // time of the old round stays with it
    const next = engine.call("new", payload ?? { seed: randomSeed() });
    const save = engine.call("save", {});
    const [, shown, text] = await Promise.all([abandoned, next, save]);
    if (!session.keep({ accepted: true, save: text, view: shown }) || session.gone()) return;
    show(shown);
    ctx.announce(t("merge.say.newRound"));
  }

  /** @param {boolean} newBest */
  function openOver(newBest) {
    const view = state.view;
    if (!view?.over) return;
    const card = over.open({ score: view.score, moves: view.moves, highest: view.highest, chain: view.best_chain, playMs: view.play_ms,
      best: view.best, newBest });
    end.card(endPart(card, "hm-over-club"));
  }

  /**
   * A replay's position (issue 16), drawn like an answer: a step forward that
   * placed is animated and felt; a step back or a jump is only drawn. Nothing is kept.
   * @param {Merge.View} next @param {any[]} events
   */
  function replayed(next, events) {
    const before = state.view;
    feel.start();
    if (!before || next.moves !== before.moves + 1 || !events.some((e) => e.type === "set")) {
      show(next);
      return;
    }
    player.stop();
    state.view = next;
    state.preview = null;
    newPosition();
    feel.placed();
    animate(events, before.board);
    say(events);
  }

  /** M14. @param {Partial<Merge.SettingsView>} change */
  async function changeSettings(change) {
    const answer = await engine.call("settings", { settings: change });
    if (!answer.accepted || !session.keep(answer) || session.gone()) return;
    state.view = answer.view;
    draw();
  }

  /**
   * Another tab stored a newer run or profile (P10): taken (run inside session.serial).
   * A value the engine refuses is not ours to fix: ours is kept.
   * @param {string} item @param {string} text
   */
  async function adopt(item, text) {
    try {
      const next = item === "run" ? await engine.call("load", { save: text })
        : await engine.call("load_profile", { profile: text }).then(() => engine.call("view", {}));
      // The view of the run now stored (the other tab's), unless a newer one came meanwhile.
      if (newest.get(item) === text) ctx.keepView(next);
      if (session.gone()) return;
      if (item === "run") {
        show(next);
        ctx.notice(t("merge.otherTab"));
      } else {
        state.view = next;
        draw();
      }
    } catch (error) {
      if (/** @type {any} */ (error)?.name !== "EngineError") throw error;
      console.warn(`6E Club: another tab's merge ${item} was not taken:`, /** @type {Error} */ (error).message);
    }
  }

  return {
    close: offNewest, flushTime, abandon, show, refreshAim, setMarker, place, rotate, newRound, openOver, changeSettings, adopt,
    replayed,
  };
}
