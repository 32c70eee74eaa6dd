import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the providers' local stand-ins (Paymob, Bosta, CEQUENS, WhatsApp) share: reading, answering, listening. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Serves `handle` on 127.0.0.1 (`port`, or any free one); a handler that throws is answered 500 with `failure`'s body.
 * `close` cuts open connections first, so a test's simulator stops at once.
 */
export async function serveLocally(
  port: number | undefined,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  failure: (err: unknown) => unknown,
) {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, failure(err)));
  });
  await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
