/**
 * An operation's variables as a cache key: their JSON, or null when it is longer than `maxChars` or
 * cannot be written (variables nested deeper than the stack, which the JSON body parser accepts).
 */
export function variablesKey(variables: Record<string, unknown> | null | undefined, maxChars: number): string | null {
  if (!variables) return '';
  let key: string;
  try {
    key = JSON.stringify(variables);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  return key.length <= maxChars ? key : null;
}
