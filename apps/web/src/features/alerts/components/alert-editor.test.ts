import { expect, it } from 'vitest';
import { restrictedPage } from './alert-editor.tsx';

it('tells which action links most members cannot open, however they are written', () => {
  for (const link of [
    '/reporting',
    ' /Reporting?from=2026-11-01',
    '/support-alerts/new',
    '/preferences/integrations#apollo',
  ])
    expect(restrictedPage(link), link).toBe(true);
  for (const link of ['/actions', '/', '/settings', '/reportingx', 'https://status.example.com/reporting'])
    expect(restrictedPage(link), link).toBe(false);
});
