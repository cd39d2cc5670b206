// Merge and chain animations (M8): replays the engine's events on the board.
// Each step's groups slide into their target and the doubled stone pops out
// there; with reduced motion everything is a short fade. Only event data is
// used (cells, target, result): no rule is re-derived here. Each step is told
// to `onStep` as it shows (its sound, points and burst: cues.js).
/**
 * @param {import("./board.js").MergeBoard} board
 * @param {{onStep: (groups: Merge.MergedEvent[], step: number) => void}} options
 */
export function createPlayer(board, { onStep }) {
  /** @type {Array<ReturnType<typeof setTimeout>>} */
  let timers = [];
  /** @type {(() => void) | null} */
  let finish = null;

  function stop() {
    timers.forEach(clearTimeout);
    timers = [];
    const done = finish;
    finish = null;
    done?.();
  }

  /** @param {number} ms @param {() => void} fn */
  function at(ms, fn) {
    timers.push(setTimeout(fn, ms));
  }

  /** The merged events by chain step. @param {Merge.Event[]} events @returns {Merge.MergedEvent[][]} */
  function stepsOf(events) {
    /** @type {Merge.MergedEvent[][]} */
    const steps = [];
    for (const e of events) if (e.type === "merged") (steps[e.step - 1] ||= []).push(e);
    return steps;
  }

  /** @param {Merge.MergedEvent[]} groups one step's merged events @param {boolean} reduced */
  function slide(groups, reduced) {
    for (const g of groups) {
      const goal = board.hex.point(g.target);
      for (const name of g.cells) {
        const stone = board.stoneAt(name);
        if (!stone) continue;
        const from = board.hex.point(name);
        stone.style.transformOrigin = `${from.x}px ${from.y}px`;
        stone.classList.add("hm-merging");
        if (!reduced) stone.style.transform = `translate(${goal.x - from.x}px, ${goal.y - from.y}px) scale(0.7)`;
      }
    }
  }

  /**
   * The move's events replayed; how long it takes (ms).
   * @param {Merge.Event[]} events @param {number[]} before the board before the move
   * @param {number[]} final the view's board after it @param {boolean} reduced
   * @returns {number}
   */
  function play(events, before, final, reduced) {
    stop();
    const values = before.slice();
    const set = events.find((e) => e.type === "set");
    if (!set) {
      board.setBoard(final);
      return 0;
    }
    set.cells.forEach((name, k) => {
      values[Number(board.hex.index(name))] = set.values[k];
    });
    finish = () => board.setBoard(final);
    board.setBoard(values, set.cells);
    const pace = reduced ? 120 : 280;
    let clock = reduced ? 60 : 160;
    stepsOf(events).forEach((groups, s) => {
      at(clock, () => {
        slide(groups, reduced);
        onStep(groups, s + 1);
      });
      clock += pace;
      at(clock, () => {
        for (const g of groups) for (const name of g.cells) values[Number(board.hex.index(name))] = 0;
        for (const g of groups) values[Number(board.hex.index(g.target))] = g.result;
        board.setBoard(
          values,
          groups.map((g) => g.target),
        );
      });
      clock += pace;
    });
    at(clock, () => {
      finish = null;
      timers = [];
      board.setBoard(final);
    });
    return clock;
  }

  return { play, stop };
}
