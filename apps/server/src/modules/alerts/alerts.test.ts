import type { ManagedAlert } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { XSS_PAYLOADS } from '../../testing/xss-payloads.ts';

let t: TestApp;
let support: string;
let rita: string;
let gus: string;

beforeAll(async () => {
  t = await createTestApp();
  [support, rita, gus] = await Promise.all([
    t.signIn('support@quarry.test'),
    t.signIn('rita@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
});
afterAll(() => t?.close());

const hour = 60 * 60 * 1000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const stored = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom('global_alerts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const body = (extra: Record<string, unknown> = {}) => ({
  title: 'Maintenance tonight',
  message: 'Quarry is <b>read-only</b> from 22:00 UTC. <a href="/settings">Details</a>',
  starts_at: iso(-hour),
  ...extra,
});
const publish = async (extra: Record<string, unknown> = {}) => {
  const res = await call(support, 'POST', '/api/support/alerts', body(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ManagedAlert;
};
const activeTitles = async (cookie: string) =>
  ((await call(cookie, 'GET', '/api/alerts')).json().alerts as { title: string }[]).map((a) => a.title);

describe('global alerts', () => {
  it('refuses everyone but the support account, changing nothing (403)', async () => {
    const before = await stored();
    const created = await publish({ title: 'Existing' });
    for (const cookie of [rita, gus]) {
      expect((await call(cookie, 'GET', '/api/support/alerts')).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/support/alerts', body())).statusCode).toBe(403);
      expect(
        (await call(cookie, 'PUT', `/api/support/alerts/${created.id}`, body({ title: 'Hacked' }))).statusCode,
      ).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/support/alerts/${created.id}`)).statusCode).toBe(403);
    }
    expect(await stored()).toBe(before + 1);
    const list = (await call(support, 'GET', '/api/support/alerts')).json();
    expect(list.alerts.find((a: ManagedAlert) => a.id === created.id).title).toBe('Existing');
    expect(list.tenants.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(['tnt_acme', 'tnt_globex']));
  });

  it('shows an alert for every tenant to everyone, and a one-tenant alert only to that tenant', async () => {
    await publish({ title: 'For everyone' });
    await publish({ title: 'Acme only', tenant_id: 'tnt_acme' });
    expect(await activeTitles(rita)).toEqual(expect.arrayContaining(['For everyone', 'Acme only']));
    const globex = await activeTitles(gus);
    expect(globex).toContain('For everyone');
    expect(globex).not.toContain('Acme only');
  });

  it('shows an alert only between its start and end', async () => {
    await publish({ title: 'Not yet', starts_at: iso(hour) });
    await publish({ title: 'Over', starts_at: iso(-2 * hour), ends_at: iso(-hour) });
    await publish({ title: 'Running', starts_at: iso(-hour), ends_at: iso(hour) });
    const titles = await activeTitles(rita);
    expect(titles).toContain('Running');
    expect(titles).not.toContain('Not yet');
    expect(titles).not.toContain('Over');
  });

  it('carries the action, dismissible and "Don\'t show again" settings to the banner', async () => {
    await publish({
      title: 'New reporting',
      action_text: 'Open',
      action: '/reporting',
      dismissible: false,
      allow_dont_show_again: false,
      color: 'success',
    });
    const alert = (await call(rita, 'GET', '/api/alerts'))
      .json()
      .alerts.find((a: { title: string }) => a.title === 'New reporting');
    expect(alert).toMatchObject({
      actionText: 'Open',
      action: '/reporting',
      dismissible: false,
      allowDontShowAgain: false,
      color: 'success',
    });
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = await stored();
    for (const [extra, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ color: 'chartreuse' }, 'color'],
      [{ action_text: 'Go', action: 'javascript:alert(1)' }, 'action'],
      [{ action_text: 'Go', action: '//evil.example' }, 'action'],
      [{ action_text: 'Go' }, 'action'],
      [{ starts_at: 'tomorrow' }, 'starts_at'],
      [{ ends_at: iso(-2 * hour) }, 'ends_at'],
      [{ tenant_id: 'tnt_nowhere' }, 'tenant_id'],
      [{ message: '<script>only a script</script>' }, 'message'],
    ] as const) {
      const res = await call(support, 'POST', '/api/support/alerts', body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await stored()).toBe(before);
  });

  it(`stores none of ${XSS_PAYLOADS.length} known XSS payloads in a form that could run`, async () => {
    for (const payload of XSS_PAYLOADS) {
      const res = await call(
        support,
        'POST',
        '/api/support/alerts',
        body({ title: 'XSS', message: `${payload} tail` }),
      );
      if (res.statusCode === 400) continue; // nothing left after sanitising: refused, which is also safe
      expect(res.statusCode).toBe(201);
      const message = (res.json() as ManagedAlert).message;
      expect(message, payload).not.toMatch(
        /<\s*(script|iframe|object|embed|svg|math|style|img|input|form|link|meta|base)/i,
      );
      expect(message, payload).not.toMatch(/\son\w+\s*=/i);
      expect(message, payload).not.toMatch(/javascript:|vbscript:|data:/i);
      expect(message, payload).not.toMatch(/style\s*=/i);
    }
  });

  it('keeps allowed formatting and safe links, opening links in a new tab', async () => {
    const alert = await publish({ message: '<b>Bold</b> <em>em</em> <a href="https://status.example.com">status</a>' });
    expect(alert.message).toBe(
      '<b>Bold</b> <em>em</em> <a href="https://status.example.com" target="_blank" rel="noopener noreferrer">status</a>',
    );
  });

  it('keeps the words of a link whose address is not allowed as plain text, not as a link that does nothing', async () => {
    const alert = await publish({
      message: 'See <a href="javascript:alert(3)">bad</a>, <a>bare</a> and <a href="/reporting">usage</a>',
    });
    expect(alert.message).toBe(
      'See <span>bad</span>, <span>bare</span> and <a href="/reporting" target="_blank" rel="noopener noreferrer">usage</a>',
    );
  });

  it('edits and deletes an alert', async () => {
    const alert = await publish({ title: 'Editable' });
    const edited = await call(support, 'PUT', `/api/support/alerts/${alert.id}`, body({ title: 'Edited' }));
    expect(edited.json().title).toBe('Edited');
    expect((await call(support, 'DELETE', `/api/support/alerts/${alert.id}`)).statusCode).toBe(204);
    expect((await call(support, 'DELETE', `/api/support/alerts/${alert.id}`)).statusCode).toBe(404);
    expect(await activeTitles(rita)).not.toContain('Edited');
  });
});
