// Where one exercise's progress is kept, on its own: the status badges of lesson and home
// pages need the key without the validator in progress.ts.

/** The localStorage key of one exercise (also what a `storage` event from another tab names). */
export const progressKey = (id: string) => `mcpw:exercise:${id}`;
