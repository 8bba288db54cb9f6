import nodemailer, { type Transporter, type TransportOptions } from "nodemailer";
import { clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";

// Outgoing mail. The embedded default keeps every message in the outbox table and prints it to the
// log (recipient, subject, text with its links); with SMTP_URL a real SMTP client (nodemailer, pooled)
// sends it and the outbox row records when it went out or why it failed.
//
// Secrets (verification and reset links) never reach a log line except the development outbox's
// printout, and with NODE_ENV=production the outbox row keeps the message with them redacted.
export type MailMessage = {
  branchId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Display name of the sender (the branch's name); the address is MAIL_FROM. */
  fromName?: string;
  /** Values to keep out of stored copies in production (link tokens; `token=` parameters always are). */
  secrets?: readonly string[];
};

export const REDACTED = "[redacted]";

/** The text with every secret and every link's `token=` value replaced by "[redacted]". */
export function redactSecrets(text: string, secrets: readonly string[] = []) {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  return out.replace(/([?&](?:amp;)?token=)[^&\s"'<>]+/gi, `$1${REDACTED}`);
}

/** What the outbox keeps of a message: everything in development, secrets redacted in production. */
function storedBody(m: MailMessage, production: boolean) {
  const html = m.html ?? "";
  if (!production) return { text: m.text, html };
  return { text: redactSecrets(m.text, m.secrets), html: redactSecrets(html, m.secrets) };
}

/** The outbox row of an email: whom to, what, and the body as `storedBody` keeps it. */
function outboxRow(m: MailMessage, production: boolean) {
  return {
    branchId: m.branchId ?? null,
    platform: "EMAIL" as const,
    recipient: m.to,
    subject: m.subject,
    ...storedBody(m, production),
  };
}

export interface Mailer {
  /** Never throws for a delivery failure: the failure is recorded in the outbox and logged. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export class OutboxMailer implements Mailer {
  constructor(
    private prisma: PrismaClient,
    private production = false,
  ) {}

  async send(m: MailMessage) {
    await this.prisma.outboxMessage.create({
      data: { ...outboxRow(m, this.production), sentAt: clock.now(), status: "SENT_TO_CARRIER" },
    });
    // development: the demo's mail is read here (links included); production logs only who and what
    if (this.production) log.info("mail (outbox)", { to: m.to, subject: m.subject });
    else log.info("mail (outbox)", { to: m.to, subject: m.subject, text: m.text });
  }

  async close() {}
}

/** SMTP through nodemailer with a connection pool; every message is also kept in the outbox. */
export class SmtpMailer implements Mailer {
  private transport: Transporter;
  private production: boolean;

  constructor(
    private prisma: PrismaClient,
    smtpUrl: string,
    private fromAddress: string,
    options: { connectionTimeoutMs?: number; production?: boolean } = {},
  ) {
    this.production = options.production ?? false;
    const timeout = options.connectionTimeoutMs ?? 10_000;
    this.transport = nodemailer.createTransport(smtpUrl, {
      pool: true,
      maxConnections: 3,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: 30_000,
    } as TransportOptions);
  }

  async send(m: MailMessage) {
    const row = await this.prisma.outboxMessage.create({
      data: { ...outboxRow(m, this.production), status: "SENDING" },
      select: { id: true },
    });
    try {
      const info = await this.transport.sendMail({
        from: m.fromName ? { name: m.fromName, address: this.fromAddress } : this.fromAddress,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html || undefined,
      });
      await this.prisma.outboxMessage.update({
        where: { id: row.id },
        data: { sentAt: clock.now(), status: "SENT_TO_CARRIER" },
      });
      log.info("mail sent (smtp)", { to: m.to, subject: m.subject, messageId: info.messageId });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.prisma.outboxMessage
        .update({ where: { id: row.id }, data: { error: message.slice(0, 1000), status: failedStatus(error) } })
        .catch(() => {});
      // Not fatal: the request that sent it goes on; the user can ask for the mail again.
      // (never the text: it may hold a reset or verification link)
      log.warn("mail failed (smtp)", { to: m.to, subject: m.subject, error: redactSecrets(message, m.secrets) });
    }
  }

  async close() {
    this.transport.close();
  }
}

/** A refusal by the SMTP server (a 5xx reply) is GATEWAY_REJECTED; no answer or a dropped connection, GATEWAY_UNAVAILABLE. */
function failedStatus(error: unknown) {
  const code = (error as { responseCode?: number })?.responseCode;
  return typeof code === "number" && code >= 500 ? ("GATEWAY_REJECTED" as const) : ("GATEWAY_UNAVAILABLE" as const);
}

/** SMTP when SMTP_URL is set, else the outbox (embedded default). */
export function createMailer(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM"> & Partial<Pick<Config, "NODE_ENV">>,
  prisma: PrismaClient,
): Mailer {
  const production = config.NODE_ENV === "production";
  if (config.SMTP_URL) return new SmtpMailer(prisma, config.SMTP_URL, config.MAIL_FROM, { production });
  return new OutboxMailer(prisma, production);
}
