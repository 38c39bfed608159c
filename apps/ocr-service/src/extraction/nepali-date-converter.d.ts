// The package ships these types (index.d.ts) but its "exports" map does not name them, so
// TypeScript's NodeNext resolution cannot find them: the slice bikram-sambat.ts uses.
declare module '@remotemerge/nepali-date-converter' {
  interface CalendarDay {
    year: number;
    month: number;
    date: number;
    day: string;
  }
  /** A date `YYYY-MM-DD` of either calendar; the constructor throws outside 1975–2099 BS. */
  export default class DateConverter {
    constructor(dateInput: string);
    /** The input read as Bikram Sambat, in the common era. */
    toAd(): CalendarDay;
    /** The input read as the common era, in Bikram Sambat. */
    toBs(): CalendarDay;
  }
}
