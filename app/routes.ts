import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The spec's paths, spelled as the spec spells them; matching is case-insensitive (React Router's default).
export default [
  index("routes/home.tsx"),
  route("editor", "routes/editor.tsx"),
  route("Example", "routes/example.tsx"),
  route("GripSize", "routes/grip-size.tsx"),
  route("Login", "routes/login.tsx"),
  route("Payment", "routes/payment.tsx"),
  route("Shipping", "routes/shipping.tsx"),
  // Ours, beyond the spec: order confirmation (guest link or owner), keeping a guest order in an account (a link
  // sent to the order's address), print files, order history, sign-out.
  route("orders/:orderId", "routes/order.tsx"),
  route("orders/:orderId/claim", "routes/order-claim.tsx"),
  route("orders/:orderId/print/:format", "routes/order-print.ts"),
  route("account", "routes/account.tsx"),
  route("account/confirm", "routes/account-confirm.tsx"),
  route("account/reset", "routes/account-reset.tsx"),
  route("logout", "routes/logout.ts"),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
