/** What time it is; tests pass their own to move past a deadline without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
