import { call, put, select } from 'redux-saga/effects';
import type { PublicConfigResponse } from '@shared/api/publicConfig';
import { toApiError } from '../api/http';
import { fetchPublicConfig } from '../api/publicConfig';
import { publicConfigLoaded, selectPublicUrl, wrongOriginDetected, type WrongOriginNotice } from './publicOriginSlice';
import { callWithTimeout } from './sagaUtils';

// WebPay and Khipu send the buyer back to PUBLIC_URL. A SPA opened on another origin (an internal host name, an IP)
// would lose its session on the way back (session storage is per origin), so a card or transfer payment starts only
// from the public origin; elsewhere the buyer gets a notice with a link to the same page there.

/** Where the browser is; a function so sagas `call` it and tests provide it. */
export function currentLocation(): { origin: string; pathname: string; search: string } {
  const { origin, pathname, search } = window.location;
  return { origin, pathname, search };
}

/** The origin of a URL, or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The notice for a page at `here` when the public address is `publicUrl`; null when they are the same origin. */
export function wrongOriginNotice(here: ReturnType<typeof currentLocation>, publicUrl: string): WrongOriginNotice | null {
  const publicOrigin = originOf(publicUrl);
  if (!publicOrigin || publicOrigin === here.origin) return null;
  return { here: here.origin, publicOrigin, link: `${publicOrigin}${here.pathname}${here.search}` };
}

/**
 * Whether a card or transfer payment may start from here. PUBLIC_URL is read once (then kept in the store). If the
 * server cannot tell it (an older server, no answer), the payment is not held back: the check guards against a
 * misconfigured address, it is not what makes a payment safe.
 */
export function* ensurePublicOrigin() {
  let publicUrl: string | null = yield select(selectPublicUrl);
  if (!publicUrl) {
    try {
      const config: PublicConfigResponse = yield call(callWithTimeout, fetchPublicConfig);
      publicUrl = typeof config?.publicUrl === 'string' ? config.publicUrl : null;
    } catch (error) {
      yield call([console, console.warn], '[payments] public-config not available', toApiError(error).message);
      return true;
    }
    if (!publicUrl) return true;
    yield put(publicConfigLoaded(publicUrl));
  }
  const here: ReturnType<typeof currentLocation> = yield call(currentLocation);
  const notice = wrongOriginNotice(here, publicUrl);
  if (!notice) return true;
  yield put(wrongOriginDetected(notice));
  return false;
}
