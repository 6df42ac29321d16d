import { useState } from "react";
import { Form, Link, useLoaderData } from "react-router";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { metaTranslator } from "#app/modules/i18n/meta-translator.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatDateTime, formatDeckSize, formatMoney, pageMeta } from "#app/modules/catalog/format.ts";
import { DeckPreview } from "#app/modules/design/deck-preview.tsx";
import { ORDER_STATUSES } from "#app/modules/orders/order-status.ts";
import type { OrderListFilter } from "#app/modules/admin/order-list-filter.ts";
import type { WithdrawalMark } from "#app/modules/admin/withdrawal-mark.ts";
import type { ExportRangeError } from "#app/modules/admin/export-range.ts";
import { OrderStatusBadge } from "#app/modules/orders/order-status-badge.tsx";
import type { Route } from "./+types/admin-orders";
import { adminOrdersLoader } from "./admin-orders.server.ts";

export const meta: Route.MetaFunction = (args) => {
  const { t } = metaTranslator(args, "admin");
  return pageMeta({ title: t("meta.ordersTitle"), description: t("meta.ordersDescription"), noindex: true });
};

export const loader = ({ request, context }: Route.LoaderArgs) => adminOrdersLoader(request, context);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The list's URL for a status, a search and a page; empty parts are left out. */
function listUrl(path: string, params: { status?: OrderListFilter | null; q?: string; after?: string | null }) {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.after) search.set("after", params.after);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export default function AdminOrders() {
  const { query, counts, orders, nextCursor, exportForm } = useLoaderData<typeof loader>();
  const filters = { status: query.status, q: query.search };
  const { t } = useTranslation("admin");
  const { t: tOrders } = useTranslation("orders");
  const locale = useLocale();
  const statusLabel = (status: OrderListFilter | null) =>
    status === "withdrawn" ? t("orders.refundDue") : status ? tOrders(`status.${status}`) : t("orders.all");
  return (
    <div className="stack">
      <div className="admin__heading">
        <h1>{t("orders.heading")}</h1>
      </div>
      <Form method="get" className="admin__search" role="search">
        <label htmlFor="order-search">{t("orders.searchLabel")}</label>
        <div className="admin__search-row">
          <input id="order-search" name="q" type="search" defaultValue={query.search} spellCheck={false} autoComplete="off" />
          {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
          <button type="submit" className="button">
            {t("orders.search")}
          </button>
        </div>
      </Form>
      <nav aria-label={t("orders.statusNav")}>
        <ul className="admin__tabs">
          {/* Last, "refund due": declared withdrawals not yet refunded, which the seller owes within 14 days. */}
          {([null, ...ORDER_STATUSES, "withdrawn"] as const).map((status) => (
            <li key={status ?? "all"}>
              <Link to={listUrl("/admin", { status, q: query.search })} aria-current={status === query.status ? "page" : undefined}>
                <span className="admin__tab-label">{statusLabel(status)}</span>{" "}
                <span className="admin__count">{counts[status ?? "all"]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orders.length === 0 ? (
        <p role="status">{query.search ? t("orders.noMatch", { search: query.search }) : t("orders.none")}</p>
      ) : (
        <div className="admin__table-wrap">
          <table className="admin__table">
            <caption className="visually-hidden">
              {t("orders.caption", { status: statusLabel(query.status) })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="admin__wide-only">{t("orders.columnDesign")}</th>
                <th scope="col">{t("orders.columnOrder")}</th>
                <th scope="col" className="admin__wide-only">{t("orders.columnDate")}</th>
                <th scope="col">{t("orders.columnBuyer")}</th>
                <th scope="col" className="admin__wide-only">{t("orders.columnWidth")}</th>
                <th scope="col" className="admin__wide-only">{t("orders.columnGrip")}</th>
                <th scope="col" className="admin__amount">
                  {t("orders.columnTotal")}
                </th>
                <th scope="col">{t("orders.columnStatus")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className="admin__wide-only">
                    <DeckPreview className="admin__thumb" design={order.design} size={order.size} grip={order.grip} />
                  </td>
                  <th scope="row" className="admin__nowrap">
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </th>
                  <td className="admin__nowrap admin__wide-only">{formatDateTime(order.createdAt, locale)}</td>
                  <td className="admin__buyer">
                    {order.name}
                    <br />
                    <span className="admin__muted">{order.contact}</span>
                  </td>
                  <td className="admin__wide-only">{formatDeckSize(order.size, locale)}</td>
                  <td className="admin__wide-only">{order.grip ? t("orders.yes") : t("orders.no")}</td>
                  <td className="admin__amount">{formatMoney(order.totalCents, locale)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                    {order.withdrawal ? <WithdrawalNote mark={order.withdrawal} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t("orders.pages")} className="actions">
        {query.paged ? (
          <Link className="button" to={listUrl("/admin", filters)}>
            {t("orders.firstPage")}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link className="button" to={listUrl("/admin", { ...filters, after: nextCursor })}>
            {t("orders.nextPage")}
          </Link>
        ) : null}
      </nav>
      {/* Below the list, which is what the page is for (on a phone the table's head stays on the first screen); a
          refused range focuses its field. Keyed by what the loader said, so that a new answer starts the form afresh. */}
      <ExportForm key={JSON.stringify(exportForm)} status={query.status} search={query.search} form={exportForm} />
    </div>
  );
}

/**
 * Beside the status of an order whose withdrawal is still to be dealt with: in time (the refund is due within 14 days:
 * it stands out until refunded), late or for an own-design deck (no refund is due: a plain mark, so that a refund is
 * not made by habit). The words say which; the colour only helps scanning.
 */
function WithdrawalNote({ mark }: { mark: WithdrawalMark }) {
  const { t } = useTranslation("admin");
  return (
    <>
      {" "}
      <span className={`status-badge ${mark.kind === "inTime" ? "status-badge--withdrawn" : "status-badge--withdrawal-no-refund"}`}>
        {t(`orders.withdrawal.${mark.kind}`)}
      </span>
      <span className="admin__muted admin__withdrawal-note">
        {mark.kind === "late" ? t("orders.withdrawal.lateNote", { count: mark.daysAfterDelivery }) : t(`orders.withdrawal.${mark.kind}Note`)}
      </span>
    </>
  );
}

interface ExportFormState {
  values: { from: string; to: string };
  errors: Partial<Record<"from" | "to", ExportRangeError>>;
}

/**
 * The CSV export, by an optional range of days (export-range.ts), with the list's tab and search. A plain GET form, not
 * React Router's: the browser itself sends it and downloads the file, with or without JavaScript, and the page stays.
 * The loader sends a good range on to the CSV and answers a bad one with this form and a message under each wrong field.
 * Once scripts run, a field's message goes when the field is changed: the corrected form downloads the file and the
 * page stays, so the message would otherwise stay beside a right date.
 */
function ExportForm({ status, search, form }: { status: OrderListFilter | null; search: string; form: ExportFormState }) {
  const { t } = useTranslation("admin");
  const [edited, setEdited] = useState<ReadonlySet<"from" | "to">>(() => new Set());
  const errorOf = (field: "from" | "to") => (edited.has(field) ? undefined : form.errors[field]);
  const firstInvalid = form.errors.from ? "from" : form.errors.to ? "to" : null;
  return (
    <form method="get" action="/admin" className="admin__export" noValidate>
      <fieldset>
        <legend>{t("orders.export.legend")}</legend>
        <p id="export-hint" className="field__hint">
          {t("orders.export.hint", { timeZone: catalog.timeZone })}
        </p>
        {status ? <input type="hidden" name="status" value={status} /> : null}
        {search ? <input type="hidden" name="q" value={search} /> : null}
        <div className="admin__export-row">
          {(["from", "to"] as const).map((field) => {
            const error = errorOf(field);
            return (
              <div className="field" key={field}>
                <label htmlFor={`export-${field}`}>{t(`orders.export.${field}`)}</label>
                <input
                  id={`export-${field}`}
                  name={field}
                  type="date"
                  defaultValue={form.values[field]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `export-${field}-error export-hint` : "export-hint"}
                  autoFocus={firstInvalid === field}
                  onChange={() => {
                    if (form.errors[field] && !edited.has(field)) setEdited(new Set([...edited, field]));
                  }}
                />
                {error ? (
                  <p id={`export-${field}-error`} className="field__error">
                    {t(`orders.export.${error}`)}
                  </p>
                ) : null}
              </div>
            );
          })}
          {/* The first is the one Enter in a day field presses. */}
          <button type="submit" name="export" value="csv" className="button">
            {t("orders.exportCsv")}
          </button>
          <button type="submit" name="export" value="documents" className="button">
            {t("orders.exportDocuments")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
