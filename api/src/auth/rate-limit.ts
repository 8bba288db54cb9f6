import { type GuessAttempt, reserveGuess, type Throttle } from "./throttle.ts";

// Sign-in limits (docs/decisions/0011-throttles.md). Every attempt reserves a unit of three limits
// *before* the password is verified (throttle.ts), so a burst of concurrent attempts cannot all be
// checked before any is counted:
// - 5 per 15 minutes for one account from one address: the tight limit against guessing;
// - 50 per hour for one account from all addresses together: a slower limit against guessing from
//   many addresses, high enough that one attacker's address cannot lock the owner out;
// - 30 per 15 minutes from one address, over all accounts: against trying many accounts.
// A successful sign-in gives its own units back (a success is not a failure) and clears the
// (account, address) count; it never clears the address count or the account's global count, so an
// attacker signing in to their own account gains nothing.

const MINUTE = 60_000;
export const LOGIN_LIMITS = {
  accountAddress: { limit: 5, windowMs: 15 * MINUTE },
  account: { limit: 50, windowMs: 60 * MINUTE },
  address: { limit: 30, windowMs: 15 * MINUTE },
};

export const loginAccountKey = (branchId: string, email: string) => `login:account:${branchId}:${email.toLowerCase()}`;
export const loginAccountAddressKey = (branchId: string, email: string, ip: string) =>
  `login:account-ip:${branchId}:${email.toLowerCase()}:${ip}`;
export const loginAddressKey = (ip: string) => `login:ip:${ip}`;

export type LoginAttempt = GuessAttempt;

/** Reserves one sign-in attempt, or returns null when a limit is reached (nothing is counted then). */
export function reserveLoginAttempt(
  throttle: Throttle,
  branchId: string,
  email: string,
  ip: string,
): Promise<LoginAttempt | null> {
  return reserveGuess(throttle, {
    accountAddress: { key: loginAccountAddressKey(branchId, email, ip), ...LOGIN_LIMITS.accountAddress },
    account: { key: loginAccountKey(branchId, email), ...LOGIN_LIMITS.account },
    address: { key: loginAddressKey(ip), ...LOGIN_LIMITS.address },
  });
}

/**
 * A password reset lifts the lock on the account: its global count and its count from the address that
 * reset it (locks from other addresses run out with their window).
 */
export async function liftLoginLock(throttle: Throttle, branchId: string, email: string, ip: string) {
  await Promise.all([
    throttle.clear(loginAccountKey(branchId, email), LOGIN_LIMITS.account.windowMs),
    throttle.clear(loginAccountAddressKey(branchId, email, ip), LOGIN_LIMITS.accountAddress.windowMs),
  ]);
}
