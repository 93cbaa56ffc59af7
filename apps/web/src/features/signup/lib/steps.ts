/**
 * A patient's sign-up has three pages: who they are (1), their email address (2), their account (3, /create-account).
 * Each says which it is of how many (issue 32, finding 17: it said "Step 2 of 2", then showed a third).
 */
export const SIGN_UP_STEPS = 3;
