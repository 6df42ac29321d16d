import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { ErrorSummary, type FormErrorItem } from "#app/components/form-fields.tsx";
import { OrderSummary } from "#app/modules/checkout/order-summary.tsx";
import { PostalAddress } from "#app/modules/checkout/postal-address.tsx";
import { useReloadHold } from "#app/modules/build-update/use-reload-hold.ts";
import { CardFields, cardSummaryItems, checkCardFields } from "#app/modules/card/card-form.tsx";
import { useCardForm } from "#app/modules/card/use-card-form.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { BuyButton, OrderTerms } from "#app/modules/checkout/order-terms.tsx";
import { useStepGuard } from "#app/modules/checkout/use-step-guard.ts";
import { orderStore, useOrder } from "#app/modules/checkout/order-store.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/payment";
import { paymentAction } from "./payment.server.ts";

export const meta = () => pageMeta({ title: "Payment", description: "Check your order and pay by card." });

export async function loader({ context }: Route.LoaderArgs) {
  return { accountEmail: (await currentAccount(context))?.email ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return paymentAction(request, context);
}

/** Fields of earlier steps: when the server finds one wrong, the buyer is pointed back to that step. */
const earlierStepFields: Record<string, { label: string; step: string }> = {
  size: { label: "Deck width", step: "/GripSize" },
  contact: { label: "E-mail", step: "/Login" },
  name: { label: "Full name", step: "/Shipping" },
  address: { label: "Street and house number", step: "/Shipping" },
  addressextend: { label: "Apartment, suite, etc.", step: "/Shipping" },
  postalcode: { label: "Postal code", step: "/Shipping" },
  city: { label: "Town or city", step: "/Shipping" },
  country: { label: "Country", step: "/Shipping" },
  design: { label: "Design", step: "/editor" },
};

export default function Payment() {
  const { accountEmail } = useLoaderData<typeof loader>();
  const order = useOrder();
  const card = useCardForm();
  const reply = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formAction?.toLowerCase() === "/payment";
  const hold = useReloadHold("card details typed", Object.values(card.values).some((value) => value !== ""));
  const summaryRef = useRef<HTMLDivElement>(null);
  useStepGuard("/Payment", { signedIn: accountEmail !== null });
  useEffect(() => void orderStore.ensureCheckoutId(), []);

  // A refused payment keeps every field but the security code, which the buyer types again.
  useEffect(() => {
    if (reply?.status === "error") {
      card.clearSecurityCode();
      summaryRef.current?.focus();
    }
  }, [reply]); // only when a new reply arrives: `card` changes on every keystroke

  const contact = order.contact || accountEmail || "";
  const price = priceOrder(order);
  const serverItems: FormErrorItem[] = Object.entries(reply?.error ?? {}).flatMap(([field, messages]) => {
    const earlier = earlierStepFields[field];
    return earlier && messages?.[0] ? [{ fieldId: "", label: earlier.label, message: messages[0], href: earlier.step }] : [];
  });
  const items = [...cardSummaryItems(card), ...serverItems];

  return (
    <div className="page page--checkout">
      {/* First in the page: on a phone the total is at the top, before the form (a side column from 48rem). */}
      <aside className="page__aside checkout-summary" aria-label="Order summary">
        <OrderSummary order={order} />
      </aside>
      <div className="page__content stack">
        <h1>Payment</h1>
        <div ref={summaryRef} tabIndex={-1}>
          {card.checked || reply?.status === "error" ? (
            <ErrorSummary items={items} formErrors={reply?.error?.[""] ?? []} />
          ) : null}
        </div>
        <Form
          method="post"
          noValidate
          className="stack"
          aria-label="Pay for your order"
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
          <input type="hidden" name="design" value={JSON.stringify(order.design)} />
          <input type="hidden" name="checkoutId" value={order.checkoutId} />
          <input type="hidden" name="expectedTotalCents" value={String(price.totalCents)} />
          <section className="card-panel stack" aria-labelledby="card-title">
            <h2 id="card-title">Card</h2>
            {/* Card details stay in this component's state: never in the order store, storage or the URL. */}
            <CardFields card={card} named groupProps={hold} />
          </section>
          {/* The total, the terms and the withdrawal exception, then "Buy now" (order-terms.tsx, D161). */}
          <OrderTerms totalCents={price.totalCents} />
          <BuyButton paying={paying} />
          <p className="field__hint">Test mode: use 4242 4242 4242 4242, any future date and any security code.</p>
        </Form>
        <section className="card-panel" aria-labelledby="ship-to-title">
          <h2 id="ship-to-title">Ship to</h2>
          {order.name ? (
            <PostalAddress address={order} testId="ship-to" />
          ) : (
            <p>No shipping address yet.</p>
          )}
          <p>
            <Link to="/Shipping">Change shipping address</Link>
          </p>
          {contact ? <p>Confirmation to {contact}</p> : null}
        </section>
      </div>
    </div>
  );
}
