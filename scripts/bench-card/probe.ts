/**
 * Keystroke-to-frame probe, installed identically on both harness pages.
 *
 * For each keystroke: the keydown's own timestamp (when the browser received the key), the moment the preview's
 * DOM changed (MutationObserver), and the first animation frame after that change. The frame time is taken in
 * a message posted from that requestAnimationFrame callback, i.e. once the frame's style, layout and paint work
 * on the main thread is done: that is when the new text is on its way to the screen. The callback's own start
 * splits that time into the wait for the frame (vsync phase, idle) and the frame's work.
 */

export interface KeystrokeSample {
  /** keydown created → its first listener runs (input delay: the page was busy, or the event was queued). */
  inputDelayMs: number;
  /** keydown → preview DOM changed (script work: event handling, React render and commit). */
  domMs: number;
  /** keydown → the frame showing the change has been rendered. */
  frameMs: number;
  /**
   * frameMs without the wait for the frame to begin: keydown → DOM changed, plus the frame's own work (from its
   * requestAnimationFrame callback to the end of its paint). What the keystroke costs, whatever the vsync phase.
   */
  workMs: number;
}

interface Pending {
  keydownAt: number;
  listenerAt: number;
  domAt?: number;
  frameStartAt?: number;
}

declare global {
  interface Window {
    /** Resolves with the next keystroke's sample, or null if the preview did not change within a second. */
    nextKeystrokeSample(): Promise<KeystrokeSample | null>;
  }
}

/** `root` is watched as a whole (the preview is rendered later); only changes inside `#preview` count. */
export function installProbe(root: HTMLElement): void {
  let pending: Pending | undefined;
  let deliver: ((sample: KeystrokeSample | null) => void) | undefined;
  const channel = new MessageChannel();

  const onKeydown = (event: KeyboardEvent) => (pending = { keydownAt: event.timeStamp, listenerAt: performance.now() });
  document.addEventListener("keydown", onKeydown, { capture: true });

  new MutationObserver((records) => {
    if (!pending || pending.domAt !== undefined) return;
    const preview = document.getElementById("preview");
    if (!records.some((record) => preview?.contains(record.target))) return; // e.g. the input's value attribute
    pending.domAt = performance.now();
    const waiting = pending;
    requestAnimationFrame(() => {
      waiting.frameStartAt = performance.now();
      channel.port2.postMessage(null);
    });
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });

  channel.port1.onmessage = () => {
    const frameAt = performance.now();
    if (!pending?.domAt) return;
    const { keydownAt, listenerAt, domAt, frameStartAt = frameAt } = pending;
    const sample = {
      inputDelayMs: listenerAt - keydownAt,
      domMs: domAt - keydownAt,
      frameMs: frameAt - keydownAt,
      workMs: domAt - keydownAt + (frameAt - frameStartAt),
    };
    pending = undefined;
    deliver?.(sample);
  };

  window.nextKeystrokeSample = () =>
    new Promise((resolve) => {
      const timeout = setTimeout(() => resolve(null), 1000);
      deliver = (sample) => {
        clearTimeout(timeout);
        deliver = undefined;
        resolve(sample);
      };
    });
}
