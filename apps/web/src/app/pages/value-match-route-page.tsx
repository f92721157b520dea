import { ValueMatchPage } from '../../features/value-match/components/value-match-page.tsx';
import { AddToListMenu } from '../../features/workspaces/components/add-to-list-menu.tsx';
import { useAssigner } from '../use-assigner.ts';

/** /valueMatch/{id}: the Value Match page, with "Add to list" for the account and its contacts. */
export function ValueMatchRoutePage() {
  return (
    <ValueMatchPage
      assigner={useAssigner()}
      actions={(masterAccountId) => <AddToListMenu ids={() => [masterAccountId]} />}
      contactActions={(selected, clear) => (
        <AddToListMenu
          type="contacts"
          size="xs"
          ids={() => selected}
          disabled={selected.length === 0}
          onAdded={clear}
        />
      )}
    />
  );
}
