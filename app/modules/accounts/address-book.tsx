import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { ErrorSummary, fieldErrorItems } from "#app/components/form-fields.tsx";
import { HOME_COUNTRY, isCountryCode } from "#app/modules/catalog/countries.ts";
import { shippingAddressSchema, type ShippingAddress } from "#app/modules/checkout/order-schema.ts";
import {
  AddressFields,
  addressFieldKeys,
  PostalAddress,
  useAddressFieldLabels,
  type AddressFieldKey,
} from "#app/modules/checkout/postal-address.tsx";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";

export interface AddressBookEntry extends ShippingAddress {
  id: string;
  isDefault: boolean;
}

interface AddressBookProps {
  addresses: AddressBookEntry[];
  /** The address open in the form (`?edit=`), or null to add one. */
  editing: AddressBookEntry | null;
  /** What the last change did, said once the page is back. */
  notice: string | null;
  /** The reply to the address form, when the server refused it. */
  formResult: SubmissionResult<string[]> | undefined;
  /** The reply to a button of the list (default, delete), when the server refused it. */
  listErrors: string[];
}

/** The account's address book: the list (default first), and one form to add or change an address. */
export function AddressBook({ addresses, editing, notice, formResult, listErrors }: AddressBookProps) {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // A change done, the page says so where the buyer's focus goes (the server-rendered page shows it too).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  // After a redirect (a change saved) the form starts empty again; a refused submit keeps what was typed.
  const { key: locationKey } = useLocation();
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="addresses-title" className="stack" id="addresses">
      <h2 id="addresses-title">{t("addresses.title")}</h2>
      {notice ? (
        <p role="status" className="notice" tabIndex={-1} ref={noticeRef}>
          {notice}
        </p>
      ) : null}
      {listErrors.length ? (
        <p role="alert" className="field__error">
          {listErrors[0]}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p>{t("addresses.none")}</p>
      ) : (
        <ul className="address-book" aria-label={t("addresses.listLabel")}>
          {addresses.map((entry) => (
            <li key={entry.id} className="address-book__entry card-panel">
              <PostalAddress address={entry} />
              <p className="address-book__actions">
                {entry.isDefault ? <strong className="status-badge">{t("addresses.default")}</strong> : null}
                <Link to={`/account?edit=${encodeURIComponent(entry.id)}#address-form-title`}>
                  {t("addresses.edit")}
                  <span className="visually-hidden">{t("addresses.editHidden", { name: entry.name, address: entry.address })}</span>
                </Link>
              </p>
              <div className="address-book__buttons">
                {entry.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="default-address" />
                    <input type="hidden" name="id" value={entry.id} />
                    <button type="submit" className="button">
                      {t("addresses.makeDefault")}
                  <span className="visually-hidden">{t("addresses.makeDefaultHidden", { name: entry.name, address: entry.address })}</span>
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-address" />
                  <input type="hidden" name="id" value={entry.id} />
                  <button type="submit" className="button">
                    {t("addresses.delete")}
                  <span className="visually-hidden">{t("addresses.deleteHidden", { name: entry.name, address: entry.address })}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddressForm key={`${editing?.id ?? "new"}:${locationKey}`} editing={editing} lastResult={formResult} first={addresses.length === 0} />
    </section>
  );
}

function AddressForm({
  editing,
  lastResult,
  first,
}: {
  editing: AddressBookEntry | null;
  lastResult: SubmissionResult<string[]> | undefined;
  first: boolean;
}) {
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: editing ? `address-${editing.id}` : "address-new",
    schema: shippingAddressSchema,
    lastResult,
    onValid: () => {},
  });
  const { t } = useTranslation("account");
  // What the field shows: what was sent when the server refused it, else the address being changed.
  const initial = (key: AddressFieldKey) => (fields[key].initialValue as string | undefined) ?? editing?.[key] ?? "";
  // The country decides the fields (a state for the US, the postal code after the town in the UK): it is followed.
  const initialCountry = initial("country");
  const [country, setCountry] = useState(isCountryCode(initialCountry) ? initialCountry : HOME_COUNTRY);
  const labels = useAddressFieldLabels(country);
  const keys = addressFieldKeys(country);
  const items = fieldErrorItems(keys.map((key) => [fields[key], labels[key]]));
  const common = (key: AddressFieldKey) => ({
    id: fields[key].id,
    name: fields[key].name,
    errors: fields[key].errors,
    defaultValue: key === "country" ? country : initial(key),
  });
  const title = editing ? t("addresses.changeTitle") : t("addresses.addTitle");
  // Adding to a book that has addresses: the form is a disclosure, closed until asked for.
  const folded = !editing && !first;
  const addressForm = (
    <Form method="post" {...formProps} className="stack address-form" aria-labelledby="address-form-title">
      {folded ? null : <h3 id="address-form-title">{title}</h3>}
      {showSummary ? <ErrorSummary items={items} formErrors={form.errors} /> : null}
      <input type="hidden" name="intent" value="save-address" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {/* One field a line: a postal code's message (one line at full width) never moves the button under a click. */}
      <AddressFields country={country} field={common} onCountryChange={setCountry} sideBySide={false} />
      {/* The first address is the default anyway, and the default stays one until another is chosen. */}
      {first || editing?.isDefault ? null : (
        <label className="choice">
          <input type="checkbox" name="isDefault" />
          <span className="choice__label">{t("addresses.useAsDefault")}</span>
        </label>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary">
          {editing ? t("addresses.save") : t("addresses.add")}
        </button>
        {editing ? <Link to="/account#addresses">{t("addresses.cancel")}</Link> : null}
      </div>
    </Form>
  );
  if (!folded) return <div className="card-panel address-form-panel">{addressForm}</div>;
  // A buyer with addresses comes for the orders and the list: the empty form waits behind its title, and opens by
  // itself when the server refused what was sent (works without scripts: it is the browser's own disclosure).
  return (
    <details className="card-panel address-form-panel" open={lastResult !== undefined}>
      <summary id="address-form-title" className="address-form-panel__toggle">
        {title}
      </summary>
      {addressForm}
    </details>
  );
}
