/** The API's user validation rules, used as form constraints and hints on the register tab. */
export const USERNAME_PATTERN = '[A-Za-z0-9_\\-]{3,32}';
export const USERNAME_HINT = '3-32 characters: letters, digits, _ or -';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters`;
export const EMAIL_HINT = 'Optional, for account recovery';
