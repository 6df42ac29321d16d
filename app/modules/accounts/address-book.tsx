import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorSummary, fieldErrorItems, SelectField, TextField } from "#app/components/form-fields.tsx";
import { catalog, countryCodes } from "#app/modules/catalog/catalog.ts";
import { formatCountry } from "#app/modules/catalog/format.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { shippingAddressSchema, type ShippingAddress } from "#app/modules/checkout/order-schema.ts";
import { addressFieldLabels, PostalAddress } from "#app/modules/checkout/postal-address.tsx";
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
  const locale = useLocale();
  const keys = Object.keys(addressFieldLabels) as (keyof typeof addressFieldLabels)[];
  const label = (key: keyof typeof addressFieldLabels) => t(`addresses.fields.${key}`);
  const items = fieldErrorItems(keys.map((key) => [fields[key], label(key)]));
  // What the field shows: what was sent when the server refused it, else the address being changed.
  const initial = (key: keyof typeof addressFieldLabels) =>
    (fields[key].initialValue as string | undefined) ?? editing?.[key] ?? "";
  const common = (key: keyof typeof addressFieldLabels) => ({
    id: fields[key].id,
    name: fields[key].name,
    label: label(key),
    errors: fields[key].errors,
    defaultValue: initial(key),
  });
  const country = initial("country") || catalog.homeCountry;
  return (
    <Form method="post" {...formProps} className="stack card-panel address-form" aria-labelledby="address-form-title">
      <h3 id="address-form-title">{editing ? t("addresses.changeTitle") : t("addresses.addTitle")}</h3>
      {showSummary ? <ErrorSummary items={items} formErrors={form.errors} /> : null}
      <input type="hidden" name="intent" value="save-address" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <TextField {...common("name")} autoComplete="shipping name" autoCorrect="off" />
      <TextField {...common("address")} autoComplete="shipping address-line1" />
      <TextField {...common("addressextend")} autoComplete="shipping address-line2" />
      {/* One field a line: a postal code's message (one line at full width) never moves the button under a click. */}
      <TextField {...common("postalcode")} autoComplete="shipping postal-code" autoCapitalize="characters" />
      <TextField {...common("city")} autoComplete="shipping address-level2" />
      <SelectField {...common("country")} defaultValue={country} autoComplete="shipping country">
        {countryCodes.map((code) => (
          <option key={code} value={code}>
            {formatCountry(code, locale)}
          </option>
        ))}
      </SelectField>
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
}
