import type { CustomField, IntegrationType } from '@quarry/shared';

/** What checking a credential found: the account it opens, or the tool's own reason for refusing it. */
export type CredentialCheck =
  | { status: 'VALID'; accountName: string }
  | { status: 'INVALID'; message: string }
  /** The tool could not be asked (down, slow, not JSON): the status stays as it was. */
  | { status: 'UNREACHABLE'; message: string };

/** One contact to create or update by email, with the tool's field names already mapped. */
export type ContactUpsert = {
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  /** The tool's custom field name → the text to write into it. */
  fields: Record<string, string>;
};

/** Per contact, by email: the tool's id for it, or its reason for not taking it. */
export type UpsertResult = { email: string; ok: true; vendorId: string } | { email: string; ok: false; reason: string };

/**
 * One sales-engagement tool behind the same calls (issue #21): who am I, its custom fields, and
 * contacts created or updated by email. An adapter never throws for the tool's answer and never
 * puts the credential into a reason.
 */
/** A sequence (Salesloft: cadence) contacts can be enrolled in. */
export type Sequence = { id: string; name: string };

/**
 * Where a sequence sends from, where the tool needs one named: an Outreach mailbox, an Apollo
 * email account, a HubSpot user (the sender) with their connected email.
 */
export type Mailbox = { id: string; email: string };

export type EngagementAdapter = {
  type: IntegrationType;
  /** The tool's sequences, when Quarry can enrol contacts in them. */
  sequences?: (credential: string) => Promise<Sequence[]>;
  /** The mailboxes a sequence can send from, where the tool asks for one (the first is the default). */
  mailboxes?: (credential: string) => Promise<Mailbox[]>;
  /**
   * Enrols contacts (by the tool's ids) in a sequence, sending from `mailboxId` (the tool's first
   * mailbox when null); one already enrolled counts as enrolled.
   */
  enroll?: (
    credential: string,
    sequenceId: string,
    vendorIds: string[],
    mailboxId?: string | null,
  ) => Promise<Map<string, string | null>>;
  check: (credential: string) => Promise<CredentialCheck>;
  customFields: (credential: string) => Promise<CustomField[]>;
  /** At most batchSize contacts a call; every contact gets a result. */
  upsertContacts: (credential: string, contacts: ContactUpsert[]) => Promise<UpsertResult[]>;
  batchSize: number;
};

export type EngagementAdapters = Partial<Record<IntegrationType, EngagementAdapter>>;
