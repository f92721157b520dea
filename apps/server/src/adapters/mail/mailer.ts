import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../lib/time.ts';

export type MailMessage = { to: string; subject: string; text: string; link?: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/** SMTP when SMTP_URL is set; otherwise the outbox table plus a log line holding the link. */
export function createMailer({
  smtpUrl,
  from,
  db,
  log,
}: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: Logger;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async ({ to, subject, text }) => {
        await transport.sendMail({ from, to, subject, text });
      },
    };
  }
  return {
    send: async ({ to, subject, text, link }) => {
      await db
        .insertInto('mail_outbox')
        .values({ to_address: to, subject, text_body: text, created_at: nowIso() })
        .execute();
      // The outbox is the embedded default: the log line is how a developer follows the link.
      log.warn({ to, subject, link }, 'mail written to outbox');
    },
  };
}
