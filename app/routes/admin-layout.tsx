import { Form, Link, NavLink, Outlet, useLoaderData } from "react-router";
import { requireOperator } from "#app/modules/accounts/operators.server.ts";
import "#app/modules/admin/admin.css";
import type { Route } from "./+types/admin-layout";

/** Every back-office page sits in this layout; to anyone but an operator the whole of /admin is the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const operator = await requireOperator(request, context);
  return { email: operator.email };
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <div className="admin__bar">
        <nav aria-label="Back office">
          <ul className="admin__nav">
            <li>
              <NavLink to="/admin">Orders</NavLink>
            </li>
            <li>
              <Link to="/">Shop</Link>
            </li>
          </ul>
        </nav>
        <div className="admin__who">
          <span>
            Operator <strong>{email}</strong>
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="button button--small">
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
