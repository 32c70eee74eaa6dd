import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { json, readBody, serveLocally } from '../../../lib/simulator-server.js';
import { fillTemplate, TEMPLATES } from '../templates.js';
import {
  messagesPath,
  SIGNATURE_HEADER,
  WHATSAPP_DEFAULT_VERSION,
  type GraphError,
  type InboundMessage,
  type SendReply,
  type StatusName,
  type StatusUpdate,
  type TemplateSendRequest,
  type WebhookNotification,
} from './wire.js';

/**
 * A local stand-in for Meta's WhatsApp Cloud API, for development and tests without the internet: it takes template
 * messages on the route the shop calls (checking the access token, the phone number id and that the template is one
 * of the shop's, in one of its languages), keeps them, and on request posts signed webhooks to the shop: a message's
 * status (sent, delivered, read, failed) and a shopper's reply or button press.
 *
 *   npm run whatsapp-simulator -w apps/api     (WHATSAPP_SIMULATOR_PORT, default 8093; WHATSAPP_WEBHOOK_URL)
 *   curl http://127.0.0.1:8093/simulator/messages
 *   curl -X POST http://127.0.0.1:8093/simulator/messages/<id>/delivered   (sent, read, failed)
 *   curl -X POST http://127.0.0.1:8093/simulator/replies -d '{"from":"201012345678","text":"STOP"}'
 */

export interface WhatsAppSimulatorOptions {
  port?: number;
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** The shop's webhook; settable later (`setWebhook`), as a test's shop listens after the simulator starts. */
  webhookUrl?: string;
  version?: string;
}

export interface SimulatedWhatsApp {
  id: string;
  request: TemplateSendRequest;
  /** The template's text with its parameters in place, in its language: what the shopper reads. */
  text: string;
  receivedAt: string;
}

const graphError = (res: ServerResponse, status: number, code: number, message: string) =>
  json(res, status, { error: { message, type: 'OAuthException', code } } satisfies GraphError);

export const wamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

/** The text a template message shows, or why Meta would refuse it. */
function shown(request: Partial<TemplateSendRequest>): { text: string } | { problem: string } {
  if (request.messaging_product !== 'whatsapp') return { problem: 'messaging_product must be whatsapp' };
  if (typeof request.to !== 'string' || !/^201[0125]\d{8}$/.test(request.to))
    return { problem: 'Invalid parameter: to' };
  if (request.type !== 'template' || !request.template)
    return { problem: 'Only template messages start a conversation' };
  const template = Object.values(TEMPLATES).find((t) => t.name === request.template?.name);
  const language = request.template.language?.code;
  if (!template || (language !== 'ar' && language !== 'en'))
    return { problem: `Template name does not exist in the translation: ${request.template.name}` };
  const body = request.template.components?.find((c) => c.type === 'body');
  const values = body?.parameters.map((p) => p.text) ?? [];
  if (values.length !== template.parameters.length)
    return {
      problem: `Number of parameters does not match the expected number of params (${template.parameters.length})`,
    };
  return { text: fillTemplate(template, language, values) };
}

