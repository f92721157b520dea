import type { Mailer, MailMessage } from '../adapters/mail/mailer.ts';

export type RecordingMailer = Mailer & {
  messages: MailMessage[];
  /** The newest message sent to this address, or undefined. */
  lastTo: (address: string) => MailMessage | undefined;
};

/** A mailer that keeps every message in memory so a test can follow the link it holds. */
export function createRecordingMailer(): RecordingMailer {
  const messages: MailMessage[] = [];
  return {
    messages,
    send: async (message) => {
      messages.push(message);
    },
    lastTo: (address) => messages.findLast((m) => m.to.toLowerCase() === address.toLowerCase()),
  };
}
