/** Timestamps are stored as ISO-8601 UTC strings on both engines. */
export const nowIso = (): string => new Date().toISOString();
