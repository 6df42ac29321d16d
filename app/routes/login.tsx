import { Form, PrefetchPageLinks, useActionData } from "react-router";
import { ErrorSummary, TextField } from "~/components/form-fields";
import { catalog } from "~/modules/catalog/catalog";
import { handleStepSubmission } from "~/modules/checkout/step-action.server";
import { useStepForm } from "~/modules/checkout/step-form";
import { guestContactSchema } from "~/modules/order/order-schema";
import { orderStore, useOrder } from "~/modules/order/order-store";
import type { Route } from "./+types/login";

export const meta = () => [{ title: `Login · ${catalog.shopName}` }];

export async function action({ request }: Route.ActionArgs) {
  return handleStepSubmission(request, guestContactSchema, "/Shipping");
}

export default function Login() {
  const order = useOrder();
  const { form, fields, formProps, showSummary } = useStepForm({
    id: "guest",
    schema: guestContactSchema,
    lastResult: useActionData<typeof action>(),
    onValid: ({ contact }) => orderStore.setContact(contact),
  });
  const contactError = fields.contact.errors?.[0];

  return (
    <div className="page page--narrow">
      <h1>Login</h1>
      <section className="card-panel" aria-labelledby="guest-title">
        <h2 id="guest-title">Continue as guest</h2>
        <p>No account needed. We only need an e-mail address for your order confirmation.</p>
        <Form method="post" {...formProps} className="stack">
          {/* The next step's code and data load while the buyer fills this one in. */}
          <PrefetchPageLinks page="/Shipping" />
          {showSummary ? (
            <ErrorSummary
              items={contactError ? [{ fieldId: fields.contact.id, label: "E-mail", message: contactError }] : []}
              formErrors={form.errors}
            />
          ) : null}
          <TextField
            id={fields.contact.id}
            name={fields.contact.name}
            label="E-mail"
            type="email"
            autoComplete="email"
            spellCheck={false}
            errors={fields.contact.errors}
            value={order.contact}
            onChange={(event) => order.setContact(event.currentTarget.value)}
          />
          <button type="submit" className="button button--primary">
            Continue as guest
          </button>
        </Form>
      </section>
    </div>
  );
}
