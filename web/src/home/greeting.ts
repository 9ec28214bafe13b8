/** "Good morning" from 05:00, "Good afternoon" from 12:00, "Good evening" from 18:00 until 05:00. */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}
