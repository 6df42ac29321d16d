import { Link } from "react-router";
import { DeckPreview } from "~/components/deck-preview";
import { catalog } from "~/modules/catalog/catalog";
import { backgroundSwatches } from "~/modules/editor/design";
import { useOrder } from "~/modules/order/order-store";

export const meta = () => [{ title: `Design your deck · ${catalog.shopName}` }];

export default function Editor() {
  const order = useOrder();
  return (
    <div className="page page--split">
      <div className="page__aside">
        <DeckPreview design={order.design} size={order.size} grip={order.grip} />
      </div>
      <div className="page__content stack">
        <h1>Design your deck</h1>
        <fieldset className="choice-group">
          <legend>Background colour</legend>
          <div className="swatches">
            {backgroundSwatches.map((swatch) => (
              <label key={swatch.value} className="swatch">
                <input
                  type="radio"
                  name="background"
                  value={swatch.value}
                  checked={order.design.background === swatch.value}
                  onChange={() => order.setDesign({ ...order.design, background: swatch.value })}
                />
                <span className="swatch__chip" style={{ background: swatch.value }} aria-hidden="true" />
                <span>{swatch.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p>Your design is saved in this browser as you go.</p>
        <Link to="/GripSize" prefetch="intent" className="button button--primary">
          Choose grip &amp; size
        </Link>
      </div>
    </div>
  );
}
