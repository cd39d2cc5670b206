// Merge and chain animations (M8): replays the engine's events on the board.
// Each step's groups slide into their target and the doubled stone pops out
// there; with reduced motion everything is a short fade. Only event data is
// used (cells, target, result): no rule is re-derived here.
export function createPlayer(board, { t, number }) {
  let timers = [];
  let finish = null;

  function stop() {
    timers.forEach(clearTimeout);
    timers = [];
    const done = finish;
    finish = null;
    done?.();
  }

  function at(ms, fn) { timers.push(setTimeout(fn, ms)); }

  function stepsOf(events) {
    const steps = [];
    for (const e of events) if (e.type === "merged") (steps[e.step - 1] ||= []).push(e);
    return steps;
  }

  function slide(groups, reduced) {
    for (const g of groups) {
      const goal = board.point(g.target);
      for (const name of g.cells) {
        const stone = board.stoneAt(name);
        if (!stone) continue;
        const from = board.point(name);
        stone.style.transformOrigin = `${from.x}px ${from.y}px`;
        stone.classList.add("hm-merging");
        if (!reduced) stone.style.transform = `translate(${goal.x - from.x}px, ${goal.y - from.y}px) scale(0.7)`;
      }
      const text = `+${number(g.points)}${g.joker ? " ×2" : ""}`;
      board.fxText(g.target, text, `hm-fx-points${g.joker ? " hm-fx-joker" : ""}`, reduced ? 700 : 1100);
    }
  }

  // before: board values before the move; final: the view's board after it.
  function play(events, before, final, reduced) {
    stop();
    const values = before.slice();
    const set = events.find((e) => e.type === "set");
    if (!set) { board.setBoard(final); return; }
    set.cells.forEach((name, k) => { values[board.index(name)] = set.values[k]; });
    finish = () => board.setBoard(final);
    board.setBoard(values, set.cells);
    const pace = reduced ? 120 : 280;
    let clock = reduced ? 60 : 160;
    stepsOf(events).forEach((groups, s) => {
      at(clock, () => {
        slide(groups, reduced);
        if (s > 0) board.fxText(groups[0].target, t("merge.chainFx", { n: s + 1 }), "hm-fx-chain", reduced ? 600 : 1000, 1.35);
      });
      clock += pace;
      at(clock, () => {
        for (const g of groups) for (const name of g.cells) values[board.index(name)] = 0;
        for (const g of groups) values[board.index(g.target)] = g.result;
        board.setBoard(values, groups.map((g) => g.target));
      });
      clock += pace;
    });
    at(clock, () => { finish = null; timers = []; board.setBoard(final); });
    return clock;
  }

  return { play, stop };
}
