/** react-query keys, one place, so invalidations match the queries they mean. */
export const queryKeys = {
  session: ['session'] as const,
};
