import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, parsed. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** SMTP_URL for an app that sends here. */
  url: string;
  received: ReceivedMail[];
  /** From now on, every message is refused with this reply code (451: try again later); null accepts again. */
  refuseWith(code: number | null): void;
  close(): Promise<void>;
}

/** A real SMTP server on an ephemeral port of 127.0.0.1, keeping what it receives. */
export async function startSmtpServer(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to trust, no account to sign in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusal !== null)
            return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: refusal }));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code) {
      refusal = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
