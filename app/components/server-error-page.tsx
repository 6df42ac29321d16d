import type { ReactNode } from "react";
import { Link } from "react-router";

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
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">Internal Server Error</h1>
      <p className="error-page__description">{description}</p>
      {children}
      {reference ? (
        <p>
          If you contact us about this, quote the reference <code>{reference}</code>.
        </p>
      ) : null}
      <p>
        Your design and order details are kept in this browser. <Link to="/">Go to the start page</Link>.
      </p>
    </section>
  );
}
