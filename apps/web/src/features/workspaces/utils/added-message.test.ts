import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { prepareDom } from '../../../test-support/dom.tsx';
import { addedMessage } from './added-message.ts';

beforeAll(prepareDom);
afterEach(() => changeLanguage('en'));

const accounts = { name: 'Morning calls', type: 'accounts' as const };
const people = { name: 'Buyers', type: 'contacts' as const };

describe('addedMessage', () => {
  it('names what was added to a list, accounts or contacts', () => {
    expect(addedMessage(i18n.t, accounts, 3, 3)).toBe('3 accounts added to "Morning calls"');
    expect(addedMessage(i18n.t, people, 1, 1)).toBe('1 contact added to "Buyers"');
    expect(addedMessage(i18n.t, accounts, 3, 2)).toBe('2 accounts added to "Morning calls" (1 already in it)');
  });

  it('agrees in French with what was added, where a bare "1 ajouté" said neither what nor its gender', async () => {
    await changeLanguage('fr');
    expect(addedMessage(i18n.t, accounts, 1, 1)).toBe('1 compte ajouté à «\u00a0Morning calls\u00a0»');
    expect(addedMessage(i18n.t, people, 2, 2)).toBe('2 contacts ajoutés à «\u00a0Buyers\u00a0»');
  });
});
