// The account forms' rules and words, without zod: the sign-in form (in the first load of every
// portal page) validates with these alone (sign-in-resolvers.ts); schema.ts builds zod schemas on them.

/** Email is valid if it matches this; otherwise 'invalid email'. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;

// The fixed wording customers see for these checks.
export const messages = {
  invalidEmail: "invalid email",
  passwordRequired: "password required",
  passwordHelp: "Passwords must be at least 6 characters",
  namesAndPasswordRequired: "first name, last name, and password required",
  accountAndCodeRequired: "account number and security code required",
  emailUsed: 'This email is already in use (use "reset password" if this is your email).',
  firstName: "First name is required",
  lastName: "Last name is required",
  address: "Address is required",
  city: "City is required",
  state: "State is required",
  zip: "ZIP code is required",
  accountNumberFormat: "Account numbers are 6 or 7 digits.",
  codeFormat: "Security codes are 4 digits.",
  passwordsDiffer: "The passwords don't match.",
};
