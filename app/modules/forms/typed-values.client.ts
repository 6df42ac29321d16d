/**
 * What a buyer types (or the browser autofills) into the server-rendered page before the app takes it over.
 *
 * Hydration makes React the owner of every form control, and a controlled control shows what its state says: the
 * text typed into the plain HTML is wiped the moment the scripts arrive (on a slow network, seconds of typing).
 * So the values are read from the page just before hydration, kept up to date while it runs, and once the app is
 * live each one is given back as the buyer's own input (a native `input`/`change` event), so that the field's
 * onChange writes it where typing after hydration would have: the order store, the card form's state.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface TypedValue {
  /** The control's id, to find it again if hydration replaced the node. */
  id: string;
  element: Control;
  value: string;
  checked: boolean;
}

const SKIPPED_TYPES = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

let typed = new Map<Control, TypedValue>();
let stopListening: (() => void) | undefined;

function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Whether the buyer changed the control from what the server sent. */
function isChangedByBuyer(control: Control): boolean {
  if (control instanceof HTMLInputElement) {
    if (SKIPPED_TYPES.has(control.type)) return false;
    if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
    return control.value !== control.defaultValue;
  }
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  if (control.multiple) return [...control.options].some((option) => option.selected !== option.hasAttribute("selected"));
  // As sent: the option marked `selected` (the attribute: happy-dom, used by the tests, lacks defaultSelected),
  // or else the first one.
  const sent = [...control.options].find((option) => option.hasAttribute("selected")) ?? control.options[0];
  return control.value !== (sent?.value ?? "");
}

function remember(control: Control) {
  if (!isChangedByBuyer(control)) return;
  const checked = control instanceof HTMLInputElement && control.checked;
  typed.set(control, { id: control.id, element: control, value: control.value, checked });
}

/**
 * Called just before hydration: notes every control the buyer has changed, and keeps noting changes made while
 * hydration runs (it yields to the browser, so keystrokes arrive meanwhile).
 */
export function startKeepingTypedValues(root: Document = document): void {
  typed = new Map();
  for (const control of root.querySelectorAll<Control>("input, textarea, select")) remember(control);
  const onInput = (event: Event) => {
    if (isControl(event.target)) remember(event.target);
  };
  root.addEventListener("input", onInput, true);
  root.addEventListener("change", onInput, true);
  stopListening = () => {
    root.removeEventListener("input", onInput, true);
    root.removeEventListener("change", onInput, true);
  };
}

/**
 * Sets a control's value the way the browser does for typing, so that React sees a change and calls onChange.
 * The page may still show the typed text at this moment (React resets it in the render that follows hydration),
 * so React's idea of the value is first set apart from it: React notes values assigned through the element
 * (`control.value = …`), while the browser's own setter, as typing does, leaves its note behind.
 */
export function giveBack(control: Control, entry: Pick<TypedValue, "value" | "checked">) {
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
    // A click is how the buyer changed it: the browser toggles it and React's onChange follows.
    if (control.checked !== entry.checked) control.click();
    return;
  }
  control.value = control.value === "" ? " " : "";
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, entry.value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * Called once the app is live (the root's first effect): gives each noted value back to its control, found again
 * by id where hydration replaced the node. Controls that are gone (the page changed meanwhile) are skipped.
 * Returns how many values were given back.
 */
export function restoreTypedValues(root: Document = document): number {
  stopListening?.();
  stopListening = undefined;
  let restored = 0;
  for (const entry of typed.values()) {
    const control = entry.element.isConnected ? entry.element : entry.id ? root.getElementById(entry.id) : null;
    if (!isControl(control) || control.disabled) continue;
    giveBack(control, entry);
    restored++;
  }
  typed = new Map();
  return restored;
}
