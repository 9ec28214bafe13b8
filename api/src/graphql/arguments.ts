/** GraphQL passes omitted optional arguments and input fields as undefined or null; services read both as absent. */
export function withoutNulls<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
