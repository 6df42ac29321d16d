import { data } from "react-router";
import { formMessage } from "./form-message.ts";

/**
 * What a form shows when its submission got no answer at all (offline, a dropped mobile connection): the
 * browser's fetch rejects with a TypeError ("Failed to fetch", "Load failed", "NetworkError…"). Any other
 * failure is the server's to report, and goes on to the error page as before.
 */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** A refused form's reply (conform's shape) with one form-wide message, a key translated where it is shown. */
export function networkFailureReply(messageKey = "common:error.network") {
  return { status: "error" as const, error: { "": [formMessage(messageKey)] } };
}

/** Marks a reply as standing for a submission the network lost (read by the root's shouldRevalidate). */
const LOST = "networkFailed";

/**
 * The reply as a 503, marked: React Router then skips reloading the page's data (the root asks for that by the
 * mark), which, with the network gone, would fail too and bring up the error page after all.
 */
function offline<Reply extends object>(reply: Reply) {
  return data({ ...reply, [LOST]: true as const }, { status: 503 });
}

/** Whether an action's result is the reply to a lost submission: the page's data stays as it is. */
export function isLostSubmission(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && LOST in actionResult;
}

/**
 * A route's clientAction: the server's action, except that a submission the network lost answers like a refused
 * form (the page and everything typed stay, with a message to send again) instead of replacing the page by the
 * error page. Without scripts the browser posts itself and shows its own offline page, keeping the form on Back.
 */
export async function unlessNetworkFails<Reply, Fallback extends object>(serverAction: () => Promise<Reply>, fallback: () => Fallback) {
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return offline(fallback());
  }
}
