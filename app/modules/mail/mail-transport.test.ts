import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTransport, createMailTransport, createSmtpTransport, type OutgoingMail } from "./mail-transport.server.ts";

const mail: OutgoingMail = {
  messageId: "<6f1c2d3e-row@shop.test>",
  from: "Deck Studio <orders@shop.test>",
  to: "buyer@example.com",
  subject: "Your Deck Studio order DS-7K3F9Q2A",
  text: "Thank you for your order, Zoë.\nTotal: €75.90",
  html: "<p>Thank you for your order, Zo&#235;.</p>",
};

/** What a received message says, read from its raw text (headers unfolded). */
function headersOf(raw: string) {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return Object.fromEntries(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
}

function expectWellFormed(raw: string) {
  const headers = headersOf(raw);
  expect(headers["from"]).toBe("Deck Studio <orders@shop.test>");
  expect(headers["to"]).toBe("buyer@example.com");
  expect(headers["subject"]).toBe("Your Deck Studio order DS-7K3F9Q2A");
  expect(headers["message-id"]).toBe("<6f1c2d3e-row@shop.test>");
  expect(headers["mime-version"]).toBe("1.0");
  expect(headers["date"]).toBeTruthy();
  expect(headers["content-type"]).toMatch(/^multipart\/alternative; boundary=/);
  expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
  expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
}

describe("the SMTP transport", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers plain text and HTML with the shop as sender and the outbox row's Message-ID", async () => {
    await createSmtpTransport(`smtp://127.0.0.1:${port}`).send(mail);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("orders@shop.test");
    expect(received[0]!.to).toEqual(["buyer@example.com"]);
    expectWellFormed(received[0]!.raw);
  });

  it("fails loudly when the server refuses, so the outbox retries", async () => {
    await expect(createSmtpTransport("smtp://127.0.0.1:1").send(mail)).rejects.toThrow();
  });
});

describe("the file transport (the default without SMTP_URL)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "deck-mail-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each mail as an .eml file under DATA_DIR/mail and logs where", async () => {
    const logged: string[] = [];
    await createFileTransport(path.join(dir, "mail"), (line) => logged.push(line)).send(mail);
    const files = readdirSync(path.join(dir, "mail"));
    expect(files).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT.*6f1c2d3e-row_shop_test\.eml$/)]);
    expectWellFormed(readFileSync(path.join(dir, "mail", files[0]!), "utf8"));
    expect(logged[0]).toContain(`mail to buyer@example.com ("${mail.subject}") written to ${path.join(dir, "mail")}`);
  });

  it("attaches text files as UTF-8 plain text beside the message's two forms", async () => {
    const files = path.join(dir, "with-files");
    const terms = "Allgemeine Geschäftsbedingungen\n===============================\n\n§ 1 Zoë\n";
    await createFileTransport(files, () => {}).send({ ...mail, attachments: [{ filename: "AGB.txt", content: terms }] });
    const raw = readFileSync(path.join(files, readdirSync(files)[0]!), "utf8");
    expect(headersOf(raw)["content-type"]).toMatch(/^multipart\/mixed; boundary=/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative;\s+boundary=/);
    const part = raw.slice(raw.indexOf('filename=AGB.txt') - 200);
    expect(part).toMatch(/Content-Type: text\/plain; charset=utf-8; name=AGB\.txt/i);
    expect(part).toMatch(/Content-Disposition: attachment; filename=AGB\.txt/i);
    const body = /filename=AGB\.txt\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(raw)![1]!;
    expect(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")).toBe(terms);
  });

  it("is what the shop uses unless SMTP_URL is set", () => {
    expect(createMailTransport({ dataDir: dir }).kind).toBe("file");
    expect(createMailTransport({ dataDir: dir, smtpUrl: "smtp://127.0.0.1:25" }).kind).toBe("smtp");
  });
});
