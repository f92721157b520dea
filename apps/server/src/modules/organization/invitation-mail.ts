import { INVITATION_DAYS } from '@quarry/shared';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

/**
 * The mail an invitation sends. An address that already signs in with another company gets a
 * notice without a link instead: one address belongs to one company, and only its owner learns
 * why the invitation cannot be accepted (the inviting admin is told nothing about it).
 */
export function invitationMail(input: {
  to: string;
  displayName: string;
  link: string;
  signsInElsewhere: boolean;
}): MailMessage {
  if (input.signsInElsewhere) {
    return {
      to: input.to,
      subject: 'You are invited to Quarry',
      text: `${input.displayName}, a team invited this address to Quarry, but it already signs in to Quarry with another company, and an address can belong to one company only. Nothing changed on your account. If you expected this invitation, ask the person who sent it to invite another address.`,
    };
  }
  return {
    to: input.to,
    subject: 'You are invited to Quarry',
    text: `${input.displayName}, you are invited to join your team on Quarry. Choose a password here (the link works for ${INVITATION_DAYS} days): ${input.link}`,
    link: input.link,
  };
}
