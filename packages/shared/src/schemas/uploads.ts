import { z } from 'zod';

/** Spec section 3: what an upload's lines are. FILTER takes the accounts a saved filter matches. */
export const UPLOAD_TYPES = ['FILTER', 'DOMAIN', 'WEBSITE', 'ACCOUNT_ID'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Spec section 4: upload statuses. */
export const UPLOAD_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Where the accounts go: a user's My Accounts, or an account list. */
export const UPLOAD_DESTINATION_TYPES = ['territory', 'list'] as const;
export type UploadDestinationType = (typeof UPLOAD_DESTINATION_TYPES)[number];

/** How the pasted or dropped text is read: one value per line, or a CSV whose header names the column. */
export const UPLOAD_FORMATS = ['lines', 'csv'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];
/** What an upload's input was: pasted or text lines, a CSV, or a saved filter. */
export const UPLOAD_INPUT_KINDS = [...UPLOAD_FORMATS, 'filter'] as const;
export type UploadInputKind = (typeof UPLOAD_INPUT_KINDS)[number];

/**
 * Spec sections 5 and 9: the maximum lines per upload is the product's to choose; Quarry's is
 * 100,000 (empty lines not counted). Checked before any work, on the server and in the browser.
 */
export const UPLOAD_MAX_LINES = 100_000;
/** The largest file or pasted text accepted (also the upload route's body limit). */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_MAX_LINES_MESSAGE = `Upload at most ${UPLOAD_MAX_LINES.toLocaleString('en-US')} lines, one per line`;
/** CSV headers that name the column holding the values, by upload type, first match wins. */
export const UPLOAD_CSV_COLUMNS: Record<Exclude<UploadType, 'FILTER'>, readonly string[]> = {
  WEBSITE: ['website', 'domain', 'url', 'company_website', 'site'],
  DOMAIN: ['domain', 'website', 'url', 'company_domain'],
  ACCOUNT_ID: ['master_account_id', 'account_id', 'id'],
};

/** A header as written by any tool ("Company Website", "Website URL", "company_website"): letters and digits only. */
const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** Words tools write around the column's name: "Company Website", "Account Domain", "Website URL", "Domain Name". */
const HEADER_PREFIXES = ['', 'company', 'account', 'organization', 'organisation', 'org', 'primary'];
const HEADER_SUFFIXES = ['', 'url', 'name', 'address'];

/**
 * The column of a CSV header holding the upload's values: the first of UPLOAD_CSV_COLUMNS's names
 * found, read without case, spaces or punctuation and with the words tools add around it
 * ("Company Website", "Website URL", "Company Domain Name"); -1 when none is there.
 */
export function uploadCsvColumn(header: readonly string[], type: Exclude<UploadType, 'FILTER'>): number {
  const keys = header.map(headerKey);
  for (const name of UPLOAD_CSV_COLUMNS[type]) {
    const base = headerKey(name);
    const exact = keys.indexOf(base);
    if (exact >= 0) return exact;
    const wrapped = new Set(
      HEADER_PREFIXES.flatMap((prefix) => HEADER_SUFFIXES.map((suffix) => `${prefix}${base}${suffix}`)),
    );
    const found = keys.findIndex((key) => wrapped.has(key));
    if (found >= 0) return found;
  }
  return -1;
}

/**
 * The separator of a delimited file, read from its header line: a comma, a semicolon (a
 * spreadsheet saved in much of Europe) or a tab (a spreadsheet's "Unicode text"), whichever the
 * line holds most of, outside quotes; a comma when it holds none.
 */
export function csvDelimiter(firstLine: string): ',' | ';' | '\t' {
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const counts = ([',', ';', '\t'] as const).map((d) => [d, outside.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * What a CSV line with something in it but nothing in the column read stands as in an upload's
 * lines (no website or domain holds it), so that it is reported as a failed line, not skipped.
 */
export const UPLOAD_EMPTY_CELL = '\u2400';

/** Why a line added no account. */
export const UPLOAD_FAILURE_REASONS = [
  'no_value',
  'not_a_domain',
  'email_address',
  'unknown_company',
  'unknown_account',
  'duplicate',
  'did_not_fit',
] as const;
export type UploadFailureReason = (typeof UPLOAD_FAILURE_REASONS)[number];

/** How many failed lines the upload's page lists beside its counts; the CSV holds them all. */
export const UPLOAD_FAILURE_LINES_SHOWN = 20;

/** GET /api/uploads/:id/failure-lines: the first failed lines, and how many failed in all. */
export const uploadFailureLinesSchema = z.object({
  failures: z.array(
    z.object({
      line: z.number().int(),
      value: z.string(),
      reason: z.enum(UPLOAD_FAILURE_REASONS),
      duplicate_of: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
});
export type UploadFailureLines = z.infer<typeof uploadFailureLinesSchema>;

/** Why an upload stopped, for the page to translate. */
/** Why an upload is FAILED: an error, its list deleted, or stopped by someone who could see it ("Stop upload"). */
export const UPLOAD_ERROR_CODES = ['upload_failed', 'destination_gone', 'cancelled'] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

const id = z.string().trim().min(1).max(200);

export const uploadDestinationSchema = z.discriminatedUnion('type', [
  /** uid absent: the caller's own My Accounts. */
  z.strictObject({ type: z.literal('territory'), uid: id.optional() }),
  z.strictObject({ type: z.literal('list'), list_id: id }),
]);
export type UploadDestination = z.infer<typeof uploadDestinationSchema>;

export const createUploadBodySchema = z
  .strictObject({
    type: z.enum(UPLOAD_TYPES),
    /** The pasted text or the file's text; not for FILTER. */
    input: z.string().max(UPLOAD_MAX_BYTES).optional(),
    format: z.enum(UPLOAD_FORMATS).default('lines'),
    file_name: z.string().trim().max(255).optional(),
    /** FILTER only: the saved filter whose accounts are added. */
    filter_id: id.optional(),
    destination: uploadDestinationSchema,
  })
  .superRefine((body, ctx) => {
    if (body.type === 'FILTER' && !body.filter_id) {
      ctx.addIssue({ code: 'custom', path: ['filter_id'], message: 'Choose a saved filter' });
    }
    if (body.type !== 'FILTER' && body.input === undefined) {
      ctx.addIssue({ code: 'custom', path: ['input'], message: 'Paste lines or choose a file' });
    }
  });
export type CreateUploadBody = z.input<typeof createUploadBodySchema>;

export const uploadSchema = z.object({
  id,
  type: z.enum(UPLOAD_TYPES),
  status: z.enum(UPLOAD_STATUSES),
  /** What was uploaded: the file's name or the saved filter's; empty for pasted lines (the page says so in its language). */
  input: z.string(),
  input_kind: z.enum(UPLOAD_INPUT_KINDS),
  /** SHA-256 of the input as sent (for FILTER: the filter id and the account ids it matched). */
  input_digest: z.string(),
  destination: z.object({
    type: z.enum(UPLOAD_DESTINATION_TYPES),
    id: z.string(),
    name: z.string(),
    /** False once the destination list was deleted: its name is what it was called. */
    exists: z.boolean(),
    /**
     * Whether the caller may open the destination: a list in a workspace of theirs or shared with
     * them (a manager sees a rep's upload into a list they cannot open).
     */
    readable: z.boolean(),
  }),
  created_by: z.object({ uid: z.string(), display_name: z.string() }),
  /** Started by the support account while it impersonated created_by: shown as "via Support". */
  created_via_support: z.boolean(),
  line_count: z.number().int(),
  processed_count: z.number().int(),
  /** Accounts put into the destination by this upload. */
  added_count: z.number().int(),
  /** Lines whose account was already there. */
  already_present_count: z.number().int(),
  /** New accounts made from domains Quarry had never seen. */
  created_count: z.number().int(),
  /** Spec section 3: success count (added or already there) and failures count. */
  success_count: z.number().int(),
  failures_count: z.number().int(),
  /** My Accounts only: matched accounts that did not fit under the territory cap. */
  not_fitted_count: z.number().int(),
  error_code: z.enum(UPLOAD_ERROR_CODES).nullable(),
  created: z.string(),
  finished_at: z.string().nullable(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const uploadIdParamsSchema = z.object({ uploadId: id });
export const uploadListSchema = z.object({ uploads: z.array(uploadSchema) });
export type UploadList = z.infer<typeof uploadListSchema>;

export function isUploadRunning(status: UploadStatus): boolean {
  return status === 'PENDING' || status === 'IN_PROGRESS';
}
