// The polite live region (P11) and the reduced-motion preference.
/** @param {HTMLElement} region an aria-live region @returns {(text: string) => void} */
export function createAnnouncer(region) {
  let timer = 0;
  return (text) => {
    clearTimeout(timer);
    region.textContent = "";
    // A fresh text node after a tick makes screen readers read repeats too.
    timer = setTimeout(() => {
      region.textContent = text;
    }, 30);
  };
}

/**
 * @param {{ motion: string }} settings "reduce", "full" or "system"
 * @returns {() => boolean} whether motion is to be reduced now
 */
export function reducedMotionQuery(settings) {
  const media = matchMedia("(prefers-reduced-motion: reduce)");
  return () => (settings.motion === "reduce" ? true : settings.motion === "full" ? false : media.matches);
}
