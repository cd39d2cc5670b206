// The save slots' side of the page (M15): what the slots dialog asks, through
// the engine and the page object (one operation at a time; a slot the engine
// cannot read is moved aside). Save and Load over something ask first.
import { summaryText } from "./cards.js";

/**
 * What the save slots read of the merge page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "engine" | "store" | "t" | "number" | "announce">} SlotsContext
 */

/**
 * @param {{ctx: SlotsContext, page: import("../../kit/page.js").Page<Merge.Calls>, state: import("./state.js").MergeState,
 *   play: ReturnType<typeof import("./play.js").createPlay>, confirm: ReturnType<typeof import("./cards.js").createConfirm>,
 *   count: number}} parts
 * @returns {import("./cards.js").SlotApi}
 */
export function createSlotApi({ ctx, page, state, play, confirm, count }) {
  const { engine, store, t, number } = ctx;
  const key = (/** @type {number} */ n) => `slot/${n}`;
  /** The engine's summary of a stored slot, or null (empty, or unreadable: moved aside). @param {number} n */
  const summary = (n) => /** @type {Promise<Merge.Summary | null>} */ (page.load(key(n), "summary"));

  return {
    async list() {
      return (await page.serial(() => Promise.all(Array.from({ length: count }, (_, i) => summary(i + 1))))) ?? [];
    },
    async save(n) {
      const old = await page.serial(() => summary(n));
      if (
        old &&
        !(await confirm.ask({
          title: t("merge.confirmSave.title", { n }),
          text: t("merge.confirmSave.text", { n, summary: summaryText(old, t, number) }),
          yes: t("merge.confirmSave.yes"),
        }))
      )
        return false;
      return (
        (await page.serial(async () => {
          const [, text] = await Promise.all([play.flushTime(), engine.call("save", {})]);
          store.set(key(n), text);
          ctx.announce(t("merge.savedTo", { n }));
          return true;
        })) ?? false
      );
    },
    async load(n) {
      if (
        state.view?.in_progress &&
        !(await confirm.ask({
          title: t("merge.confirmLoad.title", { n }),
          text: t("merge.confirmLoad.text", { n }),
          yes: t("merge.slotLoad"),
        }))
      )
        return false;
      return (
        (await page.serial(async () => {
          const text = store.get(key(n));
          if (text === null || !(await summary(n))) return false;
          const [, next] = await Promise.all([play.abandon(), engine.call("load", { save: text })]);
          if (!page.keep({ accepted: true, save: text, view: next }) || page.gone()) return false;
          play.show(next);
          ctx.announce(t("merge.loadedFrom", { n }));
          return true;
        })) ?? false
      );
    },
    async exportCode(n) {
      const text = store.get(key(n));
      if (text === null) return null; // an empty slot exports nothing (its button is not offered)
      const code = await page.serial(() => engine.call("export", { save: text }));
      return typeof code === "string" ? code : null; // null: the failure is reported
    },
    async importCode(code, n) {
      // A bad code is the player's to see (the dialog says why), not an error of the page.
      const outcome = await page.serial(async () => {
        try {
          const answer = await engine.call("import_code", { code });
          store.set(key(n), answer.save);
          return true;
        } catch (error) {
          if (/** @type {any} */ (error)?.name === "EngineError") return error;
          throw error;
        }
      });
      if (outcome !== true) throw outcome ?? new Error("the code was not read");
    },
    report: page.report,
  };
}
