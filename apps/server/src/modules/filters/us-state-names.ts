/**
 * How the account data writes a US state (the Fortune 500's AP style: "Bentonville, Ark.",
 * "Irving, Texas"), by the state's full name: a location filter of "California" finds "Calif.".
 * Eight states are written out in that style; Kansas is "Kans." in the data and "Kan." in AP.
 */
const WRITTEN_AS: Record<string, string[]> = {
  alabama: ['ala.'],
  arizona: ['ariz.'],
  arkansas: ['ark.'],
  california: ['calif.'],
  colorado: ['colo.'],
  connecticut: ['conn.'],
  delaware: ['del.'],
  'district of columbia': ['d.c.'],
  florida: ['fla.'],
  georgia: ['ga.'],
  illinois: ['ill.'],
  indiana: ['ind.'],
  kansas: ['kans.', 'kan.'],
  kentucky: ['ky.'],
  louisiana: ['la.'],
  maryland: ['md.'],
  massachusetts: ['mass.'],
  michigan: ['mich.'],
  minnesota: ['minn.'],
  mississippi: ['miss.'],
  missouri: ['mo.'],
  montana: ['mont.'],
  nebraska: ['neb.'],
  nevada: ['nev.'],
  'new hampshire': ['n.h.'],
  'new jersey': ['n.j.'],
  'new mexico': ['n.m.'],
  'new york': ['n.y.'],
  'north carolina': ['n.c.'],
  'north dakota': ['n.d.'],
  oklahoma: ['okla.'],
  oregon: ['ore.'],
  pennsylvania: ['pa.'],
  'rhode island': ['r.i.'],
  'south carolina': ['s.c.'],
  'south dakota': ['s.d.'],
  tennessee: ['tenn.'],
  vermont: ['vt.'],
  virginia: ['va.'],
  washington: ['wash.'],
  'west virginia': ['w.va.'],
  wisconsin: ['wis.'],
  wyoming: ['wyo.'],
};

/** Other ways the data may write a typed location (lower case): a state's abbreviation, or none. */
export function locationSpellings(text: string): string[] {
  return WRITTEN_AS[text.trim().toLowerCase().replace(/\s+/g, ' ')] ?? [];
}
