import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { useLoaderData } from "react-router";
import { pageMeta } from "#app/modules/catalog/format.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { isLegalPage } from "#app/modules/legal/legal-pages.ts";
import { legalText, sellerPlaceholders } from "#app/modules/legal/legal-texts.server.ts";
import { LegalTextView } from "#app/modules/legal/legal-text-view.tsx";
import { operatorConfig } from "#app/modules/legal/operator.server.ts";
import { getLocale } from "#app/request-context.server.ts";
import type { Route } from "./+types/legal";

/**
 * The legal pages: imprint, terms, privacy notice, withdrawal information. Their words are the operator's
 * (config/legal/<locale>/<page>.md, named by the operator's file), never this component's; the imprint's seller
 * block comes from the operator's seller facts.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const page = params.page;
  if (!isLegalPage(page)) pageNotFound(request);
  const locale = getLocale(context);
  const t = translatorFor(locale, "legal");
  const seller = operatorConfig().seller;
  return {
    page,
    title: t(`pages.${page}.title`),
    description: t(`pages.${page}.description`, { seller: seller.name }),
    blocks: legalText(locale, page),
    // The country's name in the page's language, made here so that server and browser show the same words.
    seller: page === "imprint" ? { ...seller, formatCountry: sellerPlaceholders(seller, locale)["seller.country"] } : null,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData?.title ?? "", description: loaderData?.description ?? "" });

export default function LegalPage() {
  const { title, blocks, seller } = useLoaderData<typeof loader>();
  const { t } = useTranslation("legal");
  return (
    <article className="page legal-page stack">
      <h1>{title}</h1>
      {seller ? (
        <section aria-labelledby="seller-title">
          <h2 id="seller-title">{t("seller.heading")}</h2>
          <p>
            {seller.name}
            <br />
            {seller.street}
            <br />
            {seller.postalCode} {seller.city}
            <br />
            {seller.formatCountry}
          </p>
          <dl className="legal-seller">
            {seller.representedBy ? (
              <>
                <dt>{t("seller.representedBy")}</dt>
                <dd>{seller.representedBy}</dd>
              </>
            ) : null}
            {seller.register ? (
              <>
                <dt>{t("seller.register")}</dt>
                <dd>{seller.register}</dd>
              </>
            ) : null}
            <dt>{t("seller.vatId")}</dt>
            <dd>{seller.vatId}</dd>
            <dt>{t("seller.contact")}</dt>
            <dd>
              {t("seller.email")}: <a href={`mailto:${seller.email}`}>{seller.email}</a>
              {seller.phone ? (
                <>
                  <br />
                  {t("seller.phone")}: <a href={`tel:${seller.phone.replace(/[^+0-9]/g, "")}`}>{seller.phone}</a>
                </>
              ) : null}
            </dd>
          </dl>
        </section>
      ) : null}
      <LegalTextView blocks={blocks} />
    </article>
  );
}
