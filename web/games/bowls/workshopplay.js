// The Puzzle Workshop's way from a draft to a link and from a link to a game
// (W28): the editor screen entered (`#/bowls/workshop`), the proof asked of
// the worker in slices with its progress and a Cancel (`workshop_check`,
// `workshop_progress`), the author's play (`workshop_new`), the code of a
// puzzle its author solved (`workshop_code`) and its link, a friend's link
// opened (`workshop_open`, then played against the author's moves), and the
// lists of puzzles kept. Every answer is the engine's; a refusal is its
// reason said in the player's language.
import { html } from "../../svg.js";
import { challengeLink } from "../../kit/share.js";
import { createEditor, keptDraft, payloadOf, readDraft } from "./draft.js";
import { DRAFT, limitWords } from "./workshop.js";
import { LISTS, bestReply, keepPuzzle, readLists, recordSolved } from "./workshoplists.js";
import { createReplies, reasonWords, shareCard } from "./workshopshare.js";

/**
 * What the workshop's play reads of the bowls page's context, and hands its sharing.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "store" | "announce" | "notice"> & import("./workshopshare.js").RepliesContext} WorkshopContext
 */

/** @typedef {import("./hud.js").Words} Words */
/** @typedef {import("./workshoplists.js").KeptPuzzle} KeptPuzzle */

/** How often the proof's progress is asked while it runs (ms). */
const PROGRESS_EVERY = 200;

/** The proof's answer in words: par, unique or not, difficulty. @param {Words} words @param {Bowls.WorkshopCheck} answer */
export function verdictWords({ t, number }, answer) {
  const d = answer.difficulty;
  const parts = [
    t("bowls.workshop.par", { count: answer.par ?? 0 }),
    t(answer.unique ? "bowls.workshop.unique" : "bowls.workshop.several"),
  ];
  if (d)
    parts.push(
      t("bowls.workshop.difficulty", {
        stars: "★".repeat(d.stars) + "☆".repeat(Math.max(0, 5 - d.stars)),
        positions: t("bowls.workshop.positions", { count: d.states, shown: number(d.states) }),
        deadEnds: t("bowls.workshop.deadEnds", { count: d.dead_ends, shown: number(d.dead_ends) }),
      }),
    );
  return parts.join(" · ");
}

/**
 * "My puzzles" and "From friends", each puzzle with its facts, Play and Edit a copy; its title is plain text.
 * @param {HTMLElement} node @param {Words["t"]} t @param {import("./workshoplists.js").Lists} kept
 * @param {{play: (entry: KeptPuzzle) => void, edit: (copy: import("./draft.js").Draft) => void}} on
 */
function drawLists(node, t, kept, on) {
  node.replaceChildren();
  for (const which of /** @type {const} */ (["mine", "friends"])) {
    const section = html("section", { class: `bww-list bww-list-${which}` }, node);
    html("h2", {}, section, t(`bowls.workshop.list.${which}`));
    if (!kept[which].length) html("p", { class: "bww-none" }, section, t(`bowls.workshop.list.${which}None`));
    const list = html("ul", {}, section);
    for (const entry of kept[which]) {
      const item = html("li", { class: "bww-item" }, list);
      html("p", { class: "bww-item-title" }, item, entry.title || t("bowls.workshop.untitled"));
      const facts = [t("bowls.puzzle.moves", { count: entry.limit })];
      if (entry.par !== null) facts.push(t("bowls.workshop.par", { count: entry.par }));
      facts.push(entry.best === null ? t("bowls.workshop.notSolved") : t("bowls.workshop.best", { count: entry.best }));
      html("p", { class: "bww-item-facts" }, item, facts.join(" · "));
      const best = bestReply(entry);
      if (best !== null) {
        const said =
          entry.replies.length === 1
            ? t("bowls.workshop.reply", { count: best })
            : t("bowls.workshop.replies", { count: entry.replies.length, best });
        html("p", { class: "bww-item-replies" }, item, said);
      }
      const buttons = html("div", { class: "bww-item-buttons" }, item);
      html("button", { class: "btn bww-item-play", type: "button" }, buttons, t("bowls.workshop.playKept")).addEventListener("click", () =>
        on.play(entry),
      );
      html("button", { class: "btn bww-item-edit", type: "button" }, buttons, t("bowls.workshop.editCopy")).addEventListener(
        "click",
        () => {
          const copy = readDraft({ position: entry.position, goal: entry.goal, limit: entry.limit, title: entry.title });
          if (copy) on.edit(copy);
        },
      );
    }
  }
}

/**
 * The proof of the draft in the editor (W28): asked of the worker in slices (`workshop_check`, a query), its
 * progress asked between them (`workshop_progress`), Cancel, and the answer said: par, unique, difficulty, or
 * the refusal's reason (a spent budget says what was spent and what to do).
 * @param {{ctx: WorkshopContext, page: import("../../kit/page.js").Page<Bowls.Calls>, words: Words,
 *   editor: ReturnType<typeof import("./workshop.js").createEditorScreen>, play: () => void}} deps
 */
