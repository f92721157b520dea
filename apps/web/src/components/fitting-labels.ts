/**
 * Props that keep a label readable where space is short (a phone, a narrow column, a long
 * translation). Mantine's badges and buttons keep their label on one line and clip it; these let
 * it show whole instead.
 */

/** A badge never narrower than its word: beside a title or in a table it had been cut ("COMP…"). */
export const WHOLE_BADGE = { style: { flexShrink: 0 }, styles: { label: { overflow: 'visible' } } } as const;

/** A badge whose long text ("Information Technology Services") wraps inside it on a phone. */
export const WRAPPING_BADGE = {
  h: 'auto',
  maw: '100%',
  styles: { label: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 2 } },
} as const;

/** A button whose long translation wraps inside it instead of running past the screen's edge. */
export const WRAPPING_BUTTON = {
  maw: '100%',
  h: 'auto',
  mih: 36,
  styles: { label: { whiteSpace: 'normal', paddingBlock: 6 } },
} as const;
