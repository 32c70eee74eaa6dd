/**
 * The ETA e-receipt API as the shop and the simulator speak it (the SDK's "Authenticate POS", "Submit Receipt
 * Documents", "Get Receipt" and "Get Receipt Submission" pages).
 */

/** On the identity service (ETA_ID_URL): OAuth 2.0 client credentials, with the POS's headers. */
export const TOKEN_PATH = '/connect/token';
/** On the receipts API (ETA_API_URL). */
export const SUBMISSIONS_PATH = '/api/v1/receiptsubmissions';
export const submissionDetailsPath = (submissionId: string) =>
  `${SUBMISSIONS_PATH}/${encodeURIComponent(submissionId)}/details?PageNo=1&PageSize=100`;

/** One receipt by its UUID, with the submission it came in ("Get Receipt"). */
export const receiptPath = (uuid: string) => `/api/v1/receipts/${encodeURIComponent(uuid)}/raw`;

/**
 * Receipts per submission. The SDK caps a submission's size (its toolkit exports at most 500 receipts or 1.5 MB in
 * one); a shop's receipts are a few kilobytes each, so 100 stay well inside both.
 */
export const SUBMISSION_BATCH = 100;

export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

export interface EtaError {
  code: string;
  message: string;
  target?: string;
  propertyPath?: string;
  details?: EtaError[];
}

export interface SubmissionAnswer {
  submissionId: string;
  acceptedDocuments: { uuid: string; longId: string; receiptNumber: string }[];
  rejectedDocuments: { uuid: string; receiptNumber: string; error: EtaError }[];
}

/** The code of a receipt the ETA refuses because it holds that UUID already: it was submitted before. */
export const DUPLICATE_RECEIPT = 'DuplicateReceipt';

/** Whether a rejection says only that the ETA holds the receipt already. */
export const isDuplicate = (error: EtaError): boolean =>
  error.code === DUPLICATE_RECEIPT ||
  (Boolean(error.details?.length) && (error.details ?? []).every((d) => d.code === DUPLICATE_RECEIPT));

export type ReceiptStatus = 'Valid' | 'Invalid' | 'Submitted';

export interface SubmissionDetails {
  submissionId: string;
  status: 'InProgress' | 'Valid' | 'PartiallyValid' | 'Invalid';
  receipts: { uuid: string; receiptNumber: string; status: ReceiptStatus; errors?: EtaError[] }[];
}

/** A receipt the ETA holds ("Get Receipt"): its submission, and its summary with its status. */
export interface ReceiptAnswer {
  submissionUUID: string;
  dateTimeReceived: string;
  dateTimeIssued: string;
  submissionChannel: string;
  rawDocument: string;
  receipt: { uuid: string; receiptNumber: string; status: ReceiptStatus };
}

/** An error and its details as the lines the dashboard shows. */
export const errorLines = (error: EtaError): string[] =>
  error.details?.length
    ? error.details.flatMap(errorLines)
    : [`${error.propertyPath ?? error.target ?? error.code}: ${error.message}`];
