import type { ReactNode } from "react";
import { Link } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

interface ServerErrorPageProps {
  status?: number;
  description: string;
  /** The request id that the server log carries beside the error. */
  reference?: string;
  /** What the buyer can do about it (a "Try again" link), shown after the description. */
  children?: ReactNode;
}

/**
 * The generic error page (spec §2, §8): a status code (default 500), the status message and a description.
 * The spec's status message for anything but 404 is "Internal Server Error".
 */
export function ServerErrorPage({ status = 500, description, reference, children }: ServerErrorPageProps) {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{t("serverError.title")}</h1>
      <p className="error-page__description">{description}</p>
      {children}
      {reference ? (
        <p>
          <Trans i18nKey="serverError.reference" values={{ reference }} components={{ code: <code /> }} />
        </p>
      ) : null}
      <p>
        <Trans i18nKey="serverError.kept" components={{ home: <Link to="/" /> }} />
      </p>
    </section>
  );
}
