/** Who is asking: resolved from the session on every request, never from the request body. */
export type RequestContext = {
  uid: string;
  tenantId: string;
  email: string;
  isAdmin: boolean;
  isManager: boolean;
  isSupport: boolean;
  sessionId: string;
};
