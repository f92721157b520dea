// `npm run match -- --input FILE.json [--now ISO-DATE]`: runs the value-matching engine on a
// JSON file holding { hypotheses, triggers, qualification_signals, target_titles, hits } and
// prints the per-account answer as JSON. Without --now, recency is measured from this moment.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { valueMatchInputSchema } from '@quarry/shared';
import { matchAccounts } from '../apps/server/src/modules/value-match/engine/match-accounts.ts';

function fail(message: string): never {
  console.error(`match: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { input: { type: 'string' }, now: { type: 'string' } },
  allowPositionals: false,
});
if (!values.input) fail('give the input file: npm run match -- --input FILE.json');

let raw: string;
try {
  raw = fs.readFileSync(values.input, 'utf8');
} catch (error) {
  fail(`cannot read ${values.input}: ${(error as Error).message}`);
}
let json: unknown;
try {
  json = JSON.parse(raw);
} catch (error) {
  fail(`${values.input} is not JSON: ${(error as Error).message}`);
}
const parsed = valueMatchInputSchema.safeParse(json);
if (!parsed.success) {
  const lines = parsed.error.issues
    .slice(0, 10)
    .map((issue) => `  ${issue.path.length > 0 ? issue.path.join('.') : '(file)'}: ${issue.message}`);
  fail(`${values.input} is not a valid input:\n${lines.join('\n')}`);
}
const now = values.now ?? new Date().toISOString();
if (!Number.isFinite(Date.parse(now))) fail(`--now is not a date: ${now}`);

console.log(JSON.stringify(matchAccounts(parsed.data, { now }), null, 2));
