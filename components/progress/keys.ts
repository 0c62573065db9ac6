// The localStorage keys of everything a learner's progress is made of, in one place: the
// workbench's per-exercise key (progress-key.ts), and the marks lessons leave (read, quiz).
import { progressKey } from '../workbench/progress-key.ts';

export const EXERCISE_PREFIX = progressKey('');
export const LESSON_PREFIX = 'mcpw:lesson:';
export const QUIZ_PREFIX = 'mcpw:quiz:';

export const lessonKey = (slug: string) => `${LESSON_PREFIX}${slug}`;
export const quizKey = (slug: string) => `${QUIZ_PREFIX}${slug}`;
