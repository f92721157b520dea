/** Business constants from spec section 9, defined once and imported everywhere. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;
export const ANALYTICS_MAX_EVENT_AGE_MS = 48 * 60 * 60 * 1000;
export const ANALYTICS_QUEUE_CAP = 1000;
/** A relay batch above either limit is refused whole with 413. */
export const ANALYTICS_BATCH_MAX_EVENTS = 500;
export const ANALYTICS_BATCH_MAX_BYTES = 1024 * 1024;

/** One day in milliseconds, for date arithmetic in UTC. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const BATCH_PAGE_SIZE = 30;
export const BACKEND_TIMEOUT_MS = 30_000;

export const SNACKBAR_DEFAULT_MS = 4000;
export const CREATION_SNACK_MS = 2000;
export const TOAST_DEFAULT_MS = 5000;
export const UPDATING_FLAG_DELAY_MS = 250;
export const DIALOG_CLEAR_DELAY_MS = 500;
export const TOOLTIP_DELAY_MS = 500;
export const TOOLTIP_MAX_WIDTH = '27em';
export const CONFIRM_DIALOG_WIDTH = '25rem';
export const CREATE_DIALOG_MAX_WIDTH = 500;
export const USER_MENU_WIDTH = '14rem';
export const USER_MENU_MAX_HEIGHT = '20rem';
export const ALERT_BAR_HEIGHT = 40;
export const NAV_CARD_WIDTH_COLLAPSED = '3.7rem';
export const NAV_CARD_WIDTH_EXPANDED = '15rem';
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_AUTOCOMPLETE_PAGE_SIZE = 10;
/** People shown by the search dialog under the accounts (issue #17). */
export const PEOPLE_SEARCH_PAGE_SIZE = 10;
export const SEARCH_BLUR_DELAY_MS = 200;
export const SEARCH_DIALOG_WIDTH = '30rem';
export const TERRITORY_SELECTION_CAP = 1000;
/** Spec section 5: fewer than TERRITORY_SELECTION_CAP accounts go into My Accounts at a time, from an upload too. */
export const TERRITORY_UPLOAD_CAP = TERRITORY_SELECTION_CAP - 1;
export const FLOWS_HIDDEN_AFTER_DAYS = 30;
export const QUALIFICATION_SIGNAL_MAX = 100;
export const QUALIFICATION_EXPLANATION_MAX = 150;

/** Sign-in lockout: this many failures for one email within the window lock it. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Longest free-text field the API accepts unless a field says otherwise. */
export const MAX_TEXT_LENGTH = 2000;
export const MAX_NAME_LENGTH = 120;

/** Service accounts never appear in people pickers (spec section 5). */
export const SERVICE_ACCOUNT_FRAGMENTS = ['admin@', 'quarry-service@'] as const;

export const PROVIDER_NAME = 'Quarry';

/**
 * The embedded integration connector's vendor, as its storage keys and cookies are named (its token
 * comes from /HydraJwtGenerator). Clearing the integration token removes whatever carries it.
 */
export const CONNECTOR_VENDOR_NAME = 'hydra';

/** Spec section 9: the integration token is reused until fewer than this many seconds remain. */
export const INTEGRATION_TOKEN_REFRESH_SECONDS = 300;
/** Spec section 9: a token without exp is taken to expire this long after it was issued. */
export const INTEGRATION_TOKEN_DEFAULT_EXPIRY_SECONDS = 3600;
/** Spec section 9: the browser keeps the connection list this long (connector response cache). */
export const CONNECTOR_RESPONSE_CACHE_MS = 5000;
/** Spec section 9: connector OAuth polling every 3 s, for at most 60 s. */
export const CONNECTOR_OAUTH_POLL_MS = 3000;
export const CONNECTOR_OAUTH_POLL_MAX_MS = 60_000;

export const STORAGE_KEYS = {
  theme: 'theme_preference',
  language: 'quarry_language',
  hiddenAlerts: 'quarry_hidden_alerts',
  lastLoginDate: 'quarry_last_login_date',
  authState: 'quarry_auth_state',
  analyticsQueue: 'quarry_analytics_queue',
  workspaceNav: 'quarry_workspace_nav',
} as const;

/** Alert HTML allow-list, the same on the server (sanitize-html) and in the browser (DOMPurify). */
export const ALERT_ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'a', 'br', 'span', 'code'] as const;
export const ALERT_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;
