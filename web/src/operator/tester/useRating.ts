import { useCallback, useMemo, useState } from 'react';
import { useCommand } from '../shared';
import { changedPoints, singleFlight, type CheckerAnswer } from './logic';

export type RatingSent =
  | { kind: 'absolute'; value: number; liked: boolean }
  | { kind: 'change'; change: number; checked: boolean; liked: boolean };

/**
 * Sends ratings (tua absolute, tu relative); a rating is sent only when none is in flight.
 * `rate` resolves true when the server accepted it; `onRated` then gets the answer as it is now.
 */
export function useRating(onRated: (answer: CheckerAnswer) => void) {
  const send = useCommand();
  const once = useMemo(() => singleFlight(), []);
  const [busy, setBusy] = useState(false);

  const sendRating = useCallback(
    async (answer: CheckerAnswer, rating: RatingSent): Promise<boolean> => {
      const reply =
        rating.kind === 'absolute'
          ? await send('tua', { answerId: answer.id, value: rating.value, checked: true, liked: rating.liked })
          : await send('tu', {
              answerId: answer.id,
              change: rating.change,
              checked: rating.checked,
              liked: rating.liked,
            });
      if (!reply.success) return false;
      const points = rating.kind === 'absolute' ? rating.value : changedPoints(answer.points, rating.change);
      onRated({ ...answer, points, checked: rating.kind === 'absolute' ? true : rating.checked, liked: rating.liked });
      return true;
    },
    [send, onRated],
  );

  const rate = useCallback(
    async (answer: CheckerAnswer, rating: RatingSent): Promise<boolean> => {
      const sent = await once(async () => {
        setBusy(true);
        try {
          return await sendRating(answer, rating);
        } finally {
          setBusy(false);
        }
      });
      return sent === true;
    },
    [once, sendRating],
  );

  return { rate, busy };
}
