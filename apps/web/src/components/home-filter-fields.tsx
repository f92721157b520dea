import { Flex, MultiSelect, Switch } from '@mantine/core';
import { type HomeFilters, MATCH_TIERS, type MatchTier } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { industryOptions } from '../lib/industry-label.ts';
import { useUiLanguage } from '../lib/use-ui-language.ts';
import { useValueHypotheses } from '../lib/value-hypotheses.ts';
import { useValueMatchIndustries } from '../lib/value-match-industries.ts';
import { useRemovablePills } from './removable-pill.tsx';

/**
 * In a row the fields are aligned at the top, so that a field growing with its pills does not push
 * the others' labels down. A control with no label above it (the switch, a button beside the row)
 * is moved down by the height of a label line to sit level with the inputs.
 */
export const FILTER_LABEL_HEIGHT = 'calc(var(--mantine-line-height) * var(--mantine-font-size-sm))';

/** Half an input's height (36px) less half the switch's (20px): the switch sits at the inputs' middle. */
const SWITCH_OFFSET_IN_ROW = `calc(${FILTER_LABEL_HEIGHT} + 8px)`;

/**
 * In a row the tier field grows with the tiers chosen, between these widths, then puts its pills on
 * a second line; the pills keep their whole names: a chosen tier is never shown cut ("Value Align…").
 */
const TIERS_WIDTH = { min: 220, max: 320 };
const WHOLE_PILLS = { pill: { flex: 'none' } } as const;

/**
 * Home's filters (tiers, hypotheses, industries, my accounts only), for Home itself and for the
 * default Home filters in the personal preferences: one set of fields for both.
 */
export function HomeFilterFields({
  value,
  onChange,
  direction,
}: {
  value: HomeFilters;
  onChange: (next: HomeFilters) => void;
  direction: 'row' | 'column';
}) {
  const { t } = useTranslation();
  const removablePill = useRemovablePills();
  const hypotheses = useValueHypotheses().data ?? [];
  const industries = useValueMatchIndustries().data ?? [];
  const language = useUiLanguage();
  // On a phone each takes the line: a fixed 300 px had stuck out past a 390 px screen's margin.
  const width =
    direction === 'row' ? { hypotheses: { base: '100%', xs: 300 }, industries: { base: '100%', xs: 240 } } : undefined;
  return (
    <Flex
      direction={direction}
      gap="sm"
      align={direction === 'row' ? 'flex-start' : 'stretch'}
      wrap="wrap"
      // Never wider than the line it sits in: a long chosen name had widened the row to 536 px.
      maw="100%"
      miw={0}
      data-testid="home-filter-fields"
    >
      <MultiSelect
        renderPill={removablePill}
        label={t('valueMatch.filters.tier')}
        placeholder={value.tiers.length === 0 ? t('valueMatch.filters.allTiers') : undefined}
        clearable
        data={MATCH_TIERS.map((tier) => ({ value: tier, label: t(`valueMatch.tier.${tier}`) }))}
        value={value.tiers}
        onChange={(tiers) => onChange({ ...value, tiers: tiers as MatchTier[] })}
        miw={direction === 'row' ? TIERS_WIDTH.min : undefined}
        maw={direction === 'row' ? TIERS_WIDTH.max : undefined}
        styles={WHOLE_PILLS}
      />
      <MultiSelect
        renderPill={removablePill}
        label={t('valueMatch.filters.hypothesis')}
        placeholder={value.hypothesis_ids.length === 0 ? t('valueMatch.filters.allHypotheses') : undefined}
        clearable
        searchable
        // Tabbing through the filters does not open each list: a click, typing or ArrowDown does.
        openOnFocus={false}
        selectFirstOptionOnChange
        data={hypotheses.map((h) => ({ value: h.id, label: h.name }))}
        value={value.hypothesis_ids}
        onChange={(hypothesis_ids) => onChange({ ...value, hypothesis_ids })}
        w={width?.hypotheses}
        // May be narrower than a long chosen name: its pill is shortened inside, the page never
        // scrolls sideways (a flex item is otherwise as wide as its widest pill).
        miw={0}
      />
      <MultiSelect
        renderPill={removablePill}
        label={t('valueMatch.filters.industry')}
        placeholder={value.industries.length === 0 ? t('valueMatch.filters.allIndustries') : undefined}
        clearable
        searchable
        openOnFocus={false}
        selectFirstOptionOnChange
        data={industryOptions(industries, t, language)}
        value={value.industries}
        onChange={(industries) => onChange({ ...value, industries })}
        w={width?.industries}
        miw={0}
      />
      <Switch
        label={t('valueMatch.filters.mine')}
        checked={value.mine}
        onChange={(e) => onChange({ ...value, mine: e.currentTarget.checked })}
        mt={direction === 'row' ? SWITCH_OFFSET_IN_ROW : 'xs'}
      />
    </Flex>
  );
}
