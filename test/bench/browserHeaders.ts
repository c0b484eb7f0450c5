// What Chromium sends with the SPA's fetch to the API (besides the token): the benches that compare the portal with a
// bare server send these, so the portal pays what it pays for a real browser (the anti-forgery cookie rides on every
// request, GETs included) and the bare server gets the same request.
export const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' } as const;

/** The anti-forgery cookie a browser holds after its first answer. */
export const XSRF_COOKIE_HEADER = 'XSRF-TOKEN=Sx3Jb1a9m5Qe0yC7rT2vN8kW4pH6uL0d';
