import { useState } from "react";
import { Form, PrefetchPageLinks, useActionData, useLoaderData } from "react-router";
import { ErrorSummary, SelectField, TextField, type FormErrorItem } from "#app/components/form-fields.tsx";
import { OrderSummary } from "#app/modules/checkout/order-summary.tsx";
import { catalog, countries, countryCodes, isCountryCode } from "#app/modules/catalog/catalog.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { handleStepSubmission } from "#app/modules/checkout/step-action.server.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { useStepGuard } from "#app/modules/checkout/use-step-guard.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { contactSchema, shippingStepSchema } from "#app/modules/checkout/order-schema.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import type { Route } from "./+types/shipping";

export const meta = () => pageMeta({ title: "Shipping", description: "Where your deck goes: name and postal address." });

export async function loader({ context }: Route.LoaderArgs) {
  return { accountEmail: (await currentAccount(context))?.email ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  return handleStepSubmission(request, shippingStepSchema, "/Payment");
}

const fieldLabels = {
  contact: "E-mail",
  name: "Full name",
  address: "Street and house number",
  addressextend: "Apartment, suite, etc. (optional)",
  postalcode: "Postal code",
  city: "Town or city",
  country: "Country",
} as const;

export default function Shipping() {
  const { accountEmail } = useLoaderData<typeof loader>();
  const order = useOrder();
  useStepGuard("/Shipping", { signedIn: accountEmail !== null });
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: "shipping",
    schema: shippingStepSchema,
    lastResult: useActionData<typeof action>(),
    onValid: (address) => {
      // Keep the normalised values (trimmed, postal code upper-cased) that the server will also see.
      orderStore.setContact(address.contact);
      orderStore.setName(address.name);
      orderStore.setAddress(address.address);
      orderStore.setAddressextend(address.addressextend);
      orderStore.setPostalcode(address.postalcode);
      orderStore.setCity(address.city);
      orderStore.setCountry(address.country);
    },
  });
  // The contact line replaces the e-mail field only for an address that arrived valid (from the Login step);
  // once the buyer edits it here, the field stays, so typing never makes it vanish under their fingers.
  const [editingContact, setEditingContact] = useState(false);
  const contact = order.contact || accountEmail || "";
  const contactKnown = !editingContact && !fields.contact.errors && contactSchema.safeParse(contact).success;
  const country = order.country || catalog.homeCountry;
  const errorItems: FormErrorItem[] = (Object.keys(fieldLabels) as (keyof typeof fieldLabels)[]).flatMap((key) => {
    const message = fields[key].errors?.[0];
    return message ? [{ fieldId: fields[key].id, label: fieldLabels[key], message }] : [];
  });
  const common = (key: keyof typeof fieldLabels) => ({
    id: fields[key].id,
    name: fields[key].name,
    label: fieldLabels[key],
    errors: fields[key].errors,
  });

  return (
    <div className="page page--split">
      <div className="page__content">
        <h1>Shipping</h1>
        <Form method="post" {...formProps} className="stack">
          {/* The next step's code and data load while the buyer fills this one in. */}
          <PrefetchPageLinks page="/Payment" />
          {showSummary ? <ErrorSummary items={errorItems} formErrors={form.errors} /> : null}
          {contactKnown ? (
            <p className="known-contact">
              Order updates go to <strong>{contact}</strong>.{" "}
              <button type="button" className="link-button" onClick={() => setEditingContact(true)}>
                Change e-mail
              </button>
              <input type="hidden" name={fields.contact.name} value={contact} />
            </p>
          ) : (
            <TextField
              {...common("contact")}
              type="email"
              autoComplete="email"
              spellCheck={false}
              hint="For your order confirmation and delivery updates."
              autoFocus={editingContact}
              value={order.contact}
              onChange={(event) => {
                setEditingContact(true);
                order.setContact(event.currentTarget.value);
              }}
            />
          )}
          <TextField
            {...common("name")}
            autoComplete="shipping name"
            autoCorrect="off"
            value={order.name}
            onChange={(event) => order.setName(event.currentTarget.value)}
          />
          <TextField
            {...common("address")}
            autoComplete="shipping address-line1"
            value={order.address}
            onChange={(event) => order.setAddress(event.currentTarget.value)}
          />
          <TextField
            {...common("addressextend")}
            autoComplete="shipping address-line2"
            value={order.addressextend}
            onChange={(event) => order.setAddressextend(event.currentTarget.value)}
          />
          <div className="field-row">
            <TextField
              {...common("postalcode")}
              autoComplete="shipping postal-code"
              autoCapitalize="characters"
              hint={`For example ${countries[country].postalCodeExample}`}
              value={order.postalcode}
              onChange={(event) => order.setPostalcode(event.currentTarget.value)}
            />
            <TextField
              {...common("city")}
              autoComplete="shipping address-level2"
              value={order.city}
              onChange={(event) => order.setCity(event.currentTarget.value)}
            />
          </div>
          <SelectField
            {...common("country")}
            autoComplete="shipping country"
            value={country}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isCountryCode(value)) order.setCountry(value);
            }}
          >
            {countryCodes.map((code) => (
              <option key={code} value={code}>
                {countries[code].name}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button--primary">
            Continue to payment
          </button>
        </Form>
      </div>
      <aside className="page__aside" aria-label="Order summary">
        <OrderSummary order={{ ...order, country }} />
      </aside>
    </div>
  );
}
