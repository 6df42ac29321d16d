import { Link } from "react-router";

/** The 404 page (spec §2, §8): status, status message and the path that was not found. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">404</p>
      <h1 id="error-title">Page Not Found</h1>
      <p className="error-page__description">Page not found: {path}</p>
      <p>
        <Link to="/">Go to the start page</Link> or <Link to="/GripSize">choose your deck&apos;s grip and size</Link>.
      </p>
    </section>
  );
}
