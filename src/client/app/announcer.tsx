import { useEffect, useState } from 'react';

// One polite live region for the whole app (WCAG 4.1.3, status messages): the toasts, the cart count when it changes.
// It is on the page from the start, so a screen reader already watches it when a text arrives (a live region inserted
// together with its text is often not read). Each text is a node of its own, added and removed a while later: two
// texts in a row are both read, and the same text twice is read twice.

interface Said {
  id: number;
  text: string;
}

type Listener = (text: string) => void;
let listener: Listener | null = null;
const waiting: string[] = [];
let nextId = 0;

/** How long a text stays in the region (long enough for a screen reader to get to it). */
const KEEP_MS = 7000;

/** Says `text` politely, after what the screen reader is saying now. */
export function announce(text: string): void {
  if (listener) listener(text);
  else waiting.push(text);
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** The live region; mounted once by the app's providers. */
export function Announcer() {
  const [said, setSaid] = useState<Said[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const say: Listener = (text) => {
      const id = ++nextId;
      setSaid((current) => [...current, { id, text }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setSaid((current) => current.filter((s) => s.id !== id));
      }, KEEP_MS);
      timers.add(timer);
    };
    listener = say;
    for (const text of waiting.splice(0)) say(text);
    return () => {
      for (const timer of timers) clearTimeout(timer);
      if (listener === say) listener = null;
    };
  }, []);
  return (
    // aria-live without role=status: a screen's own status region stays the page's one 'status'
    <div aria-live="polite" aria-relevant="additions" data-announcer="" style={visuallyHidden}>
      {said.map((s) => (
        <p key={s.id}>{s.text}</p>
      ))}
    </div>
  );
}
