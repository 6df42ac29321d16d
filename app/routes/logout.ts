import { redirect } from "react-router";
import { signOutSession } from "#app/modules/session/auth.server.ts";
import type { Route } from "./+types/logout";

/** Sign-out is a POST (a link could be triggered by another site); GET just goes home. */
export async function action({ context }: Route.ActionArgs) {
  const setCookie = await signOutSession(context);
  return redirect("/", setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function loader() {
  return redirect("/");
}
