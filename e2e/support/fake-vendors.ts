/** The fake vendors' fixed facts, shared by global-setup.ts (which starts them) and vendors.ts (which tests read). */

/** The Outreach user who answers the fake Outreach's consent page (#21). */
export const OUTREACH_USER = { email: 'olive.reach@outreach.example', firstName: 'Olive', lastName: 'Reach' };

/** The Salesloft user who answers the fake Salesloft's consent page, as GET /v2/me names them (#21). */
export const SALESLOFT_USER = { name: 'Sage Loft', email: 'sage.loft@salesloft.example' };
