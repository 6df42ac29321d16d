import { getServices } from "#app/request-context.server.ts";
import type { Route } from "./+types/healthz";
import { logger } from "#app/modules/observability/logger.mjs";

/**
 * Readiness for a load balancer: 200 when the database answers, 503 when it does not (and, from server.mjs, while
 * the server drains on SIGTERM). Liveness is /livez, answered by server.mjs without asking the database.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    const database = await getServices(context).database();
    await database.ping();
    return Response.json({ status: "ok", database: database.kind }, { headers });
  } catch (error) {
    logger.warn({ err: error }, "readiness: the database is not answering");
    return Response.json({ status: "unavailable", database: "not answering" }, { status: 503, headers });
  }
}
