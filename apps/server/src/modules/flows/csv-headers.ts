import type { Language } from '@quarry/shared';

/**
 * The flow CSV's column names in the reader's language: a French rep opening the file read
 * "Account, Contact, Email, Title, Step 1 day…" in English. The columns and their order are the
 * same in every language, so a mapping saved in a sales tool keeps its place.
 */
const HEADERS: Record<
  Language,
  { account: string; contact: string; email: string; title: string; step: (n: number) => [string, string, string] }
> = {
  en: {
    account: 'Account',
    contact: 'Contact',
    email: 'Email',
    title: 'Title',
    step: (n) => [`Step ${n} day`, `Step ${n} subject`, `Step ${n} body`],
  },
  fr: {
    account: 'Compte',
    contact: 'Contact',
    email: 'E-mail',
    title: 'Fonction',
    step: (n) => [`Étape ${n} jour`, `Étape ${n} objet`, `Étape ${n} message`],
  },
  ja: {
    account: '取引先',
    contact: '担当者',
    email: 'メールアドレス',
    title: '役職',
    step: (n) => [`ステップ${n} 日`, `ステップ${n} 件名`, `ステップ${n} 本文`],
  },
  cn: {
    account: '客户',
    contact: '联系人',
    email: '电子邮件',
    title: '职位',
    step: (n) => [`第 ${n} 步 天数`, `第 ${n} 步 主题`, `第 ${n} 步 正文`],
  },
  ko: {
    account: '거래처',
    contact: '연락처',
    email: '이메일',
    title: '직함',
    step: (n) => [`${n}단계 일`, `${n}단계 제목`, `${n}단계 본문`],
  },
};

/** The header row of a flow CSV of `steps` steps, in `language`. */
export function flowCsvHeader(language: Language, steps: number): string[] {
  const h = HEADERS[language];
  return [h.account, h.contact, h.email, h.title, ...Array.from({ length: steps }, (_, i) => h.step(i + 1)).flat()];
}
