// In-page probes of scripts/bench-emoji.mjs. Playwright serialises each function into the page: they must not
// use anything from this module's scope. They are the same for every picker; only the selectors differ.

/**
 * Resolves once the picker has shown its first emoji and once every emoji visible in its scroller is drawn:
 * `{ firstMs, firstWall, screenMs }` in ms from the open click, or null after waitMs. An emoji counts as drawn in
 * the frame after it is in the document and, for an <img>, has loaded; a glyph is drawn with its text. "Visible"
 * means inside the nearest scrolling ancestor's box and the window.
 */
export function openProbe({ selector, waitMs }) {
  const isScroller = (element) => /(auto|scroll)/.test(getComputedStyle(element).overflowY);
  const clipOf = (element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (isScroller(parent)) return parent.getBoundingClientRect();
    }
    return new DOMRect(0, 0, innerWidth, innerHeight);
  };
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    const clip = clipOf(element);
    const bottom = Math.min(clip.bottom, innerHeight);
    const right = Math.min(clip.right, innerWidth);
    return box.width > 0 && box.bottom > clip.top && box.top < bottom && box.right > clip.left && box.left < right;
  };
  const drawn = (element) => !(element instanceof HTMLImageElement) || (element.complete && element.naturalWidth > 0);
  return new Promise((resolve) => {
    const giveUp = performance.now() + waitMs;
    let first = null;
    const check = () => {
      const all = [...document.querySelectorAll(selector)];
      // Found during a frame's rAF: that frame paints it, and a task queued now runs after the paint.
      if (!first && all[0] && drawn(all[0])) {
        first = {};
        setTimeout(() => {
          first.ms = performance.now() - window.__openedAt;
          first.wall = performance.timeOrigin + performance.now();
        }, 0);
      }
      const shown = all.filter(visible);
      if (first && shown.length > 0 && shown.every(drawn)) {
        setTimeout(() => {
          const screenMs = performance.now() - window.__openedAt;
          const settle = () => (first.ms === undefined ? setTimeout(settle, 0) : resolve({ firstMs: first.ms, firstWall: first.wall, screenMs }));
          settle();
        }, 0);
      } else if (performance.now() > giveUp) resolve(null);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Resolves after `quietMs` without a DOM change in the picker and an idle callback: the picker has settled. */
export function settleProbe({ rootSelector, quietMs, waitMs }) {
  const root = document.querySelector(rootSelector) ?? document.body;
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => finish(false), waitMs);
    let timer = 0;
    const observer = new MutationObserver(() => arm());
    const finish = (settled) => {
      observer.disconnect();
      clearTimeout(giveUp);
      clearTimeout(timer);
      resolve(settled);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => requestIdleCallback(() => finish(true), { timeout: quietMs }), quietMs);
    };
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    arm();
  });
}

/**
 * Arms a probe for the next keydown in the search box. Once the picker has been quiet for quietMs,
 * window.__searchResult gets, in ms from the keydown (the event's timeStamp: queueing before the handler counts):
 *   domMs: to the frame that painted the picker's last DOM change: the results on screen. Attribute changes of
 *          <img> elements do not count here (they are about how a picture loads, e.g. a lazy loader swapping
 *          src); artMs covers the pictures;
 *   artMs: to the frame that painted the last of those and of the loading of each image visible in the picker's
 *          scroller (results with their pictures, as on opening; the same as domMs for a picker of glyphs).
 */
export function armSearchProbe({ rootSelector, searchSelector, emojiSelector, quietMs }) {
  const root = document.querySelector(rootSelector);
  const search = document.querySelector(searchSelector);
  const isScroller = (element) => /(auto|scroll)/.test(getComputedStyle(element).overflowY);
  const visible = (element) => {
    let clip = new DOMRect(0, 0, innerWidth, innerHeight);
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (isScroller(parent)) {
        clip = parent.getBoundingClientRect();
        break;
      }
    }
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.bottom > clip.top && box.top < Math.min(clip.bottom, innerHeight);
  };
  window.__searchResult = undefined;
  let keyAt = 0;
  let domAt = 0;
  let artAt = 0;
  let quietTimer = 0;
  const waiting = new Set();
  const afterPaint = (record) => requestAnimationFrame(() => setTimeout(() => record(performance.now()), 0));
  const finishWhenQuiet = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      if (waiting.size) return; // an image's load restarts the wait
      observer.disconnect();
      window.__searchResult = domAt ? { domMs: domAt - keyAt, artMs: Math.max(domAt, artAt) - keyAt } : null;
    }, quietMs);
  };
  const watchImages = () => {
    for (const image of root.querySelectorAll(emojiSelector)) {
      if (!(image instanceof HTMLImageElement) || waiting.has(image) || image.complete || !visible(image)) continue;
      waiting.add(image);
      const done = () => {
        waiting.delete(image);
        afterPaint((at) => (artAt = Math.max(artAt, at)));
        finishWhenQuiet();
      };
      image.addEventListener("load", done, { once: true });
      image.addEventListener("error", done, { once: true });
    }
  };
  const observer = new MutationObserver((records) => {
    const content = records.some((record) => record.type !== "attributes" || !(record.target instanceof HTMLImageElement));
    if (content) afterPaint((at) => (domAt = Math.max(domAt, at)));
    // After this frame's layout: the rows are where they will be painted.
    requestAnimationFrame(watchImages);
    finishWhenQuiet();
  });
  search.addEventListener(
    "keydown",
    (event) => {
      keyAt = event.timeStamp;
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      finishWhenQuiet();
    },
    { once: true, capture: true },
  );
}
