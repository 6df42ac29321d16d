import { useState } from "react";
import { Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { CarriedFields } from "#app/modules/checkout/carried-fields.tsx";
import { DeckPreview, type DeckSide } from "#app/modules/design/deck-preview.tsx";
import { DeckViewer } from "#app/modules/design/deck-viewer.tsx";
import { networkFailureReply, unlessNetworkFails } from "#app/modules/forms/network-failure.ts";
import { SafeZoneWarning } from "#app/modules/checkout/safe-zone-warning.tsx";
import { ErrorSummary } from "#app/components/form-fields.tsx";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { priceForDestination, priceOrder } from "#app/modules/catalog/pricing.ts";
import { handleStepSubmission } from "#app/modules/checkout/step-action.server.ts";
import { useValidatedForm } from "#app/modules/forms/validated-form.ts";
import { formMessageText } from "#app/modules/forms/form-message.ts";
import { optionsSchema } from "#app/modules/checkout/order-schema.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/grip-size";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { NextStepPrefetch } from "#app/components/next-step-prefetch.tsx";

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "checkout");
  return pageMeta({ title: t("gripSize.metaTitle"), description: t("gripSize.description") });
};

/** A signed-in buyer has done the Login step already: the next step is Shipping. */
async function nextStep(context: Route.LoaderArgs["context"]) {
  return (await currentAccount(context)) ? ("/Shipping" as const) : ("/Login" as const);
}

export async function loader({ context }: Route.LoaderArgs) {
  return { next: await nextStep(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleStepSubmission(request, context, optionsSchema, await nextStep(context));
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessNetworkFails(serverAction, () => networkFailureReply());
}

export default function GripSize() {
  const { next } = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  const { t: common } = useTranslation();
  const locale = useLocale();
  const order = useOrder();
  // Ticking (or unticking) grip tape turns the deck over, so that the buyer sees what it changes.
  const [side, setSide] = useState<DeckSide>("bottom");
  const { form, fields, formProps, showSummary } = useValidatedForm({
    id: "grip-size",
    schema: optionsSchema,
    lastResult: useActionData<typeof action>(),
    onValid: ({ grip, size }) => {
      orderStore.setGrip(grip);
      orderStore.setSize(size);
    },
  });
  const price = priceOrder(order);
  // The schema's message is a key (form-message.ts): shown in the page's language.
  const { i18n } = useTranslation();
  const sizeErrorKey = fields.size.errors?.[0];
  const sizeError = sizeErrorKey ? formMessageText(i18n, sizeErrorKey) : undefined;

  return (
    <div className="page page--split">
      <div className="page__aside">
        <DeckViewer design={order.design} size={order.size} grip={order.grip} side={side} onSideChange={setSide} compact />
      </div>
      <div className="page__content">
        <h1>{t("gripSize.title")}</h1>
        <Form method="post" {...formProps} className="stack">
          {/* The next step's code and data load while the buyer fills this one in. */}
          <NextStepPrefetch page={next} />
          <CarriedFields except={["size", "grip"]} />
          {showSummary ? (
            <ErrorSummary
              items={sizeError ? [{ fieldId: `${fields.size.id}-0`, label: t("gripSize.width"), message: sizeError }] : []}
              formErrors={form.errors}
            />
          ) : null}
          <fieldset
            className="choice-group"
            aria-describedby={sizeError ? fields.size.errorId : undefined}
            aria-invalid={sizeError ? true : undefined}
          >
            <legend>{t("gripSize.width")}</legend>
            <p className="field__hint">{t("gripSize.widthHint")}</p>
            <div className="choice-group__options">
              {catalog.sizes.map((size, index) => (
                <label key={size} className="choice">
                  <input
                    type="radio"
                    id={`${fields.size.id}-${index}`}
                    name={fields.size.name}
                    value={String(size)}
                    checked={order.size === size}
                    onChange={() => order.setSize(size)}
                  />
                  <span className="choice__label">{formatDeckSize(size, locale)}</span>
                  {size >= catalog.wideDeck.fromInches ? (
                    <span className="choice__extra">+{formatMoney(priceForDestination(catalog.wideDeck.priceCents, order.country), locale)}</span>
                  ) : null}
                </label>
              ))}
            </div>
            <p id={fields.size.errorId} className="field__error">
              {sizeError}
            </p>
          </fieldset>

          <fieldset className="choice-group">
            <legend>{t("gripSize.grip")}</legend>
            <label className="choice choice--wide">
              <input
                type="checkbox"
                id={fields.grip.id}
                name={fields.grip.name}
                checked={order.grip}
                onChange={(event) => {
                  order.setGrip(event.currentTarget.checked);
                  setSide("top");
                }}
              />
              <span className="choice__label">{t("gripSize.applyGrip")}</span>
              <span className="choice__extra">+{formatMoney(priceForDestination(catalog.grip.priceCents, order.country), locale)}</span>
              {/* The deck's top as chosen, beside the box: on a phone the big picture is above, out of view. */}
              <span className="deck-swatch" aria-hidden="true">
                <DeckPreview className="deck-swatch__deck" design={order.design} size={order.size} grip={order.grip} side="top" horizontal />
              </span>
            </label>
          </fieldset>

          <SafeZoneWarning design={order.design} size={order.size} />
          <p className="price" aria-live="polite">
            <span>{t("gripSize.price")}</span> <strong data-testid="price">{formatMoney(price.subtotalCents, locale)}</strong>
            <span className="price__note">{common(price.tax.kind === "export" ? "price.exportPlusShipping" : "price.inclVatPlusShipping")}</span>
          </p>
          <button type="submit" className="button button--primary">
            {t(next === "/Shipping" ? "gripSize.toShipping" : "gripSize.toLogin")}
          </button>
        </Form>
      </div>
    </div>
  );
}
