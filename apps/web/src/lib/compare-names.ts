/**
 * How people and things are ordered by name in lists the browser sorts: as a person reads them,
 * ignoring case and accents, and numbers by value ("Q2 accounts" before "Q10 accounts").
 */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export const compareNames = (a: string, b: string): number => collator.compare(a, b);
