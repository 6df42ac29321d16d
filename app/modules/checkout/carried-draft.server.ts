import { createContext, createCookie, type Cookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getConfig } from "#app/config.server.ts";
import { sessionSecret } from "#app/modules/session/session-secret.server.ts";
import { carriedDraftOf, type CarriedDraft } from "./carried-draft.ts";

/** The fields this request's page renders with and puts into the tab's draft (carried-draft.ts). */
export const carriedDraftContext = createContext<CarriedDraft | null>(null);
/** The fields an accepted step hands to the next one, through a cookie that lives for that one request. */
const carryToNextContext = createContext<CarriedDraft | null>(null);

let cookie: Cookie | undefined;

/** Short-lived and signed; HttpOnly, as only the server reads it; SameSite=Lax like the session. */
function carriedDraftCookie(): Cookie {
  cookie ??= createCookie("deck-carry", {
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().NODE_ENV === "production",
    path: "/",
    maxAge: 10 * 60,
    secrets: [sessionSecret()],
  });
  return cookie;
}

/**
 * Whether the browser itself posted the form (the page's scripts had not taken it over): its answer is a whole
 * page. React Router's own submissions are fetches, whose mode is "cors" or "same-origin".
 */
export function isDocumentSubmission(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode !== null) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html"); // a browser older than Fetch Metadata
}

/**
 * Fields carried to this request, with a form's on top. Two steps posted in a row before any page ran its
 * scripts (Grip & size, then Login as a guest) must not lose the first one's: its page never put them in the draft.
 */
function withIncoming(context: Readonly<RouterContextProvider>, values: Record<string, unknown>): CarriedDraft | null {
  const incoming = context.get(carriedDraftContext);
  const carried = carriedDraftOf(values);
  return incoming || carried ? { ...incoming, ...carried } : null;
}

const postedFields = (formData: FormData) =>
  Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** A step refused a form the browser posted: the page that says so shows the fields as they were sent. */
export function carryBack(context: Readonly<RouterContextProvider>, request: Request, formData: FormData): void {
  if (isDocumentSubmission(request)) context.set(carriedDraftContext, withIncoming(context, postedFields(formData)));
}

/**
 * A step accepted a form the browser posted: the next step's page gets its fields (`values`, as the step's schema
 * read them), with the earlier steps' fields the form passed on (carried-fields.tsx) under them.
 */
export function carryForward(context: Readonly<RouterContextProvider>, request: Request, formData: FormData, values: Record<string, unknown> = {}): void {
  if (isDocumentSubmission(request)) context.set(carryToNextContext, withIncoming(context, { ...postedFields(formData), ...values }));
}

/** Reads the fields carried to this request (and clears them: they are given once), and sends the next ones. */
export const carriedDraftMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const sent = request.headers.get("Cookie")?.includes("deck-carry=") ?? false;
  if (sent) {
    const value: unknown = await carriedDraftCookie().parse(request.headers.get("Cookie"));
    const carried = typeof value === "object" && value !== null ? carriedDraftOf(value as Record<string, unknown>) : null;
    context.set(carriedDraftContext, carried);
  }
  const response = await next();
  const toNext = context.get(carryToNextContext);
  if (toNext) response.headers.append("Set-Cookie", await carriedDraftCookie().serialize(toNext));
  else if (sent) response.headers.append("Set-Cookie", await carriedDraftCookie().serialize("", { maxAge: 0 }));
  return response;
};
