// npm run import:accounts -- FILE.csv
// Loads accounts from a CSV with a header row (name or account_name or company_name, website or
// domain, industry, sector, employees, revenue, location, description) into the configured database.
import fs from 'node:fs';
import { parse } from 'csv-parse';
import { type AccountInput, importAccounts } from '../apps/server/src/modules/accounts/import-accounts.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run import:accounts -- FILE.csv');
  process.exit(2);
}

const pick = (row: Record<string, string>, ...keys: string[]) => {
  for (const k of keys) if (row[k] !== undefined) return row[k];
  return undefined;
};

async function* rows(): AsyncGenerator<AccountInput> {
  const parser = fs
    .createReadStream(file as string)
    .pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, trim: true }));
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    yield {
      name: pick(row, 'name', 'account_name', 'company_name'),
      website: pick(row, 'website', 'domain'),
      industry: row.industry,
      sector: row.sector,
      employees: row.employees,
      revenue: pick(row, 'revenue', 'revenue_usd'),
      location: row.location,
      description: row.description,
    };
  }
}

const { handle, close } = await openMigratedDatabase({ throwAway: false });
const started = performance.now();
const result = await importAccounts(handle, rows());
const seconds = (performance.now() - started) / 1000;
console.log(
  `Imported ${result.imported} accounts (${result.skipped} skipped) into ${handle.engine} in ${seconds.toFixed(1)} s`,
);
for (const problem of result.problems) console.log(`  ${problem}`);
await close();
