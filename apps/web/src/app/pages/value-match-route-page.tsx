import { useParams } from 'react-router';
import { StartFlowButtons } from '../../features/flows/components/start-flow-buttons.tsx';
import { ValueMatchPage } from '../../features/value-match/components/value-match-page.tsx';
import { AddToListMenu } from '../../features/workspaces/components/add-to-list-menu.tsx';
import { useAssigner } from '../use-assigner.ts';

/**
 * /valueMatch/{id}: the Value Match page, with "Add to list" for the account and its contacts, and
 * "Create value message" / "Quick Prospect" for the ticked contacts.
 */
export function ValueMatchRoutePage() {
  const { masterAccountId = '' } = useParams();
  return (
    <ValueMatchPage
      assigner={useAssigner()}
      actions={(id) => <AddToListMenu ids={() => [id]} />}
      contactActions={(selected, clear) => (
        <>
          <StartFlowButtons masterAccountId={masterAccountId} contactIds={selected} onStarted={clear} />
          <AddToListMenu
            type="contacts"
            size="xs"
            ids={() => selected}
            disabled={selected.length === 0}
            onAdded={clear}
          />
        </>
      )}
    />
  );
}
