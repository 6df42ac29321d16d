import { data } from "react-router";

/** Forms in this shop are small; anything larger is refused before it is parsed. */
export const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A conform-shaped reply carrying one form-level error, so the page shows it in its error summary. */
function formError(message: string, status: number) {
  return data({ status: "error" as const, error: { "": [message] } }, { status });
}

/**
 * Reads a form body without trusting its size or type: at most MAX_FORM_BYTES are read, and anything that
 * is not a form answers 4xx with a message instead of throwing into a 500.
 */
export async function readFormData(request: Request): Promise<FormData | ReturnType<typeof formError>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.some((formType) => type.toLowerCase().startsWith(formType))) {
    return formError("Send this form from the page.", 415);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_FORM_BYTES) return formError("The form is too large.", 413);

  const bytes = await readAtMost(request, MAX_FORM_BYTES);
  if (!bytes) return formError("The form is too large.", 413);
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    return formError("The form could not be read. Reload the page and try again.", 400);
  }
}

/** How much of an oversized body is read and thrown away so that the 413 page reaches the browser. */
const DISCARD_LIMIT = 8 * 1024 * 1024;

/**
 * Reads an oversized body to its end without keeping it. A server that answers while the browser is still
 * sending closes the connection on unread data, and the browser sees a reset instead of the 413 page (bodies
 * sent in chunks have no length that the server could refuse up front). Past DISCARD_LIMIT the sender is not
 * a form: the connection is cut.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let total = alreadyRead;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > DISCARD_LIMIT) {
      await reader.cancel();
      return;
    }
  }
}

async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await discardRest(reader, total);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
