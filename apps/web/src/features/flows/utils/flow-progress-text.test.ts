import type { FlowSummary } from '@quarry/shared';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { prepareDom } from '../../../test-support/dom.tsx';
import { flowProgressText } from './flow-progress-text.ts';

beforeAll(prepareDom);
afterEach(() => changeLanguage('en'));

const reviewed = (counts: Partial<FlowSummary>) =>
  ({
    status: 'flow_ready_for_review',
    destination_type: null,
    message_count: 3,
    generated_count: 3,
    approved_count: 0,
    delivered_count: 0,
    needs_review_count: 0,
    delivery_failed_count: 0,
    ...counts,
  }) as FlowSummary;

describe('flowProgressText', () => {
  it('counts what was approved and delivered', () => {
    expect(flowProgressText(reviewed({ approved_count: 1 }), i18n.t)).toBe('1 of 3 approved');
    expect(flowProgressText(reviewed({ delivered_count: 2, destination_type: 'engagement' }), i18n.t)).toBe(
      '2 of 3 delivered',
    );
  });

  it('agrees in French with the count, where "1 sur 3 approuvés" put one message in the plural', async () => {
    await changeLanguage('fr');
    expect(flowProgressText(reviewed({ approved_count: 1 }), i18n.t)).toBe('1 approuvé sur 3');
    expect(flowProgressText(reviewed({ approved_count: 2 }), i18n.t)).toBe('2 approuvés sur 3');
    expect(flowProgressText(reviewed({ delivered_count: 1, destination_type: 'download' }), i18n.t)).toBe(
      '1 téléchargé sur 3',
    );
  });
});
