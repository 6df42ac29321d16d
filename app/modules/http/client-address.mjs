// The client's network address, as the server in front of React Router saw it, handed to loaders and actions in a
// request header (React Router's Request has no address of its own). The server always overwrites the header, so
// a client cannot choose its own address by sending it. Plain JavaScript: server/ sets it, the app reads it.

export const CLIENT_ADDRESS_HEADER = "x-deck-client-address";

/**
 * The client's address, or "unknown" where no server set one (a loader called directly in a test).
 * @param {Request} request
 * @returns {string}
 */
export function clientAddressOf(request) {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}
