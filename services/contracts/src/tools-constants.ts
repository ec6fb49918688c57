/** The tools service's texts and limits, without zod, so the web can import them as values. */
export const PRODUCT_CREATED = 'Product created successfully';
export const PRODUCT_SAVED = 'Product saved successfully';
export const PRODUCT_DELETED = 'Product deleted successfully';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCTS_EMPTY = 'You currently do not have any existing products';
export const ADDITIONAL_FEES_LOCKED = 'Upgrade your membership to change the additional fees';
export const EARNINGS_DISCLAIMER =
  'The numbers this tool shows are estimates only, based on what you enter. They do not guarantee any earnings or results.';
/** New products get this position (and go to the top of the list). */
export const NEW_PRODUCT_POSITION = 0;
/** A person keeps at most this many products. */
export const MAX_PRODUCTS_PER_PERSON = 1000;
export const MAX_MONEY = 1_000_000;
export const MAX_UNITS = 10_000_000;
export const MAX_PROMOTION_DAYS = 365;
