import { Link } from "react-router";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDeckSize, pageMeta } from "#app/modules/catalog/format.ts";
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
    <div className="editor-page stack">
      <h1>Design your deck</h1>
      <p className="lead">
        Add text and stickers, then drag, resize and turn them on the deck. Shown on a{" "}
        {formatDeckSize(order.size || catalog.sizes[0])} deck
        {order.size ? "" : " (the narrowest; choose yours under grip & size)"}, in true proportions.
      </p>
      <DesignEditor design={order.design} onDesignChange={order.setDesign} size={order.size} grip={order.grip} />
      <p>
        Your design is saved in this browser as you go.{" "}
        <Link to="/GripSize" prefetch="intent" className="button button--primary">
          Choose grip &amp; size
        </Link>
      </p>
    </div>
  );
}
