/** US dollars: cents for everyday sums, more digits for the tiny per-song costs. */
export const formatMoney = (dollars: number): string => `$${dollars >= 1 || dollars === 0 ? dollars.toFixed(2) : dollars.toFixed(4)}`;
