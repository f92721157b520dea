import { z } from 'zod';

/** A colleague whose territory (My Accounts) holds an account. */
export const accountHolderSchema = z.object({
  uid: z.string(),
  display_name: z.string(),
});
export type AccountHolder = z.output<typeof accountHolderSchema>;

/** "Assign": whose territory the account goes to; the caller's own uid for "Assign to me". */
export const assignAccountBodySchema = z.strictObject({
  uid: z.string().trim().min(1).max(200),
});
export type AssignAccountBody = z.input<typeof assignAccountBodySchema>;

/** What assigning and removing both answer: the account, whose territory changed, and who holds it now. */
const assignmentChangeSchema = z.object({
  master_account_id: z.string(),
  assignee: accountHolderSchema,
  held_by: z.array(accountHolderSchema),
});

/**
 * The answer to an assignment. `added` is false when the account was already in the assignee's
 * territory (not an error); `held_by` is everyone in the tenant who holds it afterwards.
 */
export const accountAssignmentSchema = assignmentChangeSchema.extend({ added: z.boolean() });
export type AccountAssignment = z.output<typeof accountAssignmentSchema>;

/**
 * The answer to removing an assignment. `removed` is false when the account was not in that
 * user's territory (not an error: the call is idempotent); `held_by` is who holds it afterwards.
 */
export const accountUnassignmentSchema = assignmentChangeSchema.extend({ removed: z.boolean() });
export type AccountUnassignment = z.output<typeof accountUnassignmentSchema>;
