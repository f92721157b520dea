/**
 * Who may do what (issue #13, G1): for every route of the OpenAPI document, the status each actor
 * gets on each kind of object the route addresses. authorization-matrix.test.ts calls every cell
 * against a real database; a route added without rows here fails that test.
 *
 * Actors: anonymous (no session); regular (Rita); manager (Mike); admin (Ada); other_admin
 * (Gail, admin of another company); support (the support account, not impersonating);
 * impersonating (the support account acting as Raj, a regular user).
 *
 * Objects, seen from the user the actor acts as (anonymous: Rita):
 * - own: made by that user;
 * - private: a colleague's, not shared with them;
 * - shared: a colleague's, shared with them (for the company's own objects, such as triggers,
 *   qualification signals and invitations, any colleague's);
 * - other: another company's;
 * - none: the route addresses no object of its own (a collection, a search, one's own profile).
 * "-": that object cannot exist for the actor (a regular user makes no value hypothesis; the
 * support account's company has no one else in it).
 *
 * Workspace rows are about the workspace and the list made in it: list routes address that list,
 * and "POST …/items" puts that list into a workspace of the actor's own (the list takeover).
 * "POST /api/triggers" addresses the hypothesis the new trigger is tied to; user rows address the
 * person named in the path or body. "PATCH /api/me" changes the theme: support acting as a member
 * may not change the member's own theme or language (issue #17), hence 403 while impersonating.
 */
export const ACTORS = ['anonymous', 'regular', 'manager', 'admin', 'other_admin', 'support', 'impersonating'] as const;
export type Actor = (typeof ACTORS)[number];
export const OBJECT_KINDS = ['none', 'own', 'private', 'shared', 'other'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];
export type Expected = number | '-';
export type MatrixRow = { route: string; object: ObjectKind; expected: Record<Actor, Expected> };

