// Progress that stays (P8): when the browser is asked to keep the storage, when a player is reminded to
// save a backup, which install offer fits (web/persistplan.js, pure: a clock and a state given), and the
// shell's keeper that acts on them (web/persist.js) with a fake browser: asked after the first finished
// run and remembered, asked again at installation, the install prompt kept and used once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom, mapStorage } from "./fakes.mjs";
import { createStorage } from "../../web/storage.js";
import {
  DAY_MS,
  DEVICE_KEY,
  installOffer,
  isIos,
  readKeep,
  reminderDue,
  shouldAsk,
  storageStatus,
  writeKeep,
} from "../../web/persistplan.js";
import { createKeeping } from "../../web/persist.js";

const NOW = Date.UTC(2026, 11, 6, 12); // a Sunday noon
const ago = (/** @type {number} */ days) => NOW - days * DAY_MS;
const state = (/** @type {object} */ fields = {}) => ({ asked: null, backup: null, reminded: null, ...fields });

// [what, stored text, the state read]
const READ = [
  ["nothing stored", null, state()],
  ["not JSON", "{nope", state()],
  ["another schema", '{"schema": 2, "asked": 5}', state()],
  ["every field", '{"schema": 1, "asked": 11, "backup": 22, "reminded": 33}', state({ asked: 11, backup: 22, reminded: 33 })],
  ["fields of the wrong kind dropped", '{"schema": 1, "asked": "yes", "backup": -4, "reminded": 1.5}', state()],
];

for (const [what, text, read] of READ) {
  test(`readKeep: ${what}`, () => {
    assert.deepEqual(readKeep(text), read);
  });
}

test("writeKeep is read back as written", () => {
  const kept = state({ asked: ago(3), backup: ago(2), reminded: null });
  assert.deepEqual(readKeep(writeKeep(kept)), kept);
});

// [what, state, what the browser says, ask?]
const ASK = [
  ["first finished run, never asked", state(), { supported: true, persisted: false }, true],
  ["asked before: not again by itself", state({ asked: ago(40) }), { supported: true, persisted: false }, false],
  ["asked before, the player or an installation asks", state({ asked: ago(1) }), { supported: true, persisted: false, force: true }, true],
  ["already kept", state(), { supported: true, persisted: true }, false],
  ["already kept, forced", state(), { supported: true, persisted: true, force: true }, false],
  ["no way to ask", state(), { supported: false, persisted: false, force: true }, false],
];

for (const [what, kept, browser, ask] of ASK) {
  test(`shouldAsk: ${what}`, () => {
    assert.equal(shouldAsk(kept, browser), ask);
  });
}

// [what, state, facts, due?]
const REMIND = [
  ["a streak, never backed up, never reminded", state(), { progress: true, persisted: false }, true],
  ["no progress worth keeping", state(), { progress: false, persisted: false }, false],
  ["reminded two days ago", state({ reminded: ago(2) }), { progress: true, persisted: false }, false],
  ["reminded six days 23 hours ago", state({ reminded: ago(7) + 3600_000 }), { progress: true, persisted: false }, false],
  ["reminded a week ago", state({ reminded: ago(7) }), { progress: true, persisted: false }, true],
  ["backed up three days ago", state({ backup: ago(3) }), { progress: true, persisted: false }, false],
  ["backed up eight days ago, reminded nine", state({ backup: ago(8), reminded: ago(9) }), { progress: true, persisted: false }, true],
  ["kept storage: a week is not enough", state({ reminded: ago(8) }), { progress: true, persisted: true }, false],
  ["kept storage: a month is", state({ reminded: ago(30) }), { progress: true, persisted: true }, true],
  ["kept storage, never backed up or reminded", state(), { progress: true, persisted: true }, true],
  [
    "a reminder dated in the future (the clock was set back) counts as long ago",
    state({ reminded: NOW + 9 * DAY_MS }),
    { progress: true, persisted: false },
    true,
  ],
  ["a few hours of clock drift stay a recent reminder", state({ reminded: NOW + 3600_000 }), { progress: true, persisted: false }, false],
];

for (const [what, kept, facts, due] of REMIND) {
  test(`reminderDue: ${what}`, () => {
    assert.equal(reminderDue(kept, NOW, facts), due);
  });
}

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

// [what, navigator, iOS?]
const IOS = [
  ["an iPhone", { userAgent: IPHONE, maxTouchPoints: 5 }, true],
  ["an iPad (it says Macintosh) with touch", { userAgent: IPAD, maxTouchPoints: 5 }, true],
  ["a Mac", { userAgent: IPAD, maxTouchPoints: 0 }, false],
  ["an Android phone", { userAgent: ANDROID, maxTouchPoints: 5 }, false],
];

for (const [what, nav, ios] of IOS) {
  test(`isIos: ${what}`, () => {
    assert.equal(isIos(nav), ios);
  });
}

// [browser, the offer]
const OFFERS = [
  [{ prompt: true, ios: false, standalone: false }, "prompt"],
  [{ prompt: false, ios: true, standalone: false }, "ios"],
  [{ prompt: false, ios: true, standalone: true }, null], // on the home screen already
  [{ prompt: true, ios: false, standalone: true }, null],
  [{ prompt: false, ios: false, standalone: false }, null], // Firefox on a desktop: nothing to offer
];

