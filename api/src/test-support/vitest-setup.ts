// The suite runs with the process-wide settings `npm start` applies first (main.ts).
import { releaseIdleAsyncStorage } from '../app/idle-async-storage.js';

releaseIdleAsyncStorage();