// biome-ignore format: the table is aligned by hand
const MATRIX = `
method path                                                  object  anonymous regular manager admin other_admin support impersonating
GET    /api/health                                           none    200       200     200     200   200         200     200

POST   /api/session/login                                    none    200       200     200     200   200         200     200
POST   /api/session/logout                                   none    200       200     200     200   200         200     200
POST   /api/session/forgot-password                          none    200       200     200     200   200         200     200
POST   /api/session/reset-password                           none    400       400     400     400   400         400     400
POST   /api/session/reset-password/check                     none    200       200     200     200   200         200     200
GET    /api/session/token                                    none    401       200     200     200   200         200     200

GET    /api/me                                               none    401       200     200     200   200         200     200
PATCH  /api/me                                               none    401       200     200     200   200         200     403

GET    /api/users                                            none    401       200     200     200   200         200     200
POST   /api/users/by-ids                                     own     401       200     200     200   200         200     200
POST   /api/users/by-ids                                     private 401       200     200     200   200         -       200
POST   /api/users/by-ids                                     other   401       200     200     200   200         200     200

GET    /api/support/users                                    none    401       403     403     403   403         200     200
GET    /api/support/users/{uid}                              own     401       403     403     403   403         200     200
GET    /api/support/users/{uid}                              private 401       403     403     403   403         -       200
GET    /api/support/users/{uid}                              other   401       403     403     403   403         200     200
POST   /api/support/impersonation                            own     401       403     403     403   403         400     409
POST   /api/support/impersonation                            private 401       403     403     403   403         -       409
POST   /api/support/impersonation                            other   401       403     403     403   403         200     409
DELETE /api/support/impersonation                            none    401       403     403     403   403         409     200

GET    /api/alerts                                           none    401       200     200     200   200         200     200

GET    /api/support/alerts                                   none    401       403     403     403   403         200     403
POST   /api/support/alerts                                   none    401       403     403     403   403         201     403
PUT    /api/support/alerts/{alertId}                         none    401       403     403     403   403         200     403
DELETE /api/support/alerts/{alertId}                         none    401       403     403     403   403         204     403

POST   /AnalyticsRelay                                       none    401       200     200     200   200         200     200

GET    /api/reporting                                        none    401       403     200     200   200         403     403

GET    /api/accounts/search                                  none    401       200     200     200   200         200     200
GET    /api/contacts/search                                  none    401       200     200     200   200         200     200
GET    /api/accounts/{masterAccountId}                       none    401       200     200     200   200         200     200
PUT    /api/accounts/{masterAccountId}/favorite              none    401       200     200     200   200         200     200
GET    /api/accounts/{masterAccountId}/comments              none    401       200     200     200   200         200     200
POST   /api/accounts/{masterAccountId}/comments              none    401       200     200     200   200         200     200
PATCH  /api/accounts/{masterAccountId}/comments/{commentId}   own     401       200     200     200   200         200     200
PATCH  /api/accounts/{masterAccountId}/comments/{commentId}   shared  401       403     403     403   403         -       403
PATCH  /api/accounts/{masterAccountId}/comments/{commentId}   other   401       404     404     404   404         404     404
DELETE /api/accounts/{masterAccountId}/comments/{commentId}   own     401       200     200     200   200         200     200
DELETE /api/accounts/{masterAccountId}/comments/{commentId}   shared  401       403     403     403   403         -       403
DELETE /api/accounts/{masterAccountId}/comments/{commentId}   other   401       404     404     404   404         404     404

GET    /api/territory                                        none    401       200     200     200   200         200     200
POST   /api/territory                                        none    401       200     200     200   200         200     200
DELETE /api/territory                                        none    401       200     200     200   200         200     200

GET    /api/filters                                          none    401       200     200     200   200         200     200
GET    /api/filters/values/{field}                           none    401       200     200     200   200         200     200
POST   /api/filters                                          none    401       201     201     201   201         201     201
GET    /api/filters/{filterId}                               own     401       200     200     200   200         200     200
GET    /api/filters/{filterId}                               private 401       404     404     404   404         -       404
GET    /api/filters/{filterId}                               shared  401       200     200     200   200         -       200
GET    /api/filters/{filterId}                               other   401       404     404     404   404         404     404
PATCH  /api/filters/{filterId}                               own     401       200     200     200   200         200     200
PATCH  /api/filters/{filterId}                               private 401       404     404     404   404         -       404
PATCH  /api/filters/{filterId}                               shared  401       403     403     403   403         -       403
PATCH  /api/filters/{filterId}                               other   401       404     404     404   404         404     404
DELETE /api/filters/{filterId}                               own     401       204     204     204   204         204     204
DELETE /api/filters/{filterId}                               private 401       404     404     404   404         -       404
DELETE /api/filters/{filterId}                               shared  401       403     403     403   403         -       403
DELETE /api/filters/{filterId}                               other   401       404     404     404   404         404     404

POST   /api/accounts/query                                   none    401       200     200     200   200         200     200
POST   /api/accounts/query/ids                               none    401       200     200     200   200         200     200

POST   /api/users/{uid}/territory/query                      own     401       200     200     200   200         200     200
POST   /api/users/{uid}/territory/query                      private 401       200     200     200   200         -       200
POST   /api/users/{uid}/territory/query                      other   401       404     404     404   404         404     404

GET    /api/workspaces/owned                                 none    401       200     200     200   200         200     200
GET    /api/workspaces/shared                                none    401       200     200     200   200         200     200
POST   /api/workspaces                                       none    401       201     201     201   201         201     201
GET    /api/workspaces/{workspaceId}                         own     401       200     200     200   200         200     200
GET    /api/workspaces/{workspaceId}                         private 401       404     404     404   404         -       404
GET    /api/workspaces/{workspaceId}                         shared  401       200     200     200   200         -       200
GET    /api/workspaces/{workspaceId}                         other   401       404     404     404   404         404     404
PATCH  /api/workspaces/{workspaceId}                         own     401       200     200     200   200         200     200
PATCH  /api/workspaces/{workspaceId}                         private 401       404     404     404   404         -       404
PATCH  /api/workspaces/{workspaceId}                         shared  401       403     403     403   403         -       403
PATCH  /api/workspaces/{workspaceId}                         other   401       404     404     404   404         404     404
DELETE /api/workspaces/{workspaceId}                         own     401       204     204     204   204         204     204
DELETE /api/workspaces/{workspaceId}                         private 401       404     404     404   404         -       404
DELETE /api/workspaces/{workspaceId}                         shared  401       403     403     403   403         -       403
DELETE /api/workspaces/{workspaceId}                         other   401       404     404     404   404         404     404
POST   /api/workspaces/{workspaceId}/shared-users            own     401       200     200     200   200         400     200
POST   /api/workspaces/{workspaceId}/shared-users            private 401       404     404     404   404         -       404
POST   /api/workspaces/{workspaceId}/shared-users            shared  401       403     403     403   403         -       403
POST   /api/workspaces/{workspaceId}/shared-users            other   401       404     404     404   404         404     404
POST   /api/workspaces/{workspaceId}/shared-users/remove     own     401       200     200     200   200         200     200
POST   /api/workspaces/{workspaceId}/shared-users/remove     private 401       404     404     404   404         -       404
POST   /api/workspaces/{workspaceId}/shared-users/remove     shared  401       200     200     200   200         -       200
POST   /api/workspaces/{workspaceId}/shared-users/remove     other   401       404     404     404   404         404     404
PUT    /api/workspaces/{workspaceId}/items                   own     401       200     200     200   200         200     200
PUT    /api/workspaces/{workspaceId}/items                   private 401       404     404     404   404         -       404
PUT    /api/workspaces/{workspaceId}/items                   shared  401       403     403     403   403         -       403
PUT    /api/workspaces/{workspaceId}/items                   other   401       404     404     404   404         404     404
POST   /api/workspaces/{workspaceId}/items                   own     401       200     200     200   200         200     200
POST   /api/workspaces/{workspaceId}/items                   private 401       400     400     400   400         -       400
POST   /api/workspaces/{workspaceId}/items                   shared  401       400     400     400   400         -       400
POST   /api/workspaces/{workspaceId}/items                   other   401       400     400     400   400         400     400
POST   /api/workspaces/{workspaceId}/items/remove            own     401       200     200     200   200         200     200
POST   /api/workspaces/{workspaceId}/items/remove            private 401       404     404     404   404         -       404
POST   /api/workspaces/{workspaceId}/items/remove            shared  401       403     403     403   403         -       403
POST   /api/workspaces/{workspaceId}/items/remove            other   401       404     404     404   404         404     404
POST   /api/workspaces/{workspaceId}/viewed                  own     401       200     200     200   200         200     200
POST   /api/workspaces/{workspaceId}/viewed                  private 401       404     404     404   404         -       404
POST   /api/workspaces/{workspaceId}/viewed                  shared  401       200     200     200   200         -       200
POST   /api/workspaces/{workspaceId}/viewed                  other   401       404     404     404   404         404     404
POST   /api/workspaces/{workspaceId}/lists                   own     401       201     201     201   201         201     201
POST   /api/workspaces/{workspaceId}/lists                   private 401       404     404     404   404         -       404
POST   /api/workspaces/{workspaceId}/lists                   shared  401       201     201     201   201         -       201
POST   /api/workspaces/{workspaceId}/lists                   other   401       404     404     404   404         404     404

GET    /api/lists                                            none    401       200     200     200   200         200     200
GET    /api/lists/{listId}                                   own     401       200     200     200   200         200     200
GET    /api/lists/{listId}                                   private 401       404     404     404   404         -       404
GET    /api/lists/{listId}                                   shared  401       200     200     200   200         -       200
GET    /api/lists/{listId}                                   other   401       404     404     404   404         404     404
PATCH  /api/lists/{listId}                                   own     401       200     200     200   200         200     200
PATCH  /api/lists/{listId}                                   private 401       404     404     404   404         -       404
PATCH  /api/lists/{listId}                                   shared  401       403     403     403   403         -       403
PATCH  /api/lists/{listId}                                   other   401       404     404     404   404         404     404
DELETE /api/lists/{listId}                                   own     401       204     204     204   204         204     204
DELETE /api/lists/{listId}                                   private 401       404     404     404   404         -       404
DELETE /api/lists/{listId}                                   shared  401       403     403     403   403         -       403
DELETE /api/lists/{listId}                                   other   401       404     404     404   404         404     404
GET    /api/lists/{listId}/members                           own     401       200     200     200   200         200     200
GET    /api/lists/{listId}/members                           private 401       404     404     404   404         -       404
GET    /api/lists/{listId}/members                           shared  401       200     200     200   200         -       200
GET    /api/lists/{listId}/members                           other   401       404     404     404   404         404     404
POST   /api/lists/{listId}/members                           own     401       200     200     200   200         200     200
POST   /api/lists/{listId}/members                           private 401       404     404     404   404         -       404
POST   /api/lists/{listId}/members                           shared  401       200     200     200   200         -       200
POST   /api/lists/{listId}/members                           other   401       404     404     404   404         404     404
POST   /api/lists/{listId}/members/remove                    own     401       200     200     200   200         200     200
POST   /api/lists/{listId}/members/remove                    private 401       404     404     404   404         -       404
POST   /api/lists/{listId}/members/remove                    shared  401       200     200     200   200         -       200
POST   /api/lists/{listId}/members/remove                    other   401       404     404     404   404         404     404

GET    /api/organization/members                             none    401       403     200     200   200         403     403
PUT    /api/organization/members/{uid}/roles                 own     401       403     403     200   200         403     403
PUT    /api/organization/members/{uid}/roles                 private 401       403     403     200   200         -       403
PUT    /api/organization/members/{uid}/roles                 other   401       403     403     404   404         403     403
GET    /api/organization/invitations                         none    401       403     200     200   200         403     403
POST   /api/organization/invitations                         none    401       403     403     201   201         403     403
DELETE /api/organization/invitations/{id}                    own     -         -       -       204   204         -       -
DELETE /api/organization/invitations/{id}                    shared  -         -       403     -     -           -       -
DELETE /api/organization/invitations/{id}                    other   401       403     403     404   404         403     403

GET    /api/invitations/{token}                              none    200       200     200     200   200         200     200
POST   /api/invitations/accept                               none    200       200     200     200   200         200     200

GET    /api/value-hypotheses                                 none    401       200     200     200   200         200     200
POST   /api/value-hypotheses                                 none    401       403     201     201   201         403     403
GET    /api/value-hypotheses/{id}                            own     -         -       200     200   200         -       -
GET    /api/value-hypotheses/{id}                            private 401       404     404     404   404         -       404
GET    /api/value-hypotheses/{id}                            shared  401       200     200     200   200         -       200
GET    /api/value-hypotheses/{id}                            other   401       404     404     404   404         404     404
PATCH  /api/value-hypotheses/{id}                            own     -         -       200     200   200         -       -
PATCH  /api/value-hypotheses/{id}                            private 401       403     404     404   404         -       403
PATCH  /api/value-hypotheses/{id}                            shared  401       403     200     200   200         -       403
PATCH  /api/value-hypotheses/{id}                            other   401       403     404     404   404         403     403
DELETE /api/value-hypotheses/{id}                            own     -         -       204     204   204         -       -
DELETE /api/value-hypotheses/{id}                            private 401       403     404     404   404         -       403
DELETE /api/value-hypotheses/{id}                            shared  401       403     204     204   204         -       403
DELETE /api/value-hypotheses/{id}                            other   401       403     404     404   404         403     403

GET    /api/triggers                                         none    401       200     200     200   200         200     200
POST   /api/triggers                                         own     -         -       201     201   201         -       -
POST   /api/triggers                                         private 401       403     400     400   400         -       403
POST   /api/triggers                                         shared  401       403     201     201   201         -       403
POST   /api/triggers                                         other   401       403     400     400   400         403     403
GET    /api/triggers/{id}                                    own     -         -       200     200   200         -       -
GET    /api/triggers/{id}                                    shared  401       200     200     200   200         -       200
GET    /api/triggers/{id}                                    other   401       404     404     404   404         404     404
PATCH  /api/triggers/{id}                                    own     -         -       200     200   200         -       -
PATCH  /api/triggers/{id}                                    shared  401       403     200     200   200         -       403
PATCH  /api/triggers/{id}                                    other   401       403     404     404   404         403     403
DELETE /api/triggers/{id}                                    own     -         -       204     204   204         -       -
DELETE /api/triggers/{id}                                    shared  401       403     204     204   204         -       403
DELETE /api/triggers/{id}                                    other   401       403     404     404   404         403     403

GET    /api/qualification-signals                            none    401       200     200     200   200         200     200
POST   /api/qualification-signals                            none    401       403     201     201   201         403     403
PATCH  /api/qualification-signals/{id}                       own     -         -       200     200   200         -       -
PATCH  /api/qualification-signals/{id}                       shared  401       403     200     200   200         -       403
PATCH  /api/qualification-signals/{id}                       other   401       403     404     404   404         403     403
DELETE /api/qualification-signals/{id}                       own     -         -       204     204   204         -       -
DELETE /api/qualification-signals/{id}                       shared  401       403     204     204   204         -       403
DELETE /api/qualification-signals/{id}                       other   401       403     404     404   404         403     403

GET    /api/target-titles                                    none    401       200     200     200   200         200     200
PUT    /api/target-titles                                    none    401       403     200     200   200         403     403

GET    /api/value-matches                                    none    401       200     200     200   200         200     200
GET    /api/value-matches/status                             none    401       200     200     200   200         200     200
GET    /api/value-matches/industries                         none    401       200     200     200   200         200     200
GET    /api/value-matches/{masterAccountId}                  none    401       200     200     200   200         200     200
POST   /api/value-matches/{masterAccountId}/assignment       own     401       200     200     200   200         200     200
POST   /api/value-matches/{masterAccountId}/assignment       private 401       403     200     200   200         -       403
POST   /api/value-matches/{masterAccountId}/assignment       other   401       400     400     400   400         400     400
DELETE /api/value-matches/{masterAccountId}/assignment/{uid} own     401       200     200     200   200         200     200
DELETE /api/value-matches/{masterAccountId}/assignment/{uid} private 401       403     200     200   200         -       403
DELETE /api/value-matches/{masterAccountId}/assignment/{uid} other   401       404     404     404   404         404     404
GET    /api/value-matches/trigger-stats                      none    401       403     200     200   200         403     403
POST   /api/value-matches/{masterAccountId}/marks            none    401       403     200     200   200         403     403
DELETE /api/value-matches/{masterAccountId}/marks/{hitId}    none    401       403     200     200   200         403     403

GET    /api/flows                                            none    401       200     200     200   200         200     200
POST   /api/flows                                            none    401       201     201     201   201         201     201
GET    /api/flows/{flowId}                                   own     401       200     200     200   200         200     200
GET    /api/flows/{flowId}                                   private 401       404     200     200   200         -       404
GET    /api/flows/{flowId}                                   other   401       404     404     404   404         404     404
DELETE /api/flows/{flowId}                                   own     401       204     204     204   204         204     204
DELETE /api/flows/{flowId}                                   private 401       404     204     204   204         -       404
DELETE /api/flows/{flowId}                                   other   401       404     404     404   404         404     404
PATCH  /api/flows/{flowId}/messages/{messageId}              own     401       200     200     200   200         200     200
PATCH  /api/flows/{flowId}/messages/{messageId}              private 401       404     200     200   200         -       404
PATCH  /api/flows/{flowId}/messages/{messageId}              other   401       404     404     404   404         404     404
DELETE /api/flows/{flowId}/messages/{messageId}              own     401       204     204     204   204         204     204
DELETE /api/flows/{flowId}/messages/{messageId}              private 401       404     204     204   204         -       404
DELETE /api/flows/{flowId}/messages/{messageId}              other   401       404     404     404   404         404     404
POST   /api/flows/{flowId}/messages/{messageId}/regenerate   own     401       200     200     200   200         200     200
POST   /api/flows/{flowId}/messages/{messageId}/regenerate   private 401       404     200     200   200         -       404
POST   /api/flows/{flowId}/messages/{messageId}/regenerate   other   401       404     404     404   404         404     404
POST   /api/flows/{flowId}/approve-all                       own     401       200     200     200   200         200     200
POST   /api/flows/{flowId}/approve-all                       private 401       404     200     200   200         -       404
POST   /api/flows/{flowId}/approve-all                       other   401       404     404     404   404         404     404
POST   /api/flows/{flowId}/retry                             own     401       200     200     200   200         200     200
POST   /api/flows/{flowId}/retry                             private 401       404     200     200   200         -       404
POST   /api/flows/{flowId}/retry                             other   401       404     404     404   404         404     404
POST   /api/flows/{flowId}/send                              own     401       200     200     200   200         200     200
POST   /api/flows/{flowId}/send                              private 401       404     200     200   200         -       404
POST   /api/flows/{flowId}/send                              other   401       404     404     404   404         404     404
GET    /api/flows/{flowId}/download                          own     401       200     200     200   200         200     200
GET    /api/flows/{flowId}/download                          private 401       404     200     200   200         -       404
GET    /api/flows/{flowId}/download                          other   401       404     404     404   404         404     404

GET    /api/uploads                                          none    401       200     200     200   200         200     200
POST   /api/uploads                                          none    401       201     201     201   201         201     201
GET    /api/uploads/{uploadId}                               own     401       200     200     200   200         200     200
GET    /api/uploads/{uploadId}                               private 401       404     200     200   200         -       404
GET    /api/uploads/{uploadId}                               other   401       404     404     404   404         404     404
POST   /api/uploads/{uploadId}/cancel                        own     401       409     409     409   409         409     409
POST   /api/uploads/{uploadId}/cancel                        private 401       404     409     409   409         -       404
POST   /api/uploads/{uploadId}/cancel                        other   401       404     404     404   404         404     404
GET    /api/uploads/{uploadId}/failure-lines                 own     401       200     200     200   200         200     200
GET    /api/uploads/{uploadId}/failure-lines                 private 401       404     200     200   200         -       404
GET    /api/uploads/{uploadId}/failure-lines                 other   401       404     404     404   404         404     404
GET    /api/uploads/{uploadId}/failures                      own     401       200     200     200   200         200     200
GET    /api/uploads/{uploadId}/failures                      private 401       404     200     200   200         -       404
GET    /api/uploads/{uploadId}/failures                      other   401       404     404     404   404         404     404

GET    /api/email-preferences                                none    401       200     200     200   200         200     200
PUT    /api/email-preferences/{scope}                        none    401       403     403     200   200         403     403

GET    /api/integrations                                     none    401       200     200     200   200         200     200
PUT    /api/integrations/{type}                              none    401       403     403     200   200         403     403
POST   /api/integrations/{type}/check                        none    401       403     403     404   404         403     403
DELETE /api/integrations/{type}                              none    401       403     403     404   404         403     403
GET    /api/integrations/{type}/custom-fields                none    401       403     403     404   404         403     403
PUT    /api/integrations/{type}/field-mappings               none    401       403     403     404   404         403     403
GET    /api/integrations/{type}/sequences                    none    401       404     404     404   404         404     404
GET    /api/integrations/{type}/mailboxes                    none    401       404     404     404   404         404     404
GET    /api/integrations/connector-jwks                      none    200       200     200     200   200         200     200
POST   /api/integrations/{type}/oauth                        none    401       403     403     200   200         403     403
GET    /api/integrations/{type}/oauth/callback               none    401       403     403     400   400         403     403
POST   /HydraJwtGenerator                                    own     401       200     200     200   200         200     200
POST   /HydraJwtGenerator                                    private 401       403     403     403   403         -       403
POST   /HydraJwtGenerator                                    other   401       403     403     403   403         403     403
GET    /api/signal-sources                                   none    401       403     403     200   200         403     403
POST   /api/signal-sources                                   none    401       403     403     201   201         403     403
PATCH  /api/signal-sources/{sourceId}                        own     -         -       -       200   200         -       -
PATCH  /api/signal-sources/{sourceId}                        shared  -         -       403     -     -           -       -
PATCH  /api/signal-sources/{sourceId}                        other   401       403     403     404   404         403     403
DELETE /api/signal-sources/{sourceId}                        own     -         -       -       204   204         -       -
DELETE /api/signal-sources/{sourceId}                        shared  -         -       403     -     -           -       -
DELETE /api/signal-sources/{sourceId}                        other   401       403     403     404   404         403     403
POST   /api/signal-sources/discover                          none    401       403     403     200   200         403     403
POST   /api/signal-sources/sweep                             none    401       403     403     202   202         403     403
POST   /api/signal-sources/discover-all                      none    401       403     403     202   202         403     403
`;

export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The table as rows; throws on a malformed line, so a typo fails loudly instead of skipping a row. */
export function parseMatrix(text: string = MATRIX): MatrixRow[] {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return lines.slice(1).map((line) => {
    const [method, path, object, ...cells] = line.split(/\s+/);
    if (!method || !path || !OBJECT_KINDS.includes(object as ObjectKind) || cells.length !== ACTORS.length) {
      throw new Error(`authorization matrix: malformed row "${line}"`);
    }
    const expected = Object.fromEntries(
      ACTORS.map((actor, i) => {
        const cell = cells[i] as string;
        if (cell !== '-' && !/^[1-5]\d\d$/.test(cell)) throw new Error(`authorization matrix: bad status in "${line}"`);
        return [actor, cell === '-' ? '-' : Number(cell)];
      }),
    ) as Record<Actor, Expected>;
    return { route: routeKey(method, path), object: object as ObjectKind, expected };
  });
}
