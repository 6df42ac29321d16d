import { getFormProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type * as z from "zod/mini";
import { parseForm } from "./parse-form.ts";

/** The name of the button conform submits with when it checks one field (not exported by conform). */
const INTENT_FIELD = "__intent__";

/**
 * The form behaviour shared by the checkout steps: validate with the step's schema when the buyer leaves a field
 * they changed (never one they only tabbed through), revalidate as they type, and on a valid submit hand the parsed value to `onValid` (which writes it to the order store)
 * before the server validates the same schema again. The error summary appears after any submit attempt
 * that has errors (conform calls its own onSubmit only for valid forms, so the attempt is noted on the form).
 */
export function useValidatedForm<Schema extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | undefined;
  onValid: (value: z.output<Schema>) => void;
}) {
  const { id, schema, lastResult, onValid } = options;
  const [attempted, setAttempted] = useState(false);
  // Fields the buyer has changed: leaving a field checks it only then, never when tabbing through untouched ones.
  const changed = useRef(new Set<string>());
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema, { isUntouched: (name) => !changed.current.has(name) }),
    onSubmit(_event, { submission }) {
      if (submission?.status === "success") onValid(submission.value);
    },
  });
  const conformFormProps = getFormProps(form);
  const noteChange = (event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name) changed.current.add(name);
  };
  const formProps = {
    ...conformFormProps,
    onInput: noteChange,
    onChange: noteChange,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      // conform checks a single field by submitting with its own intent button: that is no attempt of the buyer's.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute("name") !== INTENT_FIELD) setAttempted(true);
      conformFormProps.onSubmit(event);
    },
  };
  const showSummary = attempted || lastResult?.status === "error";
  return { form, fields, formProps, showSummary };
}

/**
 * Checks a field again when its value is replaced while it shows an error: a value the page puts in (another form
 * filled it in) raises no input event, so conform would leave the old message under the new value. A value the
 * buyer typed is rechecked by conform itself; checking it here too only repeats that.
 */
export function useRecheckWhenReplaced(
  form: Pick<FormMetadata, "validate">,
  field: Pick<FieldMetadata, "name" | "errors">,
  value: string,
) {
  const showsError = (field.errors?.length ?? 0) > 0;
  const shown = useRef(value);
  useEffect(() => {
    if (value === shown.current) return;
    shown.current = value;
    if (showsError) form.validate({ name: field.name });
  }, [value]); // on a new value only: the error it may clear must not run this again
}
