import { describe, expect, it } from 'vitest';
import { effectiveRules } from './effective-rules.ts';

const org = (...organization: string[]) => effectiveRules({ organization, personal: [] });

describe('effectiveRules', () => {
  it('reads a word limit however it is phrased ("under 120" allows 119)', () => {
    expect(org('Keep it under 120 words').maxWords).toBe(119);
    expect(org('Use at most 80 words.').maxWords).toBe(80);
    expect(org('No more than 100 words').maxWords).toBe(100);
    expect(org('max 90 words').maxWords).toBe(90);
    expect(org('Max. 90 words').maxWords).toBe(90);
    expect(org('Never go over 150 words').maxWords).toBe(150);
    expect(org('Between 50 and 75 words').maxWords).toBe(75);
    expect(org('Be friendly').maxWords).toBeNull();
  });

  it('keeps the strictest of two limits at one level, and ignores limits on subjects and sentences', () => {
    expect(org('Keep it under 120 words', 'max 90 words').maxWords).toBe(90);
    expect(org('Keep the subject under 8 words').maxWords).toBeNull();
    expect(org('Each sentence under 20 words').maxWords).toBeNull();
  });

  it('reads banned words and phrases, quoted or not, one or a list', () => {
    expect(org('Never mention competitors').bannedTerms).toEqual(['competitors']);
    expect(org("Don't mention Salesforce").bannedTerms).toEqual(['Salesforce']);
    expect(org('Do not use the word synergy').bannedTerms).toEqual(['synergy']);
    expect(org("Avoid 'circle back'").bannedTerms).toEqual(['circle back']);
    expect(org('Don\u2019t mention Salesforce, HubSpot or Pipedrive.').bannedTerms).toEqual([
      'Salesforce',
      'HubSpot',
      'Pipedrive',
    ]);
    expect(org('Never say "touch base" or "low-hanging fruit"').bannedTerms).toEqual([
      'touch base',
      'low-hanging fruit',
    ]);
    expect(org('Never mention our competitors by name').bannedTerms).toEqual(['competitors']);
  });

  it('reads a greeting and a sign-off, but not an instruction like "End with a question"', () => {
    expect(org("Start with 'Hello'").greeting).toBe('Hello');
    expect(org('Open with Hi').greeting).toBe('Hi');
    expect(org("Start with 'Hi {first_name},'").greeting).toBe('Hi');
    expect(org("Sign off with 'Cheers'").signOff).toBe('Cheers');
    expect(org('End with Best regards').signOff).toBe('Best regards');
    expect(org('End with a question').signOff).toBeNull();
    expect(org('Start with their first name').greeting).toBeNull();
  });

  it('reads several rules in one line', () => {
    const rules = org("Keep it under 120 words and never mention pricing; sign off with 'Thanks'");
    expect(rules).toMatchObject({ maxWords: 119, bannedTerms: ['pricing'], signOff: 'Thanks' });
  });

  it('reads a word limit written in French, Japanese, Korean or Chinese, as the rules screen suggests', () => {
    expect(org('Moins de 120 mots').maxWords).toBe(119);
    expect(org('Pas plus de 80 mots.').maxWords).toBe(80);
    expect(org('Ne pas dépasser 100 mots').maxWords).toBe(100);
    expect(org('90 mots maximum').maxWords).toBe(90);
    expect(org('Entre 50 et 75 mots').maxWords).toBe(75);
    expect(org('120 語以内にまとめる').maxWords).toBe(120);
    expect(org('１２０語未満').maxWords).toBe(119);
    expect(org('120단어 이내로 작성').maxWords).toBe(120);
    expect(org('최대 90단어').maxWords).toBe(90);
    expect(org('控制在 120 字以内').maxWords).toBe(120);
    expect(org('不超过100个词').maxWords).toBe(100);
    expect(org("L'objet en moins de 8 mots").maxWords).toBeNull();
    expect(org('件名は 10 語以内').maxWords).toBeNull();
    expect(org('Soyez chaleureux').maxWords).toBeNull();
  });

  it('reads banned words, a greeting and a sign-off written in French', () => {
    expect(org('Ne jamais mentionner les concurrents').bannedTerms).toEqual(['concurrents']);
    expect(org("N'utilisez jamais le mot synergie").bannedTerms).toEqual(['synergie']);
    expect(org('Évitez « revenir vers vous »').bannedTerms).toEqual(['revenir vers vous']);
    expect(org('Ne citez pas Salesforce, HubSpot ou Pipedrive.').bannedTerms).toEqual([
      'Salesforce',
      'HubSpot',
      'Pipedrive',
    ]);
    expect(org('Commencer par « Bonjour »').greeting).toBe('Bonjour');
    expect(org('Signer avec Cordialement').signOff).toBe('Cordialement');
    expect(org('Terminer par une question').signOff).toBeNull();
    expect(org('Moins de 120 mots et ne jamais mentionner les prix')).toMatchObject({
      maxWords: 119,
      bannedTerms: ['prix'],
    });
  });

  it('reads quoted banned words, greetings and sign-offs written in Japanese, Korean or Chinese', () => {
    expect(org('「シナジー」という言葉を使わない').bannedTerms).toEqual(['シナジー']);
    expect(org('Salesforceに触れない').bannedTerms).toEqual(['Salesforce']);
    expect(org("'synergy'를 쓰지 마세요").bannedTerms).toEqual(['synergy']);
    expect(org('不要提及 Salesforce').bannedTerms).toEqual(['Salesforce']);
    expect(org('「Hi」で始める').greeting).toBe('Hi');
    expect(org('「Best regards」で締める').signOff).toBe('Best regards');
    expect(org('"Hello"로 시작').greeting).toBe('Hello');
    expect(org('用“Cheers”结尾').signOff).toBe('Cheers');
    expect(org('120 語以内にまとめる。「ASAP」は使わない')).toMatchObject({ maxWords: 120, bannedTerms: ['ASAP'] });
  });

  it('lets personal rules replace the organization word limit, greeting and sign-off', () => {
    const rules = effectiveRules({
      organization: ['Keep it under 120 words', "Start with 'Hello'", 'Sign off with Best regards'],
      personal: ['At most 200 words', 'Open with Hey', "Sign off with 'Cheers'"],
    });
    expect(rules).toMatchObject({ maxWords: 200, greeting: 'Hey', signOff: 'Cheers' });
  });

  it('keeps the organization rules a user did not override', () => {
    const rules = effectiveRules({
      organization: ['Keep it under 120 words', "Start with 'Hello'"],
      personal: ['Be brief'],
    });
    expect(rules).toMatchObject({ maxWords: 119, greeting: 'Hello', signOff: null });
  });

  it('bans the words of both levels, each once', () => {
    const rules = effectiveRules({
      organization: ['Never mention competitors', "Don't mention Salesforce"],
      personal: ['Do not use the word synergy', 'Never mention salesforce'],
    });
    expect(rules.bannedTerms).toEqual(['competitors', 'Salesforce', 'synergy']);
  });

  it('keeps every rule as written for the model, the ones it cannot check included', () => {
    const rules = effectiveRules({
      organization: ['Be warm but brief', 'Never mention competitors'],
      personal: ['Use British spelling'],
    });
    expect(rules.organization).toEqual(['Be warm but brief', 'Never mention competitors']);
    expect(rules.personal).toEqual(['Use British spelling']);
  });
});
