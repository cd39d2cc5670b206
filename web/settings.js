// The settings dialog, opened by the header's button: sound and
// its volume, vibration, motion (P11), whether this browser keeps the progress
// and what protects it (P8: web/persist.js), Domino Drop's held keys (D8), soft
// drop speed (D6's by default; web/games/domino/softdrop.js) and assist pace (P11). Every
// change is applied and saved at once.
import { html } from "./svg.js";
import { createDialog } from "./kit/dialog.js";
import { KEY_TIMING, SOFT_DROP } from "./storage.js";
import { offerInstall } from "./reminder.js";

/**
 * @param {HTMLElement | null} button the header's settings button
 * @param {object} options
 * @param {import("./storage.js").Settings} options.settings
 * @param {() => void} options.saveSettings
 * @param {(key: string, vars?: object) => string} options.t
 * @param {import("./kit/feel.js").Feel} options.feel
 * @param {() => boolean} options.reducedMotion
 * @param {import("./persist.js").Keeping} options.keeping
 * @param {() => string} options.lang the page's language now (the last backup's date)
 * @param {AbortSignal} [options.signal] removes the button's listener and the dialog (the app's restart in place)
 * @returns {{ open(): void, close(): void }}
 */
export function mountSettings(button, { settings, saveSettings, t, feel, reducedMotion, keeping, lang, signal }) {
  /** @type {import("./kit/dialog.js").Dialog | null} */
  let dialog = null;

  /** One labelled row: the text, then the control. @param {HTMLElement} parent @param {string} key */
  const row = (parent, key) => {
    const label = html("label", { class: "setting" }, parent);
    html("span", { class: "setting-name" }, label, t(key));
    return label;
  };
  /** @param {HTMLElement} parent @param {string} id @param {boolean} checked */
  const toggle = (parent, id, checked) => html("input", { type: "checkbox", role: "switch", id, class: "switch", checked }, parent);

  // Made at each opening, so it speaks the language chosen meanwhile.
  function build() {
    dialog?.node.remove();
    const body = html("div", { class: "settings-list" });
    const sound = toggle(row(body, "shell.settings.sound"), "sound-switch", settings.sound);
    const volume = html(
      "input",
      {
        type: "range",
        id: "volume-slider",
        min: 0,
        max: 100,
        step: 5,
        value: Math.round(settings.volume * 100),
      },
      row(body, "shell.settings.volume"),
    );
    const vibrateRow = row(body, "shell.settings.vibrate");
    const vibrate = toggle(vibrateRow, "vibrate-switch", settings.vibrate);
    const note = html("p", { class: "setting-note", id: "vibrate-note" }, body);
    const motionRow = row(body, "shell.motion");
    const motion = html("select", { id: "motion-select" }, motionRow);
    for (const value of ["system", "reduce", "full"]) {
      html("option", { value, selected: settings.motion === value }, motion, t(`shell.motion.${value}`));
    }

    const save = () => {
      saveSettings();
      feel.refresh();
      sync();
    };
    keepRows(body, { keeping, t, lang: lang(), close: () => dialog?.close() });
    keyRows(body, { settings, row, t, save });

    const sync = () => {
      volume.disabled = !settings.sound;
      volume.setAttribute("aria-valuetext", `${volume.value}%`);
      const noVibrate = !feel.canVibrate();
      vibrate.disabled = noVibrate;
      const why = noVibrate ? "shell.settings.noVibrate" : reducedMotion() && settings.vibrate ? "shell.settings.vibrateMotion" : "";
      note.textContent = why ? t(why) : "";
      note.hidden = !why;
      if (why) vibrate.setAttribute("aria-describedby", note.id);
      else vibrate.removeAttribute("aria-describedby");
    };
    sound.addEventListener("change", () => {
      settings.sound = sound.checked;
      save();
    });
    let lastSample = 0;
    volume.addEventListener("input", () => {
      settings.volume = Number(volume.value) / 100;
      feel.refresh();
      sync();
      const now = performance.now();
      if (now - lastSample > 150) {
        lastSample = now;
        feel.sample();
      }
    });
    volume.addEventListener("change", saveSettings);
    vibrate.addEventListener("change", () => {
      settings.vibrate = vibrate.checked;
      save();
    });
    motion.addEventListener("change", () => {
      settings.motion = motion.value;
      document.documentElement.dataset.motion = motion.value;
      save();
    });
    sync();
    dialog = createDialog(document.body, {
      title: t("shell.settings"),
      cls: "settings-dialog",
      lines: [body],
      closeLabel: t("shell.settings.close"),
      focus: "#sound-switch",
    });
    return dialog;
  }

  button?.addEventListener(
    "click",
    () => {
      build().open();
    },
    { signal },
  );
  signal?.addEventListener("abort", () => dialog?.node.remove()); // the app's restart in place
  return {
    open() {
      build().open();
    },
    close() {
      dialog?.close();
    },
  };
}

