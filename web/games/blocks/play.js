// What blocks asks of the engine (B17, B19): a drop of the piece in hand
// (aim.js), a re-deal and a new run, one at a time and only on the engine's
// own view; each accepted answer is kept (the run, its
// view, the cells' colours), drawn and shown. Legality, scores and the end
// are the engine's.
import { endPart } from "../../kit/clubpage.js";
import { randomSeed } from "../../kit/seed.js";
import { createAim } from "./aim.js";
import { askNewRun, overCard } from "./cards.js";
import { paintEvents, writePaint } from "./paint.js";

/**
 * What the actions read of the blocks page's context, and hand aiming.
 * @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "engine" | "t" | "number" | "announce" | "feel"> & import("./aim.js").AimContext} PlayContext
 */

/** @typedef {Club.Answer<Blocks.View, Blocks.Event>} Answer a blocks action's answer */

/**
 * @typedef {object} PlayDeps
 * @property {PlayContext} ctx
 * @property {import("../../kit/mount.js").Kit<Blocks.Calls>} kit
 * @property {import("./state.js").State} state
 * @property {import("./render.js").Parts} parts
 * @property {import("../../kit/juice.js").Juice} juice
 * @property {(after?: () => void) => void} draw one render(parts, state) at the next frame (`after`: then)
 * @property {(events: Blocks.Event[]) => void} show what an accepted action showed (anim.js)
 */

/** @param {PlayDeps} deps */
export function createPlay({ ctx, kit, state, parts, juice, draw, show }) {
  const { engine, t } = ctx;
  const { page, end } = kit;
  const { usable, pick, release, aim } = createAim({ ctx, page, state, parts, juice, draw });

  /**
   * An action on the engine's own view, after the ones before it: a tap made while the last
   * one's answer is on its way is kept, not lost (a quick second tap after a refused one).
   * @param {() => Promise<Answer>} ask the action's call on the engine @param {(answer: Answer) => unknown} use
   * @param {() => boolean} [still] asked when its turn comes: false, the action is no longer meant
   * @returns {Promise<unknown>} use's result; undefined when not asked or the page is gone
   */
  function act(ask, use, still = () => true) {
    if (!state.live) return Promise.resolve(undefined);
    return page.serial(async () => {
      if (!still()) return undefined;
      const answer = await ask();
      return page.gone() ? undefined : use(answer);
    });
  }

  /** Drop the held piece where it is aimed; resolves true when the engine took it. */
  async function commit() {
    const held = state.held;
    if (!held?.target) return false;
    const { slot, target: cell } = held;
    const done = await act(
      () => engine.call("place", { slot, cell }),
      (answer) => {
        if (!answer.accepted) {
          ctx.feel.cue("refuse");
          return ctx.announce(t("blocks.say.noFit"));
        }
        release();
        apply(answer);
        return true;
      },
      () => state.held === held,
    ); // the same piece still in hand (not dropped by a tap before it)
    return done === true;
  }

  /**
   * Drop the piece of `slot` with its centre on `cell` (the typed move, P11): "" when the engine
   * took it, else its reason (B24); undefined when not asked (the page gone, not live).
   * @param {number} slot @param {string} cell @returns {Promise<string | undefined>}
   */
  async function dropAt(slot, cell) {
    const reason = await act(
      () => engine.call("place", { slot, cell }),
      (answer) => {
        if (!answer.accepted) return answer.reason ?? "bad-action";
        release();
        apply(answer);
        return "";
      },
    );
    return typeof reason === "string" ? reason : undefined;
  }

  /** An accepted action: the cells' colours follow its events, the view is the engine's. @param {Answer} answer */
  function apply(answer) {
    paintEvents(state.paint, answer.events, parts.board.hex.index);
    state.view = answer.view;
    // The run and its drawing copy (the view, the colours) through the kit's one writer; refused when another
    // tab stored a newer run (P10): that run is adopted, its colours beside it.
    page.keep(answer, "run", { paint: writePaint(state.paint) });
    draw(() => {
      show(answer.events);
      kit.heard(answer.events, answer.view);
    });
    end.heard(answer.events);
  }

  /** The run in play ends (a new one comes): the piece in hand, the juice and the card go. */
  function clear() {
    release();
    juice.finish();
    state.over?.close();
  }

  /**
   * A new run or a re-deal (B14, B17), then the tray focused: after the operations before it (a tap while the start's
   * queries are on their way is kept), on the view it was tapped on (a second Redeal before the first's answer spends
   * none). @param {"new_run" | "redeal"} method
   */
  function deal(method) {
    if (!state.live) return;
    const seen = state.view;
    act(
      () => (clear(), method === "new_run" ? engine.call(method, { seed: randomSeed() }) : engine.call(method)),
      (answer) => {
        if (!answer.accepted) return;
        if (method === "new_run") {
          state.paint.fill(null);
          end.reset();
        }
        apply(answer);
        focusTray();
      },
      () => state.view === seen,
    );
  }
  const newRun = () => deal("new_run");

  wireDealButtons({ ctx, page, state, parts, release, deal });

  // A link's deal over the resumed run (the kit asked first): shown as a new run is.
  /** @param {object} payload */
  function startRun(payload) {
    return page.serial(async () => {
      clear();
      end.reset();
      const answer = await engine.call("new_run", payload);
      if (page.gone() || !answer.accepted) return;
      state.paint.fill(null);
      apply(answer);
      focusTray();
    });
  }

  /** @returns {HTMLElement | SVGElement | null} where play goes on: the next piece that fits, else Redeal */
  function trayTarget() {
    const view = state.view;
    if (!view || view.over) return null;
    const next = view.tray.findIndex((p) => p.piece && p.fits);
    if (next >= 0) return parts.tray.slot(next) ?? null;
    return view.redeals > 0 ? parts.hud.redeal : null;
  }

  function focusTray() {
    page.paintNow(); // the tray's buttons as the new view has them
    if (document.activeElement?.closest(".kit-lesson")) return; // the lesson's coach card has it (its Play button)
    trayTarget()?.focus();
  }

  /** The game-over card (B16). @param {Blocks.BankedEvent | null | undefined} banked this action's banking, if it banked */
  function openOver(banked) {
    const view = state.view;
    if (!view?.over) return;
    state.over?.close();
    ctx.announce(t("blocks.say.over", { score: ctx.number(view.score) }), "assertive");
    state.over = overCard(parts.root, ctx, view, banked, newRun);
    end.card(endPart(state.over, "bk-over-club"));
  }

  return { usable, pick, release, aim, commit, dropAt, startRun, focusTray, trayTarget, openOver };
}

/**
 * The HUD's Redeal and New run (B14, B17). New run banks the run in play: it asks first when the engine says it
 * would, on the view the actions asked before the tap leave (a drop on its way makes a run in progress).
 * @param {Pick<PlayDeps, "ctx" | "state" | "parts"> & {page: import("../../kit/page.js").Page<Blocks.Calls>,
 *   release: () => void, deal: (method: "new_run" | "redeal") => void}} deps
 */
function wireDealButtons({ ctx, page, state, parts, release, deal }) {
  parts.hud.redeal.addEventListener("click", () => deal("redeal"));
  parts.hud.newRun.addEventListener("click", () => {
    if (!state.live) return;
    release();
    page.serial(() => {
      if (!state.view || page.gone() || parts.root.querySelector("dialog.bk-confirm")) return; // asked once
      if (state.view.in_progress) askNewRun(parts.root, ctx, () => deal("new_run"));
      else deal("new_run");
    });
  });
}
