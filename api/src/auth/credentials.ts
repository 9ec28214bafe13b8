import { z } from 'zod';

/** Registration and login rules (SPEC leaves them open; decided in docs/auth.md). */
export const USERNAME_RULE = 'Username must be 3-32 characters: letters, digits, _ or -';
export const PASSWORD_RULE = 'Password must be 8-128 characters';

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, USERNAME_RULE);

export const registerSchema = z.object(
  {
    username,
    password: z.string({ error: 'Password is required' }).min(8, PASSWORD_RULE).max(128, PASSWORD_RULE),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Email is too long')
      .pipe(z.email({ error: 'Email is not a valid address' }))
      .nullish()
      .or(z.literal('').transform(() => null)),
  },
  { error: 'Expected a JSON object with username and password' },
);

export const loginSchema = z.object(
  {
    username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64, 'Invalid username or password'),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Invalid username or password'),
  },
  { error: 'Expected a JSON object with username and password' },
);

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