/**
 * P8: does this browser keep the progress (navigator.storage.persisted), in a player's words, and what
 * protects it: asking again, installing the arcade (its prompt, or iOS's Add to Home Screen) and a backup
 * file (home's Back up; the last one's date).
 * @param {HTMLElement} body
 * @param {{ keeping: import("./persist.js").Keeping, t: (key: string, vars?: object) => string, lang: string,
 *   close: () => void }} parts
 */
function keepRows(body, { keeping, t, lang, close }) {
  html("h3", { class: "setting-group" }, body, t("shell.keep.title"));
  const status = html("p", { class: "keep-status", role: "status" }, body, "…");
  const actions = html("div", { class: "keep-actions" }, body);
  const ask = html("button", { type: "button", class: "btn keep-ask", hidden: true }, actions, t("shell.keep.ask"));
  const notes = html("div", { class: "keep-notes" }, body);
  offerInstall(actions, notes, keeping, t);
  const { backup } = keeping.state();
  const last = backup === null ? t("shell.keep.noBackup") : t("shell.keep.lastBackup", { date: dateText(backup, lang) });
  html("p", { class: "keep-last" }, notes, last);
  const save = html("button", { type: "button", class: "btn keep-backup" }, actions, t("shell.backup.save"));
  const show = async () => {
    const said = await keeping.status();
    status.dataset.status = said;
    status.textContent = t(`shell.keep.${said}`);
    ask.hidden = said !== "clearable";
  };
  show();
  ask.addEventListener("click", async () => {
    ask.disabled = true;
    const kept = await keeping.ask();
    ask.disabled = false;
    await show();
    if (!kept) status.textContent = `${status.textContent} ${t("shell.keep.refused")}`;
  });
  save.addEventListener("click", () => {
    close();
    const here = /** @type {HTMLElement | null} */ (document.querySelector(".view-home .backup-save"));
    if (here) {
      here.scrollIntoView({ block: "center" });
      here.focus({ preventScroll: true });
      return;
    }
    keeping.wishBackup(); // home takes it: its Back up button, focused
    location.hash = "#/";
  });
}

/** @param {number} time epoch ms @param {string} lang @returns {string} */
function dateText(time, lang) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(time);
}

/**
 * Domino Drop's held keys (D8): the delay before a held left/right repeats and the
 * time between repeats, in ms (tetr.io calls them DAS and ARR); then the soft drop's speed (SDF).
 * @param {HTMLElement} body
 * @param {{ settings: import("./storage.js").Settings, row: (parent: HTMLElement, key: string) => HTMLElement,
 *   t: (key: string, vars?: object) => string, save: () => void }} parts
 */
function keyRows(body, { settings, row, t, save }) {
  html("h3", { class: "setting-group" }, body, t("shell.settings.keys"));
  for (const [name, id, field] of /** @type {const} */ ([
    ["delay", "key-delay", "keyDelay"],
    ["repeat", "key-repeat", "keyRepeat"],
  ])) {
    const { min, max, step } = KEY_TIMING[name];
    const label = row(body, `shell.settings.${field}`);
    label.classList.add("setting-stacked"); // a long name on its own line, the slider and its value below
    const slider = /** @type {HTMLInputElement} */ (html("input", { type: "range", id, min, max, step, value: settings[field] }, label));
    const shown = html("output", { class: "setting-value", for: id }, label);
    const show = () => {
      const text = t("shell.settings.ms", { n: slider.value });
      shown.textContent = text;
      slider.setAttribute("aria-valuetext", text);
    };
    slider.addEventListener("input", () => {
      settings[field] = Number(slider.value);
      show();
    });
    slider.addEventListener("change", save);
    show();
  }
  // Soft drop: D6's (the engine's) by default; the faster ones are plain `down` moves (web/games/domino/softdrop.js).
  const speedRow = row(body, "shell.settings.softDrop");
  speedRow.classList.add("setting-stacked"); // its options are long: the name above, the choice below at full width
  const speed = html("select", { id: "soft-drop-select" }, speedRow);
  for (const value of SOFT_DROP.speeds) {
    html("option", { value, selected: settings.softDrop === value }, speed, t(`shell.settings.softDrop.${value}`, { n: SOFT_DROP.fastMs }));
  }
  speed.addEventListener("change", () => {
    settings.softDrop = speed.value;
    save();
  });
  // Assist pace (P11): a new run's tiles wait for the player and every move is said; such a run is practice.
  const assistRow = row(body, "shell.settings.assistPace");
  const assist = /** @type {HTMLInputElement} */ (
    html("input", { type: "checkbox", role: "switch", id: "assist-switch", class: "switch", checked: settings.assistPace }, assistRow)
  );
  const note = html("p", { class: "setting-note", id: "assist-note" }, body, t("shell.settings.assistPaceNote"));
  assist.setAttribute("aria-describedby", note.id);
  assist.addEventListener("change", () => {
    settings.assistPace = assist.checked;
    save();
  });
}
