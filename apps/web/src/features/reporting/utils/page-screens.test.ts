import { ANALYTICS_EVENTS } from '@quarry/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../../app/signed-in-routes.tsx';
import admin from '../../../locales/en/admin.json';
import common from '../../../locales/en/common.json';
import { axisLabel, axisLabels } from './axis-label.ts';
import { PAGE_SCREENS, pageLabel, pageScreenKey, pageScreenName } from './page-screens.ts';

const eventNames = import.meta.glob<Record<string, string>>('../../../locales/*/flows.json', {
  eager: true,
  import: 'eventNames',
});
const texts = import.meta.glob<Record<string, unknown>>('../../../locales/*/{common,admin}.json', {
  eager: true,
  import: 'default',
});

/** The path the server records a visit to this route as: an id becomes ":id". */
const recordedPath = (route: RouteObject) => (route.index ? '/' : `/${route.path ?? ''}`.replace(/:[A-Za-z]+/g, ':id'));

const english = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], {
    ...common,
    ...admin,
  });

describe('the screen a recorded page is, on Reporting', () => {
  it('names every screen a signed-in user can open, and the navigation error page', () => {
    // A route that only sends elsewhere is recorded where it sends.
    const screens = signedInRoutes.filter((route) => route.path !== '*' && (route.lazy || route.Component));
    const pages = screens.map(recordedPath);
    expect(pages).toContain('/support-alerts');
    for (const page of [...pages, '/sorry']) expect(pageScreenKey(page), page).toBeDefined();
  });

  it('names each by an English text that exists', () => {
    for (const key of Object.values(PAGE_SCREENS)) expect(typeof english(key), key).toBe('string');
  });

  it('tells every two screens apart in every language, also shortened on a phone', () => {
    const languages = new Set(Object.keys(texts).map((file) => file.split('/').at(-2) as string));
    expect(languages.size).toBe(5);
    for (const language of languages) {
      const all = {
        ...texts[`../../../locales/${language}/common.json`],
        ...texts[`../../../locales/${language}/admin.json`],
      };
      const name = (key: string) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], all);
      const names = Object.values(PAGE_SCREENS).map(name);
      expect(new Set(names).size, `${language}: ${names.join(' | ')}`).toBe(names.length);
      // The page-views chart's labels, shortened as on a phone (usage-charts.tsx).
      const labels = [
        ...axisLabels(
          Object.keys(PAGE_SCREENS).map((page) => pageLabel(page, (key) => String(name(key)))),
          14,
        ).values(),
      ];
      expect(new Set(labels).size, `${language}: ${labels.join(' | ')}`).toBe(labels.length);
      // Beside a wide card's bars a page is its screen's name alone, whole in the axis's 36 columns:
      // with the path it read "Vos préférences (/preferences…", cut before what told it apart.
      const cut = Object.keys(PAGE_SCREENS)
        .map((page) => pageScreenName(page, (key) => String(name(key))))
        .filter((screen) => axisLabel(screen, 36) !== screen);
      expect(cut, language).toEqual([]);
    }
  });

  it('tells every two named events apart in every language, shortened on a phone', () => {
    expect(Object.keys(eventNames)).toHaveLength(5);
    for (const [file, names] of Object.entries(eventNames)) {
      const labels = [
        ...axisLabels(
          ANALYTICS_EVENTS.map((event) => names[event] ?? event),
          14,
        ).values(),
      ];
      // "Correspondanc…" twice in French, "バリューマッ…" twice in Japanese, before.
      expect(new Set(labels).size, `${file}: ${labels.join(' | ')}`).toBe(labels.length);
    }
  });

  it('leaves a path it does not know as recorded, even one named like an object property', () => {
    expect(pageScreenKey('/old-page')).toBeUndefined();
    expect(pageScreenKey('constructor')).toBeUndefined();
  });
});
