// What the bowls page says in words, from the engine's view and answers: the
// forecast line (W23), a move for the screen reader, the end of an attempt,
// a refusal and the ring's popups. Pure: words in, words out.

/** @typedef {import("./hud.js").Words} Words */

/** The sow step's own player phase in words. @param {Words} words @param {Bowls.ForecastLine | null} f */
export function forecastWords({ t, number }, f) {
  if (!f) return null;
  let text;
  if (f.overflow) text = t("bowls.forecast.overflow");
  else if (f.combo === 0) text = t("bowls.forecast.none");
  else text = t("bowls.forecast.line", { count: f.combo, mult: f.multiplier, points: number(f.points) });
  return f.perfect ? `${text} ${t("bowls.forecast.perfect")}` : text;
}

/**
 * Where the chosen bowl's stones land (W6), for the screen reader: bowl numbers as the ring
 * shows them (from 1), "×N" beside one that receives more than one.
 * @param {Words} words @param {{bowl: number, count: number}[]} landing @returns {string | null}
 */
export function landingWords({ t }, landing) {
  if (!landing.length) return null;
  const list = landing.map(({ bowl, count }) => (count > 1 ? `${bowl + 1} (×${count})` : String(bowl + 1))).join(", ");
  return t("bowls.lands", { list });
}

/** The end in words: the move count is the attempt's own (a puzzle's limit, Daily's). @param {Words} words @param {Bowls.View} view */
function overWords({ t, number }, view) {
  const count = view.status === "limit" ? (view.limit ?? view.moves) : view.moves;
  const score = number(view.score);
  const key = `bowls.say.over.${view.status}`;
  const said = t(key, { score, count });
  return said === key ? t("bowls.say.over.ended", { score }) : said;
}

/**
 * The bowls a sowing changed (P11), from the engine's `changed` event, each with what it holds now.
 * @param {Words} words @param {Bowls.Event[]} events @param {Bowls.View} view @returns {string | null}
 */
export function changedWords({ t }, events, view) {
  const changed = /** @type {Bowls.ChangedEvent | undefined} */ (events.find((e) => e.type === "changed"));
  if (!changed?.bowls.length) return null;
  const list = changed.bowls.map((b) => {
    const count = view.bowls[b].stones.length;
    return count ? t("bowls.say.changedBowl", { n: b + 1, count }) : t("bowls.say.changedEmpty", { n: b + 1 });
  });
  return t("bowls.say.changed", { list: list.join(", ") });
}

/**
 * An accepted move for the screen reader (nothing for End: its card says it): the points, the bowls
 * a sow changed, the score.
 * @param {Words} words @param {string} method @param {Bowls.View} view @param {Bowls.Event[]} [events] the move's
 */
export function moveWords(words, method, view, events = []) {
  const { t, number } = words;
  const score = number(view.score);
  if (method === "undo") return t("bowls.say.undone", { score });
  if (method === "end") return null;
  const last = view.last ?? { points: 0, combo: 0, perfect: false, multiplier: 0 };
  const parts = [last.points > 0 ? t("bowls.say.points", { points: number(last.points), mult: last.multiplier }) : t("bowls.say.noMatch")];
  if (last.perfect) parts.push(t("bowls.say.perfect"));
  const changed = changedWords(words, events, view);
  if (changed) parts.push(changed);
  parts.push(t("bowls.say.score", { score }));
  if (view.over) parts.push(overWords(words, view));
  return parts.join(" ");
}

/** A refused action: the engine's reason, never a raw key. @param {Words} words @param {string | null} reason @param {number} [bowl] */
export function refusalWords({ t }, reason, bowl = 0) {
  const key = `bowls.reason.${reason ?? "refused"}`;
  const said = t(key, { n: bowl + 1 });
  return said === key ? t("bowls.reason.refused") : said;
}

/** A points or perfect event on the ring: [text, class]. @param {Words} words @param {Bowls.PointsEvent | Bowls.PerfectEvent} e @returns {[string, string]} */
export function popupWords({ t }, e) {
  if (e.type === "perfect") return [t("bowls.perfect"), "perfect"];
  if (e.phase === "refill") return [`+${e.points}`, "refill"];
  return [e.multiplier > 1 ? `+${e.points} ×${e.multiplier}` : `+${e.points}`, "points"];
}

/** @type {Record<string, string>} */
const TAP_REFUSALS = { empty: "bowls.say.empty", ice: "bowls.say.iced" };

/** A tap on a bowl the engine says cannot be sown (W5). @param {Words} words @param {string} refusal @param {number} bowl */
export function tapWords({ t }, refusal, bowl) {
  return t(TAP_REFUSALS[refusal] ?? "bowls.reason.refused", { n: bowl + 1 });
}
