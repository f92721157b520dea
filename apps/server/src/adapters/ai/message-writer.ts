import type { FlowStepKind } from '@quarry/shared';

/**
 * What a message is written from: the account's evidence, the contact, the sender and the
 * tenant's email preferences. Everything here is plain text from the database or a signal; a
 * writer never treats any of it as instructions or markup.
 */
export type MessageContext = {
  tenantName: string;
  sender: { displayName: string; email: string };
  account: { name: string; website: string | null; industry: string | null };
  contact: { name: string; title: string | null };
  hypothesis: {
    name: string;
    problemOrGoal: string;
    productValue: string;
    roiExplanation: string;
  } | null;
  signal: {
    title: string;
    /** The passage that made the match, cut to a few sentences. */
    excerpt: string;
    publishedAt: string | null;
    sourceName: string | null;
    type: 'news_article' | 'job_posting';
  } | null;
  /** The steps to write, in order (one for create_value_message, three for a Quick Prospect). */
  steps: { kind: FlowStepKind; dayOffset: number }[];
  /** Organization rules first, then personal ones; effectiveRules() resolves conflicts (personal wins). */
  rules: { organization: string[]; personal: string[] };
  /** Personal examples when there are any, else the organization's. */
  examples: string[];
};

export type WrittenStep = { subject: string; body: string };

/**
 * A writer's answer. Not ok means a person must look (the flow needs review), never a crash:
 * the provider refused, its output failed validation, or it could not be reached in time.
 */
export type WriteResult =
  | { ok: true; steps: WrittenStep[] }
  | { ok: false; reason: 'provider_refused' | 'invalid_output' | 'provider_error'; detail: string };

export type MessageWriter = {
  /** 'built-in' or 'openai-compatible', for logs and the flow's record. */
  name: string;
  write: (context: MessageContext) => Promise<WriteResult>;
};
