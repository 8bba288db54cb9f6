import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// A local SMTP server for tests (API tests under Bun, Playwright specs under Node): it accepts every
// message, parses it with mailparser and keeps it, so a test can read the mail a user would get and
// follow its links. Not used by the server itself.

export type ReceivedMail = {
  to: string[];
  from: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
};

export type SmtpSink = {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first (already received or arriving) mail matching; rejects after timeoutMs. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpSink(port = 0, host = "127.0.0.1"): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from?.value[0]?.address ?? "",
            fromName: parsed.from?.value[0]?.name ?? "",
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          });
          for (const w of waiters) w();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://${host}:${actualPort}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no mail arrived within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to} "${m.subject}"`).join(", ") || "none"})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
