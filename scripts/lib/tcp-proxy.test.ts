import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTcpProxy } from "#scripts/lib/tcp-proxy.mjs";

/** An echo server standing in for the database. */
async function echoServer() {
  const server = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

/** Sends `text` through a new connection to `port`: the echo, or the error's code when the connection fails. */
function roundTrip(port: number, text: string, timeoutMs = 2_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const done = (value: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(received || "timeout"), timeoutMs);
    socket.on("data", (chunk) => {
      received += chunk;
      if (received === text) done(received);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? "error"));
    socket.on("close", () => done(received || "closed"));
    socket.write(text);
  });
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("the TCP proxy for outage tests", () => {
  it("forwards, resets while cut (open connections too), holds in hang mode, and forwards again once restored", async () => {
    const echo = await echoServer();
    const proxy = await startTcpProxy({ targetPort: echo.port });
    cleanups.push(() => proxy.close(), echo.close);

    expect(await roundTrip(proxy.port, "hello")).toBe("hello");

    const open = net.connect(proxy.port, "127.0.0.1");
    await new Promise((resolve) => open.once("connect", resolve));
    const openClosed = new Promise((resolve) => open.once("close", resolve));
    open.on("error", () => undefined);
    proxy.cut();
    await openClosed;
    expect(["ECONNRESET", "closed"]).toContain(await roundTrip(proxy.port, "cut"));

    proxy.cut("hang");
    expect(await roundTrip(proxy.port, "held", 300)).toBe("timeout");

    proxy.restore();
    expect(await roundTrip(proxy.port, "again")).toBe("again");
  });
});
