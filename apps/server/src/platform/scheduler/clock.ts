/** What the scheduler asks for the time: the system clock in the server, a clock the test moves in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that stands still until told to move (tests). */
export class ManualClock {
  private current: Date;

  constructor(start: Date | string) {
    this.current = new Date(start);
  }

  readonly now: Clock = () => new Date(this.current);

  set(at: Date | string): void {
    this.current = new Date(at);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
