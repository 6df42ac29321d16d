// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { restoreTypedValues, startKeepingTypedValues } from "./typed-values.client.ts";

/** A server-rendered form, as the buyer finds it before the scripts arrive. */
function serverForm() {
  document.body.innerHTML = `
    <form>
      <input id="name" name="name" value="">
      <input id="city" name="city" value="Berlin">
      <input id="token" type="hidden" name="token" value="abc">
      <input id="grip" type="checkbox" name="grip">
      <select id="country" name="country"><option value="DE" selected>Germany</option><option value="AT">Austria</option></select>
      <textarea id="note"></textarea>
    </form>`;
  return (id: string) => document.getElementById(id) as HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;
}

/** What the app would hear: the events the browser fires for typing and choosing. */
function listen() {
  const heard: string[] = [];
  for (const type of ["input", "change", "click"]) {
    document.addEventListener(type, (event) => {
      const target = event.target as HTMLInputElement;
      heard.push(`${type}:${target.id}=${target.type === "checkbox" ? target.checked : target.value}`);
    });
  }
  return heard;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("what a buyer types before the app is live", () => {
  it("is given back once the app is live, as the buyer's own input, after hydration reset it", () => {
    const field = serverForm();
    field("name").value = "Erika";
    field("note").value = "Hi";
    field("grip").checked = true;
    field("country").value = "AT";
    startKeepingTypedValues();
    // Hydration makes the controls show their state: what was typed is gone from the page.
    field("name").value = "";
    field("note").value = "";
    field("grip").checked = false;
    field("country").value = "DE";
    const heard = listen();

    expect(restoreTypedValues()).toBe(4);
    expect([field("name").value, field("note").value, field("grip").checked, field("country").value]).toEqual(["Erika", "Hi", true, "AT"]);
    expect(heard).toEqual(expect.arrayContaining(["input:name=Erika", "input:note=Hi", "click:grip=true", "change:country=AT"]));
  });

  it("leaves alone what the buyer did not change, hidden fields included", () => {
    const field = serverForm();
    startKeepingTypedValues();
    const heard = listen();
    expect(restoreTypedValues()).toBe(0);
    expect(heard).toEqual([]);
    expect(field("city").value).toBe("Berlin");
  });

  it("keeps what is typed while hydration runs, and finds a control that hydration replaced by its id", () => {
    const field = serverForm();
    startKeepingTypedValues();
    field("name").value = "Erika Muster";
    field("name").dispatchEvent(new Event("input", { bubbles: true }));
    // Hydration replaced the node (a mismatch re-rendered it): the new one is found again.
    const replacement = document.createElement("input");
    replacement.id = "name";
    field("name").replaceWith(replacement);
    expect(restoreTypedValues()).toBe(1);
    expect((document.getElementById("name") as HTMLInputElement).value).toBe("Erika Muster");
  });

  it("gives each value back once", () => {
    const field = serverForm();
    field("name").value = "Erika";
    startKeepingTypedValues();
    expect(restoreTypedValues()).toBe(1);
    expect(restoreTypedValues()).toBe(0);
  });
});