export async function startWhatsAppSimulator(options: WhatsAppSimulatorOptions) {
  const version = options.version ?? WHATSAPP_DEFAULT_VERSION;
  const route = messagesPath(version, options.phoneNumberId);
  let webhookUrl = options.webhookUrl;
  const messages = new Map<string, SimulatedWhatsApp>();
  /** Webhooks posted to the shop, their bodies as sent and its answers, oldest first. */
  const notified: { body: string; shopAnswered: number }[] = [];
  let failNext = 0;

  const sign = (body: string) => `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`;

  async function post(value: { statuses?: StatusUpdate[]; messages?: InboundMessage[] }): Promise<number> {
    if (!webhookUrl) throw new Error('no webhook URL: setWebhook first');
    const notification: WebhookNotification = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'simulated-business-account',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: options.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    };
    return postRaw(JSON.stringify(notification));
  }

  /** Posts `body` to the shop signed as Meta signs it (or with `signature` instead, to play a forger). */
  async function postRaw(body: string, signature: string | null = sign(body)): Promise<number> {
    if (!webhookUrl) throw new Error('no webhook URL: setWebhook first');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
      body,
    });
    notified.push({ body, shopAnswered: res.status });
    return res.status;
  }

  async function status(id: string, name: StatusName, reason = 'Message undeliverable'): Promise<number> {
    const message = messages.get(id);
    if (!message) return 404;
    return post({
      statuses: [
        {
          id,
          status: name,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: message.request.to,
          ...(name === 'failed' ? { errors: [{ code: 131026, title: reason, error_data: { details: reason } }] } : {}),
        },
      ],
    });
  }

  /** A shopper writing to the shop: a text, or a press of a template's quick-reply button (its payload). */
  function reply(from: string, answer: { text: string } | { buttonPayload: string; buttonText?: string }) {
    const common = { from, id: wamid(), timestamp: String(Math.floor(Date.now() / 1000)) };
    const message: InboundMessage =
      'text' in answer
        ? { ...common, type: 'text', text: { body: answer.text } }
        : {
            ...common,
            type: 'button',
            button: { payload: answer.buttonPayload, text: answer.buttonText ?? answer.buttonPayload },
          };
    return post({ messages: [message] });
  }

  async function send(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${options.accessToken}`)
      return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    let request: Partial<TemplateSendRequest>;
    try {
      request = JSON.parse(await readBody(req)) as Partial<TemplateSendRequest>;
    } catch {
      return graphError(res, 400, 100, 'Invalid JSON');
    }
    if (failNext > 0) {
      failNext--;
      return graphError(res, 500, 1, 'An unknown error occurred');
    }
    const result = shown(request);
    if ('problem' in result) return graphError(res, 400, 132000, result.problem);
    const valid = request as TemplateSendRequest;
    const id = wamid();
    messages.set(id, { id, request: valid, text: result.text, receivedAt: new Date().toISOString() });
    json(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: valid.to, wa_id: valid.to }],
      messages: [{ id }],
    } satisfies SendReply);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'POST' && url.pathname === route) return send(req, res);
    if (req.method === 'POST' && url.pathname.endsWith('/messages'))
      return graphError(res, 400, 100, 'Unknown phone number id');
    if (req.method === 'GET' && url.pathname === '/simulator/messages') return json(res, 200, [...messages.values()]);
    const step = url.pathname.match(/^\/simulator\/messages\/([\w.=-]+)\/(sent|delivered|read|failed)$/);
    if (req.method === 'POST' && step?.[1])
      return json(res, 200, { shopAnswered: await status(step[1], step[2] as StatusName) });
    if (req.method === 'POST' && url.pathname === '/simulator/replies') {
      const body = JSON.parse(await readBody(req)) as { from: string; text?: string; buttonPayload?: string };
      const answer = body.buttonPayload ? { buttonPayload: body.buttonPayload } : { text: body.text ?? '' };
      return json(res, 200, { shopAnswered: await reply(body.from, answer) });
    }
    graphError(res, 404, 100, 'Unknown path');
  }

  const server = await serveLocally(options.port, handle, (err) => ({
    error: { message: String(err), type: 'OAuthException', code: 1 },
  }));
  return {
    url: server.url,
    messages,
    list: () => [...messages.values()],
    notified,
    setWebhook(url: string) {
      webhookUrl = url;
    },
    /** Posts a message's status; answers the shop's status (404: no such message here). */
    status,
    reply,
    postRaw,
    sign,
    /** The next `count` sends fail with a 500. */
    failSends(count = 1) {
      failNext += count;
    },
    close: server.close,
  };
}
export type WhatsAppSimulator = Awaited<ReturnType<typeof startWhatsAppSimulator>>;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const simulator = await startWhatsAppSimulator({
    port: Number(process.env.WHATSAPP_SIMULATOR_PORT ?? 8093),
    accessToken: process.env.WHATSAPP_ACCESS_TOKEN ?? 'sim_whatsapp_access_token',
    phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID ?? '100000000000001',
    appSecret: process.env.WHATSAPP_APP_SECRET ?? 'sim_whatsapp_app_secret',
    webhookUrl: process.env.WHATSAPP_WEBHOOK_URL ?? 'http://localhost:3000/api/messaging/whatsapp/webhook',
  });
  console.log(`WhatsApp simulator on ${simulator.url} (WHATSAPP_API_URL=${simulator.url})`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
