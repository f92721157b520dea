import path from 'node:path';
import Database from 'better-sqlite3';
import { dataDir } from './browser.ts';

/**
 * The newest mail sent to this address: without SMTP_URL the server writes mail to its outbox
 * table, which is the test's inbox (as the README says for `npm start`). Read-only.
 */
export function lastMailTo(address: string): { subject: string; text_body: string } | undefined {
  const db = new Database(path.join(dataDir(), 'quarry-dev.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select subject, text_body from mail_outbox where lower(to_address) = lower(?) order by id desc limit 1')
      .get(address) as { subject: string; text_body: string } | undefined;
  } finally {
    db.close();
  }
}
