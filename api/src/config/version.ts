/** SPEC 1: the app's version (also package.json's); the music engine ships with it. */
export const APP_VERSION = '2.0.0';
