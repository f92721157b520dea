import { describe, expect, it } from 'vitest';
import { isSameRole } from './posting-title-fit.ts';

describe('isSameRole', () => {
  const at = (title: string, role: string) => {
    const start = title.toLowerCase().indexOf(role.toLowerCase());
    return isSameRole(title, start, start + role.length);
  };

  it('accepts the role alone or with seniority and level words around it', () => {
    expect(at('Supply Chain Manager', 'Supply Chain Manager')).toBe(true);
    expect(at('Sr. Supply Chain Manager', 'Supply Chain Manager')).toBe(true);
    expect(at('Lead Operations Analyst III', 'Operations Analyst')).toBe(true);
  });

  it('refuses a title another word makes another role', () => {
    expect(at('Security Operations Analyst', 'Operations Analyst')).toBe(false);
    expect(at('Assistant to the Supply Chain Manager', 'Supply Chain Manager')).toBe(false);
  });
});
