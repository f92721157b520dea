import { FLOW_ACCOUNTS_MAX } from '@quarry/shared';
import { StartCampaignButton } from '../../features/flows/components/start-campaign-button.tsx';
import { ValueMatchHomePage } from '../../features/value-match/components/value-match-home-page.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { FirstRunGuide } from '../first-run/first-run-guide.tsx';
import { useAssigner } from '../use-assigner.ts';

/**
 * / (Home): the Value Match feed, told who is signed in for each card's "Assign", with "Start a
 * Value Match campaign" over the tier_1 accounts the feed has loaded (at most one flow's worth),
 * under the first-run guide while a new member has it open.
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
            : (loaded) => (
                <StartCampaignButton
                  masterAccountIds={loaded
                    .filter((m) => m.tier === 'tier_1')
                    .map((m) => m.master_account_id)
                    .slice(0, FLOW_ACCOUNTS_MAX)}
                />
              )
        }
      />
    </>
  );
}
