/**
 * The two lists of /Trainings, shared by the page (routes/public/trainings.tsx) and the permalink
 * procedure (server/trpc/routers/trainingPermalink.ts), so both order and split them alike.
 */
import { previousDay } from '../dates';

export type TrainingList = 'upcoming' | 'past';

/** A list's query without its page: what is upcoming on `today` (YYYY-MM-DD, Kyiv), or past (ended before it). */
export function trainingListQuery(which: TrainingList, today: string) {
  // A training that ends today is still upcoming, so the past ones end yesterday at the latest.
  return which === 'upcoming'
    ? ({ sort: 'upcoming', range: { field: 'endDate', gte: today } } as const)
    : ({ sort: 'newest', range: { field: 'endDate', lte: previousDay(today) } } as const);
}

/** The list a training ending on `endDate` is in on `today`. */
export function trainingListOf(endDate: string, today: string): TrainingList {
  return endDate >= today ? 'upcoming' : 'past';
}
