/**
 * Words in a job title that say how senior a role is or what kind of post it is, not what it is
 * about. "Chief Marketing Officer" and "Chief Operating Officer" share only these, so they are
 * not similar titles; "Logistics Manager" and "Director of Logistics" share "logistics", so they are.
 */
export const SENIORITY_WORDS: ReadonlySet<string> = new Set(
  (
    'chief officer vp svp evp avp vice president head director manager managing senior sr junior jr lead ' +
    'leader principal staff associate assistant deputy executive analyst specialist coordinator supervisor ' +
    'consultant advisor administrator representative intern trainee partner owner founder co global ' +
    'general group team member'
  ).split(' '),
);
