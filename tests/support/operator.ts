/**
 * The back-office operator the e2e server is started with (playwright.config.ts creates it with
 * scripts/create-operator.mjs before the server opens the database). Test credentials for a throwaway database only.
 */
export const E2E_OPERATOR = {
  email: "operator@e2e.test",
  password: "e2e-operator-password",
} as const;
