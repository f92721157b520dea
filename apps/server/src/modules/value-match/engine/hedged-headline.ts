/**
 * Words with which a headline says its event has not happened yet: "may shut down", "could
 * merge", "considers a bid", "in talks". Speculation detection in the simplest form: a fixed list,
 * matched as whole words, never user text.
 */
const HEDGES =
  /\b(may|might|could|considers?|considering|mulls?|weighs|rumou?rs?|rumou?red|talks|possible|possibly)\b/i;

/** True when the headline hedges its news, so a trigger in it alone does not make a Value Match. */
export function isHedgedHeadline(title: string): boolean {
  return HEDGES.test(title);
}
