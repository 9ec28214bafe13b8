/** The text to show for a caught error (an Error's message, else the value as text). */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
