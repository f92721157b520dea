// The demo's source files (demo-data/): the Fortune 500 and Wikinews copies, read as rows.
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { cleanWikinewsText } from './clean-wikinews-text.ts';

/** The repository's demo-data/ folder (Fortune 500 and Wikinews copies with their NOTICE.md). */
export const DEMO_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../demo-data');

/** One row of demo-data/fortune500.csv, as the CSV spells its columns. */
export type Fortune500Row = {
  company_name: string;
  rank: string;
  'revenue ($M)': string;
  employees: string;
  industry: string;
  sector: string;
  ceo: string;
  ceo_title: string;
  location: string;
  website: string;
};

/** One row of demo-data/wikinews-economy.csv. */
export type WikinewsArticle = { id: string; date: string; title: string; url: string; text: string };

export function parseFortune500Csv(csvText: string): Fortune500Row[] {
  return parse(csvText, { columns: true, skip_empty_lines: true, bom: true }) as Fortune500Row[];
}

export function parseWikinewsCsv(csvText: string): WikinewsArticle[] {
  const rows = parse(csvText, { columns: true, skip_empty_lines: true, bom: true }) as WikinewsArticle[];
  // Headlines and texts are stored as a reader sees them, without wiki markup.
  return rows.map((row) => ({ ...row, title: cleanWikinewsText(row.title), text: cleanWikinewsText(row.text) }));
}

/**
 * Whether a row of the Wikinews export is a news article, not one of the wiki's own pages
 * ("Category:Mining", "Portal:Microsoft", "User:Spshu/preparation", a draft under "Wikinews:"):
 * those hold lists and drafts, never a published report about a company.
 */
export function isNewsArticle(article: Pick<WikinewsArticle, 'title'>): boolean {
  return !/^(Category|Portal|Template|User|Wikinews|Help|File|Talk|Special|MediaWiki|Module)( talk)?:/i.test(
    article.title,
  );
}
