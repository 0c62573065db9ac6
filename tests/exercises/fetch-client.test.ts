// fetch-client: the starter fails its checks and the solution passes them. Add fixtures of mistaken
// and of differently written correct submissions under fixtures/fetch-client/, each failing with
// the check, message, hint and frame meant for it, as the other exercises' tests do.
import { exerciseSuite, type Mistake } from './suite.ts';

const EX = 'fetch-client';

// { name: 'forgot-the-newline', check: 'one-message-per-line', says: '…', frame: 0 }
const mistakes: Mistake[] = [];

// Folders of correct submissions written differently from the solution.
const correct: string[] = [];

// For each check a mistake fails: text its hint must contain.
const hints: Record<string, string> = {};

exerciseSuite({ exercise: EX, writes: 'submission', hints, mistakes, correct });
