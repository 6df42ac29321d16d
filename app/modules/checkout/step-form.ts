import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";

/**
 * The form behaviour shared by the checkout steps: validate with the step's schema on blur, revalidate as the
 * buyer types, and on a valid submit hand the parsed value to `onValid` (which writes it to the order store)
 * before the server validates the same schema again.
 */
export function useStepForm<Schema extends z.ZodType<any, Record<string, any>>>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | undefined;
  onValid: (value: z.output<Schema>) => void;
}) {
  const { id, schema, lastResult, onValid } = options;
  const [attempted, setAttempted] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(_event, { submission }) {
      setAttempted(true);
      if (submission?.status === "success") onValid(submission.value);
    },
  });
  const showSummary = attempted || lastResult?.status === "error";
  return { form, fields, showSummary };
}
