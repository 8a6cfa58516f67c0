/**
 * Periodic branch indexing of a multibranch project (cloudbees-folder's PeriodicFolderTrigger): the intervals its UI
 * offers and the cron spec it derives from an interval, both stored in the trigger.
 */
import type { IndexingInterval } from "./types";

/** The intervals the UI offers, in milliseconds (PeriodicFolderTrigger stores both the interval and a cron spec). */
export const INDEXING_INTERVALS: Readonly<Record<IndexingInterval, number>> = {
  "1m": 60_000,
  "2m": 120_000,
  "5m": 300_000,
  "10m": 600_000,
  "15m": 900_000,
  "20m": 1_200_000,
  "25m": 1_500_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "2h": 7_200_000,
  "4h": 14_400_000,
  "8h": 28_800_000,
  "12h": 43_200_000,
  "1d": 86_400_000,
  "2d": 172_800_000,
  "7d": 604_800_000,
  "14d": 1_209_600_000,
  "28d": 2_419_200_000,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The cron spec PeriodicFolderTrigger derives from its interval: it wakes often enough to honour it. */
export function indexingCron(millis: number): string {
  if (millis <= 5 * MINUTE) return "* * * * *";
  if (millis <= 30 * MINUTE) return "H/5 * * * *";
  if (millis <= HOUR) return "H/15 * * * *";
  if (millis <= 8 * HOUR) return "H/30 * * * *";
  if (millis <= DAY) return "H H/4 * * *";
  if (millis <= 2 * DAY) return "H H/12 * * *";
  return "H H * * *";
}
