import { pageNotFound } from "#app/modules/http/not-found.ts";
import type { Route } from "./+types/not-found";

// Every unmatched path lands here so that it answers HTTP 404 and renders the 404 page in the layout.
export function loader({ request }: Route.LoaderArgs) {
  return pageNotFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return pageNotFound(request);
}

export default function NotFound() {
  return null; // never rendered: the loader always throws to the root error boundary
}
