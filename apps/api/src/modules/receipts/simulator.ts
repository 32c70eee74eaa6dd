import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { json, readBody, serveLocally } from '../../lib/simulator-server.js';
import type { ItemData, ReceiptDocument } from './document.js';
import { receiptUuid } from './serialize.js';
import {
  DUPLICATE_RECEIPT,
  SUBMISSIONS_PATH,
  TOKEN_PATH,
  type EtaError,
  type ReceiptAnswer,
  type ReceiptStatus,
  type SubmissionAnswer,
  type SubmissionDetails,
} from './wire.js';

/**
 * A local stand-in for the ETA's e-receipt system, for development and tests without the internet. It serves both
 * hosts on one port: the identity service's POS token (client credentials and the POS headers) and the receipts
 * API's submission, submission details and a receipt by its UUID. A submission is checked at once for its structure and its core fields,
 * the buyer's among them (rejected documents), then each accepted receipt is validated as the SDK's receipt issuance
 * pages describe: its UUID against its serialization, its previousUUID against the POS's last receipt, its lines' and
 * totals' arithmetic, its seller against the token's taxpayer, its item codes, and a return's or correction's
 * reference.
 *
 *   npm run eta-simulator -w apps/api     (ETA_SIMULATOR_PORT, default 8094; ETA_CLIENT_ID, ETA_CLIENT_SECRET,
 *                                          ETA_POS_SERIAL and ETA_SIMULATOR_RIN name the registered POS)
 *   curl http://127.0.0.1:8094/simulator/receipts
 */

export interface EtaSimulatorOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  posSerial: string;
  /** The taxpayer the POS is registered to. */
  rin: string;
}

export interface SimulatedReceipt {
  uuid: string;
  receiptNumber: string;
  submissionId: string;
  receivedAt: string;
  /** The receipt's JSON text as submitted. */
  raw: string;
  status: ReceiptStatus;
  errors: EtaError[];
  receipt: ReceiptDocument;
}

/** Amounts agree within this (a hundred-thousandth of a pound per rounding; a piastre for a tax against its rate). */
const EXACT = 0.00002;
const TAX_TOLERANCE = 0.01;

const error = (code: string, propertyPath: string, message: string): EtaError => ({
  code,
  target: propertyPath,
  propertyPath,
  message,
});

/** The code table's buyer types: a business in Egypt, a natural person, a foreigner. */
const BUYER_TYPES = ['B', 'P', 'F'];

const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const isAmount = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const near = (a: number, b: number, tolerance = EXACT) => Math.abs(a - b) <= tolerance;
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** The synchronous check: the receipt has the structure of its type (v1.2). */
function structureErrors(r: Partial<ReceiptDocument>): EtaError[] {
  const errors: EtaError[] = [];
  const need = (ok: boolean, path: string) => {
    if (!ok) errors.push(error('RequiredOrInvalid', path, `${path} is required or not valid`));
  };
  const h = r.header;
  need(Boolean(h), 'header');
  if (h) {
    need(
      isText(h.dateTimeIssued) && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(h.dateTimeIssued),
      'header.dateTimeIssued',
    );
    need(isText(h.receiptNumber), 'header.receiptNumber');
    need(/^[0-9a-f]{64}$/.test(h.uuid ?? ''), 'header.uuid');
    need(typeof h.previousUUID === 'string', 'header.previousUUID');
    need(h.currency === 'EGP', 'header.currency');
  }
  need(['S', 'R'].includes(r.documentType?.receiptType ?? ''), 'documentType.receiptType');
  need(r.documentType?.typeVersion === '1.2', 'documentType.typeVersion');
  if (r.documentType?.receiptType === 'R') need(/^[0-9a-f]{64}$/.test(h?.referenceUUID ?? ''), 'header.referenceUUID');
  const s = r.seller;
  need(isText(s?.rin), 'seller.rin');
  need(isText(s?.companyTradeName), 'seller.companyTradeName');
  need(isText(s?.branchCode), 'seller.branchCode');
  need(isText(s?.branchAddress?.governate) && isText(s?.branchAddress?.street), 'seller.branchAddress');
  need(isText(s?.deviceSerialNumber), 'seller.deviceSerialNumber');
  need(/^\d{4}$/.test(s?.activityCode ?? ''), 'seller.activityCode');
  // The receipt issuance FAQ's core fields: a buyer who is not a person (P) is named by id and name. A person needs
  // neither, whatever the bill: the ID the law asks from EGP 150,000 is the merchant's duty, not a check of the API
  // (docs/decisions/eta-receipts.md, "The buyer's national ID").
  const buyer = r.buyer;
  need(BUYER_TYPES.includes(buyer?.type ?? ''), 'buyer.type');
  if (buyer && buyer.type !== 'P') {
    need(isText(buyer.id), 'buyer.id');
    need(isText(buyer.name), 'buyer.name');
  }
  need(Array.isArray(r.itemData) && r.itemData.length > 0, 'itemData');
  for (const [i, item] of (r.itemData ?? []).entries()) {
    const at = `itemData[${i}]`;
    need(isText(item.internalCode), `${at}.internalCode`);
    need(isText(item.description), `${at}.description`);
    need(item.itemType === 'EGS' || item.itemType === 'GS1', `${at}.itemType`);
    need(isText(item.unitType), `${at}.unitType`);
    for (const field of ['quantity', 'unitPrice', 'netSale', 'totalSale', 'total'] as const)
      need(isAmount(item[field]), `${at}.${field}`);
    need(Array.isArray(item.taxableItems), `${at}.taxableItems`);
  }
  for (const field of ['totalSales', 'netAmount', 'totalAmount'] as const) need(isAmount(r[field]), field);
  need(Array.isArray(r.taxTotals), 'taxTotals');
  need(isText(r.paymentMethod), 'paymentMethod');
  return errors;
}

