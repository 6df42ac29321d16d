import { Link } from "react-router";
import { CardShowcase } from "#app/modules/card/card-showcase.tsx";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { EmojiShowcase } from "#app/modules/emoji/emoji-showcase.tsx";
import { routeMiddleware } from "#app/modules/middleware/route-middleware.server.ts";

export const middleware = routeMiddleware("guest");

export const meta = () =>
  pageMeta({ title: "Example", description: "Try the emoji picker and the payment-card preview the shop is built with." });

/** Guest-only showcase of the shop's widgets (spec §2: route middleware "guest"). */
export default function Example() {
  return (
    <div className="page page--narrow stack">
      <h1>Example</h1>
      <p>
        A tour of the pieces that make up {catalog.shopName} for visitors who are not signed in. Start with the{" "}
        <Link to="/editor">deck editor</Link> or go straight to <Link to="/GripSize">grip and size</Link>.
      </p>
      <CardShowcase />
      <EmojiShowcase />
    </div>
  );
}
