import { data, redirect } from "react-router";
import type * as z from "zod/mini";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";

/**
 * The server side of a checkout step: read the form safely, validate it with the same schema the page used,
 * answer 400 with field messages (the buyer's input echoed back) or go on to the next step.
 */
export async function handleStepSubmission(request: Request, schema: z.ZodMiniType, nextPath: string) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return redirect(nextPath);
}
