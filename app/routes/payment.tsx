import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { ErrorSummary, type FormErrorItem } from "#app/components/form-fields.tsx";
import { OrderSummary } from "#app/modules/checkout/order-summary.tsx";
import { PostalAddress } from "#app/modules/checkout/postal-address.tsx";
import { useReloadHold } from "#app/modules/build-update/use-reload-hold.ts";
import { CardFields, cardSummaryItems, checkCardFields } from "#app/modules/card/card-form.tsx";
import { useCardForm } from "#app/modules/card/use-card-form.ts";
import type { CardValues } from "#app/modules/card/card-validation.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { BuyButton, OrderTerms } from "#app/modules/checkout/order-terms.tsx";
import { SafeZoneWarning } from "#app/modules/checkout/safe-zone-warning.tsx";
import { useStepGuard } from "#app/modules/checkout/use-step-guard.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/payment";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { paymentAction } from "./payment.server.ts";
import { StepLink } from "#app/modules/checkout/step-link.tsx";
import { networkFailureReply, unlessNetworkFails } from "#app/modules/forms/network-failure.ts";

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "checkout");
  return pageMeta({ title: t("payment.title"), description: t("payment.description") });
};

export async function loader({ context }: Route.LoaderArgs) {
  return {
    accountEmail: (await currentAccount(context))?.email ?? null,
    // For a browser without scripts, which never gets the tab's own checkout id: a fresh one for each page, so that
    // pressing "Buy now" twice on it still places one order (D235).
    pageCheckoutId: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return paymentAction(request, context);
}

// A payment whose answer the network lost may have gone through: the message says that pressing again is safe (the
// checkout id places and charges the order once).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessNetworkFails(serverAction, () => networkFailureReply("common:error.networkPayment"));
}

/** Fields of earlier steps and their steps: when the server finds one wrong, the buyer is pointed back there. */
const earlierStepFields = {
  size: "/GripSize",
  contact: "/Login",
  name: "/Shipping",
  address: "/Shipping",
  addressextend: "/Shipping",
  postalcode: "/Shipping",
  city: "/Shipping",
  country: "/Shipping",
  region: "/Shipping",
  design: "/editor",
} as const;

function isEarlierStepField(field: string): field is keyof typeof earlierStepFields {
  return Object.hasOwn(earlierStepFields, field);
}

/** The card a reply speaks of: the security code is left out, as a refusal clears it for the buyer to type again. */
const cardOf = ({ cardNumber, cardName, cardMonth, cardYear }: CardValues) =>
  JSON.stringify([cardNumber, cardName, cardMonth, cardYear]);

export default function Payment() {
  const { accountEmail, pageCheckoutId } = useLoaderData<typeof loader>();
  const order = useOrder();
  const card = useCardForm();
  const { t: cardT } = useTranslation("card");
  const { t } = useTranslation("checkout");
  const reply = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formAction?.toLowerCase() === "/payment";
  const hold = useReloadHold("card details typed", Object.values(card.values).some((value) => value !== ""));
  const summaryRef = useRef<HTMLDivElement>(null);
  useStepGuard("/Payment", { signedIn: accountEmail !== null });
  useEffect(() => void orderStore.ensureCheckoutId(), []);

  // A refused payment keeps every field but the security code, which the buyer types again.
  const [repliedCard, setRepliedCard] = useState<string | null>(null);
  useEffect(() => {
    if (reply?.status === "error") {
      setRepliedCard(cardOf(card.values));
      card.clearSecurityCode();
      summaryRef.current?.focus();
    }
  }, [reply]); // only when a new reply arrives: `card` changes on every keystroke
  // The server's word on the card ("declined", a refused field) goes once the buyer changes the card it was about.
  const cardReplyCurrent = repliedCard === null || repliedCard === cardOf(card.values);
  const cardReplyErrors = cardReplyCurrent ? (reply?.error ?? {}) : {};

  const contact = order.contact || accountEmail || "";
  const price = priceOrder(order);
  const serverItems: FormErrorItem[] = Object.entries(reply?.error ?? {}).flatMap(([field, messages]) =>
    isEarlierStepField(field) && messages?.[0]
      ? [{ fieldId: "", label: t(`payment.earlierFields.${field}`), message: messages[0], href: earlierStepFields[field] }]
      : [],
  );
  // The browser checks the card as the server does, so the server's card errors show only if the two ever differ.
  const items = [...cardSummaryItems(card, cardT, "card", cardReplyErrors), ...serverItems];
  const formErrors = cardReplyErrors[""] ?? [];

  return (
    <div className="page page--checkout">
      {/* First in the page: on a phone the total is at the top, before the form (a side column from 48rem). */}
      <aside className="page__aside checkout-summary" aria-label={t("shipping.summaryLabel")}>
        <OrderSummary order={order} />
      </aside>
      <div className="page__content stack">
        <h1>{t("payment.title")}</h1>
        <div ref={summaryRef} tabIndex={-1}>
          {card.checked || reply?.status === "error" ? <ErrorSummary items={items} formErrors={formErrors} /> : null}
        </div>
        <Form
          method="post"
          noValidate
          className="stack"
          aria-label={t("payment.formLabel")}
          onSubmit={(event) => {
            if (paying || !checkCardFields(card)) event.preventDefault();
          }}
        >
          <input type="hidden" name="grip" value={order.grip ? "on" : ""} />
          <input type="hidden" name="size" value={String(order.size)} />
          <input type="hidden" name="contact" value={contact} />
          <input type="hidden" name="name" value={order.name} />
          <input type="hidden" name="address" value={order.address} />
          <input type="hidden" name="addressextend" value={order.addressextend} />
          <input type="hidden" name="postalcode" value={order.postalcode} />
          <input type="hidden" name="city" value={order.city} />
          <input type="hidden" name="country" value={order.country} />
          <input type="hidden" name="region" value={order.region} />
          <input type="hidden" name="design" value={JSON.stringify(order.design)} />
          <input type="hidden" name="checkoutId" value={order.checkoutId || pageCheckoutId} />
          <input type="hidden" name="expectedTotalCents" value={String(price.totalCents)} />
          <section className="card-panel stack" aria-labelledby="card-title">
            <h2 id="card-title">{t("payment.card")}</h2>
            {/* Card details stay in this component's state: never in the order store, storage or the URL. */}
            <CardFields card={card} named groupProps={hold} />
          </section>
          {/* The total, the terms and the withdrawal exception, then "Buy now" (order-terms.tsx, D161). */}
          <SafeZoneWarning design={order.design} size={order.size} />
          <OrderTerms order={order} price={price} />
          <BuyButton paying={paying} />
          <p className="field__hint">{t("payment.testMode")}</p>
        </Form>
        <section className="card-panel" aria-labelledby="ship-to-title">
          <h2 id="ship-to-title">{t("payment.shipTo")}</h2>
          {order.name ? (
            <PostalAddress address={order} testId="ship-to" />
          ) : (
            <p>{t("payment.noAddress")}</p>
          )}
          <p>
            <StepLink to="/Shipping">{t("payment.changeAddress")}</StepLink>
          </p>
          {contact ? <p>{t("payment.confirmationTo", { contact })}</p> : null}
        </section>
      </div>
    </div>
  );
}
