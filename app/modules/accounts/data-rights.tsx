import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { Link } from "react-router";

/** The account page's "Your data": download everything as JSON, or delete the account (D162). */
export function DataRights() {
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="data-rights-title" className="stack">
      <h2 id="data-rights-title">{t("dataRights.title")}</h2>
      <p>{t("dataRights.intro")}</p>
      <div className="actions">
        {/* A file, not a page: a plain link the browser downloads (the route answers with an attachment). */}
        <a className="button" href="/account/data" download aria-describedby="data-download-hint">
          {t("dataRights.download")}
        </a>
        <Link className="button" to="/account/delete">
          {t("dataRights.delete")}
        </Link>
      </div>
      <p id="data-download-hint" className="field__hint">
        {t("dataRights.downloadHint")}
      </p>
    </section>
  );
}
