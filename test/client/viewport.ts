// A screen width for the media queries MUI asks in jsdom (which has no layout): `(max-width:599.95px)` for
// breakpoints.down('sm'), `(min-width:…)` for up(). Every client test that draws the phone layout uses this.

/** Answers the media queries as a screen `px` wide would, until the returned function restores the previous answer. */
export function widthIs(px: number): () => void {
  const previous = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: (max ? px <= Number(max[1]) : true) && (min ? px >= Number(min[1]) : true) && Boolean(max || min),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = previous;
  };
}

/** A phone (375 px). */
export const asPhone = () => widthIs(375);
