/**
 * With `TEST_CLOCK` (an ISO date and time, e.g. 2026-11-25T23:59:00-03:00), every test file
 * starts at that moment and its clock runs on from there: `Date` and `Date.now()` are shifted,
 * and PGlite, which reads the time through them, follows. It lets the suite be run at the hours
 * where date arithmetic breaks (just after midnight, just before it, past noon in Argentina)
 * without waiting for them; `TZ` sets the time zone beside it. A setup file of every project.
 */
const target = process.env.TEST_CLOCK;

if (target) {
  const targetTime = Date.parse(target);
  if (Number.isNaN(targetTime)) throw new Error(`TEST_CLOCK is not a date and time: ${target}`);
  const RealDate = Date;
  const offset = targetTime - RealDate.now();

  class ShiftedDate extends RealDate {
    constructor(...parts: ConstructorParameters<DateConstructor> | []) {
      if (parts.length === 0) super(RealDate.now() + offset);
      else super(...(parts));
    }

    static override now(): number {
      return RealDate.now() + offset;
    }
  }

  globalThis.Date = ShiftedDate as DateConstructor;
}
