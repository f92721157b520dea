import { DEFAULT_EXCHANGE_RATES } from '@quarry/shared/languages';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('exchange rates from the environment', () => {
  it('uses the reference rates, with their day, when none are set', () => {
    expect(loadConfig({}).exchangeRates).toEqual(DEFAULT_EXCHANGE_RATES);
  });

  it('takes every rate and their day from EXCHANGE_RATES and EXCHANGE_RATES_AS_OF', () => {
    const { exchangeRates } = loadConfig({
      EXCHANGE_RATES: 'KRW=1391.5, EUR=0.92,CNY=7.2,JPY=149',
      EXCHANGE_RATES_AS_OF: '2026-11-20',
    });
    expect(exchangeRates).toEqual({ as_of: '2026-11-20', per_usd: { KRW: 1391.5, EUR: 0.92, CNY: 7.2, JPY: 149 } });
  });

  it('refuses to start on a rate it cannot read, a rate left out or no day, naming what is wrong', () => {
    const day = { EXCHANGE_RATES_AS_OF: '2026-11-20' };
    expect(() => loadConfig({ EXCHANGE_RATES: 'KRW=1391,EUR=0.92,CNY=7.2,JPY=zero', ...day })).toThrow(/"JPY=zero"/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'KRW=1391,EUR=0.92,CNY=7.2,GBP=0.8', ...day })).toThrow(/"GBP=0.8"/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'KRW=1391,EUR=0', ...day })).toThrow(/"EUR=0"/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'KRW=1391,EUR=0.92', ...day })).toThrow(/missing CNY, JPY/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'KRW=1391,EUR=0.92,CNY=7.2,JPY=149' })).toThrow(/EXCHANGE_RATES_AS_OF/);
  });
});

describe('help links from the environment', () => {
  it('sends support by email to SUPPORT_EMAIL and leaves unset links out', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'Help@Example.com' }).helpLinks).toEqual({
      support: 'mailto:help@example.com',
      changelog: null,
      actions: null,
      actions_request: null,
      sequence_variables: null,
    });
  });

  it('takes each link from its variable, and refuses one that is no address', () => {
    const { helpLinks } = loadConfig({
      HELP_SUPPORT_URL: 'https://help.example.com/',
      HELP_CHANGELOG_URL: 'https://help.example.com/changes',
      HELP_ACTIONS_URL: 'https://help.example.com/actions',
      HELP_ACTIONS_REQUEST_URL: 'https://forms.example.com/actions',
      HELP_SEQUENCE_VARIABLES_URL: 'https://help.example.com/sequence-variables',
    });
    expect(helpLinks).toEqual({
      support: 'https://help.example.com/',
      changelog: 'https://help.example.com/changes',
      actions: 'https://help.example.com/actions',
      actions_request: 'https://forms.example.com/actions',
      sequence_variables: 'https://help.example.com/sequence-variables',
    });
    expect(() => loadConfig({ HELP_ACTIONS_URL: 'not a link' })).toThrow(/HELP_ACTIONS_URL/);
  });
});
