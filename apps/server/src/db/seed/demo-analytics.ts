import type { AnalyticsEvent, AnalyticsEventName } from '@quarry/shared';
import dayjs from 'dayjs';
import { type Random, seededRandom } from '../../lib/seeded-random.ts';
import { createAnalyticsRepository } from '../../modules/analytics/analytics.repository.ts';
import type { Db } from '../connection.ts';

const DEMO_ANALYTICS_SEED = 20_260_101;
const DAYS = 60;
const TENANT = 'tnt_acme';
const BATCH = 500;

/** Who uses Acme's Quarry and how: the chance of being active on a weekday, and how busy a day is. */
const PEOPLE = [
  { email: 'rita@acme.test', weekday: 0.85, busy: 1.2 },
  { email: 'raj@acme.test', weekday: 0.6, busy: 1 },
  { email: 'mike@acme.test', weekday: 0.7, busy: 0.7 },
  { email: 'ada@acme.test', weekday: 0.35, busy: 0.5 },
] as const;

/**
 * Only pages and events the product produces today: no /upload views nor "Accounts Uploaded"
 * until uploads land (that work seeds its own).
 */
const PAGES = [
  ['/', 6],
  ['/MyTerritory', 4],
  ['/actions', 3],
  ['/settings', 1],
  ['/preferences/user', 1],
  ['/preferences/triggers', 1],
] as const;

const NAMED_EVENTS: readonly (readonly [AnalyticsEventName, number])[] = [
  ['Value Match viewed', 6],
  ['List Mutated', 4],
  ['Workspace Mutated', 2],
  ['Filter Created', 2],
  ['Favorite Created', 2],
  ['Comment Created', 1],
  ['Flow triggered', 2],
  ['Flow sent', 1],
  ['Value Message Generated', 3],
  ['Trigger viewed', 1],
  ['Object Downloaded', 1],
];

function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [item, w] of items) {
    roll -= w;
    if (roll < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/**
 * Acme's last 60 days of usage (sign-ins, page views, named events) for Reporting's demo, drawn
 * from a fixed seed and dated back from `now`; stored through the relay's own insert.
 * Only on a database without any analytics event; answers how many it stored.
 */
export async function seedDemoAnalytics(db: Db, now = new Date()): Promise<number> {
  const any = await db.selectFrom('analytics_events').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const members = await db
    .selectFrom('users')
    .select(['uid', 'email'])
    .where('company', '=', TENANT)
    .where(
      'email',
      'in',
      PEOPLE.map((p) => p.email),
    )
    .execute();
  const uidOf = new Map(members.map((m) => [m.email, m.uid]));
  const random = seededRandom(DEMO_ANALYTICS_SEED);
  const events: AnalyticsEvent[] = [];
  const today = dayjs(now).startOf('day');
  for (let ago = DAYS - 1; ago >= 0; ago--) {
    const day = today.subtract(ago, 'day');
    const weekend = day.day() === 0 || day.day() === 6;
    for (const person of PEOPLE) {
      const uid = uidOf.get(person.email);
      const active = random() < (weekend ? 0.1 : person.weekday);
      if (!uid || !active) continue;
      const user_properties = { user_id: uid, tenant_id: TENANT, email: person.email };
      let at = day.add(8, 'hour').add(Math.floor(random() * 120), 'minute');
      const add = (event: Omit<AnalyticsEvent, 'id' | 'timestamp' | 'user_properties'>) => {
        if (at.isAfter(now)) return;
        events.push({
          ...event,
          id: `demo-${events.length.toString().padStart(6, '0')}`,
          user_properties,
          timestamp: at.toISOString(),
        });
        at = at.add(1 + Math.floor(random() * 20), 'minute');
      };
      add({ type: 'track', event: 'User Login', properties: { login_date: day.format('YYYY-MM-DD') } });
      const views = Math.round((3 + random() * 8) * person.busy);
      for (let i = 0; i < views; i++) {
        const path = weighted(random, PAGES);
        add({ type: 'page', event: 'Page Viewed', name: path, properties: { path } });
        if (random() < 0.6) add({ type: 'track', event: weighted(random, NAMED_EVENTS), properties: {} });
      }
      if (person.email === 'mike@acme.test' && random() < 0.5) {
        add({ type: 'page', event: 'Page Viewed', name: '/reporting', properties: { path: '/reporting' } });
      }
    }
  }
  const repository = createAnalyticsRepository(db);
  let stored = 0;
  for (let i = 0; i < events.length; i += BATCH)
    stored += await repository.insertMany(TENANT, events.slice(i, i + BATCH));
  // The members table's "Last sign-in" and Reporting's must tell the same story.
  const lastLogin = new Map<string, string>();
  for (const e of events) {
    const uid = e.user_properties.user_id;
    if (e.event === 'User Login' && uid) lastLogin.set(uid, e.timestamp);
  }
  for (const [uid, at] of lastLogin) {
    await db
      .updateTable('users')
      .set({ last_login_at: at })
      .where('uid', '=', uid)
      .where((eb) => eb.or([eb('last_login_at', 'is', null), eb('last_login_at', '<', at)]))
      .execute();
  }
  return stored;
}
