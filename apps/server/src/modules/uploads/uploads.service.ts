import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { domainToUnicode } from 'node:url';
import {
  type AnalyticsEvent,
  type CreateUploadBody,
  TERRITORY_UPLOAD_CAP,
  UPLOAD_EMPTY_CELL,
  UPLOAD_FAILURE_LINES_SHOWN,
  UPLOAD_MAX_LINES,
  UPLOAD_MAX_LINES_MESSAGE,
  type Upload,
  type UploadErrorCode,
  type UploadFailureLines,
  type UploadFailureReason,
  type UploadInputKind,
  type UploadStatus,
  type UploadType,
  type UserSummary,
} from '@quarry/shared';
import type { Selectable } from 'kysely';
import { parse } from 'tldts';
import type { UploadsTable } from '../../db/schema.ts';
import type { Job } from '../../jobs/jobs.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { toCsv } from '../../lib/csv.ts';
import { forbidden, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import { registrableDomain } from '../../lib/registrable-domain.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { Foreground } from '../../plugins/foreground.ts';
import type { AccountQueryRepository } from '../filters/account-query.repository.ts';
import type { FiltersRepository } from '../filters/filters.repository.ts';
import type { ListsRepository } from '../lists/lists.repository.ts';
import { readUploadInput } from './read-upload-input.ts';
import type {
  ChunkCounts,
  UploadFailureRow,
  UploadReader,
  UploadRow,
  UploadsRepository,
} from './uploads.repository.ts';

export const UPLOAD_ACCOUNTS = 'upload_accounts';

/**
 * Lines per chunk on SQLite. Each chunk commits its accounts, failures, counts and cursor in one
 * transaction, which holds the one connection (and, the driver being synchronous, the event loop)
 * while it writes, so a request arriving meanwhile waits for it. Measured idle with bench:upload
 * (100,000 lines): 250-line chunks wrote in 13 ms p50 / 32 ms p95 and My Accounts answered up to
 * 1.31x slower during the upload; 100-line chunks write in 6 / 18 ms, the upload taking 10-11 s
 * instead of 9-10, and requests stay within 1.25x.
 */
export const UPLOAD_CHUNK_LINES = 100;
/** Most lines per chunk where chunks are sized to a time budget (PostgreSQL). */
export const MAX_BUDGET_CHUNK_LINES = 250;
/**
 * How long a chunk may take where the database runs beside the server (PostgreSQL): the next
 * chunk's size follows from the lines per millisecond the last one achieved, so a request arriving
 * mid-chunk waits at most about this long for the database. Measured idle with bench:upload: with
 * fixed 250-line chunks PostgreSQL answered My Accounts 1.3-1.7x slower during a 100,000-line
 * upload; with this budget and a rest as long as each chunk, within 1.25x, the upload taking
 * ~30 s instead of ~9. On SQLite each transaction's fixed cost makes small chunks 3x slower in
 * all (past the 30 s target): there chunks keep UPLOAD_CHUNK_LINES and no rest.
 */
export const POSTGRES_CHUNK_BUDGET_MS = 5;
/**
 * Fewest lines per chunk (each transaction has a fixed cost: on a loaded machine, smaller chunks
 * would spend the upload's time on commits), and the first chunk's size before any was timed.
 */
const MIN_CHUNK_LINES = 50;
const FIRST_CHUNK_LINES = 100;
/**
 * Each chunk's lines and times (reading and writing, in ms) are published here for whoever
 * subscribes (bench:upload); nothing is built when no one does.
 */
export const UPLOAD_CHUNK_CHANNEL = 'quarry:upload-chunk';
export type UploadChunkTiming = { lines: number; planMs: number; writeMs: number; restMs: number };
const chunkChannel = diagnostics.channel(UPLOAD_CHUNK_CHANNEL);
/** Lines normalised between two turns of the event loop while an upload's lines are read. */
const READ_SLICE_LINES = 1000;
/**
 * Between two chunks the job rests as long as the last chunk worked where chunks have a budget
 * (a duty cycle: the database's requests get at least half of its time), then
 * waits while requests are being answered: at most STEP_ASIDE_SHARE times the last chunk's time,
 * never less than MIN or more than MAX, so under constant traffic it still gets its share.
 */
const REST_MAX_MS = 20;
const STEP_ASIDE_SHARE = 2;
const STEP_ASIDE_MIN_MS = 20;
const STEP_ASIDE_MAX_MS = 250;
const HISTORY_LIMIT = 100;

/** One non-empty line of an upload, read once per run: its account key, or why it has none. */
type Entry = {
  line: number;
  value: string;
  key: string | null;
  reason: UploadFailureReason | null;
  duplicateOf: number | null;
};

/** A line that is an email address (no scheme, one "@", a dotted domain after it). */
const EMAIL_ADDRESS = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/**
 * Reads every line: the key (registrable domain or account id), invalid lines, and repeats of an
 * earlier line. 100,000 lines take a fraction of a second of CPU: `pause` (a turn of the event
 * loop) comes every READ_SLICE_LINES lines, so requests arriving meanwhile are not held up behind them.
 */
export async function readEntries(
  type: UploadType,
  lines: string,
  firstLine: number,
  pause: () => Promise<unknown> = () => setImmediate(),
): Promise<Entry[]> {
  const byDomain = type === 'WEBSITE' || type === 'DOMAIN';
  const firstOf = new Map<string, number>();
  const entries: Entry[] = [];
  const raws = lines.split('\n');
  for (let i = 0; i < raws.length; i++) {
    if (i > 0 && i % READ_SLICE_LINES === 0) await pause();
    const value = (raws[i] as string).trim();
    if (!value) continue;
    const line = firstLine + i;
    if (value === UPLOAD_EMPTY_CELL) {
      entries.push({ line, value: '', key: null, reason: 'no_value', duplicateOf: null });
      continue;
    }
    // A person's email address names their mail provider as often as their company (a contacts
    // export's john@gmail.com): refused, not read as gmail.com.
    if (byDomain && EMAIL_ADDRESS.test(value)) {
      entries.push({ line, value, key: null, reason: 'email_address', duplicateOf: null });
      continue;
    }
    const key = byDomain ? registrableDomain(value) : value;
    if (!key) {
      entries.push({ line, value, key: null, reason: 'not_a_domain', duplicateOf: null });
      continue;
    }
    const earlier = firstOf.get(key);
    if (earlier !== undefined) {
      entries.push({ line, value, key, reason: 'duplicate', duplicateOf: earlier });
      continue;
    }
    firstOf.set(key, line);
    entries.push({ line, value, key, reason: null, duplicateOf: null });
  }
  return entries;
}

/** What a chunk will write, worked out before its transaction: the lookups only read, and the CPU work is done. */
type ChunkPlan = {
  /** Each line that names an account, with the account's id. */
  matched: { entry: Entry; id: string }[];
  /** Accounts to make from domains no one knew. */
  fresh: { id: string; name: string; website: string }[];
  /** Lines failing before any write (not a domain, duplicate, unknown account id). */
  failures: UploadFailureRow[];
};

/**
 * The next chunk's lines: as many as the last chunk's pace fits in the budget, at most
 * doubling from one chunk to the next (one fast chunk, e.g. of lines already there, is no promise).
 */
export function nextChunkLines(lines: number, tookMs: number, budgetMs = POSTGRES_CHUNK_BUDGET_MS): number {
  const fits = tookMs > 0 ? Math.floor((lines * budgetMs) / tookMs) : lines * 2;
  return Math.max(MIN_CHUNK_LINES, Math.min(MAX_BUDGET_CHUNK_LINES, lines * 2, fits));
}

/**
 * A new account's name from its domain: "acme-widgets.co.uk" → "Acme Widgets". A name of one to
 * three letters is most likely initials, written as such: "bbc.co.uk" → "BBC", not "Bbc".
 */
export function nameFromDomain(domain: string): string {
  const label = domainToUnicode(parse(domain).domainWithoutSuffix ?? domain) || domain;
  if (/^\p{L}{1,3}$/u.test(label)) return label.toUpperCase();
  return label
    .split(/[-_.]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The tenant's own account for a domain it uploaded: the same id every time, so a re-run adds nothing twice. */
function uploadedAccountId(tenantId: string, domain: string): string {
  return `acc_u_${crypto.createHash('sha1').update(`${tenantId}\n${domain}`).digest('hex').slice(0, 24)}`;
}

export function createUploadsService(deps: {
  uploads: UploadsRepository;
  lists: ListsRepository;
  filters: FiltersRepository;
  accountQuery: AccountQueryRepository;
  /** A user of the caller's own tenant, or nothing. */
  colleague: (ctx: RequestContext, uid: string) => Promise<UserSummary | undefined>;
  /** Value matching runs again once accounts were added. */
  requestRecompute: (tenantId: string) => Promise<void>;
  clock: Clock;
  /** The server's requests in flight: the job's steps wait for them (none in tests that run the job alone). */
  foreground?: Pick<Foreground, 'quiet'>;
  /** Chunks sized to this many ms of work, each followed by a rest as long (PostgreSQL); fixed chunks without. */
  chunkBudgetMs?: number;
}) {
  const { uploads, lists, filters, accountQuery, colleague, requestRecompute, clock } = deps;
  /**
   * Between two chunks: a turn of the event loop (the SQLite driver is synchronous, so without one
   * no socket would be read while the job runs), then the requests in flight are answered before
   * the job takes the connection again, waiting at most in proportion to the last chunk's time.
   */
  const stepAside = async (lastChunkMs: number) => {
    await setImmediate();
    if (deps.chunkBudgetMs !== undefined && lastChunkMs >= 1)
      await sleep(Math.min(REST_MAX_MS, Math.round(lastChunkMs)));
    const wait = Math.min(STEP_ASIDE_MAX_MS, Math.max(STEP_ASIDE_MIN_MS, lastChunkMs * STEP_ASIDE_SHARE));
    await deps.foreground?.quiet(wait);
  };
  /** The one who started an upload, as the job acts for them (no request of theirs is running). */
  const uploaderOf = (tenantId: string, uid: string): RequestContext => ({
    tenantId,
    uid,
    email: '',
    isAdmin: false,
    isManager: false,
    isSupport: false,
    sessionId: '',
    impersonator: null,
  });
  const reader = (ctx: RequestContext): UploadReader => ({
    tenantId: ctx.tenantId,
    uid: ctx.uid,
    seesAll: ctx.isAdmin || ctx.isManager,
  });

  /**
   * The uploads as the caller reads them: a list destination says whether the caller may open it
   * (a manager reading a rep's upload into a list not shared with them may not).
   */
  async function asRead(ctx: RequestContext, rows: UploadRow[]): Promise<Upload[]> {
    const listIds = rows.flatMap((r) =>
      r.destination_type === 'list' && r.destination_list_id ? [r.destination_id] : [],
    );
    const readable = listIds.length === 0 ? new Set<string>() : new Set((await lists.mine(ctx)).map((list) => list.id));
    return rows.map((row) => toUpload(row, readable));
  }

  async function oneAsRead(ctx: RequestContext, row: UploadRow): Promise<Upload> {
    return (await asRead(ctx, [row]))[0] as Upload;
  }

  function toUpload(row: UploadRow, readableLists: Set<string>): Upload {
    const exists = row.destination_type !== 'list' || row.destination_list_id !== null;
    return {
      id: row.id,
      type: row.type as UploadType,
      status: row.status as UploadStatus,
      input: row.input_label,
      input_kind: row.input_kind as UploadInputKind,
      input_digest: row.input_digest,
      destination: {
        type: row.destination_type as Upload['destination']['type'],
        id: row.destination_id,
        name: row.destination_name,
        exists,
        readable: exists && (row.destination_type !== 'list' || readableLists.has(row.destination_id)),
      },
      created_by: { uid: row.created_by, display_name: row.created_by_name ?? '' },
      created_via_support: row.via_uid !== null,
      line_count: row.line_count,
      processed_count: row.processed_count,
      added_count: row.added_count,
      already_present_count: row.already_present_count,
      created_count: row.created_count,
      success_count: row.added_count + row.already_present_count,
      failures_count: row.failed_count,
      not_fitted_count: row.not_fitted_count,
      error_code: row.error_code as UploadErrorCode | null,
      created: row.created_at,
      finished_at: row.finished_at,
    };
  }

  async function requireVisible(ctx: RequestContext, id: string): Promise<UploadRow> {
    const row = await uploads.find(reader(ctx), id);
    if (!row) throw notFound('Upload not found');
    return row;
  }

  /**
   * Where the accounts go. Anyone fills their own My Accounts; only managers and admins a
   * colleague's (403 otherwise); a user or list of another tenant is 404, like one that does not exist.
   */
  async function resolveDestination(ctx: RequestContext, destination: CreateUploadBody['destination']) {
    if (destination.type === 'territory') {
      const uid = destination.uid ?? ctx.uid;
      const user = await colleague(ctx, uid);
      if (!user) throw notFound('User not found');
      if (uid !== ctx.uid && !ctx.isAdmin && !ctx.isManager) {
        throw forbidden(
          "Only admins and managers can add accounts to a colleague's My Accounts",
          'admin_or_manager_only',
        );
      }
      return { type: 'territory' as const, id: uid, name: user.display_name };
    }
    const list = await lists.find(ctx, destination.list_id);
    if (!list) throw notFound('List not found');
    if (list.type !== 'accounts')
      throw invalidField('destination.list_id', 'Choose an account list', 'not_account_list');
    return { type: 'list' as const, id: list.id, name: list.name };
  }

  /** FILTER: the saved filter runs now, server-side, with the same engine as My Accounts; its ids are the lines. */
  async function filterLines(ctx: RequestContext, filterId: string) {
    const saved = await filters.findVisible(ctx, filterId);
    if (!saved) throw notFound('Filter not found');
    const ids = await accountQuery.ids(ctx, { filter: saved.filter }, UPLOAD_MAX_LINES + 1);
    if (ids.length === 0) throw invalidField('filter_id', 'This filter matches no account', 'matches_nothing');
    if (ids.length > UPLOAD_MAX_LINES)
      throw invalidField('filter_id', UPLOAD_MAX_LINES_MESSAGE, 'too_many_items', UPLOAD_MAX_LINES);
    return {
      values: ids,
      firstLine: 1,
      lineCount: ids.length,
      label: saved.name,
      digestOf: `${saved.id}\n${ids.join('\n')}`,
      kind: 'filter' as const,
    };
  }

  /**
   * The reading half of a chunk, outside its transaction: known accounts looked up, new accounts
   * named, failing lines listed. Nothing here counts until the transaction commits, so a chunk
   * planned by a worker that then loses its claim changes nothing.
   */
  async function planChunk(tenantId: string, type: UploadType, part: Entry[]): Promise<ChunkPlan> {
    const plan: ChunkPlan = { matched: [], fresh: [], failures: [] };
    const wanted: Entry[] = [];
    for (const e of part) {
      if (e.reason) plan.failures.push({ line: e.line, value: e.value, reason: e.reason, duplicate_of: e.duplicateOf });
      else wanted.push(e);
    }
    const keys = wanted.map((e) => e.key as string);
    if (type === 'WEBSITE' || type === 'DOMAIN') {
      const known = await uploads.accountsByDomain(tenantId, keys);
      for (const e of wanted) {
        const domain = e.key as string;
        let id = known.get(domain);
        if (id === undefined) {
          id = uploadedAccountId(tenantId, domain);
          plan.fresh.push({ id, name: nameFromDomain(domain), website: domain });
        }
        plan.matched.push({ entry: e, id });
      }
    } else {
      const existing = await uploads.existingAccountIds(tenantId, keys);
      for (const e of wanted) {
        const id = e.key as string;
        if (existing.has(id)) plan.matched.push({ entry: e, id });
        else plan.failures.push({ line: e.line, value: e.value, reason: 'unknown_account', duplicate_of: null });
      }
    }
    return plan;
  }

  /**
   * Runs chunks from the cursor; answers whether the upload is finished (or was stopped by someone
   * else). Chunks are sized to the chunk budget (if any) unless `chunkLines` fixes their size (tests).
   */
  async function processUpload(
    tenantId: string,
    uploadId: string,
    { maxChunks = Number.POSITIVE_INFINITY, chunkLines }: { maxChunks?: number; chunkLines?: number } = {},
  ): Promise<boolean> {
    const upload = await uploads.forJob(tenantId, uploadId);
    if (!upload || upload.status === 'COMPLETED' || upload.status === 'FAILED') return true;
    const at = () => clock().toISOString();
    if (upload.status === 'PENDING') {
      await uploads.setStatus(tenantId, uploadId, { status: 'IN_PROGRESS', updated_at: at() }, ['PENDING']);
    }
    if (upload.destination_type === 'list') {
      const exists = await lists.find(uploaderOf(tenantId, upload.created_by), upload.destination_id);
      if (!exists) {
        await uploads.setStatus(
          tenantId,
          uploadId,
          { status: 'FAILED', error_code: 'destination_gone', finished_at: at(), updated_at: at() },
          ['IN_PROGRESS', 'PENDING'],
        );
        return true;
      }
    }
    const type = upload.type as UploadType;
    const entries = await readEntries(type, upload.lines, upload.first_line);
    let cursor = upload.processed_count;
    let chunks = 0;
    let lastChunkMs = 0;
    const budget = chunkLines === undefined ? deps.chunkBudgetMs : undefined;
    let size = chunkLines ?? (budget === undefined ? UPLOAD_CHUNK_LINES : FIRST_CHUNK_LINES);
    while (cursor < entries.length) {
      if (chunks >= maxChunks) return false;
      const from = cursor;
      const to = Math.min(entries.length, from + size);
      const restStarted = performance.now();
      await stepAside(lastChunkMs);
      const chunkStarted = performance.now();
      const plan = await planChunk(tenantId, type, entries.slice(from, to));
      const planned = performance.now();
      // The transaction only writes: the cursor moves (only from where this run found it), then
      // the accounts, the destination, the failures and the counts, all committed together.
      const moved = await uploads.inChunk(tenantId, uploadId, async (work) => {
        const now = at();
        if (!(await work.claim(from, to, now))) return false;
        const failures = [...plan.failures];
        const counts: ChunkCounts = {
          added_count: 0,
          already_present_count: 0,
          created_count: 0,
          failed_count: failures.length,
          not_fitted_count: 0,
        };
        const ids = plan.matched.map((m) => m.id);
        if (upload.destination_type === 'list') {
          counts.created_count = await work.createAccounts(plan.fresh, now);
          const added = await work.addToList(upload.destination_id, ids, upload.created_by, now);
          counts.added_count = added;
          counts.already_present_count = ids.length - added;
        } else {
          const present = await work.inTerritory(upload.destination_id, ids);
          let room = Math.max(0, TERRITORY_UPLOAD_CAP - (await work.addedSoFar()));
          const fits: string[] = [];
          for (const { entry: e, id } of plan.matched) {
            if (present.has(id)) counts.already_present_count++;
            else if (room > 0) {
              fits.push(id);
              room--;
            } else {
              failures.push({ line: e.line, value: e.value, reason: 'did_not_fit', duplicate_of: null });
              counts.not_fitted_count++;
            }
          }
          // A new account is made only for a line that goes into the territory: one past the cap
          // would be an account of the tenant's that nothing shows (99,001 of them for one upload).
          const placed = new Set(fits);
          counts.created_count = await work.createAccounts(
            plan.fresh.filter((a) => placed.has(a.id)),
            now,
          );
          counts.added_count = await work.addToTerritory(upload.destination_id, fits, now);
          // An account another upload put in the territory since `present` was read is there
          // already: it is counted so, not lost (seen with six uploads at once on three processes).
          counts.already_present_count += fits.length - counts.added_count;
        }
        await work.addFailures(failures);
        await work.addCounts(counts);
        return true;
      });
      // Someone else moved this upload on (another process took the job over): theirs to finish.
      if (!moved) return true;
      cursor = to;
      chunks++;
      const ended = performance.now();
      lastChunkMs = ended - chunkStarted;
      if (chunkChannel.hasSubscribers) {
        const timing: UploadChunkTiming = {
          lines: to - from,
          planMs: planned - chunkStarted,
          writeMs: ended - planned,
          restMs: chunkStarted - restStarted,
        };
        chunkChannel.publish(timing);
      }
      if (budget !== undefined) size = nextChunkLines(to - from, lastChunkMs, budget);
    }
    const uploader = await colleague(uploaderOf(tenantId, upload.created_by), upload.created_by);
    const finished = await uploads.complete(tenantId, uploadId, at(), (done) =>
      uploadedEvent(tenantId, done, uploader?.email),
    );
    if (finished) await requestRecompute(tenantId);
    return true;
  }

  /**
   * "Accounts Uploaded" with the counts, once per upload: recorded in the transaction that makes
   * it COMPLETED, so only the worker that completed it records it. The one who started the upload
   * is its actor, whether or not a page watched it.
   */
  function uploadedEvent(
    tenantId: string,
    upload: Selectable<UploadsTable>,
    email: string | undefined,
  ): AnalyticsEvent {
    return {
      id: crypto.randomUUID(),
      type: 'track',
      event: 'Accounts Uploaded',
      properties: {
        upload_id: upload.id,
        type: upload.type,
        destination_type: upload.destination_type,
        lines: upload.line_count,
        added: upload.added_count,
        already_present: upload.already_present_count,
        created: upload.created_count,
        failures: upload.failed_count,
        not_fitted: upload.not_fitted_count,
        source: 'upload',
      },
      user_properties: { user_id: upload.created_by, tenant_id: tenantId, email },
      timestamp: clock().toISOString(),
    };
  }

  return {
    async list(ctx: RequestContext): Promise<Upload[]> {
      return asRead(ctx, await uploads.list(reader(ctx), HISTORY_LIMIT));
    },

    async get(ctx: RequestContext, id: string): Promise<Upload> {
      return oneAsRead(ctx, await requireVisible(ctx, id));
    },

    /** Checks everything (input, limit, rights) before any work, then records the upload and queues its job. */
    async create(ctx: RequestContext, body: CreateUploadBody): Promise<Upload> {
      const destination = await resolveDestination(ctx, body.destination);
      let read: {
        values: string[];
        firstLine: number;
        lineCount: number;
        label: string;
        digestOf: string;
        kind: UploadInputKind;
      };
      if (body.type === 'FILTER') {
        read = await filterLines(ctx, body.filter_id as string);
      } else {
        const format = body.format ?? 'lines';
        const input = readUploadInput(body.input ?? '', format, body.type);
        read = { ...input, label: body.file_name ?? '', digestOf: body.input ?? '', kind: format };
      }
      const at = clock().toISOString();
      const id = crypto.randomUUID();
      await uploads.insertAndQueue(
        ctx.tenantId,
        {
          id,
          type: body.type,
          status: 'PENDING',
          input_label: read.label.slice(0, 300),
          input_kind: read.kind,
          input_digest: crypto.createHash('sha256').update(read.digestOf).digest('hex'),
          first_line: read.firstLine,
          destination_type: destination.type,
          destination_id: destination.id,
          destination_name: destination.name.slice(0, 300),
          line_count: read.lineCount,
          processed_count: 0,
          added_count: 0,
          already_present_count: 0,
          created_count: 0,
          failed_count: 0,
          not_fitted_count: 0,
          error_code: null,
          created_by: ctx.uid,
          created_at: at,
          updated_at: at,
          finished_at: null,
          via_uid: ctx.impersonator?.uid ?? null,
        },
        read.values.join('\n'),
        UPLOAD_ACCOUNTS,
        clock(),
      );
      return oneAsRead(ctx, await requireVisible(ctx, id));
    },

    /**
     * Stops a running upload for whoever may see it (its uploader; managers and admins). The chunk
     * being written commits or not as a whole and the job stops at the next one (its claim needs
     * IN_PROGRESS); the accounts already added stay. A finished upload is a 409.
     */
    async cancel(ctx: RequestContext, id: string): Promise<Upload> {
      const upload = await requireVisible(ctx, id);
      const at = clock().toISOString();
      const stopped = await uploads.setStatus(
        ctx.tenantId,
        upload.id,
        { status: 'FAILED', error_code: 'cancelled', finished_at: at, updated_at: at },
        ['PENDING', 'IN_PROGRESS'],
      );
      if (!stopped) throw new HttpError(409, 'conflict', 'This upload has already finished');
      const after = await requireVisible(ctx, id);
      // The accounts it added before the stop are matched as a finished upload's are.
      if (Number(after.added_count) > 0) await requestRecompute(ctx.tenantId);
      return oneAsRead(ctx, after);
    },

    /** The lines that added no account, as a CSV (BOM, formulas escaped). */
    async failuresCsv(ctx: RequestContext, id: string): Promise<{ filename: string; csv: string }> {
      const upload = await requireVisible(ctx, id);
      const rows = await uploads.failures(ctx.tenantId, upload.id);
      return {
        filename: `upload-failures-${upload.id.slice(0, 8)}.csv`,
        csv: toCsv([
          ['line', 'value', 'reason', 'duplicate_of', 'explanation'],
          ...rows.map((r) => [r.line, r.value, r.reason, r.duplicate_of, explanationOf(r)]),
        ]),
      };
    },

    /** The first failed lines, for the page to list beside the counts; the CSV holds them all. */
    async failureLines(ctx: RequestContext, id: string): Promise<UploadFailureLines> {
      const upload = await requireVisible(ctx, id);
      const rows = await uploads.failures(ctx.tenantId, upload.id, UPLOAD_FAILURE_LINES_SHOWN);
      return {
        failures: rows.map((r) => ({
          line: Number(r.line),
          value: r.value,
          reason: r.reason as UploadFailureReason,
          duplicate_of: r.duplicate_of === null ? null : Number(r.duplicate_of),
        })),
        total: Number(upload.failed_count) + Number(upload.not_fitted_count),
      };
    },

    processUpload,

    /** The job: resumes from the cursor; after the last attempt fails, the upload is FAILED with what it counted. */
    async runJob(job: Job): Promise<void> {
      const { upload_id: uploadId } = parseJsonColumn<{ upload_id?: string }>(job.payload, {});
      if (!uploadId) return;
      try {
        await processUpload(job.tenant_id, uploadId);
      } catch (error) {
        if (job.attempts >= job.max_attempts) {
          const at = clock().toISOString();
          await uploads.setStatus(
            job.tenant_id,
            uploadId,
            { status: 'FAILED', error_code: 'upload_failed', finished_at: at, updated_at: at },
            ['PENDING', 'IN_PROGRESS'],
          );
        }
        throw error;
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/** A failed line's reason in words, for whoever opens the failures CSV. */
function explanationOf(row: { reason: string; duplicate_of: number | string | null }): string {
  switch (row.reason) {
    case 'no_value':
      return 'This line has no website, domain or id (its cell is empty)';
    case 'not_a_domain':
      return 'Not a website or domain';
    case 'email_address':
      return 'An email address, not a website: give the company’s website or domain';
    case 'unknown_company':
      return 'No company is known for this domain';
    case 'unknown_account':
      return 'No account has this id';
    case 'duplicate':
      return `Same company as line ${row.duplicate_of}`;
    case 'did_not_fit':
      return `Did not fit: one upload adds at most ${TERRITORY_UPLOAD_CAP} accounts to My Accounts`;
    default:
      return row.reason;
  }
}
