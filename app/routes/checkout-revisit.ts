import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout-revisit";
import { checkoutSteps } from "#app/components/step-indicator.tsx";
import { carryForward } from "#app/modules/checkout/carried-draft.server.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";

/**
 * Back to an earlier checkout step from a browser without scripts (D240). Such a browser keeps no order draft in the
 * tab: what the buyer entered lives only in the hidden fields each page passes on (carried-fields.tsx), and a plain
 * link back would open the step empty. The step bar's and "Change address" links are therefore, without scripts,
 * this form: its fields are carried to the step, which renders with them, as after a step is sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const step = checkoutSteps.find((candidate) => candidate.path === formData.get("to"));
  if (!step) return data({ message: "Unknown checkout step." }, { status: 400 });
  carryForward(context, request, formData);
  return redirect(step.path, 303);
}

/** A GET (a bookmarked or retyped address) starts the checkout where it begins. */
export function loader() {
  return redirect(checkoutSteps[0].path);
}
