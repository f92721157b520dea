import type { ALERT_COLORS, AlertBody, ManagedAlert } from '@quarry/shared';
import { fromLocalInput, toLocalInput } from './local-date-time.ts';

/** The alert editor's values: the request's fields, with the times as the local inputs show them. */
export type AlertDraft = {
  title: string;
  message: string;
  color: (typeof ALERT_COLORS)[number];
  action_text: string;
  action: string;
  dismissible: boolean;
  allow_dont_show_again: boolean;
  starts_at: string;
  ends_at: string;
  tenant_id: string;
};

/** The audience choice that means every tenant (the API's null). */
export const ALL_TENANTS = '*';

/** A new alert: information, starting now, for every tenant. */
export const blankAlert = (): AlertDraft => ({
  title: '',
  message: '',
  color: 'info',
  action_text: '',
  action: '',
  dismissible: true,
  allow_dont_show_again: true,
  starts_at: toLocalInput(new Date().toISOString()),
  ends_at: '',
  tenant_id: ALL_TENANTS,
});

export const draftOf = (a: ManagedAlert): AlertDraft => ({
  title: a.title,
  message: a.message,
  color: a.color,
  action_text: a.action_text ?? '',
  action: a.action ?? '',
  dismissible: a.dismissible,
  allow_dont_show_again: a.allow_dont_show_again,
  starts_at: toLocalInput(a.starts_at),
  ends_at: toLocalInput(a.ends_at),
  tenant_id: a.tenant_id ?? ALL_TENANTS,
});

/** What the editor sends: times in ISO, empty action fields and "every tenant" as null, the icon of its kind. */
export const alertBodyOf = (draft: AlertDraft): AlertBody => ({
  title: draft.title,
  message: draft.message,
  color: draft.color,
  icon: draft.color,
  action_text: draft.action_text.trim() || null,
  action: draft.action.trim() || null,
  dismissible: draft.dismissible,
  allow_dont_show_again: draft.allow_dont_show_again,
  // An empty start fails the schema's check, which the editor shows as "Choose when the alert starts".
  starts_at: fromLocalInput(draft.starts_at) ?? '',
  ends_at: fromLocalInput(draft.ends_at),
  tenant_id: draft.tenant_id === ALL_TENANTS ? null : draft.tenant_id,
});
