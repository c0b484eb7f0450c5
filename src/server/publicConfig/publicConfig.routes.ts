// The deployment's public settings, for the SPA and without a session. Only PUBLIC_URL for now: the payment providers
// return the buyer there (never to the Host a request came with), so a SPA opened on another origin can send the buyer
// to it before a payment starts.
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CONFIG_PATH, type PublicConfigResponse } from '@shared/api/publicConfig';
import { preparedPerValue, PREPARED, sendPrepared } from '../http/preparedBody';
import { answer } from '../http/responses';

/** How long a browser may keep the answer: it only changes with a restart under another PUBLIC_URL. */
export const PUBLIC_CONFIG_MAX_AGE_S = 300;

export default async function publicConfigRoutes(app: FastifyInstance, opts: { publicUrl: string; scenarioRecorder?: boolean }) {
  const body: PublicConfigResponse = { publicUrl: opts.publicUrl.replace(/\/+$/, '') };
  // off unless the configuration asks for it (QA_SCENARIO_RECORDER): the answer has no scenarioRecorder at all then
  if (opts.scenarioRecorder) body.scenarioRecorder = true;
  // private: the answer may carry the anti-forgery cookie, which a shared cache must never hand to someone else
  const prepared = preparedPerValue({ cacheControl: `private, max-age=${PUBLIC_CONFIG_MAX_AGE_S}` });
  // the same object on every call: serialized (by the response schema), compressed and tagged once
  app.get(PUBLIC_CONFIG_PATH, { ...PREPARED, config: { access: 'public' }, schema: { response: { 200: answer('PublicConfigResponse') } } }, (request, reply) =>
    sendPrepared(request, reply, prepared(reply, body)),
  );
}
