import { FLOW_ACCOUNTS_MAX, type ValueMatchCard } from '@quarry/shared';
import { StartCampaignButton } from '../../features/flows/components/start-campaign-button.tsx';
import { ValueMatchHomePage } from '../../features/value-match/components/value-match-home-page.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { FirstRunGuide } from '../first-run/first-run-guide.tsx';
import { useAssigner } from '../use-assigner.ts';

/** The Value Match (tier_1) accounts among those loaded, at most one flow's worth. */
const tier1Of = (loaded: ValueMatchCard[]) =>
  loaded
    .filter((m) => m.tier === 'tier_1')
    .map((m) => m.master_account_id)
    .slice(0, FLOW_ACCOUNTS_MAX);

/** The feed may hold more Value Match accounts than those loaded: it is ranked by tier, so only while the last loaded is one. */
const moreTier1 = (loaded: ValueMatchCard[]) =>
  loaded.at(-1)?.tier === 'tier_1' && tier1Of(loaded).length < FLOW_ACCOUNTS_MAX;

/**
 * / (Home): the Value Match feed, told who is signed in for each card's "Assign", with "Start a
 * Value Match campaign" over the feed's tier_1 accounts under its filters (at most one flow's
 * worth; those not loaded yet are loaded first), under the first-run guide while a new member has it open.
 */
export function HomeRoutePage() {
  // View-as previews a colleague's Home read-only: their accounts, and no campaign started from them.
  const viewAsUid = useAuthStore((s) => s.viewAsUserData?.uid ?? null);
  return (
    <>
      <FirstRunGuide />
      <ValueMatchHomePage
        assigner={useAssigner()}
        viewAsUid={viewAsUid}
        feedActions={
          viewAsUid
            ? undefined
            : (loaded, paging) => (
                <StartCampaignButton
                  masterAccountIds={tier1Of(loaded)}
                  loadRest={
                    paging.hasMore && moreTier1(loaded)
                      ? async () => tier1Of(await paging.loadWhile(moreTier1))
                      : undefined
                  }
                />
              )
        }
      />
    </>
  );
}
