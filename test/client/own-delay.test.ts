/** How late the process is in running what is due (own-delay.ts), as the adaptive gate reads it at an answer. */
import { OwnDelay } from "../../provider/client/own-delay";

const busy = (ms: number): void => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // the process is busy
  }
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test("nothing held: no lateness", () => {
  const d = new OwnDelay();
  busy(50);
  expect(d.lateness()).toBe(0);
});

test("a busy spell that ends now is the lateness now", () => {
  const d = new OwnDelay(10);
  d.hold();
  busy(150);
  expect(d.lateness()).toBeGreaterThanOrEqual(130);
  d.release();
});

test("a busy spell long over is no lateness: the answer heard later waited for nothing", async () => {
  const d = new OwnDelay(10);
  d.hold();
  busy(400);
  await sleep(60);
  // Far less than the spell (a loaded machine may run the timer a little late).
  expect(d.lateness()).toBeLessThan(200);
  d.release();
  expect(d.lateness()).toBe(0);
});
