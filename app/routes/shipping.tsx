import { useEffect, useState } from "react";
import { Form, useActionData, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { ErrorSummary, TextField, type FormErrorItem } from "#app/components/form-fields.tsx";
import { OrderSummary } from "#app/modules/checkout/order-summary.tsx";
import { AddressFields, addressFieldKeys, useAddressFieldLabels, type AddressFieldKey } from "#app/modules/checkout/postal-address.tsx";
import { HOME_COUNTRY, needsRegion } from "#app/modules/catalog/countries.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { handleStepSubmission } from "#app/modules/checkout/step-action.server.ts";
import { networkFailureReply, unlessNetworkFails } from "#app/modules/forms/network-failure.ts";
import { useRecheckWhenReplaced, useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { useStepGuard } from "#app/modules/checkout/use-step-guard.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { CarriedFields } from "#app/modules/checkout/carried-fields.tsx";
import { contactSchema, shippingAddressSchema, shippingStepSchema } from "#app/modules/checkout/order-schema.ts";
import { hasShippingAddress } from "#app/modules/checkout/order-state.ts";
import { defaultAddress } from "#app/modules/accounts/address-book.server.ts";
import { getDb } from "#app/request-context.server.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import type { Route } from "./+types/shipping";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { NextStepPrefetch } from "#app/components/next-step-prefetch.tsx";
import { ScriptButton } from "#app/components/script-button.tsx";

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "checkout");
  return pageMeta({ title: t("shipping.title"), description: t("shipping.description") });
};

export async function loader({ context }: Route.LoaderArgs) {
  const account = await currentAccount(context);
  // A signed-in buyer's default address, offered to a draft that has no address yet (never over what they typed).
  const saved = account ? await defaultAddress(await getDb(context), account.id) : null;
  const parsed = saved ? shippingAddressSchema.safeParse(saved) : null;
  const savedAddress = parsed?.success ? parsed.data : null;
  return { accountEmail: account?.email ?? null, savedAddress };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleStepSubmission(request, context, shippingStepSchema, "/Payment");
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessNetworkFails(serverAction, () => networkFailureReply());
}

/** The order fields this form has itself; the earlier steps' carried ones go along hidden (D235). */
const SHIPPING_FIELDS = ["contact", "name", "address", "addressextend", "postalcode", "city", "country", "region"] as const;

