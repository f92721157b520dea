/** Methods that only read (RFC 9110 "safe"): not audited, not origin-checked, counted as reads. */
export const isSafeMethod = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
