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