function createProof({ ctx, page, words, editor, play }) {
  const { t } = words;
  const { engine } = ctx;
  /** @type {Bowls.WorkshopCheck | null} the proof of the draft in the editor (null: not proven since its last edit) */
  let verdict = null;
  let proving = false;
  /** @type {number} */
  let timer = 0;

  const { actions } = editor;
  const status = html("p", { class: "bww-status", role: "status" }, actions);
  const bar = /** @type {HTMLProgressElement} */ (html("progress", { class: "bww-progress", max: 1, value: 0, hidden: true }, actions));
  const row = html("div", { class: "bww-buttons" }, actions);
  const proveButton = /** @type {HTMLButtonElement} */ (
    html("button", { class: "btn primary bww-prove", type: "button" }, row, t("bowls.workshop.prove"))
  );
  const cancelButton = /** @type {HTMLButtonElement} */ (
    html("button", { class: "btn bww-cancel", type: "button", hidden: true }, row, t("bowls.workshop.cancel"))
  );
  const playButton = /** @type {HTMLButtonElement} */ (
    html("button", { class: "btn primary bww-play", type: "button", hidden: true }, row, t("bowls.workshop.play"))
  );
  proveButton.addEventListener("click", () => prove());
  cancelButton.addEventListener("click", () => cancel());
  playButton.addEventListener("click", () => play());

  function drawActions() {
    proveButton.hidden = proving;
    cancelButton.hidden = !proving;
    bar.hidden = !proving;
    playButton.hidden = proving || !verdict?.accepted;
    proveButton.classList.toggle("primary", !verdict?.accepted);
  }

  /** The editor's draft changed: its proof no longer holds (one running is stopped). */
  function changed() {
    verdict = null;
    if (proving) cancel();
    else if (status.textContent) status.textContent = "";
    drawActions();
  }

  async function progress() {
    if (!proving) return;
    const p = /** @type {Bowls.WorkshopProgress} */ (await engine.call("workshop_progress", {}));
    if (!proving || !p.running) return;
    bar.max = p.budget;
    bar.value = p.work;
    status.textContent = t("bowls.workshop.proving", { percent: Math.floor((100 * p.work) / Math.max(1, p.budget)) });
  }

  async function prove() {
    if (proving) return;
    proving = true;
    verdict = null;
    status.textContent = t("bowls.workshop.proving", { percent: 0 });
    bar.value = 0;
    drawActions();
    timer = window.setInterval(() => progress().catch(page.report), PROGRESS_EVERY);
    /** @type {Bowls.WorkshopCheck | null} */
    let answer = null;
    try {
      answer = await engine.query("workshop_check", payloadOf(editor.draft()));
    } catch (error) {
      if (/** @type {any} */ (error)?.field !== "cancelled") page.report(error);
    }
    clearInterval(timer);
    if (!proving || page.gone()) return; // cancelled: said by cancel()
    proving = false;
    verdict = answer;
    if (answer) say(answer.accepted ? `${t("bowls.workshop.proven")} ${verdictWords(words, answer)}` : refusal(answer));
    drawActions();
    if (answer?.accepted) playButton.focus({ preventScroll: true });
  }

  /** A refused proof: its reason, and for a spent budget what was spent and what to do. @param {Bowls.WorkshopCheck} answer */
  function refusal(answer) {
    const limits = answer.limits.map(({ reason, bowl }) => limitWords(t, reason, bowl));
    const said = reasonWords(t, answer.reason, { budget: words.number(answer.budget), limit: editor.draft().limit });
    return limits.length ? `${said} ${limits.join(" · ")}` : said;
  }

  /** @param {string} text */
  function say(text) {
    status.textContent = text;
    ctx.announce(text);
  }

  function cancel() {
    if (!proving) return;
    proving = false;
    clearInterval(timer);
    engine.cancel().catch(page.report);
    say(t("bowls.workshop.cancelled"));
    drawActions();
  }

  return {
    changed,
    proven: () => Boolean(verdict?.accepted),
    reset() {
      verdict = null;
      status.textContent = "";
      drawActions();
    },
    destroy() {
      clearInterval(timer);
      if (proving) engine.cancel().catch(() => {}); // the page is leaving: nothing to say
      proving = false;
    },
  };
}

/**
 * @typedef {object} WorkshopDeps
 * @property {WorkshopContext} ctx
 * @property {import("../../kit/page.js").Page<Bowls.Calls>} page
 * @property {import("./state.js").State} state
 * @property {Words} words
 * @property {ReturnType<typeof import("./workshop.js").createEditorScreen>} editor
 * @property {HTMLElement} root the page (its dialogs go there)
 * @property {HTMLElement} listsNode where "My puzzles" and "From friends" are drawn
 * @property {(payload: Record<string, any>) => Promise<void>} begin a workshop attempt, now (inside the page's serial)
 * @property {() => Promise<void>} modes the mode screen, now
 */

