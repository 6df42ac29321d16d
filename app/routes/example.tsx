import { Link } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { Route } from "./+types/example";
import { CardShowcase } from "#app/modules/card/card-showcase.tsx";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { EmojiShowcase } from "#app/modules/emoji/emoji-showcase.tsx";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { routeMiddleware } from "#app/modules/middleware/route-middleware.server.ts";

export const middleware = routeMiddleware("guest");

export const meta = (args: Route.MetaArgs) => {
  const { t } = metaTranslator(args, "card");
  return pageMeta({ title: t("example.title"), description: t("example.description") });
};

/** Guest-only showcase of the shop's widgets (spec §2: route middleware "guest"). */
export default function Example() {
  const { t } = useTranslation("card");
  return (
    <div className="page page--narrow stack">
      <h1>{t("example.title")}</h1>
      <p>
        <Trans
          t={t}
          i18nKey="example.intro"
          values={{ shop: catalog.shopName }}
          components={{ editor: <Link to="/editor" />, gripSize: <Link to="/GripSize" /> }}
        />
      </p>
      <CardShowcase />
      <EmojiShowcase />
    </div>
  );
}