/** A line's arithmetic: sale = quantity × unit price, net = sale − discounts, each tax at its rate, total = net + taxes. */
function itemErrors(item: ItemData, at: string, rin: string): EtaError[] {
  const errors: EtaError[] = [];
  const discounts = sum((item.commercialDiscountData ?? []).map((d) => d.amount));
  const taxes = sum(item.taxableItems.map((t) => t.amount));
  if (!near(item.totalSale, item.quantity * item.unitPrice, EXACT * item.quantity))
    errors.push(error('TotalSale', `${at}.totalSale`, 'totalSale must be quantity × unitPrice'));
  if (!near(item.netSale, item.totalSale - discounts))
    errors.push(error('NetSale', `${at}.netSale`, 'netSale must be totalSale less the commercial discounts'));
  for (const [j, tax] of item.taxableItems.entries())
    if (!near(tax.amount, (item.netSale * tax.rate) / 100, TAX_TOLERANCE))
      errors.push(error('TaxAmount', `${at}.taxableItems[${j}].amount`, 'tax amount must be netSale × rate'));
  if (!near(item.total, item.netSale + taxes))
    errors.push(error('ItemTotal', `${at}.total`, 'total must be netSale plus the taxes'));
  // EGS codes are registered by the taxpayer as EG-<RIN>-<code>; GS1 codes are barcodes of 8 to 14 digits.
  const codeOk = item.itemType === 'GS1' ? /^\d{8,14}$/.test(item.itemCode) : item.itemCode.startsWith(`EG-${rin}-`);
  if (!codeOk) errors.push(error('ItemCode', `${at}.itemCode`, `item code '${item.itemCode}' is not registered`));
  return errors;
}

