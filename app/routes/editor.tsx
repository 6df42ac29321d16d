import { Link } from "react-router";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { DesignEditor } from "#app/modules/editor/design-editor.tsx";
import { useOrder } from "#app/modules/checkout/order-store.ts";

export const meta = () =>
  pageMeta({
    title: "Design your deck",
    description: "Put your own text and emoji stickers on a skateboard deck, and see it on the deck as you go.",
  });

export default function Editor() {
  const order = useOrder();
  return (
    <div className="editor-page">
      <h1>Design your deck</h1>
      <p className="editor-page__lead">
        Add text and stickers, then drag them into place. Shown true to scale,{" "}
        {formatDeckSize(order.size || catalog.sizes[0])} wide{order.size ? "" : " (our narrowest)"}.
      </p>
      <DesignEditor
        design={order.design}
        onDesignChange={order.setDesign}
        size={order.size}
        grip={order.grip}
        summary={<EditorSummary order={order} />}
      />
    </div>
  );
}

/**
 * The price and the next step, beside the deck. A design costs nothing extra, so the price is the deck's as chosen
 * so far: "From" until a width is chosen (the wider decks and grip tape add to it), then the deck's own price.
 */
function EditorSummary({ order }: { order: { size: number; grip: boolean } }) {
  const price = priceOrder(order);
  return (
    <div className="editor-summary">
      <p className="price editor-summary__price">
        <span>{order.size ? `Your ${formatDeckSize(order.size)} deck${order.grip ? " with grip" : ""}` : "From"}</span>{" "}
        <strong>{formatMoney(price.subtotalCents)}</strong>
        <span className="price__note">incl. VAT, plus shipping. Text and stickers included.</span>
      </p>
      <Link to="/GripSize" prefetch="intent" className="button button--primary editor-summary__next">
        Choose grip &amp; size
      </Link>
      <p className="editor-summary__note">Your design is saved in this browser as you go.</p>
    </div>
  );
}
