// The mode registry of the bowls page: Endless and Daily are built in
// (screens.js); Puzzles (puzzles.js) and the theme gallery (themes.js) register
// their own card through install(registerMode). A mode card gets the page API:
//   api.start(payload)        start a new attempt (engine `new` payload) and show it
//   api.resume(mode)          continue that mode's unfinished attempt, if any
//   api.unfinished(mode)      the saved unfinished view of that mode, or null
//   api.profile()             the current profile object
//   api.onAction(fn)          fn(answer) after every accepted action (events + view)
//   api.adopt(view)           show an attempt the mode started through its own engine method
//   api.adopt(fn, mode)       the same, fn() making it after the attempt on screen is parked
//   api.profileText()         the stored profile text; api.setProfile(text) stores a new one
//   mode.setup(root, api)     called once at mount (the puzzle panel; theme, achievements)
//   mode.showOver(root, api, view, outcome)  its own end card instead of the built-in one
//   api.setTheme(name)        sets the class bowls-theme-<name> on the page root
//   api.ctx                   the shell context (t, engine, store, ...)
//   api.root()                the page root (dialogs go there)
//   api.focusBoard()          focus the ring's current bowl (where a closed end card sends focus)
//   api.fit()                 refit the ring to the first screen after a mode's panel changed
//   api.view()                the attempt on screen as drawn (null off the game screen)
//   api.serial(fn)            run async fn after the page's engine operations asked before it
//                             (never await it inside another serial fn)
//   api.ask(method, payload)  a query searched beside the queue (the hint): its answer, or null
//                             when the attempt changed meanwhile (api.moved() cancels it)
//   api.storedTheme()         the theme stored for the first paint, before the engine is ready
//   mode.ready(root, api)     async, once the engine has read the profile (the theme it names)
// The engine runs in a worker (issue 13): engine calls answer Promises; renderCard may be async.
export const MODES = [];

export function registerMode(mode) {
  const i = MODES.findIndex((m) => m.id === mode.id);
  if (i >= 0) MODES.splice(i, 1);
  MODES.push(mode);
  MODES.sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}
