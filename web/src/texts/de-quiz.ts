import { de, type Texts } from './de';

/** The special German quiz locale (a primary locale ending in "quiz" hides the email popup and field). */
export const deQuiz: Texts = {
  ...de,
  locale: 'de-quiz',
};
