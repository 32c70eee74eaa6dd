import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { json, readBody, serveLocally } from '../../../lib/simulator-server.js';
import { smsParts } from './encoding.js';
import { CEQUENS_MESSAGES_PATH, DLR_STATUS, type CequensSendReply, type CequensSendRequest } from './cequens-wire.js';

/**
 * A local stand-in for CEQUENS's SMS API, for development and tests without the internet: it takes messages on the
 * route the shop calls (checking the bearer key and the fields CEQUENS checks), keeps them, and on request sends
 * their delivery reports to each message's dlrUrl, as CEQUENS does.
 *
 *   npm run cequens-simulator -w apps/api     (CEQUENS_SIMULATOR_PORT, default 8092)
 *   curl http://127.0.0.1:8092/simulator/messages
 *   curl -X POST http://127.0.0.1:8092/simulator/messages/<id>/deliver   (or /undeliver)
 */

export interface SimulatedSms {
  id: string;
  request: CequensSendRequest;
  /** Its coding and parts as a phone would count them. */
  parts: number;
  receivedAt: string;
}

const refuse = (res: ServerResponse, status: number, replyCode: number, replyMessage: string) =>
  json(res, status, { replyCode, replyMessage, data: null } satisfies CequensSendReply);

/** What CEQUENS checks before it takes a message (its documented error codes). */
function invalid(request: Partial<CequensSendRequest>): [number, string] | null {
  if (typeof request.recipients !== 'string' || !/^201[0125]\d{8}$/.test(request.recipients))
    return [-6, 'At least one valid recipient required'];
  if (request.messageType !== 'text' && request.messageType !== 'unicode')
    return [-8, 'Invalid Message Type, only [text] and [unicode] are supported'];
  if (typeof request.messageText !== 'string' || request.messageText === '') return [-9, 'Empty Message Text'];
  if (typeof request.senderName !== 'string' || request.senderName === '') return [-12, 'Invalid Sender Name'];
  if (smsParts(request.messageText).parts > 20) return [-41, 'Message Text is greater than 20 parts'];
  return null;
}

export async function startCequensSimulator(options: { port?: number; apiKey: string }) {
  const messages = new Map<string, SimulatedSms>();
  /** Reports sent to the shop and its answers, oldest first. */
  const reports: { id: string; status: string; shopAnswered: number }[] = [];
  let failNext = 0;

  async function report(id: string, delivered: boolean): Promise<number> {
    const sms = messages.get(id);
    if (!sms?.request.dlrUrl) return 404;
    const status = delivered ? DLR_STATUS.delivered : DLR_STATUS.undelivered;
    const query = new URLSearchParams({
      MessageId: id,
      Status: status,
      StatusMessage: delivered ? 'Delivered' : 'UnDelivered',
      Recipient: sms.request.recipients,
      Sender: sms.request.senderName,
    });
    const res = await fetch(`${sms.request.dlrUrl}?${query}`);
    reports.push({ id, status, shopAnswered: res.status });
    return res.status;
  }

  async function send(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) return refuse(res, 401, -1, 'Unauthorized');
    let request: Partial<CequensSendRequest>;
    try {
      request = JSON.parse(await readBody(req)) as Partial<CequensSendRequest>;
    } catch {
      return refuse(res, 400, -1, 'Invalid JSON');
    }
    if (failNext > 0) {
      failNext--;
      return refuse(res, 500, -1, 'Internal Server Error');
    }
    const problem = invalid(request);
    if (problem) return refuse(res, 400, ...problem);
    const valid = request as CequensSendRequest;
    const id = randomUUID();
    messages.set(id, {
      id,
      request: valid,
      parts: smsParts(valid.messageText).parts,
      receivedAt: new Date().toISOString(),
    });
    json(res, 200, {
      replyCode: 0,
      replyMessage: 'Message Sent Successfully',
      requestId: randomUUID(),
      data: { SentSMSIDs: [{ SMSId: id }], InvalidRecipients: [] },
    } satisfies CequensSendReply);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'POST' && url.pathname === CEQUENS_MESSAGES_PATH) return send(req, res);
    if (req.method === 'GET' && url.pathname === '/simulator/messages') return json(res, 200, [...messages.values()]);
    const step = url.pathname.match(/^\/simulator\/messages\/([\w-]+)\/(deliver|undeliver)$/);
    if (req.method === 'POST' && step?.[1])
      return json(res, 200, { shopAnswered: await report(step[1], step[2] === 'deliver') });
    json(res, 404, { replyCode: -1, replyMessage: 'Not found' });
  }

  const server = await serveLocally(options.port, route, (err) => ({ replyCode: -1, replyMessage: String(err) }));
  return {
    url: server.url,
    /** Messages taken, by id. */
    messages,
    /** Messages taken, oldest first. */
    list: () => [...messages.values()],
    reports,
    /** Sends the message's delivery report; answers the shop's status. */
    deliver: (id: string) => report(id, true),
    undeliver: (id: string) => report(id, false),
    /** The next `count` sends fail with a 500. */
    failSends(count = 1) {
      failNext += count;
    },
    close: server.close,
  };
}
export type CequensSimulator = Awaited<ReturnType<typeof startCequensSimulator>>;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const simulator = await startCequensSimulator({
    port: Number(process.env.CEQUENS_SIMULATOR_PORT ?? 8092),
    apiKey: process.env.CEQUENS_API_KEY ?? 'sim_cequens_api_key',
  });
  console.log(`CEQUENS simulator on ${simulator.url} (CEQUENS_API_URL=${simulator.url})`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
