// The seam to Python: one kept proxy to club.bridge.Bridge.call, JSON both ways.
export class EngineError extends Error {
  constructor(field, message) {
    super(message);
    this.name = "EngineError";
    this.field = field;
  }
}

export function createEngine(callProxy, game) {
  return {
    game,
    call(method, payload = {}) {
      const answer = JSON.parse(callProxy(game, method, JSON.stringify(payload)));
      if (!answer.ok) throw new EngineError(answer.error.field, answer.error.message);
      return answer.result;
    },
  };
}
