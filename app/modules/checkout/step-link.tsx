import { useContext, type ReactNode } from "react";
import { Link } from "react-router";
import { CarriedFields } from "./carried-fields.tsx";
import { CarriedDraftContext } from "./order-store.ts";

/**
 * A link back to an earlier checkout step. With scripts it is a plain link: the tab's draft keeps the order. A browser
 * without them keeps what was entered only in the fields the server carried to this page, so there it is a form that
 * carries them back to the step (routes/checkout-revisit.ts, D240); CSS shows the one that works (app.css).
 */
export function StepLink({ to, children }: { to: string; children: ReactNode }) {
  const carried = useContext(CarriedDraftContext);
  if (!carried) return <Link to={to}>{children}</Link>;
  return (
    <>
      <Link to={to} className="needs-scripts">
        {children}
      </Link>
      <form method="post" action="/checkout/revisit" className="without-scripts">
        <input type="hidden" name="to" value={to} />
        <CarriedFields except={[]} />
        <button type="submit" className="link-button">
          {children}
        </button>
      </form>
    </>
  );
}
