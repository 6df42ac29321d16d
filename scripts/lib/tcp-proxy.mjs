// A TCP proxy that a test or a benchmark can cut and restore, to play a database outage on this machine: the
// server under test connects to the proxy's port instead of the database's. Plain node (`net`), loopback only.
//
//   const proxy = await startTcpProxy({ targetPort: 5432 });
//   ... DATABASE_URL=postgres://postgres@127.0.0.1:${proxy.port}/db ...
//   proxy.cut();        // open connections are reset, new ones are accepted and reset at once (a database that
//                       // crashed or refuses); proxy.cut("hang") holds them without an answer (a network partition)
//   proxy.restore();    // new connections reach the target again
//   await proxy.close();
import net from "node:net";

/**
 * @param {{ targetPort: number, targetHost?: string, port?: number, host?: string }} options
 * @returns {Promise<{ port: number, cut: (mode?: "reset" | "hang") => void, restore: () => void, close: () => Promise<void>, state: () => "open" | "reset" | "hang", connections: () => number }>}
 */
export async function startTcpProxy({ targetPort, targetHost = "127.0.0.1", port = 0, host = "127.0.0.1" }) {
  /** @type {"open" | "reset" | "hang"} */
  let state = "open";
  /** Every socket of a live pair (client side and target side), to cut them all at once. */
  const sockets = new Set();
  const track = (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const reset = (socket) => {
    try {
      socket.resetAndDestroy();
    } catch {
      socket.destroy();
    }
  };

  const server = net.createServer((client) => {
    track(client);
    if (state === "reset") return void reset(client);
    if (state === "hang") return; // accepted, never answered: the client's own timeout has to notice
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });

  return {
    port: /** @type {net.AddressInfo} */ (server.address()).port,
    cut(mode = "reset") {
      state = mode;
      for (const socket of sockets) {
        if (mode === "reset") reset(socket);
        else {
          socket.unpipe();
          socket.pause();
        }
      }
    },
    restore() {
      if (state === "hang") for (const socket of sockets) socket.destroy();
      state = "open";
    },
    state: () => state,
    connections: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
