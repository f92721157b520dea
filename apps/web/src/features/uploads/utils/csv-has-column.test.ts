import { describe, expect, it } from 'vitest';
import { csvHasColumn, isHeaderlessColumn } from './csv-has-column.ts';

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

describe('isHeaderlessColumn', () => {
  it('reads a one-column CSV whose first line is a value as lines', () => {
    expect(isHeaderlessColumn('walmart.com\napple.com\nford.com\n')).toBe(true);
    expect(isHeaderlessColumn('acc_walmart_com\r\nacc_ford_com')).toBe(true);
  });

  it('keeps a header, of this type or another, and a CSV of several columns', () => {
    expect(isHeaderlessColumn('website\nwalmart.com')).toBe(false);
    expect(isHeaderlessColumn('Account ID\nacc_1')).toBe(false);
    expect(isHeaderlessColumn('walmart.com,Walmart\napple.com,Apple')).toBe(false);
    // A column name the server does not read is a header all the same: the page names the columns.
    expect(isHeaderlessColumn('Domains\nwalmart.com')).toBe(false);
    expect(isHeaderlessColumn('Company Website\nwalmart.com')).toBe(false);
  });
});
