import { z } from 'zod';
import type { Config } from '../../config.js';

/** The pre-production hosts, where a POS is tried before the merchant switches to production. */
export const ETA_PREPROD_ID_URL = 'https://id.preprod.eta.gov.eg';
export const ETA_PREPROD_API_URL = 'https://api.preprod.invoicing.eta.gov.eg';
const ETA_PRODUCTION_API_URL = 'https://api.invoicing.eta.gov.eg';

const settingsSchema = z.object({
  /** The POS's client credentials, given by the ETA when the POS is registered. */
  ETA_CLIENT_ID: z.string().min(1).max(100),
  ETA_CLIENT_SECRET: z.string().min(1).max(100),
  /** The POS's serial number as registered: each receipt's seller.deviceSerialNumber, and the chain it belongs to. */
  ETA_POS_SERIAL: z.string().min(1).max(100),
  ETA_POS_OS_VERSION: z.string().min(1).max(50),
  /** The identity service that issues the POS's token, and the receipts API. */
  ETA_ID_URL: z.string().url().default(ETA_PREPROD_ID_URL),
  ETA_API_URL: z.string().url().default(ETA_PREPROD_API_URL),
});
export type EtaConfig = z.infer<typeof settingsSchema>;

/** Receipts are made only where a POS is configured: its id, secret and serial. */
export const etaConfigured = (env: Config['env']) =>
  Boolean(env.ETA_CLIENT_ID && env.ETA_CLIENT_SECRET && env.ETA_POS_SERIAL);

/** The POS's settings; a POS named without all of them stops the start. */
export function etaConfig(env: Config['env']): EtaConfig {
  const parsed = settingsSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success)
    throw new Error(`ETA settings: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data;
}

/**
 * The portal a receipt's QR code opens: production's for the production API, pre-production's otherwise (a
 * simulator included), where the receipt then is.
 */
export const etaPortalUrl = (apiUrl: string | undefined) =>
  apiUrl?.replace(/\/+$/, '') === ETA_PRODUCTION_API_URL
    ? 'https://invoicing.eta.gov.eg'
    : 'https://preprod.invoicing.eta.gov.eg';
