import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The spec's paths, spelled as the spec spells them; matching is case-insensitive (React Router's default).
export default [
  index("routes/home.tsx"),
  route("editor", "routes/editor.tsx"),
  route("Example", "routes/example.tsx"),
  route("GripSize", "routes/grip-size.tsx"),
  route("Login", "routes/login.tsx"),
  route("Payment", "routes/payment.tsx"),
  route("Shipping", "routes/shipping.tsx"),
  // Back to an earlier step without scripts, with what was entered (D240).
  route("checkout/revisit", "routes/checkout-revisit.ts"),
  // Ours, beyond the spec: order confirmation (guest link or owner), keeping a guest order in an account (a link
  // sent to the order's address), print files, the invoice and a refund's credit note (PDF), a partial refund's credit
  // note by its number, order history, sign-out.
  route("orders/:orderId", "routes/order.tsx"),
  route("orders/:orderId/claim", "routes/order-claim.tsx"),
  route("orders/:orderId/print/:format", "routes/order-print.ts"),
  route("orders/:orderId/invoice", "routes/order-invoice.ts"),
  route("orders/:orderId/credit-note", "routes/order-credit-note.ts"),
  route("orders/:orderId/credit-notes/:number", "routes/order-partial-credit-note.ts"),
  route("account", "routes/account.tsx"),
  route("account/confirm", "routes/account-confirm.tsx"),
  route("account/reset", "routes/account-reset.tsx"),
  // The buyer's data rights: everything as a JSON file, and deleting the account (orders kept anonymised).
  route("account/data", "routes/account-data.ts"),
  route("account/delete", "routes/account-delete.tsx"),
  route("logout", "routes/logout.ts"),
  route("language", "routes/language.ts"),
  // The legal pages (imprint, terms, privacy, withdrawal), their texts from the operator's configuration.
  route("legal/:page", "routes/legal.tsx"),
  // The withdrawal function (§ 356a BGB): withdrawing from a purchase online, with a receipt by mail.
  route("withdraw", "routes/withdraw.tsx"),
  route("healthz", "routes/healthz.ts"),
  // For search engines: what may be crawled, and the public pages.
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The back office: operators only (every loader and action checks); anyone else gets the 404 page. Its sign-in
  // page is the one exception, and gives nothing away (a buyer's password reads as a wrong one).
  route("admin/login", "routes/admin-login.tsx"),
  route("admin/orders.csv", "routes/admin-orders-csv.ts"),
  route("admin/documents.csv", "routes/admin-documents-csv.ts"),
  route("admin/orders/:orderId/print/:format", "routes/admin-order-print.ts"),
  route("admin/orders/:orderId/invoice", "routes/admin-order-invoice.ts"),
  route("admin/orders/:orderId/credit-note", "routes/admin-order-credit-note.ts"),
  route("admin/orders/:orderId/credit-notes/:number", "routes/admin-order-partial-credit-note.ts"),
  layout("routes/admin-layout.tsx", [
    route("admin", "routes/admin-orders.tsx"),
    route("admin/orders/:orderId", "routes/admin-order.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
