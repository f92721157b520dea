import { describe, expect, it } from 'vitest';
import { csvHasColumn } from './csv-has-column.ts';

describe('csvHasColumn', () => {
  it('finds the column the server reads, whatever its case, quotes or a byte-order mark', () => {
    expect(csvHasColumn('\uFEFFCompany,"Website",Owner\nGE,ge.com,x', 'WEBSITE')).toBe(true);
    expect(csvHasColumn('name,Domain\nGE,ge.com', 'DOMAIN')).toBe(true);
    expect(csvHasColumn('Account_ID\nacc_1', 'ACCOUNT_ID')).toBe(true);
  });

  it('says when no column is usable', () => {
    expect(csvHasColumn('name,city\nAcme,Paris', 'WEBSITE')).toBe(false);
    expect(csvHasColumn('website\nge.com', 'ACCOUNT_ID')).toBe(false);
  });
});
