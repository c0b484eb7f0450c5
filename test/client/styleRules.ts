// Which of emotion's style rules reach jsdom's document in this test file (see setup.ts): by default only those that
// hide an element or take its pointer events; a file that asserts on a computed style keeps every rule.
let every = false;

/** Call at the top of a test file that reads computed styles (toHaveStyle, getComputedStyle). */
export function keepEveryStyleRule(): void {
  every = true;
}

export function keepsEveryStyleRule(): boolean {
  return every;
}
