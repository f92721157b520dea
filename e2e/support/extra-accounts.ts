/** The accounts the browser tests import on top of the demo data: enough to pass the 1,000 cap. */
export const EXTRA_ACCOUNT_MARK = 'Quarrytest';
export const EXTRA_ACCOUNTS = 1200;
