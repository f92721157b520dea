import { FLOW_BODY_MAX, FLOW_SUBJECT_MAX } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { createBuiltInComposer } from './built-in-composer.ts';
import { countWords } from './count-words.ts';
import { effectiveRules } from './effective-rules.ts';
import type { MessageContext, WrittenStep } from './message-writer.ts';
import { ruleViolation } from './rule-violation.ts';

function context(overrides: Partial<MessageContext> = {}): MessageContext {
  return {
    tenantName: 'Northwind Analytics',
    sender: { displayName: 'Sam Seller', email: 'sam@northwind.test' },
    account: { name: 'Acme Logistics', website: 'acme.test', industry: 'Logistics' },
    contact: { name: 'Jane Doe', title: 'VP Operations' },
    hypothesis: {
      name: 'Freight margin',
      problemOrGoal: 'Shippers facing carrier delays lose margin on every late load.',
      productValue: 'We track carrier delays live and reroute loads before they slip.',
      roiExplanation: 'Customers cut expedited freight spend by 8% within a quarter.',
    },
    signal: {
      title: 'Acme Logistics opens a new hub in Ohio',
      excerpt: 'Acme Logistics said on Friday it opened a hub in Columbus.',
      publishedAt: '2026-03-14T10:00:00.000Z',
      sourceName: 'Reuters',
      type: 'news_article',
    },
    steps: [
      { kind: 'first_touch', dayOffset: 0 },
      { kind: 'follow_up', dayOffset: 3 },
      { kind: 'break_up', dayOffset: 7 },
    ],
    rules: { organization: [], personal: [] },
    examples: [],
    ...overrides,
  };
}

async function write(input: MessageContext): Promise<WrittenStep[]> {
  const result = await createBuiltInComposer().write(input);
  if (!result.ok) throw new Error(`expected steps, got ${result.reason}: ${result.detail}`);
  return result.steps;
}

const everything = (steps: WrittenStep[]) => steps.map((s) => `${s.subject}\n${s.body}`).join('\n');

