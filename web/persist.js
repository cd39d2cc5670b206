// Progress that stays (P8): the shell's one keeper of what protects a player's storage. It asks the
// browser to keep it (navigator.storage.persist) after the first finished run or at installation, never
// on load or in play, and remembers that it asked; it keeps the browser's install prompt
// (beforeinstallprompt) for Settings and the reminder; it remembers the last backup saved and the last
// reminder shown. The decisions are web/persistplan.js's (pure, tested with an injected clock).
import { DEVICE_KEY, installOffer, isIos, readKeep, reminderDue, shouldAsk, storageStatus, writeKeep } from "./persistplan.js";

/** @typedef {import("./persistplan.js").KeepState} KeepState */

/**
 * The browser's install prompt, kept from its `beforeinstallprompt` event (Chromium's; not in the DOM's types).
 * @typedef {Event & { prompt: () => Promise<unknown>, userChoice: Promise<{ outcome: string }> }} InstallPrompt
 */

/**
 * @typedef {object} Keeping
 * @property {() => Promise<void>} finishedRun a run was banked: the first time, ask the browser to keep the storage
 * @property {() => Promise<boolean>} ask the player asked (Settings): true when the storage is kept now
 * @property {() => Promise<"kept" | "clearable" | "unknown" | "memory">} status what Settings says: kept, clearable,
 *   unknown (no way to ask), memory (nothing is saved on the device)
 * @property {() => KeepState} state what the device remembers
 * @property {() => void} backedUp a backup file was saved now
 * @property {(progress: () => Promise<boolean>) => Promise<boolean>} remind a reminder is due now (then it counts as
 *   shown); `progress` (is there progress worth keeping?) is asked only when the clock says it may be
 * @property {() => "prompt" | "ios" | null} offer the install offer that fits this browser
 * @property {() => Promise<boolean>} install the browser's install prompt: true when the player accepted
 * @property {() => void} wishBackup Settings' Back up sends the player to home's button
 * @property {() => boolean} takeBackupWish home: the player came for the Back up button (once)
 */

/**
 * @param {object} deps
 * @param {import("./storage.js").ClubStorage} deps.storage
 * @param {AbortSignal} [deps.signal] ends the listeners (the app's restart in place)
 * @param {() => number} [deps.now] the clock (epoch ms)
 * @param {Window & typeof globalThis} [deps.win]
 * @returns {Keeping}
 */
export function createKeeping({ storage, signal, now = () => Date.now(), win = window }) {
  const nav = win.navigator;
  /** @type {InstallPrompt | null} */
  let prompt = null;
  let wish = false;

  const state = () => readKeep(storage.get(DEVICE_KEY));
  /** @param {Partial<KeepState>} change */
  const update = (change) => {
    storage.set(DEVICE_KEY, writeKeep({ ...state(), ...change }));
  };
  const supported = () => typeof nav.storage?.persist === "function";
  /** @returns {Promise<boolean>} */
  const persisted = async () => {
    try {
      return Boolean(await nav.storage?.persisted?.());
    } catch {
      return false;
    }
  };
  /** @param {boolean} force asked by the player or at installation, whatever was asked before */
  const askIf = async (force) => {
    if (!shouldAsk(state(), { supported: supported(), persisted: await persisted(), force })) return;
    update({ asked: now() }); // remembered before the answer: a browser that prompts may never answer
    try {
      await nav.storage?.persist();
    } catch {
      /* refused: Settings says so and offers the backup */
    }
  };
  const standalone = () => win.matchMedia?.("(display-mode: standalone)").matches || /** @type {any} */ (nav).standalone === true;

  win.addEventListener(
    "beforeinstallprompt",
    (event) => {
      event.preventDefault(); // offered in Settings and with the reminder, not as the browser's banner
      prompt = /** @type {InstallPrompt} */ (event);
    },
    { signal },
  );
  win.addEventListener(
    "appinstalled",
    () => {
      prompt = null;
      askIf(true); // an installed app's storage is kept more readily (Chromium grants it; Safari exempts it)
    },
    { signal },
  );

  return {
    finishedRun: () => askIf(false),
    async ask() {
      await askIf(true);
      return persisted();
    },
    async status() {
      return storageStatus({ saving: storage.persistent, supported: supported(), persisted: await persisted() });
    },
    state,
    backedUp: () => update({ backup: now() }),
    async remind(progress) {
      const kept = await persisted();
      if (!reminderDue(state(), now(), { progress: true, persisted: kept })) return false;
      if (!(await progress())) return false;
      update({ reminded: now() });
      return true;
    },
    offer: () => installOffer({ prompt: prompt !== null, ios: isIos(nav), standalone: standalone() }),
    async install() {
      const shown = prompt;
      if (!shown) return false;
      prompt = null; // a prompt shows once
      try {
        await shown.prompt();
        return (await shown.userChoice).outcome === "accepted";
      } catch {
        return false; // the browser would not show it: the backup still protects the progress
      }
    },
    wishBackup() {
      wish = true;
    },
    takeBackupWish() {
      const had = wish;
      wish = false;
      return had;
    },
  };
}
