import { Link } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

/** The 404 page (spec §2, §8): status, status message and the path that was not found. */
export function NotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">404</p>
      <h1 id="error-title">{t("notFound.title")}</h1>
      <p className="error-page__description">{t("notFound.description", { path })}</p>
      <p>
        <Trans i18nKey="notFound.next" components={{ home: <Link to="/" />, gripSize: <Link to="/GripSize" /> }} />
      </p>
    </section>
  );
}
