import { data, redirect, type RouterContextProvider } from "react-router";
import type * as z from "zod/mini";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { carryBack, carryForward } from "./carried-draft.server.ts";

/**
 * The server side of a checkout step: read the form safely, validate it with the same schema the page used,
 * answer 400 with field messages (the buyer's input echoed back) or go on to the next step. A form the browser
 * posted itself (before the page's scripts ran) has its fields carried to the page of the answer (D226).
 */
export async function handleStepSubmission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: z.ZodMiniType,
  nextPath: string,
) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") {
    carryBack(context, request, formData);
    return data(submission.reply(), { status: 400 });
  }
  carryForward(context, request, formData, submission.value as Record<string, unknown>);
  return redirect(nextPath);
}