export default function Shipping() {
  const { accountEmail, savedAddress } = useLoaderData<typeof loader>();
  const draft = useOrder();
  const { t } = useTranslation("checkout");
  useStepGuard("/Shipping", { signedIn: accountEmail !== null });
  // The saved address: the server renders it into the fields (so it is there before the scripts, and without
  // them); once the page runs, it goes into the order store unless the draft has an address of its own. This
  // effect runs before the root's, which then gives back anything typed into the server-rendered fields.
  const [offer, setOffer] = useState<"pending" | "taken" | "declined">(savedAddress ? "pending" : "declined");
  useEffect(() => {
    if (!savedAddress || hasShippingAddress(orderStore.getSnapshot())) return setOffer("declined");
    orderStore.setName(savedAddress.name);
    orderStore.setAddress(savedAddress.address);
    orderStore.setAddressextend(savedAddress.addressextend);
    orderStore.setPostalcode(savedAddress.postalcode);
    orderStore.setCity(savedAddress.city);
    orderStore.setCountry(savedAddress.country);
    orderStore.setRegion(savedAddress.region);
    setOffer("taken");
  }, []); // once, as the page opens
  const order = offer === "pending" && savedAddress && !hasShippingAddress(draft) ? { ...draft, ...savedAddress } : draft;
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
      orderStore.setRegion(address.region);
    },
  });
  // Sent before the scripts ran, a guest's form had no e-mail (the server's page cannot know it) and came back with
  // "Enter your e-mail address"; the tab's draft fills it in as the page comes alive, and that clears the message.
  useRecheckWhenReplaced(form, fields.contact, order.contact);
  // The contact line replaces the e-mail field only for an address that arrived valid (from the Login step);
  // once the buyer edits it here, the field stays, so typing never makes it vanish under their fingers.
  const [editingContact, setEditingContact] = useState(false);
  const contact = order.contact || accountEmail || "";
  const contactValid = contact !== "" && contactSchema.safeParse(contact).success;
  // Which of the two is shown is settled by the first render. On a page loaded whole (a reload), a guest's address
  // is not known to the server, so the page comes with the field and keeps it, filled in once the draft is read:
  // turning it into the line then moved the whole form (Lighthouse: 0.044 layout shift, and the largest paint
  // came only after the scripts).
  const [lineAtFirstRender] = useState(contactValid);
  const contactKnown = lineAtFirstRender && !editingContact && !fields.contact.errors && contactValid;
  const country = order.country || HOME_COUNTRY;
  const fieldLabels = { contact: t("shipping.email"), ...useAddressFieldLabels(country) };
  const errorItems: FormErrorItem[] = (["contact", ...addressFieldKeys(country)] as const).flatMap((key) => {
    const message = fields[key].errors?.[0];
    return message ? [{ fieldId: fields[key].id, label: fieldLabels[key], message }] : [];
  });
  // The order store's setter of each address field (the form is controlled: the summary follows every keystroke).
  const setters: Record<Exclude<AddressFieldKey, "country">, (value: string) => void> = {
    name: order.setName,
    address: order.setAddress,
    addressextend: order.setAddressextend,
    postalcode: order.setPostalcode,
    city: order.setCity,
    region: order.setRegion,
  };
  const common = (key: "contact" | AddressFieldKey) => ({
    id: fields[key].id,
    name: fields[key].name,
    label: fieldLabels[key],
    errors: fields[key].errors,
  });

  return (
    <div className="page page--checkout">
      {/* First in the page: on a phone the total is at the top, before the form (a side column from 48rem). */}
      <aside className="page__aside checkout-summary" aria-label={t("shipping.summaryLabel")}>
        <OrderSummary order={{ ...order, country }} />
      </aside>
      <div className="page__content">
        <h1>{t("shipping.title")}</h1>
        <Form method="post" {...formProps} className="stack">
          {/* The next step's code and data load while the buyer fills this one in. */}
          <NextStepPrefetch page="/Payment" />
          <CarriedFields except={SHIPPING_FIELDS} />
          {showSummary ? <ErrorSummary items={errorItems} formErrors={form.errors} /> : null}
          {offer !== "declined" ? <p className="known-contact">{t("shipping.savedAddress")}</p> : null}
          {contactKnown ? (
            <p className="known-contact">
              <Trans t={t} i18nKey="shipping.updatesTo" values={{ contact }} components={{ strong: <strong /> }} />{" "}
              <ScriptButton className="link-button" onClick={() => setEditingContact(true)}>
                {t("shipping.changeEmail")}
              </ScriptButton>
              <input type="hidden" name={fields.contact.name} value={contact} />
            </p>
          ) : (
            <TextField
              {...common("contact")}
              type="email"
              autoComplete="email"
              spellCheck={false}
              hint={t("shipping.emailHint")}
              autoFocus={editingContact}
              value={order.contact}
              onChange={(event) => {
                setEditingContact(true);
                order.setContact(event.currentTarget.value);
              }}
            />
          )}
          <AddressFields
            country={country}
            field={(key) =>
              key === "country"
                ? { ...common(key), value: country }
                : { ...common(key), value: order[key], onChange: (event) => setters[key](event.currentTarget.value) }
            }
            onCountryChange={(code) => {
              order.setCountry(code);
              if (!needsRegion(code)) order.setRegion("");
            }}
          />
          <button type="submit" className="button button--primary">
            {t("shipping.continue")}
          </button>
        </Form>
      </div>
    </div>
  );
}
