import { Form, Link, NavLink, Outlet, useLoaderData } from "react-router";
import { Trans } from "react-i18next";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
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
  const { t } = useTranslation("admin");
  return (
    <div className="admin">
      <div className="admin__bar">
        <nav aria-label={t("layout.nav")}>
          <ul className="admin__nav">
            <li>
              <NavLink to="/admin">{t("layout.orders")}</NavLink>
            </li>
            <li>
              <Link to="/">{t("layout.shop")}</Link>
            </li>
          </ul>
        </nav>
        <div className="admin__who">
          <span>
            <Trans t={t} i18nKey="layout.operator" values={{ email }} components={{ strong: <strong /> }} />
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="button button--small">
              {t("layout.signOut")}
            </button>
          </Form>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
