/** The success envelope of most JSON operations: `{data, status: 200}` (SPEC 1). */
export const ok = <T>(data: T) => ({ data, status: 200 as const });
