/** Ends a sentence after a name without doubling its own full stop ("Demo Water Co." stays as is). */
export function withStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
