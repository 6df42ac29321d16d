// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import { HYDRATION_STARTER } from "./document-hints.mjs";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

it("adds the preloads in slices of a few milliseconds, each its own task, and the module after the last", () => {
  vi.useFakeTimers();
  const modules = Array.from({ length: 40 }, (_, index) => `/assets/chunk-${index}.js`);
  document.body.innerHTML = `<script type="text/plain" id="deferred-hydration" data-modules='${JSON.stringify(modules)}'>import "/assets/entry.js";</script>`;
  // Every reading of the clock moves it on 1.5 ms: a slice of 10 ms holds a few preloads.
  let now = 0;
  vi.spyOn(performance, "now").mockImplementation(() => (now += 1.5));
  // A page the browser reports no paints for starts at once.
  Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { value: [], configurable: true });

  new Function(HYDRATION_STARTER)();

  const preloads = () => document.head.querySelectorAll('link[rel="modulepreload"]').length;
  const moduleScript = () => document.body.querySelector('script[type="module"]');
  const first = preloads();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThan(10);
  expect(moduleScript()).toBeNull();

  vi.advanceTimersToNextTimer();
  expect(preloads()).toBeGreaterThan(first);
  vi.runAllTimers();
  expect([...document.head.querySelectorAll("link")].map((link) => link.getAttribute("href"))).toEqual(modules);
  expect(moduleScript()?.textContent).toBe('import "/assets/entry.js";');
});
