// The Puzzle Workshop's links out of an end card (W28): the share card (a
// puzzle's link, or a friend's result, selected, with Copy and Share), and a
// friend's result on a shared puzzle: sent back to its author as a link
// (`#/bowls?puzzle=<code>&solved=<moves>`) and opened by the author's page,
// where it is kept on the puzzle in the lists. Both ask `workshop_reply`: the
// engine reads the code entirely and replays the moves, so a result link
// cannot claim a result nobody played.
import { html } from "../../svg.js";
import { openDialog } from "../../kit/dialog.js";
import { challengeLink, copyText, shareOrCopy } from "../../kit/share.js";
import { friendCode, keepReply } from "./workshoplists.js";

/**
 * What the workshop's sharing reads of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "notice" | "announce">} RepliesContext
 */

/** @typedef {import("./hud.js").Words} Words */

/**
 * A refusal in words (W28's reasons), never a raw key.
 * @param {Words["t"]} t @param {string | null | undefined} reason @param {Record<string, any>} [vars]
 */
export function reasonWords(t, reason, vars = {}) {
  const key = `bowls.workshop.reason.${reason ?? "refused"}`;
  const said = t(key, vars);
  return said === key ? t("bowls.workshop.reason.refused") : said;
}

/**
 * The link shown, selected, with Copy and Share: a puzzle's (its author's share card) or a friend's result
 * sent back to the author (`heading`, `lead`: what the card says; `text`: what Share sends before the link).
 * @param {HTMLElement} root @param {{t: Words["t"], notice: import("../../notices.js").Notice}} say
 * @param {string} link @param {{heading: string, lead: string, text: string, cls: string}} card plain text
 */
export function shareCard(root, { t, notice }, link, card) {
  const attrs = { class: "bww-link", type: "text", readonly: true, value: link, "aria-label": t("bowls.workshop.link") };
  const field = /** @type {HTMLInputElement} */ (html("input", attrs));
  const deps = () => ({ t, notice, host: root });
  const text = `${card.text} — ${link}`;
  openDialog(root, {
    title: card.heading,
    lines: [html("p", {}, null, card.lead), field],
    buttons: [
      {
        label: t("bowls.workshop.copyLink"),
        primary: true,
        cls: "bww-copy",
        action: () => copyText(link, deps(), "shell.club.copiedLink"),
      },
      { label: t("bowls.workshop.shareIt"), cls: "bww-share", action: () => shareOrCopy(text, deps()) },
      { label: t("bowls.close") },
    ],
    cls: `bw-overlay bww-share-card ${card.cls}`,
  });
  field.select();
}

/**
 * A friend's result, sent and opened.
 * @param {{ctx: RepliesContext, page: import("../../kit/page.js").Page<Bowls.Calls>, t: Words["t"],
 *   root: HTMLElement, lists: () => import("./workshoplists.js").Lists,
 *   keepLists: (next: import("./workshoplists.js").Lists) => void, enter: () => Promise<void>,
 *   modes: () => Promise<void>}} deps
 */
export function createReplies({ ctx, page, t, root, lists, keepLists, enter, modes }) {
  const { engine } = ctx;

  /**
   * A friend's puzzle solved: the link back to its author with this result (`workshop_reply`: the code and the
   * moves checked again), shown with Copy and Share. @param {Bowls.View} view
   */
  async function send(view) {
    const w = view.workshop;
    const code = friendCode(lists(), w);
    if (!w?.solved || !code) return;
    const answer = /** @type {Bowls.WorkshopReply} */ (await engine.call("workshop_reply", { code, moves: w.played }));
    if (page.gone()) return;
    if (!answer.accepted || !answer.query) {
      ctx.notice(reasonWords(t, answer.reason, { budget: 0, limit: w.limit }));
      return;
    }
    shareCard(root, { t, notice: ctx.notice }, challengeLink("bowls", answer.query), {
      heading: t("bowls.workshop.replyTitle"),
      lead: t("bowls.workshop.replyLead"),
      text: t("bowls.workshop.replyText", { count: answer.moves ?? 0, title: w.title || t("bowls.workshop.untitled") }),
      cls: "bww-share-reply",
    });
  }

  /**
   * A friend's result sent back (`#/bowls?puzzle=<code>&solved=<moves>`): checked by the engine (the code
   * entirely, the moves replayed to a solve), kept on the puzzle in the lists, said, and the workshop shown
   * with them. A refused one is one notice; the modes screen shows.
   * @param {string} code @param {string} solved
   */
  async function open(code, solved) {
    const answer = /** @type {Bowls.WorkshopReply} */ (await engine.call("workshop_reply", { code, solved }));
    if (page.gone()) return;
    if (!answer.accepted || !answer.puzzle || !answer.solved) {
      history.replaceState(history.state, "", "#/bowls");
      ctx.notice(t("bowls.workshop.badReply", { why: reasonWords(t, answer.reason, { budget: 0, limit: 12 }) }));
      await modes();
      return;
    }
    const p = answer.puzzle;
    keepLists(keepReply(lists(), p, answer.solved, null)); // a puzzle not kept yet: its par unknown here
    history.replaceState(history.state, "", "#/bowls/workshop"); // a reload shows the lists, never the link again
    await enter();
    const said = t("bowls.workshop.replied", { count: answer.moves ?? 0, title: p.title || t("bowls.workshop.untitled") });
    ctx.notice(said, "done");
    ctx.announce(said);
  }

  return { send, open };
}
