/**
 * A phone number as people write one ("abc" was accepted): digits with spaces and + ( ) - . between
 * them, no letters. Zod-free, so the profile screen checks it with the same rule as the users service.
 */
export const PHONE_NUMBER_MESSAGE = 'Enter a phone number using digits, spaces and + ( ) - only';

export function isPhoneNumber(value: string): boolean {
  return /^[0-9+()\-.\s]+$/.test(value) && /[0-9]/.test(value);
}