describe('built-in composer', () => {
  it('writes the same three steps for the same input, from any composer, every time', async () => {
    const first = await write(context());
    const composer = createBuiltInComposer();
    for (let i = 0; i < 3; i++) expect(await composer.write(context())).toEqual({ ok: true, steps: first });
    expect(first).toHaveLength(3);
  });

  it('writes a first touch, a follow-up and a break-up that differ, from the evidence', async () => {
    const [first, follow, breakUp] = await write(context());
    expect(new Set([first?.body, follow?.body, breakUp?.body]).size).toBe(3);
    expect(new Set([first?.subject, follow?.subject, breakUp?.subject]).size).toBe(3);
    const body = first?.body ?? '';
    expect(body.startsWith('Hi Jane,\n\n')).toBe(true);
    for (const fact of [
      '"Acme Logistics opens a new hub in Ohio"',
      'March 14, 2026',
      'Reuters',
      'VP Operations',
      'Acme Logistics',
      'Northwind Analytics',
      // The problem in its own words, then the reader's part in it.
      'Shippers facing carrier delays lose margin on every late load. As VP Operations, you may know this well.',
      // After a label and a colon a sentence goes on in lower case when it opens with a word that
      // is never a name ("We"); one complete in itself stands on its own, its capital kept.
      'How Northwind Analytics helps: we track carrier delays live and reroute loads before they slip.',
      'before they slip. Customers cut expedited freight spend by 8% within a quarter.',
    ]) {
      expect(body).toContain(fact);
    }
    expect(body.endsWith('\n\nBest,\nSam Seller')).toBe(true);
    expect(follow?.subject).toBe(`Re: ${first?.subject}`);
    expect(breakUp?.body).toContain('close the loop');
    expect(breakUp?.body).toContain('here is the short version: we track carrier delays live');
  });

  it('keeps subjects and bodies within the flow limits, even from evidence longer than a body', async () => {
    const long = `${'Carrier delays cost money. '.repeat(300)}`;
    const title = 'T'.repeat(500);
    const steps = await write(
      context({
        hypothesis: { name: 'x', problemOrGoal: long, productValue: long, roiExplanation: long },
        signal: { title, excerpt: '', publishedAt: null, sourceName: null, type: 'news_article' },
      }),
    );
    for (const step of steps) {
      expect(step.subject.length).toBeGreaterThan(0);
      expect(step.subject.length).toBeLessThanOrEqual(FLOW_SUBJECT_MAX);
      expect(step.body.length).toBeLessThanOrEqual(FLOW_BODY_MAX);
    }
  });

  it.each([119, 80, 60, 35])(
    'keeps every body within a %i-word limit, in whole sentences, with its ask',
    async (limit) => {
      const input = context({ rules: { organization: [`Keep it to at most ${limit} words`], personal: [] } });
      const steps = await write(input);
      const rules = effectiveRules(input.rules);
      expect(ruleViolation(steps, rules)).toBeNull();
      for (const step of steps) {
        expect(countWords(step.body)).toBeLessThanOrEqual(limit);
        // Every paragraph between the greeting and the sign-off ends a sentence.
        const paragraphs = step.body.split('\n\n').slice(1, -1);
        for (const p of paragraphs) expect(p).toMatch(/[.?!]"?$/);
      }
      expect(steps[0]?.body).toContain('?');
    },
  );

  it('cuts a body to the word limit by leaving out the least important sentences', async () => {
    const [full] = await write(context());
    const [short] = await write(context({ rules: { organization: ['Keep it under 60 words'], personal: [] } }));
    expect(countWords(full?.body ?? '')).toBeGreaterThan(60);
    expect(short?.body).toContain('"Acme Logistics opens a new hub in Ohio"');
    expect(short?.body).not.toContain('Customers cut expedited freight spend');
    // The prospect's own news and what the sender's company does stay before the general words.
    expect(short?.body).toContain('It reports: "Acme Logistics said on Friday it opened a hub in Columbus."');
    expect(short?.body).toMatch(/[Ww]e track carrier delays live/);
  });

  it('never writes a banned word, leaving out evidence that holds one', async () => {
    const input = context({
      hypothesis: {
        name: 'x',
        problemOrGoal: 'Shippers lose margin on late loads.',
        productValue: 'We track carrier delays live, unlike our competitors.',
        roiExplanation: 'Customers see real synergies within a quarter.',
      },
      rules: { organization: ['Never mention competitors'], personal: ['Do not use the word synergy'] },
    });
    const steps = await write(input);
    const text = everything(steps);
    expect(text).not.toMatch(/competitor|synerg/i);
    expect(text).toContain('Shippers lose margin on late loads. As VP Operations, you may know this well.');
    expect(ruleViolation(steps, effectiveRules(input.rules))).toBeNull();
  });

  it('signs off as a rule gives it when it already names the sender, without the name again', async () => {
    const [first] = await write(context({ rules: { organization: [], personal: ['Sign off with "Cheers, Sam"'] } }));
    expect(first?.body.endsWith('\n\nCheers, Sam')).toBe(true);
    expect(first?.body).not.toContain('Sam Seller');
  });

  it('says no title with a comma in a sentence, and nothing of the reader without the problem', async () => {
    const [first, follow] = await write(
      context({ contact: { name: 'Nora Patel', title: 'Director, Strategic Accounts' } }),
    );
    // "As Director, Strategic Accounts, you…" and "as Director, Strategic Accounts this quarter" broke their sentences.
    expect(everything([first, follow] as WrittenStep[])).not.toContain('Director, Strategic Accounts');
    const [noProblem] = await write(
      context({ rules: { organization: ['Never mention carrier delays'], personal: [] } }),
    );
    expect(noProblem?.body).not.toContain('close to this');
    expect(noProblem?.body).not.toContain('know this well');
  });

  it('names the company whose posting it saw when "opening" is banned', async () => {
    const [first] = await write(
      context({
        rules: { organization: ['Never use the word "opening"'], personal: [] },
        signal: {
          title: 'Operations Analyst',
          excerpt: '',
          publishedAt: '2026-10-09T00:00:00.000Z',
          sourceName: null,
          type: 'job_posting',
        },
      }),
    );
    expect(first?.body).toContain('I saw the Acme Logistics job posting for an Operations Analyst on October 9, 2026.');
  });

  it('never leaves a worth that is no sentence on its own', async () => {
    const input = (limit: number) =>
      context({
        hypothesis: {
          name: 'x',
          problemOrGoal: 'Shippers lose margin on late loads.',
          productValue: 'We track carrier delays live.',
          roiExplanation: 'A 2 to 5 percent cut in logistics cost.',
        },
        rules: { organization: [`Keep it under ${limit} words`], personal: [] },
      });
    for (const limit of [200, 90, 70, 60]) {
      const text = everything(await write(input(limit)));
      expect(text, String(limit)).not.toMatch(/(?:^|\n|\. )A 2 to 5 percent/);
    }
  });

  it('writes around a banned signal title, account name or sender name', async () => {
    const input = context({
      account: { name: 'Salesforce', website: null, industry: null },
      signal: {
        title: 'Salesforce opens a hub in Ohio',
        excerpt: '',
        publishedAt: '2026-03-14',
        sourceName: null,
        type: 'news_article',
      },
      sender: { displayName: 'Sam of Salesforce', email: 's@x.test' },
      rules: { organization: ["Don't mention Salesforce"], personal: [] },
    });
    const steps = await write(input);
    expect(everything(steps)).not.toMatch(/salesforce/i);
    expect(steps[0]?.body).toContain('March 14, 2026');
    expect(ruleViolation(steps, effectiveRules(input.rules))).toBeNull();
  });

  it('greets and signs off as the rules say, personal rules winning', async () => {
    const steps = await write(
      context({
        rules: {
          organization: ["Start with 'Hello'", 'End with Best regards'],
          personal: ["Sign off with 'Cheers'"],
        },
      }),
    );
    for (const step of steps) {
      expect(step.body.startsWith('Hello Jane,\n\n')).toBe(true);
      expect(step.body.endsWith('\n\nCheers,\nSam Seller')).toBe(true);
    }
  });

  it('follows the greeting, sign-off and length of the example emails when no rule says otherwise', async () => {
    const examples = [
      'Hey Anna,\n\nSaw your launch last week. Could our routing help your team? Happy to share a short demo.\n\nTalk soon,\nSam',
      'Hey Bob,\n\nCongrats on the new warehouse. We help teams like yours keep loads on time. Worth a quick chat?\n\nTalk soon,\nSam',
    ];
    const steps = await write(context({ examples }));
    for (const step of steps) {
      expect(step.body.startsWith('Hey Jane,')).toBe(true);
      expect(step.body.endsWith('Talk soon,\nSam Seller')).toBe(true);
      // The examples run about 25 words: the composer stays near that, not at its usual 100.
      expect(countWords(step.body)).toBeLessThanOrEqual(40);
    }
    const [ruled] = await write(context({ examples, rules: { organization: ["Start with 'Hello'"], personal: [] } }));
    expect(ruled?.body.startsWith('Hello Jane,')).toBe(true);
  });

  it('quotes HTML and script in a signal title as the same characters, and adds no markup of its own', async () => {
    const title = '<script>alert("x")</script> Acme & <b>Co</b> opens a hub';
    const steps = await write(
      context({
        signal: { title, excerpt: '', publishedAt: '2026-03-14', sourceName: null, type: 'news_article' },
        contact: { name: '<img src=x onerror=alert(1)> Jane', title: null },
      }),
    );
    expect(steps[0]?.body).toContain(`"${title}"`);
    expect(steps[1]?.body).toContain(`"${title}"`);
    for (const step of steps) {
      const withoutEvidence = `${step.subject}\n${step.body}`.replaceAll(title, '').replaceAll('<img', '');
      expect(withoutEvidence).not.toMatch(/[<>&]/);
    }
  });

  it('writes a whole sequence without hypothesis, signal, contact name or title', async () => {
    const steps = await write(
      context({
        hypothesis: null,
        signal: null,
        contact: { name: '', title: null },
        account: { name: 'Acme Logistics', website: null, industry: null },
      }),
    );
    expect(steps).toHaveLength(3);
    for (const step of steps) {
      expect(step.subject.trim()).not.toBe('');
      expect(step.body.startsWith('Hi,\n\n')).toBe(true);
      expect(`${step.subject}${step.body}`).not.toMatch(/null|undefined|NaN|Invalid/);
    }
    expect(steps[0]?.body).toContain('Acme Logistics');
  });

  it('writes from a job posting, and leaves out a date it cannot read', async () => {
    const [first] = await write(
      context({
        signal: {
          title: 'Senior Freight Buyer',
          excerpt: '',
          publishedAt: 'soon',
          sourceName: null,
          type: 'job_posting',
        },
      }),
    );
    expect(first?.subject).toBe('The "Senior Freight Buyer" role at Acme Logistics');
    expect(first?.body).toContain('I saw that Acme Logistics posted an opening for a Senior Freight Buyer.');
  });

  it("quotes the sentence of the signal that made the match, and a posting's role with its article", async () => {
    const [news] = await write(context());
    expect(news?.body).toContain('It reports: "Acme Logistics said on Friday it opened a hub in Columbus."');
    const [posting, followUp] = await write(
      context({
        contact: { name: 'Jane Doe', title: 'Chairman & Chief Executive Officer' },
        signal: {
          title: 'Operations Analyst',
          excerpt: 'Component shortages delayed shipments from our Akron plant this year. The role tracks suppliers.',
          publishedAt: '2026-10-09T00:00:00.000Z',
          sourceName: 'Quarry Jobs',
          type: 'job_posting',
        },
      }),
    );
    const body = posting?.body ?? '';
    expect(body).toContain('I saw that Acme Logistics posted an opening for an Operations Analyst on October 9, 2026.');
    expect(body).toContain('The posting says: "Component shortages delayed shipments from our Akron plant this year."');
    // One chairman per company: no "a" before the title.
    expect(body).toContain('As Chairman & Chief Executive Officer, you may know this well');
    // A quote without its full stop gets one: it ran into the next sentence ("…this year" As a…).
    const [unstopped] = await write(
      context({
        signal: {
          title: 'Supply Chain Manager',
          excerpt: 'Supply shortages and delivery delays reached our plants this year',
          publishedAt: '2026-10-09T00:00:00.000Z',
          sourceName: 'Quarry Jobs',
          type: 'job_posting',
        },
      }),
    );
    expect(unstopped?.body).toContain(
      'The posting says: "Supply shortages and delivery delays reached our plants this year." Shippers',
    );
    // The follow-up, too, speaks of the opening, not of a note titled with a role.
    expect(followUp?.body).toContain('I wanted to follow up on my note about your opening for an Operations Analyst.');
  });

  it('writes one step for a single value message', async () => {
    const steps = await write(context({ steps: [{ kind: 'first_touch', dayOffset: 0 }] }));
    expect(steps).toHaveLength(1);
  });
});

describe('built-in composer, in the prospect’s reading', () => {
  const wrote = async (hypothesis: MessageContext['hypothesis'], tenantName = 'Acme Inc.') => {
    const [first] = await write(context({ tenantName, hypothesis }));
    return first?.body ?? '';
  };

  it('never lower-cases a name after a colon, and continues an article or a pronoun in lower case', async () => {
    const body = await wrote({
      name: 'Traceability',
      problemOrGoal: 'Salesforce data is stale by the time a recall starts.',
      productValue: 'Acme traces parts and products across suppliers.',
      roiExplanation: 'A 2 to 5 percent cut in recall costs.',
    });
    // A value that opens on the company's name stands alone: "How Acme Inc. helps: Acme traces…" says it twice.
    expect(body).toContain('\nAcme traces parts and products across suppliers.');
    expect(body).not.toContain('helps: Acme');
    expect(body).toContain('What it is worth: a 2 to 5 percent cut in recall costs.');
    expect(body).toContain(
      'Salesforce data is stale by the time a recall starts. As VP Operations, you may know this well.',
    );
    expect(body).not.toMatch(/: [A-Z][a-z]/);
    const more = await wrote({
      name: 'x',
      problemOrGoal: 'ERP data shows the delays late.',
      productValue: 'We find them a week earlier.',
      roiExplanation: '',
    });
    expect(more).toContain('ERP data shows the delays late. As VP Operations');
    expect(more).toContain('helps: we find them a week earlier.');
  });

  it('says "As a" or "As an" before a role many hold, as the title is said, and nothing before one a company has one of', async () => {
    const roleLine = async (title: string) => {
      const [first] = await write(context({ contact: { name: 'Jane Doe', title } }));
      return /As [^,]+,/.exec(first?.body ?? '')?.[0];
    };
    const expected: Record<string, string> = {
      'Systems Administrator': 'As a Systems Administrator,',
      'Account Manager': 'As an Account Manager,',
      'Operations Analyst': 'As an Operations Analyst,',
      'HR Manager': 'As an HR Manager,',
      SDR: 'As an SDR,',
      'QA Engineer': 'As a QA Engineer,',
      'UX Designer': 'As a UX Designer,',
      'European Sales Lead': 'As a European Sales Lead,',
      'Utility Manager': 'As a Utility Manager,',
      Underwriter: 'As an Underwriter,',
      'Cargo Officer': 'As a Cargo Officer,',
      'Partner Manager': 'As a Partner Manager,',
      'VP Operations': 'As VP Operations,',
      'Director of Logistics': 'As Director of Logistics,',
      CFO: 'As CFO,',
      CISO: 'As CISO,',
      'Head of Supply Chain': 'As Head of Supply Chain,',
    };
    for (const [title, line] of Object.entries(expected)) expect(await roleLine(title), title).toBe(line);
  });
});
