import type { FlowMessage } from '@quarry/shared';

export type AccountMessages = { masterAccountId: string; accountName: string; messages: FlowMessage[] };

/** The flow's messages per account, accounts in the order their first message comes. */
export function groupMessagesByAccount(messages: readonly FlowMessage[]): AccountMessages[] {
  const groups = new Map<string, AccountMessages>();
  for (const m of messages) {
    const group = groups.get(m.master_account_id);
    if (group) group.messages.push(m);
    else
      groups.set(m.master_account_id, {
        masterAccountId: m.master_account_id,
        accountName: m.account_name,
        messages: [m],
      });
  }
  return [...groups.values()];
}
