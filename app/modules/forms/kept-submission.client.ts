/**
 * A form sent while the shop was briefly unavailable (a database outage: the 503 page took the form's place) is not
 * lost: what the buyer had typed is kept in session storage when that page shows, and given back to the same form
 * when the page is opened again ("Try again"), as the buyer's own input (React's onChange sees it). Nothing secret is
 * kept: passwords, card fields, security codes and tokens are left out, and so are hidden fields. A submission that
 * succeeds is never stored: only the outage page keeps the last one.
 */
import { giveBack } from "./typed-values.client.ts";

export const KEPT_SUBMISSION_KEY = "deck-studio:kept-submission:v1";
/** Older than this, a kept submission is not given back (the buyer has moved on). */
const KEPT_FOR_MS = 30 * 60 * 1000;
const SECRET_NAME = /pass|card|cvv|cvc|token|secret|code/i;
const SKIPPED_TYPES = new Set(["hidden", "password", "file", "submit", "button", "reset", "image"]);

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface KeptSubmission {
  path: string;
  /** The form's place among the page's forms, to find it again. */
  formIndex: number;
  fields: { name: string; value: string; checked: boolean }[];
  at: number;
}

let lastSubmission: KeptSubmission | null = null;

function keptFields(form: HTMLFormElement): KeptSubmission["fields"] {
  const fields: KeptSubmission["fields"] = [];
  for (const element of Array.from(form.elements)) {
    const control = element as Control;
    if (!("name" in control) || !control.name || SECRET_NAME.test(control.name) || SECRET_NAME.test(control.id)) continue;
    if (control instanceof HTMLInputElement && SKIPPED_TYPES.has(control.type)) continue;
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement)) continue;
    const checked = control instanceof HTMLInputElement && control.checked;
    fields.push({ name: control.name, value: control.value, checked });
  }
  return fields;
}

/** From the app's start: notes each form as it is sent (in memory only). Returns the stop. */
export function startNotingSubmissions(root: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || (form.method || "get").toLowerCase() !== "post") return;
    const formIndex = Array.from(root.forms).indexOf(form);
    lastSubmission = { path: root.location?.pathname ?? "", formIndex, fields: keptFields(form), at: Date.now() };
  };
  root.addEventListener("submit", onSubmit, true);
  return () => root.removeEventListener("submit", onSubmit, true);
}

/** Called by the "briefly unavailable" page: keeps the form that was just sent, if any, for the next visit. */
export function keepLastSubmission(storage: Storage | undefined = safeSessionStorage()): void {
  if (!lastSubmission || lastSubmission.fields.length === 0) return;
  try {
    storage?.setItem(KEPT_SUBMISSION_KEY, JSON.stringify(lastSubmission));
  } catch {
    // storage full or denied: nothing kept
  }
  lastSubmission = null;
}

/**
 * Called once the app is live: gives a kept submission for this page back to its form, then forgets it.
 * Returns how many fields were filled.
 */
export function restoreKeptSubmission(root: Document = document, storage: Storage | undefined = safeSessionStorage()): number {
  let kept: KeptSubmission;
  try {
    const raw = storage?.getItem(KEPT_SUBMISSION_KEY);
    if (!raw) return 0;
    kept = JSON.parse(raw) as KeptSubmission;
  } catch {
    return 0;
  }
  if (kept.path !== root.location?.pathname) return 0;
  storage?.removeItem(KEPT_SUBMISSION_KEY);
  const form = root.forms[kept.formIndex];
  if (!form || Date.now() - kept.at > KEPT_FOR_MS || !Array.isArray(kept.fields)) return 0;
  let restored = 0;
  for (const field of kept.fields) {
    const control = form.elements.namedItem(field.name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement)) continue;
    if (control.disabled || (control instanceof HTMLInputElement && SKIPPED_TYPES.has(control.type))) continue;
    giveBack(control, field);
    restored++;
  }
  return restored;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
