import { data } from "react-router";
import type { Route } from "./+types/not-found";

// Every unmatched path lands here so that it answers HTTP 404 and renders the 404 page in the layout.
function notFound(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export function loader({ request }: Route.LoaderArgs) {
  return notFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return notFound(request);
}

export default function NotFound() {
  return null; // never rendered: the loader always throws to the root error boundary
}
