/** Orders two ids by their UTF-16 code units, as `<` does: the engine's tie-breaker. */
export function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