for (const [browser, offer] of OFFERS) {
  test(`installOffer: ${JSON.stringify(browser)} -> ${offer}`, () => {
    assert.equal(installOffer(browser), offer);
  });
}

// [browser, what Settings says]
const STATUS = [
  [{ saving: true, supported: true, persisted: true }, "kept"],
  [{ saving: true, supported: true, persisted: false }, "clearable"],
  [{ saving: true, supported: false, persisted: false }, "unknown"],
  [{ saving: false, supported: true, persisted: true }, "memory"],
];

for (const [browser, said] of STATUS) {
  test(`storageStatus: ${JSON.stringify(browser)} -> ${said}`, () => {
    assert.equal(storageStatus(browser), said);
  });
}

/**
 * A browser window whose storage manager a test controls: `granted` is what persisted() says and what
 * persist() makes it; `asks` counts persist().
 * @param {{ granted?: boolean, grants?: boolean, userAgent?: string }} [options]
 */
function fakeWindow({ granted = false, grants = false, userAgent = ANDROID } = {}) {
  const manager = {
    granted,
    asks: 0,
    persisted: async () => manager.granted,
    persist: async () => {
      manager.asks += 1;
      manager.granted ||= grants;
      return manager.granted;
    },
  };
  const win = Object.assign(new EventTarget(), {
    navigator: { storage: manager, userAgent, maxTouchPoints: 0 },
    matchMedia: () => ({ matches: false }),
  });
  return { win, manager };
}

/** @param {ReturnType<typeof fakeWindow>["win"]} win @param {() => number} now */
function keeper(win, now = () => NOW) {
  installDom();
  const storage = createStorage({ backend: mapStorage() });
  return { keeping: createKeeping({ storage, now, win: /** @type {any} */ (win) }), storage };
}

test("the first finished run asks once; later runs do not; the player's Ask does", async () => {
  const { win, manager } = fakeWindow();
  const { keeping, storage } = keeper(win);
  assert.equal(manager.asks, 0); // never on load
  await keeping.finishedRun();
  assert.equal(manager.asks, 1);
  assert.equal(readKeep(storage.get(DEVICE_KEY)).asked, NOW);
  await keeping.finishedRun();
  assert.equal(manager.asks, 1); // remembered
  assert.equal(await keeping.status(), "clearable");
  assert.equal(await keeping.ask(), false);
  assert.equal(manager.asks, 2);
});

test("a storage kept already is never asked for", async () => {
  const { win, manager } = fakeWindow({ granted: true });
  const { keeping } = keeper(win);
  await keeping.finishedRun();
  assert.equal(await keeping.ask(), true);
  assert.equal(manager.asks, 0);
  assert.equal(await keeping.status(), "kept");
});

test("an installation asks again, and the kept prompt is offered once", async () => {
  const { win, manager } = fakeWindow(); // the browser keeps saying no
  const { keeping } = keeper(win);
  await keeping.finishedRun();
  assert.equal(keeping.offer(), null);
  const prompt = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    shown: 0,
    prompt: async () => {
      prompt.shown += 1;
    },
    userChoice: Promise.resolve({ outcome: "accepted" }),
  });
  win.dispatchEvent(prompt);
  assert.equal(prompt.defaultPrevented, true); // no browser banner: the arcade offers it
  assert.equal(keeping.offer(), "prompt");
  assert.equal(await keeping.install(), true);
  assert.equal(prompt.shown, 1);
  assert.equal(keeping.offer(), null);
  assert.equal(await keeping.install(), false); // used
  win.dispatchEvent(new Event("appinstalled"));
  await new Promise((done) => setImmediate(done));
  assert.equal(manager.asks, 2); // asked before, asked again at installation
});

test("the reminder counts as shown only when due and worth it; a backup silences it for a week", async () => {
  let now = NOW;
  const { win } = fakeWindow();
  const { keeping } = keeper(win, () => now);
  let asked = 0;
  const progress = (/** @type {boolean} */ some) => async () => {
    asked += 1;
    return some;
  };
  assert.equal(await keeping.remind(progress(false)), false); // nothing worth keeping
  assert.equal(keeping.state().reminded, null);
  assert.equal(await keeping.remind(progress(true)), true);
  assert.equal(keeping.state().reminded, NOW);
  assert.equal(await keeping.remind(progress(true)), false); // not twice in a week
  assert.equal(asked, 2); // the clock said no: progress was not even looked at
  now = NOW + 7 * DAY_MS;
  keeping.backedUp();
  assert.equal(await keeping.remind(progress(true)), false);
  now += 7 * DAY_MS;
  assert.equal(await keeping.remind(progress(true)), true);
});

test("Settings' Back up wish is taken once", () => {
  const { keeping } = keeper(fakeWindow().win);
  assert.equal(keeping.takeBackupWish(), false);
  keeping.wishBackup();
  assert.equal(keeping.takeBackupWish(), true);
  assert.equal(keeping.takeBackupWish(), false);
});