export async function startEtaSimulator(options: EtaSimulatorOptions) {
  const tokens = new Set<string>();
  const receipts = new Map<string, SimulatedReceipt>();
  const submissions = new Map<string, string[]>();
  /** Every receipt UUID in every submission, in the order received: what tests count. */
  const received: string[] = [];
  let lastUuid = '';
  let failNext = 0;
  let loseNext = 0;
  let whileSubmitting: (() => Promise<void>) | null = null;

  function validate(r: ReceiptDocument): EtaError[] {
    const errors: EtaError[] = [];
    if (receiptUuid(r) !== r.header.uuid)
      errors.push(error('Uuid', 'header.uuid', 'uuid is not the hash of the receipt'));
    if (r.header.previousUUID !== lastUuid)
      errors.push(error('PreviousUuid', 'header.previousUUID', "previousUUID is not the POS's last receipt"));
    if (r.seller.rin !== options.rin)
      errors.push(error('IssuerId', 'seller.rin', 'the issuer must be the taxpayer of the token'));
    if (r.seller.deviceSerialNumber !== options.posSerial)
      errors.push(error('DeviceSerial', 'seller.deviceSerialNumber', 'not the POS of the token'));
    r.itemData.forEach((item, i) => errors.push(...itemErrors(item, `itemData[${i}]`, options.rin)));
    const totals: [keyof ReceiptDocument, number][] = [
      ['totalSales', sum(r.itemData.map((i) => i.totalSale))],
      [
        'totalCommercialDiscount',
        sum(r.itemData.flatMap((i) => (i.commercialDiscountData ?? []).map((d) => d.amount))),
      ],
      ['netAmount', sum(r.itemData.map((i) => i.netSale))],
      ['totalAmount', sum(r.itemData.map((i) => i.total))],
    ];
    for (const [field, expected] of totals)
      if (!near(Number(r[field] ?? 0), expected, EXACT * r.itemData.length))
        errors.push(error('Totals', field, `${field} must be the sum of the lines`));
    const t1 = sum(r.itemData.flatMap((i) => i.taxableItems.filter((t) => t.taxType === 'T1').map((t) => t.amount)));
    const declared = r.taxTotals.find((t) => t.taxType === 'T1')?.amount ?? 0;
    if (!near(declared, t1, EXACT * r.itemData.length))
      errors.push(error('TaxTotals', 'taxTotals', 'taxTotals must be the sum of the lines’ taxes'));
    const reference = r.header.referenceUUID;
    if (r.documentType.receiptType === 'R' && (!reference || !receipts.has(reference)))
      errors.push(error('ReferenceUuid', 'header.referenceUUID', 'a return must reference a receipt of this POS'));
    const old = r.header.referenceOldUUID;
    if (old && receipts.get(old)?.status !== 'Invalid')
      errors.push(error('ReferenceOldUuid', 'header.referenceOldUUID', 'only an invalid receipt can be corrected'));
    return errors;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const valid =
      form.get('grant_type') === 'client_credentials' &&
      form.get('client_id') === options.clientId &&
      form.get('client_secret') === options.clientSecret &&
      req.headers.posserial === options.posSerial &&
      typeof req.headers.pososversion === 'string' &&
      req.headers.pososversion !== '';
    if (!valid) return json(res, 400, { error: 'invalid_client' });
    const value = randomBytes(24).toString('hex');
    tokens.add(value);
    return json(res, 200, { access_token: value, expires_in: 3600, token_type: 'Bearer', scope: 'InvoicingAPI' });
  }

  async function submit(req: IncomingMessage, res: ServerResponse) {
    let body: { receipts?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as { receipts?: unknown };
    } catch {
      return json(res, 400, { error: { code: 'BadRequest', message: 'not JSON' } });
    }
    if (!Array.isArray(body.receipts) || body.receipts.length === 0 || body.receipts.length > 500)
      return json(res, 400, { error: { code: 'BadRequest', message: 'receipts: 1 to 500 receipts' } });
    const submissionId = randomUUID();
    const answer: SubmissionAnswer = { submissionId, acceptedDocuments: [], rejectedDocuments: [] };
    const ids: string[] = [];
    for (const item of body.receipts as Partial<ReceiptDocument>[]) {
      const uuid = item.header?.uuid ?? '';
      const receiptNumber = item.header?.receiptNumber ?? '';
      received.push(uuid);
      const problems = structureErrors(item);
      if (!problems.length && receipts.has(uuid))
        problems.push(error(DUPLICATE_RECEIPT, 'header.uuid', 'this receipt was submitted before'));
      if (problems.length) {
        answer.rejectedDocuments.push({
          uuid,
          receiptNumber,
          error: { code: 'ValidationError', message: 'Validation Error', target: receiptNumber, details: problems },
        });
        continue;
      }
      const receipt = item as ReceiptDocument;
      const errors = validate(receipt);
      lastUuid = uuid;
      receipts.set(uuid, {
        uuid,
        receiptNumber,
        submissionId,
        receivedAt: new Date().toISOString(),
        raw: JSON.stringify(receipt),
        status: errors.length ? 'Invalid' : 'Valid',
        errors,
        receipt,
      });
      ids.push(uuid);
      answer.acceptedDocuments.push({ uuid, longId: randomBytes(16).toString('hex'), receiptNumber });
    }
    submissions.set(submissionId, ids);
    const during = whileSubmitting;
    whileSubmitting = null;
    await during?.();
    // Kept, but the answer never reaches the POS: as a timeout or a dropped connection would have it.
    if (loseNext > 0) {
      loseNext--;
      return req.socket.destroy();
    }
    return json(res, answer.acceptedDocuments.length ? 202 : 400, answer);
  }

  /** "Get Receipt": a receipt this POS submitted, with its submission and status. */
  function receiptOf(res: ServerResponse, uuid: string) {
    const r = receipts.get(uuid);
    if (!r) return json(res, 404, { error: { code: 'NotFound', message: 'no such receipt' } });
    const answer: ReceiptAnswer = {
      submissionUUID: r.submissionId,
      dateTimeReceived: r.receivedAt,
      dateTimeIssued: r.receipt.header.dateTimeIssued,
      submissionChannel: 'POS',
      rawDocument: r.raw,
      receipt: { uuid: r.uuid, receiptNumber: r.receiptNumber, status: r.status },
    };
    return json(res, 200, answer);
  }

  function details(res: ServerResponse, submissionId: string) {
    const ids = submissions.get(submissionId);
    if (!ids) return json(res, 404, { error: { code: 'NotFound', message: 'no such submission' } });
    const list = ids.flatMap((id) => receipts.get(id) ?? []);
    const invalid = list.filter((r) => r.status === 'Invalid').length;
    const answer: SubmissionDetails = {
      submissionId,
      status: invalid === 0 ? 'Valid' : invalid === list.length ? 'Invalid' : 'PartiallyValid',
      receipts: list.map((r) => ({
        uuid: r.uuid,
        receiptNumber: r.receiptNumber,
        status: r.status,
        ...(r.errors.length ? { errors: r.errors } : {}),
      })),
    };
    return json(res, 200, answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'POST' && url.pathname === TOKEN_PATH) return token(req, res);
    if (req.method === 'GET' && url.pathname === '/simulator/receipts') return json(res, 200, [...receipts.values()]);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(res, 401, { error: 'unauthorized' });
    if (failNext > 0) {
      failNext--;
      return json(res, 503, { error: { code: 'ServiceUnavailable', message: 'try again later' } });
    }
    if (req.method === 'POST' && url.pathname === SUBMISSIONS_PATH) return submit(req, res);
    const detailsOf = /^\/api\/v1\/receiptsubmissions\/([^/]+)\/details$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && detailsOf) return details(res, decodeURIComponent(detailsOf));
    const receiptUuidOf = /^\/api\/v1\/receipts\/([^/]+)\/raw$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && receiptUuidOf) return receiptOf(res, decodeURIComponent(receiptUuidOf));
    return json(res, 404, { error: { code: 'NotFound', message: 'no such route' } });
  }

  const server = await serveLocally(options.port, handle, (err) => ({
    error: { code: 'InternalError', message: err instanceof Error ? err.message : String(err) },
  }));
  return {
    ...server,
    receipts,
    received,
    /** Tokens issued so far stop working, as when they expire. */
    expireTokens: () => tokens.clear(),
    /** The next `n` calls to the receipts API answer 503. */
    failNext: (n: number) => {
      failNext = n;
    },
    /** The next `n` submissions are kept, but their answers are lost on the way (the connection drops). */
    loseNextAnswers: (n: number) => {
      loseNext = n;
    },
    /** Runs `during` once, while the next submission is being answered (after it is kept). */
    whileNextSubmission: (during: () => Promise<void>) => {
      whileSubmitting = during;
    },
  };
}
export type EtaSimulator = Awaited<ReturnType<typeof startEtaSimulator>>;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const simulator = await startEtaSimulator({
    port: Number(env.ETA_SIMULATOR_PORT ?? 8094),
    clientId: env.ETA_CLIENT_ID ?? 'simulator-client',
    clientSecret: env.ETA_CLIENT_SECRET ?? 'simulator-secret',
    posSerial: env.ETA_POS_SERIAL ?? 'SIM-POS-1',
    rin: env.ETA_SIMULATOR_RIN ?? '100200300',
  });
  console.log(`ETA simulator on ${simulator.url}`);
}
