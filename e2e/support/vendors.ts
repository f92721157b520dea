import { inject } from 'vitest';
import { OUTREACH_USER, SALESLOFT_USER } from './fake-vendors.ts';

/**
 * The local sales-engagement tools the server under test talks to (issue #21), started once by
 * global-setup.ts: tests read them through these helpers, never through `inject` directly.
 */

/** The fake Outreach's base URL; its OAuth consent page lives under `${outreachURL()}/oauth`. */
export const outreachURL = () => inject('outreachURL');

/** The fake HubSpot's base URL; its OAuth consent page lives under `${hubspotURL()}/oauth`. */
export const hubspotURL = () => inject('hubspotURL');

/** The fake Salesloft's base URL; its OAuth consent page lives under `${salesloftURL()}/oauth`. */
export const salesloftURL = () => inject('salesloftURL');

/** The Outreach user who answers the fake's consent page, as the card names the connection. */
export const outreachAccountName = () => `${OUTREACH_USER.firstName} ${OUTREACH_USER.lastName} (Outreach)`;

/** The Salesloft user who answers the fake's consent page, as the card names the connection. */
export const salesloftAccountName = () => `${SALESLOFT_USER.name} (Salesloft)`;
