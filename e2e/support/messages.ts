import { expect } from '@playwright/test';

/**
 * What the CEQUENS and WhatsApp Cloud API simulators received from the main shop: e2e/server.mjs starts them on the
 * third and fourth ports after the shop's, and they list every message at GET /simulator/messages.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const CEQUENS = `http://127.0.0.1:${port + 3}`;
const WHATSAPP = `http://127.0.0.1:${port + 4}`;

export interface Sms {
  request: { recipients: string; messageText: string; messageType: string };
}
export interface WhatsApp {
  request: {
    to: string;
    template: {
      name: string;
      language: { code: string };
      /** Its quick-reply buttons carry their payloads here, in order. */
      components?: { type: string; parameters: { type: string; payload?: string; text?: string }[] }[];
    };
  };
  /** The template's text with its parameters in place: what the shopper reads. */
  text: string;
}

const list = async <T>(simulator: string): Promise<T[]> =>
  (await (await fetch(`${simulator}/simulator/messages`)).json()) as T[];

/** A mobile of the test's own, 01… as a shopper types it: no two tests (or runs) share one. */
let counter = 0;
export function newMobile(): { local: string; international: string } {
  const digits = String((Date.now() * 10 + counter++) % 1e8).padStart(8, '0');
  return { local: `015${digits}`, international: `2015${digits}` };
}

/** The SMS texts sent to a mobile (international, without '+'), oldest first. */
export const smsTo = async (to: string) =>
  (await list<Sms>(CEQUENS)).filter((sms) => sms.request.recipients === to).map((sms) => sms.request.messageText);

/** The WhatsApp messages sent to a mobile (international, without '+'), oldest first. */
export const whatsappTo = async (to: string) =>
  (await list<WhatsApp>(WHATSAPP)).filter((message) => message.request.to === to);

/** The six-digit code of the newest text matching `from`, once it has arrived. */
export async function codeIn(texts: () => Promise<string[]>): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = (await texts()).at(-1)?.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The shopper presses a quick-reply button of a WhatsApp message: the simulator posts it to the shop, signed as Meta signs. */
export async function pressWhatsAppButton(from: string, buttonPayload: string): Promise<void> {
  const res = await fetch(`${WHATSAPP}/simulator/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, buttonPayload }),
  });
  expect(((await res.json()) as { shopAnswered: number }).shopAnswered).toBe(200);
}