/** @param {WorkshopDeps} deps */
export function createWorkshopPlay({ ctx, page, state, words, editor, root, listsNode, begin, modes }) {
  const { t } = words;
  const { engine, store } = ctx;
  const proof = createProof({ ctx, page, words, editor, play: () => playIt() });

  const lists = () => readLists(store.get(LISTS));
  /** @param {import("./workshoplists.js").Lists} next */
  const keepLists = (next) => store.set(LISTS, JSON.stringify(next));
  const replies = createReplies({ ctx, page, t, root, lists, keepLists, enter: () => enter(), modes });

  // The author plays the proven draft as a W18 attempt; the address becomes the game's, so a reload resumes it.
  function playIt() {
    if (!proof.proven()) return;
    const payload = payloadOf(editor.draft());
    page.serial(async () => {
      await begin(payload);
      history.replaceState(history.state, "", "#/bowls");
    });
  }

  /** The editor screen (`#/bowls/workshop`), on the kept draft or a copy of a puzzle. @param {import("./draft.js").Draft} [copy] */
  async function enter(copy) {
    const capacity = state.view?.capacity ?? (await engine.call("view", {})).capacity;
    if (page.gone()) return;
    editor.open(createEditor(copy ?? keptDraft(store.get(DRAFT))), capacity);
    proof.reset();
    drawLists(listsNode, t, lists(), {
      play: (entry) => page.serial(() => openCode(entry.code)),
      edit: (copy) => page.serial(() => enter(copy)),
    });
    state.screen = "workshop";
    page.paintNow();
    editor.focus();
  }

  /**
   * A friend's link (`#/bowls?puzzle=<code>`): checked entirely and proven again here, kept in "From friends",
   * then played against the author's moves. A refused code is one notice; the mode screen shows.
   * @param {string} code
   */
  async function openCode(code) {
    ctx.announce(t("bowls.workshop.opening"));
    /** @type {Bowls.WorkshopOpen | null} */
    let answer = null;
    try {
      answer = await engine.query("workshop_open", { code });
    } catch (error) {
      if (/** @type {any} */ (error)?.field !== "cancelled") throw error;
    }
    if (page.gone() || !answer) return;
    history.replaceState(history.state, "", "#/bowls"); // a reload resumes what follows, never the link again
    if (!answer.accepted || !answer.puzzle) {
      ctx.notice(t("bowls.workshop.badLink", { why: reasonWords(t, answer.reason, { budget: words.number(answer.budget), limit: 12 }) }));
      await modes();
      return;
    }
    const p = answer.puzzle;
    keepLists(
      keepPuzzle(lists(), "friends", {
        code: p.code,
        title: p.title,
        position: p.position,
        goal: p.goal_text,
        limit: p.limit,
        par: answer.par,
        moves: p.moves,
        best: null,
        replies: [],
      }),
    );
    await begin({ code: p.code });
  }

  /**
   * The link of a puzzle its author just solved (`workshop_code`), kept in "My puzzles" and offered to share.
   * @param {Bowls.View} view the solved attempt
   */
  async function share(view) {
    const w = view.workshop;
    if (!w?.solved) return;
    ctx.announce(t("bowls.workshop.making"));
    const payload = { position: w.start, goal: w.goal_text, limit: w.limit, title: w.title, moves: w.played };
    /** @type {Bowls.WorkshopCode | null} */
    let answer = null;
    try {
      answer = await engine.query("workshop_code", payload);
    } catch (error) {
      if (/** @type {any} */ (error)?.field !== "cancelled") page.report(error);
    }
    if (page.gone() || !answer) return;
    if (!answer.accepted || !answer.code) {
      ctx.notice(reasonWords(t, answer.reason, { budget: words.number(answer.budget), limit: w.limit }));
      return;
    }
    const code = answer.code;
    keepLists(
      keepPuzzle(lists(), "mine", {
        code,
        title: w.title,
        position: w.start,
        goal: w.goal_text,
        limit: w.limit,
        par: answer.par,
        moves: w.played,
        best: view.moves,
        replies: [],
      }),
    );
    shareCard(root, { t, notice: ctx.notice }, challengeLink("bowls", answer.query), {
      heading: t("bowls.workshop.shareTitle"),
      lead: t("bowls.workshop.shareText"),
      text: w.title || t("bowls.workshop.untitled"),
      cls: "bww-share-puzzle",
    });
  }

  /** A solved workshop attempt's moves, the best of its kept puzzle. @param {Bowls.View} view */
  function solved(view) {
    if (view.workshop?.solved) keepLists(recordSolved(lists(), view.workshop, view.moves));
  }

  /** The workshop puzzle on screen played again: one's own from its fields, a friend's from its code (proven again). @param {Bowls.View} view */
  async function again(view) {
    const w = view.workshop;
    if (!w) return;
    const friend =
      w.author !== null ? lists().friends.find((e) => e.position === w.start && e.goal === w.goal_text && e.limit === w.limit) : null;
    if (friend) await openCode(friend.code);
    else await begin({ position: w.start, goal: w.goal_text, limit: w.limit, title: w.title });
  }

  return {
    enter,
    openCode,
    openReply: replies.open,
    share,
    reply: replies.send,
    solved,
    again,
    changed: proof.changed,
    lists,
    destroy: proof.destroy,
  };
}
