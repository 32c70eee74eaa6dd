import { startCequensSimulator, type CequensSimulator } from '../src/modules/messaging/sms/simulator.js';
import { startWhatsAppSimulator, type WhatsAppSimulator } from '../src/modules/messaging/whatsapp/simulator.js';

/** A shop that sends SMS through CEQUENS and WhatsApp through Meta's Cloud API: the settings, but for the APIs' URLs. */
export const SIMULATED_MESSAGING = {
  CEQUENS_API_KEY: 'test-cequens-key',
  CEQUENS_SENDER: 'EGPShop',
  CEQUENS_DLR_SECRET: 'test-cequens-dlr-secret-0123456789',
  WHATSAPP_ACCESS_TOKEN: 'test-whatsapp-token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000042',
  WHATSAPP_APP_SECRET: 'test-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'test-verify-token',
};

export interface MessagingSimulators {
  sms: CequensSimulator;
  whatsapp: WhatsAppSimulator;
  /** The settings that send the test app's messages to the simulators. */
  env: Record<string, string>;
}

/** The CEQUENS and WhatsApp Cloud API simulators, listening, for a test app to send its SMS and WhatsApp messages to. */
export async function startMessagingSimulators(): Promise<MessagingSimulators> {
  const sms = await startCequensSimulator({ apiKey: SIMULATED_MESSAGING.CEQUENS_API_KEY });
  const whatsapp = await startWhatsAppSimulator({
    accessToken: SIMULATED_MESSAGING.WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: SIMULATED_MESSAGING.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: SIMULATED_MESSAGING.WHATSAPP_APP_SECRET,
  });
  return {
    sms,
    whatsapp,
    env: { ...SIMULATED_MESSAGING, CEQUENS_API_URL: sms.url, WHATSAPP_API_URL: whatsapp.url },
  };
}

/**
 * Mobiles of a test file's own, as typed (01…) and as the shop stores them (+201…): `prefix` (four digits, 01 and a
 * network's digit first) keeps test files apart, and the process id runs of one file.
 */
export function mobileMaker(prefix: string): () => { local: string; stored: string } {
  let made = 0;
  return () => {
    const local = `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(made++).padStart(4, '0')}`;
    return { local, stored: `+2${local}` };
  };
}
