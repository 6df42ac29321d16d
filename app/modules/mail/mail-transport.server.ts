import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "#app/modules/observability/logger.mjs";
import type { MailAttachment } from "./mail-outbox.server.ts";

const mailLog = logger.child({ component: "mail" });

/** One mail as the transport sends it: plain text and HTML alternatives, a Message-ID fixed by the outbox row. */
export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Text files (UTF-8) sent with the mail. */
  attachments?: MailAttachment[];
}

/** Where mail goes. The server's comes from SMTP_URL; tests hand in their own through the request's services. */
export interface MailTransport {
  /** "smtp" or "file", for the logs. */
  readonly kind: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Through an SMTP server (nodemailer), e.g. `smtps://user:pass@smtp.example.com:465`. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail(withAttachments(mail));
    },
  };
}

/**
 * Writes each mail as an .eml file (the whole message as an SMTP server would get it) into `dir`, and logs it:
 * the embedded default, so that a shop started with no settings is complete and its mail can be opened.
 */
export function createFileTransport(dir: string, log: (line: string) => void = (line) => mailLog.info(line)): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(mail) {
      const info = await composer.sendMail(withAttachments(mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${fileSafe(mail.messageId)}.eml`);
      // Written beside it, then renamed: whoever lists the folder sees whole mails only, never one half written.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      log(`mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
  };
}

/** The mail as nodemailer takes it: each attachment a UTF-8 plain-text file. */
function withAttachments({ attachments = [], ...mail }: OutgoingMail) {
  return {
    ...mail,
    attachments: attachments.map(({ filename, content }) => ({ filename, content, contentType: "text/plain; charset=utf-8" })),
  };
}

function fileSafe(messageId: string): string {
  return messageId.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_|_$/g, "");
}

/** SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  return options.smtpUrl ? createSmtpTransport(options.smtpUrl) : createFileTransport(path.join(options.dataDir, "mail"));
}
