import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { readFormData } from "~/modules/http/form.server";

/**
 * The server side of a checkout step: read the form safely, validate it with the same schema the page used,
 * answer 400 with field messages (the buyer's input echoed back) or go on to the next step.
 */
export async function handleStepSubmission(request: Request, schema: z.ZodType, nextPath: string) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return redirect(nextPath);
}
