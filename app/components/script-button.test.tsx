// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it } from "vitest";
import { ScriptButton } from "./script-button.tsx";

afterEach(cleanup);

it("is a disabled type=button in the server's HTML, and enabled once the scripts run unless told otherwise", () => {
  expect(renderToString(<ScriptButton>Turn</ScriptButton>)).toBe('<button type="button" disabled="">Turn</button>');
  render(
    <>
      <ScriptButton>Turn</ScriptButton>
      <ScriptButton disabled>Zoom in</ScriptButton>
    </>,
  );
  expect((screen.getByRole("button", { name: "Turn" }) as HTMLButtonElement).disabled).toBe(false);
  expect((screen.getByRole("button", { name: "Zoom in" }) as HTMLButtonElement).disabled).toBe(true);
});
