// What a lesson page remembers for the progress page: the lesson counts as read once its end
// (the previous/next links) has been on screen, and a quiz keeps the first answer opened for
// each question (the one a learner would have given). Small and zod-free: lesson pages stay
// light; the progress page validates whatever it reads back.
import { lessonKey, quizKey } from './keys.ts';

type Answers = Record<string, { chosen: number; correct: boolean }>;

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the lesson still reads; the progress page will not show it.
  }
}

function readAnswers(key: string): Answers {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Answers)
      : {};
  } catch {
    return {};
  }
}

export function trackLesson(slug: string, doc: Document = document): void {
  const end = doc.querySelector('.prev-next');
  if (end && 'IntersectionObserver' in window) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      write(lessonKey(slug), { read: true, at: new Date().toISOString() });
    });
    seen.observe(end);
  }
  doc.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open) return;
      const option = details.closest<HTMLElement>('.quiz-option');
      const list = option?.closest('.quiz-options');
      const question = list?.getAttribute('aria-labelledby');
      if (!option || !list || !question) return;
      const key = quizKey(slug);
      const answers = readAnswers(key);
      if (answers[question]) return;
      answers[question] = {
        chosen: [...list.children].indexOf(option),
        correct: option.dataset.correct === 'true',
      };
      write(key, answers);
    },
    // toggle does not bubble.
    { capture: true },
  );
}
